package whatsapp_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
	"muelle/internal/whatsapp"
	"muelle/internal/whatsapp/whatsapptest"
)

const empresa int64 = 1

// reloj is the rate limit's fake clock: Dormir advances it and keeps each wait.
type reloj struct {
	mu      sync.Mutex
	ahora   time.Time
	esperas []time.Duration
}

func (r *reloj) Ahora() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ahora
}

func (r *reloj) Dormir(_ context.Context, d time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ahora = r.ahora.Add(d)
	r.esperas = append(r.esperas, d)
	return nil
}

// entorno is a seeded store, a fake WhatsApp and a started Gestor over them.
type entorno struct {
	t     *testing.T
	st    *store.Store
	red   *whatsapptest.Red
	g     *whatsapp.Gestor
	reloj *reloj
}

const (
	intervalo = 4 * time.Second
	jitter    = 3 * time.Second
)

func nuevoEntorno(t *testing.T, st *store.Store) *entorno {
	t.Helper()
	if err := demo.Seed(context.Background(), st, auth.Hasher{Cost: bcrypt.MinCost}); err != nil {
		t.Fatal(err)
	}
	e := &entorno{t: t, st: st, red: whatsapptest.NuevaRed(), reloj: &reloj{ahora: time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)}}
	e.g = e.gestor()
	return e
}

// gestor starts a Gestor over the environment's store and fake WhatsApp (a
// second one is a restart).
func (e *entorno) gestor() *whatsapp.Gestor {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.t.Cleanup(cancel)
	g := &whatsapp.Gestor{Store: e.st, Abrir: e.red.Abrir, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Intervalo: intervalo, Jitter: jitter, Espera: 5 * time.Second, Ahora: e.reloj.Ahora, Dormir: e.reloj.Dormir}
	if err := g.Iniciar(ctx); err != nil {
		e.t.Fatal(err)
	}
	return g
}

func (e *entorno) sesion() store.SesionWhatsApp {
	e.t.Helper()
	w, err := e.st.SesionWhatsAppDe(context.Background(), empresa)
	if err != nil {
		e.t.Fatal(err)
	}
	return w
}

// esperar polls cond (the Gestor connects in the background) for up to 5 s.
func (e *entorno) esperar(que string, cond func() bool) {
	e.t.Helper()
	for fin := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(fin) {
			e.t.Fatalf("no pasó: %s", que)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (e *entorno) ultimoCliente() *whatsapptest.Cliente {
	e.t.Helper()
	cs := e.red.Clientes()
	if len(cs) == 0 {
		e.t.Fatal("no se abrió ningún cliente")
	}
	return cs[len(cs)-1]
}

// vincular initializes the company and scans its QR from the phone 5491155550000.
func (e *entorno) vincular() *whatsapptest.Cliente {
	e.t.Helper()
	if err := e.g.Inicializar(context.Background(), empresa); err != nil {
		e.t.Fatal(err)
	}
	c := e.ultimoCliente()
	c.Escanear("5491155550000", "Lanchas del Delta")
	e.esperar("conectado", func() bool { return e.sesion().Estado == domain.WhatsAppConectado })
	return c
}

// eventos are the stored events of the company with that name.
func (e *entorno) eventos(nombre string) []events.Event {
	e.t.Helper()
	evs, err := e.st.EventosPosteriores(context.Background(), 0, 10000)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []events.Event
	for _, ev := range evs {
		if ev.Nombre == nombre && ev.EmpresaID == empresa {
			out = append(out, ev)
		}
	}
	return out
}

func TestLinkingByQRGoesThroughTheStatesAndPushesEach(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		if w := e.sesion(); w.Estado != domain.WhatsAppSinInicializar {
			t.Fatalf("antes de inicializar: %q", w.Estado)
		}
		if err := e.g.Inicializar(context.Background(), empresa); err != nil {
			t.Fatal(err)
		}
		w := e.sesion()
		if w.Estado != domain.WhatsAppQRListo || !strings.HasPrefix(w.QR, "data:image/png;base64,") || w.JID != "" {
			t.Fatalf("tras inicializar: %+v", w)
		}
		primero := w.QR
		c := e.ultimoCliente()
		c.RotarQR()
		if w = e.sesion(); w.Estado != domain.WhatsAppQRListo || w.QR == primero {
			t.Fatalf("el QR no rotó: %+v", w)
		}
		// a second initialize while the QR waits reuses the same client
		if err := e.g.Inicializar(context.Background(), empresa); err != nil || len(e.red.Clientes()) != 1 {
			t.Fatalf("reinicializar: %v, %d clientes", err, len(e.red.Clientes()))
		}
		c.Escanear("5491155550000", "Lanchas del Delta")
		w = e.sesion()
		if w.Estado != domain.WhatsAppConectado || w.QR != "" || w.JID != c.JID() || w.Numero != "+5491155550000" ||
			w.Nombre != "Lanchas del Delta" || w.UltimaConexion == nil || w.Error != "" {
			t.Fatalf("tras escanear: %+v", w)
		}
		var estados []string
		for _, ev := range e.eventos(events.WhatsAppStatus) {
			var d store.EventoWhatsApp
			if err := json.Unmarshal(ev.Datos.(json.RawMessage), &d); err != nil {
				t.Fatal(err)
			}
			if d.EmpresaID != empresa || strings.Join(ev.Roles, ",") != "admin,super_admin" ||
				(d.Status == domain.WhatsAppQRListo) != strings.HasPrefix(d.QRCode, "data:image/png;base64,") {
				t.Fatalf("evento %+v %+v", ev, d)
			}
			estados = append(estados, d.Status)
		}
		if got := strings.Join(estados, " "); got != "connecting qr_ready qr_ready connecting connected" {
			t.Fatalf("estados publicados: %s", got)
		}
		if v, c := e.g.Activas(); v != 1 || c != 1 {
			t.Fatalf("activas: %d vinculadas, %d conectadas", v, c)
		}

		// a dropped connection is connecting again until the client is back
		c.Caer()
		if w = e.sesion(); w.Estado != domain.WhatsAppConectando {
			t.Fatalf("tras caer: %q", w.Estado)
		}
		c.Reconectar()
		if w = e.sesion(); w.Estado != domain.WhatsAppConectado {
			t.Fatalf("tras reconectar: %q", w.Estado)
		}
	})
}

func TestAQRThatRunsOutLeavesTheCompanyDisconnectedWithTheReason(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		if err := e.g.Inicializar(context.Background(), empresa); err != nil {
			t.Fatal(err)
		}
		c := e.ultimoCliente()
		c.VencerQR()
		if w := e.sesion(); w.Estado != domain.WhatsAppDesconectado || w.Error != domain.MsgWhatsAppQRVencido || w.QR != "" {
			t.Fatalf("tras vencer: %+v", w)
		}
		c.RotarQR() // the old client's late events change nothing
		if w := e.sesion(); w.Estado != domain.WhatsAppDesconectado {
			t.Fatalf("un evento tardío cambió el estado: %+v", w)
		}
		// initializing again opens a new client and clears the error
		if err := e.g.Inicializar(context.Background(), empresa); err != nil {
			t.Fatal(err)
		}
		if w := e.sesion(); w.Estado != domain.WhatsAppQRListo || w.Error != "" || len(e.red.Clientes()) != 2 {
			t.Fatalf("tras reinicializar: %+v", w)
		}
	})
}

func TestPairingByPhoneCode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		codigo, err := e.g.VincularPorTelefono(context.Background(), empresa, "+5491155550000")
		if err != nil || codigo != whatsapptest.CodigoVinculacion {
			t.Fatalf("código %q, %v", codigo, err)
		}
		e.ultimoCliente().Escanear("5491155550000", "Lanchas del Delta")
		_, err = e.g.VincularPorTelefono(context.Background(), empresa, "+5491155550000")
		if de, ok := domain.AsError(err); !ok || de.Kind != domain.KindConflict || de.Message != domain.MsgWhatsAppYaConectado {
			t.Fatalf("ya conectado: %v", err)
		}
	})
}

func TestLinkedSessionsAreRestoredAtStartUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		c := e.vincular()
		// a company left half-way through linking by the previous run
		if err := st.CambiarSesionWhatsApp(context.Background(), 2, store.CambioWhatsApp{Estado: domain.WhatsAppQRListo,
			QR: "data:image/png;base64,AAAA"}); err != nil {
			t.Fatal(err)
		}
		e.g.Cerrar()
		if !e.red.Vinculado(c.JID()) {
			t.Fatal("cerrar el servidor desvinculó el dispositivo")
		}
		otro := e.gestor()
		e.esperar("restaurada", func() bool { return e.sesion().Estado == domain.WhatsAppConectado })
		if cs := e.red.Clientes(); len(cs) != 2 || cs[1].JID() != c.JID() {
			t.Fatalf("no se restauró el dispositivo %s", c.JID())
		}
		w2, err := st.SesionWhatsAppDe(context.Background(), 2)
		if err != nil || w2.Estado != domain.WhatsAppDesconectado || w2.QR != "" {
			t.Fatalf("la empresa a medio vincular: %+v %v", w2, err)
		}
		if v, cn := otro.Activas(); v != 1 || cn != 1 {
			t.Fatalf("activas tras reiniciar: %d %d", v, cn)
		}
	})
}

func TestDisconnectUnlinksTheDevice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		c := e.vincular()
		jid := c.JID()
		if err := e.g.Desconectar(context.Background(), empresa); err != nil {
			t.Fatal(err)
		}
		if w := e.sesion(); w.Estado != domain.WhatsAppDesconectado || w.JID != "" || w.Numero != "" || w.Error != "" {
			t.Fatalf("tras desconectar: %+v", w)
		}
		if e.red.Vinculado(jid) {
			t.Fatal("el dispositivo sigue vinculado")
		}
		err := e.g.EnviarTexto(context.Background(), empresa, "+5491144440000", "hola")
		if de, ok := domain.AsError(err); !ok || de.Kind != domain.KindConflict || de.Message != domain.MsgWhatsAppNoConectado {
			t.Fatalf("enviar desconectado: %v", err)
		}
	})
}

func TestTheRateLimitSpacesACompanysMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		e.vincular()
		for i := range 4 {
			if err := e.g.EnviarTexto(context.Background(), empresa, "+5491144440000", "mensaje"); err != nil {
				t.Fatalf("mensaje %d: %v", i, err)
			}
		}
		// the first goes at once; each of the others waits its turn
		if len(e.reloj.esperas) != 3 {
			t.Fatalf("esperas: %v", e.reloj.esperas)
		}
		distintas := map[time.Duration]bool{}
		for _, d := range e.reloj.esperas {
			if d < intervalo || d >= intervalo+jitter {
				t.Fatalf("espera %v fuera de [%v, %v)", d, intervalo, intervalo+jitter)
			}
			distintas[d] = true
		}
		if len(distintas) < 2 {
			t.Fatalf("sin variación al azar: %v", e.reloj.esperas)
		}
		if n := len(e.red.Recibidos()); n != 4 {
			t.Fatalf("recibidos: %d", n)
		}
		if w := e.sesion(); w.MensajesEnviados != 4 {
			t.Fatalf("mensajes enviados: %d", w.MensajesEnviados)
		}
	})
}

// encolar writes a WhatsApp message of one of the company's tickets.
func (e *entorno) encolar() store.Mensaje {
	e.t.Helper()
	ctx := context.Background()
	var pasaje, admin int64
	if err := e.st.DB().QueryRowContext(ctx, e.st.Rebind(`SELECT MIN(id) FROM pasajes WHERE empresa_id = ?`), empresa).
		Scan(&pasaje); err != nil {
		e.t.Fatal(err)
	}
	u, _, err := e.st.UsuarioPorNombre(ctx, "admin")
	if err != nil {
		e.t.Fatal(err)
	}
	admin = u.ID
	m, err := e.st.EncolarMensaje(ctx, store.Actor{UsuarioID: admin, EmpresaID: empresa},
		store.NuevoMensaje{Canal: store.CanalWhatsApp, Tipo: store.TipoPasajes, Destino: "+5491144440000",
			PasajeIDs: []int64{pasaje}})
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}

func TestTheOutboxSendsTheTicketAsTextAndQR(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		tareas := jobs.Nuevo(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
		mensajeria.WhatsApp{Store: st, Remitente: e.g}.Registrar(tareas)
		c := e.vincular()
		m := e.encolar()
		// while the company reconnects the message waits and is retried
		c.Caer()
		if n, err := tareas.Vaciar(context.Background(), mensajeria.TipoWhatsApp); err != nil || n != 1 {
			t.Fatalf("procesar: %d %v", n, err)
		}
		ms, err := st.MensajesDePasaje(context.Background(), empresa, m.PasajeIDs[0])
		if err != nil || len(ms) != 1 || ms[0].Estado != store.MensajePendiente || ms[0].Error != domain.MsgWhatsAppNoConectado {
			t.Fatalf("con la conexión caída: %+v %v", ms, err)
		}
		c.Reconectar()
		if _, err := st.DB().Exec(st.Rebind(`UPDATE mensajes SET proximo_intento = ? WHERE id = ?`),
			time.Now().Add(-time.Minute).UTC(), m.ID); err != nil {
			t.Fatal(err)
		}
		if n, err := tareas.Vaciar(context.Background(), mensajeria.TipoWhatsApp); err != nil || n != 1 {
			t.Fatalf("procesar: %d %v", n, err)
		}
		r := e.red.Recibidos()
		if len(r) != 1 || r[0].Para != "+5491144440000" || len(r[0].Imagen) == 0 ||
			!strings.Contains(r[0].Texto, "*Lanchas del Delta*") || !strings.Contains(r[0].Texto, "Pasaje ") ||
			!strings.Contains(r[0].Texto, "Precio: $ ") || !strings.Contains(r[0].Texto, "Mostrá el código QR al embarcar.") {
			t.Fatalf("recibido: %+v", r)
		}
		ms, _ = st.MensajesDePasaje(context.Background(), empresa, m.PasajeIDs[0])
		if ms[0].Estado != store.MensajeEnviado || ms[0].Intentos != 2 {
			t.Fatalf("tras enviar: %+v", ms[0])
		}
	})
}

func TestANumberWithoutWhatsAppFailsTheMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		e.vincular()
		e.red.SinWhatsApp("+5491144440000")
		err := e.g.Enviar(context.Background(), empresa, mensajeria.Mensaje{Destino: "+5491144440000", Texto: "hola"})
		if err == nil || mensajeria.EsTemporal(err) || err.Error() != domain.MsgWhatsAppDestinoSinWPP {
			t.Fatalf("error %v (temporal: %v)", err, mensajeria.EsTemporal(err))
		}
	})
}

func TestWhatsAppEndingTheSessionFailsThePendingMessagesAndAlerts(t *testing.T) {
	for _, caso := range []struct {
		nombre  string
		motivo  string
		olvidar bool
	}{
		{"sesión cerrada", domain.MsgWhatsAppSesionCerrada, true},
		{"suspensión temporal", domain.MsgWhatsAppSuspendido + " (código 101)", false},
		{"bloqueo", domain.MsgWhatsAppBloqueado, true},
		{"cliente desactualizado", domain.MsgWhatsAppDesactualizado, false},
	} {
		t.Run(caso.nombre, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, st *store.Store) {
				e := nuevoEntorno(t, st)
				c := e.vincular()
				pendiente, otro := e.encolar(), e.encolar()
				// a message a worker holds right now is left to it
				reclamado, ok, err := st.ReclamarMensaje(context.Background(), time.Hour, store.CanalWhatsApp)
				if err != nil || !ok || reclamado.ID != pendiente.ID {
					t.Fatalf("reclamar: %+v %v %v", reclamado, ok, err)
				}
				c.Baja(caso.motivo, caso.olvidar)
				w := e.sesion()
				if w.Estado != domain.WhatsAppDesconectado || w.Error != caso.motivo || (w.JID == "") != caso.olvidar {
					t.Fatalf("tras la baja: %+v", w)
				}
				ms, _ := st.MensajesDePasaje(context.Background(), empresa, otro.PasajeIDs[0])
				estados := map[int64]store.Mensaje{}
				for _, m := range ms {
					estados[m.ID] = m
				}
				if m := estados[otro.ID]; m.Estado != store.MensajeFallido || m.Error != caso.motivo {
					t.Fatalf("mensaje pendiente: %+v", m)
				}
				if m := estados[pendiente.ID]; m.Estado != store.MensajePendiente {
					t.Fatalf("mensaje reclamado: %+v", m)
				}
				alertas := e.eventos(events.AlertaSistema)
				var al store.EventoAlerta
				if len(alertas) != 1 || json.Unmarshal(alertas[0].Datos.(json.RawMessage), &al) != nil ||
					al.Titulo != domain.TituloWhatsAppBaja || al.Mensaje != domain.MensajeWhatsAppBaja(caso.motivo, 1) {
					t.Fatalf("alerta: %+v %+v", alertas, al)
				}
				// the message the worker held now fails for good with the reason: no retry
				err = e.g.Enviar(context.Background(), empresa, mensajeria.Mensaje{Destino: "+5491144440000", Texto: "x"})
				if err == nil || mensajeria.EsTemporal(err) || err.Error() != caso.motivo {
					t.Fatalf("enviar tras la baja: %v (temporal %v)", err, mensajeria.EsTemporal(err))
				}
				if v, cn := e.g.Activas(); v != 0 || cn != 0 {
					t.Fatalf("activas: %d %d", v, cn)
				}
			})
		})
	}
}
