package api

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"muelle/internal/domain"
)

// cajeroMatrix is a custom role's matrix: sell, print and run a register, nothing else.
func cajeroMatrix() map[string]any {
	return map[string]any{
		"dashboard": map[string]any{"ver": true, "tipo": "vendedor"},
		"pasajes":   map[string]any{"ver": true, "crear": true, "imprimir": true},
		"caja":      map[string]any{"ver": true, "abrir": true, "cerrar": true, "movimientos": true},
	}
}

func rolBody(nombre string, permisos map[string]any) map[string]any {
	return map[string]any{"nombre": nombre, "descripcion": "Cobra en mostrador", "nivel_jerarquico": 4,
		"permisos": permisos, "color_badge": "#10B981", "icono": "💼"}
}

// crearRol creates a role through the API as super_admin and returns it.
func (e *env) crearRol(body map[string]any) Rol {
	e.t.Helper()
	r := e.do("POST", "/api/config/roles", e.token("superadmin"), body)
	r.expect(e.t, http.StatusCreated, "Rol creado exitosamente")
	var rol Rol
	r.decode(e.t, &rol)
	return rol
}

// asignarRol gives a user a role (the users screen is another issue's).
func (e *env) asignarRol(usuario string, rolID int64) {
	e.t.Helper()
	_, err := e.st.DB().ExecContext(context.Background(),
		e.st.Rebind(`UPDATE usuarios SET rol_id = ? WHERE nombre_usuario = ?`), rolID, usuario)
	if err != nil {
		e.t.Fatal(err)
	}
}

// TestCustomRoleWalk walks the route table as a user of a custom role: each
// route answers 403 exactly when the role's matrix lacks its permission.
func TestCustomRoleWalk(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		rol := e.crearRol(rolBody("cajero", cajeroMatrix()))
		e.asignarRol("vendedor", rol.ID)
		token := e.token("vendedor")
		permitidas := 0
		walkRoutes(t, e, func(rt route, path string) {
			if rt.Path == "/api/auth/logout" { // it would end the walk's session
				return
			}
			r := e.do(rt.Method, path, token, walkBody(rt))
			allowed := rt.Access.Permite("cajero", rol.Permisos)
			denied := r.Status == http.StatusForbidden && r.Message == domain.MsgSinPermisos
			if allowed == denied {
				t.Errorf("%s %s como cajero: permitido=%v, obtuve %d %q", rt.Method, rt.Path, allowed, r.Status, r.Message)
			}
			if allowed && !rt.Access.Publico && rt.Access.Permiso != "" {
				permitidas++
			}
		})
		if permitidas == 0 {
			t.Fatal("el rol no alcanzó ninguna ruta con permiso")
		}
		e.do("POST", "/api/pasajes/validar-qr", token, map[string]any{"codigo_qr": "x"}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

// TestRoleChangeAppliesAtNextRequest: the permissions are read with the session.
func TestRoleChangeAppliesAtNextRequest(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		rol := e.crearRol(rolBody("cajero", cajeroMatrix()))
		e.asignarRol("vendedor", rol.ID)
		token := e.token("vendedor")
		e.do("GET", "/api/caja/estado", token, nil).expect(t, http.StatusOK, "")

		sinCaja := cajeroMatrix()
		sinCaja["caja"] = map[string]any{}
		e.do("PUT", "/api/config/roles/"+strconv.FormatInt(rol.ID, 10), e.token("superadmin"), rolBody("cajero", sinCaja)).
			expect(t, http.StatusOK, "Rol actualizado exitosamente")
		e.do("GET", "/api/caja/estado", token, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion IN ('CREACION_ROL', 'ACTUALIZACION_ROL')`); n != 2 {
			t.Fatalf("auditoría de roles: %d", n)
		}
	})
}

func TestRoleValidation(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		cases := []struct {
			name string
			edit func(b map[string]any)
			msg  string
		}{
			{"sin nombre", func(b map[string]any) { b["nombre"] = "  " }, domain.MsgRolNombreRequerido},
			{"nivel 7", func(b map[string]any) { b["nivel_jerarquico"] = 7 }, domain.MsgRolNivel},
			{"nivel 0", func(b map[string]any) { b["nivel_jerarquico"] = 0 }, domain.MsgRolNivel},
			{"color", func(b map[string]any) { b["color_badge"] = "#000000" }, domain.MsgRolColor},
			{"icono", func(b map[string]any) { b["icono"] = "x" }, domain.MsgRolIcono},
			{"flag desconocido", func(b map[string]any) {
				b["permisos"] = map[string]any{"caja": map[string]any{"volar": true}}
			}, "El campo volar no está permitido"},
			{"tipo de dashboard", func(b map[string]any) {
				b["permisos"] = map[string]any{"dashboard": map[string]any{"tipo": "otro"}}
			}, domain.MsgRolTipoDashboard},
		}
		for _, c := range cases {
			b := rolBody("nuevo", cajeroMatrix())
			c.edit(b)
			e.do("POST", "/api/config/roles", sa, b).expect(t, http.StatusBadRequest, c.msg)
		}
		if n := e.count(`SELECT COUNT(*) FROM roles WHERE nombre = 'nuevo'`); n != 0 {
			t.Fatalf("se creó un rol inválido")
		}
		e.crearRol(rolBody("nuevo", cajeroMatrix()))
		e.do("POST", "/api/config/roles", sa, rolBody("nuevo", cajeroMatrix())).
			expect(t, http.StatusConflict, domain.MsgRolNombreDuplicado)
	})
}

func TestBuiltInRolesKeepNameAndStay(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		id := strconv.FormatInt(e.count(`SELECT id FROM roles WHERE nombre = 'vendedor'`), 10)
		b := rolBody("cajero", cajeroMatrix())
		e.do("PUT", "/api/config/roles/"+id, sa, b).expect(t, http.StatusConflict, domain.MsgRolIntegradoRenombrar)
		e.do("DELETE", "/api/config/roles/"+id, sa, nil).expect(t, http.StatusConflict, domain.MsgRolIntegradoEliminar)
		b["nombre"], b["activo"] = "vendedor", false
		e.do("PUT", "/api/config/roles/"+id, sa, b).expect(t, http.StatusConflict, domain.MsgRolIntegradoActivo)
		b["activo"], b["nivel_jerarquico"] = true, 3
		e.do("PUT", "/api/config/roles/"+id, sa, b).expect(t, http.StatusConflict, domain.MsgRolIntegradoNivel)
		if n := e.count(`SELECT COUNT(*) FROM roles WHERE nombre = 'vendedor' AND integrado = TRUE`); n != 1 {
			t.Fatal("el rol del sistema cambió")
		}
	})
}

func TestDeleteRoleInUseMovesItsUsers(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		rol := e.crearRol(rolBody("cajero", cajeroMatrix()))
		e.asignarRol("vendedor", rol.ID)
		path := "/api/config/roles/" + strconv.FormatInt(rol.ID, 10)

		r := e.do("DELETE", path, sa, nil)
		r.expect(t, http.StatusConflict, domain.MsgRolEnUso(1))
		superID := e.count(`SELECT id FROM roles WHERE nombre = 'super_admin'`)
		e.do("DELETE", path+"?reasignar_a="+strconv.FormatInt(superID, 10), sa, nil).
			expect(t, http.StatusBadRequest, domain.MsgRolDestinoInvalido)
		e.do("DELETE", path+"?reasignar_a="+strconv.FormatInt(rol.ID, 10), sa, nil).
			expect(t, http.StatusBadRequest, domain.MsgRolDestinoInvalido)
		e.do("DELETE", path+"?reasignar_a=999999", sa, nil).expect(t, http.StatusNotFound, domain.MsgRolNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM roles WHERE id = ?`, rol.ID); n != 1 {
			t.Fatal("un borrado rechazado quitó el rol")
		}

		lanchaID := e.count(`SELECT id FROM roles WHERE nombre = 'lancha'`)
		r = e.do("DELETE", path+"?reasignar_a="+strconv.FormatInt(lanchaID, 10), sa, nil)
		r.expect(t, http.StatusOK, "Rol eliminado exitosamente")
		var out RolEliminado
		r.decode(t, &out)
		if out.UsuariosMovidos != 1 || e.count(`SELECT rol_id FROM usuarios WHERE nombre_usuario = 'vendedor'`) != lanchaID {
			t.Fatalf("usuarios movidos: %+v", out)
		}
		if e.count(`SELECT COUNT(*) FROM roles WHERE id = ?`, rol.ID) != 0 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'ELIMINACION_ROL'`) != 1 {
			t.Fatal("el rol no se eliminó o no se auditó")
		}
	})
}

func TestRolesAreSuperAdminOnly(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.do("GET", "/api/config/roles", e.token("admin"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", "/api/config/roles", e.token("admin"), rolBody("x", cajeroMatrix())).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		r := e.do("GET", "/api/config/roles/plantilla", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		var p PlantillaRol
		r.decode(t, &p)
		if len(p.Colores) != 7 || len(p.Iconos) != 9 || p.RolNuevo.NivelJerarquico != 4 ||
			!p.RolNuevo.Permisos.Allows("impresion", "ticket_80mm") || p.RolNuevo.Permisos.Allows("pasajes", "anular") {
			t.Fatalf("plantilla: %+v", p)
		}
	})
}
