package api

import (
	"cmp"
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/store"
)

// The passenger report (backoffice §2.15, §3, §7): who travelled in the
// period, how often, the most frequent passengers, the routes they take. A
// passenger is the customer of a ticket, and a ticket sold without a document
// a passenger of its own, never named (store.FiltroPasajerosPeriodo).

// ConsultaRutasPopulares is how many popular routes of a period to answer.
type ConsultaRutasPopulares struct {
	ConsultaPeriodo
	Limite int64 `query:"limite" minimum:"1" maximum:"20" default:"5" description:"Cuántas rutas"`
}

// CifrasPasajeros are the report's key figures.
type CifrasPasajeros struct {
	// TotalPasajeros are every registered customer who travelled, once, and every ticket without one.
	TotalPasajeros int64 `json:"totalPasajeros"`
	// TotalViajes are the period's tickets not cancelled.
	TotalViajes int64 `json:"totalViajes"`
	// PromedioViajesPorCliente is trips per passenger, one decimal (0 with no passenger).
	PromedioViajesPorCliente float64 `json:"promedioViajesPorCliente"`
	// PasajerosRegistrados are the passengers who are the company's customers (a sale with their document).
	PasajerosRegistrados int64 `json:"pasajerosRegistrados"`
	// ClientesNuevos are the registered passengers with no trip before the period (on the same date basis).
	ClientesNuevos int64 `json:"clientesNuevos"`
}

// ClienteTop is one of 'Pasajeros Frecuentes (Top 10)'.
type ClienteTop struct {
	ID           int64           `json:"id"`
	Nombre       string          `json:"nombre"`
	Documento    string          `json:"documento"`
	Telefono     string          `json:"telefono"`
	TotalViajes  int64           `json:"total_viajes"`
	TotalGastado domain.Centavos `json:"total_gastado"`
	// UltimoViaje is the last day the passenger travels within the period.
	UltimoViaje string `json:"ultimo_viaje" format:"date"`
}

// EstadisticasPasajeros answers GET /reportes/pasajeros/estadisticas.
type EstadisticasPasajeros struct {
	Periodo      PeriodoReporte  `json:"periodo"`
	Estadisticas CifrasPasajeros `json:"estadisticas"`
	ClientesTop  []ClienteTop    `json:"clientesTop"`
}

// PasajeroReporte is one row of the passenger list.
type PasajeroReporte struct {
	ID          int64  `json:"id"`
	Nombre      string `json:"nombre"`
	Documento   string `json:"documento"`
	Telefono    string `json:"telefono"`
	Email       string `json:"email"`
	TotalViajes int64  `json:"total_viajes"`
}

// ListadoPasajeros answers GET /reportes/pasajeros.
type ListadoPasajeros struct {
	Periodo    PeriodoReporte    `json:"periodo"`
	Pasajeros  []PasajeroReporte `json:"pasajeros"`
	Paginacion PaginacionReporte `json:"paginacion"`
}

// Referencia is a catalogue entry named in a report: its id and name.
type Referencia struct {
	ID     int64  `json:"id"`
	Nombre string `json:"nombre"`
}

// RutaPopular is a section × trip type with its tickets, distinct passengers and income.
type RutaPopular struct {
	Seccion        Referencia      `json:"seccion"`
	TipoViaje      Referencia      `json:"tipoViaje"`
	TotalPasajes   int64           `json:"total_pasajes"`
	TotalPasajeros int64           `json:"total_pasajeros"`
	TotalIngresos  domain.Centavos `json:"total_ingresos"`
}

// RutasPopulares answers GET /reportes/pasajeros/rutas-populares.
type RutasPopulares struct {
	Periodo        PeriodoReporte `json:"periodo"`
	RutasPopulares []RutaPopular  `json:"rutas_populares"`
}

// filtroPasajeros resolves the period of c in the caller's company.
func (s *Server) filtroPasajeros(r *http.Request, c ConsultaPeriodo) (store.FiltroPasajerosPeriodo, error) {
	p, loc, err := s.periodoReporte(r, c)
	return filtroPasajerosDe(p, loc, c.Base), err
}

// filtroPasajerosDe is the store's filter of the period p of zone loc on the basis base.
func filtroPasajerosDe(p domain.Periodo, loc *time.Location, base string) store.FiltroPasajerosPeriodo {
	return store.FiltroPasajerosPeriodo{Periodo: p, Loc: loc, PorViaje: base == BaseViaje}
}

func cifrasPasajeros(e store.EstadisticasPasajeros) CifrasPasajeros {
	return CifrasPasajeros{TotalPasajeros: e.TotalPasajeros, TotalViajes: e.TotalViajes,
		PromedioViajesPorCliente: e.PromedioViajes(), PasajerosRegistrados: e.PasajerosRegistrados,
		ClientesNuevos: e.ClientesNuevos}
}

func (s *Server) estadisticasPasajeros(r *http.Request, c ConsultaPeriodo) (EstadisticasPasajeros, error) {
	f, err := s.filtroPasajeros(r, c)
	if err != nil {
		return EstadisticasPasajeros{}, err
	}
	empresaID := actorFrom(r).EmpresaID()
	est, err := s.Store.EstadisticasPasajeros(r.Context(), empresaID, f)
	if err != nil {
		return EstadisticasPasajeros{}, err
	}
	top, err := s.Store.ClientesTop(r.Context(), empresaID, f)
	return EstadisticasPasajeros{Periodo: estePeriodo(f.Periodo, c.Base), Estadisticas: cifrasPasajeros(est),
		ClientesTop: mapRows(top, func(p store.Pasajero) ClienteTop {
			return ClienteTop{ID: p.ID, Nombre: p.Nombre, Documento: p.Documento, Telefono: p.Telefono,
				TotalViajes: p.TotalViajes, TotalGastado: p.TotalGastado, UltimoViaje: p.UltimoViaje}
		})}, err
}

func (s *Server) listarPasajerosReporte(r *http.Request, c ConsultaPaginaReporte) (ListadoPasajeros, error) {
	f, err := s.filtroPasajeros(r, c.ConsultaPeriodo)
	if err != nil {
		return ListadoPasajeros{}, err
	}
	pg := paginaDe(c.Pagina, c.Limite)
	ps, total, err := s.Store.ListarPasajeros(r.Context(), actorFrom(r).EmpresaID(), f, pg)
	return ListadoPasajeros{Periodo: estePeriodo(f.Periodo, c.Base),
		Pasajeros: mapRows(ps, func(p store.Pasajero) PasajeroReporte {
			return PasajeroReporte{ID: p.ID, Nombre: p.Nombre, Documento: p.Documento, Telefono: p.Telefono,
				Email: p.Email, TotalViajes: p.TotalViajes}
		}), Paginacion: paginacionReporte(c.Pagina, c.Limite, total)}, err
}

func (s *Server) rutasPopulares(r *http.Request, c ConsultaRutasPopulares) (RutasPopulares, error) {
	f, err := s.filtroPasajeros(r, c.ConsultaPeriodo)
	if err != nil {
		return RutasPopulares{}, err
	}
	rutas, err := s.Store.RutasPopulares(r.Context(), actorFrom(r).EmpresaID(), f, int(c.Limite))
	return RutasPopulares{Periodo: estePeriodo(f.Periodo, c.Base), RutasPopulares: mapRows(rutas,
		func(x store.RutaPopular) RutaPopular {
			return RutaPopular{Seccion: Referencia{x.SeccionID, x.Seccion}, TipoViaje: Referencia{x.TipoViajeID, x.TipoViaje},
				TotalPasajes: x.TotalPasajes, TotalPasajeros: x.TotalPasajeros, TotalIngresos: x.TotalIngresos}
		})}, err
}

// columnasPasajeros are the columns of the passenger export: the report's
// table, then what each passenger spent and the last day they travel.
var columnasPasajeros = []string{"Nombre", "Documento", "Teléfono", "Email", "Total Viajes", "Total Gastado", "Último Viaje"}

// exportarPasajerosReporte is the company e's passengers of the period, ranked as the top
// list, as a CSV, XLSX or PDF streamed row by row from the database (a PDF,
// laid out in memory, holds at most store.MaxExportacion of them).
func (s *Server) exportarPasajerosReporte(ctx context.Context, e store.Empresa, c ConsultaExportarReporte) (archivo, error) {
	p, loc, err := s.periodoDe(e, c.ConsultaPeriodo)
	if err != nil {
		return archivo{}, err
	}
	f := filtroPasajerosDe(p, loc, c.Base)
	est, err := s.Store.EstadisticasPasajeros(ctx, e.ID, f)
	if err != nil {
		return archivo{}, err
	}
	if est.PasajerosRegistrados == 0 { // the file lists registered passengers: none, nothing to export (as the screen says)
		return archivo{}, domain.NotFound(MsgSinDatosExportar)
	}
	totales := []export.Fact{
		{Label: "Total Pasajeros", Value: miles(est.TotalPasajeros) + " (" + miles(est.PasajerosRegistrados) + " registrados)"},
		{Label: "Total Viajes", Value: miles(est.TotalViajes)},
		{Label: "Promedio Viajes/Cliente", Value: strings.Replace(strconv.FormatFloat(est.PromedioViajes(), 'f', 1, 64), ".", ",", 1)},
		{Label: "Clientes Nuevos", Value: miles(est.ClientesNuevos) + " registrados que no habían viajado antes"},
	}
	var tope int64
	if c.Formato == FormatoPDF {
		tope = maxFilasPDF
		if est.TotalPasajeros > maxFilasPDF {
			totales = append(totales, export.Fact{Label: "Detalle", Value: "los " + miles(maxFilasPDF) +
				" pasajeros más frecuentes de " + miles(est.TotalPasajeros) + " (el detalle completo, en Excel o CSV)"})
		}
	}
	t := export.Table{Title: "Reporte de Pasajeros", Columns: columnasPasajeros}
	return s.archivoReporte(ctx, e, c.Formato, "reporte-pasajeros", f.Periodo, cmp.Or(c.Base, BaseVenta), t, totales, func(enc export.Encoder) error {
		fila := make([]export.Cell, 0, len(columnasPasajeros))
		return s.Store.RecorrerPasajeros(ctx, e.ID, f, tope, func(p store.Pasajero) error {
			fila = append(fila[:0], export.Text(p.Nombre), export.Text(p.Documento), export.Text(p.Telefono),
				export.Text(p.Email), export.Number(p.TotalViajes), export.Money(p.TotalGastado), fechaCelda(p.UltimoViaje))
			return enc.Encode(fila)
		})
	})
}
