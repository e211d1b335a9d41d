package api

import (
	"context"
	"fmt"
	"html"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// resumenCajas adds up the registers of the company e in the period c asks
// for (the daily register mail's figures).
func (s *Server) resumenCajas(ctx context.Context, e store.Empresa, c ConsultaPeriodo) (domain.ResumenCajas, *time.Location, error) {
	p, loc, err := s.periodoDe(e, c)
	if err != nil {
		return domain.ResumenCajas{}, nil, err
	}
	res, err := s.Store.ResumenCajas(ctx, e.ID, filtroCajas(p, loc))
	return res, loc, err
}

// Styles of the mail's tables: inline, as mail readers drop style sheets.
const (
	estiloTabla  = `style="border-collapse:collapse;font-family:Arial,sans-serif;font-size:13px;margin:0 0 16px"`
	estiloCelda  = `style="border:1px solid #d1d5db;padding:4px 8px;text-align:left"`
	estiloMonto  = `style="border:1px solid #d1d5db;padding:4px 8px;text-align:right;white-space:nowrap"`
	estiloTitulo = `style="font-family:Arial,sans-serif;font-size:15px;margin:16px 0 8px"`
)

// cuerpoResumenCajas is the HTML of what an owner reads of the day's
// registers: the takings per payment method (sold, collected, counted and
// the difference) with their totals, then each register's Z line.
func cuerpoResumenCajas(res domain.ResumenCajas, loc *time.Location) string {
	if len(res.Cajas) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<h2 %s>Recaudación por medio de pago</h2><table %s>`, estiloTitulo, estiloTabla)
	filaHTML(&b, true, "Medio de pago", "Vendido", "Cobrado", "Contado", "Diferencia")
	for _, m := range append(res.PorMedio, res.Totales) {
		filaHTML(&b, m.MedioPago == res.Totales.MedioPago, m.MedioPago, m.Vendido.String(), m.Cobrado.String(),
			montoOpcional(m.Contado), montoOpcional(m.Diferencia))
	}
	fmt.Fprintf(&b, `</table><h2 %s>Cajas del período (reporte Z)</h2><table %s>`, estiloTitulo, estiloTabla)
	filaHTML(&b, true, "N° Z", "Cajero", "Apertura", "Cierre", "Vendido", "Efectivo contado", "Diferencia", "Aprobó la diferencia")
	fecha := func(t time.Time) string { return t.In(loc).Format("02/01/2006 15:04") }
	for _, z := range res.Cajas {
		numero, cierre := "—", "Abierta"
		if z.NumeroZ != nil {
			numero = fmt.Sprint(*z.NumeroZ)
		}
		if z.FechaCierre != nil {
			cierre = fecha(*z.FechaCierre)
		}
		filaHTML(&b, false, numero, z.Usuario, fecha(z.FechaApertura), cierre, z.Vendido.String(),
			montoOpcional(z.Contado), montoOpcional(z.Diferencia), z.AprobadoPor)
	}
	b.WriteString("</table>")
	return b.String()
}

// filaHTML writes one table row, escaped: the first cell as text, the others
// right-aligned (amounts and dates), all in bold for a heading or a total.
func filaHTML(b *strings.Builder, negrita bool, celdas ...string) {
	b.WriteString("<tr>")
	for i, c := range celdas {
		estilo := estiloMonto
		if i == 0 {
			estilo = estiloCelda
		}
		if negrita {
			c = "<strong>" + html.EscapeString(c) + "</strong>"
		} else {
			c = html.EscapeString(c)
		}
		fmt.Fprintf(b, "<td %s>%s</td>", estilo, c)
	}
	b.WriteString("</tr>")
}

// montoOpcional is an amount as the mail reads it, '—' when there is none.
func montoOpcional(m *domain.Centavos) string {
	if m == nil {
		return "—"
	}
	return m.String()
}
