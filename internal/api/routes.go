package api

import (
	"net/http"
	"reflect"

	"muelle/internal/domain"
)

// route is one entry of the route table: method, path, what it requires, the
// module it belongs to (a company without that module effective gets 403 on
// it, whatever the role) and its handler.
type route struct {
	Method  string
	Path    string
	Access  domain.Acceso
	Modulo  string
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
	superAdmin := domain.ConRoles(domain.RolSuperAdmin)
	core, ventas, caja, embarque := domain.ModuloCore, domain.ModuloVentaPasajes, domain.ModuloCaja, domain.ModuloEmbarque
	clientes, verClientes, gestionClientes := domain.ModuloClientes, perm("clientes.ver"), domain.ConRoles(domain.RolesClientes...)
	email, whatsapp := domain.ModuloEmail, domain.ModuloWhatsApp
	table := []route{
		{"GET", "/api/health", public, core, handle(s.health)},
		{"GET", "/api/openapi.json", public, core, handle(s.openAPI)},
		{"GET", "/api/public/stats", public, core, handle(s.publicStats)},
		{"GET", "/api/public/empresa", public, core, handle(s.publicEmpresa)},

		{"POST", "/api/auth/login", public, core, handleJSON(s.login)},
		{"POST", "/api/auth/logout", session, core, handle(s.logout)},
		{"GET", "/api/auth/me", session, core, handle(s.me)},

		{"GET", "/api/config/empresa", session, core, handle(s.empresaActual)},
		{"GET", "/api/public/empresas/{id}/logo", public, core, handleFile(mediaPNG, s.logoEmpresa)},

		{"PUT", "/api/config/empresa", perm("configuracion.editar"), core, handleJSON(s.guardarEmpresaActual)},
		{"POST", "/api/config/empresa/logo", perm("configuracion.editar"), core, handle(s.subirLogo)},

		{"GET", "/api/config/empresas", superAdmin, core, handle(s.listarEmpresas)},
		{"POST", "/api/config/empresas", superAdmin, core, handleJSON(s.crearEmpresa)},
		{"PUT", "/api/config/empresas/{id}", superAdmin, core, handleJSON(s.actualizarEmpresa)},
		{"DELETE", "/api/config/empresas/{id}", superAdmin, core, handle(s.desactivarEmpresa)},
		{"GET", "/api/config/empresas/{id}/usuarios", superAdmin, core, handle(s.usuariosDeEmpresa)},
		{"GET", "/api/admin/empresas/{id}/estadisticas", superAdmin, core, handle(s.estadisticasEmpresa)},
		{"GET", "/api/admin/empresas/{id}/configuraciones", superAdmin, core, handle(s.configuracionesEmpresa)},
		{"PUT", "/api/admin/empresas/{id}/configuraciones/{clave}", superAdmin, core, handleJSON(s.guardarConfiguracion)},

		{"GET", "/api/config/usuarios", perm("usuarios.ver"), core, handle(s.listarUsuarios)},
		{"GET", "/api/config/usuarios/roles-info", perm("usuarios.ver"), core, handle(s.rolesInfo)},
		{"POST", "/api/config/usuarios", perm("usuarios.crear"), core, handleJSON(s.crearUsuario)},
		{"PUT", "/api/config/usuarios/{id}", perm("usuarios.editar"), core, handleJSON(s.actualizarUsuario)},
		{"DELETE", "/api/config/usuarios/{id}", perm("usuarios.eliminar"), core, handle(s.eliminarUsuario)},
		{"POST", "/api/config/validar-password", perm("usuarios.ver"), core, handleJSON(s.validarPassword)},
		{"GET", "/api/config/generar-passwords", perm("usuarios.ver"), core, handle(s.generarPasswords)},
		{"GET", "/api/usuarios", perm("usuarios.ver"), core, handle(s.usuariosBasicos)},
		{"POST", "/api/usuarios/validar-contrasena", session, core, handleJSON(s.validarContrasena)},
		{"PUT", "/api/usuarios/cambiar-contrasena", session, core, handleJSON(s.cambiarContrasena)},

		{"GET", "/api/config/clientes", verClientes, clientes, handle(s.listarClientes)},
		{"POST", "/api/config/clientes", gestionClientes, clientes, handleJSON(s.crearCliente)},
		{"GET", "/api/config/clientes/{id}", verClientes, clientes, handle(s.verCliente)},
		{"GET", "/api/config/clientes/{id}/pasajes", verClientes, clientes, handle(s.pasajesCliente)},
		{"PUT", "/api/config/clientes/{id}", gestionClientes, clientes, handleJSON(s.actualizarCliente)},
		{"DELETE", "/api/config/clientes/{id}", gestionClientes, clientes, handle(s.eliminarCliente)},

		{"GET", "/api/config/precios", session, core, handle(s.listarPrecios)},
		{"GET", "/api/config/precios/{seccionId}/{tipoViajeId}", session, core, handle(s.precio)},
		{"PUT", "/api/config/precios", perm("configuracion.editar"), core, handleJSON(s.guardarPrecios)},

		{"POST", "/api/caja/abrir", perm("caja.abrir"), caja, handleJSON(s.abrirCaja)},
		{"GET", "/api/caja/estado", perm("caja.ver"), caja, handle(s.estadoCaja)},
		{"GET", "/api/caja/resumen", perm("caja.ver"), caja, handle(s.resumenCaja)},
		{"GET", "/api/caja/movimientos", perm("caja.ver"), caja, handle(s.movimientosCaja)},
		{"GET", "/api/caja/historial", perm("caja.ver"), caja, handle(s.historialCajas)},
		{"POST", "/api/caja/movimiento", perm("caja.movimientos"), caja, handleJSON(s.movimientoCaja)},
		{"POST", "/api/caja/cerrar", perm("caja.cerrar"), caja, handleJSON(s.cerrarCaja)},
		{"POST", "/api/caja/cuadre", perm("caja.ver"), caja, handleJSON(s.cuadreCaja)},

		{"POST", "/api/pasajes", perm("pasajes.crear"), ventas, handleJSON(s.crearPasaje)},
		{"POST", "/api/pasajes/lote", perm("pasajes.crear"), ventas, handleJSON(s.crearLote)},
		{"GET", "/api/pasajes", perm("pasajes.ver"), ventas, handle(s.listarPasajes)},
		{"GET", "/api/pasajes/export", perm("pasajes.ver"), ventas, handleFile(mediaCSV, s.exportarPasajes)},
		{"GET", "/api/pasajes/{id}", perm("pasajes.ver"), ventas, handle(s.verPasaje)},
		{"GET", "/api/pasajes/{id}/qr", perm("pasajes.ver"), ventas, handleFile(mediaPNG, s.qrPasaje)},
		{"PUT", "/api/pasajes/{id}/cancelar", domain.ConPermisoOVentaPropia("pasajes.anular"), ventas,
			handleJSON(s.cancelarPasaje)},
		{"PUT", "/api/pasajes/{id}/reactivar", perm("pasajes.anular"), ventas, handleJSON(s.reactivarPasaje)},
		{"GET", "/api/tickets/batch", perm("pasajes.imprimir"), ventas, handleFile(mediaHTML, s.ticketsLote)},
		{"GET", "/api/tickets/{id}", perm("pasajes.imprimir"), ventas, handleFile(mediaHTML, s.ticketHTML)},
		{"GET", "/api/tickets/ticket/{id}/pdf", perm("pasajes.imprimir"), ventas, handleFile(mediaPDF, s.ticketPDF)},

		{"POST", "/api/pasajes/validar-qr", perm("validacion.embarque"), embarque, handleJSON(s.validarQR)},
		{"POST", "/api/pasajes/{id}/validar-embarque", perm("validacion.embarque"), embarque, handle(s.validarEmbarque)},
		{"POST", "/api/pasajes/{id}/deshacer-embarque", perm("validacion.embarque"), embarque, handle(s.deshacerEmbarque)},
		{"GET", "/api/pasajes/estadisticas-embarque", perm("validacion.embarque"), embarque, handle(s.estadisticasEmbarque)},
		{"GET", "/api/pasajes/por-fecha", domain.ConRoles(domain.RolLancha, domain.RolAdmin), embarque, handle(s.pasajerosPorFecha)},
		{"GET", "/api/dashboard/lancha/stats", perm("validacion.embarque"), embarque, handle(s.lanchaStats)},
		{"GET", "/api/dashboard/lancha/recientes", perm("validacion.embarque"), embarque, handle(s.lanchaRecientes)},

		{"GET", "/api/configuracion-email", perm("email.configurar"), email, handle(s.configEmail)},
		{"POST", "/api/configuracion-email", perm("email.configurar"), email, handleJSON(s.guardarConfigEmail)},
		{"GET", "/api/configuracion-email/estado", perm("email.configurar"), email, handle(s.estadoEmail)},
		{"GET", "/api/configuracion-email/plantilla-defecto", perm("email.configurar"), email, handle(s.plantillaEmail)},
		{"POST", "/api/configuracion-email/prueba", perm("email.configurar"), email, handleJSON(s.probarEmail)},
		{"POST", "/api/email/send-tickets", domain.ConPermisoOVentaPropia("email.enviar"), email, handleJSON(s.enviarPasajesEmail)},
		{"GET", "/api/pasajes/{id}/mensajes", perm("pasajes.ver"), ventas, handle(s.mensajesPasaje)},
		{"POST", "/api/mensajes/{id}/reenviar", domain.ConPermisoOVentaPropia("email.enviar"), email, handle(s.reenviarMensaje)},

		{"GET", "/api/whatsapp/status", perm("whatsapp.ver_estado"), whatsapp, handle(s.estadoWhatsApp)},
		{"GET", "/api/whatsapp/status/all", superAdmin, whatsapp, handle(s.estadosWhatsApp)},
		{"GET", "/api/whatsapp/status/{empresaId}", perm("whatsapp.ver_estado"), whatsapp, handle(s.estadoWhatsAppEmpresa)},
		{"GET", "/api/whatsapp/config", perm("whatsapp.configurar"), whatsapp, handle(s.configWhatsApp)},
		{"PUT", "/api/whatsapp/config", perm("whatsapp.configurar"), whatsapp, handleJSON(s.guardarConfigWhatsApp)},
		{"POST", "/api/whatsapp/initialize", perm("whatsapp.configurar"), whatsapp, handleJSON(s.inicializarWhatsApp)},
		{"POST", "/api/whatsapp/pair-phone", perm("whatsapp.configurar"), whatsapp, handleJSON(s.vincularWhatsApp)},
		{"POST", "/api/whatsapp/disconnect", perm("whatsapp.configurar"), whatsapp, handleJSON(s.desconectarWhatsApp)},
		{"POST", "/api/whatsapp/send", perm("whatsapp.enviar"), whatsapp, handleJSON(s.probarWhatsApp)},
		{"POST", "/api/pasajes/{id}/enviar-whatsapp", domain.ConPermisoOVentaPropia("whatsapp.enviar"), whatsapp,
			handleJSON(s.enviarPasajeWhatsApp)},

		{"GET", "/api/dashboard/stats", perm("dashboard.ver"), core, handle(s.dashboardStats)},
		{"GET", "/api/dashboard/vendedores", domain.ConRoles(domain.RolAdmin, domain.RolSupervisor), ventas,
			handle(s.monitoreoVendedores)},

		{"GET", "/api/config/roles", superAdmin, core, handle(s.listarRoles)},
		{"GET", "/api/config/roles/plantilla", superAdmin, core, handle(s.plantillaRol)},
		{"POST", "/api/config/roles", superAdmin, core, handleJSON(s.crearRol)},
		{"PUT", "/api/config/roles/{id}", superAdmin, core, handleJSON(s.actualizarRol)},
		{"DELETE", "/api/config/roles/{id}", superAdmin, core, handle(s.eliminarRol)},

		{"GET", "/api/admin/empresas", superAdmin, core, handle(s.listarEmpresasAdmin)},
		{"GET", "/api/admin/modulos", superAdmin, core, handle(s.listarModulos)},
		{"GET", "/api/admin/empresas/{id}/modulos", superAdmin, core, handle(s.modulosDeEmpresa)},
		{"PUT", "/api/admin/empresas/{id}/modulos/{moduloId}", superAdmin, core, handleJSON(s.actualizarModuloEmpresa)},

		{"GET", "/api/notificaciones", session, core, handle(s.listarNotificaciones)},
		{"PUT", "/api/notificaciones/leidas", session, core, handle(s.marcarTodasLeidas)},
		{"PUT", "/api/notificaciones/{id}/leida", session, core, handle(s.marcarNotificacionLeida)},
		{"DELETE", "/api/notificaciones/{id}", session, core, handle(s.eliminarNotificacion)},
		{"DELETE", "/api/notificaciones", session, core, handle(s.limpiarNotificaciones)},

		{"GET", "/api/config/sistema", superAdmin, core, handle(s.configuracionSistema)},
		{"PUT", "/api/config/sistema", superAdmin, core, handleJSON(s.guardarConfiguracionSistema)},
		{"GET", "/api/admin/servicios", superAdmin, core, handle(s.monitorServicios)},
		{"GET", "/api/config/auditoria/logs", superAdmin, core, handle(s.listarAuditoria)},
		{"GET", "/api/config/auditoria/logs/export", superAdmin, core, handleFile(mediaCSV, s.exportarAuditoria)},
		{"GET", "/api/config/auditoria/estadisticas", superAdmin, core, handle(s.estadisticasAuditoria)},
		{"GET", "/api/config/auditoria/usuarios", superAdmin, core, handle(s.usuariosAuditables)},
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
		{"GET", base, domain.ConSesion(), domain.ModuloCore, handle(c.listar)},
		{"POST", base, edit, domain.ModuloCore, handleJSON(c.crear)},
		{"PUT", base + "/{id}", edit, domain.ModuloCore, handleJSON(c.actualizar)},
		{"DELETE", base + "/{id}", edit, domain.ModuloCore, handle(c.eliminar)},
	}
}
