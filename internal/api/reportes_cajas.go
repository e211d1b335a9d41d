package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/impresion"
	"muelle/internal/store"
)

// The register report (backoffice §2.15 'Cash-register report', issue 23
// item 3): the registers opened in a period with their figures, and each
// register's report, X while open, Z once closed.

// ConsultaImprimirReporteCaja is the paper a register report prints on.
type ConsultaImprimirReporteCaja struct {
	Formato string `query:"formato" enum:"80mm,a4" default:"80mm" description:"80mm (por defecto) o a4"`
}

// EstadisticasReporteCajas are the register report's cards: registers open
// and closed, their cash (counted at the close, expected now while open) and
// how many movements they hold.
type EstadisticasReporteCajas struct {
	CajasAbiertas    int64           `json:"cajasAbiertas"`
	CajasCerradas    int64           `json:"cajasCerradas"`
	TotalEfectivo    domain.Centavos `json:"totalEfectivo"`
	TotalMovimientos int64           `json:"totalMovimientos"`
}

// FilaReporteCajas is one register of the register report.
type FilaReporteCajas struct {
	ID            int64              `json:"id"`
	Usuario       domain.UsuarioCaja `json:"usuario"`
	FechaApertura time.Time          `json:"fecha_apertura"`
	FechaCierre   *time.Time         `json:"fecha_cierre"`
	MontoApertura domain.Centavos    `json:"monto_apertura"`
	MontoCierre   *domain.Centavos   `json:"monto_cierre"`
	Diferencia    *domain.Centavos   `json:"diferencia"`
	Estado        string             `json:"estado" enum:"abierta,cerrada"`
	NumeroZ       *int64             `json:"numero_z"`
}

// ReporteCajas is the register report of a period: its cards, one page of
// its registers (newest opening first) and the page.
type ReporteCajas struct {
	Periodo      PeriodoReporte           `json:"periodo"`
	Estadisticas EstadisticasReporteCajas `json:"estadisticas"`
	Data         []FilaReporteCajas       `json:"data"`
	Paginacion   PaginacionReporte        `json:"paginacion"`
}

// ReporteCaja is one register's report (domain.ReporteCaja): X while open,
// the Z stored at its close once closed.
type ReporteCaja = domain.ReporteCaja

func filaReporteCajasDe(k store.FilaReporteCajas) FilaReporteCajas {
	return FilaReporteCajas{ID: k.ID, Usuario: k.Usuario, FechaApertura: k.FechaApertura, FechaCierre: k.FechaCierre,
		MontoApertura: k.MontoApertura, MontoCierre: k.MontoCierre, Diferencia: k.Diferencia, Estado: k.Estado,
		NumeroZ: k.NumeroZ}
}

// filtroReporteCajas is the store's filter of the period c asks for: the
// registers opened in its business days, in the company's time zone.
func (s *Server) filtroReporteCajas(r *http.Request, c ConsultaPeriodo) (domain.Periodo, *time.Location, store.FiltroReporteCajas, error) {
	p, loc, err := s.periodoReporte(r, c)
	if err != nil {
		return p, loc, store.FiltroReporteCajas{}, err
	}
	return p, loc, filtroCajas(p, loc), nil
}

// filtroCajas is the store's filter of the registers opened in the business
// days of p, in the time zone loc.
func filtroCajas(p domain.Periodo, loc *time.Location) store.FiltroReporteCajas {
	desde, hasta := p.Limites(loc)
	return store.FiltroReporteCajas{Desde: desde, Hasta: hasta}
}

// estadisticasReporteCajas answers the register report of a period.
func (s *Server) estadisticasReporteCajas(r *http.Request, c ConsultaPaginaReporte) (ReporteCajas, error) {
	p, _, f, err := s.filtroReporteCajas(r, c.ConsultaPeriodo)
	if err != nil {
		return ReporteCajas{}, err
	}
	empresaID := actorFrom(r).EmpresaID()
	est, err := s.Store.EstadisticasReporteCajas(r.Context(), empresaID, f)
	if err != nil {
		return ReporteCajas{}, err
	}
	pagina := max(c.Pagina, 1)
	filas, total, err := s.Store.ReporteCajas(r.Context(), empresaID, f, paginaDe(pagina, c.Limite))
	return ReporteCajas{Periodo: estePeriodo(p, c.Base),
		Estadisticas: EstadisticasReporteCajas{CajasAbiertas: est.Abiertas, CajasCerradas: est.Cerradas,
			TotalEfectivo: est.TotalEfectivo, TotalMovimientos: est.TotalMovimientos},
		Data: mapRows(filas, filaReporteCajasDe), Paginacion: paginacionReporte(pagina, c.Limite, total)}, err
}

// reporteCaja answers one register's report: the X of an open register,
// computed now, or the Z of a closed one, as it was stored at its close.
func (s *Server) reporteCaja(r *http.Request) (ReporteCaja, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return ReporteCaja{}, err
	}
	return s.Store.ReporteCaja(r.Context(), actorFrom(r).EmpresaID(), id)
}

// imprimirReporteCaja answers one register's report as a PDF for the 80 mm
// ticket printer or an A4 page, named reporte-z-{n}.pdf (reporte-x-caja-{id}
// while open, reporte-caja-{id} for a register closed without a Z).
func (s *Server) imprimirReporteCaja(r *http.Request, c ConsultaImprimirReporteCaja) (archivo, error) {
	rep, err := s.reporteCaja(r)
	if err != nil {
		return archivo{}, err
	}
	e, loc, err := s.zonaDe(r)
	if err != nil {
		return archivo{}, err
	}
	t, err := s.conLogoGuardado(r, impresion.Ticket{LogoURL: e.LogoURL})
	if err != nil {
		return archivo{}, err
	}
	pdf, err := impresion.ReporteCajaPDF(impresion.ReporteCajaImpreso{Empresa: e.Nombre, LogoURL: t.LogoURL,
		Reporte: rep, Zona: loc}, c.Formato)
	nombre := fmt.Sprintf("reporte-caja-%d.pdf", rep.CajaID)
	switch {
	case rep.NumeroZ != nil:
		nombre = fmt.Sprintf("reporte-z-%d.pdf", *rep.NumeroZ)
	case rep.Estado == domain.CajaAbierta:
		nombre = fmt.Sprintf("reporte-x-caja-%d.pdf", rep.CajaID)
	}
	return bytesDe(mediaPDF, nombre, pdf), err
}

// columnasReporteCajas are the columns of the register report's export.
var columnasReporteCajas = []string{"Usuario", "Fecha Apertura", "Fecha Cierre", "Monto Apertura", "Monto Cierre",
	"Diferencia", "Estado", "N° Z"}

// exportarReporteCajas is the company e's registers of the period as a CSV, XLSX or PDF
// file named reporte-cajas-{period}-{today}.{ext}, streamed row by row from
// the store (a PDF holds at most maxFilasPDF rows).
func (s *Server) exportarReporteCajas(ctx context.Context, e store.Empresa, c ConsultaExportarReporte) (archivo, error) {
	p, loc, err := s.periodoDe(e, c.ConsultaPeriodo)
	if err != nil {
		return archivo{}, err
	}
	f := filtroCajas(p, loc)
	est, err := s.Store.EstadisticasReporteCajas(ctx, e.ID, f)
	if err != nil {
		return archivo{}, err
	}
	if est.Abiertas+est.Cerradas == 0 {
		return archivo{}, domain.NotFound(MsgSinDatosExportar)
	}
	var tope int64
	if c.Formato == "pdf" {
		tope = maxFilasPDF
	}
	totales := []export.Fact{
		{Label: "Cajas abiertas", Value: strconv.FormatInt(est.Abiertas, 10)},
		{Label: "Cajas cerradas", Value: strconv.FormatInt(est.Cerradas, 10)},
		{Label: "Efectivo total", Value: est.TotalEfectivo.String()},
		{Label: "Total movimientos", Value: strconv.FormatInt(est.TotalMovimientos, 10)}}
	t := export.Table{Title: "Reporte de Cajas", Columns: columnasReporteCajas}
	// dates typed (an XLSX sorts and subtracts them), in the company's zone
	fecha := func(t time.Time) export.Cell { return export.DateTime(t.In(loc)) }
	filas := func(enc export.Encoder) error {
		fila := make([]export.Cell, 0, len(columnasReporteCajas))
		return s.Store.RecorrerReporteCajas(ctx, e.ID, f, tope, func(k store.FilaReporteCajas) error {
			cierre, montoCierre, dif, z := export.Text("Pendiente"), export.Text("N/A"), export.Text(""), export.Text("")
			if k.FechaCierre != nil {
				cierre = fecha(*k.FechaCierre)
			}
			if k.MontoCierre != nil {
				montoCierre = export.Money(*k.MontoCierre)
			}
			if k.Diferencia != nil {
				dif = export.Money(*k.Diferencia)
			}
			if k.NumeroZ != nil {
				z = export.Number(*k.NumeroZ)
			}
			fila = append(fila[:0], export.Text(k.Usuario.Nombre), fecha(k.FechaApertura), cierre,
				export.Money(k.MontoApertura), montoCierre, dif, export.Text(estadoCaja(k.Estado)), z)
			return enc.Encode(fila)
		})
	}
	return s.archivoReporte(ctx, e, c.Formato, "reporte-cajas", p, "", t, totales, filas)
}

// estadoCaja is a register's state as the report shows it.
func estadoCaja(estado string) string {
	if estado == domain.CajaAbierta {
		return "Abierta"
	}
	return "Cerrada"
}
