package api

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestEveryRouteIsDocumented fails when a route of the table is missing from
// docs/api.md, written as "METHOD /path" without the /api prefix.
func TestEveryRouteIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range (&Server{}).routes() {
		call := rt.Method + " " + strings.TrimPrefix(rt.Path, "/api")
		if !bytes.Contains(doc, []byte("`"+call)) {
			t.Errorf("docs/api.md no documenta %s", call)
		}
	}
}

// TestOpenAPIDocumentIsCheckedIn: docs/openapi.json is the document of the
// current route table (make generate rewrites it).
func TestOpenAPIDocumentIsCheckedIn(t *testing.T) {
	want, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../docs/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("docs/openapi.json está desactualizado: ejecute make generate")
	}
}

// TestOpenAPIIsServed: GET /api/openapi.json answers the document itself,
// without a token and without the envelope, and every other route of the
// table is one of its operations.
func TestOpenAPIIsServed(t *testing.T) {
	srv := &Server{Log: slog.New(slog.DiscardHandler)}
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/openapi.json", nil))
	want, _ := OpenAPI()
	if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want) {
		t.Fatalf("GET /api/openapi.json = %d %.100s", rec.Code, rec.Body.String())
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(want, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, rt := range srv.routes() {
		if rt.Handler.document {
			continue
		}
		n++
		if _, ok := doc.Paths[rt.Path][strings.ToLower(rt.Method)]; !ok {
			t.Errorf("%s %s falta en el documento OpenAPI", rt.Method, rt.Path)
		}
	}
	if n < 30 {
		t.Fatalf("solo %d rutas en la tabla", n)
	}
}

// TestAnswersCarryTheSpecAliases: a ticket shows its customer, section, trip
// type and seller both flat and nested as the spec names them, also when an
// Idempotency-Key replays the stored answer; a register
// shows its user's login; the close summary is the closed register with the
// close figures and montoFinal, each name once.
func TestAnswersCarryTheSpecAliases(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		abierta := e.abrir(tok, 100)
		abierta.expect(t, http.StatusCreated, "Caja abierta exitosamente")
		var caja map[string]any
		abierta.decode(t, &caja)
		if u, _ := caja["usuario"].(map[string]any); u["nombre_usuario"] != "vendedor" {
			t.Fatalf("caja.usuario = %v", caja["usuario"])
		}
		body := e.lote(map[string]int{"General": 1}, "Efectivo")
		body["cliente_nombre"], body["cliente_telefono"] = "Ana Paz", "1144556677"
		first := e.sell(tok, body, "alias-1")
		first.expect(t, http.StatusCreated, "1 pasaje creado exitosamente")
		r := e.sell(tok, body, "alias-1") // the replay of a stored answer shows the same
		r.expect(t, http.StatusCreated, "1 pasaje creado exitosamente")
		if string(r.Data) != string(first.Data) {
			t.Fatalf("la repetición difiere:\n%s\n%s", first.Data, r.Data)
		}
		var venta struct {
			Pasajes []map[string]any
			Total   float64
		}
		r.decode(t, &venta)
		p := venta.Pasajes[0]
		want := map[string]string{
			"cliente":   `{"nombre":"Ana Paz","telefono":"1144556677"}`,
			"seccion":   `{"nombre":"` + seccionDemo + `"}`,
			"tipoViaje": `{"nombre":"General"}`,
			"usuario":   `{"nombre_usuario":"vendedor"}`,
		}
		for k, v := range want {
			if got, _ := json.Marshal(p[k]); string(got) != v {
				t.Errorf("pasaje.%s = %s, esperaba %s", k, got, v)
			}
		}
		if p["cliente_nombre"] != "Ana Paz" || p["seccion_nombre"] != seccionDemo || p["tipo_viaje_nombre"] != "General" ||
			venta.Total != 4500 {
			t.Fatalf("pasaje = %v, total %v", p, venta.Total)
		}
		cl := e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 4000})
		cl.expect(t, http.StatusOK, "Caja cerrada exitosamente")
		var cierre map[string]any
		cl.decode(t, &cierre)
		for k, v := range map[string]any{"estado": "cerrada", "monto_cierre": 4000.0, "diferencia": -600.0,
			"total_ventas": 4500.0, "efectivo_esperado": 4600.0, "montoFinal": 4600.0, "monto_apertura": 100.0} {
			if cierre[k] != v {
				t.Errorf("cierre.%s = %v, esperaba %v", k, cierre[k], v)
			}
		}
	})
}
