// Package mercadopagotest is a Mercado Pago of the tests: an HTTPS server on
// loopback (externotest) answering the part of the API Muelle calls — the
// account, stores and points of sale, and the Orders API's QR orders — as
// Mercado Pago does, with the token it was given. It keeps what was created,
// so a test checks that a repeated set-up or a retried order creates nothing
// twice; it pays, expires and fails on a test's command, and sends the
// order notifications signed as Mercado Pago signs them.
package mercadopagotest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/externo/externotest"
	"muelle/internal/mercadopago"
)

// CuentaID and Apodo are the fake account's.
const (
	CuentaID = 1234567
	Apodo    = "MUELLE_TEST"
)

// Fake is a running fake Mercado Pago.
type Fake struct {
	*externotest.Servidor
	t     testing.TB
	token string
	rutas *http.ServeMux

	mu      sync.Mutex
	Locales map[string]map[string]any // by external_id, as received
	Cajas   map[string]map[string]any // by external_id, as received
	// Llamadas counts the requests by "METHOD /path".
	Llamadas  map[string]int
	siguiente int
	ordenes   []*Orden
	claves    map[string]usoClave // by X-Idempotency-Key
	fallas    map[string][]int    // the next answers of a "METHOD /path", in order
	avisos    int
	// Ahora is the fake's clock: an order's created_date, the search's period (time.Now by default).
	Ahora func() time.Time
}

// Iniciar starts a fake that accepts token alone.
func Iniciar(t testing.TB, token string) *Fake {
	f := &Fake{t: t, token: token, Locales: map[string]map[string]any{}, Cajas: map[string]map[string]any{},
		Llamadas: map[string]int{}, siguiente: 1000, claves: map[string]usoClave{}, fallas: map[string][]int{}, Ahora: time.Now}
	f.rutas = f.rutasAPI()
	f.Servidor = externotest.Iniciar(t, http.HandlerFunc(f.servir))
	return f
}

// Red reaches the fake as an installation reaches Mercado Pago.
func (f *Fake) Red(t testing.TB) mercadopago.Red {
	return mercadopago.Red{URL: f.URL, Red: f.Servidor.Red(t)}
}

// Contar is how many requests "METHOD /path" got (failed ones too).
func (f *Fake) Contar(llamada string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Llamadas[llamada]
}

// FallarProximas makes the next n requests "METHOD /path" (ruta, as Contar
// names them) fail with status, before doing anything: a 5xx or 429 for a
// retry, a 4xx for a refusal. Status 0 does the request and then loses its
// answer (the connection is cut before it): the timeout after sending, whose
// retry must be the same operation.
func (f *Fake) FallarProximas(ruta string, n, status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.fallas[ruta] = append(f.fallas[ruta], status)
	}
}

// rutasAPI are the routes the fake answers; any other is a JSON 404.
func (f *Fake) rutasAPI() *http.ServeMux {
	cuenta := "/users/" + strconv.Itoa(CuentaID)
	m := http.NewServeMux()
	m.HandleFunc("GET /users/me", func(w http.ResponseWriter, _ *http.Request) {
		responder(w, http.StatusOK, map[string]any{"id": CuentaID, "nickname": Apodo, "site_id": "MLA"})
	})
	m.HandleFunc("GET "+cuenta+"/stores/search", func(w http.ResponseWriter, r *http.Request) {
		f.buscar(w, f.Locales, r.URL.Query().Get("external_id"))
	})
	m.HandleFunc("POST "+cuenta+"/stores", func(w http.ResponseWriter, r *http.Request) {
		f.crear(w, r, f.Locales, "location", "name")
	})
	m.HandleFunc("GET /pos", func(w http.ResponseWriter, r *http.Request) {
		f.buscar(w, f.Cajas, r.URL.Query().Get("external_id"))
	})
	m.HandleFunc("POST /pos", func(w http.ResponseWriter, r *http.Request) {
		f.crear(w, r, f.Cajas, "store_id", "external_store_id", "name")
	})
	m.HandleFunc("POST /v1/orders", f.crearOrden)
	m.HandleFunc("GET /v1/orders", f.buscarOrdenes)
	m.HandleFunc("GET /v1/orders/{id}", f.verOrden)
	m.HandleFunc("POST /v1/orders/{id}/cancel", f.cancelarOrden)
	m.HandleFunc("POST /v1/orders/{id}/refund", f.reembolsarOrden)
	m.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		responder(w, http.StatusNotFound, map[string]any{"message": "resource not found", "status": 404})
	})
	return m
}

// servir answers one request at a time: counted, its token checked, failed
// when a test asked so, then routed.
func (f *Fake) servir(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	llamada := r.Method + " " + r.URL.Path
	f.Llamadas[llamada]++
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		responder(w, http.StatusUnauthorized, map[string]any{"message": "invalid access token", "status": 401})
		return
	}
	if fallas := f.fallas[llamada]; len(fallas) > 0 {
		f.fallas[llamada] = fallas[1:]
		if fallas[0] != 0 {
			codigo := strings.ToLower(strings.ReplaceAll(http.StatusText(fallas[0]), " ", "_"))
			responderError(w, fallas[0], codigo, "falla pedida por la prueba")
			return
		}
		f.rutas.ServeHTTP(respuestaPerdida{http.Header{}}, r)
		panic(http.ErrAbortHandler) // the connection is cut: the answer never arrives
	}
	f.rutas.ServeHTTP(w, r)
}

// respuestaPerdida is an answer written nowhere.
type respuestaPerdida struct{ h http.Header }

func (p respuestaPerdida) Header() http.Header         { return p.h }
func (p respuestaPerdida) Write(b []byte) (int, error) { return len(b), nil }
func (p respuestaPerdida) WriteHeader(int)             {}

func (f *Fake) buscar(w http.ResponseWriter, en map[string]map[string]any, externo string) {
	var resultados []map[string]any
	if o, ok := en[externo]; ok {
		resultados = append(resultados, o)
	}
	responder(w, http.StatusOK, map[string]any{"paging": map[string]int{"total": len(resultados)}, "results": resultados})
}

// crear keeps a new store or POS, refusing a body without its required
// fields or with an external_id in use (as Mercado Pago does).
func (f *Fake) crear(w http.ResponseWriter, r *http.Request, en map[string]map[string]any, requeridos ...string) {
	var o map[string]any
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&o); err != nil {
		responder(w, http.StatusBadRequest, map[string]any{"message": "invalid json"})
		return
	}
	externo, _ := o["external_id"].(string)
	for _, c := range append(requeridos, "external_id") {
		if o[c] == nil || o[c] == "" {
			responder(w, http.StatusBadRequest, map[string]any{"message": "missing " + c})
			return
		}
	}
	if _, usado := en[externo]; usado || strings.ContainsFunc(externo, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		responder(w, http.StatusBadRequest, map[string]any{"message": "VALIDATION_ERROR external_id"})
		return
	}
	f.siguiente++
	o["id"] = f.siguiente
	en[externo] = o
	responder(w, http.StatusCreated, o)
}

// responderError answers Mercado Pago's error shape: {"errors": [{"code", "message", "details"}]}.
func responderError(w http.ResponseWriter, status int, codigo, mensaje string) {
	responder(w, status, map[string]any{"errors": []map[string]any{{"code": codigo, "message": mensaje, "details": []string{}}}})
}

func responder(w http.ResponseWriter, status int, cuerpo any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(cuerpo)
}
