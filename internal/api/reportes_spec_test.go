package api

import (
	"net/http"
	"strings"
	"testing"
)

// llamadasDeReportesDeLaSpec are the report calls of backoffice §7 ("Reports
// and audit") as a client written from the specification sends them, with the
// spec's parameter names, and the period each must answer (today is
// 2026-11-20 in the test's clock; "" for an answer that states none).
var llamadasDeReportesDeLaSpec = []struct {
	ruta         string
	desde, hasta string
}{
	{"/api/reportes/estadisticas?periodo=hoy", "2026-11-20", "2026-11-20"},
	{"/api/reportes/estadisticas?periodo=mes", "2026-11-01", "2026-11-30"},
	{"/api/reportes/estadisticas?periodo=a%C3%B1o", "2026-01-01", "2026-12-31"},
	{"/api/reportes/graficos/kpis?inicio=2026-11-01&fin=2026-11-15", "2026-11-01", "2026-11-15"},
	{"/api/reportes/graficos/kpis?mes=10&a%C3%B1o=2026", "2026-10-01", "2026-10-31"},
	{"/api/reportes/graficos/kpis?a%C3%B1o=2025", "2025-01-01", "2025-12-31"},
	{"/api/reportes/graficos/ingresos-mensuales?meses=3", "2026-09-01", "2026-11-30"},
	{"/api/reportes/graficos/ingresos-mensuales?meses=6", "2026-06-01", "2026-11-30"},
	{"/api/reportes/graficos/ingresos-mensuales?meses=12", "2025-12-01", "2026-11-30"},
	{"/api/reportes/graficos/ventas-periodo?inicio=2026-11-01&fin=2026-11-15&agrupar=dia", "2026-11-01", "2026-11-15"},
	{"/api/reportes/ventas-detalladas?inicio=2026-11-01&fin=2026-11-15&pagina=1&limite=10", "2026-11-01", "2026-11-15"},
	{"/api/reportes/ventas-detalladas?mes=11&a%C3%B1o=2026&pagina=2&limite=15", "2026-11-01", "2026-11-30"},
	{"/api/reportes/excel?inicio=2026-11-01&fin=2026-11-15", "2026-11-01", "2026-11-15"},
	{"/api/reportes/caja/estadisticas?fecha_inicio=2026-11-01&fecha_fin=2026-11-15&pagina=1&limite=15",
		"2026-11-01", "2026-11-15"},
	{"/api/reportes/pasajeros/estadisticas?fecha_inicio=2026-11-01&fecha_fin=2026-11-15", "2026-11-01", "2026-11-15"},
	{"/api/reportes/pasajeros?fecha_inicio=2026-11-01&fecha_fin=2026-11-15&pagina=1&limite=15", "2026-11-01", "2026-11-15"},
	{"/api/reportes/pasajeros/rutas-populares?limite=5&periodo=mes", "2026-11-01", "2026-11-30"},
	{"/api/reportes/pasajeros/rutas-populares?limite=5&periodo=ano", "2026-01-01", "2026-12-31"},
	// todo: the longest period a report reads, the last domain.MaxDiasRango days
	{"/api/reportes/pasajeros/rutas-populares?limite=5&periodo=todo", "2025-11-20", "2026-11-20"},
}

// TestReportCallsOfTheSpecAreAnswered sends every report call of the spec
// with the spec's parameters and expects 200 over the period they name.
func TestReportCallsOfTheSpecAreAnswered(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.pasajerosDelReporte()
		admin := e.token("admin")
		for _, c := range llamadasDeReportesDeLaSpec {
			r := e.do("GET", c.ruta, admin, nil)
			if r.Status != http.StatusOK {
				t.Errorf("GET %s: %d %s", c.ruta, r.Status, r.Message)
				continue
			}
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				// a file names its period: reporte-ventas-{desde}_{hasta}-{hoy}.csv
				if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, c.desde+"_"+c.hasta) {
					t.Errorf("GET %s: archivo %q, esperaba el período %s_%s", c.ruta, cd, c.desde, c.hasta)
				}
				continue
			}
			var d struct{ Periodo PeriodoReporte }
			r.decode(t, &d)
			if d.Periodo.Desde != c.desde || d.Periodo.Hasta != c.hasta {
				t.Errorf("GET %s: período %s – %s, esperaba %s – %s", c.ruta, d.Periodo.Desde, d.Periodo.Hasta, c.desde, c.hasta)
			}
		}
	})
}

// TestReportParameterAndItsSpecNameMustAgree: a parameter and its spec name
// given together must say the same (a 400 that names both otherwise).
func TestReportParameterAndItsSpecNameMustAgree(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		r := e.do("GET", "/api/reportes/pasajeros?inicio=2026-11-01&fecha_inicio=2026-11-02&fin=2026-11-15", admin, nil)
		r.expect(t, http.StatusBadRequest, "Los parámetros inicio y fecha_inicio tienen valores distintos: indique uno solo")
		r = e.do("GET", "/api/reportes/pasajeros?inicio=2026-11-01&fecha_inicio=2026-11-01&fin=2026-11-15", admin, nil)
		r.expect(t, http.StatusOK, "")
		r = e.do("GET", "/api/reportes/estadisticas?periodo=rango&fecha_inicio=2026-11-01", admin, nil)
		r.expect(t, http.StatusBadRequest, "Indicá la fecha de inicio y la de fin del rango")
	})
}
