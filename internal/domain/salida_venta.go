package domain

import (
	"fmt"
	"strings"
)

// Selling a departure (issue 40 item 2; docs/features/salidas.md, "Venta de
// una salida"): a ticket may be sold for one of its day's departures, whose
// boat then bounds the seats sold for it besides the day's seats.

// SalidaVendible is a departure as a sale reads it.
type SalidaVendible struct {
	ID        int64
	SeccionID int64
	Sentido   string
	Fecha     string
	Hora      string
	Estado    string
	// Capacidad is its boat's certified capacity (0: no boat yet, no limit of its own).
	Capacidad int64
	Vendidos  int64
	// Embarcacion is its boat's name ("": none yet); ParadaEmbarque the stop
	// it leaves from (the route's first, or its last for a 'vuelta').
	Embarcacion    string
	ParadaEmbarque string
}

// DelPasaje is the departure as its tickets print it and carry it in their QR code.
func (s SalidaVendible) DelPasaje() SalidaPasaje {
	return SalidaPasaje{SalidaID: s.ID, Hora: s.Hora, Embarcacion: s.Embarcacion, ParadaEmbarque: s.ParadaEmbarque}
}

// Messages of a sale for a departure.
const (
	MsgSalidaOtraSeccion = "La salida elegida es de otra sección: elija una salida de la sección del pasaje"
	MsgSalidaOtroDia     = "La salida elegida es de otro día: elija una salida de la fecha de viaje"
)

// ValidarSalidaVenta refuses a sale of section seccionID for fecha into the
// departure s: another section or day (400), or a departure that sailed or
// was cancelled (409, as boarding refuses it).
func ValidarSalidaVenta(s SalidaVendible, seccionID int64, fecha string) error {
	switch {
	case s.SeccionID != seccionID:
		return Invalid(MsgSalidaOtraSeccion)
	case s.Fecha != fecha:
		return Invalid(MsgSalidaOtroDia)
	case s.Estado == SalidaZarpo || s.Estado == SalidaCancelada:
		return Conflict(MsgSalidaNoEmbarca(s.Hora, s.Estado))
	}
	return nil
}

// CupoSalida is the seats of the departure s: limited by its boat's capacity
// when it has one.
func CupoSalida(s SalidaVendible) Cupo {
	c := Cupo{Origen: OrigenCupoSalida, Vendidos: s.Vendidos, Salidas: 1}
	if s.Capacidad > 0 {
		c.Limitado, c.Capacidad, c.Quedan = true, s.Capacidad, s.Capacidad-s.Vendidos
	}
	return c
}

// MsgSinLugaresSalida is the refusal of a sale past a departure's seats.
func MsgSinLugaresSalida(hora string, quedan int64) string {
	return fmt.Sprintf("No quedan lugares en la salida de las %s (quedan %d). Requiere confirmación de un supervisor.",
		hora, max(quedan, 0))
}

// SinLugaresSalida is the 409 of a sale of n tickets past the seats of the
// departure s, with the same data as the day's (RechazoSobreventa), so that
// the counter asks for the same confirmation.
func SinLugaresSalida(s SalidaVendible, n int64) *Error {
	c := CupoSalida(s)
	return &Error{Kind: KindConflict, Message: MsgSinLugaresSalida(s.Hora, c.Quedan),
		Data: RechazoSobreventa{Cupo: c, Solicitados: n, Exceso: c.Exceso(n)}}
}

// Cancelling a departure with its passengers (issue 40 item 5): each ticket
// sold for it is moved to another departure of its section, direction and
// day, or cancelled and refunded; the passengers are told.
const (
	MsgDestinoMismaSalida = "Elija otra salida para los pasajeros: no la que se cancela"
	MsgDestinoOtraSalida  = "La salida de destino debe ser de la misma sección, sentido y día que la cancelada"
	AsuntoSalidaCancelada = "Salida cancelada"
)

// MsgCancelarConABordo refuses cancelling a departure with passengers on board.
func MsgCancelarConABordo(n int64) string {
	if n == 1 {
		return "Hay 1 pasajero a bordo: desembárquelo antes de cancelar la salida"
	}
	return fmt.Sprintf("Hay %d pasajeros a bordo: desembárquelos antes de cancelar la salida", n)
}

// MsgSalidaConVendidos refuses the plain cancellation of a departure that
// sold tickets: they must be moved or refunded with it.
func MsgSalidaConVendidos(n int) string {
	return fmt.Sprintf("La salida tiene %s vendidos: cancélela con sus pasajeros (moverlos a otra salida o reembolsarlos)",
		CantidadPasajes(n))
}

// MsgDestinoSinLugar refuses moving n passengers to a departure with quedan seats.
func MsgDestinoSinLugar(hora string, quedan int64, n int) string {
	return fmt.Sprintf("La salida de las %s tiene %d lugares libres: no alcanzan para %s", hora, max(quedan, 0),
		CantidadPasajes(n))
}

// TextoSalidaCancelada is the notice to a passenger whose departure was
// cancelled: what happened to its tickets (numeros), moved to the departure
// at horaDestino ("": refunded, total the amount).
func TextoSalidaCancelada(cliente, empresa, seccion, fecha, hora, motivo string, numeros []string, horaDestino string,
	total Centavos) string {
	saludo := "Hola"
	if cliente != "" && cliente != ClienteAnonimo {
		saludo += " " + cliente
	}
	texto := fmt.Sprintf("%s: %s canceló la salida de las %s del %s (%s)", saludo, empresa, hora, FechaAR(fecha), seccion)
	if motivo != "" {
		texto += ". Motivo: " + motivo
	}
	pasajes := "Su pasaje " + numeros[0]
	if len(numeros) > 1 {
		pasajes = "Sus pasajes " + strings.Join(numeros, ", ")
	}
	if horaDestino != "" {
		return fmt.Sprintf("%s. %s viaja en la salida de las %s del mismo día, con el mismo código.", texto, pasajes, horaDestino)
	}
	return fmt.Sprintf("%s. %s quedó anulado y se le devuelven %s: por el mismo medio de pago o en la boletería.",
		texto, pasajes, total)
}

// MsgSalidaCanceladaConPasajeros is the answer of a departure cancelled with
// its passengers.
func MsgSalidaCanceladaConPasajeros(movidos, reembolsados int) string {
	switch {
	case movidos > 0:
		return fmt.Sprintf("Salida cancelada: %s a otra salida", CantidadPasajes(movidos)+" movidos")
	case reembolsados > 0:
		return fmt.Sprintf("Salida cancelada: %s y reembolsados", CantidadPasajes(reembolsados)+" anulados")
	}
	return "Salida cancelada: no tenía pasajes vendidos"
}

// Messages of changing a sold ticket's departure.
const (
	MsgCambioSalidaNoActivo    = "Solo se cambia la salida de un pasaje activo: uno embarcado se mueve desde su salida"
	MsgMismaSalidaVendida      = "El pasaje ya es para esa salida"
	MsgSalidaDelPasajeCambiada = "Salida del pasaje cambiada"
)

// DetalleCambioSalida is the audit of a ticket moved from the departure at
// desde ("": sold for its day) to the one at hasta.
func DetalleCambioSalida(numero, desde, hasta string) string {
	if desde == "" {
		return fmt.Sprintf("Pasaje %s: del día a la salida de las %s", numero, hasta)
	}
	return fmt.Sprintf("Pasaje %s: de la salida de las %s a la de las %s", numero, desde, hasta)
}
