package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
	"muelle/internal/whatsapp"
	"muelle/internal/whatsapp/whatsapptest"
)

// wa is an environment with the WhatsApp service wired into the API over a
// fake WhatsApp, and the job of the WhatsApp outbox.
type wa struct {
	*env
	red    *whatsapptest.Red
	g      *whatsapp.Gestor
	tareas *jobs.Runner
	admin  string
}

func nuevoWA(t *testing.T, e *env) *wa {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	red := whatsapptest.NuevaRed()
	// a short turn keeps the rate limit real without slowing the tests
	g := &whatsapp.Gestor{Store: e.st, Abrir: red.Abrir, Log: e.srv.Log, Intervalo: time.Millisecond,
		Jitter: time.Millisecond, Espera: 5 * time.Second}
	if err := g.Iniciar(ctx); err != nil {
		t.Fatal(err)
	}
	e.srv.WhatsApp, e.srv.Servicios.WhatsApp = g, ComprobarWhatsApp(g.Activas)
	return &wa{env: e, red: red, g: g, admin: e.token("admin"),
		tareas: e.tareasCon(mensajeria.WhatsApp{Store: e.st, Remitente: g}.Registrar)}
}

func (w *wa) estado(token, ruta string) EstadoWhatsApp {
	w.t.Helper()
	r := w.do("GET", ruta, token, nil)
	r.expect(w.t, http.StatusOK, "")
	var e EstadoWhatsApp
	r.decode(w.t, &e)
	return e
}

// vincular initializes the admin's company and scans the QR from the phone.
func (w *wa) vincular() *whatsapptest.Cliente {
	w.t.Helper()
	w.do("POST", "/api/whatsapp/initialize", w.admin, map[string]any{}).
		expect(w.t, http.StatusOK, domain.MsgWhatsAppInicializado)
	cs := w.red.Clientes()
	c := cs[len(cs)-1]
	c.Escanear("5491155550000", "Lanchas del Delta")
	if e := w.estado(w.admin, "/api/whatsapp/status"); e.Status != domain.WhatsAppConectado {
		w.t.Fatalf("no se conectó: %+v", e)
	}
	return c
}

func TestWhatsAppStatusIsTheCallersCompanyOrAnyForSuperAdmin(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		if s := w.estado(w.admin, "/api/whatsapp/status"); s.Status != domain.WhatsAppSinInicializar || s.Connected ||
			s.QRCode != "" || s.Info != nil {
			t.Fatalf("sin inicializar: %+v", s)
		}
		w.vincular()
		sup := e.token("supervisor")
		s := w.estado(sup, "/api/whatsapp/status/1")
		if !s.Connected || s.Status != domain.WhatsAppConectado || s.Info == nil || s.Info.Number != "+5491155550000" ||
			s.Info.Name != "Lanchas del Delta" {
			t.Fatalf("estado de la empresa 1: %+v", s)
		}
		e.do("GET", "/api/whatsapp/status/2", sup, nil).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		e.do("GET", "/api/whatsapp/status/1", e.token("admin2"), nil).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		super := e.token("superadmin")
		if s := w.estado(super, "/api/whatsapp/status/2"); s.Status != domain.WhatsAppSinInicializar {
			t.Fatalf("empresa 2 para super_admin: %+v", s)
		}
		e.do("GET", "/api/whatsapp/status/999", super, nil).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)

		e.do("GET", "/api/whatsapp/status/all", w.admin, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		r := e.do("GET", "/api/whatsapp/status/all", super, nil)
		r.expect(t, http.StatusOK, "")
		var todas []EstadoWhatsAppEmpresa
		r.decode(t, &todas)
		if len(todas) != 2 || todas[0].EmpresaID != 1 || !todas[0].Conectado || todas[0].NumeroVinculado != "+5491155550000" ||
			todas[0].UltimaConexion == nil || todas[0].EmpresaNombre != "Lanchas del Delta" ||
			todas[1].Conectado || todas[1].Status != domain.WhatsAppSinInicializar || todas[1].UltimaConexion != nil {
			t.Fatalf("todas: %+v", todas)
		}
		// a deactivated company is not listed
		if _, err := e.st.DB().Exec(`UPDATE empresas SET activa = FALSE WHERE id = 2`); err != nil {
			t.Fatal(err)
		}
		e.do("GET", "/api/whatsapp/status/all", super, nil).decode(t, &todas)
		if len(todas) != 1 {
			t.Fatalf("con una empresa inactiva: %+v", todas)
		}
	})
}

func TestWhatsAppInitializeShowsTheQRAndDisconnectUnlinks(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		r := e.do("POST", "/api/whatsapp/initialize", w.admin, map[string]any{})
		r.expect(t, http.StatusOK, domain.MsgWhatsAppInicializado)
		var s EstadoWhatsApp
		r.decode(t, &s)
		if s.Status != domain.WhatsAppQRListo || s.Connected || !strings.HasPrefix(s.QRCode, "data:image/png;base64,") {
			t.Fatalf("inicializar: %+v", s)
		}
		if got := w.estado(w.admin, "/api/whatsapp/status"); got.QRCode != s.QRCode {
			t.Fatal("el estado no muestra el mismo QR")
		}
		// another company only for super_admin
		e.do("POST", "/api/whatsapp/initialize", w.admin, map[string]any{"empresaId": 2}).
			expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		super := e.token("superadmin")
		r = e.do("POST", "/api/whatsapp/initialize", super, map[string]any{"empresaId": 2})
		r.expect(t, http.StatusOK, domain.MsgWhatsAppInicializado)
		r.decode(t, &s)
		if s.Status != domain.WhatsAppQRListo {
			t.Fatalf("empresa 2: %+v", s)
		}

		// linking by phone code while the QR waits
		e.do("POST", "/api/whatsapp/pair-phone", w.admin, map[string]any{"telefono": "abc"}).
			expect(t, http.StatusBadRequest, "El teléfono abc no es un número válido de Argentina")
		r = e.do("POST", "/api/whatsapp/pair-phone", w.admin, map[string]any{"telefono": "11 5555-0000"})
		r.expect(t, http.StatusOK, domain.MsgWhatsAppCodigoVinculacion)
		var codigo CodigoVinculacion
		r.decode(t, &codigo)
		if codigo.Codigo != whatsapptest.CodigoVinculacion {
			t.Fatalf("código: %+v", codigo)
		}
		cs := w.red.Clientes()
		c := cs[0]
		c.Escanear("5491155550000", "Lanchas del Delta")
		e.do("POST", "/api/whatsapp/pair-phone", w.admin, map[string]any{"telefono": "11 5555-0000"}).
			expect(t, http.StatusConflict, domain.MsgWhatsAppYaConectado)

		e.do("POST", "/api/whatsapp/disconnect", w.admin, map[string]any{"empresaId": 2}).
			expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		r = e.do("POST", "/api/whatsapp/disconnect", w.admin, map[string]any{})
		r.expect(t, http.StatusOK, domain.MsgWhatsAppDesconectado)
		r.decode(t, &s)
		if s.Status != domain.WhatsAppDesconectado || s.Connected || s.Info != nil || w.red.Vinculado(c.JID()) {
			t.Fatalf("desconectar: %+v", s)
		}
		if n := e.count(`SELECT COUNT(*) FROM whatsapp_sesiones WHERE empresa_id = 1 AND jid IS NOT NULL`); n != 0 {
			t.Fatalf("la empresa sigue vinculada: %d", n)
		}
		// the company 2 that super_admin started keeps its QR
		if s := w.estado(super, "/api/whatsapp/status/2"); s.Status != domain.WhatsAppQRListo {
			t.Fatalf("empresa 2 tras desconectar la 1: %+v", s)
		}
	})
}

func TestWhatsAppInitializeThatCannotConnectAnswersTheReason(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		w.red.Cortar(true)
		r := e.do("POST", "/api/whatsapp/initialize", w.admin, map[string]any{})
		r.expect(t, http.StatusUnprocessableEntity, domain.MsgWhatsAppSinConexion)
		var detalle DetalleTecnico
		r.decode(t, &detalle)
		if detalle.Detalle != whatsapptest.ErrSinConexion.Error() {
			t.Fatalf("detalle: %+v", detalle)
		}
		if s := w.estado(w.admin, "/api/whatsapp/status"); s.Status != domain.WhatsAppDesconectado ||
			s.Error != domain.MsgWhatsAppSinConexion || s.Detalle != whatsapptest.ErrSinConexion.Error() {
			t.Fatalf("estado: %+v", s)
		}
		w.red.Cortar(false)
		r = e.do("POST", "/api/whatsapp/initialize", w.admin, map[string]any{})
		r.expect(t, http.StatusOK, domain.MsgWhatsAppInicializado)
		var s EstadoWhatsApp
		r.decode(t, &s)
		if s.Status != domain.WhatsAppQRListo || s.Error != "" {
			t.Fatalf("al volver la red: %+v", s)
		}
	})
}

func TestWhatsAppCallsNeedTheServiceOnThisServer(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for _, ruta := range []string{"/api/whatsapp/initialize", "/api/whatsapp/disconnect"} {
			e.do("POST", ruta, admin, map[string]any{}).expect(t, http.StatusConflict, domain.MsgWhatsAppNoDisponible)
		}
		e.do("POST", "/api/whatsapp/send", admin, map[string]any{"numero": "11 5555-1234", "mensaje": "Hola"}).
			expect(t, http.StatusConflict, domain.MsgWhatsAppNoDisponible)
		// the status is read from the database, served without it
		e.do("GET", "/api/whatsapp/status", admin, nil).expect(t, http.StatusOK, "")
	})
}

func TestWhatsAppConfigEntriesAreValidatedAndSavedPerCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		leer := func(token string) map[string]string {
			r := e.do("GET", "/api/whatsapp/config", token, nil)
			r.expect(t, http.StatusOK, "")
			var es []EntradaConfigWhatsApp
			r.decode(t, &es)
			out := map[string]string{}
			for _, x := range es {
				out[x.Clave] = x.Valor
			}
			return out
		}
		if c := leer(admin); len(c) != 3 || c["auto_respuesta"] != "false" || c["horario_atencion"] != "" ||
			c["mensaje_bienvenida"] != "" {
			t.Fatalf("por defecto: %+v", c)
		}
		guardar := func(clave, valor, key string) response {
			return e.doWith("PUT", "/api/whatsapp/config", admin, map[string]string{"clave": clave, "valor": valor},
				map[string]string{"Idempotency-Key": key})
		}
		guardar("horario_atencion", "08:00-18:00", "h1").expect(t, http.StatusOK, domain.MsgWhatsAppConfigGuardada)
		guardar("horario_atencion", "08:00-18:00", "h1").expect(t, http.StatusOK, domain.MsgWhatsAppConfigGuardada)
		guardar("mensaje_bienvenida", "¡Hola!\nGracias por escribirnos.", "").expect(t, http.StatusOK, "")
		guardar("auto_respuesta", "true", "").expect(t, http.StatusOK, "")
		for _, c := range []struct{ clave, valor, msg string }{
			{"horario_atencion", "18:00-08:00", domain.MsgWhatsAppHorarioInvalido},
			{"horario_atencion", "todo el día", domain.MsgWhatsAppHorarioInvalido},
			{"auto_respuesta", "si", domain.MsgWhatsAppAutoRespuesta},
			{"firma", "x", domain.MsgWhatsAppClaveInvalida},
		} {
			guardar(c.clave, c.valor, "").expect(t, http.StatusBadRequest, c.msg)
		}
		e.do("PUT", "/api/whatsapp/config", admin, map[string]string{"clave": "auto_respuesta", "valor": strings.Repeat("x", 1001)}).
			expect(t, http.StatusBadRequest, "")
		e.do("PUT", "/api/whatsapp/config", admin, map[string]any{"clave": "auto_respuesta", "valor": "true", "otro": 1}).
			expect(t, http.StatusBadRequest, "")
		if c := leer(admin); c["horario_atencion"] != "08:00-18:00" || c["auto_respuesta"] != "true" ||
			c["mensaje_bienvenida"] != "¡Hola!\nGracias por escribirnos." {
			t.Fatalf("guardada: %+v", c)
		}
		if n := e.count(`SELECT COUNT(*) FROM whatsapp_configuracion WHERE empresa_id = 1`); n != 3 {
			t.Fatalf("filas: %d", n)
		}
		// another company's configuration is its own
		if c := leer(e.token("admin2")); c["auto_respuesta"] != "false" {
			t.Fatalf("empresa 2: %+v", c)
		}
		e.do("PUT", "/api/whatsapp/config", e.token("supervisor"), map[string]string{"clave": "auto_respuesta", "valor": "false"}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

func TestWhatsAppTestMessageIsSentNow(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		enviar := func(numero, mensaje string) response {
			return e.do("POST", "/api/whatsapp/send", w.admin, map[string]string{"numero": numero, "mensaje": mensaje})
		}
		enviar("", "Hola").expect(t, http.StatusBadRequest, domain.MsgWhatsAppTelefonoObligatorio)
		enviar("5555-1234", "Hola").expect(t, http.StatusBadRequest, domain.MsgTelefonoSinArea)
		enviar("11 4444-0000", " ").expect(t, http.StatusBadRequest, domain.MsgWhatsAppMensajeObligatorio)
		enviar("11 4444-0000", "Hola").expect(t, http.StatusConflict, domain.MsgWhatsAppNoConectado)
		w.vincular()
		enviar("(011) 15-4444-0000", "Hola desde Muelle").expect(t, http.StatusOK, domain.MsgWhatsAppPruebaEnviada)
		w.red.SinWhatsApp("+5491133330000")
		enviar("11 3333-0000", "Hola").expect(t, http.StatusBadRequest, "El número +5491133330000 no tiene WhatsApp")
		if r := w.red.Recibidos(); len(r) != 1 || r[0].Para != "+5491144440000" || r[0].Texto != "Hola desde Muelle" {
			t.Fatalf("recibidos: %+v", r)
		}
		e.do("POST", "/api/whatsapp/send", e.token("lancha"), map[string]string{"numero": "11 4444-0000", "mensaje": "x"}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

func TestEnviarPasajeWhatsAppGoesThroughTheOutboxOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		p := e.ventaA("vendedor", "Ana Gómez", 1)[0]
		ruta := fmt.Sprintf("/api/pasajes/%d/enviar-whatsapp", p.ID)
		enviar := func(token, telefono, key string) response {
			return e.doWith("POST", ruta, token, map[string]string{"telefono": telefono}, map[string]string{"Idempotency-Key": key})
		}
		enviar(w.admin, "11 5555-1234", "").expect(t, http.StatusConflict, domain.MsgWhatsAppNoConectado)
		w.vincular()
		enviar(w.admin, "", "").expect(t, http.StatusBadRequest, domain.MsgWhatsAppTelefonoObligatorio)
		enviar(w.admin, "+1 415 555 1234", "").expect(t, http.StatusBadRequest,
			"El teléfono +1 415 555 1234 no es un número válido de Argentina")
		if n := e.count(`SELECT COUNT(*) FROM mensajes WHERE canal = 'whatsapp'`); n != 0 {
			t.Fatalf("mensajes tras los rechazos: %d", n)
		}

		r := enviar(w.admin, "0351 15 555 1234", "wa-1")
		r.expect(t, http.StatusCreated, domain.MsgWhatsAppPasajeEncolado)
		var m MensajeSalida
		r.decode(t, &m)
		if m.Canal != store.CanalWhatsApp || m.Destino != "+5493515551234" || m.Estado != store.MensajePendiente ||
			len(m.PasajeIDs) != 1 || m.PasajeIDs[0] != p.ID {
			t.Fatalf("mensaje: %+v", m)
		}
		var otra MensajeSalida
		enviar(w.admin, "0351 15 555 1234", "wa-1").decode(t, &otra)
		if otra.ID != m.ID {
			t.Fatalf("el reintento creó otro mensaje: %d != %d", otra.ID, m.ID)
		}
		for range 2 {
			if _, err := w.tareas.Vaciar(context.Background(), mensajeria.TipoWhatsApp); err != nil {
				t.Fatal(err)
			}
		}
		rec := w.red.Recibidos()
		if n := e.count(`SELECT COUNT(*) FROM mensajes WHERE canal = 'whatsapp'`); n != 1 || len(rec) != 1 {
			t.Fatalf("mensajes %d, recibidos %d", n, len(rec))
		}
		if rec[0].Para != "+5493515551234" || len(rec[0].Imagen) == 0 || !strings.Contains(rec[0].Texto, p.NumeroPasaje) ||
			!strings.Contains(rec[0].Texto, "Pasajero: Ana Gómez") || !strings.Contains(rec[0].Texto, "Fecha de viaje: ") {
			t.Fatalf("recibido: %+v", rec[0])
		}
		var lista []MensajeSalida
		e.do("GET", fmt.Sprintf("/api/pasajes/%d/mensajes", p.ID), w.admin, nil).decode(t, &lista)
		if len(lista) != 1 || lista[0].Estado != store.MensajeEnviado || lista[0].EnviadoAt == nil {
			t.Fatalf("mensajes del pasaje: %+v", lista)
		}
		if s := w.estado(w.admin, "/api/whatsapp/status"); !s.Connected {
			t.Fatalf("estado: %+v", s)
		}
		if n := e.count(`SELECT mensajes_enviados FROM whatsapp_sesiones WHERE empresa_id = 1`); n != 1 {
			t.Fatalf("mensajes enviados: %d", n)
		}

		// another company's ticket is not found; a seller without the permission
		// sends only its own recent sale
		enviar(e.token("admin2"), "11 5555-1234", "").expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		enviar(e.token("vendedor"), "11 5555-1234", "").expect(t, http.StatusCreated, domain.MsgWhatsAppPasajeEncolado)
		ajeno := e.ventaA("supervisor", "Otro", 1)[0]
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/enviar-whatsapp", ajeno.ID), e.token("vendedor"),
			map[string]string{"telefono": "11 5555-1234"}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/enviar-whatsapp", ajeno.ID), e.token("lancha"),
			map[string]string{"telefono": "11 5555-1234"}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

func TestWhatsAppEndingTheSessionFailsTheTicketsAndNotifiesTheAdmins(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		c := w.vincular()
		p := e.ventaA("vendedor", "Ana", 1)[0]
		var m MensajeSalida
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/enviar-whatsapp", p.ID), w.admin,
			map[string]string{"telefono": "11 5555-1234"}).decode(t, &m)
		c.Baja(domain.MsgWhatsAppBloqueado, true)
		var lista []MensajeSalida
		e.do("GET", fmt.Sprintf("/api/pasajes/%d/mensajes", p.ID), w.admin, nil).decode(t, &lista)
		if len(lista) != 1 || lista[0].Estado != store.MensajeFallido || lista[0].Error != domain.MsgWhatsAppBloqueado {
			t.Fatalf("mensaje tras la baja: %+v", lista)
		}
		if s := w.estado(w.admin, "/api/whatsapp/status"); s.Status != domain.WhatsAppDesconectado || s.Error != domain.MsgWhatsAppBloqueado {
			t.Fatalf("estado: %+v", s)
		}
		// the alert reaches the admins as a notification
		evs, err := e.st.EventosPosteriores(context.Background(), 0, 10000)
		if err != nil {
			t.Fatal(err)
		}
		alertas := 0
		for _, ev := range evs {
			if ev.Nombre == "alertaSistema" && ev.EmpresaID == 1 {
				alertas++
			}
		}
		if alertas != 1 {
			t.Fatalf("alertas: %d", alertas)
		}
		if err := e.st.NotificarEventos(context.Background(), evs); err != nil {
			t.Fatal(err)
		}
		var ns struct {
			Notificaciones []struct{ Tipo, Titulo, Mensaje string }
		}
		e.do("GET", "/api/notificaciones", w.admin, nil).decode(t, &ns)
		encontrada := false
		for _, n := range ns.Notificaciones {
			encontrada = encontrada || (n.Tipo == domain.NotifAlerta && n.Titulo == domain.TituloWhatsAppBaja &&
				n.Mensaje == domain.MensajeWhatsAppBaja(domain.MsgWhatsAppBloqueado, 1))
		}
		if !encontrada {
			t.Fatalf("notificaciones: %+v", ns.Notificaciones)
		}
		// the device is gone: a new ticket is refused at once
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/enviar-whatsapp", p.ID), w.admin,
			map[string]string{"telefono": "11 5555-1234"}).expect(t, http.StatusConflict, domain.MsgWhatsAppNoConectado)
	})
}

func TestServiceMonitorReportsWhatsAppFromTheGestor(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		w := nuevoWA(t, e)
		super := e.token("superadmin")
		servicio := func() Servicio {
			var got []Servicio
			e.do("GET", "/api/admin/servicios", super, nil).decode(t, &got)
			for _, s := range got {
				if s.Clave == "whatsapp" {
					return s
				}
			}
			t.Fatal("sin whatsapp")
			return Servicio{}
		}
		if s := servicio(); s.Estado != "sin_configurar" || s.Detalles != MsgServicioSinConfigurar {
			t.Fatalf("sin vincular: %+v", s)
		}
		c := w.vincular()
		if s := servicio(); s.Estado != "conectado" || s.ClientesActivos == nil || *s.ClientesActivos != 1 ||
			s.Detalles != "1 empresa conectada de 1" {
			t.Fatalf("vinculada: %+v", s)
		}
		// each admin's dashboard: its own company's link only, never another's number nor the count
		propio := func(usuario, estado, detalles string) {
			t.Helper()
			if s := e.serviciosDelTablero(e.token(usuario))[1]; s.Clave != "whatsapp" || s.Estado != estado ||
				s.Detalles != detalles || s.ClientesActivos != nil {
				t.Fatalf("tablero de %s: %+v", usuario, s)
			}
		}
		propio("admin", "conectado", "Conectado al número +5491155550000")
		propio("admin2", "sin_configurar", MsgServicioSinConfigurar)
		c.Caer()
		if s := servicio(); s.Estado != "desconectado" || *s.ClientesActivos != 0 || s.Detalles != "0 empresas conectadas de 1" {
			t.Fatalf("caída: %+v", s)
		}
		propio("admin", "desconectado", "Conectando")
		var d struct {
			EstadoServicios []Servicio `json:"estado_servicios"`
		}
		e.do("GET", "/api/dashboard/stats", super, nil).decode(t, &d)
		if n := len(d.EstadoServicios); n != 6 || d.EstadoServicios[2].Nombre != "WhatsApp" || d.EstadoServicios[2].Conectado ||
			d.EstadoServicios[2].ClientesActivos == nil {
			t.Fatalf("dashboard: %+v", d.EstadoServicios)
		}
	})
}

func TestCanalesEnvioOffersEmailWhenActiveAndWhatsAppWhenLinked(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vend := e.token("vendedor")
		canales := func() CanalesEnvio {
			t.Helper()
			r := e.do("GET", "/api/pasajes/canales-envio", vend, nil)
			r.expect(t, http.StatusOK, "")
			var c CanalesEnvio
			r.decode(t, &c)
			return c
		}
		if c := canales(); c.Email || c.WhatsApp {
			t.Fatalf("sin configurar: %+v", c)
		}
		c := nuevoCorreo(t, e)
		c.configurar()
		w := nuevoWA(t, e)
		w.vincular()
		if got := canales(); !got.Email || !got.WhatsApp {
			t.Fatalf("configurados: %+v", got)
		}
		inactivo := c.cuerpoConfig("")
		inactivo["activo"] = false
		c.do("POST", "/api/configuracion-email", c.admin, inactivo).expect(t, http.StatusOK, "")
		if got := canales(); got.Email || !got.WhatsApp {
			t.Fatalf("correo inactivo: %+v", got)
		}
		e.do("GET", "/api/pasajes/canales-envio", e.token("lancha"), nil).expect(t, http.StatusForbidden, "")
	})
}
