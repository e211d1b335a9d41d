package realtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// espera bounds every wait for a socket in these tests (a hang fails, a
// slow machine does not).
const espera = 10 * time.Second

// sesiones plays auth.Service: the session of each token, which a test may
// change (a new role) or end (a revoked token) while its socket is open.
type sesiones struct {
	mu sync.Mutex
	m  map[string]store.UsuarioSesion
}

func (s *sesiones) autenticar(_ context.Context, token string) (store.UsuarioSesion, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.m[token]
	if !ok {
		return u, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	return u, nil
}

func (s *sesiones) poner(token string, u store.UsuarioSesion) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[token] = u
}

func (s *sesiones) revocar(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, token)
}

// banco is a hub served on a loopback port the way api.Server.socket serves
// it (session before the upgrade, Reservar, Atender), with the token and
// desde in the query string: the subprotocol and the guard are the API's,
// tested there.
type banco struct {
	t   *testing.T
	hub *Hub
	ses *sesiones
	url string
}

func nuevoBanco(t *testing.T, st *store.Store) *banco {
	t.Helper()
	ses := &sesiones{m: map[string]store.UsuarioSesion{}}
	hub := NewHub(st, ses.autenticar, slog.New(slog.NewTextHandler(io.Discard, nil)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := r.URL.Query().Get("token")
		u, err := ses.autenticar(r.Context(), token)
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		desde, _ := strconv.ParseInt(r.URL.Query().Get("desde"), 10, 64)
		liberar, err := hub.Reservar(u.EmpresaID)
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			liberar()
			return
		}
		hub.Atender(r.Context(), conn, token, u, desde, time.Now().Add(time.Hour))
	}))
	t.Cleanup(func() {
		hub.Cerrar()
		srv.Close()
	})
	return &banco{t: t, hub: hub, ses: ses, url: "ws" + strings.TrimPrefix(srv.URL, "http")}
}

// usuario gives a session to token: user id of company empresa with role rol
// and the permissions "module.action" listed.
func (b *banco) usuario(token string, id, empresa int64, rol string, permisos ...string) store.UsuarioSesion {
	p := domain.Permisos{}
	for _, x := range permisos {
		mod, accion := domain.SplitPermission(x)
		if p[mod] == nil {
			p[mod] = map[string]any{}
		}
		p[mod][accion] = true
	}
	u := store.UsuarioSesion{ID: id, EmpresaID: empresa, Rol: rol, Permisos: p, NombreUsuario: token, Activo: true,
		EmpresaActiva: true}
	b.ses.poner(token, u)
	return u
}

// sock is a test client of the hub.
type sock struct {
	t    *testing.T
	conn *websocket.Conn
}

// conectar opens a socket with token, resuming after desde when it is not 0.
func (b *banco) conectar(token string, desde int64) *sock {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), espera)
	defer cancel()
	url := b.url + "/?token=" + token
	if desde > 0 {
		url += "&desde=" + strconv.FormatInt(desde, 10)
	}
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		b.t.Fatalf("conectar %s: %v", token, err)
	}
	c.SetReadLimit(1 << 20)
	b.t.Cleanup(func() { _ = c.CloseNow() })
	return &sock{t: b.t, conn: c}
}

func (s *sock) leer() (Mensaje, error) {
	ctx, cancel := context.WithTimeout(context.Background(), espera)
	defer cancel()
	_, b, err := s.conn.Read(ctx)
	if err != nil {
		return Mensaje{}, err
	}
	var m Mensaje
	return m, json.Unmarshal(b, &m)
}

// hasta reads the messages up to and including the first named evento.
func (s *sock) hasta(evento string) []Mensaje {
	s.t.Helper()
	var out []Mensaje
	for {
		m, err := s.leer()
		if err != nil {
			s.t.Fatalf("esperando %s (leídos %v): %v", evento, nombres(out), err)
		}
		out = append(out, m)
		if m.Evento == evento {
			return out
		}
	}
}

func (s *sock) enviar(v any) {
	s.t.Helper()
	b, _ := json.Marshal(v)
	if err := s.conn.Write(context.Background(), websocket.MessageText, b); err != nil {
		s.t.Fatal(err)
	}
}

// cerrar ends the socket from the client's side.
func (s *sock) cerrar() { _ = s.conn.Close(websocket.StatusNormalClosure, "") }

// cierre reads until the server ends the socket and returns the close code.
func (s *sock) cierre() websocket.StatusCode {
	s.t.Helper()
	for {
		m, err := s.leer()
		if err != nil {
			return websocket.CloseStatus(err)
		}
		if m.Evento == events.SesionRevocada {
			s.t.Fatalf("sesionRevocada llegó al cliente")
		}
	}
}

func nombres(ms []Mensaje) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Evento
	}
	return out
}

// hasta waits until cond holds (read under the hub's lock) or fails.
func (b *banco) esperar(que string, cond func() bool) {
	b.t.Helper()
	limite := time.Now().Add(espera)
	for {
		b.hub.mu.RLock()
		ok := cond()
		b.hub.mu.RUnlock()
		if ok {
			return
		}
		if time.Now().After(limite) {
			b.t.Fatalf("esperando %s", que)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
