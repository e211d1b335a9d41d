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

// A request that finds every slot taken waits, then is refused with 503 and
// Retry-After; once the slot is free, requests run again.
func TestTooManyConcurrentRequestsAre503WithRetryAfter(t *testing.T) {
	dentro, soltar := make(chan struct{}), make(chan struct{})
	h := limitConcurrency(Limits{MaxConcurrent: 1, Wait: 50 * time.Millisecond},
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/lenta" { // holds the only slot until released
				close(dentro)
				<-soltar
			}
			writeJSON(w, http.StatusOK, envelope{Success: true})
		}))
	done := make(chan int)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/lenta", nil))
		done <- rec.Code
	}()
	<-dentro
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
	var env envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || rec.Code != http.StatusServiceUnavailable ||
		env.Success || env.Message != MsgServidorOcupado || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("esperaba 503 con Retry-After, obtuve %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	close(soltar)
	if code := <-done; code != http.StatusOK {
		t.Fatalf("la petición que ocupaba el cupo terminó con %d", code)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("con el cupo libre esperaba 200, obtuve %d", rec.Code)
	}
}
