package api

import (
	"context"
	"io"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/store"
)

// The date a report places each ticket by (backoffice §2.15): the day it was
// sold, the default, or the day it travels.
const (
	BaseVenta = "venta"
	BaseViaje = "viaje"
)

// ConsultaPeriodo is the period filter every report shares (backoffice §4:
// hoy, rango, mes, año; §5: years 2020–2030) and the date basis its figures
// use. Days are business days of the caller's company. The names the spec's
// calls use (backoffice §7: fecha_inicio, fecha_fin, año; periodo=ano, todo;
// no periodo at all) are accepted beside these: aliases of the parameters,
// and domain.PeriodoDe for the kinds.
type ConsultaPeriodo struct {
	Periodo string `query:"periodo" enum:"hoy,rango,mes,año,ano,todo" description:"hoy, rango (inicio y fin), mes (mes y anio; sin ellos, el mes actual), año o ano (anio; sin él, el actual) o todo (los últimos 366 días). Sin periodo: rango si hay inicio o fin, mes si hay mes, año si hay anio, si no hoy"`
	Inicio  string `query:"inicio" format:"date" description:"Primer día del rango (AAAA-MM-DD)"`
	Fin     string `query:"fin" format:"date" description:"Último día del rango (AAAA-MM-DD), incluido"`
	Mes     int64  `query:"mes" minimum:"1" maximum:"12" description:"Mes del período mes, de 1 a 12"`
	Anio    int64  `query:"anio" minimum:"2020" maximum:"2030" description:"Año del período mes o año"`
	Base    string `query:"base" enum:"venta,viaje" default:"venta" description:"Qué fecha ubica cada pasaje: la de venta o la de viaje"`

	FechaInicio string `query:"fecha_inicio" format:"date" alias:"inicio" description:"inicio con el nombre de la especificación"`
	FechaFin    string `query:"fecha_fin" format:"date" alias:"fin" description:"fin con el nombre de la especificación"`
	AnioSpec    int64  `query:"año" minimum:"2020" maximum:"2030" alias:"anio" description:"anio con el nombre de la especificación"`
}

// ConsultaPaginaReporte is a report's period and a page of its list
// (backoffice §9: 15 rows, 10 in the advanced reports; at most maxLimiteReporte).
type ConsultaPaginaReporte struct {
	ConsultaPeriodo
	Pagina int64 `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limite int64 `query:"limite" minimum:"1" maximum:"100" default:"15" description:"Filas por página, de 1 a 100"`
}

// ConsultaExportarReporte is a report's period and the format of its file.
type ConsultaExportarReporte struct {
	ConsultaPeriodo
	Formato string `query:"formato" enum:"csv,xlsx,pdf" default:"csv" description:"csv (por defecto, para Excel), xlsx o pdf"`
}

// maxFilasPDF bounds the rows of a report's PDF: a PDF is laid out in memory
// (export.PDFEncoder), and a thousand rows already take seconds. The heading
// says when the table holds only the first rows; CSV and XLSX hold them all.
const maxFilasPDF = 1000

// PeriodoReporte is the period a report covers, as its answer states it: the
// kind, the first and last business day, and the date basis.
type PeriodoReporte struct {
	Tipo  string `json:"tipo" enum:"hoy,rango,mes,año,todo"`
	Desde string `json:"desde" format:"date"`
	Hasta string `json:"hasta" format:"date"`
	Base  string `json:"base" enum:"venta,viaje"`
}

// periodoReporte is the period c asks for in the caller's company (periodoDe).
func (s *Server) periodoReporte(r *http.Request, c ConsultaPeriodo) (domain.Periodo, *time.Location, error) {
	e, _, err := s.Store.Empresa(r.Context(), actorFrom(r).EmpresaID())
	if err != nil {
		return domain.Periodo{}, nil, err
	}
	return s.periodoDe(e, c)
}

// periodoDe is the period c asks for in the company e, "today" being the
// company's business day now, and the company's time zone, which turns its
// days into instants (domain.Periodo.Limites).
func (s *Server) periodoDe(e store.Empresa, c ConsultaPeriodo) (domain.Periodo, *time.Location, error) {
	loc := domain.Location(e.Timezone)
	p, err := domain.PeriodoDe(domain.PedidoPeriodo{Tipo: c.Periodo, Inicio: c.Inicio, Fin: c.Fin,
		Mes: int(c.Mes), Anio: int(c.Anio)}, domain.DiaDe(s.Store.Now(), loc).Fecha)
	return p, loc, err
}

// estePeriodo is p as an answer states it, on the basis base ("" is the sale date).
func estePeriodo(p domain.Periodo, base string) PeriodoReporte {
	if base == "" {
		base = BaseVenta
	}
	return PeriodoReporte{Tipo: p.Tipo, Desde: p.Desde, Hasta: p.Hasta, Base: base}
}

// PaginacionReporte is the page of a paged report (REPORTES contract): the
// page number from 1, its size, how many rows the report holds and in how
// many pages.
type PaginacionReporte struct {
	Pagina       int64 `json:"pagina"`
	Limite       int64 `json:"limite"`
	Total        int64 `json:"total"`
	TotalPaginas int64 `json:"totalPaginas"`
}

// paginacionReporte is page pagina of limite rows over total rows.
func paginacionReporte(pagina, limite, total int64) PaginacionReporte {
	return PaginacionReporte{Pagina: max(pagina, 1), Limite: limite, Total: total, TotalPaginas: (total + limite - 1) / limite}
}

// The file formats of a report's export (?formato=).
const (
	FormatoCSV  = "csv"
	FormatoXLSX = "xlsx"
	FormatoPDF  = "pdf"
)

// nombreBase names the date basis in a PDF's heading.
func nombreBase(base string) string {
	if base == BaseViaje {
		return "Fecha de viaje"
	}
	return "Fecha de venta"
}

// generadorReporte builds the file of a report of the company e (the
// exportar* functions): it reads no request, so a download (descarga), a
// report's mail and a schedule's send (reporteEnMemoria) build the same file.
type generadorReporte func(ctx context.Context, e store.Empresa, c ConsultaExportarReporte) (archivo, error)

// descarga is the download route of the report g builds: the caller's company's.
func (s *Server) descarga(g generadorReporte) func(*http.Request, ConsultaExportarReporte) (archivo, error) {
	return func(r *http.Request, c ConsultaExportarReporte) (archivo, error) {
		e, _, err := s.zonaDe(r)
		if err != nil {
			return archivo{}, err
		}
		return g(r.Context(), e, c)
	}
}

// archivoReporte is the company e's report export in formato, downloaded as
// {prefijo}-{p.Nombre()}-{today}.{ext}: the table t whose rows filas hands the
// encoder one at a time as they are read. The PDF states the company (name
// and logo), the period, the date basis (none for a report not placed by a
// ticket's date: base "") and the key figures totales.
func (s *Server) archivoReporte(ctx context.Context, e store.Empresa, formato, prefijo string, p domain.Periodo,
	base string, t export.Table, totales []export.Fact, filas func(export.Encoder) error) (archivo, error) {
	hoy := domain.DiaDe(s.Store.Now(), domain.Location(e.Timezone)).Fecha
	nombre := prefijo + "-" + p.Nombre() + "-" + hoy + "."
	switch formato {
	case FormatoXLSX:
		return exportar(mediaXLSX, nombre+FormatoXLSX, func(w io.Writer) export.Encoder { return export.NewXLSXEncoder(w, t) },
			filas), nil
	case FormatoPDF:
		h := export.PDFHeading{Company: e.Nombre, Facts: []export.Fact{
			{Label: "Período", Value: domain.FechaAR(p.Desde) + " – " + domain.FechaAR(p.Hasta)}}}
		if base != "" {
			h.Facts = append(h.Facts, export.Fact{Label: "Fecha base", Value: nombreBase(base)})
		}
		h.Facts = append(h.Facts, totales...)
		logo, ok, err := s.Store.LogoDeEmpresa(ctx, e.ID)
		if err != nil {
			return archivo{}, err
		}
		if ok && (logo.Tipo == "image/png" || logo.Tipo == "image/jpeg") {
			h.Logo, h.LogoPNG = logo.Datos, logo.Tipo == "image/png"
		}
		return exportar(mediaPDF, nombre+FormatoPDF, func(w io.Writer) export.Encoder { return export.NewPDFEncoder(w, t, h) },
			filas), nil
	default:
		return exportarCSV(nombre+FormatoCSV, t, filas), nil
	}
}
