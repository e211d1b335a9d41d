package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/mensajeria/pushtest"
	"muelle/internal/store"
)

// pushes is a push service started for the test and the job that sends to
// it, over an installation that allows private addresses (the service
// listens on loopback).
type pushes struct {
	*env
	servicio *pushtest.Servicio
	tareas   *jobs.Runner
}

func nuevoPushes(t *testing.T, e *env) *pushes {
	servicio := pushtest.Iniciar(t)
	red := mensajeria.RedPush{PermitirPrivadas: true, TLS: servicio.TLS()}
	e.srv.Push = red
	return &pushes{env: e, servicio: servicio,
		tareas: e.tareasCon(mensajeria.NuevoWorkerPush(e.st, e.srv.Log, red, "https://muelle.example").Registrar)}
}

// suscribir posts the browser's subscription as usuario.
func (p *pushes) suscribir(usuario string, n *pushtest.Navegador) response {
	p.t.Helper()
	return p.do("POST", "/api/push/subscriptions", p.token(usuario), suscripcionDe(n))
}

func suscripcionDe(n *pushtest.Navegador) map[string]any {
	return map[string]any{"endpoint": n.Endpoint, "keys": map[string]string{"p256dh": n.P256dh(), "auth": n.Auth()}}
}

// procesar sends every due push and returns how many were attempted.
func (p *pushes) procesar() int {
	p.t.Helper()
	n, err := p.tareas.Vaciar(context.Background(), mensajeria.TipoPush)
	if err != nil {
		p.t.Fatal(err)
	}
	return n
}

// recibidos decodes what the service took for the browser, each checked:
// decrypted, signed with the installation's VAPID key.
func (p *pushes) recibidos(n *pushtest.Navegador) []domain.Push {
	p.t.Helper()
	var clave ClavePush
	p.do("GET", "/api/push/clave", p.token("admin"), nil).decode(p.t, &clave)
	var out []domain.Push
	for _, r := range p.servicio.Recibidos() {
		if r.Endpoint != n.Endpoint {
			continue
		}
		if r.Err != nil || r.ErrVAPID != nil || r.ClaveVAPID != clave.ClavePublica {
			p.t.Fatalf("push a %s: %v, VAPID %v (%s)", n.Endpoint, r.Err, r.ErrVAPID, r.ClaveVAPID)
		}
		var push domain.Push
		dec := json.NewDecoder(strings.NewReader(string(r.Payload)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&push); err != nil {
			p.t.Fatalf("payload %s: %v", r.Payload, err)
		}
		out = append(out, push)
	}
	return out
}

// notificarAlerta creates a system alert notification for usuario.
func (p *pushes) notificarAlerta(usuario, titulo string) {
	p.t.Helper()
	if err := p.st.CrearNotificaciones(context.Background(), []store.NuevaNotificacion{{EmpresaID: 1,
		UsuarioID: p.userID(usuario), Tipo: domain.NotifAlerta, Titulo: titulo, Mensaje: "Revise la caja #4",
		Datos: events.EventoAlerta{Tipo: "diferencia_caja", Titulo: titulo, Mensaje: "Revise la caja #4"}}}); err != nil {
		p.t.Fatal(err)
	}
}

// A sale made through the API notifies the company's supervisors and admins:
// each of their browsers receives the register opened and the sale as pushes
// that the test's push service decrypts (RFC 8291) and whose VAPID signature
// it checks, with the spec's tags, the screen to open, TTL and urgency. The
// text is the notification the user reads through the API; the seller, who
// made them, gets none.
func TestPushOfASaleReachesTheSupervisorsBrowsers(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := nuevoPushes(t, e)
		rec := &events.Recorder{}
		local := &events.Local{}
		local.Subscribe(rec.Record)
		e.st.Events = local
		supervisor, admin, vendedor := p.servicio.Navegador(t), p.servicio.Navegador(t), p.servicio.Navegador(t)
		p.suscribir("supervisor", supervisor).expect(t, http.StatusOK, domain.MsgPushActivadas)
		p.suscribir("admin", admin).expect(t, http.StatusOK, domain.MsgPushActivadas)
		p.suscribir("vendedor", vendedor).expect(t, http.StatusOK, domain.MsgPushActivadas)

		e.ventaA("vendedor", "Cliente de prueba", 2)
		if err := e.st.NotificarEventos(context.Background(), rec.Events()); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM push_envios`); n != 4 {
			t.Fatalf("pushes encolados: %d, esperaba 4 (caja abierta y venta, a dos navegadores)", n)
		}
		if n := p.procesar(); n != 4 {
			t.Fatalf("enviados %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM push_envios`); n != 0 {
			t.Fatalf("quedaron %d pushes entregados en la cola", n)
		}
		for usuario, nav := range map[string]*pushtest.Navegador{"supervisor": supervisor, "admin": admin} {
			got := p.recibidos(nav)
			notifs := e.notificaciones(e.token(usuario), "").Notificaciones
			if len(got) != 2 || len(notifs) != 2 {
				t.Fatalf("%s: %d pushes, %d notificaciones", usuario, len(got), len(notifs))
			}
			var venta, caja domain.Push
			for _, push := range got {
				if push.Tag == domain.TagVentaRealizada {
					venta = push
				} else {
					caja = push
				}
			}
			if venta.Title != "Nueva venta" || !strings.Contains(venta.Body, "vendió 2 pasajes a Cliente de prueba por $ ") ||
				venta.URL != "/admin/listado-pasajes" || venta.RequireInteraction {
				t.Errorf("%s: push de la venta %+v", usuario, venta)
			}
			if caja.Title != "Caja abierta" || caja.Tag != domain.TagCajaAbierta || caja.URL != "/admin/monitoreo-vendedores" {
				t.Errorf("%s: push de la caja %+v", usuario, caja)
			}
			if leida := mensajeDe(t, e, usuario, "Nueva venta"); leida != venta.Body {
				t.Errorf("%s: el push dice %q y la API %q", usuario, venta.Body, leida)
			}
		}
		if got := p.recibidos(vendedor); len(got) != 0 {
			t.Fatalf("el vendedor recibió sus propias ventas: %+v", got)
		}
		for _, r := range p.servicio.Recibidos() {
			h := r.Header
			if h.Get("TTL") != "3600" || h.Get("Urgency") != "normal" || (h.Get("Topic") != domain.TagVentaRealizada &&
				h.Get("Topic") != domain.TagCajaAbierta) {
				t.Errorf("encabezados: TTL %q Urgency %q Topic %q", h.Get("TTL"), h.Get("Urgency"), h.Get("Topic"))
			}
		}
	})
}

// mensajeDe is the text of usuario's newest notification with that title, read through the API.
func mensajeDe(t *testing.T, e *env, usuario, titulo string) string {
	var n struct {
		Notificaciones []struct{ Titulo, Mensaje string }
	}
	e.do("GET", "/api/notificaciones", e.token(usuario), nil).decode(t, &n)
	for _, x := range n.Notificaciones {
		if x.Titulo == titulo {
			return x.Mensaje
		}
	}
	t.Fatalf("%s no tiene la notificación %q", usuario, titulo)
	return ""
}

// A system alert requires interaction and lives a day; a push service that
// answers 410 removes the subscription; 503 retries with back-off and at most
// mensajeria.Reintentos attempts; a user deactivated meanwhile gets nothing.
func TestPushDeliveryOutcomes(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := nuevoPushes(t, e)
		supervisor, admin := p.servicio.Navegador(t), p.servicio.Navegador(t)
		p.suscribir("supervisor", supervisor).expect(t, http.StatusOK, "")
		p.suscribir("admin", admin).expect(t, http.StatusOK, "")

		p.notificarAlerta("supervisor", "Diferencia en el cierre de caja")
		p.procesar()
		got := p.recibidos(supervisor)
		if len(got) != 1 || got[0] != (domain.Push{Title: "Diferencia en el cierre de caja", Body: "Revise la caja #4",
			Tag: domain.TagErrorSistema, URL: "/admin/notificaciones", RequireInteraction: true}) {
			t.Fatalf("alerta: %+v", got)
		}
		if h := p.servicio.Recibidos()[0].Header; h.Get("TTL") != "86400" || h.Get("Urgency") != "high" {
			t.Fatalf("alerta: TTL %q Urgency %q", h.Get("TTL"), h.Get("Urgency"))
		}

		p.servicio.Responder(supervisor, http.StatusGone)
		p.notificarAlerta("supervisor", "Otra alerta")
		p.notificarAlerta("supervisor", "Una más")
		if n := p.procesar(); n != 1 {
			t.Fatalf("tras el 410 se intentaron %d pushes, esperaba 1 (el resto se fue con la suscripción)", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM push_suscripciones WHERE endpoint = ?`, supervisor.Endpoint); n != 0 {
			t.Fatal("una suscripción vencida (410) sigue guardada")
		}
		if n := e.count(`SELECT COUNT(*) FROM push_envios`); n != 0 {
			t.Fatalf("quedaron %d pushes de la suscripción vencida", n)
		}

		p.servicio.Responder(admin, http.StatusServiceUnavailable)
		p.notificarAlerta("admin", "Servicio caído")
		p.procesar()
		if n := e.count(`SELECT COUNT(*) FROM push_envios WHERE intentos = 1 AND proximo_intento = ?`,
			e.now.Add(mensajeria.Espera(1))); n != 1 {
			t.Fatal("un 503 no dejó el push para reintentar en 30 s")
		}
		if n := p.procesar(); n != 0 {
			t.Fatal("un push demorado se reintentó antes de tiempo")
		}
		for i := 1; i < mensajeria.Reintentos; i++ {
			e.now = e.now.Add(mensajeria.Espera(i))
			p.procesar()
		}
		if n := e.count(`SELECT COUNT(*) FROM push_envios`); n != 0 {
			t.Fatalf("tras %d intentos el push sigue en la cola", mensajeria.Reintentos)
		}
		if n := len(p.servicio.Recibidos()); n != 2+mensajeria.Reintentos {
			t.Fatalf("intentos recibidos: %d", n-2)
		}
		if n := e.count(`SELECT COUNT(*) FROM push_suscripciones WHERE endpoint = ?`, admin.Endpoint); n != 1 {
			t.Fatal("un servicio caído no vence la suscripción")
		}

		otro := p.servicio.Navegador(t)
		p.suscribir("supervisor", otro).expect(t, http.StatusOK, "")
		p.notificarAlerta("supervisor", "Para un usuario dado de baja")
		// with a history of its own, the user is deactivated rather than deleted
		e.auditar(e.now, store.Auditoria{EmpresaID: 1, UsuarioID: e.userID("supervisor"), Accion: "LOGIN", Exito: true})
		e.do("DELETE", usuarioPath(e.userID("supervisor")), e.token("admin"), nil).expect(t, http.StatusOK, "")
		if p.procesar(); len(p.recibidos(otro)) != 0 || e.count(`SELECT COUNT(*) FROM push_envios`) != 0 {
			t.Fatal("un usuario desactivado recibió un push")
		}
	})
}

// The subscription routes: any session; the endpoint and keys are checked (400
// in Spanish, nothing written), a private address is refused unless the
// installation allows it; a subscription is the caller's: another user's or
// company's endpoint cannot be deleted; an endpoint posted by another user
// moves to them without the first one's pending pushes; a user keeps 10.
func TestPushSubscriptionsAPI(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := nuevoPushes(t, e)
		nav := p.servicio.Navegador(t)
		cuenta := func() int64 { return e.count(`SELECT COUNT(*) FROM push_suscripciones`) }
		supervisor := e.token("supervisor")
		e.do("GET", "/api/push/clave", "", nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.do("POST", "/api/push/subscriptions", "", suscripcionDe(nav)).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)

		var c1, c2 ClavePush
		e.do("GET", "/api/push/clave", supervisor, nil).decode(t, &c1)
		e.do("GET", "/api/push/clave", e.token("admin2"), nil).decode(t, &c2)
		if len(c1.ClavePublica) != 87 || c1 != c2 {
			t.Fatalf("clave VAPID %q y %q: una por instalación, 65 bytes", c1.ClavePublica, c2.ClavePublica)
		}
		if n := e.count(`SELECT COUNT(*) FROM configuracion_sistema WHERE clave = 'push_vapid_clave_privada' AND valor LIKE 'v1:%'`); n != 1 {
			t.Fatal("la clave privada VAPID no está cifrada con la clave de instalación")
		}

		bien := suscripcionDe(nav)
		con := func(campo string, valor any) map[string]any {
			b := map[string]any{"endpoint": bien["endpoint"], "keys": bien["keys"]}
			if campo == "p256dh" || campo == "auth" {
				keys := map[string]any{"p256dh": nav.P256dh(), "auth": nav.Auth()}
				keys[campo] = valor
				b["keys"] = keys
			} else {
				b[campo] = valor
			}
			return b
		}
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{con("endpoint", "http://push.example.com/x"), domain.MsgPushEndpointInvalido},
			{con("endpoint", ""), domain.MsgPushEndpointInvalido},
			{con("endpoint", "https://push.example.com/"+strings.Repeat("a", 2048)), "El campo endpoint no debe exceder 2048 caracteres"},
			{con("p256dh", "AAAA"), domain.MsgPushClaveP256dhInvalida},
			{con("auth", "AAAA"), domain.MsgPushClaveAuthInvalida},
			{con("auth", strings.Repeat("a", 25)), "El campo auth no debe exceder 24 caracteres"},
			{con("expirationTime", nil), "El campo expirationTime no está permitido"},
		} {
			r := e.do("POST", "/api/push/subscriptions", supervisor, c.body)
			if r.Status != http.StatusBadRequest || r.Message != c.msg {
				t.Errorf("%v: %d %q, esperaba 400 %q", c.body, r.Status, r.Message, c.msg)
			}
		}
		e.srv.Push = mensajeria.RedPush{} // an installation that refuses private addresses
		for _, endpoint := range []string{"https://127.0.0.1/push/1", "https://localhost/push/1", "https://10.1.2.3/push",
			"https://[::1]/push", "https://169.254.169.254/latest", "https://push.example.com:8443/x"} {
			e.do("POST", "/api/push/subscriptions", supervisor, con("endpoint", endpoint)).
				expect(t, http.StatusBadRequest, domain.MsgPushEndpointNoPermitido)
		}
		e.do("POST", "/api/push/subscriptions", supervisor, con("endpoint", "https://push.invalid/x")).
			expect(t, http.StatusBadRequest, domain.MsgPushEndpointSinResolver)
		if cuenta() != 0 {
			t.Fatal("una suscripción rechazada quedó guardada")
		}
		e.srv.Push = mensajeria.RedPush{PermitirPrivadas: true, TLS: p.servicio.TLS()}

		r := e.request("POST", "/api/push/subscriptions", supervisor, bien, func(r *http.Request) {
			r.Header.Set("Idempotency-Key", "suscribir-1")
		})
		r.expect(t, http.StatusOK, domain.MsgPushActivadas)
		e.request("POST", "/api/push/subscriptions", supervisor, bien, func(r *http.Request) {
			r.Header.Set("Idempotency-Key", "suscribir-1")
		}).expect(t, http.StatusOK, domain.MsgPushActivadas)
		if n := e.count(`SELECT COUNT(*) FROM push_suscripciones WHERE endpoint = ? AND usuario_id = ?`, nav.Endpoint,
			e.userID("supervisor")); n != 1 || cuenta() != 1 {
			t.Fatalf("suscripciones: %d", cuenta())
		}

		baja := map[string]string{"endpoint": nav.Endpoint}
		for _, otro := range []string{"admin", "admin2", "vendedor"} {
			e.do("DELETE", "/api/push/subscriptions", e.token(otro), baja).
				expect(t, http.StatusNotFound, domain.MsgPushSuscripcionNoEncontrada)
		}
		e.do("DELETE", "/api/push/subscriptions", supervisor, map[string]string{}).
			expect(t, http.StatusBadRequest, "El campo endpoint es obligatorio")
		e.do("DELETE", "/api/push/subscriptions", supervisor, map[string]string{"endpoint": ""}).
			expect(t, http.StatusBadRequest, domain.MsgPushEndpointInvalido)
		if cuenta() != 1 {
			t.Fatal("otro usuario borró una suscripción ajena")
		}

		p.notificarAlerta("supervisor", "Pendiente del supervisor")
		p.suscribir("admin", nav).expect(t, http.StatusOK, domain.MsgPushActivadas)
		if n := e.count(`SELECT COUNT(*) FROM push_suscripciones WHERE endpoint = ? AND usuario_id = ?`, nav.Endpoint,
			e.userID("admin")); n != 1 || cuenta() != 1 || e.count(`SELECT COUNT(*) FROM push_envios`) != 0 {
			t.Fatal("el navegador que pasó al admin conserva los pushes pendientes del supervisor")
		}
		e.do("DELETE", "/api/push/subscriptions", supervisor, baja).
			expect(t, http.StatusNotFound, domain.MsgPushSuscripcionNoEncontrada)
		p.notificarAlerta("admin", "Pendiente del admin")
		e.do("DELETE", "/api/push/subscriptions", e.token("admin"), baja).expect(t, http.StatusOK, domain.MsgPushDesactivadas)
		if cuenta() != 0 || e.count(`SELECT COUNT(*) FROM push_envios`) != 0 {
			t.Fatal("la baja no borró la suscripción y sus pushes")
		}

		var navs []*pushtest.Navegador
		for range domain.MaxSuscripcionesPush + 1 {
			e.now = e.now.Add(time.Second)
			n := p.servicio.Navegador(t)
			navs = append(navs, n)
			p.suscribir("supervisor", n).expect(t, http.StatusOK, "")
		}
		if cuenta() != domain.MaxSuscripcionesPush ||
			e.count(`SELECT COUNT(*) FROM push_suscripciones WHERE endpoint = ?`, navs[0].Endpoint) != 0 {
			t.Fatalf("un usuario guarda %d suscripciones; la más antigua debía irse", cuenta())
		}
	})
}

// A session that must change its password reaches none of the push routes.
func TestPushRoutesWaitForThePasswordChange(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := nuevoPushes(t, e)
		_, clave := e.crear(e.token("admin"), "otro_supervisor", domain.RolSupervisor)
		tok := e.tokenDe(e.loginCon("otro_supervisor", clave))
		e.do("GET", "/api/push/clave", tok, nil).expect(t, http.StatusForbidden, domain.MsgDebeCambiarClave)
		e.do("POST", "/api/push/subscriptions", tok, suscripcionDe(p.servicio.Navegador(t))).
			expect(t, http.StatusForbidden, domain.MsgDebeCambiarClave)
		if n := e.count(`SELECT COUNT(*) FROM push_suscripciones`); n != 0 {
			t.Fatal("se guardó una suscripción")
		}
	})
}

// The send checks the address it dials, whatever was checked at subscribe
// time (a name that starts resolving to a private address): an installation
// that refuses private addresses never reaches the loopback push service, and
// the push is dropped rather than retried.
func TestPushNeverDialsAPrivateAddressUnlessAllowed(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := nuevoPushes(t, e)
		nav := p.servicio.Navegador(t)
		p.suscribir("supervisor", nav).expect(t, http.StatusOK, "")
		p.tareas = e.tareasCon(mensajeria.NuevoWorkerPush(e.st, e.srv.Log, mensajeria.RedPush{TLS: p.servicio.TLS()},
			"https://muelle.example").Registrar)
		p.notificarAlerta("supervisor", "Alerta")
		if n := p.procesar(); n != 1 || len(p.servicio.Recibidos()) != 0 {
			t.Fatalf("intentados %d, recibidos %d", n, len(p.servicio.Recibidos()))
		}
		if e.count(`SELECT COUNT(*) FROM push_envios`) != 0 || e.count(`SELECT COUNT(*) FROM push_suscripciones`) != 1 {
			t.Fatal("un push a una dirección no permitida quedó para reintentar, o se borró la suscripción")
		}
	})
}
