package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// env is a running API over a seeded database with a controllable clock.
type env struct {
	t   testing.TB
	st  *store.Store
	svc *auth.Service
	srv *Server
	now time.Time
}

func newEnv(t testing.TB, st *store.Store) *env {
	t.Helper()
	ctx := context.Background()
	e := envSobre(t, st)
	h := auth.Hasher{Cost: bcrypt.MinCost}
	if err := demo.Seed(ctx, st, h); err != nil {
		t.Fatal(err)
	}
	// The tests that close with a difference close at once; the blind-close
	// tests (cierre_ciego_test.go) set the tolerance they need.
	for id := int64(1); id <= 2; id++ {
		if _, err := st.GuardarConfiguracion(ctx, store.Actor{EmpresaID: id}, id, store.Configuracion{
			Clave: domain.ClaveToleranciaCierre, Valor: "10000000000", Descripcion: "Tolerancia de las pruebas"}); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// envSobre is a running API over st as it is (nothing seeded), at the tests' clock.
func envSobre(t testing.TB, st *store.Store) *env {
	t.Helper()
	e := &env{t: t, st: st, now: time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)}
	st.Now = func() time.Time { return e.now }
	svc, err := auth.NewService(context.Background(), st, 8*time.Hour, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	svc.Esperar = func(context.Context, time.Duration) error { return nil } // the portal's delay: no real wait in tests
	e.srv = &Server{Store: st, Auth: svc, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return e
}

// tareasCon is a job runner over the env's store with the jobs registrar
// registers (an outbox), never started: a test runs what is due with Vaciar.
func (e *env) tareasCon(registrar func(*jobs.Runner)) *jobs.Runner {
	r := jobs.Nuevo(e.st, e.srv.Log)
	registrar(r)
	return r
}

// eachEnv runs fn once per database with a fresh environment.
func eachEnv(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) { fn(t, newEnv(t, st)) })
}

// response is a decoded API answer.
type response struct {
	Status  int
	Success bool            `json:"success"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	// Header and Body are the raw answer (files are not JSON).
	Header http.Header `json:"-"`
	Body   []byte      `json:"-"`
}

// do sends a request with an optional bearer token and JSON body.
func (e *env) do(method, path, token string, body any) response {
	e.t.Helper()
	return e.request(method, path, token, body, nil)
}

// request is do with a hook to adjust the request (headers) before it is sent.
func (e *env) request(method, path, token string, body any, adjust func(*http.Request)) response {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if adjust != nil {
		adjust(req)
	}
	sent := recordBody(req)
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, req)
	checkContract(e.t, sent, rec)
	r := response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || rec.Code != http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
			e.t.Fatalf("%s %s: respuesta no JSON (%d): %s", method, path, rec.Code, rec.Body.String())
		}
	}
	return r
}

// data decodes the data of a successful answer into v.
func (r response) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("data: %v (%s)", err, r.Data)
	}
}

// expect fails unless the answer has the status, success flag and message given.
func (r response) expect(t testing.TB, status int, message string) {
	t.Helper()
	if r.Status != status || r.Success != (status < 400) || (message != "" && r.Message != message) {
		t.Fatalf("esperaba %d %q, obtuve %d success=%v %q", status, message, r.Status, r.Success, r.Message)
	}
}

// login logs a demo user in through the API and returns the token.
func (e *env) login(usuario string) string {
	e.t.Helper()
	r := e.do("POST", "/api/auth/login", "", map[string]string{"nombre_usuario": usuario, "password": demo.Password})
	r.expect(e.t, http.StatusOK, "")
	var d struct{ Token string }
	r.decode(e.t, &d)
	return d.Token
}

// token issues a token for a user directly, without the login flow.
func (e *env) token(usuario string) string {
	e.t.Helper()
	u, ok, err := e.st.UsuarioPorNombre(context.Background(), usuario)
	if err != nil || !ok {
		e.t.Fatalf("usuario %s: %v", usuario, err)
	}
	tok, _, err := e.svc.Tokens.Issue(auth.ClaimsFor(u), e.now)
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// count runs a counting query.
func (e *env) count(q string, args ...any) int64 { return storetest.Int(e.t, e.st, q, args...) }
