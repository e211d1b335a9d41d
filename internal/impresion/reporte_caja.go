package impresion

import (
	"fmt"
	"time"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/image"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/orientation"
	"github.com/johnfercher/maroto/v2/pkg/consts/pagesize"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"

	"muelle/internal/domain"
)

// The papers a register report prints on: the 80 mm ticket printer's roll
// and an A4 page.
const (
	PapelReporte80mm = "80mm"
	PapelReporteA4   = "a4"
)

// TituloReporteCaja is the printed title of a register's report: 'Reporte Z
// N° n' for a closed register with its Z, 'Reporte Z' for one closed before
// Z reports were numbered, 'Reporte X' while the register is open.
func TituloReporteCaja(r domain.ReporteCaja) string {
	switch {
	case r.NumeroZ != nil:
		return fmt.Sprintf("Reporte Z N° %d", *r.NumeroZ)
	case r.Estado == domain.CajaAbierta:
		return "Reporte X"
	}
	return "Reporte Z"
}

// ReporteCajaImpreso is a register's report as printed: the company (and its
// logo, a data: URL as for tickets) and the dates in its time zone.
type ReporteCajaImpreso struct {
	Empresa string
	LogoURL string
	Reporte domain.ReporteCaja
	Zona    *time.Location
}

// conceptosReporteCaja are the rows of a line's figures, in order.
var conceptosReporteCaja = []string{"Apertura", "Ventas", "Devoluciones", "Otros ingresos", "Egresos", "Esperado",
	"Contado", "Diferencia"}

// valoresReporteCaja are the figures of a line as printed, in the order of
// conceptosReporteCaja ('-' for what an open register has not counted).
func valoresReporteCaja(c domain.CifrasLineaCaja) []string {
	opcional := func(m *domain.Centavos) string {
		if m == nil {
			return "-"
		}
		return m.String()
	}
	return []string{c.Apertura.String(), c.Ventas.String(), c.Devoluciones.String(), c.OtrosIngresos.String(),
		c.Egresos.String(), c.Esperado.String(), opcional(c.Contado), opcional(c.Diferencia)}
}

// datosReporteCaja are the printout's facts: register, user and dates.
func datosReporteCaja(r ReporteCajaImpreso) [][2]string {
	zona := zonaDe(r)
	cierre := "Pendiente"
	if r.Reporte.FechaCierre != nil {
		cierre = r.Reporte.FechaCierre.In(zona).Format("02/01/2006 15:04")
	}
	usuario := r.Reporte.Usuario.Nombre
	if r.Reporte.Usuario.NombreUsuario != "" && usuario != r.Reporte.Usuario.NombreUsuario {
		usuario += " (" + r.Reporte.Usuario.NombreUsuario + ")"
	}
	return [][2]string{{"Caja", fmt.Sprintf("#%d", r.Reporte.CajaID)}, {"Usuario", usuario},
		{"Apertura", r.Reporte.FechaApertura.In(zona).Format("02/01/2006 15:04")}, {"Cierre", cierre}}
}

// conteoZ is the close's count as printed (a Z written with it): a line per
// bill or coin counted (label, quantity, subtotal), then its facts: the total
// by denomination, the discrepancy and tolerance, and who approved the
// difference and when (or that none was needed).
func conteoZ(r ReporteCajaImpreso) (lineas [][3]string, hechos [][2]string) {
	k := r.Reporte.Cierre
	if k == nil {
		return nil, nil
	}
	for _, d := range k.Denominaciones {
		lineas = append(lineas, [3]string{domain.EtiquetaDenominacion(d.Tipo, d.Valor), fmt.Sprintf("× %d", d.Cantidad), d.Subtotal.String()})
	}
	if len(lineas) > 0 {
		hechos = append(hechos, [2]string{"Total por denominación", k.TotalContado.String()})
	}
	hechos = append(hechos, [2]string{"Discrepancia", k.Discrepancia.String()}, [2]string{"Tolerancia", k.Tolerancia.String()})
	aprobacion := "No requerida (dentro de la tolerancia)"
	if k.AprobadoPor != nil {
		aprobacion = k.AprobadoPor.Nombre
		if k.AprobadoPor.NombreUsuario != "" && aprobacion != k.AprobadoPor.NombreUsuario {
			aprobacion += " (" + k.AprobadoPor.NombreUsuario + ")"
		}
		if k.FechaAprobacion != nil {
			aprobacion += ", " + k.FechaAprobacion.In(zonaDe(r)).Format("02/01/2006 15:04")
		}
	}
	return lineas, append(hechos, [2]string{"Aprobó la diferencia", aprobacion})
}

// TituloReferencias heads the register report's movements by a method other
// than cash with their payment references (for the card and transfer slips).
const TituloReferencias = "Pagos con referencia"

// referenciasImpresas are those movements as printed: time, method,
// description, amount and reference ('Sin referencia' when none was recorded).
func referenciasImpresas(r ReporteCajaImpreso) [][5]string {
	var out [][5]string
	for _, m := range r.Reporte.Referencias {
		ref := m.Referencia.Texto()
		if ref == "" {
			ref = "Sin referencia"
		}
		out = append(out, [5]string{m.CreatedAt.In(zonaDe(r)).Format("02/01 15:04"), m.MedioPago, m.Descripcion, m.Monto.String(), ref})
	}
	return out
}

func zonaDe(r ReporteCajaImpreso) *time.Location {
	if r.Zona == nil {
		return time.UTC
	}
	return r.Zona
}

// ReporteCajaPDF prints a register's report on papel (PapelReporte80mm, the
// default, or PapelReporteA4): the company, the title (TituloReporteCaja),
// the register, its user and dates, the figures of each payment method and
// the totals, and 'FALTANTE' when the register closed short.
func ReporteCajaPDF(r ReporteCajaImpreso, papel string) ([]byte, error) {
	var (
		rows []core.Row
		cfg  config.Builder
	)
	if papel == PapelReporteA4 {
		rows = reporteCajaA4(r)
		cfg = config.NewBuilder().WithPageSize(pagesize.A4).WithOrientation(orientation.Horizontal).
			WithLeftMargin(10).WithRightMargin(10).WithTopMargin(10).WithBottomMargin(10).WithMaxGridSize(18)
	} else {
		rows = reporteCaja80mm(r)
		cfg = configPDF(altoDeLaPagina(rows))
	}
	m := maroto.New(cfg.WithTitle(TituloReporteCaja(r.Reporte), true).WithCreator("Muelle", true).Build())
	m.AddRows(rows...)
	doc, err := m.Generate()
	if err != nil {
		return nil, fmt.Errorf("impresion: reporte de caja: %w", err)
	}
	return doc.GetBytes(), nil
}

func encabezadoReporteCaja(r ReporteCajaImpreso, tamano float64, centrado bool) []core.Row {
	al := align.Left
	if centrado {
		al = align.Center
	}
	var rows []core.Row
	if logo, ok := logoDeDatos(r.LogoURL); ok {
		rows = append(rows, image.NewFromBytesRow(pdfAltoLogo, logo.datos, logo.ext, props.Rect{Center: centrado, Percent: 100}))
	}
	negrita := props.Text{Align: al, Size: tamano, Style: fontstyle.Bold, Top: 1}
	rows = append(rows, text.NewAutoRow(r.Empresa, negrita), text.NewAutoRow(TituloReporteCaja(r.Reporte), negrita))
	if r.Reporte.Faltante {
		rows = append(rows, text.NewAutoRow("FALTANTE", negrita))
	}
	return rows
}

// reporteCaja80mm stacks the figures: one block per payment method, then the
// totals, each a label and an amount per line (80 mm has no room for a table).
func reporteCaja80mm(r ReporteCajaImpreso) []core.Row {
	rows := encabezadoReporteCaja(r, 12, true)
	dato := func(etiqueta, valor string, estilo fontstyle.Type) core.Row {
		return row.New().Add(text.NewCol(6, etiqueta, props.Text{Size: 9, Style: estilo, Top: 1}),
			text.NewCol(6, valor, props.Text{Size: 9, Align: align.Right, Style: estilo, Top: 1}))
	}
	for _, d := range datosReporteCaja(r) {
		rows = append(rows, dato(d[0], d[1], fontstyle.Normal))
	}
	bloque := func(titulo string, c domain.CifrasLineaCaja) {
		rows = append(rows, row.New(2).Add(col.New()),
			text.NewAutoRow(titulo, props.Text{Size: 10, Style: fontstyle.Bold, Top: 1}))
		for i, v := range valoresReporteCaja(c) {
			estilo := fontstyle.Normal
			if conceptosReporteCaja[i] == "Esperado" || conceptosReporteCaja[i] == "Diferencia" {
				estilo = fontstyle.Bold
			}
			rows = append(rows, dato(conceptosReporteCaja[i], v, estilo))
		}
	}
	for _, l := range r.Reporte.PorMedioPago {
		bloque(l.MedioPago, l.CifrasLineaCaja)
	}
	bloque("Totales", r.Reporte.Totales)
	if refs := referenciasImpresas(r); len(refs) > 0 {
		rows = append(rows, row.New(2).Add(col.New()), text.NewAutoRow(TituloReferencias, props.Text{Size: 10, Style: fontstyle.Bold, Top: 1}))
		for _, m := range refs {
			rows = append(rows, dato(m[0]+" "+m[1], m[3], fontstyle.Normal), text.NewAutoRow(m[4], props.Text{Size: 8, Top: 0.5}))
		}
	}
	lineas, hechos := conteoZ(r)
	if hechos == nil {
		return rows
	}
	rows = append(rows, row.New(2).Add(col.New()), text.NewAutoRow("Conteo del cierre", props.Text{Size: 10, Style: fontstyle.Bold, Top: 1}))
	for _, l := range lineas {
		rows = append(rows, row.New().Add(text.NewCol(6, l[0], props.Text{Size: 9, Top: 1}),
			text.NewCol(2, l[1], props.Text{Size: 9, Align: align.Right, Top: 1}),
			text.NewCol(4, l[2], props.Text{Size: 9, Align: align.Right, Top: 1})))
	}
	for _, h := range hechos {
		rows = append(rows, text.NewAutoRow(h[0]+": "+h[1], props.Text{Size: 9, Top: 1}))
	}
	return rows
}

// reporteCajaA4 lays the figures out as a table: a row per payment method
// and the totals, a column per figure.
func reporteCajaA4(r ReporteCajaImpreso) []core.Row {
	rows := encabezadoReporteCaja(r, 14, false)
	for _, d := range datosReporteCaja(r) {
		rows = append(rows, row.New().Add(text.NewCol(3, d[0], props.Text{Size: 10, Style: fontstyle.Bold, Top: 1}),
			text.NewCol(15, d[1], props.Text{Size: 10, Top: 1})))
	}
	rows = append(rows, row.New(4).Add(col.New(18)))
	celda := func(s string, ancho int, derecha, negrita bool) core.Col {
		p := props.Text{Size: 9, Top: 1, Bottom: 1, Left: 1, Right: 1}
		if derecha {
			p.Align = align.Right
		}
		if negrita {
			p.Style = fontstyle.Bold
		}
		return text.NewCol(ancho, s, p)
	}
	fila := func(primera string, valores []string, negrita bool) core.Row {
		cols := []core.Col{celda(primera, 2, false, negrita)}
		for _, v := range valores {
			cols = append(cols, celda(v, 2, true, negrita))
		}
		return row.New().Add(cols...)
	}
	rows = append(rows, fila("Medio de pago", conceptosReporteCaja, true).
		WithStyle(&props.Cell{BackgroundColor: &props.Color{Red: 225, Green: 232, Blue: 240}}))
	for _, l := range r.Reporte.PorMedioPago {
		rows = append(rows, fila(l.MedioPago, valoresReporteCaja(l.CifrasLineaCaja), false))
	}
	rows = append(rows, fila("Totales", valoresReporteCaja(r.Reporte.Totales), true))
	if refs := referenciasImpresas(r); len(refs) > 0 {
		rows = append(rows, row.New(4).Add(col.New(18)),
			text.NewAutoRow(TituloReferencias, props.Text{Size: 11, Style: fontstyle.Bold, Top: 1}))
		anchos := [5]int{2, 3, 6, 2, 5}
		linea := func(m [5]string, negrita bool) core.Row {
			var cols []core.Col
			for i, v := range m {
				cols = append(cols, celda(v, anchos[i], i == 3, negrita))
			}
			return row.New().Add(cols...)
		}
		rows = append(rows, linea([5]string{"Hora", "Medio de pago", "Descripción", "Monto", "Referencia"}, true))
		for _, m := range refs {
			rows = append(rows, linea(m, false))
		}
	}
	lineas, hechos := conteoZ(r)
	if hechos == nil {
		return rows
	}
	rows = append(rows, row.New(4).Add(col.New(18)),
		text.NewAutoRow("Conteo del cierre", props.Text{Size: 11, Style: fontstyle.Bold, Top: 1}))
	for _, l := range lineas {
		rows = append(rows, row.New().Add(celda(l[0], 4, false, false), celda(l[1], 2, true, false), celda(l[2], 3, true, false)))
	}
	for _, h := range hechos {
		rows = append(rows, row.New().Add(celda(h[0], 4, false, true), celda(h[1], 14, false, false)))
	}
	return rows
}
