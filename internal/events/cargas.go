package events

import (
	"encoding/json"
	"time"

	"muelle/internal/domain"
)

// The payloads of the events, next to their names: what a client receives as
// the datos of each event (the OpenAPI document declares them as the schema
// Eventos, and web/src/api/types.gen.ts as TypeScript). Like every event's
// payload they name no customer (no name, document or phone): a client reads
// the records by their ids.

// EventoPasaje is the payload of pasajeCreado, pasajeValidado,
// pasajeValidacionDeshecha, pasajeCancelado and pasajeReactivado: one ticket.
type EventoPasaje struct {
	PasajeID     int64  `json:"pasaje_id"`
	NumeroPasaje string `json:"numero_pasaje"`
	FechaViaje   string `json:"fecha_viaje"`
	UsuarioID    int64  `json:"usuario_id"`
}

// EventoVenta is the payload of nuevaVenta, one per sale (operaciones §3:
// codigo, precio): the first ticket's number, the sale's total, how many
// tickets, their ids and who sold them.
type EventoVenta struct {
	Codigo    string          `json:"codigo"`
	Precio    domain.Centavos `json:"precio"`
	Cantidad  int             `json:"cantidad"`
	PasajeIDs []int64         `json:"pasaje_ids"`
	UsuarioID int64           `json:"usuario_id"`
	Usuario   string          `json:"usuario"`
}

// EventoCaja is the payload of cajaAbierta, cajaCerrada and movimientoCaja
// (MovimientoID only for the latter; the close summary only for cajaCerrada:
// operaciones §3 montoFinal, total_ventas, diferencia).
type EventoCaja struct {
	CajaID       int64            `json:"caja_id"`
	UsuarioID    int64            `json:"usuario_id"`
	Usuario      string           `json:"usuario,omitempty"`
	MovimientoID int64            `json:"movimiento_id,omitempty"`
	MontoFinal   *domain.Centavos `json:"montoFinal,omitempty"`
	TotalVentas  *domain.Centavos `json:"total_ventas,omitempty"`
	Diferencia   *domain.Centavos `json:"diferencia,omitempty"`
}

// EventoConfig is the payload of configActualizada: which table changed.
type EventoConfig struct {
	Tabla string `json:"tabla" enum:"secciones,tipos_viaje,medios_pago,precios,clientes,empresas,empresa_configuraciones,configuracion_email,configuracion_sistema,whatsapp_configuracion,embarcaciones,horarios,salidas,paradas,puntos_configuracion,puntos_beneficios,empresa_facturacion"`
}

// EventoAlerta is the payload of alertaSistema.
type EventoAlerta struct {
	Tipo    string `json:"tipo" enum:"diferencia_caja,cierre_pendiente,cierre_aprobado,whatsapp_desconectado,conflicto_offline,sobreventa,pago_devuelto,conciliacion_mp"`
	Titulo  string `json:"titulo"`
	Mensaje string `json:"mensaje"`
}

// EventoPedido is the payload of pedidoCompletado and pedidoLiberado.
type EventoPedido struct {
	PedidoID int64  `json:"pedido_id"`
	Estado   string `json:"estado" enum:"pendiente,completado,vencido,cancelado"`
}

// EventoUsuario is the payload of usuarioConectado and usuarioDesconectado;
// rol is the user's role, built-in or custom.
type EventoUsuario struct {
	UsuarioID int64  `json:"usuario_id"`
	Usuario   string `json:"usuario"`
	Rol       string `json:"rol"`
}

// EventoWhatsApp is the payload of whatsappStatus: a company's new WhatsApp
// state, with the QR code to scan (a PNG data URL) while qr_ready.
type EventoWhatsApp struct {
	EmpresaID int64  `json:"empresa_id"`
	Status    string `json:"status" enum:"connected,connecting,disconnected,qr_ready,not_initialized"`
	QRCode    string `json:"qrCode,omitempty"`
}

// EventoNotificacion is the payload of the notificacion event, sent to the
// notification's user only (operaciones §7: tipo, titulo, mensaje, datos,
// timestamp).
type EventoNotificacion struct {
	ID        int64           `json:"id"`
	Tipo      string          `json:"tipo" enum:"venta,caja_abierta,caja_cerrada,embarque,whatsapp,alerta,info"`
	Titulo    string          `json:"titulo"`
	Mensaje   string          `json:"mensaje"`
	Datos     json.RawMessage `json:"datos"`
	Timestamp time.Time       `json:"timestamp"`
	Leida     bool            `json:"leida"`
}

// Carga is an event a client receives, with a value of its payload's type.
type Carga struct {
	Nombre string
	Datos  any
}

// Cargas are the events clients receive, each with its payload's type
// (SesionRevocada is the instances' own and never reaches a client).
var Cargas = []Carga{
	{PasajeCreado, EventoPasaje{}},
	{NuevaVenta, EventoVenta{}},
	{PasajeValidado, EventoPasaje{}},
	{PasajeValidacionDeshecha, EventoPasaje{}},
	{PasajeCancelado, EventoPasaje{}},
	{PasajeReactivado, EventoPasaje{}},
	{CajaAbierta, EventoCaja{}},
	{CajaCerrada, EventoCaja{}},
	{MovimientoCaja, EventoCaja{}},
	{ConfigActualizada, EventoConfig{}},
	{Notificacion, EventoNotificacion{}},
	{AlertaSistema, EventoAlerta{}},
	{UsuarioConectado, EventoUsuario{}},
	{UsuarioDesconectado, EventoUsuario{}},
	{WhatsAppStatus, EventoWhatsApp{}},
	{PedidoCompletado, EventoPedido{}},
	{PedidoLiberado, EventoPedido{}},
}
