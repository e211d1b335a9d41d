package api

import (
	"encoding/json"
	"io"
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
				"object-src 'none'"} {
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

func TestTooManyConcurrentRequestsAre503WithRetryAfter(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.Limits = Limits{MaxConcurrent: 1, Wait: 50 * time.Millisecond}
		h := e.srv.Handler()
		body, release := io.Pipe()
		done := make(chan int)
		go func() { // holds the only slot while its body does not arrive
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "/api/auth/login", body)
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			done <- rec.Code
		}()
		deadline := time.Now().Add(5 * time.Second)
		var rec *httptest.ResponseRecorder
		for time.Now().Before(deadline) {
			rec = httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
			if rec.Code == http.StatusServiceUnavailable {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		var env envelope
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || rec.Code != http.StatusServiceUnavailable ||
			env.Success || env.Message != MsgServidorOcupado || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("esperaba 503 con Retry-After, obtuve %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
		_, _ = release.Write([]byte(`{"nombre_usuario":"admin","password":"mal"}`))
		release.Close()
		if code := <-done; code != http.StatusUnauthorized {
			t.Fatalf("la petición lenta terminó con %d", code)
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("con el cupo libre esperaba 200, obtuve %d", rec.Code)
		}
	})
}
