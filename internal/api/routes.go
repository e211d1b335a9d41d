package api

import (
	"maps"
	"net/http"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// route is one entry of the route table: method, path, what it requires, the
// module it belongs to (a company without that module effective gets 403 on
// it, whatever the role), its handler and the one line that sums it up (the
// OpenAPI summary).
type route struct {
	Method  string
	Path    string
	Access  domain.Acceso
	Modulo  string
	Handler endpoint
	Resumen string
}

// prefijosPesados and listadosPesados are the heavy reads: reports,
// dashboards, the audit and the lists whose cost grows with a company's
// history. They run in a pool of their own (Limits.MaxLecturasPesadas).
var (
	prefijosPesados = []string{"/api/reportes/", "/api/dashboard/", "/api/config/auditoria/"}
	listadosPesados = []string{"/api/pasajes", "/api/pasajes/export", "/api/pasajes/estadisticas-embarque",
		"/api/tickets/batch", "/api/config/clientes", "/api/config/clientes/{id}/pasajes", "/api/caja/historial",
		"/api/salidas/{id}/manifiesto/exportar", "/api/admin/empresas/{id}/estadisticas", "/api/public/stats"}
)

// lecturaPesada says whether the route is a heavy read.
func (rt route) lecturaPesada() bool {
	if rt.Method != http.MethodGet {
		return false
	}
	return slices.Contains(listadosPesados, rt.Path) ||
		slices.ContainsFunc(prefijosPesados, func(p string) bool { return strings.HasPrefix(rt.Path, p) })
}

// endpoint is what a route runs, with the types of its query string, of its
// JSON request body and of its answer's data: the OpenAPI document is read
// from them.
type endpoint struct {
	run   handlerFunc
	query reflect.Type // nil: the route reads no parameter (and refuses any)
	body  reflect.Type // nil: no request body
	data  reflect.Type // nil: the answer carries no data
	// status is the success status.
	status int
	// document: the answer is the OpenAPI document itself, not an envelope.
	document bool
	// produces are the media types of an answer that is not JSON (a file),
	// each one it may be.
	produces []string
	// consumes is the media type of a body the handler reads as bytes
	// (handleCrudo) instead of a JSON request type.
	consumes string
	// id is the operationId: the handler's name unless set with nombrado.
	id string
	// errores are error answers beyond those every route of its kind gives
	// (erroresDe), errorData the type of the data some of them carry.
	errores   []int
	errorData map[int]reflect.Type
}

// handle is a route without a request body that reads no query parameter;
// Resp is its answer's data, or a reply/createdReply of it.
func handle[Resp any](h func(*http.Request) (Resp, error)) endpoint {
	e := handleQuery(func(r *http.Request, _ SinConsulta) (Resp, error) { return h(r) })
	e.id = nombreDe(h)
	return e
}

// handleQuery is a route without a request body whose query string parses
// into Q (leerConsulta) before h runs.
func handleQuery[Q, Resp any](h func(*http.Request, Q) (Resp, error)) endpoint {
	run := func(r *http.Request) (any, error) {
		q, err := leerConsulta[Q](r)
		if err != nil {
			return nil, err
		}
		v, err := h(withHuella(r, nil), q)
		return v, err
	}
	return endpointOf[Q, Resp](run, nil, nombreDe(h))
}

// handleJSON is a route whose JSON request body decodes into Req before h
// runs; it reads no query parameter.
func handleJSON[Req, Resp any](h func(*http.Request, Req) (Resp, error)) endpoint {
	e := handleJSONQuery(func(r *http.Request, body Req, _ SinConsulta) (Resp, error) { return h(r, body) })
	e.id = nombreDe(h)
	return e
}

// handleJSONQuery is a route with a JSON request body (Req) and a query
// string (Q), both parsed before h runs.
func handleJSONQuery[Req, Q, Resp any](h func(*http.Request, Req, Q) (Resp, error)) endpoint {
	run := func(r *http.Request) (any, error) {
		q, err := leerConsulta[Q](r)
		if err != nil {
			return nil, err
		}
		var body Req
		if err := decode(r, &body); err != nil {
			return nil, err
		}
		v, err := h(withHuella(r, body), body, q)
		return v, err
	}
	return endpointOf[Q, Resp](run, reflect.TypeFor[Req](), nombreDe(h))
}

// handleFile is a route whose answer is not the JSON envelope but a file of
// mediaType (CSV, printable HTML, PDF, PNG); its errors are still envelopes.
func handleFile(mediaType string, h func(*http.Request) (archivo, error)) endpoint {
	e := handleFileQuery(mediaType, func(r *http.Request, _ SinConsulta) (archivo, error) { return h(r) })
	e.id = nombreDe(h)
	return e
}

// handleFileQuery is a file route whose query string parses into Q.
func handleFileQuery[Q any](mediaType string, h func(*http.Request, Q) (archivo, error)) endpoint {
	run := func(r *http.Request) (any, error) {
		q, err := leerConsulta[Q](r)
		if err != nil {
			return nil, err
		}
		v, err := h(r, q)
		return v, err
	}
	return endpoint{run: run, query: queryType[Q](), status: http.StatusOK, produces: []string{mediaType}, id: nombreDe(h)}
}

// handleCrudo is a route whose handler reads its body as bytes of mediaType
// ("*/*": any) and its query string as sent, both defined by the caller and
// not by Muelle (a webhook: its signature covers them as they arrived); it
// may refuse a body as too large (413).
func handleCrudo[Resp any](mediaType string, h func(*http.Request) (Resp, error)) endpoint {
	e := endpointOf[SinConsulta, Resp](func(r *http.Request) (any, error) { return h(r) }, nil, nombreDe(h))
	e.consumes = mediaType
	return e.responde(http.StatusRequestEntityTooLarge)
}

func endpointOf[Q, Resp any](run handlerFunc, body reflect.Type, id string) endpoint {
	status, data := http.StatusOK, reflect.TypeFor[Resp]()
	var zero Resp
	if a, ok := any(zero).(answer); ok {
		status, data = a.contract()
	}
	if data == reflect.TypeFor[NoData]() {
		data = nil
	}
	_, document := any(zero).(openAPIDocument)
	return endpoint{run: run, query: queryType[Q](), body: body, data: data, status: status, document: document, id: id}
}

// queryType is the query type Q of a route, nil for SinConsulta.
func queryType[Q any]() reflect.Type {
	if t := reflect.TypeFor[Q](); t != reflect.TypeFor[SinConsulta]() {
		return t
	}
	return nil
}

// nombreDe is the name of a handler, its operationId: listarPasajes for
// s.listarPasajes.
func nombreDe(h any) string {
	name := runtime.FuncForPC(reflect.ValueOf(h).Pointer()).Name()
	name = strings.TrimSuffix(name[strings.LastIndex(name, ".")+1:], "-fm")
	if strings.HasPrefix(name, "func") { // a closure: the route names it with nombrado
		return ""
	}
	return name
}

// nombrado sets the operationId of a route whose handler serves several (a catalog's).
func (e endpoint) nombrado(id string) endpoint {
	e.id = id
	return e
}

// tambien adds the other media types a file route may answer (an export's
// formato, a logo's image type).
func (e endpoint) tambien(tipos ...string) endpoint {
	e.produces = append(slices.Clone(e.produces), tipos...)
	return e
}

// responde adds error answers to those erroresDe gives every route of its kind.
func (e endpoint) responde(statuses ...int) endpoint {
	e.errores = append(slices.Clone(e.errores), statuses...)
	return e
}

// conDatosDeError says that the error answer status carries data of type T.
func conDatosDeError[T any](e endpoint, status int) endpoint {
	e = e.responde(status)
	e.errorData = maps.Clone(e.errorData)
	if e.errorData == nil {
		e.errorData = map[int]reflect.Type{}
	}
	e.errorData[status] = reflect.TypeFor[T]()
	return e
}

// routes is THE route table. Every API route is here with the access it needs;
// the guard enforces it, a test walks it for every role, and the OpenAPI
// document (docs/openapi.json, GET /api/openapi.json) is derived from it.
func (s *Server) routes() []route {
	public, session, perm := domain.Publico(), domain.ConSesion(), domain.ConPermiso
	superAdmin := domain.ConRoles(domain.RolSuperAdmin)
	core, ventas, caja, embarque := domain.ModuloCore, domain.ModuloVentaPasajes, domain.ModuloCaja, domain.ModuloEmbarque
	// who approves a register's close: a supervisor who sees the expected figures
	aprobadores := domain.Acceso{Permiso: domain.PermisoVerEsperado, Roles: []string{domain.RolAdmin, domain.RolSupervisor}}
	clientes, verClientes, gestionClientes := domain.ModuloClientes, perm("clientes.ver"), domain.ConRoles(domain.RolesClientes...)
	email, whatsapp, reportes := domain.ModuloEmail, domain.ModuloWhatsApp, domain.ModuloReportes
	puntos, facturacion := domain.ModuloPuntos, domain.ModuloFacturacion
	cliente, portal := domain.ConCliente(), domain.ModuloPortalClientes
	table := []route{
		{"GET", "/api/health", public, core, handle(s.health), "Estado del servidor y de su base de datos"},
		{"GET", "/api/openapi.json", public, core, handle(s.openAPI), "Este documento OpenAPI"},
		{"GET", "/api/public/stats", public, core, handle(s.publicStats), "Cifras públicas de la página de inicio"},
		{"GET", "/api/public/empresa", public, core, handle(s.publicEmpresa), "Datos de contacto de la empresa para la página de inicio"},
		{"GET", "/api/public/pasaje", public, core, handleQuery(s.pasajePublico).responde(http.StatusNotFound),
			"Un pasaje desde el enlace de su correo, con su código QR firmado"},
		{"POST", "/api/webhooks/{proveedor}", public, core,
			handleCrudo("*/*", s.recibirWebhook).responde(http.StatusUnauthorized, http.StatusNotFound),
			"Recibe el aviso firmado (webhook) de un servicio externo; el cuerpo y la consulta son los del servicio"},

		{"POST", "/api/auth/login", public, core, handleJSON(s.login).responde(http.StatusUnauthorized),
			"Inicia una sesión del personal"},
		{"POST", "/api/auth/logout", session, core, handle(s.logout), "Cierra la sesión del token"},
		{"GET", "/api/auth/me", session, core, handle(s.me), "El usuario de la sesión"},

		{"POST", "/api/cliente-auth/verificar", public, portal, handleJSON(s.verificarDocumento).responde(http.StatusNotFound, http.StatusTooManyRequests),
			"Portal del cliente: qué paso sigue al documento (no revela si existe)"},
		{"POST", "/api/cliente-auth/login", public, portal, handleJSON(s.loginCliente).responde(http.StatusUnauthorized, http.StatusNotFound, http.StatusTooManyRequests),
			"Portal del cliente: inicia la sesión de un cliente"},
		{"POST", "/api/cliente-auth/codigo", public, portal, handleJSON(s.pedirCodigoCliente).responde(http.StatusNotFound, http.StatusTooManyRequests),
			"Portal del cliente: envía un código de un solo uso al correo o WhatsApp del cliente"},
		{"POST", "/api/cliente-auth/setup-password", public, portal, handleJSON(s.crearClaveCliente).responde(http.StatusUnauthorized, http.StatusNotFound, http.StatusTooManyRequests),
			"Portal del cliente: crea la contraseña con un código o un número de pasaje"},
		{"GET", "/api/cliente-auth/dashboard", cliente, portal, handle(s.panelCliente), "Portal del cliente: el panel del cliente"},
		{"POST", "/api/cliente-auth/logout", cliente, portal, handle(s.logoutCliente), "Portal del cliente: cierra la sesión del cliente"},

		{"GET", "/api/config/empresa", session, core, handle(s.empresaActual), "La empresa de la sesión"},
		{"GET", "/api/public/empresas/{id}/logo", public, core, handleFileQuery(mediaPNG, s.logoEmpresa).tambien(mediaJPEG, mediaGIF).responde(http.StatusNotModified), "El logo de una empresa"},

		{"PUT", "/api/config/empresa", perm("configuracion.editar"), core, handleJSON(s.guardarEmpresaActual),
			"Guarda la configuración general de la empresa"},
		{"POST", "/api/config/empresa/logo", perm("configuracion.editar"), core, handle(s.subirLogo),
			"Sube el logo de la empresa"},

		{"GET", "/api/config/empresas", superAdmin, core, handle(s.listarEmpresas), "Lista las empresas"},
		{"POST", "/api/config/empresas", superAdmin, core, handleJSON(s.crearEmpresa), "Crea una empresa y su administrador"},
		{"PUT", "/api/config/empresas/{id}", superAdmin, core, handleJSON(s.actualizarEmpresa), "Actualiza una empresa"},
		{"DELETE", "/api/config/empresas/{id}", superAdmin, core, handle(s.desactivarEmpresa), "Desactiva una empresa"},
		{"GET", "/api/config/empresas/{id}/usuarios", superAdmin, core, handle(s.usuariosDeEmpresa),
			"Los usuarios de una empresa"},
		{"GET", "/api/reportes/empresas", superAdmin, core, handleQuery(s.comparativoEmpresas),
			"Compara las empresas en un período: pasajes, ingresos y cajas"},
		{"GET", "/api/admin/empresas/{id}/estadisticas", superAdmin, core, handle(s.estadisticasEmpresa),
			"Las cifras de una empresa"},
		{"GET", "/api/admin/empresas/{id}/configuraciones", superAdmin, core, handle(s.configuracionesEmpresa),
			"Las configuraciones de una empresa"},
		{"PUT", "/api/admin/empresas/{id}/configuraciones/{clave}", superAdmin, core, handleJSON(s.guardarConfiguracion),
			"Guarda una configuración de una empresa"},

		{"GET", "/api/config/usuarios", perm("usuarios.ver"), core, handleQuery(s.listarUsuarios), "Lista los usuarios de la empresa"},
		{"GET", "/api/config/usuarios/roles-info", perm("usuarios.ver"), core, handleQuery(s.rolesInfo),
			"Los roles que el llamante puede asignar y sus restricciones"},
		{"POST", "/api/config/usuarios", perm("usuarios.crear"), core, handleJSONQuery(s.crearUsuario), "Crea un usuario"},
		{"PUT", "/api/config/usuarios/{id}", perm("usuarios.editar"), core, handleJSONQuery(s.actualizarUsuario),
			"Actualiza un usuario"},
		{"DELETE", "/api/config/usuarios/{id}", perm("usuarios.eliminar"), core, handleQuery(s.eliminarUsuario),
			"Desactiva un usuario"},
		{"POST", "/api/config/validar-password", perm("usuarios.ver"), core, handleJSON(s.validarPassword),
			"Evalúa una contraseña para un usuario"},
		{"GET", "/api/config/generar-passwords", perm("usuarios.ver"), core, handleQuery(s.generarPasswords),
			"Sugiere contraseñas"},
		{"GET", "/api/usuarios", perm("usuarios.ver"), core, handle(s.usuariosBasicos), "Los usuarios de la empresa, en breve"},
		{"POST", "/api/usuarios/validar-contrasena", session, core, handleJSON(s.validarContrasena),
			"Evalúa una contraseña para el usuario de la sesión"},
		{"PUT", "/api/usuarios/cambiar-contrasena", session, core, handleJSON(s.cambiarContrasena),
			"Cambia la contraseña del usuario de la sesión"},

		{"POST", "/api/dispositivos", domain.AccesoRegistroDispositivo, core,
			handleJSON(s.registrarDispositivo).responde(http.StatusTooManyRequests),
			"Registra el dispositivo del llamante y certifica su clave"},
		{"GET", "/api/dispositivos", perm("configuracion.editar"), core, handleQuery(s.listarDispositivos),
			"Una página de los dispositivos de la empresa"},
		{"GET", "/api/dispositivos/certificados", perm("validacion.embarque"), core, handle(s.certificadosDispositivos),
			"Los certificados de los dispositivos activos de la empresa, para verificar sin conexión los códigos cortos"},
		{"PUT", "/api/dispositivos/{id}", perm("configuracion.editar"), core, handleJSON(s.renombrarDispositivo),
			"Renombra un dispositivo"},
		{"DELETE", "/api/dispositivos/{id}", perm("configuracion.editar"), core, handle(s.revocarDispositivo),
			"Revoca un dispositivo"},

		{"POST", "/api/sync", domain.AccesoRegistroDispositivo, core, handleJSON(s.sincronizar),
			"Aplica las acciones que un dispositivo hizo sin conexión, cada una una sola vez"},
		{"GET", "/api/sync/conflictos", perm("pasajes.editar"), core, handleQuery(s.listarConflictos),
			"Los conflictos de la sincronización, pendientes o resueltos"},
		{"POST", "/api/sync/conflictos/{id}/resolver", perm("pasajes.editar"), core, handleJSON(s.resolverConflicto),
			"Marca resuelto un conflicto de la sincronización"},
		{"GET", "/api/sync/conflictos/{id}/pasajes", perm("pasajes.editar"), core, handle(s.pasajesDelConflicto),
			"Los pasajes de un conflicto (una venta sin conexión) con sus pasajeros"},
		{"PUT", "/api/sync/conflictos/{id}/pasajeros", perm("pasajes.editar"), core, handleJSON(s.nombrarPasajeros),
			"Nombra los pasajeros de los pasajes de un conflicto (una venta sin conexión sin los nombres que su sección exige)"},

		{"GET", "/api/config/clientes", verClientes, clientes, handleQuery(s.listarClientes), "Busca clientes de la empresa"},
		{"POST", "/api/config/clientes", gestionClientes, clientes, handleJSON(s.crearCliente), "Crea un cliente"},
		{"GET", "/api/config/clientes/{id}", verClientes, clientes, handle(s.verCliente), "Un cliente"},
		{"GET", "/api/config/clientes/{id}/pasajes", verClientes, clientes, handleQuery(s.pasajesCliente),
			"Los pasajes de un cliente"},
		{"PUT", "/api/config/clientes/{id}", gestionClientes, clientes, handleJSON(s.actualizarCliente), "Actualiza un cliente"},
		{"DELETE", "/api/config/clientes/{id}", gestionClientes, clientes, handle(s.eliminarCliente), "Elimina un cliente"},
		{"POST", "/api/config/clientes/{id}/codigo-portal", gestionClientes, portal, handle(s.emitirCodigoPortal).responde(http.StatusConflict, http.StatusTooManyRequests),
			"Un código de un solo uso para que el cliente cree su contraseña del portal (se entrega en el mostrador)"},
		{"POST", "/api/config/clientes/{id}/restablecer-portal", gestionClientes, portal, handle(s.restablecerPortal),
			"Borra la contraseña del portal del cliente y cierra sus sesiones"},

		{"GET", "/api/puntos/configuracion", perm("configuracion.ver"), puntos, handle(s.configuracionPuntos),
			"La configuración de puntos de la empresa"},
		{"PUT", "/api/puntos/configuracion", perm("configuracion.editar"), puntos, handleJSON(s.guardarConfiguracionPuntos),
			"Guarda la configuración de puntos"},
		{"GET", "/api/puntos/beneficios", perm("configuracion.ver"), puntos, handle(s.listarBeneficios),
			"Los beneficios de la empresa"},
		{"POST", "/api/puntos/beneficios", perm("configuracion.editar"), puntos, handleJSON(s.crearBeneficio),
			"Crea un beneficio"},
		{"PUT", "/api/puntos/beneficios/{id}", perm("configuracion.editar"), puntos, handleJSON(s.actualizarBeneficio),
			"Actualiza un beneficio, o solo lo activa o desactiva"},
		{"DELETE", "/api/puntos/beneficios/{id}", perm("configuracion.editar"), puntos, handle(s.eliminarBeneficio),
			"Elimina un beneficio, o lo desactiva si ya se canjeó"},
		{"GET", "/api/puntos/cliente/{id}", verClientes, puntos, handle(s.puntosDeCliente),
			"Los puntos de un cliente: saldo, nivel, lotes y movimientos"},
		{"GET", "/api/puntos/cliente/{id}/beneficios", verClientes, puntos, handle(s.beneficiosDeCliente),
			"Los beneficios que un cliente puede canjear hoy en el mostrador"},
		{"POST", "/api/puntos/ajustar", domain.ConRoles(domain.RolAdmin), puntos, handleJSON(s.ajustarPuntos),
			"Ajusta a mano los puntos de un cliente"},

		{"GET", "/api/config/precios", session, core, handle(s.listarPrecios), "La tabla de precios"},
		{"GET", "/api/config/precios/{seccionId}/{tipoViajeId}", session, core, handle(s.precio),
			"El precio de una sección y un tipo de viaje"},
		{"PUT", "/api/config/precios", perm("configuracion.editar"), core, handleJSON(s.guardarPrecios),
			"Guarda la tabla de precios"},

		{"GET", "/api/public/horarios", public, core, handle(s.horariosPublicos),
			"Los horarios públicos y las salidas de hoy con su estado"},
		{"GET", "/api/config/embarcaciones", domain.AccesoVerSalidas, core, handle(s.listarEmbarcaciones),
			"Las embarcaciones de la empresa"},
		{"POST", "/api/config/embarcaciones", perm("configuracion.editar"), core, handleJSON(s.crearEmbarcacion),
			"Crea una embarcación"},
		{"PUT", "/api/config/embarcaciones/{id}", perm("configuracion.editar"), core, handleJSON(s.actualizarEmbarcacion),
			"Actualiza una embarcación"},
		{"PUT", "/api/config/embarcaciones/{id}/activo", perm("configuracion.editar"), core,
			handleJSON(s.activarEmbarcacion), "Activa o desactiva una embarcación"},
		{"GET", "/api/horarios", domain.AccesoVerSalidas, embarque, handleQuery(s.listarHorarios),
			"Los horarios de las secciones"},
		{"POST", "/api/horarios", domain.AccesoPlanificarSalidas, embarque, handleJSON(s.crearHorario),
			"Agrega un horario a una sección"},
		{"PUT", "/api/horarios/{id}", domain.AccesoPlanificarSalidas, embarque, handleJSON(s.actualizarHorario),
			"Actualiza un horario"},
		{"DELETE", "/api/horarios/{id}", domain.AccesoPlanificarSalidas, embarque, handle(s.eliminarHorario),
			"Elimina un horario y sus salidas programadas que no llegaron"},
		{"GET", "/api/salidas", domain.AccesoVerSalidas, embarque, handleQuery(s.listarSalidas),
			"Las salidas de un día, con su embarcación, capacidad y embarcados"},
		{"GET", "/api/salidas/{id}", domain.AccesoVerSalidas, embarque, handle(s.detalleSalida),
			"Una salida, con los pasajeros por encima de la capacidad de su embarcación"},
		{"POST", "/api/salidas", perm("validacion.embarque"), embarque, handleJSON(s.crearSalida),
			"Abre una salida extra"},
		{"POST", "/api/salidas/generar", domain.AccesoPlanificarSalidas, embarque, handle(s.generarSalidas),
			"Genera las salidas de los próximos días desde los horarios"},
		{"POST", "/api/salidas/{id}/cancelar", domain.AccesoPlanificarSalidas, embarque, handleJSON(s.cancelarSalida),
			"Cancela una salida con sus pasajeros: los mueve a otra salida o los reembolsa, y les avisa"},
		{"PUT", "/api/salidas/{id}/estado", perm("validacion.embarque"), embarque,
			conDatosDeError[domain.ZarpeAnticipado](handleJSON(s.cambiarEstadoSalida), http.StatusConflict),
			"Cambia el estado de una salida"},
		{"PUT", "/api/salidas/{id}/embarcacion", domain.AccesoPlanificarSalidas, embarque,
			handleJSON(s.asignarEmbarcacion), "Cambia la embarcación de una salida"},
		{"GET", "/api/salidas/{id}/tripulacion", domain.AccesoManifiesto, embarque, handle(s.tripulacion),
			"La tripulación de una salida"},
		{"PUT", "/api/salidas/{id}/tripulacion", domain.AccesoPlanificarSalidas, embarque,
			handleJSON(s.asignarTripulacion), "Reemplaza la tripulación de una salida que no zarpó"},
		{"GET", "/api/salidas/{id}/manifiesto", domain.AccesoManifiesto, embarque, handle(s.manifiesto),
			"El manifiesto de una salida: sus pasajeros embarcados y los totales por tipo de viaje"},
		{"GET", "/api/salidas/{id}/manifiesto/exportar", domain.AccesoManifiesto, embarque,
			handleFileQuery(mediaCSV, s.exportarManifiesto).tambien(mediaXLSX, mediaPDF), "El manifiesto de una salida en CSV, en XLSX o como rol de pasajeros en PDF A4"},
		{"POST", "/api/salidas/{id}/manifiesto/correcciones", domain.AccesoCorregirManifiesto, embarque,
			handleJSON(s.corregirManifiesto), "Corrige el manifiesto congelado de una salida que zarpó"},

		{"POST", "/api/caja/abrir", perm("caja.abrir"), caja, handleJSON(s.abrirCaja), "Abre la caja del llamante"},
		{"GET", "/api/caja/estado", perm("caja.ver"), caja, handle(s.estadoCaja), "La caja abierta del llamante y sus movimientos"},
		{"GET", "/api/caja/resumen", perm("caja.ver"), caja, handle(s.resumenCaja), "Las cifras de la caja abierta"},
		{"GET", "/api/caja/movimientos", perm("caja.ver"), caja, handle(s.movimientosCaja), "Los movimientos de la caja abierta"},
		{"GET", "/api/caja/historial", perm("caja.ver"), caja, handleQuery(s.historialCajas),
			"Las cajas cerradas del llamante"},
		{"POST", "/api/caja/movimiento", perm("caja.movimientos"), caja, handleJSON(s.movimientoCaja),
			"Registra un ingreso o un egreso en la caja"},
		{"POST", "/api/caja/cerrar", perm("caja.cerrar"), caja, handleJSON(s.cerrarCaja), "Cierra la caja del llamante"},
		{"POST", "/api/caja/relevo", perm("caja.cerrar"), caja, handleJSON(s.relevarCaja),
			"Relevo de turno: cierra la caja del llamante y abre la del vendedor entrante, que sigue en la sesión"},
		{"POST", "/api/caja/retiro", perm("caja.movimientos"), caja, handleJSON(s.retirarEfectivo),
			"Retira efectivo de la caja a la caja fuerte con la autorización de un supervisor"},
		{"POST", "/api/caja/cuadre", perm("caja.ver"), caja, handleJSON(s.cuadreCaja), "Compara el efectivo contado con el esperado"},
		{"GET", "/api/caja/denominaciones", perm("caja.cerrar"), caja, handle(s.denominaciones),
			"Los billetes y monedas en que se cuenta el efectivo"},
		{"POST", "/api/caja/aprobar-cierre", perm("caja.cerrar"), caja, handleJSON(s.aprobarCierreCaja),
			"Aprueba con las credenciales de un supervisor el cierre pendiente de la caja del llamante"},
		{"GET", "/api/caja/cierres-pendientes", aprobadores, caja, handle(s.cierresPendientes),
			"Las cajas de la empresa cuyo cierre espera aprobación"},
		{"POST", "/api/caja/{id}/aprobar", aprobadores, caja, handleJSON(s.aprobarCierrePropio),
			"Aprueba desde la sesión del supervisor el cierre pendiente de una caja"},
		{"GET", "/api/config/facturacion", perm("configuracion.ver"), facturacion, handle(s.facturacion),
			"El perfil fiscal de la empresa para ARCA: CUIT, condición frente al IVA, puntos de venta, entorno, certificado (sin secretos) y el tratamiento impositivo de cada sección"},
		{"PUT", "/api/config/facturacion", perm("configuracion.editar"), facturacion, handleJSON(s.guardarFacturacion),
			"Guarda el perfil fiscal de la empresa"},
		{"PUT", "/api/config/facturacion/certificado", perm("configuracion.editar"), facturacion,
			handleJSON(s.subirCertificado).responde(http.StatusConflict),
			"Sube el certificado de ARCA y su clave privada (PEM), guardados sellados; la respuesta nunca los devuelve"},
		{"PUT", "/api/config/secciones/{id}/tratamiento-iva", perm("configuracion.editar"), facturacion,
			handleJSON(s.guardarTratamientoIVA), "Fija el tratamiento impositivo de una sección: exento, IVA 10,5 % o 21 %"},
		{"GET", "/api/admin/empresas/{id}/facturacion", superAdmin, core, handle(s.facturacionEmpresa),
			"El perfil fiscal de una empresa"},
		{"GET", "/api/config/caja", perm("configuracion.ver"), caja, handle(s.configCaja),
			"La configuración de caja de la empresa: cierre ciego y tolerancia de cierre"},
		{"PUT", "/api/config/caja", perm("configuracion.editar"), caja, handleJSON(s.guardarConfigCaja),
			"Guarda la configuración de caja de la empresa"},

		{"GET", "/api/reportes/caja/estadisticas", perm("reportes.ver"), reportes, handleQuery(s.estadisticasReporteCajas),
			"El reporte de cajas de un período: cifras y cajas abiertas en él"},
		{"GET", "/api/reportes/caja/exportar", perm("reportes.exportar"), reportes,
			handleFileQuery(mediaCSV, s.descarga(s.exportarReporteCajas)).tambien(mediaXLSX, mediaPDF).nombrado("exportarReporteCajas"), "Exporta el reporte de cajas de un período (CSV, XLSX o PDF)"},
		{"GET", "/api/reportes/caja/{id}", perm("reportes.ver"), reportes, handle(s.reporteCaja),
			"El reporte X de una caja abierta o el reporte Z de una cerrada"},
		{"GET", "/api/reportes/caja/{id}/pdf", perm("reportes.exportar"), reportes,
			handleFileQuery(mediaPDF, s.imprimirReporteCaja), "El reporte X o Z de una caja en PDF (80 mm o A4)"},

		{"POST", "/api/pasajes", perm("pasajes.crear"), ventas,
			conDatosDeError[domain.RechazoSobreventa](handleJSON(s.crearPasaje), http.StatusConflict), "Vende un pasaje"},
		{"POST", "/api/pasajes/lote", perm("pasajes.crear"), ventas,
			conDatosDeError[domain.RechazoSobreventa](handleJSON(s.crearLote), http.StatusConflict), "Vende varios pasajes en una venta"},
		// A sale charged with Mercado Pago QR waits for its payment (docs/features/venta-diferida.md).
		{"POST", "/api/pedidos", perm("pasajes.crear"), ventas,
			conDatosDeError[domain.RechazoSobreventa](handleJSON(s.crearPedido), http.StatusConflict),
			"Retiene una venta cobrada con Mercado Pago QR (lugares tomados, caja intacta) hasta que se confirme el pago"},
		{"GET", "/api/pedidos/{id}", perm("pasajes.crear"), ventas, handle(s.verPedido),
			"Un cobro pendiente del vendedor: su QR, su vencimiento y, completado, sus pasajes"},
		{"POST", "/api/pedidos/{id}/cancelar", perm("pasajes.crear"), ventas, handle(s.cancelarPedido),
			"Cancela el cobro en Mercado Pago y libera la venta; si el pasajero ya pagó, la completa"},
		{"GET", "/api/pasajes/disponibilidad", perm("pasajes.crear"), ventas, handleQuery(s.disponibilidad),
			"Los lugares de una fecha de viaje y una sección: capacidad, vendidos y quedan"},
		{"GET", "/api/pasajes/canales-envio", perm("pasajes.crear"), ventas, handle(s.canalesEnvio),
			"Por qué canales se pueden enviar los pasajes de una venta"},
		{"GET", "/api/pasajes", perm("pasajes.ver"), ventas, handleQuery(s.listarPasajes), "Lista los pasajes con sus totales"},
		{"GET", "/api/pasajes/export", perm("pasajes.ver"), ventas, handleFileQuery(mediaCSV, s.exportarPasajes),
			"Exporta los pasajes del filtro como CSV"},
		{"GET", "/api/pasajes/{id}", perm("pasajes.ver"), ventas, handle(s.verPasaje), "Un pasaje"},
		{"GET", "/api/pasajes/{id}/qr", perm("pasajes.ver"), ventas, handleFile(mediaPNG, s.qrPasaje), "El código QR de un pasaje"},
		{"PUT", "/api/pasajes/{id}/pasajero", perm("pasajes.editar"), ventas, handleJSON(s.nombrarPasajero),
			"Nombra (o corrige) el pasajero de un pasaje después de la venta"},
		{"PUT", "/api/pasajes/{id}/salida", perm("pasajes.editar"), ventas, handleJSON(s.cambiarSalida),
			"Pasa un pasaje vendido a otra salida de su sección y día, antes de embarcar"},
		{"PUT", "/api/pasajes/{id}/cancelar", domain.ConPermisoOVentaPropia("pasajes.anular"), ventas,
			handleJSON(s.cancelarPasaje), "Cancela un pasaje y devuelve su importe"},
		{"PUT", "/api/pasajes/{id}/reactivar", perm("pasajes.anular"), ventas, handleJSON(s.reactivarPasaje),
			"Reactiva un pasaje cancelado y vuelve a cobrarlo"},
		{"POST", "/api/tickets/impresiones", perm("pasajes.imprimir"), ventas, handleJSON(s.registrarImpresiones),
			"Registra una impresión de cada pasaje y le da su número (la primera es el original; las siguientes, DUPLICADO)"},
		{"GET", "/api/tickets/batch", perm("pasajes.imprimir"), ventas, handleFileQuery(mediaHTML, s.ticketsLote),
			"La página imprimible de varios pasajes"},
		{"GET", "/api/tickets/{id}", perm("pasajes.imprimir"), ventas, handleFileQuery(mediaHTML, s.ticketHTML),
			"La página imprimible de un pasaje"},
		{"GET", "/api/tickets/ticket/{id}/pdf", perm("pasajes.imprimir"), ventas, handleFileQuery(mediaPDF, s.ticketPDF),
			"Un pasaje en PDF"},

		{"GET", "/api/reportes/pasajeros/estadisticas", perm("reportes.ver"), domain.ModuloReportes,
			handleQuery(s.estadisticasPasajeros), "Las cifras de los pasajeros del período y los diez más frecuentes"},
		{"GET", "/api/reportes/pasajeros", perm("reportes.ver"), domain.ModuloReportes, handleQuery(s.listarPasajerosReporte),
			"Una página de los pasajeros del período con sus viajes"},
		{"GET", "/api/reportes/pasajeros/rutas-populares", perm("reportes.ver"), domain.ModuloReportes,
			handleQuery(s.rutasPopulares), "Las secciones y tipos de viaje con más pasajes del período"},
		{"GET", "/api/reportes/pasajeros/exportar", perm("reportes.exportar"), domain.ModuloReportes,
			handleFileQuery(mediaCSV, s.descarga(s.exportarPasajerosReporte)).tambien(mediaXLSX, mediaPDF).nombrado("exportarPasajerosReporte"), "Exporta los pasajeros del período como CSV, Excel o PDF"},

		{"POST", "/api/pasajes/validar-qr", perm("validacion.embarque"), embarque,
			conDatosDeError[store.RechazoEmbarque](handleJSON(s.validarQR), http.StatusConflict),
			"Embarca el pasaje de un código QR o un número"},
		{"POST", "/api/pasajes/{id}/validar-embarque", perm("validacion.embarque"), embarque,
			conDatosDeError[store.RechazoEmbarque](handle(s.validarEmbarque), http.StatusConflict), "Embarca un pasaje"},
		{"POST", "/api/pasajes/{id}/mover-salida", perm("validacion.embarque"), embarque, handleJSON(s.moverSalida),
			"Mueve un pasajero embarcado a otra salida"},
		{"POST", "/api/pasajes/{id}/deshacer-embarque", perm("validacion.embarque"), embarque, handle(s.deshacerEmbarque),
			"Deshace el embarque propio de hace instantes"},
		{"GET", "/api/pasajes/estadisticas-embarque", perm("validacion.embarque"), embarque, handle(s.estadisticasEmbarque),
			"Las cifras de embarque de hoy"},
		{"GET", "/api/pasajes/por-fecha", domain.ConRoles(domain.RolLancha, domain.RolAdmin), embarque,
			handleQuery(s.pasajerosPorFecha), "La lista de pasajeros de una fecha, o el estado de los viajes"},
		{"GET", "/api/dashboard/lancha/stats", perm("validacion.embarque"), embarque, handle(s.lanchaStats),
			"El tablero de embarque"},
		{"GET", "/api/dashboard/lancha/recientes", perm("validacion.embarque"), embarque, handle(s.lanchaRecientes),
			"Los últimos embarques"},

		{"GET", "/api/configuracion-email", perm("email.configurar"), email, handle(s.configEmail),
			"La configuración de correo de la empresa"},
		{"POST", "/api/configuracion-email", perm("email.configurar"), email, handleJSON(s.guardarConfigEmail),
			"Guarda la configuración de correo"},
		{"GET", "/api/configuracion-email/estado", perm("email.configurar"), email, handle(s.estadoEmail),
			"El estado del envío de correo"},
		{"GET", "/api/configuracion-email/plantilla-defecto", perm("email.configurar"), email, handle(s.plantillaEmail),
			"La plantilla de correo por defecto"},
		{"POST", "/api/configuracion-email/prueba", perm("email.configurar"), email,
			handleJSON(s.probarEmail).responde(http.StatusTooManyRequests), "Envía un correo de prueba"},
		{"POST", "/api/email/send-tickets", domain.ConPermisoOVentaPropia("email.enviar"), email, handleJSON(s.enviarPasajesEmail),
			"Envía pasajes por correo"},
		{"GET", "/api/pasajes/{id}/mensajes", perm("pasajes.ver"), ventas, handle(s.mensajesPasaje), "Los mensajes enviados de un pasaje"},
		{"POST", "/api/mensajes/{id}/reenviar", domain.ConPermisoOVentaPropia("email.enviar"), email, handle(s.reenviarMensaje),
			"Reenvía un mensaje"},

		{"GET", "/api/whatsapp/status", perm("whatsapp.ver_estado"), whatsapp, handle(s.estadoWhatsApp),
			"El estado de WhatsApp de la empresa"},
		{"GET", "/api/whatsapp/status/all", superAdmin, whatsapp, handle(s.estadosWhatsApp), "El estado de WhatsApp de cada empresa"},
		{"GET", "/api/whatsapp/status/{empresaId}", perm("whatsapp.ver_estado"), whatsapp, handle(s.estadoWhatsAppEmpresa),
			"El estado de WhatsApp de una empresa"},
		{"GET", "/api/whatsapp/config", perm("whatsapp.configurar"), whatsapp, handle(s.configWhatsApp),
			"La configuración de WhatsApp"},
		{"PUT", "/api/whatsapp/config", perm("whatsapp.configurar"), whatsapp, handleJSON(s.guardarConfigWhatsApp),
			"Guarda una entrada de la configuración de WhatsApp"},
		{"POST", "/api/whatsapp/initialize", perm("whatsapp.configurar"), whatsapp, handleJSON(s.inicializarWhatsApp),
			"Inicia la vinculación de WhatsApp"},
		{"POST", "/api/whatsapp/pair-phone", perm("whatsapp.configurar"), whatsapp, handleJSON(s.vincularWhatsApp),
			"Vincula WhatsApp con un código de teléfono"},
		{"POST", "/api/whatsapp/disconnect", perm("whatsapp.configurar"), whatsapp, handleJSON(s.desconectarWhatsApp),
			"Desconecta WhatsApp"},
		{"POST", "/api/whatsapp/send", perm("whatsapp.enviar"), whatsapp, handleJSON(s.probarWhatsApp),
			"Envía un mensaje de prueba por WhatsApp"},
		{"POST", "/api/pasajes/{id}/enviar-whatsapp", domain.ConPermisoOVentaPropia("whatsapp.enviar"), whatsapp,
			handleJSON(s.enviarPasajeWhatsApp), "Envía un pasaje por WhatsApp"},

		{"GET", "/api/dashboard/stats", perm("dashboard.ver"), core, handle(s.dashboardStats), "El tablero del rol del llamante"},

		{"GET", "/api/reportes/graficos/kpis", perm("reportes.ver"), reportes, handleQuery(s.kpisVentas),
			"Los indicadores de ventas del período y sus variaciones"},
		{"GET", "/api/reportes/graficos/ingresos-mensuales", perm("reportes.avanzados"), reportes,
			handleQuery(s.ingresosMensuales), "Los ingresos de los últimos meses y por sección"},
		{"GET", "/api/reportes/graficos/ventas-periodo", perm("reportes.ver"), reportes, handleQuery(s.ventasPeriodo),
			"Las ventas de cada día o mes del período"},
		{"GET", "/api/reportes/estadisticas", perm("reportes.ver"), reportes, handleQuery(s.estadisticasVentas),
			"Las ventas del período por sección, tipo de viaje, vendedor y medio de pago"},
		{"GET", "/api/dashboard/vendedores", domain.ConRoles(domain.RolAdmin, domain.RolSupervisor), ventas,
			handle(s.monitoreoVendedores), "El monitoreo de vendedores"},

		{"GET", "/api/config/roles", superAdmin, core, handle(s.listarRoles), "Lista los roles"},
		{"GET", "/api/config/roles/plantilla", superAdmin, core, handle(s.plantillaRol), "La plantilla de un rol nuevo"},
		{"POST", "/api/config/roles", superAdmin, core, handleJSON(s.crearRol), "Crea un rol"},
		{"PUT", "/api/config/roles/{id}", superAdmin, core, handleJSON(s.actualizarRol), "Actualiza un rol"},
		{"DELETE", "/api/config/roles/{id}", superAdmin, core, handleQuery(s.eliminarRol),
			"Elimina un rol y reasigna sus usuarios"},

		{"GET", "/api/admin/empresas", superAdmin, core, handle(s.listarEmpresasAdmin), "Las empresas, para elegir"},
		{"GET", "/api/admin/modulos", superAdmin, core, handle(s.listarModulos), "El catálogo de módulos"},
		{"GET", "/api/admin/empresas/{id}/modulos", superAdmin, core, handle(s.modulosDeEmpresa), "Los módulos de una empresa"},
		{"PUT", "/api/admin/empresas/{id}/modulos/{moduloId}", superAdmin, core, handleJSON(s.actualizarModuloEmpresa),
			"Habilita, deshabilita o configura un módulo de una empresa"},

		{"GET", "/api/notificaciones", session, core, handleQuery(s.listarNotificaciones), "Las notificaciones de la sesión"},
		{"PUT", "/api/notificaciones/leidas", session, core, handle(s.marcarTodasLeidas), "Marca leídas todas las notificaciones"},
		{"PUT", "/api/notificaciones/{id}/leida", session, core, handle(s.marcarNotificacionLeida),
			"Marca leída una notificación"},
		{"DELETE", "/api/notificaciones/{id}", session, core, handle(s.eliminarNotificacion), "Elimina una notificación"},
		{"DELETE", "/api/notificaciones", session, core, handle(s.limpiarNotificaciones), "Elimina todas las notificaciones"},
		{"GET", "/api/push/clave", session, core, handle(s.clavePush),
			"La clave pública VAPID con que el navegador se suscribe a las notificaciones push"},
		{"POST", "/api/push/subscriptions", session, core, handleJSON(s.suscribirPush),
			"Suscribe el navegador del llamante a las notificaciones push"},
		{"DELETE", "/api/push/subscriptions", session, core, handleJSON(s.desuscribirPush).responde(http.StatusNotFound),
			"Da de baja una suscripción push del llamante"},

		{"GET", "/api/reportes/ventas-detalladas", perm("reportes.ver"), reportes, handleQuery(s.ventasDetalladas),
			"Las ventas del período, en todos sus estados, de la más reciente a la más antigua"},
		{"GET", "/api/reportes/excel", perm("reportes.exportar"), reportes,
			handleFileQuery(mediaCSV, s.descarga(s.exportarVentas)).tambien(mediaXLSX, mediaPDF).nombrado("exportarVentas").responde(http.StatusNotFound),
			"Exporta las ventas del período como CSV, Excel (xlsx) o PDF"},
		{"POST", "/api/reportes/enviar-email", perm("reportes.exportar"), reportes, handleJSON(s.enviarReporteEmail).responde(http.StatusTooManyRequests),
			"Envía por email el PDF de un reporte (ventas por defecto, cajas o pasajeros)"},
		{"POST", "/api/reportes/enviar-excel", perm("reportes.exportar"), reportes, handleJSON(s.enviarReporteExcel).responde(http.StatusTooManyRequests),
			"Envía por email el Excel de un reporte (ventas por defecto, cajas o pasajeros)"},
		{"POST", "/api/reportes/enviar-cajas", perm("reportes.exportar"), reportes, handleJSON(s.enviarReporteCajas).responde(http.StatusTooManyRequests),
			"Envía por email el PDF del reporte de cajas"},
		{"POST", "/api/reportes/enviar-pasajeros", perm("reportes.exportar"), reportes, handleJSON(s.enviarReportePasajeros).responde(http.StatusTooManyRequests),
			"Envía por email el PDF del reporte de pasajeros"},
		{"GET", "/api/reportes/destinatarios", perm("reportes.exportar"), reportes, handle(s.destinatariosReportes),
			"Los usuarios activos de la empresa con email a quienes sugerir un reporte"},
		{"GET", "/api/reportes/programados", perm("reportes.exportar"), reportes, handle(s.listarProgramas),
			"Los envíos programados de reportes de la empresa"},
		{"POST", "/api/reportes/programados", perm("reportes.exportar"), reportes, handleJSON(s.crearPrograma),
			"Programa el envío periódico de un reporte por email"},
		{"PUT", "/api/reportes/programados/{id}", perm("reportes.exportar"), reportes, handleJSON(s.actualizarPrograma),
			"Cambia, pausa o reanuda un envío programado"},
		{"DELETE", "/api/reportes/programados/{id}", perm("reportes.exportar"), reportes, handle(s.eliminarPrograma),
			"Elimina un envío programado"},

		{"GET", "/api/config/sistema", superAdmin, core, handle(s.configuracionSistema), "La configuración del sistema"},
		{"PUT", "/api/config/sistema", superAdmin, core, handleJSON(s.guardarConfiguracionSistema),
			"Guarda la configuración del sistema"},
		{"GET", "/api/admin/servicios", superAdmin, core, handle(s.monitorServicios), "El estado de los servicios"},
		{"GET", "/api/config/auditoria/logs", superAdmin, core, handleQuery(s.listarAuditoria), "Lista la auditoría"},
		{"GET", "/api/config/auditoria/logs/export", superAdmin, core, handleFileQuery(mediaCSV, s.exportarAuditoria),
			"Exporta una página de la auditoría como CSV"},
		{"GET", "/api/config/auditoria/estadisticas", superAdmin, core, handle(s.estadisticasAuditoria),
			"El resumen de la auditoría"},
		{"GET", "/api/config/auditoria/usuarios", superAdmin, core, handleQuery(s.usuariosAuditables),
			"Los usuarios por los que filtrar la auditoría"},
	}
	table = append(table, s.catalogRoutes("/api/config/secciones", domain.CatSecciones,
		catalogoDoc{"Seccion", "Secciones", "una sección", "las secciones"})...)
	// A section's route: read like the catalog, written by configuracion.editar.
	table = append(table,
		route{"GET", "/api/config/secciones/{id}/paradas", domain.ConSesion(), core, handle(s.listarParadas),
			"Las paradas del recorrido de una sección, en orden, con sus minutos desde la primera"},
		route{"PUT", "/api/config/secciones/{id}/paradas", perm("configuracion.editar"), core, handleJSON(s.guardarParadas),
			"Reemplaza las paradas del recorrido de una sección (entre 2 y 30, en orden)"},
		// Mercado Pago's set-up (docs/features/mercadopago.md).
		route{"GET", "/api/config/mercadopago", perm("configuracion.ver"), core, handle(s.configMercadoPago),
			"La configuración de Mercado Pago de la empresa: el local, la cuenta y las cajas (nunca el token ni la clave)"},
		route{"PUT", "/api/config/mercadopago", perm("configuracion.editar"), core, handleJSON(s.guardarMercadoPago),
			"Guarda el local y, si se envían, el token de acceso y la clave de notificaciones (sellados)"},
		route{"POST", "/api/config/mercadopago/probar", perm("configuracion.editar"), core, handle(s.probarMercadoPago),
			"Prueba el token de acceso guardado con Mercado Pago y guarda la cuenta o la falla"},
		route{"POST", "/api/config/mercadopago/cajas", perm("configuracion.editar"), core, handle(s.crearCajasMercadoPago),
			"Crea en Mercado Pago el local de la empresa y una caja por cada usuario que vende (sin duplicar)"})
	table = append(table, s.catalogRoutes("/api/config/tipos-viaje", domain.CatTiposViaje,
		catalogoDoc{"TipoViaje", "TiposViaje", "un tipo de viaje", "los tipos de viaje"})...)
	return append(table, s.catalogRoutes("/api/config/medios-pago", domain.CatMediosPago,
		catalogoDoc{"MedioPago", "MediosPago", "un medio de pago", "los medios de pago"})...)
}

// catalogoDoc names a catalog in its routes' operationIds and summaries.
type catalogoDoc struct {
	id, ids, uno, todos string
}

// catalogRoutes are the list, create, update and delete routes of a catalog:
// anyone with a session lists (the sale screen needs the lists), only
// configuracion.editar writes.
func (s *Server) catalogRoutes(base string, cat domain.Catalogo, doc catalogoDoc) []route {
	c, edit := catalogo{s, cat}, domain.ConPermiso("configuracion.editar")
	return []route{
		{"GET", base, domain.ConSesion(), domain.ModuloCore, handleQuery(c.listar).nombrado("listar" + doc.ids),
			"Lista " + doc.todos},
		{"POST", base, edit, domain.ModuloCore, handleJSON(c.crear).nombrado("crear" + doc.id), "Crea " + doc.uno},
		{"PUT", base + "/{id}", edit, domain.ModuloCore, handleJSON(c.actualizar).nombrado("actualizar" + doc.id),
			"Actualiza " + doc.uno},
		{"DELETE", base + "/{id}", edit, domain.ModuloCore, handle(c.eliminar).nombrado("eliminar" + doc.id),
			"Elimina " + doc.uno + ", o lo desactiva si hay pasajes que lo usan"},
	}
}
