package api

import (
	"net/http"
	"reflect"

	"muelle/internal/domain"
)

// route is one entry of the route table: method, path, what it requires, handler.
type route struct {
	Method  string
	Path    string
	Access  domain.Acceso
	Handler endpoint
}

// endpoint is what a route runs, with the types of its JSON request body and
// of its answer's data: the OpenAPI document is read from them.
type endpoint struct {
	run    handlerFunc
	body   reflect.Type // nil: no request body
	data   reflect.Type // nil: the answer carries no data
	status int          // the success status
	// document: the answer is the OpenAPI document itself, not an envelope.
	document bool
	// produces is the media type of an answer that is not JSON (a file).
	produces string
}

// handle is a route without a request body; Resp is its answer's data, or a
// reply/createdReply of it.
func handle[Resp any](h func(*http.Request) (Resp, error)) endpoint {
	run := func(r *http.Request) (any, error) {
		v, err := h(withHuella(r, nil))
		return v, err
	}
	return endpointOf[Resp](run, nil)
}

// handleJSON is a route whose JSON request body decodes into Req before h runs.
func handleJSON[Req, Resp any](h func(*http.Request, Req) (Resp, error)) endpoint {
	run := func(r *http.Request) (any, error) {
		var body Req
		if err := decode(r, &body); err != nil {
			return nil, err
		}
		v, err := h(withHuella(r, body), body)
		return v, err
	}
	return endpointOf[Resp](run, reflect.TypeFor[Req]())
}

// handleFile is a route whose answer is not the JSON envelope but a file of
// mediaType (CSV, printable HTML, PDF, PNG); its errors are still envelopes.
func handleFile(mediaType string, h func(*http.Request) (archivo, error)) endpoint {
	run := func(r *http.Request) (any, error) {
		v, err := h(r)
		return v, err
	}
	return endpoint{run: run, status: http.StatusOK, produces: mediaType}
}

func endpointOf[Resp any](run handlerFunc, body reflect.Type) endpoint {
	status, data := http.StatusOK, reflect.TypeFor[Resp]()
	var zero Resp
	if a, ok := any(zero).(answer); ok {
		status, data = a.contract()
	}
	if data == reflect.TypeFor[NoData]() {
		data = nil
	}
	_, document := any(zero).(openAPIDocument)
	return endpoint{run: run, body: body, data: data, status: status, document: document}
}

// routes is THE route table. Every API route is here with the access it needs;
// the guard enforces it, a test walks it for every role, and the OpenAPI
// document (docs/openapi.json, GET /api/openapi.json) is derived from it.
func (s *Server) routes() []route {
	public, session, perm := domain.Publico(), domain.ConSesion(), domain.ConPermiso
	table := []route{
		{"GET", "/api/health", public, handle(s.health)},
		{"GET", "/api/openapi.json", public, handle(s.openAPI)},
		{"GET", "/api/public/stats", public, handle(s.publicStats)},
		{"GET", "/api/public/empresa", public, handle(s.publicEmpresa)},

		{"POST", "/api/auth/login", public, handleJSON(s.login)},
		{"POST", "/api/auth/logout", session, handle(s.logout)},
		{"GET", "/api/auth/me", session, handle(s.me)},

		{"GET", "/api/config/empresa", session, handle(s.empresaActual)},

		{"GET", "/api/config/precios", session, handle(s.listarPrecios)},
		{"GET", "/api/config/precios/{seccionId}/{tipoViajeId}", session, handle(s.precio)},
		{"PUT", "/api/config/precios", perm("configuracion.editar"), handleJSON(s.guardarPrecios)},

		{"POST", "/api/caja/abrir", perm("caja.abrir"), handleJSON(s.abrirCaja)},
		{"GET", "/api/caja/estado", perm("caja.ver"), handle(s.estadoCaja)},
		{"GET", "/api/caja/resumen", perm("caja.ver"), handle(s.resumenCaja)},
		{"GET", "/api/caja/movimientos", perm("caja.ver"), handle(s.movimientosCaja)},
		{"GET", "/api/caja/historial", perm("caja.ver"), handle(s.historialCajas)},
		{"POST", "/api/caja/movimiento", perm("caja.movimientos"), handleJSON(s.movimientoCaja)},
		{"POST", "/api/caja/cerrar", perm("caja.cerrar"), handleJSON(s.cerrarCaja)},
		{"POST", "/api/caja/cuadre", perm("caja.ver"), handleJSON(s.cuadreCaja)},

		{"POST", "/api/pasajes", perm("pasajes.crear"), handleJSON(s.crearPasaje)},
		{"POST", "/api/pasajes/lote", perm("pasajes.crear"), handleJSON(s.crearLote)},
		{"GET", "/api/pasajes", perm("pasajes.ver"), handle(s.listarPasajes)},
		{"GET", "/api/pasajes/export", perm("pasajes.ver"), handleFile(mediaCSV, s.exportarPasajes)},
		{"GET", "/api/pasajes/{id}", perm("pasajes.ver"), handle(s.verPasaje)},
		{"GET", "/api/pasajes/{id}/qr", perm("pasajes.ver"), handleFile(mediaPNG, s.qrPasaje)},
		{"PUT", "/api/pasajes/{id}/cancelar", perm("pasajes.anular"), handleJSON(s.cancelarPasaje)},
		{"PUT", "/api/pasajes/{id}/reactivar", perm("pasajes.anular"), handleJSON(s.reactivarPasaje)},
		{"GET", "/api/tickets/batch", perm("pasajes.imprimir"), handleFile(mediaHTML, s.ticketsLote)},
		{"GET", "/api/tickets/{id}", perm("pasajes.imprimir"), handleFile(mediaHTML, s.ticketHTML)},
		{"GET", "/api/tickets/ticket/{id}/pdf", perm("pasajes.imprimir"), handleFile(mediaPDF, s.ticketPDF)},

		{"POST", "/api/pasajes/validar-qr", perm("validacion.embarque"), handleJSON(s.validarQR)},
		{"POST", "/api/pasajes/{id}/validar-embarque", perm("validacion.embarque"), handle(s.validarEmbarque)},
		{"GET", "/api/pasajes/estadisticas-embarque", perm("validacion.embarque"), handle(s.estadisticasEmbarque)},
		{"GET", "/api/pasajes/por-fecha", domain.ConRoles(domain.RolLancha, domain.RolAdmin), handle(s.pasajerosPorFecha)},
		{"GET", "/api/dashboard/lancha/stats", perm("validacion.embarque"), handle(s.lanchaStats)},
		{"GET", "/api/dashboard/lancha/recientes", perm("validacion.embarque"), handle(s.lanchaRecientes)},

		{"GET", "/api/dashboard/stats", perm("dashboard.ver"), handle(s.dashboardStats)},
	}
	table = append(table, s.catalogRoutes("/api/config/secciones", domain.CatSecciones)...)
	table = append(table, s.catalogRoutes("/api/config/tipos-viaje", domain.CatTiposViaje)...)
	return append(table, s.catalogRoutes("/api/config/medios-pago", domain.CatMediosPago)...)
}

// catalogRoutes are the list, create, update and delete routes of a catalog:
// anyone with a session lists (the sale screen needs the lists), only
// configuracion.editar writes.
func (s *Server) catalogRoutes(base string, cat domain.Catalogo) []route {
	c, edit := catalogo{s, cat}, domain.ConPermiso("configuracion.editar")
	return []route{
		{"GET", base, domain.ConSesion(), handle(c.listar)},
		{"POST", base, edit, handleJSON(c.crear)},
		{"PUT", base + "/{id}", edit, handleJSON(c.actualizar)},
		{"DELETE", base + "/{id}", edit, handle(c.eliminar)},
	}
}
