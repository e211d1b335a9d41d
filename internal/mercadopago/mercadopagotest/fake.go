// Package mercadopagotest is a Mercado Pago of the tests: an HTTPS server on
// loopback (externotest) answering the part of the API Muelle calls — the
// account, stores and points of sale — as Mercado Pago does, with the
// token it was given. It keeps what was created, so a test checks that a
// repeated set-up creates nothing twice.
package mercadopagotest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

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
	token string

	mu      sync.Mutex
	Locales map[string]map[string]any // by external_id, as received
	Cajas   map[string]map[string]any // by external_id, as received
	// Llamadas counts the requests by "METHOD /path".
	Llamadas  map[string]int
	siguiente int
}

// Iniciar starts a fake that accepts token alone.
func Iniciar(t testing.TB, token string) *Fake {
	f := &Fake{token: token, Locales: map[string]map[string]any{}, Cajas: map[string]map[string]any{},
		Llamadas: map[string]int{}, siguiente: 1000}
	f.Servidor = externotest.Iniciar(t, http.HandlerFunc(f.servir))
	return f
}

// Red reaches the fake as an installation reaches Mercado Pago.
func (f *Fake) Red(t testing.TB) mercadopago.Red {
	return mercadopago.Red{URL: f.URL, Red: f.Servidor.Red(t)}
}

// Contar is how many requests "METHOD /path" got.
func (f *Fake) Contar(llamada string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Llamadas[llamada]
}

func (f *Fake) servir(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Llamadas[r.Method+" "+r.URL.Path]++
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		responder(w, http.StatusUnauthorized, map[string]any{"message": "invalid access token", "status": 401})
		return
	}
	cuenta := "/users/" + strconv.Itoa(CuentaID)
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/users/me":
		responder(w, http.StatusOK, map[string]any{"id": CuentaID, "nickname": Apodo, "site_id": "MLA"})
	case r.Method == http.MethodGet && r.URL.Path == cuenta+"/stores/search":
		f.buscar(w, f.Locales, r.URL.Query().Get("external_id"))
	case r.Method == http.MethodPost && r.URL.Path == cuenta+"/stores":
		f.crear(w, r, f.Locales, "location", "name")
	case r.Method == http.MethodGet && r.URL.Path == "/pos":
		f.buscar(w, f.Cajas, r.URL.Query().Get("external_id"))
	case r.Method == http.MethodPost && r.URL.Path == "/pos":
		f.crear(w, r, f.Cajas, "store_id", "external_store_id", "name")
	default:
		responder(w, http.StatusNotFound, map[string]any{"message": "resource not found", "status": 404})
	}
}

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

func responder(w http.ResponseWriter, status int, cuerpo any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(cuerpo)
}
