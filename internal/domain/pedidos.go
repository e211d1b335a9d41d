package domain

import (
	"fmt"
	"time"
)

// A sale that completes later (docs/features/venta-diferida.md): an order
// holds a sale by a method that needs an outside confirmation until it is
// paid (completado), or released (vencido, cancelado).

// States of a pending order.
const (
	PedidoPendiente  = "pendiente"
	PedidoCompletado = "completado"
	PedidoVencido    = "vencido"
	PedidoCancelado  = "cancelado"
)

// EsperaOrdenMP is how long a Mercado Pago QR order waits for the payment;
// GraciaPedido is how much longer Muelle's order holds the seats, so that a
// payment made in the last seconds is still learned in time.
const (
	EsperaOrdenMP = 10 * time.Minute
	GraciaPedido  = 2 * time.Minute
)

// VencePedido is when an order created at creado stops holding its seats.
func VencePedido(creado time.Time) time.Time { return creado.Add(EsperaOrdenMP + GraciaPedido) }

// Refusals and answers of the orders.
const (
	MsgPedidoNoEncontrado = "Cobro no encontrado"
	MsgPedidoMedioNoQR    = "El medio de pago «%s» no se cobra con QR: registre la venta directamente"
	MsgPedidoSinCajaMP    = "Su usuario no tiene caja en Mercado Pago: pida al administrador que la cree en Configuración → Mercado Pago"
	MsgPedidoConBeneficio = "Un beneficio de puntos no puede cobrarse con QR: cobre esa venta con otro medio de pago"
	MsgCobroPendiente     = "Hay un cobro pendiente: espere la confirmación o cancélelo"
	MsgPedidoCreado       = "Esperando el pago…"
	MsgPedidoCancelado    = "Cobro cancelado"
	MsgPedidoYaPagado     = "El pasajero ya había pagado: la venta se completó"
	MsgPedidoNoPendiente  = "Este cobro ya no está pendiente"
	MsgPedidoNoSeCreo     = "Mercado Pago no pudo crear el cobro"
	MsgPedidoNoSeCancelo  = "No se pudo cancelar el cobro en Mercado Pago (intente otra vez)"
	MsgPedidoVencido      = "El cobro venció sin pago"
	MsgPedidoCerradoMP    = "Mercado Pago cerró el cobro sin pago (cancelado o rechazado): cobre otra vez"
	TituloPagoDevuelto    = "Pago devuelto"
	MsgReactivarCobroQR   = "Un pasaje cobrado con Mercado Pago QR se devolvió por Mercado Pago al cancelarlo: para que viaje, véndalo de nuevo"
)

// MensajePagoDevuelto is the supervisors' alert for a payment that could
// not complete its order and was refunded: why, the amount and the order.
func MensajePagoDevuelto(motivo string, monto Centavos, pedidoID int64, vendedor string) string {
	return fmt.Sprintf("%s: se devolvió %s (cobro #%d de %s)", motivo, monto, pedidoID, vendedor)
}

// Reasons of a refunded payment.
const (
	MotivoPagoFueraDeTermino = "Pago recibido fuera de término"
	MotivoPagoMontoDistinto  = "Pago por un monto distinto del cobro"
)
