package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/realtime"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// esperaSocket bounds every wait for a socket message in these tests.
const esperaSocket = 10 * time.Second

// enVivo serves e's API on a loopback port with the event stream wired like
// `muelle serve` does, and returns its base URL.
func (e *env) enVivo() string {
	e.t.Helper()
	return servirEnVivo(e.t, e.srv)
}

func servirEnVivo(t testing.TB, srv *Server) string {
	ctx, cancel := context.WithCancel(context.Background())
	hub, err := realtime.Iniciar(ctx, srv.Store, autenticarCon(srv.Auth), srv.Log)
	if err != nil {
		t.Fatal(err)
	}
	srv.Hub = hub
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hub.Cerrar()
		ts.Close()
		cancel()
	})
	return ts.URL
}

func autenticarCon(svc *auth.Service) realtime.Autenticar {
	return func(ctx context.Context, token string) (store.UsuarioSesion, error) {
		_, u, err := svc.Authenticate(ctx, token)
		return u, err
	}
}

// socket is a test client of GET /api/ws.
type socket struct {
	t    testing.TB
	conn *websocket.Conn
}

// dial opens a socket with the token offered as subprotocol (none when ""),
// resuming after desde when it is not 0.
func dial(base, token string, desde int64) (*websocket.Conn, *http.Response, error) {
	url := "ws" + strings.TrimPrefix(base, "http") + "/api/ws"
	if desde > 0 {
		url += fmt.Sprintf("?desde=%d", desde)
	}
	opts := &websocket.DialOptions{}
	if token != "" {
		opts.Subprotocols = []string{SubprotocoloSocket, token}
	}
	ctx, cancel := context.WithTimeout(context.Background(), esperaSocket)
	defer cancel()
	return websocket.Dial(ctx, url, opts)
}

func conectar(t *testing.T, base, token string, desde int64) *socket {
	t.Helper()
	c, _, err := dial(base, token, desde)
	if err != nil {
		t.Fatalf("conectar: %v", err)
	}
	t.Cleanup(func() { _ = c.CloseNow() })
	return &socket{t: t, conn: c}
}

// leer reads the next message.
func (s *socket) leer() (realtime.Mensaje, error) {
	ctx, cancel := context.WithTimeout(context.Background(), esperaSocket)
	defer cancel()
	_, b, err := s.conn.Read(ctx)
	if err != nil {
		return realtime.Mensaje{}, err
	}
	var m realtime.Mensaje
	return m, json.Unmarshal(b, &m)
}

// hasta reads messages up to and including the first named evento, and
// returns them all.
func (s *socket) hasta(evento string) []realtime.Mensaje {
	s.t.Helper()
	var out []realtime.Mensaje
	for {
		m, err := s.leer()
		if err != nil {
			s.t.Fatalf("esperando %s (leídos %v): %v", evento, eventosDe(out), err)
		}
		out = append(out, m)
		if m.Evento == evento {
			return out
		}
	}
}

func (s *socket) enviar(v any) {
	s.t.Helper()
	b, _ := json.Marshal(v)
	if err := s.conn.Write(context.Background(), websocket.MessageText, b); err != nil {
		s.t.Fatal(err)
	}
}

func eventosDe(ms []realtime.Mensaje) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Evento
	}
	return out
}

// A socket needs a valid session: none, a bad one and a revoked one are
// refused with 401 before the upgrade.
func TestSocketRefusesWithoutAValidSession(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		revocado := e.login("admin")
		e.do("POST", "/api/auth/logout", revocado, nil).expect(t, http.StatusOK, "")
		for nombre, token := range map[string]string{"sin token": "", "token inválido": "no.es.un-token",
			"token revocado": revocado} {
			c, resp, err := dial(base, token, 0)
			if err == nil {
				c.CloseNow()
				t.Fatalf("%s: el socket se abrió", nombre)
			}
			if resp == nil || resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("%s: respuesta %v, se esperaba 401", nombre, resp)
			}
		}
		// the token in the URL is not a way in either
		c, resp, err := dial(base+"/api/ws?token="+e.token("admin")+"&x=", "", 0)
		if err == nil || resp.StatusCode != http.StatusUnauthorized {
			if c != nil {
				c.CloseNow()
			}
			t.Fatal("un token en la URL abrió el socket")
		}
	})
}

// A socket whose session ends (logout, user deactivated) is closed at once
// with the policy code, without waiting for the periodic check.
func TestSocketClosesWhenItsSessionEnds(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		e.srv.Hub.RevisarCada = time.Hour
		tok := e.login("supervisor")
		s := conectar(t, base, tok, 0)
		s.hasta("conectado")
		e.do("POST", "/api/auth/logout", tok, nil).expect(t, http.StatusOK, "")
		esperarCierre(t, s, websocket.StatusPolicyViolation)

		s = conectar(t, base, e.token("vendedor"), 0)
		s.hasta("conectado")
		if err := e.st.SetUsuarioActivo(context.Background(), 1, e.userID("vendedor"), false); err != nil {
			t.Fatal(err)
		}
		esperarCierre(t, s, websocket.StatusPolicyViolation)
	})
}

func esperarCierre(t *testing.T, s *socket, code websocket.StatusCode) {
	t.Helper()
	for {
		_, err := s.leer()
		if err == nil {
			continue
		}
		if got := websocket.CloseStatus(err); got != code {
			t.Fatalf("cierre %v (%v), se esperaba %v", got, err, code)
		}
		return
	}
}

// posteriores are the messages of events after the event id antes (and those
// that are no stored event).
func posteriores(ms []realtime.Mensaje, antes int64) []realtime.Mensaje {
	var out []realtime.Mensaje
	for _, m := range ms {
		if m.ID == 0 || m.ID > antes {
			out = append(out, m)
		}
	}
	return out
}

// A company-2 socket never receives a company-1 event, even after asking to
// join rooms: its rooms come from its session.
func TestSocketNeverReceivesAnotherCompanysEvents(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		antes, err := e.st.UltimoEvento(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ajeno := conectar(t, base, e.token("admin2"), 0)
		ajeno.hasta("conectado")
		ajeno.enviar(realtime.Pedido{Evento: "join-role-room", Rol: domain.RolSupervisor})
		if m := ajeno.hasta("rechazado"); m[len(m)-1].Mensaje != realtime.MsgSalaRechazada {
			t.Fatalf("rechazo = %+v", m)
		}
		ajeno.enviar(realtime.Pedido{Evento: "join-role-room", Rol: domain.RolAdmin})
		ajeno.enviar(map[string]any{"evento": "authenticate", "token": e.token("admin"), "userId": 2, "role": "admin"})
		propio := conectar(t, base, e.token("admin"), 0)
		propio.hasta("conectado")

		vendedor := e.token("vendedor")
		e.abrir(vendedor, 0).expect(t, http.StatusCreated, "")
		e.sell(vendedor, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		propio.hasta(events.NuevaVenta)
		// a company-2 write: the first event the company-2 socket sees is its own
		e.abrir(e.token("vendedor2"), 0).expect(t, http.StatusCreated, "")
		// what the schema held before this test (a PostgreSQL schema is handed from test to test) is not this test's
		recibidos := posteriores(ajeno.hasta(events.CajaAbierta), antes)
		// every stored event it received is company 2's: its own notifications too (the demo's company-2
		// activity notifies admin2 once the notifier gets to it, on a busy machine after this socket connects)
		for _, m := range recibidos {
			if m.ID == 0 {
				t.Fatalf("la otra empresa recibió %s, que no es un evento guardado", m.Evento)
			}
			if e.count(`SELECT COUNT(*) FROM eventos WHERE id = ? AND empresa_id = (SELECT empresa_id FROM usuarios WHERE id = ?)`,
				m.ID, e.userID("admin2")) != 1 {
				t.Fatalf("la otra empresa recibió %v: %s %s es de otra empresa", eventosDe(recibidos), m.Evento, m.Datos)
			}
		}
		var caja store.EventoCaja
		if err := json.Unmarshal(recibidos[len(recibidos)-1].Datos, &caja); err != nil || caja.UsuarioID != e.userID("vendedor2") {
			t.Fatalf("caja = %+v, %v", caja, err)
		}
	})
}

// A client that reconnects with the last id it saw receives what it missed,
// each event once, then the live ones; one whose gap cannot be filled is told
// to resync.
func TestSocketResumesAfterReconnectExactlyOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		tok, vendedor := e.token("supervisor"), e.token("vendedor")
		s := conectar(t, base, tok, 0)
		ultimo := s.hasta("conectado")[0].UltimoID
		e.abrir(vendedor, 0).expect(t, http.StatusCreated, "")
		for _, m := range s.hasta(events.CajaAbierta) {
			ultimo = max(ultimo, m.ID)
		}
		_ = s.conn.Close(websocket.StatusNormalClosure, "")

		e.sell(vendedor, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		perdidos := e.count(`SELECT COUNT(*) FROM eventos WHERE id > ? AND empresa_id = 1
			AND nombre IN (?, ?) AND (roles = '' OR roles LIKE '%supervisor%')`, ultimo, events.PasajeCreado, events.NuevaVenta)
		if perdidos != 3 {
			t.Fatalf("eventos perdidos = %d", perdidos)
		}
		s = conectar(t, base, tok, ultimo)
		recibidos := s.hasta("conectado")
		e.do("POST", "/api/caja/movimiento", vendedor, map[string]any{"tipo": "ingreso_extra", "monto": 10,
			"descripcion": "Propina"}).expect(t, http.StatusCreated, "")
		recibidos = append(recibidos, s.hasta(events.MovimientoCaja)...)
		vistos, venta := map[int64]bool{}, 0
		for _, m := range recibidos {
			// only this test's events: a PostgreSQL schema is handed from test to test, and what a
			// former user of it commits late (configActualizada) may carry an id below ultimo
			if m.ID == 0 || !slices.Contains([]string{events.CajaAbierta, events.PasajeCreado, events.NuevaVenta, events.MovimientoCaja}, m.Evento) {
				continue
			}
			if vistos[m.ID] || m.ID <= ultimo {
				t.Fatalf("evento %d (%s) repetido o anterior a %d", m.ID, m.Evento, ultimo)
			}
			vistos[m.ID] = true
			if m.Evento == events.PasajeCreado || m.Evento == events.NuevaVenta {
				venta++
			}
		}
		if venta != 3 {
			t.Fatalf("eventos de la venta recibidos = %d, se esperaban 3: %v", venta, eventosDe(recibidos))
		}
		_ = s.conn.Close(websocket.StatusNormalClosure, "")

		s = conectar(t, base, tok, 1<<40)
		if got := eventosDe(s.hasta("conectado")); got[0] != "resync" {
			t.Fatalf("un hueco imposible de llenar dio %v", got)
		}
	})
}

// A client that does not read is dropped when its queue fills; delivery to
// the others never waits for it.
func TestSlowSocketIsDroppedWithoutBlockingTheOthers(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t))
	base := e.enVivo()
	lento := conectar(t, base, e.token("admin"), 0)
	lento.hasta("conectado")
	rapido := conectar(t, base, e.token("supervisor"), 0)
	rapido.hasta("conectado")
	var leidos atomic.Int64
	recibidos := make(chan int64, 1)
	go func() {
		for {
			m, err := rapido.leer()
			if err != nil || m.Evento == "fin" {
				recibidos <- leidos.Load()
				return
			}
			if m.Evento == "prueba" {
				leidos.Add(1)
			}
		}
	}()
	const total, tanda = 20000, 100
	relleno := strings.Repeat("x", 1000)
	var entregando time.Duration
	for i := range int64(total) {
		inicio := time.Now()
		e.srv.Hub.Entregar([]events.Event{{ID: i + 1, Nombre: "prueba", EmpresaID: 1, Datos: relleno}})
		entregando += time.Since(inicio)
		// the fast reader reads as fast as it can; it is never a tanda behind
		for i%tanda == 0 && leidos.Load() < i-tanda && time.Since(inicio) < esperaSocket {
			time.Sleep(time.Millisecond)
		}
	}
	e.srv.Hub.Entregar([]events.Event{{ID: total + 1, Nombre: "fin", EmpresaID: 1, UsuarioID: e.userID("supervisor")}})
	if entregando > 5*time.Second {
		t.Fatalf("entregar tardó %v: un cliente lento bloqueó", entregando)
	}
	if n := <-recibidos; n != total {
		t.Fatalf("el cliente rápido recibió %d de %d", n, total)
	}
	var err error
	for err == nil {
		_, err = lento.leer()
	}
	if got := websocket.CloseStatus(err); got != websocket.StatusTryAgainLater && !errors.Is(err, io.EOF) {
		t.Fatalf("el cliente lento terminó con %v (%v)", got, err)
	}
}

// Two instances on one PostgreSQL: a sale answered by A reaches a socket on B.
func TestSaleOnOneInstanceReachesASocketOnAnother(t *testing.T) {
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	stA, stB := storetest.PostgresPair(t)
	a := newEnv(t, stA)
	svcB, err := auth.NewService(context.Background(), stB, 8*time.Hour, 4)
	if err != nil {
		t.Fatal(err)
	}
	stB.Now = stA.Now
	baseA := a.enVivo()
	baseB := servirEnVivo(t, &Server{Store: stB, Auth: svcB, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	s := conectar(t, baseB, a.token("admin"), 0)
	s.hasta("conectado")
	vendedor := a.token("vendedor")
	abrir := func(base string) {
		req, _ := http.NewRequest("POST", base+"/api/caja/abrir", strings.NewReader(`{"monto_apertura": 0}`))
		req.Header.Set("Authorization", "Bearer "+vendedor)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("abrir en A: %v %v", resp, err)
		}
		resp.Body.Close()
	}
	abrir(baseA)
	recibidos := s.hasta(events.CajaAbierta)
	a.sell(vendedor, a.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
	recibidos = append(recibidos, s.hasta(events.NuevaVenta)...)
	// and the admin's notification of the sale, created on A, reaches B too
	recibidos = append(recibidos, s.hasta(events.Notificacion)...)
	vistos := map[int64]bool{}
	for _, m := range recibidos {
		if m.ID != 0 && vistos[m.ID] {
			t.Fatalf("el evento %d llegó dos veces: %v", m.ID, eventosDe(recibidos))
		}
		vistos[m.ID] = true
	}
}

// The periodic check closes a socket whose token was revoked without any
// event (another instance's database change, a revocation written by hand).
func TestSocketSessionIsCheckedPeriodically(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t))
	base := e.enVivo()
	e.srv.Hub.RevisarCada = 50 * time.Millisecond
	tok := e.token("lancha")
	s := conectar(t, base, tok, 0)
	s.hasta("conectado")
	claims, err := e.svc.Tokens.Parse(tok, e.now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.DB().Exec(`INSERT INTO tokens_revocados (jti, expira_en) VALUES (?, ?)`, claims.ID, e.now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	esperarCierre(t, s, websocket.StatusPolicyViolation)
}
