package api

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

type sesionClienteJSON struct {
	Token   string
	Cliente struct {
		ID        int64
		Nombre    string
		Documento string
		EmpresaID int64 `json:"empresa_id"`
	}
}

type panelClienteJSON struct {
	Cliente struct{ Nombre, Documento string }
	Viajes  int64
	Puntos  *struct {
		Saldo     int64
		Nivel     string
		Progreso  int
		Siguiente string
	}
	Beneficios []struct{ ID int64 }
	Pasajes    []struct {
		NumeroPasaje string `json:"numero_pasaje"`
		Estado       string
		QRCode       string `json:"qr_code"`
	}
}

// portal posts to a /api/cliente-auth/ call from the address ip.
func (e *env) portal(ruta, ip string, body map[string]any) response {
	e.t.Helper()
	return e.request("POST", "/api/cliente-auth/"+ruta, "", body, from(ip))
}

// correoActivo saves an active SMTP configuration for the company (nothing is sent by these tests).
func (e *env) correoActivo(empresaID int64) {
	e.t.Helper()
	err := e.st.GuardarConfiguracionEmail(context.Background(), store.Actor{EmpresaID: empresaID, UsuarioID: e.userID("admin")},
		store.ConfigEmail{Activo: true, Host: "smtp.example.com", Puerto: 587, Usuario: "muelle", Password: "secreta",
			EmailRemitente: "pasajes@example.com", NombreRemitente: "Muelle", Plantilla: ""})
	if err != nil {
		e.t.Fatal(err)
	}
}

var codigoEnTexto = regexp.MustCompile(`\b(\d{6})\b`)

// codigoEnviado is the one-time code the outbox carries to destino (the newest).
func (e *env) codigoEnviado(destino string) string {
	e.t.Helper()
	texto := e.textoEncolado(store.TipoCodigoCliente, destino)
	m := codigoEnTexto.FindStringSubmatch(texto)
	if m == nil {
		e.t.Fatalf("sin código en %q", texto)
	}
	return m[1]
}

// textoEncolado is the text of the newest outbox message of that type to destino.
func (e *env) textoEncolado(tipo, destino string) string {
	e.t.Helper()
	var texto string
	err := e.st.DB().QueryRowContext(context.Background(), e.st.Rebind(`SELECT t.texto FROM mensajes m
		JOIN mensaje_textos t ON t.mensaje_id = m.id WHERE m.tipo = ? AND m.destino = ? ORDER BY m.id DESC LIMIT 1`),
		tipo, destino).Scan(&texto)
	if err != nil {
		e.t.Fatal(err)
	}
	return texto
}

func (e *env) panel(token string) panelClienteJSON {
	e.t.Helper()
	r := e.do("GET", "/api/cliente-auth/dashboard", token, nil)
	r.expect(e.t, http.StatusOK, "")
	var p panelClienteJSON
	r.decode(e.t, &p)
	return p
}

// TestPortalSetupByEmailCodeLoginAndDashboard: the whole first visit. The
// document check tells nothing; the setup needs a proof, refuses a wrong
// code and a used one; the login refuses a wrong password; the dashboard
// shows the ticket sold at the counter with its QR and the points it
// earned; the customer token opens no staff call, a staff token no portal
// call; a logout ends the session.
func TestPortalSetupByEmailCodeLoginAndDashboard(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.correoActivo(1)
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		vendidos := e.venderA("30111222", 1, "")
		e.do("PUT", fmt.Sprintf("/api/config/clientes/%d", *vendidos[0].ClienteID), e.token("admin"), map[string]any{
			"nombre": "Ana", "apellido": "Paz", "documento": "30111222", "email": "ana@example.com"}).expect(t, http.StatusOK, "")
		ip := "203.0.113.10"

		conocido := e.portal("verificar", ip, map[string]any{"documento": "30111222"})
		desconocido := e.portal("verificar", ip, map[string]any{"documento": "99888777"})
		conocido.expect(t, http.StatusOK, "")
		desconocido.expect(t, http.StatusOK, "")
		if string(conocido.Data) != `{"documento":"30111222"}` || string(desconocido.Data) != `{"documento":"99888777"}` {
			t.Fatalf("verificar: %s / %s", conocido.Data, desconocido.Data)
		}
		// the code request answers the same for a known and an unknown document
		e.portal("codigo", ip, map[string]any{"documento": "99888777"}).expect(t, http.StatusOK, domain.MsgClienteCodigoEnviado)
		e.portal("codigo", ip, map[string]any{"documento": "30111222"}).expect(t, http.StatusOK, domain.MsgClienteCodigoEnviado)
		if n := e.count(`SELECT COUNT(*) FROM mensajes WHERE tipo = ? AND canal = 'email'`, store.TipoCodigoCliente); n != 1 {
			t.Fatalf("%d mensajes de código", n)
		}
		codigo := e.codigoEnviado("ana@example.com")
		if n := e.count(`SELECT COUNT(*) FROM clientes_codigos WHERE codigo_hash = ?`, codigo); n != 0 {
			t.Fatal("el código se guardó sin hash")
		}

		e.portal("setup-password", ip, map[string]any{"documento": "30111222", "password": "secreto1"}).
			expect(t, http.StatusBadRequest, domain.MsgClienteSinPrueba)
		otro := "000000"
		if codigo == otro {
			otro = "111111"
		}
		e.portal("setup-password", ip, map[string]any{"documento": "30111222", "password": "secreto1", "codigo": otro}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		e.portal("setup-password", ip, map[string]any{"documento": "30111222", "password": "corto", "codigo": codigo}).
			expect(t, http.StatusBadRequest, domain.MsgClientePasswordCorta)
		if n := e.count(`SELECT COUNT(*) FROM clientes_portal`); n != 0 {
			t.Fatalf("%d contraseñas guardadas tras los rechazos", n)
		}
		r := e.portal("setup-password", ip, map[string]any{"documento": "30111222", "password": "secreto1", "codigo": codigo})
		r.expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
		e.portal("setup-password", ip, map[string]any{"documento": "30111222", "password": "otraclave", "codigo": codigo}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		// with a password, the same answer (issue 36 item 11)
		if r := e.portal("verificar", ip, map[string]any{"documento": " 30111222 "}); string(r.Data) != `{"documento":"30111222"}` {
			t.Fatalf("verificar con contraseña: %s", r.Data)
		}

		e.portal("login", ip, map[string]any{"documento": "30111222", "password": "secreto2"}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteCredenciales)
		e.portal("login", ip, map[string]any{"documento": "99888777", "password": "secreto1"}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteCredenciales)
		r = e.portal("login", ip, map[string]any{"documento": "30111222", "password": "secreto1"})
		r.expect(t, http.StatusOK, domain.MsgClienteBienvenido)
		var ses sesionClienteJSON
		r.decode(t, &ses)
		if ses.Cliente.Nombre != "Ana" || ses.Cliente.EmpresaID != 1 {
			t.Fatalf("sesión: %+v", ses.Cliente)
		}

		p := e.panel(ses.Token)
		if p.Viajes != 1 || len(p.Pasajes) != 1 || p.Pasajes[0].Estado != "activo" ||
			len(p.Pasajes[0].QRCode) < 100 || p.Puntos == nil || p.Puntos.Saldo != e.precioGeneral() ||
			p.Puntos.Nivel != domain.NivelDe(p.Puntos.Saldo).Nombre || p.Puntos.Siguiente != domain.NivelDe(p.Puntos.Saldo).Siguiente {
			t.Fatalf("panel: viajes %d pasajes %d puntos %+v", p.Viajes, len(p.Pasajes), p.Puntos)
		}

		e.do("GET", "/api/auth/me", ses.Token, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.do("GET", "/api/config/clientes", ses.Token, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.do("GET", "/api/cliente-auth/dashboard", e.token("superadmin"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", "/api/cliente-auth/logout", e.token("admin"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)

		e.do("POST", "/api/cliente-auth/logout", ses.Token, nil).expect(t, http.StatusOK, domain.MsgClienteSesionCerrada)
		e.do("GET", "/api/cliente-auth/dashboard", ses.Token, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
	})
}

// TestPortalCodeExpiresAfter15Minutes: a code past its 15 minutes is refused
// like a wrong one.
func TestPortalCodeExpiresAfter15Minutes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.correoActivo(1)
		e.nuevoCliente("Bruno", "Sosa", "30222333", "", "bruno@example.com")
		ip := "203.0.113.11"
		e.portal("codigo", ip, map[string]any{"documento": "30222333"}).expect(t, http.StatusOK, domain.MsgClienteCodigoEnviado)
		codigo := e.codigoEnviado("bruno@example.com")
		e.now = e.now.Add(domain.ValidezCodigoCliente + time.Second)
		e.portal("setup-password", ip, map[string]any{"documento": "30222333", "password": "secreto1", "codigo": codigo}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		if n := e.count(`SELECT COUNT(*) FROM clientes_portal`); n != 0 {
			t.Fatal("un código vencido creó la contraseña")
		}
	})
}

type codigoPortalJSON struct {
	Codigo  string
	VenceEn time.Time `json:"vence_en"`
}

// codigoPortal is a one-time portal code staff (usuario) hands over for the customer id.
func (e *env) codigoPortal(usuario string, clienteID int64) codigoPortalJSON {
	e.t.Helper()
	r := e.do("POST", fmt.Sprintf("/api/config/clientes/%d/codigo-portal", clienteID), e.token(usuario), nil)
	r.expect(e.t, http.StatusOK, domain.MsgCodigoPortalEmitido)
	var c codigoPortalJSON
	r.decode(e.t, &c)
	return c
}

// numeroDePasaje is a ticket's number.
func (e *env) numeroDePasaje(id int64) string {
	e.t.Helper()
	var n string
	if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT numero_pasaje FROM pasajes WHERE id = ?`), id).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// TestPortalStrangerWithATicketGetsNoPortal (issue 36 item 1): a stranger
// who buys a ticket under a walk-in customer's document cannot use its
// number as a proof: the field is gone (400, nothing stored).
func TestPortalStrangerWithATicketGetsNoPortal(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.correoActivo(1)
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		b := e.lote(map[string]int{"General": 1}, "Efectivo")
		b["cliente_nombre"], b["cliente_documento"], b["cliente_email"] = "Extraño", "30333444", "extrano@example.com"
		r := e.sell(e.token("vendedor"), b, "")
		r.expect(t, http.StatusCreated, "")
		var d struct{ Pasajes []pasajeClienteJSON }
		r.decode(t, &d)
		vendidos := d.Pasajes
		ip := "203.0.113.12"
		e.portal("setup-password", ip, map[string]any{"documento": "30333444", "password": "secreto1",
			"numero_pasaje": e.numeroDePasaje(vendidos[0].ID)}).expect(t, http.StatusBadRequest, "")
		if n := e.count(`SELECT COUNT(*) FROM clientes_portal`); n != 0 {
			t.Fatal("el extraño obtuvo el portal")
		}
	})
}

// TestPortalCodeHandedOverByStaff (issue 36 item 1): staff issue a one-time
// code for a customer without e-mail or phone (200, the code and its expiry,
// only its hash stored, audited); it works once; a newer one spends the
// older; another company's customer is 404, a seller 403, an inactive
// customer 409; past 15 minutes it is refused.
func TestPortalCodeHandedOverByStaff(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.nuevoCliente("Carla", "Ríos", "30555777", "", "")
		ruta := fmt.Sprintf("/api/config/clientes/%d/codigo-portal", id)
		e.do("POST", ruta, e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", ruta, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM clientes_codigos`); n != 0 {
			t.Fatalf("%d códigos tras los rechazos", n)
		}

		viejo := e.codigoPortal("supervisor", id)
		c := e.codigoPortal("admin", id)
		if len(c.Codigo) != 6 || !c.VenceEn.Equal(e.now.Add(domain.ValidezCodigoCliente)) {
			t.Fatalf("código %+v", c)
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes_codigos WHERE codigo_hash = ?`, c.Codigo); n != 0 {
			t.Fatal("el código se guardó sin hash")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ?`,
			store.AccionCodigoPortalCliente, e.userID("admin")); n != 1 {
			t.Fatalf("%d auditorías del código", n)
		}
		ip := "203.0.113.20"
		if viejo.Codigo != c.Codigo {
			e.portal("setup-password", ip, map[string]any{"documento": "30555777", "password": "secreto1", "codigo": viejo.Codigo}).
				expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		}
		e.portal("setup-password", ip, map[string]any{"documento": "30555777", "password": "secreto1", "codigo": c.Codigo}).
			expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
		e.portal("setup-password", ip, map[string]any{"documento": "30555777", "password": "secreto2", "codigo": c.Codigo}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		e.portal("login", ip, map[string]any{"documento": "30555777", "password": "secreto1"}).
			expect(t, http.StatusOK, domain.MsgClienteBienvenido)

		vencido := e.codigoPortal("admin", id)
		e.now = e.now.Add(domain.ValidezCodigoCliente + time.Second)
		e.portal("setup-password", ip, map[string]any{"documento": "30555777", "password": "secreto3", "codigo": vencido.Codigo}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		e.portal("login", ip, map[string]any{"documento": "30555777", "password": "secreto1"}).
			expect(t, http.StatusOK, domain.MsgClienteBienvenido)

		e.do("PUT", fmt.Sprintf("/api/config/clientes/%d", id), e.token("admin"), map[string]any{
			"nombre": "Carla", "documento": "30555777", "activo": false}).expect(t, http.StatusOK, "")
		e.do("POST", ruta, e.token("admin"), nil).expect(t, http.StatusConflict, domain.MsgClienteInactivoPortal)
	})
}

// TestPortalLocksADocumentAndAnAddress (issue 36 item 11): a stranger's
// wrong passwords for a document lock that document from the stranger's
// address only (the right password too, there); the owner logs in from
// another address, after a delay that grows with the failures from anywhere
// and a success clears; many checks from one address lock the address, for
// any document.
func TestPortalLocksADocumentAndAnAddress(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		var esperas []time.Duration
		e.svc.Esperar = func(_ context.Context, d time.Duration) error {
			esperas = append(esperas, d)
			return nil
		}
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		p := e.venderA("30555666", 1, "")[0]
		e.portal("setup-password", "198.51.100.1", map[string]any{"documento": "30555666", "password": "secreto1",
			"codigo": e.codigoPortal("admin", *p.ClienteID).Codigo}).expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
		extraño := "198.51.100.66"
		for range 5 {
			e.portal("login", extraño, map[string]any{"documento": "30555666", "password": "malclave"}).
				expect(t, http.StatusUnauthorized, domain.MsgClienteCredenciales)
		}
		bloqueado := fmt.Sprintf(domain.MsgClienteBloqueado, "15 minutos")
		r := e.portal("login", extraño, map[string]any{"documento": "30555666", "password": "secreto1"})
		r.expect(t, http.StatusTooManyRequests, bloqueado)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("sin Retry-After")
		}
		if len(esperas) != 0 {
			t.Fatalf("esperas dentro del límite: %v", esperas)
		}
		// more failures of the document from other addresses: each waits longer
		for i := range 3 {
			e.portal("login", fmt.Sprintf("198.51.100.%d", 10+i), map[string]any{"documento": "30555666", "password": "malclave"}).
				expect(t, http.StatusUnauthorized, domain.MsgClienteCredenciales)
		}
		if len(esperas) != 3 || esperas[0] != time.Second || esperas[1] != 2*time.Second || esperas[2] != 4*time.Second {
			t.Fatalf("esperas progresivas: %v", esperas)
		}
		e.portal("login", "198.51.100.99", map[string]any{"documento": "30555666", "password": "secreto1"}).
			expect(t, http.StatusOK, domain.MsgClienteBienvenido)
		if len(esperas) != 4 || esperas[3] != domain.MaxEsperaDocumentoCliente {
			t.Fatalf("el dueño esperó %v", esperas)
		}
		if n := e.count(`SELECT COUNT(*) FROM intentos_login WHERE nombre_usuario = ? AND ip_address IN (?, ?)`,
			store.ClaveIntentoCliente(1, "30555666"), "198.51.100.99", store.IPCualquiera); n != 0 {
			t.Fatalf("el ingreso dejó %d cuentas de intentos", n)
		}
		e.portal("login", "198.51.100.98", map[string]any{"documento": "30555666", "password": "secreto1"}).
			expect(t, http.StatusOK, domain.MsgClienteBienvenido)
		if len(esperas) != 4 {
			t.Fatalf("tras un ingreso, otra espera: %v", esperas)
		}
		e.portal("login", extraño, map[string]any{"documento": "30555666", "password": "secreto1"}).
			expect(t, http.StatusTooManyRequests, bloqueado)
		e.now = e.now.Add(16 * time.Minute)
		e.portal("login", extraño, map[string]any{"documento": "30555666", "password": "secreto1"}).
			expect(t, http.StatusOK, domain.MsgClienteBienvenido)

		for i := range domain.MaxIntentosClienteDireccion {
			e.portal("verificar", "198.51.100.200", map[string]any{"documento": fmt.Sprint(40000000 + i)}).
				expect(t, http.StatusOK, "")
		}
		e.portal("verificar", "198.51.100.200", map[string]any{"documento": "30555666"}).
			expect(t, http.StatusTooManyRequests, bloqueado)
		e.portal("login", "198.51.100.200", map[string]any{"documento": "30555666", "password": "secreto1"}).
			expect(t, http.StatusTooManyRequests, bloqueado)
		e.portal("verificar", "198.51.100.201", map[string]any{"documento": "30555666"}).expect(t, http.StatusOK, "")
	})
}

// TestPortalCustomerOfCompany2SeesNoneOfCompany1: one document in two
// companies is two customers; each company's portal session shows only its
// own tickets, and the company comes from the call, never the document.
func TestPortalCustomerOfCompany2SeesNoneOfCompany1(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		e.venderA("30777888", 2, "")
		cl, err := e.st.CrearCliente(context.Background(), store.Actor{EmpresaID: 2},
			domain.Cliente{Nombre: "Otra", Documento: "30777888", Email: "otra@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		cp, found, err := e.st.ClientePorDocumento(context.Background(), 2, "30777888")
		if err != nil || !found || cp.ID != cl.ID {
			t.Fatalf("cliente de la empresa 2: %v %v", found, err)
		}
		_, err = e.st.EncolarCodigoCliente(context.Background(), cp, store.CodigoCliente{
			CodigoHash: e.svc.Tokens.HashCodigoCliente(cp.ID, "424242"), Canal: store.CanalEmail, Destino: cp.Email,
			Asunto: "Código", Texto: "424242"})
		if err != nil {
			t.Fatal(err)
		}
		ip := "203.0.113.13"
		// company 1's customer of that document has no such code
		e.portal("setup-password", ip, map[string]any{"documento": "30777888", "password": "secreto1", "codigo": "424242"}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		r := e.portal("setup-password", ip, map[string]any{"documento": "30777888", "password": "secreto1", "codigo": "424242",
			"empresa_id": 2})
		r.expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
		var ses sesionClienteJSON
		r.decode(t, &ses)
		p := e.panel(ses.Token)
		if ses.Cliente.EmpresaID != 2 || p.Viajes != 0 || len(p.Pasajes) != 0 || p.Cliente.Nombre != "Otra" {
			t.Fatalf("la empresa 2 ve: %+v", p)
		}
		e.portal("login", ip, map[string]any{"documento": "30777888", "password": "secreto1"}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteCredenciales)
		e.portal("verificar", ip, map[string]any{"documento": "30777888", "empresa_id": 999}).
			expect(t, http.StatusNotFound, domain.MsgEmpresaNoEncontrada)
	})
}

var tokensCliente sync.Map // *env → a customer token of company 1

// tokenCliente is a portal session of a customer of company 1 (made once per env).
func (e *env) tokenCliente() string {
	e.t.Helper()
	if v, ok := tokensCliente.Load(e); ok {
		return v.(string)
	}
	ctx := context.Background()
	if _, err := e.st.CrearCliente(ctx, store.Actor{EmpresaID: 1}, domain.Cliente{Nombre: "Portal", Documento: "88888888",
		Email: "portal@example.com"}); err != nil {
		e.t.Fatal(err)
	}
	cp, _, err := e.st.ClientePorDocumento(ctx, 1, "88888888")
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.st.EncolarCodigoCliente(ctx, cp, store.CodigoCliente{CodigoHash: e.svc.Tokens.HashCodigoCliente(cp.ID, "135790"),
		Canal: store.CanalEmail, Destino: cp.Email, Asunto: "Código", Texto: "135790"}); err != nil {
		e.t.Fatal(err)
	}
	r := e.portal("setup-password", "192.0.2.250", map[string]any{"documento": "88888888", "password": "secreto1", "codigo": "135790"})
	r.expect(e.t, http.StatusOK, domain.MsgClienteClaveCreada)
	var ses sesionClienteJSON
	r.decode(e.t, &ses)
	tokensCliente.Store(e, ses.Token)
	return ses.Token
}

// TestPortalSaleContactIsUnconfirmed (issue 36 item 1, route 2): the
// contact typed at the first sale under a document is kept unconfirmed and
// gets no code; a later sale with another contact changes nothing; staff
// saving the customer confirm it; then the code goes to it, and setting the
// password tells the customer there.
func TestPortalSaleContactIsUnconfirmed(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.correoActivo(1)
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		vender := func(email string) int64 {
			b := e.lote(map[string]int{"General": 1}, "Efectivo")
			b["cliente_nombre"], b["cliente_documento"], b["cliente_email"] = "Dora", "30666777", email
			r := e.sell(e.token("vendedor"), b, "")
			r.expect(t, http.StatusCreated, "")
			var d struct{ Pasajes []pasajeClienteJSON }
			r.decode(t, &d)
			return *d.Pasajes[0].ClienteID
		}
		id := vender("extrano@example.com")
		var cl struct {
			Email           string
			EmailConfirmado bool `json:"email_confirmado"`
		}
		leer := func() {
			r := e.do("GET", fmt.Sprintf("/api/config/clientes/%d", id), e.token("admin"), nil)
			r.expect(t, http.StatusOK, "")
			r.decode(t, &cl)
		}
		leer()
		if cl.Email != "extrano@example.com" || cl.EmailConfirmado {
			t.Fatalf("cliente de la venta: %+v", cl)
		}
		ip := "203.0.113.30"
		e.portal("codigo", ip, map[string]any{"documento": "30666777"}).expect(t, http.StatusOK, domain.MsgClienteCodigoEnviado)
		if n := e.count(`SELECT COUNT(*) FROM mensajes WHERE tipo = ?`, store.TipoCodigoCliente); n != 0 {
			t.Fatalf("%d códigos enviados al correo que tipeó el vendedor", n)
		}

		e.do("PUT", fmt.Sprintf("/api/config/clientes/%d", id), e.token("supervisor"), map[string]any{
			"nombre": "Dora", "documento": "30666777", "email": "dora@example.com"}).expect(t, http.StatusOK, "")
		if vender("otro@example.com") != id {
			t.Fatal("otra venta del documento hizo otro cliente")
		}
		leer()
		if cl.Email != "dora@example.com" || !cl.EmailConfirmado {
			t.Fatalf("tras editarlo el personal y otra venta: %+v", cl)
		}
		e.now = e.now.Add(domain.EsperaCodigoCliente)
		e.portal("codigo", ip, map[string]any{"documento": "30666777"}).expect(t, http.StatusOK, domain.MsgClienteCodigoEnviado)
		e.portal("setup-password", ip, map[string]any{"documento": "30666777", "password": "secreto1",
			"codigo": e.codigoEnviado("dora@example.com")}).expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
		if n := e.count(`SELECT COUNT(*) FROM mensajes m JOIN mensaje_textos t ON t.mensaje_id = m.id
			WHERE m.tipo = ? AND m.destino = ? AND t.asunto = ?`, store.TipoAvisoCliente, "dora@example.com",
			domain.MsgClienteAsuntoClave); n != 1 {
			t.Fatalf("%d avisos de contraseña creada", n)
		}
	})
}

// TestPortalResetByStaff (issue 36 item 1): staff reset a customer's portal
// access: the password is gone, its session ends, the login fails, audited;
// another company's customer is 404, a seller 403; a staff code then lets
// the customer in again.
func TestPortalResetByStaff(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		token := e.tokenCliente()
		cp, _, err := e.st.ClientePorDocumento(context.Background(), 1, "88888888")
		if err != nil {
			t.Fatal(err)
		}
		ruta := fmt.Sprintf("/api/config/clientes/%d/restablecer-portal", cp.ID)
		e.do("POST", ruta, e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", ruta, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		e.panel(token)

		e.do("POST", ruta, e.token("admin"), nil).expect(t, http.StatusOK, domain.MsgPortalRestablecido)
		if n := e.count(`SELECT COUNT(*) FROM clientes_portal WHERE cliente_id = ? AND password_hash = ''`, cp.ID); n != 1 {
			t.Fatal("la contraseña sigue guardada")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRestablecerPortalCliente); n != 1 {
			t.Fatalf("%d auditorías", n)
		}
		e.do("GET", "/api/cliente-auth/dashboard", token, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		ip := "203.0.113.31"
		e.portal("login", ip, map[string]any{"documento": "88888888", "password": "secreto1"}).
			expect(t, http.StatusUnauthorized, domain.MsgClienteCredenciales)
		e.portal("setup-password", ip, map[string]any{"documento": "88888888", "password": "nueva123",
			"codigo": e.codigoPortal("admin", cp.ID).Codigo}).expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
	})
}

// TestPortalCodesCappedPerDay (issue 36 item 13): a newer sent code spends
// the older; past 5 sent codes in 24 hours nothing more is sent (the same
// answer); staff's codes are capped on their own (429 in Spanish), so a
// stranger asking codes never blocks the counter's; a day later they flow
// again.
func TestPortalCodesCappedPerDay(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.correoActivo(1)
		id := e.nuevoCliente("Eva", "Luna", "30888999", "", "eva@example.com")
		ip := "203.0.113.40"
		pedir := func() {
			e.portal("codigo", ip, map[string]any{"documento": "30888999"}).expect(t, http.StatusOK, domain.MsgClienteCodigoEnviado)
			e.now = e.now.Add(domain.EsperaCodigoCliente)
		}
		pedir()
		primero := e.codigoEnviado("eva@example.com")
		for range domain.MaxCodigosClienteDia {
			pedir()
		}
		enviados := e.count(`SELECT COUNT(*) FROM mensajes WHERE tipo = ?`, store.TipoCodigoCliente)
		if enviados != domain.MaxCodigosClienteDia {
			t.Fatalf("%d códigos enviados en un día", enviados)
		}
		ultimo := e.codigoEnviado("eva@example.com")
		if primero != ultimo {
			e.portal("setup-password", ip, map[string]any{"documento": "30888999", "password": "secreto1", "codigo": primero}).
				expect(t, http.StatusUnauthorized, domain.MsgClienteVerificacion)
		}

		ruta := fmt.Sprintf("/api/config/clientes/%d/codigo-portal", id)
		for range domain.MaxCodigosClienteDia {
			e.codigoPortal("admin", id)
		}
		e.do("POST", ruta, e.token("admin"), nil).expect(t, http.StatusTooManyRequests, domain.MsgCodigosClienteDia)
		if n := e.count(`SELECT COUNT(*) FROM clientes_codigos WHERE cliente_id = ?`, id); n != 2*domain.MaxCodigosClienteDia {
			t.Fatalf("%d códigos guardados", n)
		}
		e.now = e.now.Add(24 * time.Hour)
		c := e.codigoPortal("admin", id)
		e.portal("setup-password", ip, map[string]any{"documento": "30888999", "password": "secreto1", "codigo": c.Codigo}).
			expect(t, http.StatusOK, domain.MsgClienteClaveCreada)
	})
}
