package domain

import (
	"fmt"
	"strconv"
	"strings"
)

// PermisoVerEsperado lets a role see what its register should hold (the
// expected cash, the balance and the totals) while it is open. Without it the
// close is blind: the seller counts and sees the difference only after the
// count is submitted (docs/features/cierre-ciego.md).
const PermisoVerEsperado = "caja.ver_esperado"

// VeEsperado reports whether a session may see its open register's expected figures.
func VeEsperado(rol string, permisos Permisos) bool {
	return ConPermiso(PermisoVerEsperado).Permite(rol, permisos)
}

// CierraACiegas reports whether a session counts its open register blind: its
// role lacks caja.ver_esperado (the role-level switch, kept), or its company
// closes blind (ConfigCaja.CierreCiego) and the role is not one that approves
// closes (super_admin, admin, supervisor).
func CierraACiegas(rol string, permisos Permisos, empresaCiega bool) bool {
	return !VeEsperado(rol, permisos) || (empresaCiega && !VeTodosLosPasajes(rol))
}

// ClaveToleranciaCierre is the company setting (empresa_configuraciones) that
// holds the close tolerance in centavos ("5000" is $ 50,00); absent: $ 0.
const ClaveToleranciaCierre = "tolerancia_cierre_caja"

// ClaveCierreCiego is the company setting that makes its cashiers count blind
// ("true" or "false"; absent: false).
const ClaveCierreCiego = "cierre_ciego_activo"

// ToleranciaCierreMaxima bounds the tolerance a company admin sets: $ 1.000.000,00.
const ToleranciaCierreMaxima Centavos = 100_000_000

// MsgToleranciaCierre refuses a tolerance out of bounds.
const MsgToleranciaCierre = "La tolerancia de cierre debe estar entre $ 0,00 y $ 1.000.000,00"

// ConfigCaja is a company's register settings: whether its cashiers count
// blind, and the discrepancy a count may have and still close without a
// supervisor (Conteo.RequiereAprobacion).
type ConfigCaja struct {
	CierreCiego bool     `json:"cierre_ciego"`
	Tolerancia  Centavos `json:"tolerancia_cierre"`
}

// Validar bounds the tolerance to [0, ToleranciaCierreMaxima].
func (c ConfigCaja) Validar() error {
	if c.Tolerancia < 0 || c.Tolerancia > ToleranciaCierreMaxima {
		return Invalid(MsgToleranciaCierre)
	}
	return nil
}

// String describes the settings for the audit log, in Spanish.
func (c ConfigCaja) String() string {
	estado := "desactivado"
	if c.CierreCiego {
		estado = "activado"
	}
	return fmt.Sprintf("cierre ciego %s, tolerancia %s", estado, c.Tolerancia)
}

// ToleranciaCierre reads the tolerance setting's value; an absent or empty
// value is $ 0.
func ToleranciaCierre(valor string) (Centavos, error) {
	valor = strings.TrimSpace(valor)
	if valor == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(valor, 10, 64)
	if err != nil || n < 0 || Centavos(n) > MontoMaximo {
		return 0, Invalid(fmt.Sprintf("El valor de %s debe ser un número entero de centavos entre 0 y 10000000000", ClaveToleranciaCierre))
	}
	return Centavos(n), nil
}

// Denominacion is a bill or coin of the peso in use, its value in centavos.
type Denominacion struct {
	Codigo string   `json:"codigo"`
	Tipo   string   `json:"tipo" enum:"billete,moneda"`
	Valor  Centavos `json:"valor"`
}

// Denominaciones are the ARS bills and coins a drawer is counted in, largest
// first. Bills of the BCRA's series in circulation: $ 20.000 and $ 10.000
// (2024–2025), $ 2.000 (2023), $ 1.000, $ 500, $ 200, $ 100, $ 50, $ 20 and
// $ 10 (legal tender, the last ones rarely seen); coins: $ 10, $ 5, $ 2 and
// $ 1 (the 2017–2018 series). Centavo coins are left out (no counter counts
// them) and so are commemorative coins. A code names each one because $ 10
// is both a bill and a coin.
var Denominaciones = []Denominacion{
	{"b20000", "billete", 2_000_000}, {"b10000", "billete", 1_000_000}, {"b2000", "billete", 200_000},
	{"b1000", "billete", 100_000}, {"b500", "billete", 50_000}, {"b200", "billete", 20_000},
	{"b100", "billete", 10_000}, {"b50", "billete", 5_000}, {"b20", "billete", 2_000}, {"b10", "billete", 1_000},
	{"m10", "moneda", 1_000}, {"m5", "moneda", 500}, {"m2", "moneda", 200}, {"m1", "moneda", 100},
}

// CantidadDenominacionMaxima bounds how many of one bill or coin a count takes.
const CantidadDenominacionMaxima = 100_000

// ConteoDenominacion is how many of one bill or coin were counted.
type ConteoDenominacion struct {
	Codigo   string `json:"codigo" maxLength:"20"`
	Cantidad int32  `json:"cantidad"`
}

// Messages of the blind close.
const (
	MsgDenominacionDesconocida = "Denominación desconocida: %s"
	MsgDenominacionRepetida    = "La denominación %s está repetida"
	MsgDenominacionCantidad    = "La cantidad de cada denominación debe estar entre 0 y 100000"
	MsgConteoNoCoincide        = "El efectivo contado no coincide con el conteo por denominación (%s)"
	MsgMedioRepetido           = "El medio de pago %d está repetido en el conteo"
	MsgCierrePendiente         = "La caja tiene un cierre pendiente de aprobación de un supervisor"
	MsgSinCierrePendiente      = "La caja no tiene un cierre pendiente de aprobación"
	MsgAprobacionPropia        = "El cierre debe aprobarlo un supervisor distinto del cajero"
	MsgAprobadorSinPermiso     = "El usuario no puede aprobar cierres de caja"
	MsgCredencialesAprobador   = "Usuario o contraseña del supervisor incorrectos"
	MsgCierreYaAprobado        = "La caja ya está cerrada: un cierre no se reabre ni se edita; registre una corrección en una caja abierta"
	MsgCajaCorregidaAbierta    = "La caja que se corrige debe estar cerrada"
	MsgCuadreCiego             = "Su rol cierra la caja a ciegas: el efectivo esperado se muestra después de enviar el conteo"
)

// TotalDenominaciones is Σ cantidad × valor of a count by denomination, in
// centavos; an unknown or repeated code or a quantity out of bounds is a 400.
func TotalDenominaciones(conteo []ConteoDenominacion) (Centavos, error) {
	valores := make(map[string]Centavos, len(Denominaciones))
	for _, d := range Denominaciones {
		valores[d.Codigo] = d.Valor
	}
	vistos := map[string]bool{}
	var total Centavos
	for _, c := range conteo {
		v, ok := valores[c.Codigo]
		switch {
		case !ok:
			return 0, Invalid(fmt.Sprintf(MsgDenominacionDesconocida, c.Codigo))
		case vistos[c.Codigo]:
			return 0, Invalid(fmt.Sprintf(MsgDenominacionRepetida, c.Codigo))
		case c.Cantidad < 0 || c.Cantidad > CantidadDenominacionMaxima:
			return 0, Invalid(MsgDenominacionCantidad)
		}
		vistos[c.Codigo] = true
		parcial, err := Multiplicar(v, int(c.Cantidad))
		if err == nil {
			total, err = Sumar(total, parcial)
		}
		if err != nil {
			return 0, err
		}
	}
	return total, nil
}

// ContadoMedio is what was counted for one payment method other than cash.
type ContadoMedio struct {
	MedioPagoID int64    `json:"medio_pago_id"`
	Contado     Centavos `json:"contado"`
	Esperado    Centavos `json:"esperado"`
	Diferencia  Centavos `json:"diferencia"`
}

// Conteo is a register's count at its close: the cash (with its breakdown by
// denomination, if any) and each other payment method, with what each should
// have been and the differences. It is stored with the register (cajas.conteo).
type Conteo struct {
	Efectivo         Centavos             `json:"efectivo"`
	EfectivoEsperado Centavos             `json:"efectivo_esperado"`
	Denominaciones   []ConteoDenominacion `json:"denominaciones,omitempty"`
	Medios           []ContadoMedio       `json:"medios,omitempty"`
	// Discrepancia is Σ |diferencia| over cash and every counted method: what
	// the tolerance is compared with (a surplus in one method does not hide a
	// shortfall in another).
	Discrepancia Centavos `json:"discrepancia"`
	Tolerancia   Centavos `json:"tolerancia"`
}

// Diferencia is the cash counted minus the cash expected.
func (c Conteo) Diferencia() Centavos { return Diferencia(c.Efectivo, c.EfectivoEsperado) }

// RequiereAprobacion reports whether the count is past the company's tolerance.
func (c Conteo) RequiereAprobacion() bool { return c.Discrepancia > c.Tolerancia }

// Contar compares a count with the register's figures: the cash with the
// expected cash, each counted method with what it should hold (a method not
// counted is not compared: the close counts cash alone when it names none).
func Contar(efectivo Centavos, denominaciones []ConteoDenominacion, medios map[int64]Centavos, orden []int64,
	t TotalesCaja, tolerancia Centavos) (Conteo, error) {
	out := Conteo{Efectivo: efectivo, EfectivoEsperado: t.EfectivoEsperado, Denominaciones: denominaciones,
		Tolerancia: tolerancia}
	esperado := map[int64]Centavos{}
	for _, p := range t.PorMedio {
		esperado[p.MedioPagoID] = p.Esperado
	}
	abs := func(c Centavos) Centavos {
		if c < 0 {
			return -c
		}
		return c
	}
	var err error
	out.Discrepancia, err = Sumar(abs(out.Diferencia()))
	for _, id := range orden {
		m := ContadoMedio{MedioPagoID: id, Contado: medios[id], Esperado: esperado[id]}
		m.Diferencia = m.Contado - m.Esperado
		out.Medios = append(out.Medios, m)
		if err == nil {
			out.Discrepancia, err = Sumar(out.Discrepancia, abs(m.Diferencia))
		}
	}
	return out, err
}
