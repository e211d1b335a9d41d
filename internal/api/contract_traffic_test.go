package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The contract checked over the suite's own traffic: every request an API test
// sends through env.request and the answer it gets are compared with
// docs/openapi.json as served, by kin-openapi's validator (what a validating
// proxy such as Prism does). They agree when
//   - every answer, error or not, has a status the operation declares (no
//     catch-all hides one) and a body its schema for that status allows;
//   - a request the document forbids (a missing required body or field, a
//     value out of its bounds, a parameter of the wrong type) is refused, never
//     answered 2xx;
//   - a date or other format the document declares is checked as such.
// A request the document allows may still be refused: by a rule over several
// parameters or over the data (a period of more than 366 days, an end before
// its start), a 400 with its reason. Authentication is not the document's to
// check here (the security tests do).

// contractRouter is the router over the served document, built once.
var contractRouter = sync.OnceValues(func() (routers.Router, error) {
	raw, err := OpenAPI()
	if err != nil {
		return nil, err
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("el documento no carga: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("el documento no es válido: %w", err)
	}
	for _, tipo := range []string{"text/csv", "text/html", "application/pdf", "image/png", "image/jpeg", "image/gif",
		"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"} {
		openapi3filter.RegisterBodyDecoder(tipo, openapi3filter.FileBodyDecoder)
	}
	return gorillamux.NewRouter(doc)
})

// sentRequest is what a test sent: the request as served, and the body the
// server read, whole (read false when the server answered before the end).
type sentRequest struct {
	req  *http.Request
	body []byte
	read bool
}

// recordBody makes req's body recorded as the server reads it, up to 4 MiB.
func recordBody(req *http.Request) *sentRequest {
	s := &sentRequest{req: req, read: req.Body == nil || req.Body == http.NoBody}
	if !s.read {
		req.Body = &bodyRecorder{r: req.Body, s: s}
	}
	return s
}

type bodyRecorder struct {
	r io.ReadCloser
	s *sentRequest
}

func (b *bodyRecorder) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if len(b.s.body)+n <= 4<<20 {
		b.s.body = append(b.s.body, p[:n]...)
	}
	if errors.Is(err, io.EOF) && len(b.s.body) < 4<<20 {
		b.s.read = true
	}
	return n, err
}

func (b *bodyRecorder) Close() error { return b.r.Close() }

// checkContract reports where the request sent and the answer rec disagree with
// the document.
func checkContract(t testing.TB, sent *sentRequest, rec *httptest.ResponseRecorder) {
	t.Helper()
	router, err := contractRouter()
	if err != nil {
		t.Fatal(err)
	}
	req := sent.req.Clone(context.Background())
	req.Body = io.NopCloser(bytes.NewReader(sent.body))
	if req.URL.Host == "" {
		req.URL.Host, req.URL.Scheme = req.Host, "http"
	}
	dropEmptyParameters(req.URL)
	call := req.Method + " " + sent.req.URL.RequestURI()
	route, params, err := router.FindRoute(req)
	if req.URL.Path == "/api/openapi.json" {
		return // the document itself, not one of its operations
	}
	if err != nil {
		if rec.Code < 300 && rec.Code != http.StatusSwitchingProtocols && !strings.HasPrefix(req.URL.Path, "/api/") {
			return // the web app's pages, not the API
		}
		if rec.Code < 400 {
			t.Errorf("contrato: %s respondió %d y el documento no tiene la operación", call, rec.Code)
		}
		return
	}
	if route.Operation.OperationID == "abrirSocket" {
		return // a WebSocket's messages are checked by the socket tests
	}
	input := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
			ExcludeRequestBody: !sent.read, MultiError: true,
			SchemaValidationOptions: []openapi3.SchemaValidationOption{openapi3.EnableFormatValidation()}}}
	if err := openapi3filter.ValidateRequest(context.Background(), input); err != nil && rec.Code < 400 {
		t.Errorf("contrato: el documento prohíbe %s (%v) y el servidor respondió %d", call, err, rec.Code)
	}
	if route.Operation.Responses.Status(rec.Code) == nil { // kin-openapi lets a 304 or a redirect pass
		t.Errorf("contrato: %s respondió %d y la operación no declara ese estado", call, rec.Code)
		return
	}
	resp := &openapi3filter.ResponseValidationInput{RequestValidationInput: input, Status: rec.Code,
		Header: rec.Header(), Body: io.NopCloser(bytes.NewReader(rec.Body.Bytes())),
		Options: &openapi3filter.Options{MultiError: true}}
	if rec.Code == http.StatusNotModified {
		resp.Header = rec.Header().Clone()
		resp.Header.Del("Content-Type")
	}
	if err := openapi3filter.ValidateResponse(context.Background(), resp); err != nil {
		t.Errorf("contrato: la respuesta %d a %s no es la del documento: %v\n%.300s", rec.Code, call, err, rec.Body.String())
	}
}

// dropEmptyParameters removes the query parameters sent empty: the server reads
// one as missing, as the document's description and docs/api.md say.
func dropEmptyParameters(u *url.URL) {
	q := u.Query()
	for name, values := range q {
		if len(values) == 1 && values[0] == "" {
			q.Del(name)
		}
	}
	u.RawQuery = q.Encode()
}

// quejas is a testing.TB that keeps what checkContract reports.
type quejas struct {
	testing.TB
	errores []string
}

func (q *quejas) Helper() {}

func (q *quejas) Errorf(format string, args ...any) {
	q.errores = append(q.errores, fmt.Sprintf(format, args...))
}

// TestTheContractCheckCatchesEachDisagreement: an undeclared status, an answer
// whose body the schema refuses, and a request the document forbids answered
// 2xx are each reported; the same exchanges as the document says are not.
func TestTheContractCheckCatchesEachDisagreement(t *testing.T) {
	respuesta := func(status int, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", "application/json")
		rec.WriteHeader(status)
		rec.WriteString(body)
		return rec
	}
	pedido := func(method, target, body string) *sentRequest {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		s := recordBody(req)
		_, _ = io.ReadAll(req.Body)
		return s
	}
	casos := []struct {
		nombre string
		sent   *sentRequest
		rec    *httptest.ResponseRecorder
		falla  bool
	}{
		{"un estado no declarado", pedido("GET", "/api/caja/estado", ""), respuesta(http.StatusTeapot, `{"success":false,"message":"x"}`), true},
		{"un cuerpo que el esquema no admite", pedido("GET", "/api/caja/estado", ""), respuesta(http.StatusOK, `{"success":true,"data":{"id":"uno"}}`), true},
		{"un pedido prohibido aceptado", pedido("PUT", "/api/config/embarcaciones/7/activo", `{}`), respuesta(http.StatusOK, `{"success":true}`), true},
		{"un formato prohibido aceptado", pedido("GET", "/api/pasajes?fecha_inicio=2026-02-30", ""), respuesta(http.StatusOK, `{"success":true,"data":[]}`), true},
		{"un 404 declarado", pedido("POST", "/api/pasajes/validar-qr", `{"codigo":"X"}`), respuesta(http.StatusNotFound, `{"success":false,"message":"Pasaje no encontrado"}`), false},
		{"un pedido prohibido rechazado", pedido("PUT", "/api/config/embarcaciones/7/activo", `{}`), respuesta(http.StatusBadRequest, `{"success":false,"message":"El campo activo es obligatorio"}`), false},
	}
	for _, c := range casos {
		q := &quejas{TB: t}
		checkContract(q, c.sent, c.rec)
		if (len(q.errores) > 0) != c.falla {
			t.Errorf("%s: quejas %q", c.nombre, q.errores)
		}
	}
}
