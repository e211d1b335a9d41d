package api

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"muelle/internal/domain"
)

func TestHealthReportsTheDatabase(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("GET", "/api/health", "", nil)
		r.expect(t, http.StatusOK, "")
		var d map[string]string
		r.decode(t, &d)
		if d["status"] != "ok" || d["database"] != "ok" {
			t.Fatalf("health: %v", d)
		}
		e.st.Close()
		e.do("GET", "/api/health", "", nil).expect(t, http.StatusServiceUnavailable, "Base de datos no disponible")
	})
}

func TestPublicStatsAreComputedFromData(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("GET", "/api/public/stats", "", nil)
		r.expect(t, http.StatusOK, "")
		var d map[string]int
		r.decode(t, &d)
		// Lanchas del Delta was founded in March 1998; the clock says November 2026.
		want := map[string]int{
			"pasajeros_atendidos": int(e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1`)),
			"rutas_disponibles":   5,
			"años_experiencia":    28,
			"viajes_diarios": int((e.count(`SELECT COUNT(*) FROM (SELECT DISTINCT fecha_viaje, seccion_id FROM pasajes
				WHERE empresa_id = 1) v`) + 1) / 3),
		}
		if want["pasajeros_atendidos"] == 0 {
			t.Fatal("la demo no tiene pasajes")
		}
		for k, v := range want {
			if got, ok := d[k]; !ok || got != v {
				t.Errorf("%s = %d (presente %v), esperaba %d", k, got, ok, v)
			}
		}
		pe := e.do("GET", "/api/public/empresa", "", nil)
		pe.expect(t, http.StatusOK, "")
		var emp map[string]string
		pe.decode(t, &emp)
		if emp["nombre"] != "Lanchas del Delta" || emp["telefono"] == "" || emp["email"] == "" || emp["direccion"] == "" {
			t.Fatalf("empresa pública: %v", emp)
		}
	})
}

func TestConfigEmpresaIsTheCallersCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		type empresa struct{ nombre, prefijo string }
		for usuario, want := range map[string]empresa{"vendedor": {"Lanchas del Delta", "LD"}, "lancha2": {"Interisleña Demo", "ID"}} {
			r := e.do("GET", "/api/config/empresa", e.token(usuario), nil)
			r.expect(t, http.StatusOK, "")
			var d map[string]any
			r.decode(t, &d)
			if d["nombre"] != want.nombre || d["prefijo_pasaje"] != want.prefijo {
				t.Errorf("%s ve la empresa %v con el prefijo %v", usuario, d["nombre"], d["prefijo_pasaje"])
			}
			for _, k := range []string{"logo_url", "ruc", "telefono", "email", "direccion"} {
				if _, ok := d[k]; !ok {
					t.Errorf("falta %s", k)
				}
			}
			if d["venta_confirmar_mas_de_pasajes"] != float64(10) || d["venta_confirmar_monto_mayor_a"] != float64(100000) {
				t.Errorf("umbral de venta grande = %v, %v", d["venta_confirmar_mas_de_pasajes"], d["venta_confirmar_monto_mayor_a"])
			}
		}
	})
}

func TestConfigEmpresaServesTheCompanysLargeSaleThreshold(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		if _, err := e.st.DB().Exec(e.st.Rebind(
			`UPDATE empresas SET venta_grande_pasajes = ?, venta_grande_centavos = ? WHERE nombre = ?`),
			4, 2500050, "Interisleña Demo"); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]float64{"lancha2": {4, 25000.5}, "vendedor": {10, 100000}}
		for usuario, umbral := range want {
			var d map[string]any
			r := e.do("GET", "/api/config/empresa", e.token(usuario), nil)
			r.expect(t, http.StatusOK, "")
			r.decode(t, &d)
			if d["venta_confirmar_mas_de_pasajes"] != umbral[0] || d["venta_confirmar_monto_mayor_a"] != umbral[1] {
				t.Errorf("%s: umbral de venta grande = %v, %v", usuario,
					d["venta_confirmar_mas_de_pasajes"], d["venta_confirmar_monto_mayor_a"])
			}
		}
	})
}

func TestUnknownAPIPathIsAJSON404(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.do("GET", "/api/no-existe", "", nil).expect(t, http.StatusNotFound, "Recurso no encontrado")
		e.do("DELETE", "/api/health", "", nil).expect(t, http.StatusNotFound, "Recurso no encontrado")
	})
}

func TestSPAServesFilesAndFallsBackToIndex(t *testing.T) {
	srv := &Server{App: fstest.MapFS{
		"index.html":      {Data: []byte("<html>muelle</html>")},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
	}}
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		srv.spa().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec
	}
	if rec := get("/admin/dashboard"); rec.Code != 200 || !strings.Contains(rec.Body.String(), "muelle") {
		t.Fatalf("fallback: %d %s", rec.Code, rec.Body.String())
	}
	rec := get("/assets/app-1.js")
	if rec.Code != 200 || rec.Body.String() != "console.log(1)" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %q %q", rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"))
	}
}

// pasajePublicoURL is the public ticket route for a number and a code, escaped as the mail's link does.
func pasajePublicoURL(numero, codigo string) string {
	return "/api/public/pasaje?numero=" + url.QueryEscape(numero) + "&codigo=" + url.QueryEscape(codigo)
}

func TestTheMailsLinkShowsTheTicketToWhoeverHoldsItsCode(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		r := e.do("GET", pasajePublicoURL(p.NumeroPasaje, p.CodigoQR), "", nil)
		r.expect(t, http.StatusOK, "")
		var d map[string]any
		r.decode(t, &d)
		want := map[string]any{"empresa": "Lanchas del Delta", "numero_pasaje": p.NumeroPasaje,
			"pasajero": "Cliente Anónimo", "fecha_viaje": "2026-11-20", "seccion": seccionDemo, "tipo_viaje": "General",
			"estado": "activo", "precio": p.Precio, "salida": nil} // a day's ticket: no departure
		for k, v := range want {
			if d[k] != v {
				t.Errorf("%s = %v, esperaba %v", k, d[k], v)
			}
		}
		if qr, _ := d["qr"].(string); !strings.HasPrefix(qr, "data:image/png;base64,") {
			t.Errorf("qr = %.40v", d["qr"])
		}
		if len(d) != len(want)+1 {
			t.Errorf("la vista pública muestra de más: %v", slices.Sorted(maps.Keys(d)))
		}
	})
}

func TestTheMailsLinkRefusesEveryCodeThatIsNotTheTicketsAlike(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(2)
		p := ps[0]
		var otraNumero, otraCodigo string
		if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT numero_pasaje, codigo_qr FROM pasajes WHERE empresa_id = 2
			ORDER BY id LIMIT 1`)).Scan(&otraNumero, &otraCodigo); err != nil {
			t.Fatal(err)
		}
		_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
		otraClave, err := domain.FirmarCodigoQR(otherKey, 1, p.NumeroPasaje, "2026-11-20")
		if err != nil {
			t.Fatal(err)
		}
		partes := strings.Split(p.CodigoQR, ".")
		alterada := partes[0] + "." + partes[1] + "." + strings.Repeat("A", len(partes[2]))
		// the payload says company 2 and the ticket's number, under company 1's signature
		payload, _ := json.Marshal(domain.CodigoQR{EmpresaID: 2, NumeroPasaje: p.NumeroPasaje, FechaViaje: "2026-11-20",
			Nonce: "00"})
		otraEmpresa := partes[0] + "." + base64.RawURLEncoding.EncodeToString(payload) + "." + partes[2]
		for caso, u := range map[string]string{
			"sin código":             "/api/public/pasaje?numero=" + url.QueryEscape(p.NumeroPasaje),
			"firma de otra clave":    pasajePublicoURL(p.NumeroPasaje, otraClave),
			"firma alterada":         pasajePublicoURL(p.NumeroPasaje, alterada),
			"datos de otra empresa":  pasajePublicoURL(p.NumeroPasaje, otraEmpresa),
			"código de otro número":  pasajePublicoURL(p.NumeroPasaje, ps[1].CodigoQR),
			"código de otra empresa": pasajePublicoURL(p.NumeroPasaje, otraCodigo),
			"número de otra empresa": pasajePublicoURL(otraNumero, p.CodigoQR),
			"basura con prefijo":     pasajePublicoURL(p.NumeroPasaje, "MUELLE1.xxx.yyy"),
			"el número como código":  pasajePublicoURL(p.NumeroPasaje, p.NumeroPasaje),
		} {
			t.Run(caso, func(t *testing.T) {
				e.do("GET", u, "", nil).expect(t, http.StatusNotFound, "Pasaje no encontrado")
			})
		}
		e.do("GET", pasajePublicoURL(otraNumero, otraCodigo), "", nil).expect(t, http.StatusOK, "")
		for caso, u := range map[string]string{
			"sin número":     "/api/public/pasaje?codigo=" + url.QueryEscape(p.CodigoQR),
			"número largo":   pasajePublicoURL(strings.Repeat("9", 51), p.CodigoQR),
			"código largo":   pasajePublicoURL(p.NumeroPasaje, strings.Repeat("A", 501)),
			"otro parámetro": pasajePublicoURL(p.NumeroPasaje, p.CodigoQR) + "&id=1",
		} {
			t.Run(caso, func(t *testing.T) {
				if r := e.do("GET", u, "", nil); r.Status != http.StatusBadRequest || !strings.HasPrefix(r.Message, "El parámetro ") {
					t.Fatalf("%d %q", r.Status, r.Message)
				}
			})
		}
	})
}
