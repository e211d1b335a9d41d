package api

import (
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"muelle/internal/demo"
	"muelle/internal/domain"
)

// Changing one's own password ends every other session of the user, their
// sockets included, and the caller's goes on with the fresh token answered.
func TestOwnPasswordChangeEndsTheOtherSessions(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		e.srv.Hub.RevisarCada = time.Hour
		actual, otra := e.login("supervisor"), e.login("supervisor")
		s := conectar(t, base, otra, 0)
		s.hasta("conectado")
		version := e.count(`SELECT sesion_version FROM usuarios WHERE nombre_usuario = 'supervisor'`)
		r := e.do("PUT", "/api/usuarios/cambiar-contrasena", actual,
			map[string]string{"clave_actual": demo.Password, "clave_nueva": "Tabifu-Dalafe-Makupu-95#"})
		r.expect(t, http.StatusOK, "Contraseña cambiada exitosamente")
		nuevo := e.tokenDe(r)
		esperarCierre(t, s, websocket.StatusPolicyViolation)
		for _, tok := range []string{actual, otra} {
			e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		}
		e.do("GET", "/api/auth/me", nuevo, nil).expect(t, http.StatusOK, "")
		conectar(t, base, nuevo, 0).hasta("conectado")
		if v := e.count(`SELECT sesion_version FROM usuarios WHERE nombre_usuario = 'supervisor'`); v != version+1 {
			t.Fatalf("sesion_version %d, esperaba %d", v, version+1)
		}
	})
}

// A password reset, deactivating a user and deactivating a company close the
// open sockets at once (the periodic check is an hour away here).
func TestResetAndDeactivationCloseTheSocketsAtOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		e.srv.Hub.RevisarCada = time.Hour
		admin := e.token("admin")
		abierto := func(usuario string) *socket {
			s := conectar(t, base, e.token(usuario), 0)
			s.hasta("conectado")
			return s
		}

		lancha := abierto("lancha")
		e.do("PUT", usuarioPath(e.userID("lancha")), admin, map[string]any{"nombre_usuario": "lancha",
			"email": "lancha@muelle.demo", "rol": domain.RolLancha, "password": "Ceibo62#Boya"}).expect(t, http.StatusOK, "")
		esperarCierre(t, lancha, websocket.StatusPolicyViolation)

		supervisor := abierto("supervisor")
		e.do("PUT", usuarioPath(e.userID("supervisor")), admin, map[string]any{"nombre_usuario": "supervisor",
			"email": "supervisor@muelle.demo", "rol": domain.RolSupervisor, "activo": false}).expect(t, http.StatusOK, "")
		esperarCierre(t, supervisor, websocket.StatusPolicyViolation)

		e.ventaA("vendedor", "Ana Pérez", 1) // a user with history is deactivated, not deleted
		vendedor := abierto("vendedor")
		e.do("DELETE", usuarioPath(e.userID("vendedor")), admin, nil).expect(t, http.StatusOK, "")
		esperarCierre(t, vendedor, websocket.StatusPolicyViolation)

		admin2, lancha2 := abierto("admin2"), abierto("lancha2")
		e.do("DELETE", "/api/config/empresas/2", e.token("superadmin"), nil).expect(t, http.StatusOK, "")
		esperarCierre(t, admin2, websocket.StatusPolicyViolation)
		esperarCierre(t, lancha2, websocket.StatusPolicyViolation)
	})
}

// A socket closes when its token expires, without any request or check.
func TestASocketClosesWhenItsTokenExpires(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		e.srv.Hub.RevisarCada = time.Hour
		tok := e.token("lancha")
		vence := e.now.Add(e.svc.Tokens.TTL())
		for e.now.Add(50 * time.Minute).Before(vence) { // a request every 50 minutes: never idle
			e.now = e.now.Add(50 * time.Minute)
			e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusOK, "")
		}
		e.now = vence.Add(-300 * time.Millisecond)
		s := conectar(t, base, tok, 0)
		s.hasta("conectado")
		esperarCierre(t, s, websocket.StatusPolicyViolation)
	})
}

// A session that makes no request for the inactivity limit is refused by the
// server; a request keeps it alive, and is written at most once a minute.
func TestAnIdleSessionIsRefusedOnTheServer(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ocioso, activo := e.login("vendedor"), e.login("vendedor")
		inicio := e.now
		registrada := func() time.Time {
			var t0 time.Time
			if err := e.st.DB().QueryRow(`SELECT ultima_actividad FROM sesiones_actividad`).Scan(&t0); err != nil {
				t.Fatal(err)
			}
			return t0.UTC()
		}
		e.now = inicio.Add(30 * time.Second)
		e.do("GET", "/api/auth/me", activo, nil).expect(t, http.StatusOK, "")
		if n := e.count(`SELECT COUNT(*) FROM sesiones_actividad`); n != 0 {
			t.Fatalf("se escribió la actividad antes del minuto (%d filas)", n)
		}
		e.now = inicio.Add(50 * time.Minute)
		e.do("GET", "/api/auth/me", activo, nil).expect(t, http.StatusOK, "")
		e.now = inicio.Add(50*time.Minute + 30*time.Second)
		e.do("GET", "/api/auth/me", activo, nil).expect(t, http.StatusOK, "")
		if got := registrada(); !got.Equal(inicio.Add(50 * time.Minute)) {
			t.Fatalf("actividad registrada %v, esperaba %v", got, inicio.Add(50*time.Minute))
		}
		e.now = inicio.Add(domain.InactividadMaxima)
		e.do("GET", "/api/auth/me", ocioso, nil).expect(t, http.StatusUnauthorized, domain.MsgSesionInactiva)
		e.do("GET", "/api/auth/me", activo, nil).expect(t, http.StatusOK, "")
		e.now = e.now.Add(domain.InactividadMaxima)
		e.do("GET", "/api/auth/me", activo, nil).expect(t, http.StatusUnauthorized, domain.MsgSesionInactiva)
	})
}

// A session opened with a temporary password ends when the password expires
// (it never had a socket: a session that must change its password gets none).
func TestATemporaryPasswordSessionEndsWithThePassword(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, clave := e.crear(e.token("admin"), "temporario", domain.RolVendedor)
		vence := e.now.Add(domain.VigenciaClaveTemporal)
		e.now = vence.Add(-30 * time.Minute)
		tok := e.tokenDe(e.loginCon("temporario", clave))
		e.now = vence.Add(-300 * time.Millisecond)
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusOK, "")
		e.now = vence
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgClaveTemporalExpirada)
	})
}

// The server's inactivity limit is the web app's.
func TestTheInactivityLimitIsTheWebAppsOne(t *testing.T) {
	b, err := os.ReadFile("../../web/src/app/session/SessionProvider.tsx")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`INACTIVITY_TIMEOUT_MS = ([0-9_]+);`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no se encontró INACTIVITY_TIMEOUT_MS")
	}
	ms, err := strconv.ParseInt(strings.ReplaceAll(string(m[1]), "_", ""), 10, 64)
	if err != nil || time.Duration(ms)*time.Millisecond != domain.InactividadMaxima {
		t.Fatalf("la web cierra a los %s ms, el servidor a los %s", m[1], domain.InactividadMaxima)
	}
}
