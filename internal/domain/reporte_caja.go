package domain

import (
	"strings"
	"time"
)

// MsgCajaNoEncontrada answers a register that is not the caller's company's.
const MsgCajaNoEncontrada = "Caja no encontrada"

// MedioEfectivoPorDefecto names the cash line of a register report when the
// company has no payment method of tipo efectivo.
const MedioEfectivoPorDefecto = "Efectivo"

// MedioPagoRef is a payment method by id and name.
type MedioPagoRef struct {
	ID     int64
	Nombre string
}

// UsuarioCaja is the user of a register as its report names them.
type UsuarioCaja struct {
	ID            int64  `json:"id"`
	NombreUsuario string `json:"nombre_usuario"`
	Nombre        string `json:"nombre"`
}

// CifrasLineaCaja are the figures of a register report's line, or of its
// totals: the opening float, sales, refunds (cancellations), other income
// (reactivation charges, manual income), expenses, what the register should
// hold (esperado) and, once closed, what was counted and the difference.
type CifrasLineaCaja struct {
	Apertura      Centavos  `json:"apertura"`
	Ventas        Centavos  `json:"ventas"`
	Devoluciones  Centavos  `json:"devoluciones"`
	OtrosIngresos Centavos  `json:"otros_ingresos"`
	Egresos       Centavos  `json:"egresos"`
	Esperado      Centavos  `json:"esperado"`
	Contado       *Centavos `json:"contado"`
	Diferencia    *Centavos `json:"diferencia"`
}

// LineaReporteCaja is one payment method's line of a register report.
type LineaReporteCaja struct {
	MedioPagoID int64  `json:"medio_pago_id"`
	MedioPago   string `json:"medio_pago"`
	CifrasLineaCaja
}

// CifrasReporteCaja are a register report's figures: a line per payment
// method (cash first), the totals, and whether the register closed short.
type CifrasReporteCaja struct {
	PorMedioPago []LineaReporteCaja `json:"por_medio_pago"`
	Totales      CifrasLineaCaja    `json:"totales"`
	Faltante     bool               `json:"faltante"`
}

// ReporteCaja is a register's report: X while it is open (computed from its
// movements), Z once closed (stored at the close with its number, NumeroZ,
// and read back as it was; registers closed before Z reports existed have a
// computed report and no number).
type ReporteCaja struct {
	CajaID        int64       `json:"caja_id"`
	NumeroZ       *int64      `json:"numero_z"`
	Estado        string      `json:"estado" enum:"abierta,cerrada"`
	Usuario       UsuarioCaja `json:"usuario"`
	FechaApertura time.Time   `json:"fecha_apertura"`
	FechaCierre   *time.Time  `json:"fecha_cierre"`
	CifrasReporteCaja
	// Cierre is how the register was counted and who approved it (a Z
	// written since issue 36; absent from an X and from older Zs).
	Cierre *CierreZ `json:"cierre,omitempty"`
	// Referencias are the register's movements by a method other than cash,
	// by method, with their payment references (for reconciling the card
	// and transfer slips); kept in the Z as the rest. Absent when there are
	// none, and from Zs stored before migration 00055.
	Referencias []MovimientoConReferencia `json:"referencias,omitempty"`
}

// MovimientoConReferencia is one movement of a non-cash method in a register
// report, with its reference (empty: none was recorded).
type MovimientoConReferencia struct {
	MovimientoID int64      `json:"movimiento_id"`
	MedioPagoID  int64      `json:"medio_pago_id"`
	MedioPago    string     `json:"medio_pago"`
	Tipo         string     `json:"tipo"`
	Monto        Centavos   `json:"monto" description:"Con signo: negativo para un egreso"`
	Descripcion  string     `json:"descripcion"`
	CreatedAt    time.Time  `json:"created_at"`
	Referencia   Referencia `json:"referencia"`
}

// CierreZ is a register's close as its Z report keeps it: the cash counted by
// denomination (empty when its total was typed), the count's discrepancy and
// the company's tolerance then, and who approved a count past it.
type CierreZ struct {
	Denominaciones  []LineaDenominacion `json:"denominaciones"`
	TotalContado    Centavos            `json:"total_denominaciones"`
	Discrepancia    Centavos            `json:"discrepancia"`
	Tolerancia      Centavos            `json:"tolerancia"`
	AprobadoPor     *UsuarioCaja        `json:"aprobado_por"`
	FechaAprobacion *time.Time          `json:"fecha_aprobacion"`
}

// LineaDenominacion is one bill or coin of a count: how many, and their value.
type LineaDenominacion struct {
	Codigo   string   `json:"codigo"`
	Tipo     string   `json:"tipo" enum:"billete,moneda"`
	Valor    Centavos `json:"valor"`
	Cantidad int32    `json:"cantidad"`
	Subtotal Centavos `json:"subtotal"`
}

// LineasDenominacion are a count's bills and coins with their subtotals, in
// the order of Denominaciones (largest first), those counted at least once,
// and their total; a code it does not know is refused like TotalDenominaciones.
func LineasDenominacion(conteo []ConteoDenominacion) ([]LineaDenominacion, Centavos, error) {
	total, err := TotalDenominaciones(conteo)
	if err != nil {
		return nil, 0, err
	}
	cantidades := make(map[string]int32, len(conteo))
	for _, c := range conteo {
		cantidades[c.Codigo] = c.Cantidad
	}
	out := []LineaDenominacion{}
	for _, d := range Denominaciones {
		n := cantidades[d.Codigo]
		if n == 0 {
			continue
		}
		subtotal, err := Multiplicar(d.Valor, int(n))
		if err != nil {
			return nil, 0, err
		}
		out = append(out, LineaDenominacion{Codigo: d.Codigo, Tipo: d.Tipo, Valor: d.Valor, Cantidad: n, Subtotal: subtotal})
	}
	return out, total, nil
}

// EtiquetaDenominacion names a bill or coin as a count shows it: 'Billetes de
// $ 1.000', 'Monedas de $ 2'.
func EtiquetaDenominacion(tipo string, valor Centavos) string {
	nombre := "Billetes"
	if tipo == "moneda" {
		nombre = "Monedas"
	}
	return nombre + " de " + strings.TrimSuffix(valor.String(), ",00")
}

// CifrasDeCaja computes a register report's figures from its opening float
// and its movements summed by type and payment method. The opening float and
// the movements without a payment method or with a cash one (EsEfectivo of its tipo)
// make the cash line, named by efectivo (the company's cash method; ID 0 and
// MedioEfectivoPorDefecto when it has none), which always comes first; every
// other method has its line in the order of movs.
//
// contado is the cash counted at the close (nil while open). The close counts
// the cash only: the other methods are taken as counted as expected, so their
// difference is zero and the register's difference is the cash's, as the
// close stored it. Every sum is checked (Sumar).
func CifrasDeCaja(apertura Centavos, efectivo MedioPagoRef, movs []MovimientoAgregado, contado *Centavos) (CifrasReporteCaja, error) {
	if efectivo.Nombre == "" {
		efectivo.Nombre = MedioEfectivoPorDefecto
	}
	lineas := []LineaReporteCaja{{MedioPagoID: efectivo.ID, MedioPago: efectivo.Nombre,
		CifrasLineaCaja: CifrasLineaCaja{Apertura: apertura}}}
	idx := map[int64]int{}
	var err error
	add := func(dst *Centavos, m Centavos) {
		if err == nil {
			*dst, err = Sumar(*dst, m)
		}
	}
	for _, m := range movs {
		i := 0
		if m.MedioPagoID != 0 && !EsEfectivo(m.MedioTipo) {
			var ok bool
			if i, ok = idx[m.MedioPagoID]; !ok {
				i = len(lineas)
				idx[m.MedioPagoID] = i
				lineas = append(lineas, LineaReporteCaja{MedioPagoID: m.MedioPagoID, MedioPago: m.MedioNombre})
			}
		}
		l := &lineas[i].CifrasLineaCaja
		switch {
		case m.Tipo == MovVentaPasaje || m.Tipo == "venta":
			add(&l.Ventas, m.Monto)
		case m.Tipo == MovDevolucionPasaje:
			add(&l.Devoluciones, m.Monto)
		case EsIngreso(m.Tipo):
			add(&l.OtrosIngresos, m.Monto)
		default:
			add(&l.Egresos, m.Monto)
		}
	}
	out := CifrasReporteCaja{PorMedioPago: lineas}
	t := &out.Totales
	if contado != nil {
		t.Contado, t.Diferencia = new(Centavos), new(Centavos)
	}
	for i := range lineas {
		l := &lineas[i].CifrasLineaCaja
		if err == nil {
			l.Esperado, err = Sumar(l.Apertura, l.Ventas, l.OtrosIngresos, -l.Devoluciones, -l.Egresos)
		}
		if contado != nil {
			cont, dif := l.Esperado, Centavos(0)
			if i == 0 {
				cont, dif = *contado, Diferencia(*contado, l.Esperado)
			}
			l.Contado, l.Diferencia = &cont, &dif
			add(t.Contado, cont)
			add(t.Diferencia, dif)
		}
		add(&t.Apertura, l.Apertura)
		add(&t.Ventas, l.Ventas)
		add(&t.Devoluciones, l.Devoluciones)
		add(&t.OtrosIngresos, l.OtrosIngresos)
		add(&t.Egresos, l.Egresos)
		add(&t.Esperado, l.Esperado)
	}
	if err != nil {
		return CifrasReporteCaja{}, err
	}
	out.Faltante = t.Diferencia != nil && *t.Diferencia < 0
	return out, nil
}
