package api

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

type usuarioJSON struct {
	ID               int64
	NombreUsuario    string `json:"nombre_usuario"`
	Rol              string
	Activo           bool
	DebeCambiarClave bool   `json:"debe_cambiar_clave"`
	EstadoClave      string `json:"estado_clave"`
}

type creadoJSON struct {
	Usuario                usuarioJSON
	CredencialesTemporales *struct {
		Usuario          string
		PasswordTemporal string `json:"password_temporal"`
	} `json:"credenciales_temporales"`
}

// nuevoUsuario is a create body for a user of role rol with a generated password.
func nuevoUsuario(nombre, rol string) map[string]any {
	return map[string]any{"nombre_usuario": nombre, "email": nombre + "@muelle.demo", "rol": rol,
		"nombre": "Prueba", "apellido": "Usuaria", "auto_generate_password": true}
}

// crear creates a user as token and returns it with its temporary password.
func (e *env) crear(token, nombre, rol string) (usuarioJSON, string) {
	e.t.Helper()
	r := e.do("POST", "/api/config/usuarios", token, nuevoUsuario(nombre, rol))
	r.expect(e.t, http.StatusCreated, "Usuario creado exitosamente")
	var c creadoJSON
	r.decode(e.t, &c)
	if c.CredencialesTemporales == nil || c.CredencialesTemporales.Usuario != nombre {
		e.t.Fatalf("sin credenciales temporales: %s", r.Data)
	}
	return c.Usuario, c.CredencialesTemporales.PasswordTemporal
}

func (e *env) loginCon(usuario, password string) response {
	e.t.Helper()
	return e.do("POST", "/api/auth/login", "", map[string]string{"nombre_usuario": usuario, "password": password})
}

func (e *env) tokenDe(r response) string {
	e.t.Helper()
	r.expect(e.t, http.StatusOK, "")
	var d struct {
		Token   string
		Usuario usuarioJSON
	}
	r.decode(e.t, &d)
	return d.Token
}

func usuarioPath(id int64) string { return "/api/config/usuarios/" + strconv.FormatInt(id, 10) }

func TestRolesPermitidosSegunNivel(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cases := map[string][]string{
			"superadmin": {domain.RolAdmin, domain.RolSupervisor, domain.RolVendedor, domain.RolLancha, domain.RolPasajero},
			"admin":      {domain.RolSupervisor, domain.RolVendedor, domain.RolLancha, domain.RolPasajero},
			// lancha has validacion.desembarque, which the supervisor lacks
			"supervisor": {domain.RolVendedor},
		}
		for usuario, want := range cases {
			r := e.do("GET", "/api/config/usuarios/roles-info", e.token(usuario), nil)
			r.expect(t, http.StatusOK, "")
			var info struct {
				RolActual        string
				RolesPermitidos  []string
				RolesDisponibles []struct {
					Value     string
					Otorgable bool
				}
				Estadisticas []struct {
					Rol            string
					Total, Activos int64
				}
				Restricciones struct {
					PuedeCrear    bool `json:"puede_crear"`
					PuedeEliminar bool `json:"puede_eliminar"`
				}
			}
			r.decode(t, &info)
			slices.Sort(want)
			slices.Sort(info.RolesPermitidos)
			if !slices.Equal(info.RolesPermitidos, want) || len(info.RolesDisponibles) != 6 || !info.Restricciones.PuedeCrear {
				t.Errorf("%s: %+v", usuario, info)
			}
			for _, r := range info.RolesDisponibles {
				if r.Otorgable != slices.Contains(want, r.Value) {
					t.Errorf("%s: %s otorgable=%v", usuario, r.Value, r.Otorgable)
				}
			}
			if info.Restricciones.PuedeEliminar != (usuario != "supervisor") {
				t.Errorf("%s: puede_eliminar %v", usuario, info.Restricciones.PuedeEliminar)
			}
		}
	})
}

func TestEscaladaDeRolRechazada(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, supervisor := e.token("admin"), e.token("supervisor")
		antes := e.count(`SELECT COUNT(*) FROM usuarios`)
		e.do("POST", "/api/config/usuarios", admin, nuevoUsuario("nuevo_super", domain.RolSuperAdmin)).
			expect(t, http.StatusForbidden, domain.MsgRolNoPermitido)
		e.do("POST", "/api/config/usuarios", supervisor, nuevoUsuario("nuevo_admin", domain.RolAdmin)).
			expect(t, http.StatusForbidden, domain.MsgRolNoPermitido)
		e.do("POST", "/api/config/usuarios", supervisor, nuevoUsuario("nuevo_pasajero", domain.RolPasajero)).
			expect(t, http.StatusForbidden, domain.MsgRolNoPermitido)
		e.do("POST", "/api/config/usuarios", admin, nuevoUsuario("nuevo_x", "inventado")).
			expect(t, http.StatusBadRequest, domain.MsgRolInexistente)
		if n := e.count(`SELECT COUNT(*) FROM usuarios`); n != antes {
			t.Fatalf("se crearon %d usuarios", n-antes)
		}
		// editing one's own role, or a user of one's own level or above
		self := map[string]any{"nombre_usuario": "admin", "email": "admin@muelle.demo", "rol": domain.RolSuperAdmin}
		e.do("PUT", usuarioPath(e.userID("admin")), admin, self).expect(t, http.StatusForbidden, domain.MsgRolPropio)
		self = map[string]any{"nombre_usuario": "supervisor", "email": "supervisor@muelle.demo", "rol": domain.RolAdmin}
		e.do("PUT", usuarioPath(e.userID("supervisor")), supervisor, self).
			expect(t, http.StatusForbidden, domain.MsgRolPropio)
		jefe := map[string]any{"nombre_usuario": "admin", "email": "admin@muelle.demo", "rol": domain.RolVendedor}
		e.do("PUT", usuarioPath(e.userID("admin")), supervisor, jefe).
			expect(t, http.StatusForbidden, domain.MsgUsuarioNoEditable)
		vendedor := map[string]any{"nombre_usuario": "vendedor", "email": "vendedor@muelle.demo", "rol": domain.RolAdmin}
		e.do("PUT", usuarioPath(e.userID("vendedor")), supervisor, vendedor).
			expect(t, http.StatusForbidden, domain.MsgRolNoPermitido)
		if n := e.count(`SELECT COUNT(*) FROM usuarios u JOIN roles r ON r.id = u.rol_id
			WHERE u.nombre_usuario IN ('admin', 'supervisor', 'vendedor') AND r.nombre IN ('super_admin', 'admin')`); n != 1 {
			t.Fatalf("cambió un rol: %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CAMBIO_ROL'`); n != 0 {
			t.Fatalf("auditó %d cambios de rol", n)
		}
	})
}

func TestAltaConClaveGeneradaYCambioForzado(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		u, clave := e.crear(admin, "nuevo_vendedor", domain.RolVendedor)
		if !u.DebeCambiarClave || u.EstadoClave != domain.ClaveReinicioPendiente || !u.Activo {
			t.Fatalf("usuario creado: %+v", u)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CREACION_USUARIO' AND usuario_id = ?
			AND detalles LIKE '%"despues":{"id":`+strconv.FormatInt(u.ID, 10)+`%'`, e.userID("admin")); n != 1 {
			t.Fatalf("CREACION_USUARIO auditadas: %d", n)
		}
		login := e.loginCon("nuevo_vendedor", clave)
		var d struct{ Usuario usuarioJSON }
		login.decode(t, &d)
		if !d.Usuario.DebeCambiarClave {
			t.Fatal("el login no avisa que debe cambiar la contraseña")
		}
		tok := e.tokenDe(login)
		for _, call := range [][2]string{{"GET", "/api/caja/estado"}, {"GET", "/api/config/empresa"}, {"GET", "/api/pasajes"}} {
			e.do(call[0], call[1], tok, nil).expect(t, http.StatusForbidden, domain.MsgDebeCambiarClave)
		}
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusOK, "")
		r := e.do("POST", "/api/usuarios/validar-contrasena", tok, map[string]string{"password": "nuevo_vendedorX1!"})
		var v struct {
			Valid  bool
			Checks struct {
				NoPersonal bool `json:"no_personal"`
			}
		}
		r.decode(t, &v)
		if v.Valid || v.Checks.NoPersonal {
			t.Fatalf("el nombre de usuario debía invalidarla: %s", r.Data)
		}
		e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_nueva": "corta"}).
			expect(t, http.StatusBadRequest, "")
		e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_nueva": clave}).
			expect(t, http.StatusBadRequest, domain.MsgClaveNuevaIgualActual)
		r = e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_nueva": "Junco58?Proa"})
		r.expect(t, http.StatusOK, "Contraseña cambiada exitosamente")
		e.do("GET", "/api/caja/estado", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		tok = e.tokenDe(r) // the session goes on with a fresh token
		e.do("GET", "/api/caja/estado", tok, nil).expect(t, http.StatusOK, "")
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CAMBIO_CLAVE' AND usuario_id = ?`, u.ID); n != 1 {
			t.Fatalf("CAMBIO_CLAVE auditados: %d", n)
		}
		e.tokenDe(e.loginCon("nuevo_vendedor", "Junco58?Proa"))
		// now the current password is required
		e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_nueva": "Garza47!Remo"}).
			expect(t, http.StatusBadRequest, domain.MsgClaveActualRequerida)
		e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_actual": "otra", "clave_nueva": "Garza47!Remo"}).
			expect(t, http.StatusBadRequest, domain.MsgClaveActualIncorrecta)
	})
}

func TestCambioForzadoPermiteCerrarSesion(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, clave := e.crear(e.token("admin"), "forzado", domain.RolLancha)
		tok := e.tokenDe(e.loginCon("forzado", clave))
		e.do("GET", "/api/dashboard/stats", tok, nil).expect(t, http.StatusForbidden, domain.MsgDebeCambiarClave)
		e.do("POST", "/api/auth/logout", tok, nil).expect(t, http.StatusOK, "Sesión cerrada")
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, "")
	})
}

func TestClaveTemporalExpirada(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, clave := e.crear(e.token("admin"), "tardio", domain.RolVendedor)
		e.now = e.now.Add(domain.VigenciaClaveTemporal + time.Minute)
		e.loginCon("tardio", clave).expect(t, http.StatusUnauthorized, domain.MsgClaveTemporalExpirada)
		e.loginCon("tardio", "Otra.Clave9").expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		var u []usuarioJSON
		e.do("GET", "/api/config/usuarios", e.token("admin"), nil).decode(t, &u)
		for _, x := range u {
			if x.NombreUsuario == "tardio" && x.EstadoClave != domain.ClaveExpirada {
				t.Fatalf("estado_clave %s", x.EstadoClave)
			}
		}
	})
}

func TestAltaIdempotenteNoRepiteLaClave(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		h := map[string]string{"Idempotency-Key": "alta-1"}
		admin := e.token("admin")
		first := e.doWith("POST", "/api/config/usuarios", admin, nuevoUsuario("una_vez", domain.RolVendedor), h)
		first.expect(t, http.StatusCreated, "")
		again := e.doWith("POST", "/api/config/usuarios", admin, nuevoUsuario("una_vez", domain.RolVendedor), h)
		again.expect(t, http.StatusCreated, "")
		var c creadoJSON
		again.decode(t, &c)
		if c.CredencialesTemporales != nil || c.Usuario.NombreUsuario != "una_vez" {
			t.Fatalf("la repetición devolvió %s", again.Data)
		}
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE nombre_usuario = 'una_vez'`); n != 1 {
			t.Fatalf("%d usuarios", n)
		}
		if strings.Contains(e.stored("alta-1"), "password") {
			t.Fatal("la clave idempotente guardó la contraseña")
		}
	})
}

// stored is the answer remembered for an idempotency key.
func (e *env) stored(clave string) string {
	e.t.Helper()
	var s string
	if err := e.st.DB().QueryRow(`SELECT resultado FROM idempotencia WHERE clave = '` + clave + `'`).Scan(&s); err != nil {
		e.t.Fatal(err)
	}
	return s
}

func TestEdicionCambioDeRolYReinicioDeClave(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		u, _ := e.crear(admin, "rotativo", domain.RolVendedor)
		vieja := e.token("lancha")
		body := map[string]any{"nombre_usuario": "rotativo", "email": "rotativo@muelle.demo", "rol": domain.RolLancha,
			"password": ""}
		r := e.do("PUT", usuarioPath(u.ID), admin, body)
		r.expect(t, http.StatusOK, "Usuario actualizado exitosamente")
		var got usuarioJSON
		r.decode(t, &got)
		if got.Rol != domain.RolLancha || !got.Activo {
			t.Fatalf("%+v", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CAMBIO_ROL'
			AND detalles LIKE '%"antes":{"usuario_id":` + strconv.FormatInt(u.ID, 10) + `,"rol":"vendedor"}%'
			AND detalles LIKE '%"despues":{"usuario_id":` + strconv.FormatInt(u.ID, 10) + `,"rol":"lancha"}%'`); n != 1 {
			t.Fatalf("CAMBIO_ROL auditados: %d", n)
		}
		// an admin resets the lancha user's password: its sessions end at once
		lancha := map[string]any{"nombre_usuario": "lancha", "email": "lancha@muelle.demo", "rol": domain.RolLancha,
			"nombre": "Ramón", "apellido": "Acosta", "password": "Ceibo62#Boya"}
		e.do("GET", "/api/auth/me", vieja, nil).expect(t, http.StatusOK, "")
		e.do("PUT", usuarioPath(e.userID("lancha")), admin, lancha).expect(t, http.StatusOK, "")
		e.do("GET", "/api/auth/me", vieja, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.tokenDe(e.loginCon("lancha", "Ceibo62#Boya"))
		// a password against the policy is refused and changes nothing
		lancha["password"] = "lancha123"
		e.do("PUT", usuarioPath(e.userID("lancha")), admin, lancha).expect(t, http.StatusBadRequest, "")
		e.tokenDe(e.loginCon("lancha", "Ceibo62#Boya"))
	})
}

func TestEliminarUsuario(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		limpio, _ := e.crear(admin, "sin_historia", domain.RolVendedor)
		e.do("DELETE", usuarioPath(limpio.ID), admin, nil).expect(t, http.StatusOK, "Usuario eliminado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE id = ?`, limpio.ID); n != 0 {
			t.Fatal("no se eliminó")
		}
		// a user whose only trace is their own notifications is deleted with them
		avisado, _ := e.crear(admin, "solo_avisos", domain.RolSupervisor)
		e.notificar("solo_avisos", domain.NotifVenta, domain.NotifAlerta)
		e.do("DELETE", usuarioPath(avisado.ID), admin, nil).expect(t, http.StatusOK, "Usuario eliminado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE usuario_id = ?`, avisado.ID); n != 0 {
			t.Fatalf("quedaron %d notificaciones", n)
		}
		// one who registered a device keeps it named: deactivated, not deleted
		conCelular, _ := e.crear(admin, "con_celular", domain.RolLancha)
		pub, _, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.st.RegistrarDispositivo(context.Background(), store.Actor{UsuarioID: conCelular.ID, EmpresaID: 1},
			"Celular de proa", pub); err != nil {
			t.Fatal(err)
		}
		e.do("DELETE", usuarioPath(conCelular.ID), admin, nil).
			expect(t, http.StatusOK, "El usuario tiene historial o es pasajero: se desactivó en lugar de eliminarse")
		if e.count(`SELECT COUNT(*) FROM usuarios WHERE id = ? AND activo = FALSE`, conCelular.ID) != 1 {
			t.Fatal("el usuario con un dispositivo no quedó desactivado")
		}
		// a seller who sold is deactivated, and its session ends
		e.ventaA("vendedor", "Ana Pérez", 1)
		tok := e.token("vendedor")
		r := e.do("DELETE", usuarioPath(e.userID("vendedor")), admin, nil)
		r.expect(t, http.StatusOK, "El usuario tiene historial o es pasajero: se desactivó en lugar de eliminarse")
		var b struct{ Desactivado bool }
		r.decode(t, &b)
		if !b.Desactivado || e.count(`SELECT COUNT(*) FROM usuarios WHERE nombre_usuario = 'vendedor' AND activo = FALSE`) != 1 {
			t.Fatalf("no se desactivó: %s", r.Data)
		}
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		// a passenger is deactivated too
		pasajero, _ := e.crear(admin, "pasajero_x", domain.RolPasajero)
		e.do("DELETE", usuarioPath(pasajero.ID), admin, nil).expect(t, http.StatusOK, "")
		if e.count(`SELECT COUNT(*) FROM usuarios WHERE id = ? AND activo = FALSE`, pasajero.ID) != 1 {
			t.Fatal("el pasajero no quedó desactivado")
		}
		// nobody removes itself; a supervisor may not delete at all
		e.do("DELETE", usuarioPath(e.userID("admin")), admin, nil).expect(t, http.StatusForbidden, domain.MsgNoDesactivarseASiMismo)
		e.do("DELETE", usuarioPath(e.userID("lancha")), e.token("supervisor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

func TestDesactivarTerminaLasSesiones(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("lancha")
		body := map[string]any{"nombre_usuario": "lancha", "email": "lancha@muelle.demo", "rol": domain.RolLancha,
			"activo": false}
		e.do("PUT", usuarioPath(e.userID("lancha")), e.token("admin"), body).expect(t, http.StatusOK, "")
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		// reactivating does not revive the old token
		body["activo"] = true
		e.do("PUT", usuarioPath(e.userID("lancha")), e.token("admin"), body).expect(t, http.StatusOK, "")
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.do("GET", "/api/auth/me", e.token("lancha"), nil).expect(t, http.StatusOK, "")
	})
}

func TestUsuariosDeOtraEmpresa(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin2 := e.token("admin2")
		id := e.userID("lancha")
		body := map[string]any{"nombre_usuario": "lancha", "email": "lancha@muelle.demo", "rol": domain.RolLancha}
		e.do("PUT", usuarioPath(id), admin2, body).expect(t, http.StatusNotFound, domain.MsgUsuarioNoEncontrado)
		e.do("DELETE", usuarioPath(id), admin2, nil).expect(t, http.StatusNotFound, domain.MsgUsuarioNoEncontrado)
		var us []usuarioJSON
		e.do("GET", "/api/config/usuarios", admin2, nil).decode(t, &us)
		for _, u := range us {
			if u.NombreUsuario == "lancha" || u.NombreUsuario == "admin" {
				t.Fatalf("admin2 ve a %s", u.NombreUsuario)
			}
		}
		e.do("GET", "/api/config/usuarios?empresa_id=1", admin2, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		// super_admin picks the company
		sa := e.token("superadmin")
		e.do("GET", "/api/config/usuarios?empresa_id=2", sa, nil).decode(t, &us)
		if len(us) != 3 || !slices.ContainsFunc(us, func(u usuarioJSON) bool { return u.NombreUsuario == "admin2" }) {
			t.Fatalf("usuarios de la empresa 2: %+v", us)
		}
		e.do("GET", "/api/config/usuarios?empresa_id=99", sa, nil).expect(t, http.StatusNotFound, "")
		r := e.do("POST", "/api/config/usuarios?empresa_id=2", sa, nuevoUsuario("de_la_dos", domain.RolVendedor))
		r.expect(t, http.StatusCreated, "")
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE nombre_usuario = 'de_la_dos' AND empresa_id = 2`); n != 1 {
			t.Fatal("no se creó en la empresa 2")
		}
	})
}

func TestUsuarioEntradaEstricta(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		antes := e.count(`SELECT COUNT(*) FROM usuarios`)
		body := nuevoUsuario("x", domain.RolVendedor)
		body["es_admin"] = true
		e.do("POST", "/api/config/usuarios", admin, body).expect(t, http.StatusBadRequest, "")
		body = nuevoUsuario(strings.Repeat("a", 51), domain.RolVendedor)
		r := e.do("POST", "/api/config/usuarios", admin, body)
		r.expect(t, http.StatusBadRequest, "")
		if !strings.Contains(r.Message, "nombre_usuario") {
			t.Fatalf("el mensaje no nombra el campo: %q", r.Message)
		}
		cases := []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"nombre_usuario": " ", "email": "a@b.co", "rol": "vendedor", "password": "Garza47!Remo"}, domain.MsgNombreUsuarioRequerido},
			{map[string]any{"nombre_usuario": "y", "email": "", "rol": "vendedor", "password": "Garza47!Remo"}, domain.MsgEmailRequerido},
			{map[string]any{"nombre_usuario": "y", "email": "sin-arroba", "rol": "vendedor", "password": "Garza47!Remo"}, domain.MsgEmailInvalido},
			{map[string]any{"nombre_usuario": "y", "email": "y@b.co", "rol": "vendedor"}, domain.MsgContrasenaRequerida},
		}
		for _, c := range cases {
			e.do("POST", "/api/config/usuarios", admin, c.body).expect(t, http.StatusBadRequest, c.msg)
		}
		e.do("POST", "/api/config/usuarios", admin, nuevoUsuario("admin", domain.RolVendedor)).
			expect(t, http.StatusConflict, domain.MsgUsuarioDuplicado)
		if n := e.count(`SELECT COUNT(*) FROM usuarios`); n != antes {
			t.Fatal("se escribió con entrada inválida")
		}
	})
}

func TestValidarYGenerarPasswords(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		r := e.do("POST", "/api/config/validar-password", admin, map[string]string{"password": "Diego.Sosa9",
			"nombre_usuario": "dsosa", "email": "diego@muelle.demo"})
		var v struct {
			Valid           bool
			Score           int
			Errors          []string
			StrengthMessage struct{ Text string } `json:"strengthMessage"`
		}
		r.decode(t, &v)
		if v.Valid || len(v.Errors) != 1 || v.StrengthMessage.Text == "" || v.Score >= 100 {
			t.Fatalf("%s", r.Data)
		}
		r = e.do("GET", "/api/config/generar-passwords?count=3&readable=true", admin, nil)
		var g struct{ Passwords []string }
		r.decode(t, &g)
		if len(g.Passwords) != 3 || g.Passwords[0] == g.Passwords[1] {
			t.Fatalf("%v", g.Passwords)
		}
		for _, p := range g.Passwords {
			if !domain.ValidarPassword(p, domain.DatosPersonales{}).Valid {
				t.Fatalf("%q no cumple la política", p)
			}
		}
		e.do("GET", "/api/config/generar-passwords?count=11", admin, nil).expect(t, http.StatusBadRequest, "El parámetro count no debe superar 10")
		e.do("GET", "/api/config/generar-passwords?readable=si", admin, nil).expect(t, http.StatusBadRequest, "El parámetro readable debe ser true o false")
	})
}

func TestPasajeroCambiaLaClaveTresVecesPorMes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, clave := e.crear(e.token("admin"), "viajero", domain.RolPasajero)
		tok := e.tokenDe(e.loginCon("viajero", clave))
		claves := []string{clave, "Garza47!Remo", "Junco58?Proa", "Ceibo62#Boya", "Marea83$Faro"}
		for i := 1; i < len(claves); i++ {
			r := e.do("PUT", "/api/usuarios/cambiar-contrasena", tok,
				map[string]string{"clave_actual": claves[i-1], "clave_nueva": claves[i]})
			if i <= domain.MaxCambiosClavePasajeroMes {
				tok = e.tokenDe(r)
				continue
			}
			r.expect(t, http.StatusTooManyRequests, domain.MsgLimiteCambiosClave)
		}
		e.now = time.Date(2026, 12, 1, 0, 0, 1, 0, time.UTC)
		tok = e.tokenDe(e.loginCon("viajero", claves[3]))
		e.do("PUT", "/api/usuarios/cambiar-contrasena", tok,
			map[string]string{"clave_actual": claves[3], "clave_nueva": claves[4]}).expect(t, http.StatusOK, "")
	})
}
