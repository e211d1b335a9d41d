package api

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"muelle/internal/domain"
)

// adminSinCaja gives the demo admin a custom role of level 2: the admin's
// matrix without the register, which the vendedor and supervisor roles have.
func (e *env) adminSinCaja() {
	e.t.Helper()
	admin, _ := domain.RolIntegrado(domain.RolAdmin)
	permisos := map[string]map[string]any{}
	for mod, flags := range admin.Permisos {
		permisos[mod] = maps.Clone(flags)
	}
	permisos["caja"] = map[string]any{"ver": false, "abrir": false, "cerrar": false, "movimientos": false}
	body := rolBody("admin_sin_caja", map[string]any{})
	body["permisos"], body["nivel_jerarquico"] = permisos, domain.NivelAdmin
	e.asignarRol("admin", e.crearRol(body).ID)
}

// denegados counts the ROL_DENEGADO entries of usuario (a failure, on company
// 1, from the test client's address) whose details contain each of detalles.
func (e *env) denegados(usuario string, detalles ...string) int64 {
	e.t.Helper()
	q := `SELECT COUNT(*) FROM auditoria WHERE accion = 'ROL_DENEGADO' AND usuario_id = ? AND empresa_id = 1
		AND ip_address = '192.0.2.1' AND exito = FALSE`
	args := []any{e.userID(usuario)}
	for _, d := range detalles {
		q += ` AND detalles LIKE ?`
		args = append(args, "%"+d+"%")
	}
	return e.count(q, args...)
}

// rolDe is the role a user holds now.
func (e *env) rolDe(usuario string) string {
	e.t.Helper()
	var rol string
	err := e.st.DB().QueryRow(e.st.Rebind(`SELECT r.nombre FROM usuarios u JOIN roles r ON r.id = u.rol_id
		WHERE u.nombre_usuario = ?`), usuario).Scan(&rol)
	if err != nil {
		e.t.Fatal(err)
	}
	return rol
}

// TestRolConPermisosAjenosRechazado: an admin whose custom role lacks the
// register can neither create nor edit a user into a role that has it,
// though its level is below; nothing changes and the refusal is audited.
func TestRolConPermisosAjenosRechazado(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.adminSinCaja()
		admin := e.token("admin")
		usuarios := e.count(`SELECT COUNT(*) FROM usuarios`)
		e.do("POST", "/api/config/usuarios", admin, nuevoUsuario("cajera", domain.RolVendedor)).
			expect(t, http.StatusForbidden, domain.MsgRolPermisosAjenos)
		e.doWith("POST", "/api/config/usuarios", admin, nuevoUsuario("jefa_turno", domain.RolSupervisor),
			map[string]string{"Idempotency-Key": "denegada-1"}).expect(t, http.StatusForbidden, domain.MsgRolPermisosAjenos)
		if n := e.count(`SELECT COUNT(*) FROM usuarios`); n != usuarios {
			t.Fatalf("se crearon %d usuarios", n-usuarios)
		}
		if n := e.denegados("admin", `"nombre_usuario":"cajera"`, `"rol_pedido":"vendedor"`,
			`"motivo":"`+domain.MsgRolPermisosAjenos+`"`,
			`"permisos_faltantes":["caja.abrir","caja.cerrar","caja.movimientos","caja.ver","caja.ver_esperado"]`); n != 1 {
			t.Fatalf("ROL_DENEGADO del alta: %d", n)
		}
		if n := e.denegados("admin", `"rol_pedido":"supervisor"`); n != 1 {
			t.Fatalf("ROL_DENEGADO del alta con clave: %d", n)
		}

		// an edit into the role is refused the same way; the user keeps its role
		lancha := map[string]any{"nombre_usuario": "lancha", "email": "lancha@muelle.demo", "rol": domain.RolVendedor}
		e.do("PUT", usuarioPath(e.userID("lancha")), admin, lancha).
			expect(t, http.StatusForbidden, domain.MsgRolPermisosAjenos)
		if rol := e.rolDe("lancha"); rol != domain.RolLancha {
			t.Fatalf("lancha pasó a %s", rol)
		}
		id := strconv.FormatInt(e.userID("lancha"), 10)
		if n := e.denegados("admin", `"usuario_id":`+id+`,`, `"rol_actual":"lancha"`, `"rol_pedido":"vendedor"`); n != 1 {
			t.Fatalf("ROL_DENEGADO de la edición: %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion IN ('CREACION_USUARIO', 'ACTUALIZACION_USUARIO',
			'CAMBIO_ROL')`); n != 0 {
			t.Fatalf("se auditaron %d cambios", n)
		}

		// what the admin holds it may still grant, and roles-info offers exactly that
		e.crear(admin, "embarcador", domain.RolLancha)
		var info RolesInfo
		e.do("GET", "/api/config/usuarios/roles-info", admin, nil).decode(t, &info)
		var otorgables []string
		for _, r := range info.RolesDisponibles {
			if r.Otorgable {
				otorgables = append(otorgables, r.Value)
			}
		}
		want := []string{domain.RolLancha, domain.RolPasajero}
		if !slices.Equal(otorgables, want) || !slices.Equal(info.RolesPermitidos, want) {
			t.Fatalf("otorgables %v, permitidos %v", otorgables, info.RolesPermitidos)
		}
		// the audit screen finds the refusals under their action
		var logs ListadoAuditoria
		e.do("GET", "/api/config/auditoria/logs?accion=ROL_DENEGADO", e.token("superadmin"), nil).decode(t, &logs)
		if len(logs.Logs) != 3 || logs.Logs[0].Exito || logs.Logs[0].Usuario.NombreUsuario != "admin" {
			t.Fatalf("auditoría: %+v", logs.Logs)
		}
	})
}

// TestNadieCambiaSuPropioRol: not even to a role one may grant; the other
// fields of one's own user may still change.
func TestNadieCambiaSuPropioRol(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for _, c := range []struct{ usuario, rolActual, rolPedido string }{
			{"admin", domain.RolAdmin, domain.RolVendedor},
			{"superadmin", domain.RolSuperAdmin, domain.RolAdmin},
		} {
			body := map[string]any{"nombre_usuario": c.usuario, "email": c.usuario + "@muelle.demo", "rol": c.rolPedido}
			e.do("PUT", usuarioPath(e.userID(c.usuario)), e.token(c.usuario), body).
				expect(t, http.StatusForbidden, domain.MsgRolPropio)
			if rol := e.rolDe(c.usuario); rol != c.rolActual {
				t.Fatalf("%s pasó a %s", c.usuario, rol)
			}
		}
		if n := e.denegados("admin", `"rol_actual":"admin"`, `"rol_pedido":"vendedor"`,
			`"motivo":"`+domain.MsgRolPropio+`"`); n != 1 {
			t.Fatalf("ROL_DENEGADO del admin: %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'ROL_DENEGADO' AND usuario_id = ?
			AND detalles LIKE '%"rol_pedido":"admin"%'`, e.userID("superadmin")); n != 1 {
			t.Fatalf("ROL_DENEGADO del superadmin: %d", n)
		}
		body := map[string]any{"nombre_usuario": "admin", "email": "admin@muelle.demo", "rol": domain.RolAdmin,
			"telefono": "3415550000"}
		e.do("PUT", usuarioPath(e.userID("admin")), e.token("admin"), body).
			expect(t, http.StatusOK, "Usuario actualizado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE nombre_usuario = 'admin' AND telefono = '3415550000'`); n != 1 {
			t.Fatal("no se guardó el teléfono")
		}
	})
}
