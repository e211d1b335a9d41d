package domain

import (
	"fmt"
	"strings"
)

// Cash register states and movement types (operaciones §4).
const (
	CajaAbierta = "abierta"
	CajaCerrada = "cerrada"

	MovVentaPasaje  = "venta_pasaje"
	MovIngresoExtra = "ingreso_extra"
	MovEgresoGasto  = "egreso_gasto"
	// MovRetiroCaja is a partial drop of cash to the safe (retiro, sangría)
	// a supervisor authorizes: an expense of the drawer's cash.
	MovRetiroCaja = "retiro_caja"
)

// Register messages (operaciones §8 and the sale flow).
const (
	MsgCajaYaAbierta     = "Ya tienes una caja abierta"
	MsgDebeAbrirCaja     = "Debe abrir una caja antes de realizar ventas"
	MsgSinCajaAbierta    = "No tienes una caja abierta"
	MsgMontoMayorQueCero = "Debe ser un número mayor que cero"
	MsgCampoObligatorio  = "Este campo es obligatorio"
	MsgTipoMovimiento    = "El tipo de movimiento debe ser ingreso_extra o egreso_gasto"
)

// EsIngreso reports whether a movement type counts as income when listed;
// every other type is an expense (operaciones §4). A reactivated ticket's
// charge is income; a cancelled ticket's refund is an expense.
func EsIngreso(tipo string) bool {
	switch tipo {
	case "ingreso", MovIngresoExtra, MovVentaPasaje, "venta", "apertura", MovReactivacionPasaje:
		return true
	}
	return false
}

// Directions of a register movement, as the API lists them.
const (
	SentidoIngreso = "ingreso"
	SentidoEgreso  = "egreso"
)

// Sentido is the direction a movement type moves the register's money:
// SentidoIngreso for the types EsIngreso counts, SentidoEgreso for the rest.
func Sentido(tipo string) string {
	if EsIngreso(tipo) {
		return SentidoIngreso
	}
	return SentidoEgreso
}

// Saldo is the register balance: opening + income − expenses, checked like Sumar.
func Saldo(apertura, ingresos, egresos Centavos) (Centavos, error) {
	return Sumar(apertura, ingresos, -egresos)
}

// Diferencia is what the seller counted minus the cash the drawer should hold.
func Diferencia(contado, esperado Centavos) Centavos { return contado - esperado }

// ValidarMovimiento checks a manual register movement.
func ValidarMovimiento(tipo string, monto Centavos, descripcion string) error {
	if tipo != MovIngresoExtra && tipo != MovEgresoGasto {
		return Invalid(MsgTipoMovimiento)
	}
	if monto <= 0 {
		return Invalid(MsgMontoMayorQueCero)
	}
	if monto > MontoMaximo {
		return Invalid(MsgMontoMaximo)
	}
	if strings.TrimSpace(descripcion) == "" {
		return Invalid("La descripción es obligatoria")
	}
	return nil
}

// MovimientoAgregado is the sum of a register's movements of one type and
// payment method (MedioPagoID 0: none given, which counts as the drawer's
// cash), with the method's name and tipo (TiposMedioPago; "" when none).
type MovimientoAgregado struct {
	Tipo        string
	MedioPagoID int64
	MedioNombre string
	MedioTipo   string
	Monto       Centavos
}

// PorMedio is what a register should hold for one payment method.
type PorMedio struct {
	MedioPagoID int64    `json:"medio_pago_id"`
	Nombre      string   `json:"nombre"`
	Efectivo    bool     `json:"efectivo"`
	Esperado    Centavos `json:"esperado"`
}

// TotalesCaja are a register's figures.
type TotalesCaja struct {
	Ingresos         Centavos   `json:"total_ingresos"`
	Egresos          Centavos   `json:"total_egresos"`
	Saldo            Centavos   `json:"monto_actual"`
	TotalVentas      Centavos   `json:"total_ventas"`
	EfectivoEsperado Centavos   `json:"efectivo_esperado"`
	PorMedio         []PorMedio `json:"por_medio"`
}

// Totalizar computes a register's figures from its opening amount and its
// movements. The opening amount, movements without a payment method and
// those of an efectivo method (EsEfectivo) are the drawer's cash. Total sales are net: ticket sales and reactivations minus refunds.
// Every figure is a checked sum: a register whose figures would pass
// MontoMaximo is refused with MsgTotalMaximo, so a write that would cause it
// checks with Totalizar before it stores anything, and reads never overflow.
func Totalizar(apertura Centavos, movs []MovimientoAgregado) (TotalesCaja, error) {
	t := TotalesCaja{EfectivoEsperado: apertura}
	idx := map[int64]int{}
	var err error
	add := func(dst *Centavos, m Centavos) {
		if err == nil {
			*dst, err = Sumar(*dst, m)
		}
	}
	for _, m := range movs {
		signed := m.Monto
		if EsIngreso(m.Tipo) {
			add(&t.Ingresos, m.Monto)
		} else {
			add(&t.Egresos, m.Monto)
			signed = -m.Monto
		}
		switch m.Tipo {
		case MovVentaPasaje, MovReactivacionPasaje:
			add(&t.TotalVentas, m.Monto)
		case MovDevolucionPasaje:
			add(&t.TotalVentas, -m.Monto)
		}
		if m.MedioPagoID == 0 || EsEfectivo(m.MedioTipo) {
			add(&t.EfectivoEsperado, signed)
		}
		if m.MedioPagoID == 0 {
			continue
		}
		i, ok := idx[m.MedioPagoID]
		if !ok {
			i = len(t.PorMedio)
			idx[m.MedioPagoID] = i
			t.PorMedio = append(t.PorMedio, PorMedio{MedioPagoID: m.MedioPagoID, Nombre: m.MedioNombre,
				Efectivo: EsEfectivo(m.MedioTipo)})
		}
		add(&t.PorMedio[i].Esperado, signed)
	}
	if err != nil {
		return TotalesCaja{}, err
	}
	t.Saldo, err = Saldo(apertura, t.Ingresos, t.Egresos)
	return t, err
}

// Messages of a drop to the safe.
const (
	MsgRetiroSinEfectivo     = "El retiro supera el efectivo que debería haber en la caja"
	MsgRetiroPropio          = "El retiro debe autorizarlo un supervisor distinto del cajero"
	MsgAutorizanteSinPermiso = "El usuario no puede autorizar retiros de caja"
	// DescripcionRetiro starts a drop's description; the supervisor's name follows.
	DescripcionRetiro = "Retiro a caja fuerte"
)

// ValidarRetiro checks a drop of monto from a drawer that should hold
// efectivo: more than zero, within MontoMaximo, and no more than the cash.
func ValidarRetiro(monto, efectivo Centavos) error {
	switch {
	case monto <= 0:
		return Invalid(MsgMontoMayorQueCero)
	case monto > MontoMaximo:
		return Invalid(MsgMontoMaximo)
	case monto > efectivo:
		return Invalid(MsgRetiroSinEfectivo)
	}
	return nil
}

// ApruebaCaja reports whether a role approves what a cashier may not do alone
// (a close past the tolerance, a drop to the safe): one that sees every
// register (super_admin, admin, supervisor) and its expected figures.
func ApruebaCaja(rol string, permisos Permisos) bool {
	return VeTodosLosPasajes(rol) && VeEsperado(rol, permisos)
}

// Messages of a shift handover (relevo de turno): the outgoing seller closes
// their register and the incoming one opens theirs on the same screen.
const (
	MsgCredencialesEntrante = "Usuario o contraseña del vendedor entrante incorrectos"
	MsgRelevoMismoUsuario   = "El vendedor entrante debe ser otro usuario"
	MsgEntranteSinPermiso   = "El vendedor entrante no tiene permiso para abrir caja"
	MsgEntranteConCaja      = "El vendedor entrante ya tiene una caja abierta: debe cerrarla antes del relevo"
	// MsgAperturaSuperaContado takes the cash counted.
	MsgAperturaSuperaContado = "El monto de apertura no puede superar el efectivo contado (%s)"
)

// AperturaRelevo is the opening of the incoming seller's register at a
// handover: the cash counted in the drawer, or the amount given when the
// outgoing seller takes the rest out (to the safe, to the office); never
// negative nor more than what was counted (cash does not appear at a handover).
func AperturaRelevo(contado Centavos, pedida *Centavos) (Centavos, error) {
	if pedida == nil {
		return contado, nil
	}
	if err := ValidarNoNegativo(*pedida); err != nil {
		return 0, err
	}
	if *pedida > contado {
		return 0, Invalid(fmt.Sprintf(MsgAperturaSuperaContado, contado))
	}
	return *pedida, nil
}
