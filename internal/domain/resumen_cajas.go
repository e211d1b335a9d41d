package domain

import "time"

// TotalMedioCajas is what a period's registers took through one payment
// method (or all of them, as totals): the tickets sold, the money collected
// (sales and other income less refunds), and, over the closed registers, what
// was counted and the difference.
type TotalMedioCajas struct {
	MedioPago  string    `json:"medio_pago"`
	Vendido    Centavos  `json:"vendido"`
	Cobrado    Centavos  `json:"cobrado"`
	Contado    *Centavos `json:"contado"`
	Diferencia *Centavos `json:"diferencia"`
}

// LineaZ is one register of the period as its report left it: its Z number
// (nil while open or for a register closed before Z reports), cashier, dates,
// the sales, the cash counted and the difference, and who approved it.
type LineaZ struct {
	CajaID        int64      `json:"caja_id"`
	NumeroZ       *int64     `json:"numero_z"`
	Usuario       string     `json:"usuario"`
	FechaApertura time.Time  `json:"fecha_apertura"`
	FechaCierre   *time.Time `json:"fecha_cierre"`
	Vendido       Centavos   `json:"vendido"`
	Contado       *Centavos  `json:"contado"`
	Diferencia    *Centavos  `json:"diferencia"`
	AprobadoPor   string     `json:"aprobado_por"`
}

// ResumenCajas is what an owner reads of a period's registers: the takings
// per payment method with their totals, and each register's Z line.
type ResumenCajas struct {
	PorMedio []TotalMedioCajas `json:"por_medio"`
	Totales  TotalMedioCajas   `json:"totales"`
	Cajas    []LineaZ          `json:"cajas"`
}

// ResumirCajas adds up the reports of a period's registers (X for an open
// one, Z for a closed one), by payment method name in the order they first
// appear (cash first, as every report lists it). Contado and Diferencia count
// the closed registers only; nil when none closed. Every sum is checked.
func ResumirCajas(reportes []ReporteCaja) (ResumenCajas, error) {
	out := ResumenCajas{Totales: TotalMedioCajas{MedioPago: "Total"}, PorMedio: []TotalMedioCajas{}, Cajas: []LineaZ{}}
	idx := map[string]int{}
	var err error
	add := func(dst *Centavos, m Centavos) {
		if err == nil {
			*dst, err = Sumar(*dst, m)
		}
	}
	addOpt := func(dst **Centavos, m *Centavos) {
		if m == nil {
			return
		}
		if *dst == nil {
			*dst = new(Centavos)
		}
		add(*dst, *m)
	}
	sumar := func(t *TotalMedioCajas, c CifrasLineaCaja) {
		add(&t.Vendido, c.Ventas)
		add(&t.Cobrado, c.Ventas)
		add(&t.Cobrado, c.OtrosIngresos)
		add(&t.Cobrado, -c.Devoluciones)
		addOpt(&t.Contado, c.Contado)
		addOpt(&t.Diferencia, c.Diferencia)
	}
	for _, r := range reportes {
		for _, l := range r.PorMedioPago {
			i, ok := idx[l.MedioPago]
			if !ok {
				i = len(out.PorMedio)
				idx[l.MedioPago] = i
				out.PorMedio = append(out.PorMedio, TotalMedioCajas{MedioPago: l.MedioPago})
			}
			sumar(&out.PorMedio[i], l.CifrasLineaCaja)
			sumar(&out.Totales, l.CifrasLineaCaja)
		}
		out.Cajas = append(out.Cajas, lineaZ(r))
	}
	return out, err
}

// lineaZ is the register's line: its cash counted (the cash line's) and its
// total difference.
func lineaZ(r ReporteCaja) LineaZ {
	l := LineaZ{CajaID: r.CajaID, NumeroZ: r.NumeroZ, Usuario: r.Usuario.Nombre, FechaApertura: r.FechaApertura,
		FechaCierre: r.FechaCierre, Vendido: r.Totales.Ventas, Diferencia: r.Totales.Diferencia}
	if len(r.PorMedioPago) > 0 {
		l.Contado = r.PorMedioPago[0].Contado
	}
	if r.Cierre != nil && r.Cierre.AprobadoPor != nil {
		l.AprobadoPor = r.Cierre.AprobadoPor.Nombre
	}
	return l
}
