package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
	"muelle/internal/store"
)

// ventasDetalladasJSON is the answer of GET /api/reportes/ventas-detalladas.
type ventasDetalladasJSON struct {
	Periodo    PeriodoReporte
	Ventas     []map[string]any
	Paginacion PaginacionReporte
}

// ventaReporte is the seller's sale of one General ticket to cliente,
// travelling on fecha, paid with medio, at the env's clock; it returns the ticket.
func (e *env) ventaReporte(cliente, fecha, medio string) pasajeJSON {
	e.t.Helper()
	tok := e.token("vendedor")
	if r := e.abrir(tok, 0); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		e.t.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	body := e.lote(map[string]int{"General": 1}, medio)
	body["cliente_nombre"], body["fecha_viaje"] = cliente, fecha
	if medio == "Débito" { // the demo's card method: its reference travels to the report
		body["referencia"] = map[string]any{"ultimos4": "4242", "autorizacion": "a1b2c3"}
	}
	r := e.sell(tok, body, "")
	r.expect(e.t, http.StatusCreated, "")
	var d struct{ Pasajes []pasajeJSON }
	r.decode(e.t, &d)
	return d.Pasajes[0]
}

// reporteVentas seeds company 1's sales (Buenos Aires, UTC-3) on the 20th and
// 21st of November, where the demo has none: on the 20th at 10:00 a ticket to
// '=HYPERLINK("x")', cancelled at once, then one to '+54 9 11 Ana' (card); at
// 23:30 one to 'Noche'; on the 21st at 00:30 one to 'Madrugada', travelling on
// the 22nd. Company 2 sells one ticket on the 20th. The clock is left on the
// 21st at 10:00. It returns the tickets in the order sold.
func (e *env) reporteVentas() []pasajeJSON {
	e.t.Helper()
	e.now = time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)
	formula := e.ventaReporte(`=HYPERLINK("x")`, "2026-11-20", "Efectivo")
	e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", formula.ID), e.token("vendedor"), nil).
		expect(e.t, http.StatusOK, domain.MsgPasajeCanceladoOK)
	telefono := e.ventaReporte("+54 9 11 Ana", "2026-11-21", "Débito")
	e.ventaEmpresa2(1)
	e.now = time.Date(2026, 11, 21, 2, 30, 0, 0, time.UTC)
	noche := e.ventaReporte("Noche", "2026-11-21", "Efectivo")
	e.now = time.Date(2026, 11, 21, 3, 30, 0, 0, time.UTC)
	madrugada := e.ventaReporte("Madrugada", "2026-11-22", "Efectivo")
	e.now = time.Date(2026, 11, 21, 13, 0, 0, 0, time.UTC)
	return []pasajeJSON{formula, telefono, noche, madrugada}
}

func (e *env) ventasDetalladas(token, query string) ventasDetalladasJSON {
	e.t.Helper()
	r := e.do("GET", "/api/reportes/ventas-detalladas?"+query, token, nil)
	r.expect(e.t, http.StatusOK, "")
	var v ventasDetalladasJSON
	r.decode(e.t, &v)
	return v
}

func numeros(vs []map[string]any) []string {
	out := []string{}
	for _, v := range vs {
		out = append(out, fmt.Sprint(v["numero_pasaje"]))
	}
	return out
}

const delDia20 = "periodo=rango&inicio=2026-11-20&fin=2026-11-20"

func TestVentasDetalladas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.reporteVentas()
		formula, telefono, noche, madrugada := ps[0], ps[1], ps[2], ps[3]
		admin := e.token("admin")

		// The 20th: the 23:30 sale is its own, newest first, the cancelled one too; page 1 of 2.
		v := e.ventasDetalladas(admin, delDia20+"&limite=2")
		if got := strings.Join(numeros(v.Ventas), ","); got != noche.NumeroPasaje+","+telefono.NumeroPasaje {
			t.Fatalf("página 1: %s", got)
		}
		if v.Periodo != (PeriodoReporte{Tipo: "rango", Desde: "2026-11-20", Hasta: "2026-11-20", Base: "venta"}) ||
			v.Paginacion != (PaginacionReporte{Pagina: 1, Limite: 2, Total: 3, TotalPaginas: 2}) {
			t.Fatalf("período y paginación: %+v %+v", v.Periodo, v.Paginacion)
		}
		want := map[string]any{"id": float64(noche.ID), "fecha_venta": "2026-11-21T02:30:00Z", "fecha_viaje": "2026-11-21",
			"numero_pasaje": noche.NumeroPasaje, "cliente_nombre": "Noche", "seccion_nombre": seccionDemo,
			"tipo_viaje_nombre": "General", "medio_pago_nombre": "Efectivo", "vendedor": "Diego Sosa", "precio": 4500.0,
			"estado": "activo"}
		if got, w := fmt.Sprint(v.Ventas[0]), fmt.Sprint(want); got != w {
			t.Fatalf("fila:\n%s\nesperaba\n%s", got, w)
		}
		v = e.ventasDetalladas(admin, delDia20+"&limite=2&pagina=2")
		if len(v.Ventas) != 1 || v.Ventas[0]["numero_pasaje"] != formula.NumeroPasaje || v.Ventas[0]["estado"] != "cancelado" ||
			v.Paginacion != (PaginacionReporte{Pagina: 2, Limite: 2, Total: 3, TotalPaginas: 2}) {
			t.Fatalf("página 2: %+v", v)
		}
		if v = e.ventasDetalladas(admin, delDia20+"&pagina=3&limite=2"); len(v.Ventas) != 0 || v.Paginacion.Total != 3 {
			t.Fatalf("página 3: %+v", v)
		}
		// Today by default (the 21st): the 00:30 sale; 15 a page.
		v = e.ventasDetalladas(admin, "")
		if got := strings.Join(numeros(v.Ventas), ","); got != madrugada.NumeroPasaje || v.Periodo.Tipo != "hoy" ||
			v.Periodo.Desde != "2026-11-21" || v.Paginacion.Limite != 15 {
			t.Fatalf("hoy: %s %+v", got, v)
		}
		// By travel date, the 21st: the tickets travelling that day, sold on the 20th.
		v = e.ventasDetalladas(admin, "periodo=rango&inicio=2026-11-21&fin=2026-11-21&base=viaje")
		if got := strings.Join(numeros(v.Ventas), ","); got != noche.NumeroPasaje+","+telefono.NumeroPasaje || v.Periodo.Base != "viaje" {
			t.Fatalf("por viaje: %s", got)
		}
		// The month: these four and the demo's earlier sales, all of company 1.
		v = e.ventasDetalladas(admin, "periodo=mes&mes=11&anio=2026&limite=100")
		if v.Paginacion.Total != e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1`) || v.Ventas[0]["numero_pasaje"] != madrugada.NumeroPasaje {
			t.Fatalf("mes: %+v", v.Paginacion)
		}
		// Another company sees its own ticket alone.
		v = e.ventasDetalladas(e.token("admin2"), delDia20)
		if len(v.Ventas) != 1 || v.Ventas[0]["cliente_nombre"] != "Otra Empresa" {
			t.Fatalf("empresa 2: %+v", v.Ventas)
		}
		// A seller has no reports.
		e.do("GET", "/api/reportes/ventas-detalladas", e.token("vendedor"), nil).
			expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		for q, msg := range map[string]string{
			"limite=0":                     "El parámetro limite debe ser un número entero mayor que cero",
			"limite=101":                   "El parámetro limite no debe superar 100",
			"periodo=semana":               "El parámetro periodo debe ser uno de: hoy, rango, mes, año, ano, todo",
			"periodo=rango":                "Indicá la fecha de inicio y la de fin del rango",
			"periodo=mes&mes=11&anio=2019": "El año debe estar entre 2020 y 2030",
			"periodo=rango&inicio=2026-01-01&fin=2027-01-02": "El rango no puede superar 366 días",
			"base=embarque": "El parámetro base debe ser uno de: venta, viaje",
		} {
			if r := e.do("GET", "/api/reportes/ventas-detalladas?"+q, admin, nil); r.Status != http.StatusBadRequest || r.Message != msg {
				t.Errorf("%s: %d %q, esperaba 400 %q", q, r.Status, r.Message, msg)
			}
		}
	})
}

// exportarVentas downloads the detailed sales of query as admin.
func (e *env) exportarVentas(query string) response {
	e.t.Helper()
	return e.do("GET", "/api/reportes/excel?"+query, e.token("admin"), nil)
}

func TestExportarVentasCSV(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.reporteVentas()
		r := e.exportarVentas(delDia20)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-ventas-2026-11-20-2026-11-21.csv"` {
			t.Fatalf("csv: %d %v", r.Status, r.Header)
		}
		fila := `20/11/2026;%s;"%s";%s;"` + seccionDemo + `";"General";"%s";"%s";"Diego Sosa";4.500,00;"%s"` + "\r\n"
		want := "\uFEFFFecha de venta;Fecha de viaje;N° Pasaje;Cliente;Sección;Tipo de viaje;Medio de pago;Referencia;Vendedor;Precio;Estado\r\n" +
			fmt.Sprintf(fila, "21/11/2026", ps[2].NumeroPasaje, `"Noche"`, "Efectivo", "", "Activo") +
			fmt.Sprintf(fila, "21/11/2026", ps[1].NumeroPasaje, `"'+54 9 11 Ana"`, "Débito", "•••• 4242 · Aut. A1B2C3", "Activo") +
			fmt.Sprintf(fila, "20/11/2026", ps[0].NumeroPasaje, `"'=HYPERLINK(""x"")"`, "Efectivo", "", "Cancelado") +
			`"Total sin cancelados";"";"";"";"";"";"";"";"";9.000,00;""` + "\r\n"
		if string(r.Body) != want {
			t.Fatalf("csv:\n%q\nesperaba\n%q", r.Body, want)
		}
		// A month names the file by the month; csv is the default format.
		r = e.exportarVentas("periodo=mes&mes=11&anio=2026&formato=csv")
		if r.Header.Get("Content-Disposition") != `attachment; filename="reporte-ventas-2026-11-2026-11-21.csv"` ||
			int64(bytes.Count(r.Body, []byte("\r\n"))) != 2+e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1`) {
			t.Fatalf("mes: %v, %d líneas", r.Header, bytes.Count(r.Body, []byte("\r\n")))
		}
		// Nothing to export: before anything is sent; another company's tickets are never there.
		e.exportarVentas("periodo=rango&inicio=2026-11-23&fin=2026-11-23").expect(t, http.StatusNotFound, MsgSinDatosExportar)
		r = e.do("GET", "/api/reportes/excel?"+delDia20, e.token("admin2"), nil)
		if r.Status != http.StatusOK || strings.Count(string(r.Body), "\r\n") != 3 || !strings.Contains(string(r.Body), `;"Otra Empresa";`) {
			t.Fatalf("empresa 2: %d %q", r.Status, r.Body)
		}
		e.do("GET", "/api/reportes/excel", e.token("vendedor"), nil).
			expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		e.exportarVentas("formato=doc").expect(t, http.StatusBadRequest, "El parámetro formato debe ser uno de: csv, xlsx, pdf")
		e.exportarVentas("periodo=rango&inicio=2026-11-21&fin=2026-11-20").
			expect(t, http.StatusBadRequest, "La fecha de inicio es posterior a la de fin")
	})
}

func TestExportarVentasXLSX(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.reporteVentas()
		r := e.exportarVentas(delDia20 + "&formato=xlsx")
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaXLSX ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-ventas-2026-11-20-2026-11-21.xlsx"` {
			t.Fatalf("xlsx: %d %v", r.Status, r.Header)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = f.Close() }()
		hoja := "Reporte de ventas"
		if panes, err := f.GetPanes(hoja); err != nil || !panes.Freeze || panes.YSplit != 1 {
			t.Fatalf("el encabezado no queda fijo: %+v %v", panes, err)
		}
		filas, err := f.GetRows(hoja)
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{columnasVentas,
			{"20/11/2026", "21/11/2026", ps[2].NumeroPasaje, "Noche", seccionDemo, "General", "Efectivo", "", "Diego Sosa", "$ 4,500.00", "Activo"},
			{"20/11/2026", "21/11/2026", ps[1].NumeroPasaje, "+54 9 11 Ana", seccionDemo, "General", "Débito", "•••• 4242 · Aut. A1B2C3", "Diego Sosa", "$ 4,500.00", "Activo"},
			{"20/11/2026", "20/11/2026", ps[0].NumeroPasaje, `=HYPERLINK("x")`, seccionDemo, "General", "Efectivo", "", "Diego Sosa", "$ 4,500.00", "Cancelado"},
			{"Total sin cancelados", "", "", "", "", "", "", "", "", "$ 9,000.00"}, // the cancelled ticket left out
		}
		if fmt.Sprint(filas) != fmt.Sprint(want) {
			t.Fatalf("filas:\n%q\nesperaba\n%q", filas, want)
		}
		// Typed: the price a number in pesos, the dates day serials; the user's text never a formula.
		crudas, err := f.GetRows(hoja, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		venta, err := excelize.ExcelDateToTime(parseFloat(t, crudas[1][0]), false)
		if err != nil || crudas[1][9] != "4500" || crudas[4][9] != "9000" || !venta.Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)) {
			t.Fatalf("valores: %q %v (%v)", crudas[1], venta, err)
		}
		for celda, tipo := range map[string]excelize.CellType{"A2": excelize.CellTypeUnset, "B2": excelize.CellTypeUnset,
			"J2": excelize.CellTypeUnset, "D4": excelize.CellTypeInlineString, "J5": excelize.CellTypeUnset} {
			if got, err := f.GetCellType(hoja, celda); err != nil || got != tipo {
				t.Errorf("%s: tipo %v, esperaba %v (%v)", celda, got, tipo, err)
			}
		}
		if formula, _ := f.GetCellFormula(hoja, "D4"); formula != "" {
			t.Errorf("D4 quedó como fórmula %q", formula)
		}
		e.exportarVentas("formato=xlsx&periodo=rango&inicio=2026-11-23&fin=2026-11-23").
			expect(t, http.StatusNotFound, MsgSinDatosExportar)
	})
}

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	var f float64
	if _, err := fmt.Sscan(s, &f); err != nil {
		t.Fatalf("%q no es un número: %v", s, err)
	}
	return f
}

func TestExportarVentasPDF(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.reporteVentas()
		r := e.exportarVentas(delDia20 + "&formato=pdf&base=venta")
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-ventas-2026-11-20-2026-11-21.pdf"` {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		if n := pdftest.Valid(t, r.Body); n != 1 {
			t.Fatalf("%d páginas", n)
		}
		texto := pdftest.Text(t, r.Body)
		for _, w := range []string{"Reporte de ventas", "Período", "20/11/2026 – 20/11/2026", "Fecha base", "Fecha de venta",
			"Pasajes vendidos", "(2)", "Total de ventas", "$ 9.000,00", "Cancelados", "1 por $ 4.500,00",
			ps[2].NumeroPasaje, "Noche", "Diego Sosa", "4.500,00", "Cancelado", "Total sin cancelados", "9.000,00", "Página 1 de 1"} {
			if !strings.Contains(texto, w) {
				t.Errorf("el PDF no dice %q", w)
			}
		}
		if strings.Contains(texto, "Otra Empresa") || strings.Contains(texto, "Madrugada") {
			t.Error("el PDF tiene ventas ajenas al período o a la empresa")
		}
		// By travel date: the basis is stated.
		r = e.exportarVentas("periodo=rango&inicio=2026-11-22&fin=2026-11-22&formato=pdf&base=viaje")
		if texto = pdftest.Text(t, r.Body); !strings.Contains(texto, "Fecha de viaje") || !strings.Contains(texto, "Madrugada") {
			t.Errorf("por viaje: %d", r.Status)
		}
		e.exportarVentas("formato=pdf&periodo=rango&inicio=2026-11-23&fin=2026-11-23").
			expect(t, http.StatusNotFound, MsgSinDatosExportar)
	})
}

func TestMilesYPaginacionReporte(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1.000", 1234567: "1.234.567", -12345: "-12.345"} {
		if got := miles(n); got != want {
			t.Errorf("miles(%d) = %q, esperaba %q", n, got, want)
		}
	}
	for _, c := range []struct {
		pagina, limite, total int64
		want                  PaginacionReporte
	}{{0, 15, 0, PaginacionReporte{1, 15, 0, 0}}, {1, 10, 10, PaginacionReporte{1, 10, 10, 1}},
		{3, 10, 21, PaginacionReporte{3, 10, 21, 3}}} {
		if got := paginacionReporte(c.pagina, c.limite, c.total); got != c.want {
			t.Errorf("paginacionReporte(%d, %d, %d) = %+v, esperaba %+v", c.pagina, c.limite, c.total, got, c.want)
		}
	}
}

// An export reads the caller's company once for all it needs of it (the
// period's days, the file's name, the PDF's heading), and so does a report
// mail, whose subject names the company too.
func TestAnExportReadsTheCompanyOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.pasajerosDelReporte()
		nuevoCorreo(t, e).configurar()
		admin := e.token("admin")
		var lecturas atomic.Int64
		e.st.Trazar(func(s store.Sentencia) {
			// a lock of the row (the daily cap of report mails counts under it) is no read of it
			if strings.Contains(s.SQL, " FROM empresas WHERE id = ") && !strings.Contains(s.SQL, "FOR NO KEY UPDATE") {
				lecturas.Add(1)
			}
		})
		defer e.st.Trazar(nil)
		for _, ruta := range []string{"/api/reportes/excel?periodo=hoy&formato=pdf", "/api/reportes/excel?periodo=hoy",
			"/api/reportes/caja/exportar?periodo=hoy&formato=pdf", "/api/reportes/pasajeros/exportar?periodo=hoy&formato=xlsx"} {
			lecturas.Store(0)
			if r := e.do("GET", ruta, admin, nil); r.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", ruta, r.Status, r.Message)
			}
			if n := lecturas.Load(); n != 1 {
				t.Errorf("%s leyó la empresa %d veces", ruta, n)
			}
		}
		lecturas.Store(0)
		e.do("POST", "/api/reportes/enviar-cajas", admin, map[string]any{"email": "dueno@example.com", "asunto": "Cajas",
			"periodo": "hoy"}).expect(t, http.StatusOK, "El reporte se enviará a dueno@example.com en unos instantes")
		if n := lecturas.Load(); n != 1 {
			t.Errorf("el envío del reporte leyó la empresa %d veces", n)
		}
	})
}

// Every format an export serves is a media type its operation declares in
// the OpenAPI document (a validator checks the answer against it).
func TestExportsServeOnlyTheMediaTypesTheyDeclare(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.pasajerosDelReporte()
		var doc struct {
			Paths map[string]map[string]struct {
				Responses map[string]struct {
					Content map[string]json.RawMessage `json:"content"`
				} `json:"responses"`
			} `json:"paths"`
		}
		if err := json.Unmarshal(e.do("GET", "/api/openapi.json", "", nil).Body, &doc); err != nil {
			t.Fatal(err)
		}
		admin := e.token("admin")
		for _, ruta := range []string{"/reportes/excel", "/reportes/caja/exportar", "/reportes/pasajeros/exportar"} {
			declarados := doc.Paths["/api"+ruta]["get"].Responses["200"].Content
			for _, formato := range []string{"csv", "xlsx", "pdf"} {
				r := e.do("GET", "/api"+ruta+"?periodo=hoy&formato="+formato, admin, nil)
				tipo, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
				if r.Status != http.StatusOK || err != nil {
					t.Fatalf("%s en %s: %d %s", ruta, formato, r.Status, r.Message)
				}
				if _, ok := declarados[tipo]; !ok {
					t.Errorf("%s sirve %s en %s, y declara %v", ruta, tipo, formato, slices.Collect(maps.Keys(declarados)))
				}
			}
		}
	})
}
