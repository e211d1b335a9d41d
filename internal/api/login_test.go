package api

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// from makes a request come from a client address.
func from(ip string) func(*http.Request) {
	return func(r *http.Request) { r.RemoteAddr = ip + ":40000" }
}

func TestAStrangerCannotLockTheAdminOutButIsLockedHimself(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for i := 0; i < 5; i++ {
			e.request("POST", "/api/auth/login", "", loginBody("admin", "adivinanza"), from("127.0.0.2")).
				expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		}
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), from("127.0.0.2")).
			expect(t, http.StatusTooManyRequests, "Demasiados intentos fallidos. Intenta nuevamente en 15 minuto(s).")
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), from("127.0.0.3")).
			expect(t, http.StatusOK, "Inicio de sesión exitoso")
		// the admin's success does not clear the stranger's failures
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), from("127.0.0.2")).
			expect(t, http.StatusTooManyRequests, "")
	})
}

func TestFailuresCountWithinAWindowAndOldOnesArePruned(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for i := 0; i < 4; i++ {
			e.do("POST", "/api/auth/login", "", loginBody("supervisor", "mal")).expect(t, http.StatusUnauthorized, "")
			e.now = e.now.Add(5 * time.Minute)
		}
		// 20 minutes later the first failure has left the 15-minute window
		e.do("POST", "/api/auth/login", "", loginBody("supervisor", "mal")).expect(t, http.StatusUnauthorized, "")
		e.login("supervisor")
		if got := e.count(`SELECT COUNT(*) FROM intentos_login`); got != 0 {
			t.Fatalf("quedaron %d intentos tras un login exitoso", got)
		}
		e.do("POST", "/api/auth/login", "", loginBody("nadie", "mal")).expect(t, http.StatusUnauthorized, "")
		e.now = e.now.Add(16 * time.Minute)
		e.do("POST", "/api/auth/login", "", loginBody("otro", "mal")).expect(t, http.StatusUnauthorized, "")
		if got := e.count(`SELECT COUNT(*) FROM intentos_login WHERE nombre_usuario = 'nadie'`); got != 0 {
			t.Fatalf("un intento vencido no se podó (%d)", got)
		}
	})
}

func TestOversizedCredentialsAre400BeforeTouchingTheDatabase(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		huge := strings.Repeat("a", 1<<20-100)
		e.do("POST", "/api/auth/login", "", loginBody(huge, "x")).
			expect(t, http.StatusBadRequest, "El campo nombre_usuario no debe exceder 50 caracteres")
		e.do("POST", "/api/auth/login", "", loginBody(strings.Repeat("ñ", 51), "x")).
			expect(t, http.StatusBadRequest, "El campo nombre_usuario no debe exceder 50 caracteres")
		e.do("POST", "/api/auth/login", "", loginBody("admin", strings.Repeat("x", 73))).
			expect(t, http.StatusBadRequest, "El campo password no debe exceder 72 caracteres")
		// 72 characters of two bytes each pass the decoder, and bcrypt's bound still holds
		e.do("POST", "/api/auth/login", "", loginBody("admin", strings.Repeat("ñ", 72))).
			expect(t, http.StatusBadRequest, "La contraseña no debe exceder 72 bytes")
		// 72 bytes are accepted (and are simply wrong here)
		e.do("POST", "/api/auth/login", "", loginBody("admin", strings.Repeat("x", 72))).
			expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		if got := e.count(`SELECT COUNT(*) FROM intentos_login`); got != 1 {
			t.Fatalf("intentos guardados = %d, esperaba 1", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN'`); got != 1 {
			t.Fatalf("auditorías de login = %d, esperaba 1", got)
		}
	})
}

func TestTheAuditKeepsABoundedQuotedFormOfAWrongName(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		name := strings.Repeat("z", 49) + "\""
		e.do("POST", "/api/auth/login", "", loginBody(name, "x")).expect(t, http.StatusUnauthorized, "")
		var detalles string
		if err := e.st.DB().QueryRow(`SELECT detalles FROM auditoria WHERE accion = 'LOGIN'`).Scan(&detalles); err != nil {
			t.Fatal(err)
		}
		want := `Intento fallido para el usuario "` + strings.Repeat("z", 49) + `\""`
		if detalles != want {
			t.Fatalf("auditoría %q, esperaba %q", detalles, want)
		}
	})
}

func TestPasswordsAreNotTrimmed(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		admin, _, _ := e.st.UsuarioPorNombre(ctx, "admin")
		hash, err := e.svc.Hasher.Hash(" con espacios ")
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: admin.EmpresaID, Rol: domain.RolVendedor,
			NombreUsuario: "espacioso", Nombre: "E", PasswordHash: hash, Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		e.do("POST", "/api/auth/login", "", loginBody("espacioso", "con espacios")).
			expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		e.do("POST", "/api/auth/login", "", loginBody("  espacioso ", " con espacios ")).
			expect(t, http.StatusOK, "Inicio de sesión exitoso")
	})
}
