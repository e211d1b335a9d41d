package api

import (
	"bytes"
	"context"
	"fmt"
	htmlpkg "html"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/mensajeria/smtptest"
	"muelle/internal/store"
)

const passwordSMTP = "s3creta-smtp-Clave"

// correo is an environment with a real SMTP server, the e-mail channel wired
// into the API, the e-mail outbox's job and everything logged kept in log.
type correo struct {
	*env
	smtp   *smtptest.Servidor
	tareas *jobs.Runner
	log    *bytes.Buffer
	admin  string
}

func nuevoCorreo(t *testing.T, e *env) *correo {
	t.Helper()
	srv, err := smtptest.Iniciar("ventas@muelle.test", passwordSMTP, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Cerrar() })
	c := &correo{env: e, smtp: srv, log: &bytes.Buffer{}, admin: e.token("admin")}
	var mu sync.Mutex
	logger := slog.New(slog.NewTextHandler(lockedWriter{&mu, c.log}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e.srv.Log = logger
	// the test server listens on loopback, on a free port: the installation allows it
	e.srv.Email = mensajeria.Email{Store: e.st, URLPublica: "https://muelle.test", TLS: srv.Cliente, PermitirPrivadas: true}
	c.tareas = e.tareasCon(e.srv.Email.Registrar)
	return c
}

// sinPermisoPrivadas makes the installation refuse private SMTP addresses and
// other ports, as in production.
func (c *correo) sinPermisoPrivadas() {
	c.srv.Email.PermitirPrivadas = false
	c.tareas = c.tareasCon(c.srv.Email.Registrar)
}

// probar sends the test mail to admin@example.com.
func (c *correo) probar(token string) response {
	c.t.Helper()
	return c.do("POST", "/api/configuracion-email/prueba", token, map[string]string{"email_destino": "admin@example.com"})
}

// sinDetalles fails when a message shown to users carries a host, a port or
// Go's words.
func sinDetalles(t *testing.T, mensaje string, puerto int) {
	t.Helper()
	for _, detalle := range []string{"127.0.0.1", "localhost", fmt.Sprint(puerto), "dial", "tcp", "smtp:", "failed"} {
		if strings.Contains(mensaje, detalle) {
			t.Fatalf("%q muestra %q", mensaje, detalle)
		}
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// configurar saves a working configuration pointing at the test server.
func (c *correo) configurar() {
	c.t.Helper()
	c.do("POST", "/api/configuracion-email", c.admin, c.cuerpoConfig(passwordSMTP)).
		expect(c.t, http.StatusOK, "Configuración guardada exitosamente")
}

func (c *correo) cuerpoConfig(password string) map[string]any {
	return map[string]any{"activo": true, "smtp_host": c.smtp.Host, "smtp_port": c.smtp.Port, "smtp_secure": false,
		"smtp_user": c.smtp.Usuario, "smtp_password": password, "email_remitente": "ventas@muelle.test",
		"nombre_remitente": "Muelle Ventas", "plantilla_pasaje": mensajeria.PlantillaPorDefecto}
}

// enviar asks for the tickets' mail with an optional Idempotency-Key.
func (c *correo) enviar(token string, ids []int64, cliente, key string) response {
	c.t.Helper()
	return c.doWith("POST", "/api/email/send-tickets", token,
		map[string]any{"email": "pasajero@example.com", "pasajeIds": ids, "cliente": cliente},
		map[string]string{"Idempotency-Key": key})
}

func (c *correo) procesar() int {
	c.t.Helper()
	n, err := c.tareas.Vaciar(context.Background(), mensajeria.TipoCorreo)
	if err != nil {
		c.t.Fatal(err)
	}
	return n
}

func (c *correo) mensaje(id int64) (estado, motivo string, intentos int64) {
	c.t.Helper()
	var fallo *string
	err := c.st.DB().QueryRow(c.rebind(`SELECT estado, error, intentos FROM mensajes WHERE id = ?`), id).
		Scan(&estado, &fallo, &intentos)
	if err != nil {
		c.t.Fatal(err)
	}
	if fallo != nil {
		motivo = *fallo
	}
	return estado, motivo, intentos
}

func (c *correo) rebind(q string) string {
	if c.st.Dialect() == "postgres" {
		return strings.Replace(q, "?", "$1", 1)
	}
	return q
}

// partes reads a received mail into its HTML body and its parts' file names.
func partes(t *testing.T, raw []byte) (html string, archivos []string) {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(ct string, body io.Reader)
	walk = func(ct string, body io.Reader) {
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(mt, "multipart/") {
			return
		}
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextPart()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			pt := p.Header.Get("Content-Type")
			b, _ := io.ReadAll(p)
			if name := p.FileName(); name != "" {
				archivos = append(archivos, name)
			} else if strings.HasPrefix(pt, "text/html") {
				html = decodificar(t, p.Header.Get("Content-Transfer-Encoding"), b)
			}
			walk(pt, bytes.NewReader(b))
		}
	}
	walk(m.Header.Get("Content-Type"), m.Body)
	return html, archivos
}

func decodificar(t *testing.T, cte string, b []byte) string {
	if !strings.EqualFold(cte, "quoted-printable") {
		return string(b)
	}
	out, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestEmailDeliversTicketsWithPDFAndEscapedTemplate(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.ventaA("vendedor", `<script>alert("x")</script>`, 1)[0]
		r := c.enviar(e.token("vendedor"), []int64{p.ID}, "", "")
		r.expect(t, http.StatusCreated, "Pasajes en cola de envío por email")
		var m MensajeSalida
		r.decode(t, &m)
		if m.Estado != store.MensajePendiente || m.Canal != store.CanalEmail {
			t.Fatalf("mensaje encolado: %+v", m)
		}
		if n := c.procesar(); n != 1 {
			t.Fatalf("procesados %d, want 1", n)
		}
		recibidos := c.smtp.Recibidos()
		if len(recibidos) != 1 || recibidos[0].Para[0] != "pasajero@example.com" {
			t.Fatalf("recibidos: %+v", recibidos)
		}
		html, archivos := partes(t, recibidos[0].Datos)
		if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;") {
			t.Fatalf("el nombre no está escapado: %s", html)
		}
		if !strings.Contains(html, p.NumeroPasaje) || !strings.Contains(html, `src="cid:qr-`) {
			t.Fatalf("faltan el número o el QR en línea: %s", html)
		}
		want := "pasaje-" + p.NumeroPasaje + ".pdf"
		if !contiene(archivos, want) || !contiene(archivos, "qr-"+p.NumeroPasaje+".png") {
			t.Fatalf("adjuntos %v, want %s y el QR", archivos, want)
		}
		if estado, _, _ := c.mensaje(m.ID); estado != store.MensajeEnviado {
			t.Fatalf("estado %s", estado)
		}
		var lista []MensajeSalida
		e.do("GET", fmt.Sprintf("/api/pasajes/%d/mensajes", p.ID), e.token("vendedor"), nil).decode(t, &lista)
		if len(lista) != 1 || lista[0].Estado != store.MensajeEnviado || lista[0].EnviadoAt == nil {
			t.Fatalf("mensajes del pasaje: %+v", lista)
		}
	})
}

func contiene(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func TestEmailTemporaryRefusalIsRetriedAndPermanentOneFails(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.ventaA("vendedor", "Ana", 1)[0]
		tok := e.token("vendedor")

		c.smtp.Rechazar(451, "Servidor ocupado, intente luego")
		var m MensajeSalida
		c.enviar(tok, []int64{p.ID}, "Ana", "").decode(t, &m)
		c.procesar()
		estado, motivo, intentos := c.mensaje(m.ID)
		if estado != store.MensajePendiente || intentos != 1 || domain.ClasificarFalla(motivo).Categoria != domain.MsgCorreoRechazado ||
			!strings.Contains(c.log.String(), "451") {
			t.Fatalf("tras 451: %s %q %d", estado, motivo, intentos)
		}
		if n := c.procesar(); n != 0 {
			t.Fatalf("reintentó antes de su espera: %d", n)
		}
		e.now = e.now.Add(mensajeria.Espera(1) + time.Second)
		c.procesar()
		if estado, _, intentos := c.mensaje(m.ID); estado != store.MensajeEnviado || intentos != 2 ||
			len(c.smtp.Recibidos()) != 1 {
			t.Fatalf("tras reintentar: %s %d, recibidos %d", estado, intentos, len(c.smtp.Recibidos()))
		}

		c.smtp.Rechazar(550, "Casilla inexistente")
		var m2 MensajeSalida
		c.enviar(tok, []int64{p.ID}, "Ana", "").decode(t, &m2)
		c.procesar()
		estado, motivo, _ = c.mensaje(m2.ID)
		// the server's own words stay in the log
		if estado != store.MensajeFallido || domain.ClasificarFalla(motivo).Categoria != domain.MsgCorreoRechazado ||
			!strings.Contains(c.log.String(), "Casilla inexistente") {
			t.Fatalf("tras 550: %s %q", estado, motivo)
		}
		// the counter resends it: a new pending message for the same tickets
		r := e.do("POST", fmt.Sprintf("/api/mensajes/%d/reenviar", m2.ID), tok, nil)
		r.expect(t, http.StatusCreated, "Mensaje en cola para reenviarse")
		c.procesar()
		if len(c.smtp.Recibidos()) != 2 {
			t.Fatalf("reenvío no llegó: %d", len(c.smtp.Recibidos()))
		}
		// another company's message is not found
		e.do("POST", fmt.Sprintf("/api/mensajes/%d/reenviar", m2.ID), e.token("vendedor2"), nil).
			expect(t, http.StatusNotFound, store.MsgMensajeNoEncontrado)
	})
}

func TestEmailPasswordIsNeverAnsweredNorLogged(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		r := e.do("GET", "/api/configuracion-email", c.admin, nil)
		r.expect(t, http.StatusOK, "")
		if bytes.Contains(r.Body, []byte(passwordSMTP)) || !bytes.Contains(r.Body, []byte(`"password_guardada":true`)) {
			t.Fatalf("GET configuración: %s", r.Body)
		}
		// stored sealed, and kept when the form leaves it blank
		if n := e.count(`SELECT COUNT(*) FROM configuracion_email WHERE smtp_password LIKE '%` + passwordSMTP + `%'`); n != 0 {
			t.Fatal("la contraseña está en claro en la base")
		}
		cuerpo := c.cuerpoConfig("")
		cuerpo["nombre_remitente"] = "Otro nombre"
		c.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusOK, "")
		r = e.do("POST", "/api/configuracion-email/prueba", c.admin, map[string]string{"email_destino": "admin@example.com"})
		r.expect(t, http.StatusOK, "¡Email de prueba enviado exitosamente! Revisa tu bandeja de entrada.")
		var estado EstadoEmail
		e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &estado)
		if estado.Estado != "funcionando" || !estado.Configurado || estado.UltimaPrueba == nil {
			t.Fatalf("estado %+v", estado)
		}
		// a wrong password: the test fails with its category (the server's answer is logged), state error
		c.do("POST", "/api/configuracion-email", c.admin, c.cuerpoConfig("otra-"+passwordSMTP)).expect(t, http.StatusOK, "")
		c.probar(c.admin).expect(t, http.StatusUnprocessableEntity,
			"No se pudo enviar el email de prueba: Usuario o contraseña rechazados")
		if !strings.Contains(c.log.String(), "535") {
			t.Fatalf("el log no tiene la respuesta del servidor: %s", c.log)
		}
		e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &estado)
		if estado.Estado != "error" || estado.Mensaje != "La última prueba falló: Usuario o contraseña rechazados" {
			t.Fatalf("estado tras fallo %+v", estado)
		}
		for _, ruta := range []string{"/api/configuracion-email", "/api/configuracion-email/estado"} {
			if b := e.do("GET", ruta, c.admin, nil).Body; bytes.Contains(b, []byte(passwordSMTP)) {
				t.Fatalf("%s devuelve la contraseña", ruta)
			}
		}
		if strings.Contains(c.log.String(), passwordSMTP) {
			t.Fatal("la contraseña aparece en el log")
		}
	})
}

func TestEmailConfigurationIsForAdminsAndValidated(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		vend := e.token("vendedor")
		for _, r := range []response{
			e.do("GET", "/api/configuracion-email", vend, nil),
			e.do("POST", "/api/configuracion-email", vend, c.cuerpoConfig(passwordSMTP)),
			e.do("GET", "/api/configuracion-email/estado", vend, nil),
			e.do("POST", "/api/configuracion-email/prueba", vend, map[string]string{"email_destino": "a@example.com"}),
		} {
			if r.Status != http.StatusForbidden {
				t.Fatalf("vendedor: %d %s", r.Status, r.Message)
			}
		}
		var estado EstadoEmail
		e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &estado)
		if estado.Estado != "sin_configurar" || estado.Configurado {
			t.Fatalf("estado inicial %+v", estado)
		}
		for campo, msg := range map[string]string{
			"smtp_host": "El servidor SMTP es obligatorio", "smtp_user": "El usuario SMTP es obligatorio",
			"smtp_password": "La contraseña SMTP es obligatoria", "email_remitente": "El email remitente no es válido",
		} {
			cuerpo := c.cuerpoConfig(passwordSMTP)
			cuerpo[campo] = ""
			e.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusBadRequest, msg)
		}
		cuerpo := c.cuerpoConfig(passwordSMTP)
		cuerpo["plantilla_pasaje"] = "<p>{{no_existe}}</p>"
		e.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusBadRequest,
			"La plantilla del pasaje tiene un error: la variable {{no_existe}} no existe")
		if n := e.count(`SELECT COUNT(*) FROM configuracion_email`); n != 0 {
			t.Fatalf("guardó una configuración inválida: %d", n)
		}
		e.do("POST", "/api/configuracion-email/prueba", c.admin, map[string]string{"email_destino": "sin-arroba"}).
			expect(t, http.StatusBadRequest, "Ingrese un email válido para la prueba")
		var p PlantillaEmail
		e.do("GET", "/api/configuracion-email/plantilla-defecto", c.admin, nil).decode(t, &p)
		if !strings.Contains(p.Plantilla, "{{codigo_qr}}") {
			t.Fatalf("plantilla por defecto: %s", p.Plantilla)
		}
	})
}

func TestEmailSendRequestIsIdempotentAndScopedToTheCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.ventaA("vendedor", "Ana", 2)
		tok := e.token("vendedor")
		ids := []int64{p[0].ID, p[1].ID}
		c.enviar(tok, ids, "Ana", "envio-1").expect(t, http.StatusCreated, "")
		c.enviar(tok, ids, "Ana", "envio-1").expect(t, http.StatusCreated, "")
		if n := e.count(`SELECT COUNT(*) FROM mensajes`); n != 1 {
			t.Fatalf("mensajes %d, want 1", n)
		}
		c.procesar()
		if len(c.smtp.Recibidos()) != 1 {
			t.Fatalf("recibidos %d", len(c.smtp.Recibidos()))
		}
		otra := e.count(`SELECT MIN(id) FROM pasajes WHERE empresa_id <> (SELECT empresa_id FROM pasajes WHERE id = ?)`, p[0].ID)
		c.enviar(c.admin, []int64{p[0].ID, otra}, "Ana", "").expect(t, http.StatusNotFound, "Pasaje no encontrado")
		// a seller without email.enviar meets the same 403 for anything but its own recent sale
		c.enviar(tok, []int64{p[0].ID, otra}, "Ana", "").expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		c.doWith("POST", "/api/email/send-tickets", tok, map[string]any{"email": "no", "pasajeIds": ids}, nil).
			expect(t, http.StatusBadRequest, "Por favor ingresa un email válido")
		if n := e.count(`SELECT COUNT(*) FROM mensajes`); n != 1 {
			t.Fatalf("mensajes %d tras los rechazos", n)
		}
		// without email.enviar a seller sends only its sale of the last 5 minutes
		e.now = e.now.Add(6 * time.Minute)
		c.enviar(e.token("vendedor"), ids, "Ana", "").expect(t, http.StatusForbidden, "")
		c.enviar(c.admin, ids, "Ana", "").expect(t, http.StatusCreated, "")
	})
}

func TestEmailTooLargeAttachmentsBecomeALink(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		e.srv.Email.MaxAdjuntos = 1
		c.tareas = e.tareasCon(e.srv.Email.Registrar)
		p := e.ventaA("vendedor", "Ana", 1)[0]
		c.enviar(e.token("vendedor"), []int64{p.ID}, "Ana", "").expect(t, http.StatusCreated, "")
		c.procesar()
		html, archivos := partes(t, c.smtp.Recibidos()[0].Datos)
		if contiene(archivos, "pasaje-"+p.NumeroPasaje+".pdf") {
			t.Fatalf("adjuntos %v", archivos)
		}
		// the link carries the ticket's number and its signed code, and the landing page's route opens it
		_, resto, _ := strings.Cut(html, `href="`)
		href, _, _ := strings.Cut(resto, `"`)
		enlace, err := url.Parse(htmlpkg.UnescapeString(href))
		if err != nil || enlace.Host != "muelle.test" || enlace.Path != "/" ||
			enlace.Query().Get("pasaje") != p.NumeroPasaje || enlace.Query().Get("codigo") != p.CodigoQR {
			t.Fatalf("enlace %q en %s", href, html)
		}
		e.do("GET", pasajePublicoURL(enlace.Query().Get("pasaje"), enlace.Query().Get("codigo")), "", nil).
			expect(t, http.StatusOK, "")
	})
}

func TestEmailTwoWorkersNeverSendAMessageTwice(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.ventaA("vendedor", "Ana", 1)[0]
		tok := e.token("vendedor")
		const n = 12
		for range n {
			c.enviar(tok, []int64{p.ID}, "Ana", "").expect(t, http.StatusCreated, "")
		}
		otro := e.tareasCon(e.srv.Email.Registrar)
		var wg sync.WaitGroup
		for _, r := range []*jobs.Runner{c.tareas, otro} {
			wg.Go(func() {
				if _, err := r.Vaciar(context.Background(), mensajeria.TipoCorreo); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if got := len(c.smtp.Recibidos()); got != n {
			t.Fatalf("recibidos %d, want %d", got, n)
		}
		if k := e.count(`SELECT COUNT(*) FROM mensajes WHERE estado = 'enviado' AND intentos = 1`); k != n {
			t.Fatalf("enviados una vez %d, want %d", k, n)
		}
	})
}

// TestEmailRefusesPrivateServersWithoutTheAllowance: an installation without
// MUELLE_SMTP_PERMITIR_PRIVADAS refuses a port that is not an SMTP one when
// saving, and a loopback or metadata address when connecting, for the test
// mail and for the outbox alike; users read a category, the log the detail.
func TestEmailRefusesPrivateServersWithoutTheAllowance(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.sinPermisoPrivadas()
		c.do("POST", "/api/configuracion-email", c.admin, c.cuerpoConfig(passwordSMTP)).
			expect(t, http.StatusBadRequest, "El puerto SMTP debe ser 25, 465, 587 o 2525")
		if n := e.count(`SELECT COUNT(*) FROM configuracion_email`); n != 0 {
			t.Fatalf("guardó un puerto no SMTP: %d", n)
		}
		for _, host := range []string{"127.0.0.1", "localhost", "169.254.169.254"} {
			cuerpo := c.cuerpoConfig(passwordSMTP)
			cuerpo["smtp_host"], cuerpo["smtp_port"] = host, 587
			c.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusOK, "")
			c.probar(c.admin).expect(t, http.StatusUnprocessableEntity,
				"No se pudo enviar el email de prueba: La dirección del servidor de correo no está permitida")
		}
		var estado EstadoEmail
		e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &estado)
		if estado.Mensaje != "La última prueba falló: La dirección del servidor de correo no está permitida" {
			t.Fatalf("estado %+v", estado)
		}
		p := e.ventaA("vendedor", "Ana", 1)[0]
		var m MensajeSalida
		c.enviar(e.token("vendedor"), []int64{p.ID}, "Ana", "").decode(t, &m)
		c.procesar()
		if estado, motivo, _ := c.mensaje(m.ID); estado != store.MensajeFallido ||
			!strings.HasPrefix(motivo, "La dirección del servidor de correo no está permitida: ") {
			t.Fatalf("mensaje a una dirección privada: %s %q", estado, motivo)
		}
		if !strings.Contains(c.log.String(), "169.254.169.254:587") || len(c.smtp.Recibidos()) != 0 {
			t.Fatalf("el log no tiene el detalle, o algo llegó: %s", c.log)
		}
	})
}

// TestEmailTestErrorsAreCategories: a server that refuses the connection, one
// without STARTTLS and one with another certificate answer a few Spanish
// categories, with no host, port or Go text; the outbox records the same.
func TestEmailTestErrorsAreCategories(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		plano, err := smtptest.IniciarSinTLS(c.smtp.Usuario, passwordSMTP)
		if err != nil {
			t.Fatal(err)
		}
		defer plano.Cerrar()
		cuerpo := c.cuerpoConfig(passwordSMTP)
		cuerpo["smtp_port"] = plano.Port
		c.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusOK, "")
		r := c.probar(c.admin)
		r.expect(t, http.StatusUnprocessableEntity, "No se pudo enviar el email de prueba: El servidor no ofrece STARTTLS")
		sinDetalles(t, r.Message, plano.Port)

		c.configurar()
		c.srv.Email.TLS = nil // the system's roots do not know the test server's certificate
		r = c.probar(c.admin)
		r.expect(t, http.StatusUnprocessableEntity,
			"No se pudo enviar el email de prueba: El certificado del servidor de correo no es válido")
		sinDetalles(t, r.Message, c.smtp.Port)

		c.srv.Email.TLS = c.smtp.Cliente
		_ = c.smtp.Cerrar()
		r = c.probar(c.admin)
		r.expect(t, http.StatusUnprocessableEntity, "No se pudo enviar el email de prueba: No se pudo conectar al servidor de correo")
		sinDetalles(t, r.Message, c.smtp.Port)
		p := e.ventaA("vendedor", "Ana", 1)[0]
		var m MensajeSalida
		c.enviar(e.token("vendedor"), []int64{p.ID}, "Ana", "").decode(t, &m)
		c.procesar()
		if estado, motivo, _ := c.mensaje(m.ID); estado != store.MensajePendiente ||
			!strings.HasPrefix(motivo, "No se pudo conectar al servidor de correo: ") {
			t.Fatalf("mensaje a un servidor caído: %s %q", estado, motivo)
		}
		// the outbox answers the category; the detail only to an administrator
		for _, caso := range []struct {
			usuario string
			detalle bool
		}{{"admin", true}, {"vendedor", false}, {"supervisor", false}} {
			var ms []MensajeSalida
			e.do("GET", fmt.Sprintf("/api/pasajes/%d/mensajes", p.ID), e.token(caso.usuario), nil).decode(t, &ms)
			if len(ms) != 1 || ms[0].Error != domain.MsgCorreoSinConexion ||
				strings.Contains(ms[0].Detalle, "connection refused") != caso.detalle {
				t.Fatalf("%s: bandeja %+v", caso.usuario, ms)
			}
			sinDetalles(t, ms[0].Error, c.smtp.Port)
		}
		// the failed test's answer carries its detail for the administrator
		var detalle DetalleTecnico
		r.decode(t, &detalle)
		if !strings.Contains(detalle.Detalle, "connection refused") {
			t.Fatalf("detalle de la prueba: %+v", detalle)
		}
		if !strings.Contains(c.log.String(), "connection refused") || !strings.Contains(c.log.String(), "STARTTLS") {
			t.Fatalf("el log no tiene los detalles: %s", c.log)
		}
	})
}

// TestSavedEmailIsUntestedUntilAMailGoesOut: a configuration just saved is
// 'Configurado, sin probar' (the company's state and its admin's dashboard)
// until a test or, as here, a real mail succeeds; saving it again forgets that.
func TestSavedEmailIsUntestedUntilAMailGoesOut(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		estado := func(want, mensaje string) {
			t.Helper()
			var got EstadoEmail
			e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &got)
			d := e.serviciosDelTablero(c.admin)
			if got.Estado != want || got.Mensaje != mensaje || d[0].Clave != "email" ||
				(d[0].Estado == "sin_probar") != (want == domain.EmailSinProbar) {
				t.Fatalf("estado %+v, tablero %+v, se esperaba %s %q", got, d[0], want, mensaje)
			}
		}
		c.configurar()
		estado(domain.EmailSinProbar, "Configurado, sin probar")
		if d := e.serviciosDelTablero(c.admin)[0]; d.Detalles != "Todavía no se probó ni se envió ningún email" {
			t.Fatalf("tablero: %+v", d)
		}
		p := e.ventaA("vendedor", "Ana", 1)[0]
		c.enviar(e.token("vendedor"), []int64{p.ID}, "Ana", "").expect(t, http.StatusCreated, "")
		c.procesar()
		estado(domain.EmailFuncionando, "El envío de email está configurado y activo")
		c.configurar()
		estado(domain.EmailSinProbar, "Configurado, sin probar")
	})
}

// TestEmailTestIsRateLimitedPerCompany: 5 test mails a minute per company;
// the sixth answers 429 with Retry-After and sends nothing; another company
// is not held back, and a minute later the first may test again.
func TestEmailTestIsRateLimitedPerCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		for range 5 {
			c.probar(c.admin).expect(t, http.StatusOK, "")
		}
		e.now = e.now.Add(20 * time.Second)
		r := c.probar(c.admin)
		r.expect(t, http.StatusTooManyRequests, "Se enviaron demasiados emails de prueba. Espere un minuto e intente de nuevo.")
		if got := r.Header.Get("Retry-After"); got != "40" || len(c.smtp.Recibidos()) != 5 {
			t.Fatalf("Retry-After %q, recibidos %d", got, len(c.smtp.Recibidos()))
		}
		c.probar(e.token("admin2")).expect(t, http.StatusBadRequest, "El envío de email no está configurado para la empresa")
		e.now = e.now.Add(40 * time.Second)
		c.probar(c.admin).expect(t, http.StatusOK, "")
	})
}

// TestEmailChangingServerForgetsThePassword: a blank password keeps the
// stored one while host, port and user stay; changing any of them asks for it
// again, and the store forgets it if a write changes them without one.
func TestEmailChangingServerForgetsThePassword(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		c.configurar()
		guardada := func() ConfigEmail {
			var cfg ConfigEmail
			e.do("GET", "/api/configuracion-email", c.admin, nil).decode(t, &cfg)
			return cfg
		}
		cuerpo := c.cuerpoConfig("")
		cuerpo["nombre_remitente"], cuerpo["smtp_secure"] = "Otro nombre", true
		c.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusOK, "")
		if cfg := guardada(); !cfg.PasswordGuardada || cfg.NombreRemitente != "Otro nombre" {
			t.Fatalf("otro nombre: %+v", cfg)
		}
		for campo, valor := range map[string]any{"smtp_host": "localhost", "smtp_port": 2525, "smtp_user": "otro@muelle.test"} {
			cuerpo := c.cuerpoConfig("")
			cuerpo[campo] = valor
			c.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusBadRequest,
				"Cambió el servidor, el puerto o el usuario SMTP: ingrese la contraseña de nuevo")
			if cfg := guardada(); !cfg.PasswordGuardada || cfg.SMTPHost != c.smtp.Host || cfg.SMTPPort != c.smtp.Port {
				t.Fatalf("%s sin contraseña cambió la configuración: %+v", campo, cfg)
			}
		}
		cuerpo = c.cuerpoConfig(passwordSMTP)
		cuerpo["smtp_host"] = "localhost"
		c.do("POST", "/api/configuracion-email", c.admin, cuerpo).expect(t, http.StatusOK, "")
		if cfg := guardada(); !cfg.PasswordGuardada || cfg.SMTPHost != "localhost" {
			t.Fatalf("otro host con contraseña: %+v", cfg)
		}
		// a write that reaches the store changing the host without a password forgets it
		a := store.Actor{EmpresaID: e.count(`SELECT empresa_id FROM usuarios WHERE nombre_usuario = 'admin'`)}
		err := e.st.GuardarConfiguracionEmail(context.Background(), a, store.ConfigEmail{Activo: true, Host: c.smtp.Host,
			Puerto: c.smtp.Port, Usuario: c.smtp.Usuario, EmailRemitente: "ventas@muelle.test"})
		if err != nil {
			t.Fatal(err)
		}
		var estado EstadoEmail
		e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &estado)
		if cfg := guardada(); cfg.PasswordGuardada || estado.Estado != "incompleto" {
			t.Fatalf("la contraseña sigue guardada: %+v %+v", cfg, estado)
		}
		c.do("POST", "/api/configuracion-email", c.admin, c.cuerpoConfig("")).
			expect(t, http.StatusBadRequest, "La contraseña SMTP es obligatoria")
		c.configurar()
		c.probar(c.admin).expect(t, http.StatusOK, "")
	})
}
