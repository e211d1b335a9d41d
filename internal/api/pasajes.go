package api

import (
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// DatosVenta is what every sale carries: one section, travel date, payment
// method and customer.
type DatosVenta struct {
	SeccionID       int64  `json:"seccion_id"`
	FechaViaje      string `json:"fecha_viaje" maxLength:"10"`
	MedioPagoID     int64  `json:"medio_pago_id"`
	ClienteNombre   string `json:"cliente_nombre,omitempty" maxLength:"100"`
	ClienteTelefono string `json:"cliente_telefono,omitempty" maxLength:"30"`
	ClienteEmail    string `json:"cliente_email,omitempty" maxLength:"254"`
	Observaciones   string `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
}

// VenderPasajes is the body of POST /pasajes/lote: a whole sale, several lines.
type VenderPasajes struct {
	DatosVenta
	Lineas []LineaVenta `json:"lineas"`
}

// LineaVenta is a trip type and how many tickets of it (1–50).
type LineaVenta struct {
	TipoViajeID int64 `json:"tipo_viaje_id"`
	Cantidad    int   `json:"cantidad"`
}

// VenderPasaje is the body of POST /pasajes: one ticket; a precio that differs
// from the price table is refused.
type VenderPasaje struct {
	DatosVenta
	TipoViajeID int64            `json:"tipo_viaje_id"`
	Precio      *domain.Centavos `json:"precio,omitempty"`
}

// Venta is the answer of a whole sale: its tickets and their total.
type Venta struct {
	Pasajes []Pasaje        `json:"pasajes"`
	Total   domain.Centavos `json:"total"`
}

// Pasaje is a ticket as the API shows it (operaciones §3), with the spec's
// nested aliases of the customer, section, trip type and seller.
type Pasaje struct {
	ID                int64           `json:"id"`
	NumeroPasaje      string          `json:"numero_pasaje"`
	CodigoQR          string          `json:"codigo_qr"`
	FechaViaje        string          `json:"fecha_viaje"`
	FechaEmbarque     *time.Time      `json:"fecha_embarque"`
	Precio            domain.Centavos `json:"precio"`
	PrecioTotal       domain.Centavos `json:"precio_total"`
	Estado            string          `json:"estado"`
	ClienteNombre     string          `json:"cliente_nombre"`
	ClienteTelefono   string          `json:"cliente_telefono"`
	ClienteEmail      string          `json:"cliente_email"`
	SeccionID         int64           `json:"seccion_id"`
	SeccionNombre     string          `json:"seccion_nombre"`
	TipoViajeID       int64           `json:"tipo_viaje_id"`
	TipoViajeNombre   string          `json:"tipo_viaje_nombre"`
	MedioPagoID       int64           `json:"medio_pago_id"`
	MedioPagoNombre   string          `json:"medio_pago_nombre"`
	CantidadPasajeros int             `json:"cantidad_pasajeros"`
	Observaciones     string          `json:"observaciones"`
	UsuarioNombre     string          `json:"usuario_nombre"`
	CreatedAt         time.Time       `json:"created_at"`
	Cliente           ClienteRef      `json:"cliente"`
	Seccion           NombreRef       `json:"seccion"`
	TipoViaje         NombreRef       `json:"tipoViaje"`
	Usuario           UsuarioRef      `json:"usuario"`
}

// ClienteRef is the ticket's customer (the spec's cliente: {nombre, telefono}).
type ClienteRef struct {
	Nombre   string `json:"nombre"`
	Telefono string `json:"telefono"`
}

func pasajeDe(p store.Pasaje) Pasaje {
	return Pasaje{ID: p.ID, NumeroPasaje: p.NumeroPasaje, CodigoQR: p.CodigoQR, FechaViaje: p.FechaViaje,
		FechaEmbarque: p.FechaEmbarque, Precio: p.Precio, PrecioTotal: p.PrecioTotal, Estado: p.Estado,
		ClienteNombre: p.ClienteNombre, ClienteTelefono: p.ClienteTelefono, ClienteEmail: p.ClienteEmail,
		SeccionID: p.SeccionID, SeccionNombre: p.SeccionNombre, TipoViajeID: p.TipoViajeID,
		TipoViajeNombre: p.TipoViajeNombre, MedioPagoID: p.MedioPagoID, MedioPagoNombre: p.MedioPagoNombre,
		CantidadPasajeros: p.CantidadPasajeros, Observaciones: p.Observaciones, UsuarioNombre: p.UsuarioNombre,
		CreatedAt: p.CreatedAt, Cliente: ClienteRef{Nombre: p.ClienteNombre, Telefono: p.ClienteTelefono},
		Seccion: NombreRef{p.SeccionNombre}, TipoViaje: NombreRef{p.TipoViajeNombre}, Usuario: UsuarioRef{p.NombreUsuario}}
}

// venta is the store's sale of these lines.
func (d DatosVenta) venta(lineas []domain.LineaVenta) store.Venta {
	return store.Venta{SeccionID: d.SeccionID, FechaViaje: d.FechaViaje, MedioPagoID: d.MedioPagoID,
		ClienteNombre: d.ClienteNombre, ClienteTelefono: d.ClienteTelefono, ClienteEmail: d.ClienteEmail,
		Observaciones: d.Observaciones, Lineas: lineas}
}

// crearLote sells a whole sale: every ticket or none.
func (s *Server) crearLote(r *http.Request, body VenderPasajes) (createdReply[Venta], error) {
	lineas := mapRows(body.Lineas, func(l LineaVenta) domain.LineaVenta { return domain.LineaVenta(l) })
	pasajes, err := s.vender(r, body.venta(lineas))
	if err != nil {
		return createdReply[Venta]{}, err
	}
	total, err := domain.Sumar(mapRows(pasajes, func(p store.Pasaje) domain.Centavos { return p.Precio })...)
	if err != nil {
		return createdReply[Venta]{}, err
	}
	return created(Venta{Pasajes: mapRows(pasajes, pasajeDe), Total: total}, "Pasaje(s) creado(s) exitosamente"), nil
}

// crearPasaje sells one ticket; a precio that differs from the price table is refused.
func (s *Server) crearPasaje(r *http.Request, body VenderPasaje) (createdReply[Pasaje], error) {
	v := body.venta([]domain.LineaVenta{{TipoViajeID: body.TipoViajeID, Cantidad: 1}})
	v.PrecioEsperado = body.Precio
	pasajes, err := s.vender(r, v)
	if err != nil {
		return createdReply[Pasaje]{}, err
	}
	return created(pasajeDe(pasajes[0]), "Pasaje creado exitosamente"), nil
}

func (s *Server) vender(r *http.Request, v store.Venta) ([]store.Pasaje, error) {
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	return s.Store.Vender(r.Context(), a, v)
}
