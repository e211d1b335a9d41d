package api

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
)

// pasajerosDelReporte sells, as vendedor of the first company (General on
// the first demo section, $ 4.500): on 10/11 one ticket to "Vieja"
// (document 100, travels 10/11); on 20/11 two to Vieja, one to a name that
// reads like a formula (document 200), one to "Cancelada" (document 300),
// which the supervisor cancels, and one without a document. The second
// company sells three tickets to its own customer of document 100.
func (e *env) pasajerosDelReporte() {
	e.t.Helper()
	t := e.t
	vender := func(nombre, documento, telefono, fecha string, n int) []pasajeJSON {
		b := e.lote(map[string]int{"General": n}, "Efectivo")
		b["cliente_nombre"], b["cliente_documento"], b["cliente_telefono"], b["fecha_viaje"] = nombre, documento, telefono, fecha
		r := e.sell(e.token("vendedor"), b, "")
		r.expect(t, http.StatusCreated, "")
		var d struct{ Pasajes []pasajeJSON }
		r.decode(t, &d)
		return d.Pasajes
	}
	hoy := e.now
	e.now = time.Date(2026, 11, 10, 13, 0, 0, 0, time.UTC)
	e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
	vender("Vieja", "100", "1144556677", "2026-11-10", 1)
	e.now = hoy
	vender("Vieja", "100", "", "2026-11-20", 2)
	vender(`=HYPERLINK("http://x")`, "200", "", "2026-11-20", 1)
	cancelada := vender("Cancelada", "300", "", "2026-11-20", 1)
	vender("Sin documento", "", "", "2026-11-20", 1)
	sup := e.token("supervisor")
	e.abrir(sup, 0).expect(t, http.StatusCreated, "")
	e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", cancelada[0].ID), sup, nil).expect(t, http.StatusOK, "")

	tok := e.token("vendedor2")
	e.abrir(tok, 0).expect(t, http.StatusCreated, "")
	body := map[string]any{"seccion_id": e.idOf(2, domain.CatSecciones, seccionDemo), "fecha_viaje": "2026-11-20",
		"medio_pago_id": e.idOf(2, domain.CatMediosPago, "Efectivo"), "cliente_nombre": "Intrusa", "cliente_documento": "100",
		"lineas": []map[string]any{{"tipo_viaje_id": e.idOf(2, domain.CatTiposViaje, "General"), "cantidad": 3}}}
	e.sell(tok, body, "").expect(t, http.StatusCreated, "")
}

type estadisticasPasajerosJSON struct {
	Periodo      PeriodoReporte `json:"periodo"`
	Estadisticas struct {
		TotalPasajeros           int64   `json:"totalPasajeros"`
		TotalViajes              int64   `json:"totalViajes"`
		PromedioViajesPorCliente float64 `json:"promedioViajesPorCliente"`
		PasajerosRegistrados     int64   `json:"pasajerosRegistrados"`
		ClientesNuevos           int64   `json:"clientesNuevos"`
	} `json:"estadisticas"`
	ClientesTop []struct {
		ID           int64   `json:"id"`
		Nombre       string  `json:"nombre"`
		Documento    string  `json:"documento"`
		Telefono     string  `json:"telefono"`
		TotalViajes  int64   `json:"total_viajes"`
		TotalGastado float64 `json:"total_gastado"`
		UltimoViaje  string  `json:"ultimo_viaje"`
	} `json:"clientesTop"`
}

func TestReportePasajeros(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.pasajerosDelReporte()
		admin := e.token("admin")
		vieja := e.count(`SELECT id FROM clientes WHERE empresa_id = 1 AND documento = '100'`)
		formula := e.count(`SELECT id FROM clientes WHERE empresa_id = 1 AND documento = '200'`)

		// Today: Vieja's two tickets, the formula's one and the one without a
		// document (a passenger of its own, not registered); Vieja travelled
		// before, so one new passenger. The cancelled ticket and the other
		// company's are not counted.
		r := e.do("GET", "/api/reportes/pasajeros/estadisticas", admin, nil)
		r.expect(t, http.StatusOK, "")
		var est estadisticasPasajerosJSON
		r.decode(t, &est)
		if est.Periodo != (PeriodoReporte{Tipo: "hoy", Desde: "2026-11-20", Hasta: "2026-11-20", Base: "venta"}) {
			t.Fatalf("periodo %+v", est.Periodo)
		}
		if s := est.Estadisticas; s.TotalPasajeros != 3 || s.TotalViajes != 4 || s.PromedioViajesPorCliente != 1.3 ||
			s.PasajerosRegistrados != 2 || s.ClientesNuevos != 1 {
			t.Fatalf("estadísticas %+v", s)
		}
		if len(est.ClientesTop) != 2 || est.ClientesTop[0].ID != vieja || est.ClientesTop[0].Nombre != "Vieja" ||
			est.ClientesTop[0].Documento != "100" || est.ClientesTop[0].Telefono != "1144556677" ||
			est.ClientesTop[0].TotalViajes != 2 || est.ClientesTop[0].TotalGastado != 9000 ||
			est.ClientesTop[0].UltimoViaje != "2026-11-20" || est.ClientesTop[1].ID != formula || est.ClientesTop[1].TotalGastado != 4500 {
			t.Fatalf("top %+v", est.ClientesTop)
		}
		if !strings.Contains(string(r.Data), `"total_gastado":9000.00`) {
			t.Fatalf("importe con dos decimales: %s", r.Data)
		}

		// The month: Vieja's first trip is in it, both are new; every ticket
		// of the month without a document (the env's own sales too) is a trip
		// and a passenger.
		e.do("GET", "/api/reportes/pasajeros/estadisticas?periodo=mes&mes=11&anio=2026", admin, nil).decode(t, &est)
		sinCliente := e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1 AND cliente_id IS NULL AND estado <> 'cancelado'
			AND created_at >= ? AND created_at < ?`, time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC), time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC))
		if s := est.Estadisticas; sinCliente < 1 || s.TotalPasajeros != 2+sinCliente || s.TotalViajes != 4+sinCliente ||
			s.PasajerosRegistrados != 2 || s.ClientesNuevos != 2 ||
			est.ClientesTop[0].TotalViajes != 3 || est.Periodo.Desde != "2026-11-01" || est.Periodo.Hasta != "2026-11-30" {
			t.Fatalf("mes %+v", est)
		}

		// The list: a page of one, then the second.
		var l struct {
			Periodo   PeriodoReporte `json:"periodo"`
			Pasajeros []struct {
				ID          int64  `json:"id"`
				Nombre      string `json:"nombre"`
				Documento   string `json:"documento"`
				Telefono    string `json:"telefono"`
				Email       string `json:"email"`
				TotalViajes int64  `json:"total_viajes"`
			} `json:"pasajeros"`
			Paginacion PaginacionReporte `json:"paginacion"`
		}
		r = e.do("GET", "/api/reportes/pasajeros?pagina=2&limite=1&base=viaje", admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &l)
		if len(l.Pasajeros) != 1 || l.Pasajeros[0].ID != formula || l.Pasajeros[0].TotalViajes != 1 ||
			l.Paginacion != (PaginacionReporte{Pagina: 2, Limite: 1, Total: 2, TotalPaginas: 2}) || l.Periodo.Base != "viaje" {
			t.Fatalf("listado %+v", l)
		}
		e.do("GET", "/api/reportes/pasajeros", admin, nil).decode(t, &l)
		if len(l.Pasajeros) != 2 || l.Paginacion != (PaginacionReporte{Pagina: 1, Limite: 15, Total: 2, TotalPaginas: 1}) {
			t.Fatalf("listado por defecto %+v", l)
		}

		// Popular routes.
		var rutas struct {
			RutasPopulares []RutaPopular `json:"rutas_populares"`
		}
		r = e.do("GET", "/api/reportes/pasajeros/rutas-populares?limite=5", admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &rutas)
		want := RutaPopular{Seccion: Referencia{e.idOf(1, domain.CatSecciones, seccionDemo), seccionDemo},
			TipoViaje: Referencia{e.idOf(1, domain.CatTiposViaje, "General"), "General"}, TotalPasajes: 4, TotalPasajeros: 3,
			TotalIngresos: 450000 * 4}
		if len(rutas.RutasPopulares) != 1 || rutas.RutasPopulares[0] != want {
			t.Fatalf("rutas %+v", rutas)
		}

		// The other company sees only its own passenger.
		e.do("GET", "/api/reportes/pasajeros/estadisticas", e.token("admin2"), nil).decode(t, &est)
		if est.Estadisticas.TotalPasajeros != 1 || est.Estadisticas.TotalViajes != 3 || est.ClientesTop[0].Nombre != "Intrusa" {
			t.Fatalf("otra empresa %+v", est)
		}

		// A seller has no report; bad parameters are 400 in Spanish.
		vend := e.token("vendedor")
		for _, path := range []string{"/api/reportes/pasajeros/estadisticas", "/api/reportes/pasajeros",
			"/api/reportes/pasajeros/rutas-populares", "/api/reportes/pasajeros/exportar"} {
			e.do("GET", path, vend, nil).expect(t, http.StatusForbidden, "")
		}
		e.do("GET", "/api/reportes/pasajeros?limite=101", admin, nil).
			expect(t, http.StatusBadRequest, "El parámetro limite no debe superar 100")
		e.do("GET", "/api/reportes/pasajeros/rutas-populares?limite=21", admin, nil).
			expect(t, http.StatusBadRequest, "El parámetro limite no debe superar 20")
		e.do("GET", "/api/reportes/pasajeros/estadisticas?base=otra", admin, nil).
			expect(t, http.StatusBadRequest, "El parámetro base debe ser uno de: venta, viaje")
		e.do("GET", "/api/reportes/pasajeros/exportar?formato=doc", admin, nil).
			expect(t, http.StatusBadRequest, "El parámetro formato debe ser uno de: csv, xlsx, pdf")
		e.do("GET", "/api/reportes/pasajeros/estadisticas?periodo=rango&inicio=2026-11-20", admin, nil).
			expect(t, http.StatusBadRequest, "Indicá la fecha de inicio y la de fin del rango")

		// Without the reports module, the company has no passenger report.
		e.setModulo(domain.ModuloReportes, map[string]any{"habilitado": false, "configuracion": nil}, "")
		e.do("GET", "/api/reportes/pasajeros", admin, nil).
			expect(t, http.StatusForbidden, "El módulo Reportes no está habilitado para su empresa")
	})
}

func TestExportarReportePasajeros(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.pasajerosDelReporte()
		admin := e.token("admin")
		r := e.do("GET", "/api/reportes/pasajeros/exportar", admin, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-pasajeros-2026-11-20-2026-11-20.csv"` {
			t.Fatalf("csv: %d %v", r.Status, r.Header)
		}
		golden := "\uFEFFNombre;Documento;Teléfono;Email;Total Viajes;Total Gastado;Último Viaje\r\n" +
			`"Vieja";"100";"1144556677";"";2;9.000,00;20/11/2026` + "\r\n" +
			`"'=HYPERLINK(""http://x"")";"200";"";"";1;4.500,00;20/11/2026` + "\r\n"
		if string(r.Body) != golden {
			t.Fatalf("csv:\n%q\nesperaba\n%q", r.Body, golden)
		}

		r = e.do("GET", "/api/reportes/pasajeros/exportar?formato=xlsx&periodo=mes&mes=11&anio=2026", admin, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaXLSX ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-pasajeros-2026-11-2026-11-20.xlsx"` {
			t.Fatalf("xlsx: %d %v", r.Status, r.Header)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows(f.GetSheetName(0), excelize.Options{RawCellValue: true})
		if err != nil || len(rows) != 3 || rows[1][0] != "Vieja" || rows[1][4] != "3" || rows[1][5] != "13500" {
			t.Fatalf("xlsx: %q (%v)", rows, err)
		}

		r = e.do("GET", "/api/reportes/pasajeros/exportar?formato=pdf&base=viaje", admin, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaPDF || !bytes.HasPrefix(r.Body, []byte("%PDF")) ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-pasajeros-2026-11-20-2026-11-20.pdf"` {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		pdftest.Valid(t, r.Body)
		texto := pdftest.Text(t, r.Body)
		for _, w := range []string{"(Reporte de Pasajeros)", "(Fecha de viaje)", "(Total Pasajeros)", "(Total Viajes)",
			"(1,3)", "(3 \\(2 registrados\\))", "(Vieja)", "(9.000,00)", "(20/11/2026)"} {
			if !strings.Contains(texto, w) {
				t.Errorf("el PDF no contiene %s", w)
			}
		}

		// Nothing in the period; the other company's passenger only in its own file.
		e.do("GET", "/api/reportes/pasajeros/exportar?periodo=rango&inicio=2026-11-01&fin=2026-11-05", admin, nil).
			expect(t, http.StatusNotFound, MsgSinDatosExportar)
		r = e.do("GET", "/api/reportes/pasajeros/exportar", e.token("admin2"), nil)
		if r.Status != http.StatusOK || strings.Contains(string(r.Body), "Vieja") || !strings.Contains(string(r.Body), `"Intrusa";"100";"";"";3;`) {
			t.Fatalf("otra empresa: %q", r.Body)
		}
	})
}
