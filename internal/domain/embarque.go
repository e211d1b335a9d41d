package domain

import (
	"fmt"
	"strings"
	"time"
)

// Boarding messages (operaciones §8, backoffice §8).
const (
	MsgPasajeNoEncontrado = "Pasaje no encontrado"
	MsgPasajeYaEmbarcado  = "El pasaje ya fue utilizado para embarcar"
	MsgPasajeCancelado    = "El pasaje está cancelado y no puede embarcar"
	MsgEmbarqueValidado   = "Embarque validado exitosamente"
	MsgCodigoVacio        = "Ingresa el código del pasaje"
	MsgEmbarqueDeshecho   = "Embarque deshecho: el pasaje vuelve a estar pendiente"
	MsgPasajeNoEmbarcado  = "El pasaje no está embarcado: no hay embarque que deshacer"
	MsgPasajeCambioEstado = "El pasaje cambió de estado: intente nuevamente"
)

// MensajePasajeOtraFecha refuses to board, unless confirmed, a ticket whose
// travel date (YYYY-MM-DD) is not today: "Pasaje para el 28/11/2026 — ¿embarcar igual?".
func MensajePasajeOtraFecha(fechaViaje string) string {
	return fmt.Sprintf("Pasaje para el %s — ¿embarcar igual?", FechaAR(fechaViaje))
}

// PlazoDeshacerEmbarque is how long after a boarding the crew member who
// validated it may undo it (a wrong tap on the passenger list's Validar).
const PlazoDeshacerEmbarque = 2 * time.Minute

// MsgPlazoDeshacerVencido refuses an undo asked for after PlazoDeshacerEmbarque.
var MsgPlazoDeshacerVencido = fmt.Sprintf("Pasaron más de %d minutos desde el embarque: ya no se puede deshacer",
	int(PlazoDeshacerEmbarque/time.Minute))

// EmbarqueHecho is what the undo rule needs to know of a ticket's boarding.
type EmbarqueHecho struct {
	Estado        string
	ValidadorID   int64  // who boarded it (0 when it has not boarded)
	ValidadoPor   string // their name, for the refusal
	FechaEmbarque time.Time
}

// PuedeDeshacerEmbarque tells why usuarioID may not undo the boarding e at
// now: the ticket must have boarded, by the same user, at most
// PlazoDeshacerEmbarque ago. Nil when the undo is allowed.
func PuedeDeshacerEmbarque(e EmbarqueHecho, usuarioID int64, now time.Time) error {
	switch {
	case e.Estado != PasajeUsado:
		return Conflict(MsgPasajeNoEmbarcado)
	case e.ValidadorID != usuarioID:
		return Forbidden(fmt.Sprintf("Este embarque lo validó %s: solo quien lo validó puede deshacerlo", e.ValidadoPor))
	case e.FechaEmbarque.Before(InicioPlazoDeshacer(now)):
		return Conflict(MsgPlazoDeshacerVencido)
	}
	return nil
}

// InicioPlazoDeshacer is the earliest boarding time that may still be undone at now.
func InicioPlazoDeshacer(now time.Time) time.Time {
	return now.Add(-PlazoDeshacerEmbarque)
}

// CodigoIngresado tells how a typed or scanned code should be looked up: a
// signed QR code, or a ticket number typed by hand from a damaged QR.
type CodigoIngresado struct {
	QR *CodigoQR // set when the code is a QR code (signature not yet checked)
	// Offline: the QR code is of a ticket sold offline (MUELLE2, signed by a device).
	Offline bool
	Numero  string // set when the code is a ticket number (as NumeroPasajeEscrito reads it)
	Crudo   string // the trimmed code
}

// LeerCodigoIngresado classifies a code; an empty code is refused.
func LeerCodigoIngresado(codigo string) (CodigoIngresado, error) {
	c := CodigoIngresado{Crudo: strings.TrimSpace(codigo)}
	if c.Crudo == "" {
		return c, Invalid(MsgCodigoVacio)
	}
	if EsCodigoOffline(c.Crudo) {
		o, _, err := LeerCodigoOffline(c.Crudo)
		if err != nil {
			return c, NotFound(MsgPasajeNoEncontrado)
		}
		c.QR, c.Offline = &CodigoQR{EmpresaID: o.EmpresaID, NumeroPasaje: o.NumeroPasaje, FechaViaje: o.FechaViaje}, true
		return c, nil
	}
	if strings.HasPrefix(c.Crudo, prefijoQR) {
		qr, err := LeerCodigoQR(c.Crudo)
		if err != nil {
			return c, NotFound(MsgPasajeNoEncontrado)
		}
		c.QR = &qr
		return c, nil
	}
	c.Numero = NumeroPasajeEscrito(c.Crudo)
	return c, nil
}

// Porcentaje is part of total as a rounded percentage (0 when total is 0).
func Porcentaje(part, total int64) int64 {
	if total <= 0 {
		return 0
	}
	return (part*100 + total/2) / total
}
