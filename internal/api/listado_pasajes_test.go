package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"muelle/internal/domain"
)

// listadoJSON is the answer of GET /api/pasajes.
type listadoJSON struct {
	Pasajes          []map[string]any
	TotalPages       int64   `json:"totalPages"`
	TotalItems       int64   `json:"totalItems"`
	TotalPasajes     int64   `json:"totalPasajes"`
	TotalVentas      float64 `json:"totalVentas"`
	Cancelados       int64   `json:"cancelados"`
	ImporteCancelado float64 `json:"importeCancelado"`
}

// ventaA opens the register of usuario (if needed) and sells n General
// tickets to cliente; it returns the tickets.
func (e *env) ventaA(usuario, cliente string, n int) []pasajeJSON {
	e.t.Helper()
	tok := e.token(usuario)
	if r := e.abrir(tok, 0); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		e.t.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	body := e.lote(map[string]int{"General": n}, "Efectivo")
	body["cliente_nombre"], body["cliente_telefono"] = cliente, "1144556677"
	r := e.sell(tok, body, "")
	r.expect(e.t, http.StatusCreated, "")
	var d struct{ Pasajes []pasajeJSON }
	r.decode(e.t, &d)
	return d.Pasajes
}

func (e *env) listado(token, query string) listadoJSON {
	e.t.Helper()
	r := e.do("GET", "/api/pasajes"+query, token, nil)
	r.expect(e.t, http.StatusOK, "")
	var l listadoJSON
	r.decode(e.t, &l)
	return l
}

func TestListadoDePasajes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		propios := e.ventaA("vendedor", "Ana Paz", 2)
		ajeno := e.ventaA("supervisor", "Luis Gómez", 1)[0]
		demo := e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1`) - 3
		admin, vendedor := e.token("admin"), e.token("vendedor")

		l := e.listado(admin, "")
		ventas := e.count(`SELECT SUM(precio) FROM pasajes WHERE empresa_id = 1 AND estado <> 'cancelado'`)
		if l.TotalItems != 3+demo || len(l.Pasajes) != int(min(l.TotalItems, 10)) || l.TotalVentas != float64(ventas)/100 {
			t.Fatalf("listado: %d de %d por %v", len(l.Pasajes), l.TotalItems, l.TotalVentas)
		}
		if l = e.listado(admin, "?fecha_inicio=2026-11-20&fecha_fin=2026-11-20"); l.TotalItems < 3 {
			t.Fatalf("hoy: %d", l.TotalItems)
		}
		l = e.listado(admin, "?busqueda=ana%20paz&limit=1&page=2")
		if l.TotalItems != 2 || l.TotalPages != 2 || l.TotalVentas != 9000 || len(l.Pasajes) != 1 {
			t.Fatalf("página 2 de Ana Paz: %+v", l)
		}
		p := l.Pasajes[0]
		for k, want := range map[string]string{"cliente": `{"nombre":"Ana Paz","telefono":"1144556677"}`,
			"tipoViaje": `{"nombre":"General"}`, "usuario": `{"nombre_usuario":"vendedor"}`,
			"seccion": `{"nombre":"` + seccionDemo + `"}`} {
			if got, _ := json.Marshal(p[k]); string(got) != want {
				t.Errorf("pasaje.%s = %s, esperaba %s", k, got, want)
			}
		}
		if p["id"] != float64(propios[0].ID) {
			t.Fatalf("el más nuevo va primero: la página 2 debía traer %d, trajo %v", propios[0].ID, p["id"])
		}
		if l = e.listado(admin, fmt.Sprintf("?busqueda=%s", ajeno.NumeroPasaje)); l.TotalItems != 1 {
			t.Fatalf("búsqueda por número: %+v", l)
		}
		l = e.listado(admin, fmt.Sprintf("?usuario_id=%d", e.userID("supervisor")))
		if l.TotalItems != 1 || l.TotalVentas != 4500 {
			t.Fatalf("por vendedor: %+v", l)
		}

		// A seller sees only its own tickets, whatever usuario_id says.
		for _, q := range []string{"", fmt.Sprintf("?usuario_id=%d", e.userID("supervisor")), "?busqueda=Luis"} {
			l = e.listado(vendedor, q)
			for _, p := range l.Pasajes {
				if u, _ := p["usuario"].(map[string]any); u["nombre_usuario"] != "vendedor" {
					t.Fatalf("%q: el vendedor ve un pasaje de %v", q, u)
				}
			}
			if q == "" && l.TotalItems != 2+demoDe(e, "vendedor") {
				t.Fatalf("el vendedor ve %d pasajes", l.TotalItems)
			}
		}
		path := fmt.Sprintf("/api/pasajes/%d", ajeno.ID)
		e.do("GET", path, vendedor, nil).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		e.do("GET", path, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		r := e.do("GET", path, admin, nil)
		r.expect(t, http.StatusOK, "")
		var det map[string]any
		r.decode(t, &det)
		if det["numero_pasaje"] != ajeno.NumeroPasaje || det["usuario_nombre"] == "" || det["medio_pago_nombre"] != "Efectivo" ||
			det["medio_pago_efectivo"] != true {
			t.Fatalf("detalle: %v", det)
		}
		if l = e.listado(e.token("admin2"), "?busqueda=Ana%20Paz"); l.TotalItems != 0 {
			t.Fatalf("otra empresa ve %d pasajes", l.TotalItems)
		}
	})
}

// TestListadoCuentaLosCanceladosAparte: the list's count and money are both
// over the non-cancelled tickets, and the cancelled ones come apart (count and
// amount), whether the search index, the tickets or the per-day totals answer.
func TestListadoCuentaLosCanceladosAparte(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vendidos := e.ventaA("vendedor", "Eva Mar", 3)
		sup := e.token("supervisor")
		e.abrir(sup, 10000).expect(t, http.StatusCreated, "")
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", vendidos[0].ID), sup, nil).
			expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		admin := e.token("admin")
		l := e.listado(admin, "?busqueda=Eva%20Mar")
		if l.TotalItems != 3 || l.TotalPasajes != 2 || l.TotalVentas != 9000 || l.Cancelados != 1 || l.ImporteCancelado != 4500 {
			t.Fatalf("búsqueda: %+v", l)
		}
		vendedor := e.userID("vendedor")
		cuenta := func(cond string) (int64, float64) {
			q := `SELECT %s FROM pasajes WHERE usuario_id = ? AND ` + cond
			return e.count(fmt.Sprintf(q, "COUNT(*)"), vendedor),
				float64(e.count(fmt.Sprintf(q, "COALESCE(SUM(precio), 0)"), vendedor)) / 100
		}
		vigentes, ventas := cuenta(`estado <> 'cancelado'`)
		if cancelados, importe := cuenta(`estado = 'cancelado'`); cancelados != 1 || importe != 4500 {
			t.Fatalf("el vendedor tiene %d pasajes cancelados por %v", cancelados, importe)
		}
		l = e.listado(admin, fmt.Sprintf("?usuario_id=%d", vendedor))
		if l.TotalItems != vigentes+1 || l.TotalPasajes != vigentes || l.TotalVentas != ventas ||
			l.Cancelados != 1 || l.ImporteCancelado != 4500 {
			t.Fatalf("por vendedor: %+v; esperaba %d vigentes por %v", l, vigentes, ventas)
		}
		// Over the per-day totals (whole days) and the tickets of partial days.
		for _, q := range []string{"fecha_inicio=2026-11-20&fecha_fin=2026-11-20", "fecha_inicio=2026-01-01"} {
			l = e.listado(admin, fmt.Sprintf("?%s&usuario_id=%d", q, vendedor))
			if l.TotalItems != l.TotalPasajes+1 || l.TotalPasajes < 2 || l.Cancelados != 1 || l.ImporteCancelado != 4500 {
				t.Fatalf("%q: %d pasajes, %d vigentes, %d cancelados por %v", q, l.TotalItems, l.TotalPasajes,
					l.Cancelados, l.ImporteCancelado)
			}
		}
	})
}

// demoDe counts the demo data's tickets sold by usuario (besides the test's).
func demoDe(e *env, usuario string) int64 {
	return e.count(`SELECT COUNT(*) FROM pasajes WHERE usuario_id = ? AND cliente_nombre <> 'Ana Paz'`, e.userID(usuario))
}

func TestListadoDePasajesParametrosInvalidos(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("admin")
		for q, msg := range map[string]string{
			"limit=101":               "El parámetro limit no debe superar 100",
			"page=0":                  "El parámetro page debe ser un número entero mayor que cero",
			"seccion_id=abc":          "El parámetro seccion_id debe ser un número entero mayor que cero",
			"tipo_viaje_id=-1":        "El parámetro tipo_viaje_id debe ser un número entero mayor que cero",
			"usuario_id=1.5":          "El parámetro usuario_id debe ser un número entero mayor que cero",
			"estado=borrado":          "El parámetro estado debe ser uno de: activo, cancelado, usado",
			"fecha_inicio=20-11-2026": "El parámetro fecha_inicio debe ser una fecha con el formato AAAA-MM-DD",
			"fecha_inicio=2026-11-20&fecha_fin=2026-11-19": "El parámetro fecha_fin no puede ser anterior a fecha_inicio",
			"busqueda=" + strings.Repeat("x", 101):         "El parámetro busqueda no debe exceder 100 caracteres ni contener caracteres de control",
			"fecha_inicio=2025-11-19&fecha_fin=2026-11-20": domain.MsgPeriodoListadoLargo, // 367 days
			"fecha_inicio=2025-11-19":                      domain.MsgPeriodoListadoLargo, // to today
		} {
			e.do("GET", "/api/pasajes?"+q, tok, nil).expect(t, http.StatusBadRequest, msg)
			if !strings.HasPrefix(q, "limit") && !strings.HasPrefix(q, "page") {
				e.do("GET", "/api/pasajes/export?"+q, tok, nil).expect(t, http.StatusBadRequest, msg)
			}
		}
	})
}

// resumenDe is the caller's open register's monto_actual and total_ventas.
func (e *env) resumenDe(token string) (saldo, ventas float64) {
	e.t.Helper()
	r := e.do("GET", "/api/caja/resumen", token, nil)
	r.expect(e.t, http.StatusOK, "")
	var c struct {
		MontoActual float64 `json:"monto_actual"`
		TotalVentas float64 `json:"total_ventas"`
	}
	r.decode(e.t, &c)
	return c.MontoActual, c.TotalVentas
}

func TestCancelarYReactivarPorLaAPI(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.ventaA("vendedor", "Ana Paz", 1)[0]
		sup, cancelar := e.token("supervisor"), fmt.Sprintf("/api/pasajes/%d/cancelar", p.ID)
		reactivar := fmt.Sprintf("/api/pasajes/%d/reactivar", p.ID)
		e.now = e.now.Add(domain.PlazoAnulacionPropia + time.Second)
		e.do("PUT", cancelar, e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", cancelar, sup, nil).expect(t, http.StatusBadRequest, domain.MsgCajaParaDevolucion)
		e.do("PUT", cancelar, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo'`, p.ID); n != 1 {
			t.Fatal("un rechazo cambió el estado")
		}
		e.abrir(sup, 1000).expect(t, http.StatusCreated, "")
		key := map[string]string{"Idempotency-Key": "anular-1"}
		first := e.doWith("PUT", cancelar, sup, map[string]string{"motivo": "Se equivocó de fecha"}, key)
		first.expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		again := e.doWith("PUT", cancelar, sup, map[string]string{"motivo": "Se equivocó de fecha"}, key)
		again.expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		if string(first.Data) != string(again.Data) || !strings.Contains(string(first.Data), `"estado":"cancelado"`) {
			t.Fatalf("repetición:\n%s\n%s", first.Data, again.Data)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE pasaje_id = ? AND tipo = 'devolucion_pasaje'`, p.ID); n != 1 {
			t.Fatalf("%d devoluciones", n)
		}
		if saldo, ventas := e.resumenDe(sup); saldo != 1000-4500 || ventas != -4500 {
			t.Fatalf("caja del supervisor tras cancelar: saldo %v, ventas %v", saldo, ventas)
		}
		e.do("PUT", cancelar, sup, nil).expect(t, http.StatusConflict, domain.MsgPasajeYaCancelado)
		e.do("PUT", reactivar, sup, nil).expect(t, http.StatusOK, domain.MsgPasajeReactivadoOK)
		if saldo, ventas := e.resumenDe(sup); saldo != 1000 || ventas != 0 {
			t.Fatalf("caja del supervisor tras reactivar: saldo %v, ventas %v", saldo, ventas)
		}
		// Each movement says its direction: the refund leaves the register, the reactivation's charge enters it.
		r := e.do("GET", "/api/caja/estado", sup, nil)
		r.expect(t, http.StatusOK, "")
		var estado struct {
			Movimientos []struct{ Tipo, Sentido string }
		}
		r.decode(t, &estado)
		sentidos := map[string]string{}
		for _, m := range estado.Movimientos {
			sentidos[m.Tipo] = m.Sentido
		}
		if len(estado.Movimientos) != 2 || sentidos["devolucion_pasaje"] != "egreso" || sentidos["reactivacion_pasaje"] != "ingreso" {
			t.Fatalf("movimientos: %+v", estado.Movimientos)
		}
		e.do("PUT", reactivar, sup, nil).expect(t, http.StatusConflict, domain.MsgPasajeYaActivo)
		e.do("PUT", cancelar, sup, map[string]string{"motivo": strings.Repeat("x", 501)}).
			expect(t, http.StatusBadRequest, "El campo motivo no debe exceder 500 caracteres")
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/validar-embarque", p.ID), sup, nil).expect(t, http.StatusOK, "")
		e.do("PUT", cancelar, sup, nil).expect(t, http.StatusConflict, domain.MsgPasajeUsadoNoCancela)
	})
}

// TestVendedorAnulaSuVentaReciente: without pasajes.anular a seller cancels
// only their own sale of the last five minutes, and the refund leaves their
// own open register; anything else is the 403 of a missing permission.
func TestVendedorAnulaSuVentaReciente(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vend, sup := e.token("vendedor"), e.token("supervisor")
		ajeno := e.ventaA("supervisor", "Luis Gil", 1)[0]
		propio := e.ventaA("vendedor", "Ana Paz", 1)[0]
		viejo := e.ventaA("vendedor", "Eva Sol", 1)[0]
		ruta := func(p pasajeJSON) string { return fmt.Sprintf("/api/pasajes/%d/cancelar", p.ID) }
		e.do("PUT", ruta(ajeno), vend, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", ruta(propio), e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/reactivar", propio.ID), vend, nil).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		saldo, _ := e.resumenDe(vend)
		e.now = e.now.Add(domain.PlazoAnulacionPropia)
		key := map[string]string{"Idempotency-Key": "anular-propia"}
		e.doWith("PUT", ruta(propio), vend, map[string]string{"motivo": "Se arrepintió"}, key).
			expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		e.doWith("PUT", ruta(propio), vend, map[string]string{"motivo": "Se arrepintió"}, key).
			expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		if despues, _ := e.resumenDe(vend); despues != saldo-propio.Precio {
			t.Fatalf("caja del vendedor: %v antes, %v después de devolver %v", saldo, despues, propio.Precio)
		}
		n := e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN cajas c ON c.id = m.caja_id
			WHERE m.pasaje_id = ? AND m.tipo = 'devolucion_pasaje' AND c.usuario_id = ?`, propio.ID, e.userID("vendedor"))
		if n != 1 {
			t.Fatalf("%d devoluciones en la caja del vendedor", n)
		}
		e.now = e.now.Add(time.Second)
		e.do("PUT", ruta(viejo), vend, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id IN (?, ?) AND estado = 'activo'`, viejo.ID, ajeno.ID); n != 2 {
			t.Fatal("un rechazo cambió el estado")
		}
		e.do("PUT", ruta(viejo), sup, nil).expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
	})
}

func TestExportarPasajesCSV(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.ventaA("vendedor", "=HYPERLINK(\"http://x\")", 1)
		p := e.ventaA("vendedor", "Ana; Paz", 1)[0]
		cancelado := e.ventaA("vendedor", "Bea Paz", 1)[0]
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", cancelado.ID), e.token("vendedor"), nil).
			expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		debito := e.lote(map[string]int{"General": 1}, "Débito")
		debito["cliente_nombre"], debito["cliente_telefono"] = "Luis Sosa", "+54 9 11 5555-0000"
		e.sell(e.token("vendedor"), debito, "").expect(t, http.StatusCreated, "1 pasaje creado exitosamente")
		r := e.do("GET", "/api/pasajes/export?fecha_inicio=2026-11-20&busqueda=paz", e.token("admin"), nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="pasajes_2026-11-20.csv"` {
			t.Fatalf("export: %d %v", r.Status, r.Header)
		}
		lines := strings.Split(string(r.Body), "\r\n")
		if lines[0] != "\uFEFFID;Fecha Viaje;Cliente;Teléfono;Sección;Tipo Viaje;Precio;Medio de Pago;Estado;Vendedor;Fecha Venta" {
			t.Fatalf("cabecera: %q", lines[0])
		}
		// Each ticket with its state as the screens name it; the total row leaves the cancelled one out.
		want := `"` + p.NumeroPasaje + `";"20/11/2026";"Ana; Paz";"1144556677";"` + seccionDemo + `";"General";4.500,00;"Efectivo";"Activo";`
		if len(lines) != 5 || !strings.HasPrefix(lines[2], want) || !strings.HasSuffix(lines[2], `;"20/11/2026 10:00"`) ||
			!strings.HasPrefix(lines[1], `"`+cancelado.NumeroPasaje+`";`) || !strings.Contains(lines[1], `;4.500,00;"Efectivo";"Cancelado";`) ||
			lines[3] != `"Total sin cancelados";"";"";"";"";"";4.500,00;"";"";"";""` || lines[4] != "" {
			t.Fatalf("filas: %q, esperaba %q…", lines, want)
		}
		// The payment method of each ticket; a phone that starts like a formula keeps its guard.
		r = e.do("GET", "/api/pasajes/export?busqueda=sosa", e.token("admin"), nil)
		if lines = strings.Split(string(r.Body), "\r\n"); len(lines) != 4 ||
			!strings.Contains(lines[1], `;"Luis Sosa";"'+54 9 11 5555-0000";"`+seccionDemo+`";"General";4.500,00;"Débito";"Activo";`) {
			t.Fatalf("medio de pago y teléfono: %q", lines)
		}
		r = e.do("GET", "/api/pasajes/export?busqueda=HYPERLINK", e.token("admin"), nil)
		if !strings.Contains(string(r.Body), `;"'=HYPERLINK(""http://x"")";`) {
			t.Fatalf("la fórmula no quedó neutralizada: %q", r.Body)
		}
		e.do("GET", "/api/pasajes/export?busqueda=nadie", e.token("admin"), nil).
			expect(t, http.StatusNotFound, MsgSinDatosExportar)
		e.do("GET", "/api/pasajes/export?busqueda=paz", e.token("admin2"), nil).
			expect(t, http.StatusNotFound, MsgSinDatosExportar)
	})
}

func TestImprimirPasajes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.ventaA("vendedor", "<script>alert(1)</script>", 2)
		tok := e.token("vendedor")
		r := e.do("GET", fmt.Sprintf("/api/tickets/%d?papel=58mm", ps[0].ID), tok, nil)
		body := string(r.Body)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
			strings.Contains(body, "<script") || !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") ||
			!strings.Contains(body, ps[0].NumeroPasaje) || !strings.Contains(body, "size: 58mm") ||
			!strings.Contains(r.Header.Get("Content-Security-Policy"), "img-src 'self' data:") {
			t.Fatalf("ticket: %d %v\n%.300s", r.Status, r.Header, body)
		}
		r = e.do("GET", fmt.Sprintf("/api/tickets/batch?ids=%d,%d&papel=A4", ps[0].ID, ps[1].ID), tok, nil)
		if r.Status != http.StatusOK || strings.Count(string(r.Body), `class="ticket"`) != 2 {
			t.Fatalf("lote: %d", r.Status)
		}
		e.do("GET", fmt.Sprintf("/api/tickets/%d?papel=A5", ps[0].ID), tok, nil).
			expect(t, http.StatusBadRequest, "El parámetro papel debe ser uno de: 58mm, 80mm, A4, letter")
		e.do("GET", "/api/tickets/batch", tok, nil).expect(t, http.StatusBadRequest, "El parámetro ids es obligatorio")
		e.do("GET", "/api/tickets/batch?ids=1,x", tok, nil).expect(t, http.StatusBadRequest, "El parámetro ids debe ser una lista de números separados por comas")
		e.do("GET", "/api/tickets/batch?ids="+strings.Repeat("1,", 50)+"1", tok, nil).
			expect(t, http.StatusBadRequest, "El parámetro ids admite hasta 50 pasajes")
		e.do("GET", fmt.Sprintf("/api/tickets/batch?ids=%d", ps[0].ID), e.token("admin2"), nil).
			expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)

		r = e.do("GET", fmt.Sprintf("/api/tickets/ticket/%d/pdf", ps[0].ID), tok, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" ||
			r.Header.Get("Content-Disposition") != fmt.Sprintf(`attachment; filename="ticket-%d.pdf"`, ps[0].ID) {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		ctx, err := api.ReadContext(bytes.NewReader(r.Body), model.NewDefaultConfiguration())
		if err == nil {
			err = api.ValidateContext(ctx)
		}
		if err != nil || ctx.PageCount != 1 || ctx.Title != "Pasaje "+ps[0].NumeroPasaje {
			t.Fatalf("el PDF no se lee o no es del pasaje: %v (%d páginas, título %q)", err, ctx.PageCount, ctx.Title)
		}

		r = e.do("GET", fmt.Sprintf("/api/pasajes/%d/qr", ps[0].ID), tok, nil)
		if img, err := png.Decode(bytes.NewReader(r.Body)); err != nil || r.Header.Get("Content-Type") != "image/png" ||
			img.Bounds().Dx() != 320 {
			t.Fatalf("qr: %v %v", err, r.Header)
		}
	})
}

// TestConsultaPasajeAuditada: the detail view writes CONSULTA_PASAJE with the
// caller, the company, the IP and the ticket; the list, the QR and the PDF
// write nothing, nor does a lookup of another company's ticket.
func TestConsultaPasajeAuditada(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		path := "/api/pasajes/" + strconv.FormatInt(p.ID, 10)
		consultas := func() int64 {
			return e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CONSULTA_PASAJE'`)
		}
		admin := e.token("admin")
		for _, ruta := range []string{"/api/pasajes", path + "/qr", "/api/tickets/ticket/" + strconv.FormatInt(p.ID, 10) + "/pdf"} {
			if r := e.do("GET", ruta, admin, nil); r.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", ruta, r.Status, r.Message)
			}
		}
		e.do("GET", path, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		if n := consultas(); n != 0 {
			t.Fatalf("consultas auditadas sin ver el detalle: %d", n)
		}

		var got pasajeJSON
		e.do("GET", path, admin, nil).decode(t, &got)
		if got.NumeroPasaje != p.NumeroPasaje {
			t.Fatalf("detalle: %+v", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CONSULTA_PASAJE' AND empresa_id = 1
			AND usuario_id = ? AND ip_address = '192.0.2.1' AND exito = ? AND detalles = ?`,
			e.userID("admin"), true, "Consulta del pasaje "+p.NumeroPasaje); n != 1 || consultas() != 1 {
			t.Fatalf("CONSULTA_PASAJE: %d de %d", n, consultas())
		}
	})
}

// TestElListadoLeeUnaVentanaDeDias: without dates the ticket list reads the
// last 31 sale days (and says so), one date alone is completed to a bounded
// window, and a client of the spec that sends both keeps its own; a longer
// span is a 400 naming fecha_inicio.
func TestElListadoLeeUnaVentanaDeDias(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		hoy := e.now
		e.now = hoy.AddDate(0, 0, -31) // 20/10: the day before the window
		viejo := e.ventaA("vendedor", "Ana Vieja", 1)[0]
		e.now = hoy.AddDate(0, 0, -30) // 21/10: its first day
		borde := e.ventaA("vendedor", "Ana Borde", 1)[0]
		e.now = hoy
		admin := e.token("admin")
		ventana := func(q string) (desde, hasta string, ids map[int64]bool) {
			t.Helper()
			r := e.do("GET", "/api/pasajes?limit=100&busqueda=Ana"+q, admin, nil)
			r.expect(t, http.StatusOK, "")
			var l struct {
				FechaInicio string `json:"fecha_inicio"`
				FechaFin    string `json:"fecha_fin"`
				Pasajes     []struct{ ID int64 }
			}
			r.decode(t, &l)
			ids = map[int64]bool{}
			for _, p := range l.Pasajes {
				ids[p.ID] = true
			}
			return l.FechaInicio, l.FechaFin, ids
		}
		if d, h, ids := ventana(""); d != "2026-10-21" || h != "2026-11-20" || ids[viejo.ID] || !ids[borde.ID] {
			t.Fatalf("sin fechas: %s..%s %v", d, h, ids)
		}
		if d, h, ids := ventana("&fecha_inicio=2026-10-20"); d != "2026-10-20" || h != "2026-11-20" || !ids[viejo.ID] {
			t.Fatalf("desde: %s..%s %v", d, h, ids)
		}
		if d, h, ids := ventana("&fecha_fin=2026-10-20"); d != "2026-09-20" || h != "2026-10-20" || !ids[viejo.ID] || ids[borde.ID] {
			t.Fatalf("hasta: %s..%s %v", d, h, ids)
		}
		if d, h, _ := ventana("&fecha_inicio=2025-11-21&fecha_fin=2026-11-20"); d != "2025-11-21" || h != "2026-11-20" {
			t.Fatalf("un año: %s..%s", d, h)
		}
		r := e.do("GET", "/api/pasajes?fecha_inicio=2020-01-01&fecha_fin=2026-11-20", admin, nil)
		r.expect(t, http.StatusBadRequest, domain.MsgPeriodoListadoLargo)
		if !strings.Contains(string(r.Data), `"nombre":"fecha_inicio"`) {
			t.Fatalf("el 400 no nombra el parámetro: %s", r.Data)
		}
		// the export reads the same window
		if r := e.do("GET", "/api/pasajes/export?busqueda=Vieja", admin, nil); r.Status != http.StatusNotFound {
			t.Fatalf("la exportación sin fechas leyó fuera de la ventana: %d", r.Status)
		}
	})
}
