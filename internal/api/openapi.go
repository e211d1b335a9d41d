package api

import (
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/swaggest/jsonschema-go"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/openapi"
	"muelle/internal/realtime"
)

// openAPIInfo describes the API in the document.
var openAPIInfo = openapi.Info{
	Title:   "Muelle API",
	Version: "1",
	Description: "API JSON de Muelle. Cada respuesta es {success, data, message}; los montos son números " +
		"con hasta dos decimales. Un parámetro de consulta vacío es uno ausente; uno que la operación no declara es un 400 (salvo en " +
		"POST /api/webhooks/{proveedor}, cuya consulta es la del servicio que avisa). " +
		"Los eventos del socket (GET /api/ws) y sus datos son los esquemas MensajeSocket y Eventos. Referencia: docs/api.md.",
	Numbers: []any{domain.Centavos(0), domain.Centesimas(0)},
	Errors: map[int]openapi.ErrorAnswer{
		http.StatusNotModified: {Name: "NoModificado", SinCuerpo: true,
			Description: "Sin cambios desde el ETag de If-None-Match: vale la copia que ya tiene quien pide"},
		http.StatusBadRequest: {Name: "SolicitudInvalida", Data: reflect.TypeFor[ParametrosInvalidos](),
			Description: "Datos inválidos; un 400 de la consulta nombra en data cada parámetro que no se entiende o que la operación no declara"},
		http.StatusUnauthorized:          {Name: "NoAutenticado", Description: "Sin una sesión válida, o un aviso de un servicio externo sin una firma válida"},
		http.StatusForbidden:             {Name: "SinPermiso", Description: "Sin el permiso, el rol o el módulo que la operación pide"},
		http.StatusNotFound:              {Name: "NoEncontrado", Description: "No existe, o es de otra empresa"},
		http.StatusRequestTimeout:        {Name: "CuerpoDemorado", Description: "El cuerpo no llegó en 15 segundos"},
		http.StatusRequestEntityTooLarge: {Name: "CuerpoDemasiadoGrande", Description: "El cuerpo supera el máximo que la operación acepta"},
		http.StatusConflict:              {Name: "Conflicto", Description: "Choca con el estado actual (un nombre repetido, una caja ya abierta …)"},
		http.StatusUnprocessableEntity:   {Name: "NoProcesable", Description: "La clave de idempotencia ya se usó con otra solicitud, o un servicio externo rechazó el envío"},
		http.StatusTooManyRequests:       {Name: "DemasiadasSolicitudes", Description: "Demasiadas solicitudes; Retry-After dice cuándo volver a intentar"},
		http.StatusServiceUnavailable:    {Name: "NoDisponible", Description: "Base de datos caída o servidor en su límite; Retry-After dice cuándo volver a intentar"},
	},
	APIKeys: map[string]openapi.APIKey{
		"tokenSocket": {Header: "Sec-WebSocket-Protocol",
			Description: "Los subprotocolos muelle y el token de POST /auth/login: un navegador no puede enviar Authorization en un WebSocket"},
	},
}

// OpenAPI is the OpenAPI 3 document of the route table (docs/openapi.json),
// with the event stream GET /api/ws and the payload of each of its events.
func OpenAPI() ([]byte, error) {
	var ops []openapi.Operation
	for _, rt := range (&Server{}).routes() {
		if rt.Handler.document {
			continue
		}
		h := rt.Handler
		ops = append(ops, openapi.Operation{Method: rt.Method, Path: rt.Path, ID: h.id, Summary: rt.Resumen,
			Access: accessText(rt.Access) + "; módulo " + rt.Modulo, Public: rt.Access.Publico, Query: h.query,
			Body: h.body, Consumes: h.consumes, Data: h.data, Status: h.status, Produces: h.produces, Errors: erroresDe(rt),
			ErrorData: h.errorData})
	}
	ops = append(ops, openapi.Operation{Method: "GET", Path: "/api/ws", ID: "abrirSocket",
		Summary: "Abre el socket de eventos de la empresa (WebSocket)", Access: "cualquier sesión; módulo core",
		Security: "tokenSocket", Query: reflect.TypeFor[ConsultaSocket](), Status: http.StatusSwitchingProtocols,
		Data:   reflect.TypeFor[MensajeSocket](),
		Errors: []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusServiceUnavailable}})
	info := openAPIInfo
	info.Schemas = []any{eventosSchema()}
	return openapi.Document(info, ops)
}

// erroresDe are the error answers of a route: 400, 404 and 503 on every route
// (the query string; a record named in the path, query or body that does not
// exist or is another company's, or the route's module turned off; the
// database); 401 and 403 when it needs a session; 408 and 429 when it takes a body, JSON or
// bytes (the body readers' deadline and per-address cap); 409 and 422 on a
// write (a state it clashes with, an Idempotency-Key reused); and those its
// endpoint adds.
func erroresDe(rt route) []int {
	out := []int{http.StatusBadRequest, http.StatusNotFound, http.StatusServiceUnavailable}
	if !rt.Access.Publico {
		out = append(out, http.StatusUnauthorized, http.StatusForbidden)
	}

	if rt.Handler.body != nil || rt.Handler.consumes != "" {
		out = append(out, http.StatusRequestTimeout, http.StatusTooManyRequests)
	}
	if rt.Method != http.MethodGet {
		out = append(out, http.StatusConflict, http.StatusUnprocessableEntity)
	}
	out = append(out, rt.Handler.errores...)
	slices.Sort(out)
	return slices.Compact(out)
}

// MensajeSocket is a message of the event stream (realtime.Mensaje): an
// event with its id and the payload Eventos declares for its name, or a
// control message: conectado (ultimo_id: the last stored event), resync
// (refetch everything) or rechazado (mensaje says why).
type MensajeSocket realtime.Mensaje

// eventosSchema is the schema Eventos: each event a client receives, by
// name, with its payload (events.Cargas); the notificacion event carries a
// Notificacion, one shape per kind, as GET /notificaciones lists it.
func eventosSchema() jsonschema.Struct {
	s := jsonschema.Struct{DefName: "Eventos"}
	s.Description = new("Los datos de cada evento del socket, por nombre de evento")
	for _, c := range events.Cargas {
		campo := []rune(c.Nombre)
		campo[0] = unicode.ToUpper(campo[0])
		datos := c.Datos
		if c.Nombre == events.Notificacion {
			datos = Notificacion{}
		}
		s.Fields = append(s.Fields, jsonschema.Field{Name: string(campo), Value: datos,
			Tag: reflect.StructTag(`json:"` + c.Nombre + `" required:"true"`)})
	}
	return s
}

// accessText says who may call a route.
func accessText(a domain.Acceso) string {
	switch {
	case a.Cliente:
		return "sesión de cliente del portal (un token del personal no pasa)"
	case a.Publico:
		return "público"
	case a.VentaPropia:
		return "permiso " + a.Permiso + ", o la venta propia de los últimos 5 minutos"
	case a.Permiso != "":
		return "permiso " + a.Permiso
	case len(a.AlgunPermiso) > 0:
		return "permiso " + strings.Join(a.AlgunPermiso, " o ")
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
