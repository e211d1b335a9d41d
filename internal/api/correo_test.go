package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/mensajeria"
	"muelle/internal/mensajeria/smtptest"
	"muelle/internal/store"
)

const passwordSMTP = "s3creta-smtp-Clave"

// correo is an environment with a real SMTP server, the e-mail channel wired
// into the API, the outbox worker and everything logged kept in log.
type correo struct {
	*env
	smtp   *smtptest.Servidor
	worker *mensajeria.Worker
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
	e.srv.Email = mensajeria.Email{Store: e.st, URLPublica: "https://muelle.test", TLS: srv.Cliente}
	c.worker = mensajeria.NuevoWorker(e.st, logger, e.srv.Email)
	return c
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
	n, err := c.worker.Procesar(context.Background())
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
		if estado != store.MensajePendiente || intentos != 1 || !strings.Contains(motivo, "451") {
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
		if estado != store.MensajeFallido || !strings.Contains(motivo, "550") || !strings.Contains(motivo, "Casilla inexistente") {
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
		// a wrong password: the test fails with the server's answer, state error
		c.do("POST", "/api/configuracion-email", c.admin, c.cuerpoConfig("otra-"+passwordSMTP)).expect(t, http.StatusOK, "")
		r = e.do("POST", "/api/configuracion-email/prueba", c.admin, map[string]string{"email_destino": "admin@example.com"})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Message, "No se pudo enviar el email de prueba") {
			t.Fatalf("prueba con clave errónea: %d %s", r.Status, r.Message)
		}
		e.do("GET", "/api/configuracion-email/estado", c.admin, nil).decode(t, &estado)
		if estado.Estado != "error" {
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
		c.worker = mensajeria.NuevoWorker(e.st, e.srv.Log, e.srv.Email)
		p := e.ventaA("vendedor", "Ana", 1)[0]
		c.enviar(e.token("vendedor"), []int64{p.ID}, "Ana", "").expect(t, http.StatusCreated, "")
		c.procesar()
		html, archivos := partes(t, c.smtp.Recibidos()[0].Datos)
		if contiene(archivos, "pasaje-"+p.NumeroPasaje+".pdf") ||
			!strings.Contains(html, "https://muelle.test/?pasaje="+p.NumeroPasaje) {
			t.Fatalf("adjuntos %v, cuerpo %s", archivos, html)
		}
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
		otro := mensajeria.NuevoWorker(e.st, e.srv.Log, e.srv.Email)
		var wg sync.WaitGroup
		for _, w := range []*mensajeria.Worker{c.worker, otro} {
			wg.Go(func() {
				if _, err := w.Procesar(context.Background()); err != nil {
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
