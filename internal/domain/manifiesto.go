package domain

import (
	"strings"
	"unicode/utf8"
)

// The manifest of a departure: docs/features/manifiesto.md.

// Legs of a ticket's trip: a one-way ticket boards 'ida'; a round trip boards
// once 'ida' and once 'vuelta'.
const (
	TramoIda    = "ida"
	TramoVuelta = "vuelta"
)

// NombreTramo is how a leg or a departure's direction reads: 'Ida' or 'Vuelta'.
func NombreTramo(tramo string) string {
	if tramo == TramoVuelta {
		return "Vuelta"
	}
	return "Ida"
}

// EtiquetaTramo is how a manifest row's leg reads (issue 36 item 27): the
// direction of the departure it boarded into, and, when the ticket's leg
// (tramo, the key a correction names) is the other one, which leg of the
// ticket it was: a one-way ticket (its only leg is 'ida') boarded into a
// return departure reads 'Vuelta (tramo de ida del pasaje)', never 'Ida'.
func EtiquetaTramo(tramo, sentidoSalida string) string {
	if tramo == sentidoSalida {
		return NombreTramo(tramo)
	}
	return NombreTramo(sentidoSalida) + " (tramo de " + strings.ToLower(NombreTramo(tramo)) + " del pasaje)"
}

// Actions of a manifest's correction.
const (
	CorreccionAgregar = "agregar"
	CorreccionQuitar  = "quitar"
)

// MaxMotivoCorreccion bounds a correction's reason, in characters.
const MaxMotivoCorreccion = 500

// Messages of the manifest.
const (
	MsgManifiestoNoCongelado = "El manifiesto se corrige después del zarpe; antes, corrija el embarque"
	MsgCorreccionAccion      = "La acción debe ser agregar o quitar"
	MsgCorreccionTramo       = "El tramo debe ser ida o vuelta"
	MsgCorreccionMotivo      = "Indique el motivo de la corrección (hasta 500 caracteres)"
	MsgCorreccionYaEsta      = "El pasaje ya figura en el manifiesto en ese tramo"
	MsgCorreccionNoEsta      = "El pasaje no figura en el manifiesto en ese tramo"
	MsgCorreccionRegistrada  = "Corrección del manifiesto registrada"
	MsgCorreccionNumero      = "Indique el número del pasaje"
)

// CorreccionManifiesto is what a correction asks: add or remove the leg of
// the ticket numbered NumeroPasaje, for Motivo.
type CorreccionManifiesto struct {
	Accion       string
	NumeroPasaje string
	Tramo        string
	Motivo       string
}

// NormalizarCorreccion trims a correction and checks it: a known action, a
// leg (ida when not given), a ticket number and a reason of at most
// MaxMotivoCorreccion characters.
func NormalizarCorreccion(c CorreccionManifiesto) (CorreccionManifiesto, error) {
	c.NumeroPasaje, c.Motivo = strings.TrimSpace(c.NumeroPasaje), strings.TrimSpace(c.Motivo)
	if c.Tramo == "" {
		c.Tramo = TramoIda
	}
	switch {
	case c.Accion != CorreccionAgregar && c.Accion != CorreccionQuitar:
		return c, Invalid(MsgCorreccionAccion)
	case c.Tramo != TramoIda && c.Tramo != TramoVuelta:
		return c, Invalid(MsgCorreccionTramo)
	case c.NumeroPasaje == "":
		return c, Invalid(MsgCorreccionNumero)
	case c.Motivo == "" || utf8.RuneCountInString(c.Motivo) > MaxMotivoCorreccion:
		return c, Invalid(MsgCorreccionMotivo)
	}
	return c, nil
}

// AccesoManifiesto is who reads a departure's manifest (its passengers'
// names and documents): whoever boards (the crew, supervisors, admins), not a
// seller.
var AccesoManifiesto = ConPermiso("validacion.embarque")

// AccesoCorregirManifiesto is who corrects a frozen manifest: supervisors
// and admins (AccesoPlanificarSalidas).
var AccesoCorregirManifiesto = AccesoPlanificarSalidas
