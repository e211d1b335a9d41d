package domain

import (
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"
)

// Loyalty points (backoffice §1, §2.10, §3, §4, §5, §9; operaciones §1): the
// rules as plain functions. The ledger itself (lots, movements, allocations)
// lives in the store (store/puntos_*.go, docs/features/puntos.md).

// Movement types of the points ledger (backoffice §4), plus the reversals of
// a purchase (its ticket cancelled) and of a redemption (its sale cancelled).
const (
	MovCompra          = "compra"
	MovCanje           = "canje"
	MovBonificacion    = "bonificacion"
	MovExpiracion      = "expiracion"
	MovAjuste          = "ajuste"
	MovReversionCompra = "reversion_compra"
	MovReversionCanje  = "reversion_canje"
)

// Benefit types (backoffice §4).
const (
	BeneficioDescuentoPorcentaje = "descuento_porcentaje"
	BeneficioDescuentoFijo       = "descuento_fijo"
	BeneficioPasajeGratis        = "pasaje_gratis"
	BeneficioUpgradeSeccion      = "upgrade_seccion"
	BeneficioPuntosExtra         = "puntos_extra"
)

// TiposBeneficio lists the benefit types in the spec's order.
var TiposBeneficio = []string{BeneficioDescuentoPorcentaje, BeneficioDescuentoFijo, BeneficioPasajeGratis,
	BeneficioUpgradeSeccion, BeneficioPuntosExtra}

// Points messages (backoffice §8 where it gives the words).
const (
	MsgConfigPuntosActualizada = "Configuración actualizada exitosamente"
	MsgBeneficioNoEncontrado   = "Beneficio no encontrado"
	MsgBeneficioCreado         = "Beneficio creado exitosamente"
	MsgBeneficioActualizado    = "Beneficio actualizado exitosamente"
	MsgBeneficioEliminado      = "Beneficio eliminado exitosamente"
	MsgBeneficioDesactivado    = "El beneficio ya se canjeó: se desactivó en lugar de eliminarse"
	MsgBeneficioNombre         = "El nombre del beneficio es obligatorio"
	MsgBeneficioTipo           = "El tipo de beneficio no es válido"
	MsgBeneficioValor          = "El valor del beneficio no puede ser negativo"
	MsgBeneficioPorcentaje     = "El porcentaje de descuento debe estar entre 0 y 100"
	MsgBeneficioPuntos         = "Los puntos requeridos no pueden ser negativos ni superar 1.000.000.000"
	MsgBeneficioMaximoUsos     = "El máximo de usos debe ser al menos 1 (vacío: sin límite)"
	MsgBeneficioVigencia       = "La vigencia debe ser de al menos 1 día (vacío: sin vigencia)"
	MsgBeneficioFechas         = "La fecha de fin no puede ser anterior a la de inicio"
	MsgBeneficioFecha          = "Las fechas deben tener el formato AAAA-MM-DD"
	MsgBeneficioCompleto       = "Para modificar el beneficio envíe todos sus datos, o solo activo para activarlo o desactivarlo"
	MsgPuntosAjustados         = "Puntos ajustados exitosamente"
	MsgAjustePuntosCero        = "Los puntos del ajuste deben ser distintos de cero"
	MsgAjustePuntosMaximo      = "El ajuste no puede superar 1.000.000.000 puntos"
	MsgAjusteMotivo            = "El motivo del ajuste es obligatorio"
	MsgPuntosInsuficientes     = "Puntos insuficientes"
	MsgPuntosSaldoNegativo     = "El cliente tiene saldo de puntos negativo: no puede canjear hasta que vuelva a cero o más"
	MsgPuntosCanjeInvalido     = "Los puntos a canjear deben ser más que cero"
	MsgConfigPuntosPorPeso     = "Los puntos por peso deben estar entre 0 y 100, con hasta dos decimales"
	MsgConfigPuntosMinimos     = "El mínimo de puntos para canjear debe estar entre 1 y 1.000.000.000"
	MsgConfigVencimiento       = "El vencimiento debe estar entre 0 y 3650 días (vacío: los puntos no vencen)"
	MsgConfigMultiplicador     = "El multiplicador de viajero frecuente debe estar entre 1 y 10, con hasta dos decimales"
	MsgConfigViajesFrecuente   = "Los viajes para ser frecuente deben estar entre 1 y 10.000"
	MsgConfigDiasFrecuente     = "Los días para ser frecuente deben estar entre 1 y 3650"
)

// Bounds of the points figures: every sum of them fits an int64 with room.
const (
	MaxPuntos               int64 = 1_000_000_000
	MaxPuntosPorPeso              = 100 * 100 // 100 points per peso, in hundredths
	MaxMultiplicador              = 10 * 100  // ×10, in hundredths
	MaxDiasVencimiento            = 3650
	MaxViajesFrecuente            = 10_000
	MaxDiasFrecuente              = 3650
	MaxMotivoAjuste               = 200
	MaxDescripcionPuntos          = 500
	MaxNombreBeneficio            = 100
	MaxMovimientosMostrados       = 200
)

// Centesimas is a figure with two decimals kept exactly as hundredths
// (points per peso, a multiplier, a benefit's value): a JSON number with up to
// two decimals, like an amount.
type Centesimas int64

// MarshalJSON writes the figure as a number with two decimals.
func (c Centesimas) MarshalJSON() ([]byte, error) { return Centavos(c).MarshalJSON() }

// UnmarshalJSON reads a number with up to two decimals.
func (c *Centesimas) UnmarshalJSON(b []byte) error {
	var v Centavos
	if err := v.UnmarshalJSON(b); err != nil {
		return err
	}
	*c = Centesimas(v)
	return nil
}

// ConfigPuntos is a company's points configuration (backoffice §3).
type ConfigPuntos struct {
	Activo             bool
	PuntosPorPeso      Centesimas // points per peso spent
	PuntosMinimosCanje int64      // the balance a redemption needs at least
	VencimientoDias    *int       // nil: points never expire
	Multiplicador      Centesimas // of a frequent traveller's points
	ViajesFrecuente    int        // trips …
	DiasFrecuente      int        // … within these days make a frequent traveller
	// AnulacionCanjeados is what cancelling a ticket whose points were
	// redeemed does: AnulacionDescontar or AnulacionRechazar.
	AnulacionCanjeados string
}

// What cancelling a ticket whose points were redeemed does (issue 36 item 2).
const (
	// AnulacionDescontar refunds the price less the value of those points
	// (RetenerPuntosGastados): the default.
	AnulacionDescontar = "descontar"
	// AnulacionRechazar refuses the cancellation with MsgAnulacionPuntosCanjeados.
	AnulacionRechazar = "rechazar"
)

// MsgAnulacionPuntosCanjeados refuses, when the company chose so, to cancel a
// ticket whose points the customer already redeemed.
const MsgAnulacionPuntosCanjeados = "No se puede cancelar el pasaje: el cliente ya canjeó %d de los puntos que ganó con él"

// MsgConfigAnulacionCanjeados refuses an unknown choice.
const MsgConfigAnulacionCanjeados = "Al cancelar un pasaje con puntos ya canjeados se puede descontar su valor de la devolución o rechazar la cancelación"

// ConfigPuntosPorDefecto is the configuration of a company that saved none
// (backoffice §9): active, 1 point per peso (operaciones §1), 100 to redeem,
// a year of validity, ×1.5 for 10 trips in 365 days.
func ConfigPuntosPorDefecto() ConfigPuntos {
	dias := 365
	return ConfigPuntos{Activo: true, PuntosPorPeso: 100, PuntosMinimosCanje: 100, VencimientoDias: &dias,
		Multiplicador: 150, ViajesFrecuente: 10, DiasFrecuente: 365, AnulacionCanjeados: AnulacionDescontar}
}

// Validar checks the configuration's bounds (backoffice §5, with upper bounds
// of ours so that no product overflows).
func (c ConfigPuntos) Validar() error {
	switch {
	case c.PuntosPorPeso < 0 || c.PuntosPorPeso > MaxPuntosPorPeso:
		return Invalid(MsgConfigPuntosPorPeso)
	case c.PuntosMinimosCanje < 1 || c.PuntosMinimosCanje > MaxPuntos:
		return Invalid(MsgConfigPuntosMinimos)
	case c.VencimientoDias != nil && (*c.VencimientoDias < 0 || *c.VencimientoDias > MaxDiasVencimiento):
		return Invalid(MsgConfigVencimiento)
	case c.Multiplicador < 100 || c.Multiplicador > MaxMultiplicador:
		return Invalid(MsgConfigMultiplicador)
	case c.ViajesFrecuente < 1 || c.ViajesFrecuente > MaxViajesFrecuente:
		return Invalid(MsgConfigViajesFrecuente)
	case c.DiasFrecuente < 1 || c.DiasFrecuente > MaxDiasFrecuente:
		return Invalid(MsgConfigDiasFrecuente)
	case c.AnulacionCanjeados != AnulacionDescontar && c.AnulacionCanjeados != AnulacionRechazar:
		return Invalid(MsgConfigAnulacionCanjeados)
	}
	return nil
}

// EsFrecuente reports whether a customer with viajes trips (tickets not
// cancelled) in the last DiasFrecuente days is a frequent traveller.
func (c ConfigPuntos) EsFrecuente(viajes int64) bool { return viajes >= int64(c.ViajesFrecuente) }

// Vencimiento is when points earned at t expire (nil: never).
func (c ConfigPuntos) Vencimiento(t time.Time) *time.Time {
	if c.VencimientoDias == nil {
		return nil
	}
	v := t.AddDate(0, 0, *c.VencimientoDias)
	return &v
}

// PuntosGanados are the whole points a ticket of precio earns: pesos ×
// puntos por peso, × the multiplier for a frequent traveller, rounded down.
// A negative price earns nothing. Computed exactly (no float).
func (c ConfigPuntos) PuntosGanados(precio Centavos, frecuente bool) int64 {
	if precio <= 0 || c.PuntosPorPeso <= 0 {
		return 0
	}
	mult := int64(100)
	if frecuente {
		mult = int64(c.Multiplicador)
	}
	// centavos/100 × ppp/100 × mult/100
	n := new(big.Int).Mul(big.NewInt(int64(precio)), big.NewInt(int64(c.PuntosPorPeso)))
	n.Mul(n, big.NewInt(mult))
	n.Quo(n, big.NewInt(1_000_000))
	return min(n.Int64(), MaxPuntos)
}

// Beneficio is a benefit customers redeem points for (backoffice §3). Valor
// is a percentage for descuento_porcentaje, an amount for descuento_fijo,
// points for puntos_extra (hundredths, like an amount).
type Beneficio struct {
	ID               int64
	Nombre           string
	Descripcion      string
	Tipo             string
	Valor            Centesimas
	PuntosRequeridos int64
	MaximoUsos       *int    // nil: unlimited
	Usos             int     // redemptions so far
	VigenciaDias     *int    // nil: none
	FechaInicio      *string // YYYY-MM-DD
	FechaFin         *string // YYYY-MM-DD
	Activo           bool
}

// Normalizar trims the benefit's texts and checks it (backoffice §5).
func (b Beneficio) Normalizar() (Beneficio, error) {
	b.Nombre, b.Descripcion = strings.TrimSpace(b.Nombre), strings.TrimSpace(b.Descripcion)
	if b.FechaInicio != nil && strings.TrimSpace(*b.FechaInicio) == "" {
		b.FechaInicio = nil
	}
	if b.FechaFin != nil && strings.TrimSpace(*b.FechaFin) == "" {
		b.FechaFin = nil
	}
	valido := false
	for _, t := range TiposBeneficio {
		valido = valido || t == b.Tipo
	}
	switch {
	case b.Nombre == "":
		return b, Invalid(MsgBeneficioNombre)
	case utf8.RuneCountInString(b.Nombre) > MaxNombreBeneficio:
		return b, Invalid(fmt.Sprintf("El nombre no debe exceder %d caracteres", MaxNombreBeneficio))
	case !valido:
		return b, Invalid(MsgBeneficioTipo)
	case b.Valor < 0:
		return b, Invalid(MsgBeneficioValor)
	case b.Tipo == BeneficioDescuentoPorcentaje && b.Valor > 100*100:
		return b, Invalid(MsgBeneficioPorcentaje)
	case b.PuntosRequeridos < 0 || b.PuntosRequeridos > MaxPuntos:
		return b, Invalid(MsgBeneficioPuntos)
	case b.MaximoUsos != nil && *b.MaximoUsos < 1:
		return b, Invalid(MsgBeneficioMaximoUsos)
	case b.VigenciaDias != nil && (*b.VigenciaDias < 1 || *b.VigenciaDias > MaxDiasVencimiento):
		return b, Invalid(MsgBeneficioVigencia)
	}
	for _, f := range []*string{b.FechaInicio, b.FechaFin} {
		if f != nil {
			if _, err := time.Parse(time.DateOnly, *f); err != nil {
				return b, Invalid(MsgBeneficioFecha)
			}
		}
	}
	if b.FechaInicio != nil && b.FechaFin != nil && *b.FechaFin < *b.FechaInicio {
		return b, Invalid(MsgBeneficioFechas)
	}
	return b, nil
}

// ValidarAjuste checks a manual adjustment (backoffice §5: puntos and motivo
// required): signed points, not zero, within MaxPuntos either way.
func ValidarAjuste(puntos int64, motivo, descripcion string) (string, string, error) {
	motivo, descripcion = strings.TrimSpace(motivo), strings.TrimSpace(descripcion)
	switch {
	case puntos == 0:
		return motivo, descripcion, Invalid(MsgAjustePuntosCero)
	case puntos > MaxPuntos || puntos < -MaxPuntos:
		return motivo, descripcion, Invalid(MsgAjustePuntosMaximo)
	case motivo == "":
		return motivo, descripcion, Invalid(MsgAjusteMotivo)
	}
	return motivo, descripcion, nil
}

// Loyalty levels (backoffice §4, §9).
const (
	NivelBronce   = "Bronce"
	NivelPlata    = "Plata"
	NivelOro      = "Oro"
	NivelDiamante = "Diamante"
)

// Nivel is a customer's level by points and the progress to the next one.
type Nivel struct {
	Nombre string
	// Progreso is the share of the way to the next level, 0 to 1 (1 at
	// Diamante, the maximum).
	Progreso float64
	// Siguiente is the next level and PuntosSiguiente the points it starts
	// at; empty and 0 at Diamante.
	Siguiente       string
	PuntosSiguiente int64
}

// NivelDe is the level of a balance (backoffice §4): Bronce below 2000 (a
// negative balance too), Plata 2000–4999, Oro 5000–9999, Diamante 10000 or
// more; progress Bronce points/2000, Plata (points−2000)/3000, Oro
// (points−5000)/5000, Diamante the maximum.
func NivelDe(puntos int64) Nivel {
	switch {
	case puntos >= 10000:
		return Nivel{Nombre: NivelDiamante, Progreso: 1}
	case puntos >= 5000:
		return Nivel{NivelOro, float64(puntos-5000) / 5000, NivelDiamante, 10000}
	case puntos >= 2000:
		return Nivel{NivelPlata, float64(puntos-2000) / 3000, NivelOro, 5000}
	case puntos > 0:
		return Nivel{NivelBronce, float64(puntos) / 2000, NivelPlata, 2000}
	}
	return Nivel{NivelBronce, 0, NivelPlata, 2000}
}

// Redemption at the counter.
const (
	MsgBeneficioSinCliente   = "Para canjear un beneficio la venta debe llevar el documento del cliente"
	MsgBeneficioInactivo     = "El beneficio no está activo"
	MsgBeneficioFueraDeFecha = "El beneficio no está vigente hoy"
	MsgBeneficioAgotado      = "El beneficio alcanzó su máximo de usos"
	MsgPuntosInactivos       = "El sistema de puntos no está activo en su empresa"
	MsgReactivarConCanje     = "El pasaje se vendió con un beneficio cuyos puntos se devolvieron al cancelarlo: véndalo de nuevo"
	// MsgReactivarConPuntosRetenidos refuses to reactivate a ticket whose
	// refund kept money for points it earned that were already spent.
	MsgReactivarConPuntosRetenidos = "Al cancelar el pasaje se descontaron de la devolución puntos ya canjeados: véndalo de nuevo"
)

// VigenteEl reports whether the benefit may be redeemed on the business day
// hoy (YYYY-MM-DD): active and within its dates.
func (b Beneficio) VigenteEl(hoy string) error {
	switch {
	case !b.Activo:
		return Conflict(MsgBeneficioInactivo)
	case b.FechaInicio != nil && hoy < *b.FechaInicio, b.FechaFin != nil && hoy > *b.FechaFin:
		return Conflict(MsgBeneficioFueraDeFecha)
	}
	return nil
}

// Descuentos is the discount the benefit takes off each ticket of a sale
// (precios: each ticket's price, in order), computed on the server whatever
// the client shows: descuento_porcentaje off every ticket (rounded down to the
// centavo), descuento_fijo off the tickets in order up to their total,
// pasaje_gratis the dearest ticket (the first of them); upgrade_seccion and
// puntos_extra take no money off (the upgrade is noted on the sale, the extra
// points are credited). No ticket goes below zero.
func (b Beneficio) Descuentos(precios []Centavos) []Centavos {
	out := make([]Centavos, len(precios))
	switch b.Tipo {
	case BeneficioDescuentoPorcentaje:
		for i, p := range precios {
			d := new(big.Int).Mul(big.NewInt(int64(max(p, 0))), big.NewInt(int64(b.Valor)))
			out[i] = Centavos(d.Quo(d, big.NewInt(100*100)).Int64())
		}
	case BeneficioDescuentoFijo:
		resto := Centavos(b.Valor)
		for i, p := range precios {
			out[i] = min(max(p, 0), resto)
			resto -= out[i]
		}
	case BeneficioPasajeGratis:
		caro := -1
		for i, p := range precios {
			if caro < 0 || p > precios[caro] {
				caro = i
			}
		}
		if caro >= 0 {
			out[caro] = max(precios[caro], 0)
		}
	}
	return out
}

// PuntosExtra are the points a puntos_extra benefit credits (its valor, whole).
func (b Beneficio) PuntosExtra() int64 {
	if b.Tipo != BeneficioPuntosExtra {
		return 0
	}
	return min(int64(b.Valor)/100, MaxPuntos)
}

// Cancelling a ticket whose points were spent (issue 36 item 2).

// GastoPuntos is a redemption that spent points a cancelled ticket earned:
// Tomados of that ticket's points went to a redemption of Puntos points in
// all, which bought Valor (the discount its benefit gave at the sale).
type GastoPuntos struct {
	Tomados, Puntos int64
	Valor           Centavos
}

// RetencionPuntos is what a cancelled ticket keeps from its refund for points
// it earned that were spent: Monto, and the missing points it pays for.
type RetencionPuntos struct {
	Monto  Centavos
	Puntos int64
}

// RetenerPuntosGastados is what a cancelled ticket of precio keeps from its
// refund for faltan points it earned that were already spent and cannot be
// taken back: the customer is refunded the price less the value of the spent
// points, never both. Each spend (newest first, as given) values its points
// at what its benefit gave per point, Valor × n / Puntos rounded down, and
// the whole never passes precio. Points a spend paid nothing for (an
// adjustment, a 'puntos extra' or an upgrade benefit, a redemption without a
// benefit) and those past the price stay the customer's debt of points.
func RetenerPuntosGastados(precio Centavos, faltan int64, gastos []GastoPuntos) RetencionPuntos {
	var r RetencionPuntos
	for _, g := range gastos {
		n := min(g.Tomados, faltan-r.Puntos)
		if n <= 0 || g.Puntos <= 0 || g.Valor <= 0 || r.Monto >= precio {
			continue
		}
		if v := valorDePuntos(n, g); v <= precio-r.Monto {
			r.Monto, r.Puntos = r.Monto+v, r.Puntos+n
			continue
		}
		// only the points whose value fits what is left of the price
		n = min(n, mulDiv(int64(precio-r.Monto), g.Puntos, int64(g.Valor)))
		r.Monto, r.Puntos = r.Monto+valorDePuntos(n, g), r.Puntos+n
	}
	return r
}

// valorDePuntos is n of the spend's points at what its benefit gave per point.
func valorDePuntos(n int64, g GastoPuntos) Centavos {
	return Centavos(mulDiv(n, int64(g.Valor), g.Puntos))
}

// mulDiv is a × b / c rounded down, exact (no overflow of the product).
func mulDiv(a, b, c int64) int64 {
	n := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	return n.Quo(n, big.NewInt(c)).Int64()
}
