package domain

import (
	"fmt"
	"slices"
	"strings"
)

// A payment method's behaviour follows its tipo, one of a closed list, never
// its name (docs/features/venta-diferida.md, "A payment method's behaviour by
// its tipo"): whether it goes into the cash drawer, is counted at the close,
// is confirmed outside (the sale completes later) or is sold offline.
const (
	// TipoEfectivo: cash, into the drawer.
	TipoEfectivo = "efectivo"
	// TipoTarjeta: debit and credit, confirmed by the card terminal at the counter.
	TipoTarjeta = "tarjeta"
	// TipoTransferencia: a bank transfer the seller sees arrive.
	TipoTransferencia = "transferencia"
	// TipoMercadoPagoQR: Mercado Pago's integrated QR, confirmed by the provider (issue 43).
	TipoMercadoPagoQR = "mercadopago_qr"
	// TipoOtro: anything else, recorded as the company sets it.
	TipoOtro = "otro"
)

// TipoMedioPago is one kind of payment method and its Spanish label.
type TipoMedioPago struct {
	Tipo     string
	Etiqueta string
}

// TiposMedioPago is the closed list of kinds, in the order screens offer them.
var TiposMedioPago = []TipoMedioPago{
	{TipoEfectivo, "Efectivo"},
	{TipoTarjeta, "Tarjeta (débito o crédito)"},
	{TipoTransferencia, "Transferencia"},
	{TipoMercadoPagoQR, "Mercado Pago QR"},
	{TipoOtro, "Otro"},
}

// Messages of a payment method's kind.
const (
	// MsgTipoMedioPago refuses a kind outside TiposMedioPago.
	MsgTipoMedioPago = "El tipo de medio de pago no es válido"
	// MsgTipoConMovimientos refuses changing the kind of a method that has
	// register movements: what past registers and reports say would change.
	MsgTipoConMovimientos = "El tipo de un medio de pago con movimientos no puede cambiarse: cree un medio nuevo"
)

// MsgCobroConQR refuses a sale at the counter (or offline) by a method whose
// payment is confirmed outside (ConfirmacionExterna), named nombre.
func MsgCobroConQR(nombre string) string {
	return fmt.Sprintf("El medio de pago «%s» se cobra con el QR de Mercado Pago: use Cobrar con QR", nombre)
}

// EsEfectivo reports whether a payment method of this kind goes into the
// cash drawer: its movements make the expected cash and its refunds leave
// the drawer.
func EsEfectivo(tipo string) bool { return tipo == TipoEfectivo }

// ConfirmacionExterna reports whether a payment method of this kind is
// confirmed outside Muelle (Mercado Pago's QR): its sale completes later, as
// a pending order, never at the counter nor offline.
func ConfirmacionExterna(tipo string) bool { return tipo == TipoMercadoPagoQR }

// EsTipoMedioPago says tipo is one of TiposMedioPago.
func EsTipoMedioPago(tipo string) bool {
	return slices.ContainsFunc(TiposMedioPago, func(t TipoMedioPago) bool { return t.Tipo == tipo })
}

// TipoMedioPagoPorNombre is the kind the name rule used before tipo existed
// gives a method, as migration 00059 filled it: "efectivo" → efectivo;
// "débito", "crédito" or "tarjeta" → tarjeta; "transferencia" →
// transferencia; anything else (a 'Mercado Pago' checked on the phone
// included) → otro. It is the kind of a method created without one.
func TipoMedioPagoPorNombre(nombre string) string {
	n := strings.ToLower(nombre)
	contiene := func(palabras ...string) bool {
		return slices.ContainsFunc(palabras, func(p string) bool { return strings.Contains(n, p) })
	}
	switch {
	case contiene("efectivo"):
		return TipoEfectivo
	case contiene("débito", "debito", "crédito", "credito", "tarjeta"):
		return TipoTarjeta
	case contiene("transferencia"):
		return TipoTransferencia
	}
	return TipoOtro
}
