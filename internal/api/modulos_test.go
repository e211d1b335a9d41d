package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
)

// moduloPath is the admin path of company 1's module codigo.
func (e *env) moduloPath(codigo string) string {
	e.t.Helper()
	id := e.count(`SELECT id FROM modulos WHERE codigo = ?`, codigo)
	return "/api/admin/empresas/1/modulos/" + strconv.FormatInt(id, 10)
}

func (e *env) setModulo(codigo string, body map[string]any, msg string) ModuloDeEmpresa {
	e.t.Helper()
	r := e.do("PUT", e.moduloPath(codigo), e.token("superadmin"), body)
	r.expect(e.t, http.StatusOK, msg)
	var m ModuloDeEmpresa
	r.decode(e.t, &m)
	return m
}

// TestEveryRouteNamesItsModule: the route table's module column is never empty
// and names a module of the catalogue.
func TestEveryRouteNamesItsModule(t *testing.T) {
	srv := &Server{}
	for _, rt := range srv.routes() {
		if !slices.Contains(domain.CodigosModulo, rt.Modulo) {
			t.Errorf("%s %s: módulo %q fuera del catálogo", rt.Method, rt.Path, rt.Modulo)
		}
	}
}

// TestModuleCatalogueMatchesTheCodes: the migration seeds one row per code.
func TestModuleCatalogueMatchesTheCodes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("GET", "/api/admin/modulos", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		var c CatalogoModulos
		r.decode(t, &c)
		codigos := mapRows(c.Modulos, func(m Modulo) string { return m.Codigo })
		if !slices.Equal(codigos, domain.CodigosModulo) {
			t.Fatalf("catálogo %v, códigos %v", codigos, domain.CodigosModulo)
		}
	})
}

// TestDisabledModuleAnswers403 walks the route table: once caja is disabled
// every caja route answers the module's 403 for every role of the company,
// super_admin included; the other routes do not; re-enabling restores them.
func TestDisabledModuleAnswers403(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		m := e.setModulo(domain.ModuloCaja, map[string]any{"habilitado": false, "configuracion": nil},
			"Caja deshabilitado correctamente")
		if m.EmpresaModulos[0].Habilitado || m.EmpresaModulos[0].Efectivo {
			t.Fatalf("módulo: %+v", m)
		}
		msg := "El módulo Caja no está habilitado para su empresa"
		for _, usuario := range []string{"superadmin", "admin", "vendedor"} {
			token := e.token(usuario)
			walkRoutes(t, e, func(rt route, path string) {
				if rt.Method != "GET" || rt.Access.Publico {
					return
				}
				r := e.do(rt.Method, path, token, nil)
				// a route of named roles the user's role is not among answers its own 403 first
				if r.Status == http.StatusForbidden && r.Message == domain.MsgSinPermisos && len(rt.Access.Roles) > 0 &&
					!slices.Contains(rt.Access.Roles, e.rolDe(usuario)) {
					return
				}
				// so does a caja route guarded by another area's permission (the company's cash
				// settings, configuracion.ver) for a seller, who lacks it
				if r.Status == http.StatusForbidden && r.Message == domain.MsgSinPermisos && usuario == "vendedor" &&
					strings.HasPrefix(rt.Access.Permiso, "configuracion.") {
					return
				}
				if got := r.Status == http.StatusForbidden && r.Message == msg; got != (rt.Modulo == domain.ModuloCaja) {
					t.Errorf("%s %s como %s: %d %q", rt.Method, rt.Path, usuario, r.Status, r.Message)
				}
			})
		}
		e.do("POST", "/api/caja/abrir", e.token("vendedor"), map[string]any{"monto_apertura": 10}).
			expect(t, http.StatusForbidden, msg)
		e.do("GET", "/api/caja/estado", e.token("admin2"), nil).expect(t, http.StatusOK, "")

		e.setModulo(domain.ModuloCaja, map[string]any{"habilitado": true, "configuracion": map[string]any{}},
			"Caja habilitado correctamente")
		e.do("GET", "/api/caja/estado", e.token("vendedor"), nil).expect(t, http.StatusOK, "")
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CAMBIO_MODULO' AND empresa_id = 1`); n != 2 {
			t.Fatalf("auditoría de módulos: %d", n)
		}
	})
}

// TestExpiredModuleActsAsDisabled: a fecha_vencimiento before the company's
// business day disables the module; the day itself still works.
func TestExpiredModuleActsAsDisabled(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		hoy := domain.DiaDe(e.now, domain.Location(domain.ZonaHorariaPorDefecto)).Fecha
		ayer := domain.DiaDe(e.now.AddDate(0, 0, -1), domain.Location(domain.ZonaHorariaPorDefecto)).Fecha
		m := e.setModulo(domain.ModuloVentaPasajes, map[string]any{"habilitado": true,
			"configuracion": map[string]any{"limite": 5}, "fecha_vencimiento": hoy},
			"Configuración de Venta de Pasajes actualizada exitosamente")
		if !m.EmpresaModulos[0].Efectivo || string(m.EmpresaModulos[0].Configuracion) != `{"limite":5}` {
			t.Fatalf("módulo: %+v", m.EmpresaModulos[0])
		}
		e.do("GET", "/api/pasajes", e.token("vendedor"), nil).expect(t, http.StatusOK, "")

		m = e.setModulo(domain.ModuloVentaPasajes, map[string]any{"habilitado": true, "fecha_vencimiento": ayer},
			"Configuración de Venta de Pasajes actualizada exitosamente")
		if !m.EmpresaModulos[0].Vencido || m.EmpresaModulos[0].Efectivo {
			t.Fatalf("módulo: %+v", m.EmpresaModulos[0])
		}
		// the 403 tells that it expired and when (dd/mm/aaaa, the company's calendar)
		e.do("GET", "/api/pasajes", e.token("vendedor"), nil).
			expect(t, http.StatusForbidden, "El módulo Venta de Pasajes venció el 19/11/2026")
		r := e.do("GET", "/api/auth/me", e.token("vendedor"), nil)
		var u Usuario
		r.decode(t, &u)
		if slices.Contains(u.Modulos, domain.ModuloVentaPasajes) || !slices.Contains(u.Modulos, domain.ModuloCaja) {
			t.Fatalf("módulos de la sesión: %v", u.Modulos)
		}
		// a disabled one that also expired is told as disabled
		e.setModulo(domain.ModuloVentaPasajes, map[string]any{"habilitado": false, "fecha_vencimiento": ayer},
			"Venta de Pasajes deshabilitado correctamente")
		e.do("GET", "/api/pasajes", e.token("vendedor"), nil).
			expect(t, http.StatusForbidden, "El módulo Venta de Pasajes no está habilitado para su empresa")
	})
}

// TestModuleExpiryNotices: the company's administrators read in their session
// the enabled modules that expire within 7 days or expired, with the date in
// the company's calendar (Argentina: 01:00 UTC of the 21st is still the 20th);
// the other roles read none.
func TestModuleExpiryNotices(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.now = time.Date(2026, 11, 21, 1, 0, 0, 0, time.UTC)
		e.setModulo(domain.ModuloVentaPasajes, map[string]any{"habilitado": true, "fecha_vencimiento": "2026-11-27"},
			"Configuración de Venta de Pasajes actualizada exitosamente")
		e.setModulo(domain.ModuloCaja, map[string]any{"habilitado": true, "fecha_vencimiento": "2026-11-19"},
			"Configuración de Caja actualizada exitosamente")
		e.setModulo(domain.ModuloEmbarque, map[string]any{"habilitado": true, "fecha_vencimiento": "2026-11-28"},
			"Configuración de Embarque actualizada exitosamente")
		e.setModulo(domain.ModuloClientes, map[string]any{"habilitado": false, "fecha_vencimiento": "2026-11-19"},
			"Clientes deshabilitado correctamente")
		avisos := func(usuario string) []AvisoModulo {
			t.Helper()
			var u Usuario
			e.do("GET", "/api/auth/me", e.token(usuario), nil).decode(t, &u)
			return u.AvisosModulos
		}
		got := avisos("admin")
		want := []AvisoModulo{
			{Codigo: domain.ModuloVentaPasajes, Nombre: "Venta de Pasajes", FechaVencimiento: "2026-11-27",
				Mensaje: "El módulo Venta de Pasajes vence el 27/11/2026"},
			{Codigo: domain.ModuloCaja, Nombre: "Caja", FechaVencimiento: "2026-11-19", Vencido: true,
				Mensaje: "El módulo Caja venció el 19/11/2026"},
		}
		if !slices.Equal(got, want) {
			t.Fatalf("avisos del admin: %+v", got)
		}
		for _, usuario := range []string{"vendedor", "supervisor"} {
			if a := avisos(usuario); a == nil || len(a) != 0 {
				t.Fatalf("avisos de %s: %+v", usuario, a)
			}
		}
		// the module that expires on the 27th still works on the 27th, not on the 28th
		e.now = time.Date(2026, 11, 28, 2, 59, 0, 0, time.UTC)
		e.do("GET", "/api/pasajes", e.token("vendedor"), nil).expect(t, http.StatusOK, "")
		e.now = time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
		e.do("GET", "/api/pasajes", e.token("vendedor"), nil).
			expect(t, http.StatusForbidden, "El módulo Venta de Pasajes venció el 27/11/2026")
	})
}

func TestModuleAdminRules(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		e.do("PUT", e.moduloPath(domain.ModuloCore), sa, map[string]any{"habilitado": false}).
			expect(t, http.StatusConflict, domain.MsgCoreNoDeshabilitable)
		for _, f := range []string{"2026-02-30", "0000-12-31", "+999-01-01"} {
			e.do("PUT", e.moduloPath(domain.ModuloCaja), sa, map[string]any{"habilitado": true, "fecha_vencimiento": f}).
				expect(t, http.StatusBadRequest, domain.MsgFechaVencimiento)
		}
		e.do("PUT", e.moduloPath(domain.ModuloCaja), sa, map[string]any{"habilitado": true, "configuracion": "texto"}).
			expect(t, http.StatusBadRequest, "El campo configuracion tiene un valor inválido")
		grande := map[string]any{}
		for i := range 300 {
			grande["clave"+strconv.Itoa(i)] = "valor"
		}
		e.do("PUT", e.moduloPath(domain.ModuloCaja), sa, map[string]any{"habilitado": true, "configuracion": grande}).
			expect(t, http.StatusBadRequest, domain.MsgConfiguracionModulo)
		e.do("PUT", "/api/admin/empresas/999/modulos/1", sa, map[string]any{"habilitado": true}).
			expect(t, http.StatusNotFound, domain.MsgEmpresaNoEncontrada)
		e.do("PUT", "/api/admin/empresas/1/modulos/999", sa, map[string]any{"habilitado": true}).
			expect(t, http.StatusNotFound, domain.MsgModuloNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM empresa_modulos`); n != 0 {
			t.Fatalf("un cambio rechazado escribió %d filas", n)
		}
		for _, usuario := range []string{"admin", "supervisor", "vendedor"} {
			for _, path := range []string{"/api/admin/empresas", "/api/admin/modulos", "/api/admin/empresas/1/modulos"} {
				e.do("GET", path, e.token(usuario), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
			}
			e.do("PUT", e.moduloPath(domain.ModuloCaja), e.token(usuario), map[string]any{"habilitado": false}).
				expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		r := e.do("GET", "/api/admin/empresas/1/modulos", sa, nil)
		r.expect(t, http.StatusOK, "")
		var mods []ModuloDeEmpresa
		r.decode(t, &mods)
		if len(mods) != len(domain.CodigosModulo) || !mods[0].EmpresaModulos[0].Efectivo {
			t.Fatalf("módulos de empresa: %+v", mods)
		}
		e.do("GET", "/api/admin/empresas/999/modulos", sa, nil).expect(t, http.StatusNotFound, domain.MsgEmpresaNoEncontrada)
	})
}

// TestModuleChangeByAnotherInstance: a change written by another instance
// (straight to the database, bumping the version) counts at the next request
// although this instance cached the company's modules.
func TestModuleChangeByAnotherInstance(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		token := e.token("vendedor")
		e.do("GET", "/api/caja/estado", token, nil).expect(t, http.StatusOK, "")
		for _, q := range []string{
			`INSERT INTO empresa_modulos (empresa_id, modulo_id, habilitado, updated_at)
				SELECT 1, id, FALSE, CURRENT_TIMESTAMP FROM modulos WHERE codigo = 'caja'`,
			`UPDATE empresas SET modulos_version = modulos_version + 1 WHERE id = 1`,
		} {
			if _, err := e.st.DB().Exec(e.st.Rebind(q)); err != nil {
				t.Fatal(err)
			}
		}
		e.do("GET", "/api/caja/estado", token, nil).
			expect(t, http.StatusForbidden, "El módulo Caja no está habilitado para su empresa")
	})
}
