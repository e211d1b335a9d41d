package domain

import "fmt"

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
