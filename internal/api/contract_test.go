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
		if _, ok := doc.Paths[strings.TrimPrefix(rt.Path, "/api")][strings.ToLower(rt.Method)]; !ok {
			t.Errorf("%s %s falta en el documento OpenAPI", rt.Method, rt.Path)
		}
	}
	if n < 30 {
		t.Fatalf("solo %d rutas en la tabla", n)
	}
}
