package api

import (
	"net/http"
	"strings"
	"sync"

	"muelle/internal/domain"
	"muelle/internal/openapi"
)

// openAPIInfo describes the API in the document.
var openAPIInfo = openapi.Info{
	Title:   "Muelle API",
	Version: "1",
	Description: "API JSON de Muelle. Cada respuesta es {success, data, message}; los montos son números " +
		"con hasta dos decimales. Referencia: docs/api.md.",
	BasePath: "/api",
	Numbers:  []any{domain.Centavos(0)},
}

// OpenAPI is the OpenAPI 3 document of the route table (docs/openapi.json).
func OpenAPI() ([]byte, error) {
	var ops []openapi.Operation
	for _, rt := range (&Server{}).routes() {
		if rt.Handler.document {
			continue
		}
		ops = append(ops, openapi.Operation{Method: rt.Method, Path: rt.Path, Access: accessText(rt.Access) + "; módulo " + rt.Modulo,
			Public: rt.Access.Publico, Body: rt.Handler.body, Data: rt.Handler.data, Status: rt.Handler.status,
			Produces: rt.Handler.produces})
	}
	return openapi.Document(openAPIInfo, ops)
}

// accessText says who may call a route.
func accessText(a domain.Acceso) string {
	switch {
	case a.Publico:
		return "público"
	case a.VentaPropia:
		return "permiso " + a.Permiso + ", o la venta propia de los últimos 5 minutos"
	case a.Permiso != "":
		return "permiso " + a.Permiso
	case len(a.Roles) > 0:
		return "roles " + strings.Join(a.Roles, ", ")
	}
	return "cualquier sesión"
}

// openAPIDocument is the document as served: raw JSON, not an envelope.
type openAPIDocument []byte

// served is the document GET /api/openapi.json answers, built on first use.
var served struct {
	once sync.Once
	doc  []byte
	err  error
}

// openAPI serves the document.
func (s *Server) openAPI(*http.Request) (openAPIDocument, error) {
	served.once.Do(func() { served.doc, served.err = OpenAPI() })
	return served.doc, served.err
}
