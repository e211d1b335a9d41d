package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Movement types of a ticket's cancellation and reactivation: the refund is an
// expense, the charge on reactivation an income (see EsIngreso).
const (
	MovDevolucionPasaje   = "devolucion_pasaje"
	MovReactivacionPasaje = "reactivacion_pasaje"
)

// Cancellation and reactivation messages (operaciones §4, §8).
const (
	MsgPasajeCanceladoOK    = "Pasaje cancelado exitosamente"
	MsgPasajeReactivadoOK   = "Pasaje reactivado exitosamente"
	MsgPasajeYaCancelado    = "El pasaje ya está cancelado"
	MsgPasajeYaActivo       = "El pasaje ya está activo"
	MsgPasajeUsadoNoCancela = "El pasaje ya fue utilizado para embarcar: no se puede cancelar"
	MsgPasajeUsadoNoReactiv = "El pasaje ya fue utilizado para embarcar: no se puede reactivar"
	MsgCajaParaDevolucion   = "Debes abrir una caja para registrar la devolución"
	MsgCajaParaCobro        = "Debes abrir una caja para registrar el cobro"
)

// MaxMotivo bounds the reason given for a cancellation or reactivation.
const MaxMotivo = 500

// CambioEstado is a ticket's cancellation or its reactivation: the state it
// leaves, the state it reaches, the register movement that moves its money
// and the refusal when no register is open.
type CambioEstado struct {
	Desde, Hasta string
	Movimiento   string
	SinCaja      string
	yaEnDestino  string
	usadoNoPuede string
	verbo        string
}

// Cancelacion is activo → cancelado, refunding the price.
var Cancelacion = CambioEstado{Desde: PasajeActivo, Hasta: PasajeCancelado, Movimiento: MovDevolucionPasaje,
	SinCaja: MsgCajaParaDevolucion, yaEnDestino: MsgPasajeYaCancelado,
	usadoNoPuede: MsgPasajeUsadoNoCancela, verbo: "Devolución"}

// Reactivacion is cancelado → activo, charging the price again.
var Reactivacion = CambioEstado{Desde: PasajeCancelado, Hasta: PasajeActivo, Movimiento: MovReactivacionPasaje,
	SinCaja: MsgCajaParaCobro, yaEnDestino: MsgPasajeYaActivo,
	usadoNoPuede: MsgPasajeUsadoNoReactiv, verbo: "Cobro por reactivación"}

// Permite fails with a 409 unless a ticket in estado may make this change:
// usado is final, and a ticket already in the target state is refused.
func (c CambioEstado) Permite(estado string) error {
	switch estado {
	case c.Desde:
		return nil
	case PasajeUsado:
		return Conflict(c.usadoNoPuede)
	case c.Hasta:
		return Conflict(c.yaEnDestino)
	}
	return Conflict(fmt.Sprintf("El pasaje está %s", estado))
}

// PlazoAnulacionPropia is how long after a sale its seller may cancel it
// without the permission pasajes.anular (the after-sale 'Anular esta venta').
const PlazoAnulacionPropia = 5 * time.Minute

// AnulacionPropia fails with the 403 of a missing permission unless the user
// usuarioID sold the ticket (vendedorID) at most PlazoAnulacionPropia before now.
func AnulacionPropia(usuarioID, vendedorID int64, vendido, now time.Time) error {
	if usuarioID != vendedorID || now.Before(vendido) || now.Sub(vendido) > PlazoAnulacionPropia {
		return Forbidden(MsgSinPermisos)
	}
	return nil
}

// Descripcion is the register movement's description for a ticket number.
func (c CambioEstado) Descripcion(numero string) string {
	return c.verbo + " del pasaje " + numero
}

// ValidarMotivo trims the optional reason and bounds it.
func ValidarMotivo(motivo string) (string, error) {
	motivo = strings.TrimSpace(motivo)
	if utf8.RuneCountInString(motivo) > MaxMotivo {
		return "", Invalid(fmt.Sprintf("El motivo no debe exceder %d caracteres", MaxMotivo))
	}
	return motivo, nil
}

// VeTodosLosPasajes reports whether a role sees every ticket of its company in
// the ticket list; every other role sees only the tickets it sold (backoffice §2.17).
func VeTodosLosPasajes(rol string) bool {
	switch rol {
	case RolSuperAdmin, RolAdmin, RolSupervisor:
		return true
	}
	return false
}
