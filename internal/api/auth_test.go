package api

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/domain"
)

func loginBody(usuario, password string) map[string]string {
	return map[string]string{"nombre_usuario": usuario, "password": password}
}

func TestLoginSuccessReturnsTokenAndSessionUserAndAudits(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("POST", "/api/auth/login", "", loginBody("  admin2 ", demo.Password))
		r.expect(t, http.StatusOK, "")
		var d struct {
			Token   string
			Usuario Usuario
		}
		r.decode(t, &d)
		u := d.Usuario
		if d.Token == "" || u.NombreUsuario != "admin2" || u.Rol != "admin" || u.RolInfo.Nombre != "admin" ||
			u.Empresa.Nombre != "Interisleña Demo" || u.Nombre != "Carolina" {
			t.Fatalf("usuario inesperado: %+v", d)
		}
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN' AND exito = ? AND usuario_id = ?
			AND empresa_id = ? AND ip_address <> ''`, true, u.ID, u.Empresa.ID); got != 1 {
			t.Fatalf("auditoría LOGIN exitosa = %d, esperaba 1", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM usuarios WHERE id = ? AND ultimo_login IS NOT NULL`, u.ID); got != 1 {
			t.Fatal("ultimo_login no quedó registrado")
		}
		me := e.do("GET", "/api/auth/me", d.Token, nil)
		me.expect(t, http.StatusOK, "")
		var back Usuario
		me.decode(t, &back)
		if back.ID != u.ID || back.Empresa.ID != u.Empresa.ID {
			t.Fatalf("/auth/me = %+v", back)
		}
	})
}

func TestTokenCarriesTheSpecPayload(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		parts := strings.Split(e.login("vendedor"), ".")
		raw, err := base64.RawURLEncoding.DecodeString(parts[1])
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"userId", "nombreUsuario", "rolInfo", "rol", "exp"} {
			if _, ok := p[k]; !ok {
				t.Errorf("falta %s en el token: %v", k, p)
			}
		}
		if p["rol"] != "vendedor" || p["nombreUsuario"] != "vendedor" {
			t.Fatalf("payload: %v", p)
		}
	})
}

func TestLoginFailuresAnswerTheSame401AndChangeNothingButTheAudit(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		u, _, _ := e.st.UsuarioPorNombre(context.Background(), "vendedor2")
		if err := e.st.SetUsuarioActivo(context.Background(), u.EmpresaID, u.ID, false); err != nil {
			t.Fatal(err)
		}
		cases := map[string]map[string]string{
			"contraseña incorrecta": loginBody("admin", "otra-cosa"),
			"usuario inexistente":   loginBody("nadie", demo.Password),
			"usuario inactivo":      loginBody("vendedor2", demo.Password),
		}
		for name, body := range cases {
			r := e.do("POST", "/api/auth/login", "", body)
			if r.Status != http.StatusUnauthorized || r.Message != domain.MsgCredencialesInvalidas || r.Success ||
				string(r.Data) != "" {
				t.Errorf("%s: %d %q %s", name, r.Status, r.Message, r.Data)
			}
		}
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN' AND exito = ?`, false); got != 3 {
			t.Fatalf("intentos fallidos auditados = %d, esperaba 3", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM usuarios WHERE ultimo_login IS NOT NULL`); got != 0 {
			t.Fatalf("un login fallido registró ultimo_login (%d)", got)
		}
	})
}

func TestLoginEmptyFieldsAnswer400WithTheSpecMessages(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.do("POST", "/api/auth/login", "", loginBody("   ", "x")).expect(t, http.StatusBadRequest, "Por favor ingrese su usuario")
		e.do("POST", "/api/auth/login", "", loginBody("admin", "  ")).expect(t, http.StatusBadRequest, "Por favor ingrese su contraseña")
		e.do("POST", "/api/auth/login", "", loginBody("", "")).expect(t, http.StatusBadRequest, "Por favor ingrese su usuario")
		e.do("POST", "/api/auth/login", "", nil).expect(t, http.StatusBadRequest, "El campo nombre_usuario es obligatorio")
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN'`); got != 0 {
			t.Fatalf("una validación fallida escribió %d filas de auditoría", got)
		}
	})
}

func TestLoginLocksTheUserAfterFiveFailuresAndUnlocksLater(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for i := 0; i < 5; i++ {
			e.do("POST", "/api/auth/login", "", loginBody("supervisor", "mal")).expect(t, http.StatusUnauthorized, "Credenciales inválidas")
		}
		r := e.do("POST", "/api/auth/login", "", loginBody("supervisor", demo.Password))
		r.expect(t, http.StatusTooManyRequests, "Demasiados intentos fallidos. Intenta nuevamente en 15 minutos.")
		e.login("admin") // other users are not affected

		e.now = e.now.Add(16 * time.Minute)
		e.login("supervisor")
		// a success clears the counter: four new failures do not lock
		for i := 0; i < 4; i++ {
			e.do("POST", "/api/auth/login", "", loginBody("supervisor", "mal")).expect(t, http.StatusUnauthorized, "")
		}
		e.login("supervisor")
	})
}

func TestLoginLockLimitIsASystemSetting(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		if err := e.st.SetSetting(context.Background(), "intentos_login_max", "2"); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			e.do("POST", "/api/auth/login", "", loginBody("lancha", "mal")).expect(t, http.StatusUnauthorized, "")
		}
		e.do("POST", "/api/auth/login", "", loginBody("lancha", demo.Password)).expect(t, http.StatusTooManyRequests, "")
	})
}

func TestLogoutRevokesTheTokenOnTheServer(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.login("vendedor")
		other := e.login("vendedor")
		e.do("POST", "/api/auth/logout", tok, nil).expect(t, http.StatusOK, "")
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.do("GET", "/api/auth/me", other, nil).expect(t, http.StatusOK, "")
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGOUT' AND exito = ?`, true); got != 1 {
			t.Fatalf("auditoría LOGOUT = %d", got)
		}
		e.do("POST", "/api/auth/logout", "", nil).expect(t, http.StatusUnauthorized, "")
	})
}

func TestExpiredTokenIsRefused(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.login("admin")
		e.now = e.now.Add(8*time.Hour + time.Second)
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgSesionExpirada)
	})
}

func TestTamperedOrForeignTokensAreRefused(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.login("vendedor")
		parts := strings.Split(tok, ".")
		raw, _ := base64.RawURLEncoding.DecodeString(parts[1])
		forged := strings.Replace(string(raw), `"rol":"vendedor"`, `"rol":"super_admin"`, 1)
		if forged == string(raw) {
			t.Fatal("no se pudo alterar el payload")
		}
		parts[1] = base64.RawURLEncoding.EncodeToString([]byte(forged))
		for name, bad := range map[string]string{
			"payload alterado": strings.Join(parts, "."),
			"sin firma":        parts[0] + "." + parts[1] + ".",
			"basura":           "no-es-un-token",
		} {
			r := e.do("GET", "/api/auth/me", bad, nil)
			if r.Status != http.StatusUnauthorized || r.Message != domain.MsgNoAutenticado {
				t.Errorf("%s: %d %q", name, r.Status, r.Message)
			}
		}
	})
}

func TestAnInactiveUserLosesTheSessionAtOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.login("lancha")
		u, _, _ := e.st.UsuarioPorNombre(context.Background(), "lancha")
		if err := e.st.SetUsuarioActivo(context.Background(), u.EmpresaID, u.ID, false); err != nil {
			t.Fatal(err)
		}
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, "")
	})
}

func TestSigningSecretIsGeneratedOncePerInstallation(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		secret, ok, err := e.st.Setting(ctx, auth.SettingJWTSecret)
		if err != nil || !ok || len(secret) < 64 {
			t.Fatalf("secreto: %q %v %v", secret, ok, err)
		}
		tok := e.login("admin")
		// a second instance over the same database keeps the secret and accepts the token
		svc2, err := auth.NewService(ctx, e.st, time.Hour, 4)
		if err != nil {
			t.Fatal(err)
		}
		if again, _, _ := e.st.Setting(ctx, auth.SettingJWTSecret); again != secret {
			t.Fatalf("el secreto cambió: %q", again)
		}
		e.srv.Auth = svc2
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusOK, "")
	})
}
