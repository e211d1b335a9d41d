package domain

import (
	"fmt"
	"time"
)

// Boarding into a departure (docs/features/salidas.md, "Embarque en una salida").

// Directions of a timetable line and its departures: 'ida' is the section's
// outbound way, 'vuelta' the way back.
const (
	SentidoIda    = "ida"
	SentidoVuelta = "vuelta"
)

// NormalizarSentido is ida when empty; anything but ida or vuelta is refused.
func NormalizarSentido(s string) (string, error) {
	switch s {
	case "":
		return SentidoIda, nil
	case SentidoIda, SentidoVuelta:
		return s, nil
	}
	return s, Invalid(MsgSentidoInvalido)
}

// NombreSentido is how a direction reads.
var NombreSentido = map[string]string{SentidoIda: "Ida", SentidoVuelta: "Vuelta"}

// Messages of boarding into a departure.
const (
	MsgSalidaSinEmbarcacionAsignada = "La salida no tiene embarcación asignada"
	MsgMismaSalida                  = "El pasaje ya está en esa salida"
	MsgPasajeSinEmbarcar            = "Solo se mueve a otra salida un pasaje embarcado"
	MsgSentidoInvalido              = "El sentido debe ser ida o vuelta"
)

// MsgEmbarcacionCompleta is the refusal of a boarding into a departure whose
// boat carries its certified capacity already.
func MsgEmbarcacionCompleta(capacidad int64) string {
	return fmt.Sprintf("Embarcación completa: capacidad habilitada %d pasajeros", capacidad)
}

// MsgSalidaNoEmbarca is the refusal of a boarding into a departure that
// sailed or was cancelled.
func MsgSalidaNoEmbarca(hora, estado string) string {
	if estado == SalidaCancelada {
		return fmt.Sprintf("La salida de las %s fue cancelada: elija otra salida", hora)
	}
	return fmt.Sprintf("La salida de las %s ya zarpó: elija otra salida", hora)
}

// MsgSalidaZarpoSinCambios is the refusal of moving a passenger off a
// departure that sailed: its list is frozen.
func MsgSalidaZarpoSinCambios(hora string) string {
	return fmt.Sprintf("La salida de las %s ya zarpó: su lista de pasajeros no cambia", hora)
}

// MsgSeccionDistinta is the refusal of a ticket of one section boarding a
// departure of another.
func MsgSeccionDistinta(pasaje, salida string) string {
	return fmt.Sprintf("El pasaje es de la sección %s y la salida, de %s: elija una salida de su sección", pasaje, salida)
}

// MsgSentidoDistinto is the refusal of moving a passenger to a departure of
// the other direction.
func MsgSentidoDistinto(sentido string) string {
	return fmt.Sprintf("El pasajero viaja en una salida de %s: elija otra salida de %s", sentido, sentido)
}

// MsgExcedente is the refusal of sailing with more passengers on board than
// the boat's certified capacity (its boat was changed for a smaller one).
func MsgExcedente(n int64) string {
	if n == 1 {
		return "Hay 1 pasajero por encima de la capacidad habilitada: muévalo a otra salida antes de zarpar"
	}
	return fmt.Sprintf("Hay %d pasajeros por encima de la capacidad habilitada: muévalos a otra salida antes de zarpar", n)
}

// MsgPasajeMovido is the answer of a passenger moved to another departure.
func MsgPasajeMovido(hora string) string {
	return fmt.Sprintf("Pasajero movido a la salida de las %s", hora)
}

// Excedente is how many passengers on board exceed a boat's capacity (0
// without a boat, capacidad 0).
func Excedente(aBordo, capacidad int64) int64 {
	if capacidad == 0 || aBordo <= capacidad {
		return 0
	}
	return aBordo - capacidad
}

// VueltaHasta is the last day a round trip's return boards: the travel date
// (YYYY-MM-DD) plus dias days; nil when dias is nil (open-dated).
func VueltaHasta(fechaViaje string, dias *int64) *string {
	if dias == nil {
		return nil
	}
	t, err := time.Parse(time.DateOnly, fechaViaje)
	if err != nil {
		return nil
	}
	hasta := t.AddDate(0, 0, int(*dias)).Format(time.DateOnly)
	return &hasta
}

// Messages of round trips.
const (
	MsgFaltaIda = "Este pasaje de ida y vuelta todavía no embarcó la ida: embárquelo en una salida de ida"
)

// MsgVueltaVencida is the refusal of a round trip's return after its last day.
func MsgVueltaVencida(hasta string) string {
	return fmt.Sprintf("La vuelta de este pasaje podía embarcar hasta el %s", FechaAR(hasta))
}
