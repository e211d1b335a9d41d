package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.App = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><div id=root></div>")}}
		for _, path := range []string{"/api/health", "/api/no-existe", "/", "/admin/login"} {
			rec := httptest.NewRecorder()
			e.srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			h := rec.Header()
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self';", "frame-ancestors 'none'",
				"object-src 'none'", "worker-src 'self'", "manifest-src 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: la CSP %q no contiene %q", path, csp, want)
				}
			}
			if strings.Contains(regexp.MustCompile(`script-src[^;]*`).FindString(csp), "unsafe") {
				t.Errorf("%s: script-src permite código en línea: %q", path, csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
				h.Get("Referrer-Policy") == "" {
				t.Errorf("%s: cabeceras %v", path, h)
			}
		}
	})
}

// The policy forbids inline scripts: the app's HTML must have none.
func TestTheAppHasNoInlineScript(t *testing.T) {
	scripts := regexp.MustCompile(`(?is)<script([^>]*)>(.*?)</script>`)
	for _, name := range []string{"../../web/index.html", "../../web/dist/index.html"} {
		b, err := os.ReadFile(name)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range scripts.FindAllSubmatch(b, -1) {
			if !regexp.MustCompile(`\ssrc=`).Match(m[1]) || strings.TrimSpace(string(m[2])) != "" {
				t.Errorf("%s tiene un script en línea: %s", name, m[0])
			}
		}
		if regexp.MustCompile(`(?i)\son[a-z]+=`).Match(b) {
			t.Errorf("%s tiene un manejador de eventos en línea", name)
		}
	}
}

// slotHolder is a handler that answers 200 at once, except a request with
// ?lenta=1: that one holds its slot until released.
type slotHolder struct{ dentro, soltar chan struct{} }

func newSlotHolder() slotHolder { return slotHolder{make(chan struct{}), make(chan struct{})} }

func (s slotHolder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("lenta") != "" {
		close(s.dentro)
		<-s.soltar
	}
	writeJSON(w, http.StatusOK, envelope{Success: true})
}

// hold sends GET path?lenta=1 to h and returns once it holds its slot;
// release lets it finish and returns its status.
func (s slotHolder) hold(h http.Handler, path string) (release func() int) {
	done := make(chan int)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path+"?lenta=1", nil))
		done <- rec.Code
	}()
	<-s.dentro
	return func() int {
		close(s.soltar)
		return <-done
	}
}

// A request that finds every slot taken waits, then is refused with 503 and
// Retry-After; once the slot is free, requests run again.
func TestTooManyConcurrentRequestsAre503WithRetryAfter(t *testing.T) {
	s := newSlotHolder()
	h := limitConcurrency(Limits{MaxConcurrent: 1, Wait: 50 * time.Millisecond}, nil, s)
	release := s.hold(h, "/api/lenta")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
	var env envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || rec.Code != http.StatusServiceUnavailable ||
		env.Success || env.Message != MsgServidorOcupado || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("esperaba 503 con Retry-After, obtuve %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	if code := release(); code != http.StatusOK {
		t.Fatalf("la petición que ocupaba el cupo terminó con %d", code)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("con el cupo libre esperaba 200, obtuve %d", rec.Code)
	}
}

// Heavy reads wait for a slot of their own pool: with it full, a report is
// refused with 503 while a sale still finds a slot.
func TestHeavyReadsHaveTheirOwnPool(t *testing.T) {
	s := newSlotHolder()
	pesadas := http.NewServeMux()
	pesadas.Handle("GET /api/reportes/ventas", http.NotFoundHandler())
	h := limitConcurrency(Limits{MaxConcurrent: 4, MaxLecturasPesadas: 1, Wait: 50 * time.Millisecond}, pesadas, s)
	release := s.hold(h, "/api/reportes/ventas")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/reportes/ventas", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("otro reporte con el cupo de lecturas lleno: esperaba 503, obtuve %d", rec.Code)
	}
	for _, req := range []*http.Request{httptest.NewRequest("POST", "/api/pasajes", nil),
		httptest.NewRequest("POST", "/api/reportes/ventas", nil)} {
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s %s con el cupo de lecturas lleno: esperaba 200, obtuve %d", req.Method, req.URL, rec.Code)
		}
	}
	if code := release(); code != http.StatusOK {
		t.Fatalf("el reporte que ocupaba el cupo terminó con %d", code)
	}
}

// The route table's heavy reads: every report, dashboard and the ticket
// list; never a write, the boarding or the validator's list.
func TestTheHeavyReadsOfTheRouteTable(t *testing.T) {
	s := &Server{}
	pesada := map[string]bool{}
	for _, rt := range s.routes() {
		pesada[rt.Method+" "+rt.Path] = rt.lecturaPesada()
	}
	for ruta, quiere := range map[string]bool{
		"GET /api/reportes/ventas-detalladas": true, "GET /api/dashboard/stats": true, "GET /api/pasajes": true,
		"GET /api/config/auditoria/logs": true, "POST /api/pasajes": false, "POST /api/pasajes/validar-qr": false,
		"GET /api/pasajes/por-fecha": false, "GET /api/caja/estado": false, "GET /api/auth/me": false,
	} {
		es, ok := pesada[ruta]
		if !ok {
			t.Fatalf("%s no está en la tabla de rutas", ruta)
		}
		if es != quiere {
			t.Errorf("%s: lectura pesada %v, quería %v", ruta, es, quiere)
		}
	}
	for _, p := range listadosPesados {
		if _, ok := pesada["GET "+p]; !ok {
			t.Errorf("listadosPesados nombra %s, que no es una ruta GET", p)
		}
	}
}
