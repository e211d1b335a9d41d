package api

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// walker is one caller of the route walk.
type walker struct {
	usuario string
	rol     string
	// otraEmpresa: the caller belongs to company 2 while the fixtures belong to company 1.
	otraEmpresa bool
}

// The other company's caller goes first, before any permitted caller may have
// changed or deleted the fixture.
var walkers = []walker{
	{"admin2", domain.RolAdmin, true},
	{"superadmin", domain.RolSuperAdmin, false},
	{"admin", domain.RolAdmin, false},
	{"supervisor", domain.RolSupervisor, false},
	{"vendedor", domain.RolVendedor, false},
	{"lancha", domain.RolLancha, false},
	{"pasajero", domain.RolPasajero, false},
}

var pathParam = regexp.MustCompile(`\{(\w+)\}`)

// routeFixtures names, for each "path prefix|parameter", a record of company 1
// that a company 1 caller can reach and a company 2 caller must not. A route
// with a parameter missing here fails the walk until its fixture is added.
func routeFixtures(t testing.TB, e *env) map[string]string {
	first := func(cat domain.Catalogo) string {
		items, err := e.st.ListarCatalogo(context.Background(), 1, cat, false)
		if err != nil || len(items) == 0 {
			t.Fatalf("fixture %s: %v", cat.Tabla, err)
		}
		return strconv.FormatInt(items[0].ID, 10)
	}
	seccion, tipo := first(domain.CatSecciones), first(domain.CatTiposViaje)
	pasaje := strconv.FormatInt(e.count(`SELECT MIN(id) FROM pasajes WHERE empresa_id = 1`), 10)
	// the walk may run more than once on one database: the customer is made once
	cliente := domain.Cliente{ID: e.count(`SELECT COALESCE(MAX(id), 0) FROM clientes WHERE documento = '99999999'`)}
	if cliente.ID == 0 {
		var err error
		if cliente, err = e.st.CrearCliente(context.Background(), store.Actor{EmpresaID: 1},
			domain.Cliente{Nombre: "Cliente de prueba", Documento: "99999999"}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := e.st.EnsureUsuario(context.Background(), store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolVendedor,
		NombreUsuario: "recorrido", Email: "recorrido@muelle.demo", PasswordHash: "x", Activo: true})
	if err != nil {
		t.Fatal(err)
	}
	id := func(q string) string { return strconv.FormatInt(e.count(q), 10) }
	pasajeID, _ := strconv.ParseInt(pasaje, 10, 64)
	mensaje, err := e.st.EncolarMensaje(context.Background(), store.Actor{UsuarioID: e.userID("admin"), EmpresaID: 1},
		store.NuevoMensaje{Canal: store.CanalEmail, Tipo: store.TipoPasajes, Destino: "a@example.com", PasajeIDs: []int64{pasajeID}})
	if err != nil {
		t.Fatal(err)
	}
	programa, err := e.st.CrearPrograma(context.Background(), store.Actor{UsuarioID: e.userID("admin"), EmpresaID: 1},
		domain.ReporteProgramado{Tipo: domain.ProgramaCajasDiario, Formato: "pdf", Hora: 7,
			Destinatarios: []string{"a@example.com"}, Asunto: "Cajas del día"}, store.Agenda{Proximo: time.Now().Add(time.Hour), Dia: "2026-11-26"})
	if err != nil {
		t.Fatal(err)
	}
	dispositivo := e.dispositivoDe1(t)
	// a benefit of company 1, made again when a walk deleted it
	beneficio := e.count(`SELECT COALESCE(MAX(id), 0) FROM puntos_beneficios WHERE empresa_id = 1 AND nombre = 'Beneficio del recorrido'`)
	if beneficio == 0 {
		b, err := e.st.CrearBeneficio(context.Background(), store.Actor{EmpresaID: 1}, domain.Beneficio{
			Nombre: "Beneficio del recorrido", Tipo: domain.BeneficioDescuentoPorcentaje, Valor: 1000, PuntosRequeridos: 100, Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		beneficio = b.ID
	}
	// a company of its own: the super administrator's walk deactivates it
	recorrido, err := e.st.EnsureEmpresa(context.Background(), store.Empresa{Nombre: "Empresa del recorrido"})
	if err != nil {
		t.Fatal(err)
	}
	empresa := strconv.FormatInt(recorrido, 10)
	embarcacion, horario, salida := salidasDe1(t, e)
	return map[string]string{
		"/api/config/embarcaciones/|id":   embarcacion,
		"/api/horarios/|id":               horario,
		"/api/salidas/|id":                salida,
		"/api/public/empresas/|id":        empresa,
		"/api/webhooks/|proveedor":        "desconocido",
		"/api/config/empresas/|id":        empresa,
		"/api/admin/empresas/|id":         empresa,
		"/api/admin/empresas/|clave":      "color_primario",
		"/api/mensajes/|id":               strconv.FormatInt(mensaje.ID, 10),
		"/api/whatsapp/status/|empresaId": "1",
		// a built-in role and the core module: the walk's writes are refused and change nothing
		"/api/config/roles/|id":            id(`SELECT id FROM roles WHERE nombre = 'pasajero'`),
		"/api/admin/empresas/|moduloId":    id(`SELECT id FROM modulos WHERE codigo = 'core'`),
		"/api/notificaciones/|id":          notificacionDe1(t, e),
		"/api/config/usuarios/|id":         strconv.FormatInt(e.userID("recorrido"), 10),
		"/api/config/secciones/|id":        seccion,
		"/api/config/tipos-viaje/|id":      first(domain.CatTiposViaje),
		"/api/config/medios-pago/|id":      first(domain.CatMediosPago),
		"/api/config/precios/|seccionId":   seccion,
		"/api/config/precios/|tipoViajeId": tipo,
		"/api/config/clientes/|id":         strconv.FormatInt(cliente.ID, 10),
		"/api/pasajes/|id":                 pasaje,
		// no order exists: every caller's read and cancel is a 404 (pedidos_test.go walks them)
		"/api/pedidos/|id":        "999999",
		"/api/tickets/|id":        pasaje,
		"/api/tickets/ticket/|id": pasaje,
		"/api/reportes/caja/|id":  id(`SELECT MIN(id) FROM cajas WHERE empresa_id = 1`),
		// a closed register: the walk's approvals are refused and change nothing
		"/api/caja/|id":                 id(`SELECT MIN(id) FROM cajas WHERE empresa_id = 1`),
		"/api/reportes/programados/|id": strconv.FormatInt(programa.ID, 10),
		"/api/dispositivos/|id":         dispositivo,
		"/api/sync/conflictos/|id":      e.conflictoDe1(t),
		"/api/puntos/beneficios/|id":    strconv.FormatInt(beneficio, 10),
		"/api/puntos/cliente/|id":       strconv.FormatInt(cliente.ID, 10),
	}
}

// walkBody is what the walk sends to a route: every field its type requires, and
// enough for the update routes to reach the record, so another company's caller meets the 404 and not a
// validation error. The strict decoder refuses unknown fields, so each value
// goes only to the routes whose body has that field.
func walkBody(rt route) map[string]any {
	valores := map[string]any{"nombre": "Recorrido de prueba", "capacidad": 10, "nombre_usuario": "recorrido",
		"email": "recorrido@muelle.demo", "rol": domain.RolVendedor, "documento": "99999999", "telefono": "11 5555-1234",
		"tratamiento_iva": domain.TratamientoExento}
	if rt.Handler.body == nil {
		return map[string]any{}
	}
	body, _ := schemaOf(rt.Handler.body).zero().(map[string]any)
	for i := 0; i < rt.Handler.body.NumField(); i++ {
		name, _, _ := strings.Cut(rt.Handler.body.Field(i).Tag.Get("json"), ",")
		if v, ok := valores[name]; ok {
			body[name] = v
		}
	}
	return body
}

// zero is the smallest JSON value of a schema the decoder takes: an object
// with its required fields at their zero values, an empty list, "", 0, false.
func (s *schema) zero() any {
	switch s.kind {
	case kindObject:
		out := map[string]any{}
		for _, name := range s.required {
			out[name] = s.fields[name].schema.zero()
		}
		return out
	case kindArray:
		return []any{}
	case kindString:
		return ""
	case kindBool:
		return false
	case kindFreeObject:
		return map[string]any{}
	}
	return 0
}

// TestRouteTableWalk calls every route of the table as every role and as a user
// of another company: no token answers 401, a role without the permission 403
// with the spec's message, a permitted role neither, and a record of another
// company 404.
func TestRouteTableWalk(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, err := e.st.EnsureUsuario(context.Background(), store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolPasajero,
			NombreUsuario: "pasajero", PasswordHash: "x", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		walkRoutes(t, e, func(rt route, path string) { checkRoute(t, e, rt, path) })
	})
}

// walkRoutes calls fn with every route of the table and its path, the
// parameters replaced by the fixtures of company 1.
func walkRoutes(t testing.TB, e *env, fn func(rt route, path string)) {
	t.Helper()
	fixtures := routeFixtures(t, e)
	for _, rt := range e.srv.routes() {
		prefix := rt.Path[:strings.Index(rt.Path+"{", "{")]
		path := pathParam.ReplaceAllStringFunc(rt.Path, func(m string) string {
			v, ok := fixtures[prefix+"|"+m[1:len(m)-1]]
			if !ok {
				t.Fatalf("%s %s: falta un fixture para %s en routeFixtures", rt.Method, rt.Path, m)
			}
			return v
		})
		fn(rt, path)
	}
}

func checkRoute(t *testing.T, e *env, rt route, path string) {
	t.Helper()
	name := rt.Method + " " + rt.Path
	if !rt.Access.Publico {
		e.do(rt.Method, path, "", walkBody(rt)).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
	}
	for _, w := range walkers {
		r := e.do(rt.Method, path, e.token(w.usuario), walkBody(rt))
		role, _ := domain.RolIntegrado(w.rol)
		allowed := rt.Access.Permite(w.rol, role.Permisos)
		switch {
		case !allowed:
			if r.Status != http.StatusForbidden || r.Message != domain.MsgSinPermisos {
				t.Errorf("%s como %s: esperaba 403, obtuve %d %q", name, w.usuario, r.Status, r.Message)
			}
		case r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden:
			t.Errorf("%s como %s: esperaba acceso, obtuve %d %q", name, w.usuario, r.Status, r.Message)
		case w.otraEmpresa && pathParam.MatchString(rt.Path) && r.Status != http.StatusNotFound:
			t.Errorf("%s como %s (otra empresa): esperaba 404, obtuve %d", name, w.usuario, r.Status)
		}
	}
}

// escriturasPublicas are the only public routes that are not reads, each
// bounded per address before it writes: the staff login, the customer
// portal's steps before its login, and the inbox of the outside, whose
// signature is checked before anything is read or written
// (docs/architecture.md, "The rules": authorization).
var escriturasPublicas = []string{
	"POST /api/auth/login",
	"POST /api/cliente-auth/verificar", "POST /api/cliente-auth/login", "POST /api/cliente-auth/codigo",
	"POST /api/cliente-auth/setup-password",
	"POST /api/webhooks/{proveedor}",
}

// TestPublicRoutesOnlyRead: a route without a session is a GET, or one of
// the written exceptions.
func TestPublicRoutesOnlyRead(t *testing.T) {
	for _, rt := range (&Server{}).routes() {
		ruta := rt.Method + " " + rt.Path
		if rt.Access.Publico && rt.Method != http.MethodGet && !slices.Contains(escriturasPublicas, ruta) {
			t.Errorf("%s es pública y no es una lectura: agréguela a escriturasPublicas con su motivo, o pida una sesión", ruta)
		}
	}
	for _, ruta := range escriturasPublicas {
		if !slices.ContainsFunc((&Server{}).routes(), func(rt route) bool { return rt.Access.Publico && rt.Method+" "+rt.Path == ruta }) {
			t.Errorf("escriturasPublicas nombra %s, que no es una ruta pública", ruta)
		}
	}
}

// TestRouteTableRolesMatchTheirDefinitions proves the walk's expectations come
// from the same permissions the database holds for each built-in role.
func TestRouteTableRolesMatchTheirDefinitions(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for _, w := range walkers[1:6] {
			u, _, err := e.st.UsuarioPorNombre(context.Background(), w.usuario)
			if err != nil {
				t.Fatal(err)
			}
			def, _ := domain.RolIntegrado(w.rol)
			for mod, actions := range domain.CatalogoPermisos {
				for _, a := range actions {
					if u.Permisos.Allows(mod, a) != def.Permisos.Allows(mod, a) {
						t.Errorf("%s: %s.%s difiere entre la base y la definición", w.rol, mod, a)
					}
				}
			}
		}
	})
}

// notificacionDe1 is a notification of company 1's admin.
func notificacionDe1(t testing.TB, e *env) string {
	err := e.st.CrearNotificaciones(context.Background(), []store.NuevaNotificacion{{EmpresaID: 1,
		UsuarioID: e.userID("admin"), Tipo: domain.NotifInfo, Titulo: "Aviso", Mensaje: "Prueba", Datos: events.SinDatos{}}})
	if err != nil {
		t.Fatal(err)
	}
	return strconv.FormatInt(e.count(`SELECT MAX(id) FROM notificaciones`), 10)
}
