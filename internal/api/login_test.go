package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"muelle/internal/auth"
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
			expect(t, http.StatusTooManyRequests, "Demasiados intentos fallidos. Intenta nuevamente en 15 minutos.")
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

// rafaga sends n logins at once from ip through one handler and answers
// their statuses and messages.
func (e *env) rafaga(n int, body map[string]string, ip string) []response {
	h := e.srv.Handler()
	out := make(chan response, n)
	for range n {
		go func() {
			b, _ := json.Marshal(body)
			req := httptest.NewRequest("POST", "/api/auth/login", bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			from(ip)(req)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			r := response{Status: rec.Code, Header: rec.Header()}
			_ = json.Unmarshal(rec.Body.Bytes(), &r)
			out <- r
		}()
	}
	rs := make([]response, n)
	for i := range rs {
		rs[i] = <-out
	}
	return rs
}

// porMensaje counts the answers by status and message.
func porMensaje(rs []response) map[string]int {
	out := map[string]int{}
	for _, r := range rs {
		out[fmt.Sprintf("%d %s", r.Status, r.Message)]++
	}
	return out
}

// A burst of 60 parallel guesses gets at most the configured 5 passwords
// checked (each attempt is counted before bcrypt, by one conditional upsert);
// the right password, even in a burst of its own, is refused after it.
func TestAParallelBurstGetsAtMostTheLimitChecked(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.svc.Limite = auth.NuevoLimiteDirecciones(1000) // the per-address limit is not what this tests
		got := porMensaje(e.rafaga(60, loginBody("supervisor", "adivinanza"), "127.0.0.2"))
		bloqueado := "429 Demasiados intentos fallidos. Intenta nuevamente en 15 minutos."
		if want := map[string]int{"401 " + domain.MsgCredencialesInvalidas: 5, bloqueado: 55}; !maps.Equal(got, want) {
			t.Fatalf("respuestas %v, esperaba %v", got, want)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN' AND exito = ?`, false); n != 5 {
			t.Fatalf("contraseñas comprobadas y auditadas: %d, esperaba 5", n)
		}
		if n := e.count(`SELECT intentos FROM intentos_login WHERE nombre_usuario = 'supervisor'`); n != 5 {
			t.Fatalf("intentos contados: %d", n)
		}
		rs := e.rafaga(10, loginBody("supervisor", demo.Password), "127.0.0.2")
		if got := porMensaje(rs); !maps.Equal(got, map[string]int{bloqueado: 10}) {
			t.Fatalf("la contraseña correcta tras el límite: %v", got)
		}
		if ra := rs[0].Header.Get("Retry-After"); ra != "900" {
			t.Fatalf("Retry-After %q, esperaba 900", ra)
		}
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE ultimo_login IS NOT NULL`); n != 0 {
			t.Fatalf("entró un login bloqueado (%d)", n)
		}
	})
}

// An address that tries more logins than the per-address limit (20 a
// minute) is refused with 429 and Retry-After before anything else runs: no
// attempt is counted, no password checked, nothing audited; other addresses
// are not affected and a token comes back every 3 seconds.
func TestThePerAddressLimitAnswers429BeforeCheckingAnyPassword(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for i := range auth.LoginsPorMinutoDefault {
			e.request("POST", "/api/auth/login", "", loginBody(fmt.Sprintf("azar%02d", i), "x"), from("127.0.0.4")).
				expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		}
		auditadas := e.count(`SELECT COUNT(*) FROM auditoria`)
		for _, body := range []map[string]string{loginBody("azar99", "x"), loginBody("admin", demo.Password)} {
			r := e.request("POST", "/api/auth/login", "", body, from("127.0.0.4"))
			r.expect(t, http.StatusTooManyRequests, auth.MsgLimiteDireccion)
			if ra := r.Header.Get("Retry-After"); ra != "3" {
				t.Fatalf("Retry-After %q, esperaba 3", ra)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM intentos_login WHERE nombre_usuario IN ('azar99', 'admin')`); n != 0 {
			t.Fatalf("se contaron %d intentos rechazados por la dirección", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria`); n != auditadas {
			t.Fatalf("los intentos rechazados por la dirección escribieron %d filas de auditoría", n-auditadas)
		}
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), from("127.0.0.5")).
			expect(t, http.StatusOK, "Inicio de sesión exitoso")
		e.now = e.now.Add(3 * time.Second)
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), from("127.0.0.4")).
			expect(t, http.StatusOK, "Inicio de sesión exitoso")
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), from("127.0.0.4")).
			expect(t, http.StatusTooManyRequests, auth.MsgLimiteDireccion)
	})
}

// 500 failed logins with random names from one address add a bounded number
// of rows to the append-only audit: the first 10 one by one, then one saying
// the rest are counted, and the hour's total once the hour is over.
func TestFailedLoginsAddABoundedNumberOfAuditRows(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.svc.Limite = nil
		for i := range 500 {
			e.request("POST", "/api/auth/login", "", loginBody(fmt.Sprintf("nadie%03d", i), "x"), from("127.0.0.6")).
				expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		}
		e.request("POST", "/api/auth/login", "", loginBody("otro", "x"), from("127.0.0.7")).
			expect(t, http.StatusUnauthorized, "")
		auditadas := func(ip string) []string {
			rows, err := e.st.AuditoriaPorAccion(context.Background(), store.AccionLogin)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, f := range rows {
				if f.IP == ip {
					out = append(out, f.Detalles)
				}
			}
			return out
		}
		d := auditadas("127.0.0.6")
		if len(d) != store.MaxAuditoriasLoginFallido+1 || !strings.HasPrefix(d[0], "Más de 10 intentos fallidos") {
			t.Fatalf("%d filas de auditoría para 500 intentos: %q", len(d), d[:min(len(d), 2)])
		}
		if n := len(auditadas("127.0.0.7")); n != 1 {
			t.Fatalf("otra dirección: %d filas", n)
		}
		e.now = e.now.Add(time.Hour)
		e.request("POST", "/api/auth/login", "", loginBody("nadie500", "x"), from("127.0.0.6")).
			expect(t, http.StatusUnauthorized, "")
		d = auditadas("127.0.0.6")
		want := "500 intentos fallidos desde esta dirección entre las 20/11/2026 13:00 y las 14:00 (UTC); 490 sin registrar uno por uno"
		if len(d) != store.MaxAuditoriasLoginFallido+3 || d[1] != want {
			t.Fatalf("tras la hora: %d filas, %q", len(d), d[:2])
		}
		if n := e.count(`SELECT COUNT(*) FROM login_fallidos`); n != 1 {
			t.Fatalf("quedaron %d cuentas por dirección", n)
		}
	})
}
