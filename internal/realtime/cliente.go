package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// cliente is one socket: its rooms (from the session), its bounded queue of
// messages, and the requests to check its session again.
type cliente struct {
	conn      *websocket.Conn
	token     string
	empresaID int64
	usuarioID int64

	mu sync.Mutex
	// rol and permisos are the session's, read again on every check: the
	// events reach the socket by them like the API answers the session.
	rol      string
	permisos domain.Permisos
	// pendientes holds the live messages that arrive while the client
	// catches up (nil: live); their ids are kept to deliver each once.
	pendientes []pendiente
	// reanudados are the ids sent while catching up: the same event may still
	// arrive live afterwards (another instance's, announced late).
	reanudados map[int64]bool
	salida     chan []byte
	revisar    chan struct{}
	// desalojado: closed because its user opened too many (held under the hub's mu).
	desalojado bool
	// fin is closed when the socket must end, with codigo and razon to close it with.
	fin    chan struct{}
	cerro  sync.Once
	codigo websocket.StatusCode
	razon  string
}

type pendiente struct {
	id  int64
	msg []byte
}

func (c *cliente) alcanza(ev events.Event) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ev.Alcanza(events.Lector{EmpresaID: c.empresaID, UsuarioID: c.usuarioID, Rol: c.rol, Permisos: c.permisos})
}

// entregar queues a message without ever waiting: a full queue drops the client.
func (c *cliente) entregar(id int64, msg []byte) {
	c.mu.Lock()
	if c.reanudados[id] {
		c.mu.Unlock()
		return
	}
	if c.pendientes != nil {
		if len(c.pendientes) < maxReanudar {
			c.pendientes = append(c.pendientes, pendiente{id, msg})
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		c.cerrar(websocket.StatusTryAgainLater, razonLento)
		return
	}
	c.mu.Unlock()
	c.encolar(msg)
}

func (c *cliente) encolar(msg []byte) {
	select {
	case c.salida <- msg:
	default:
		c.cerrar(websocket.StatusTryAgainLater, razonLento)
	}
}

func (c *cliente) pedirRevision() {
	select {
	case c.revisar <- struct{}{}:
	default:
	}
}

// cerrar asks the socket to end once, with a close code the client can act
// on; the writer sends the close frame.
func (c *cliente) cerrar(code websocket.StatusCode, razon string) {
	c.cerro.Do(func() {
		c.codigo, c.razon = code, razon
		close(c.fin)
	})
}

// Atender serves one authenticated socket, whose place was taken by
// Reservar, until it ends, at the latest at fin, when its session ends by
// itself (closed with the policy code), and gives the place back. desde is
// the last event id the client received before reconnecting (0: a fresh
// start).
func (h *Hub) Atender(ctx context.Context, conn *websocket.Conn, token string, u store.UsuarioSesion, desde int64,
	fin time.Time) {
	defer h.liberar(u.EmpresaID)
	conn.SetReadLimit(4096)
	c := &cliente{conn: conn, token: token, empresaID: u.EmpresaID, usuarioID: u.ID, rol: u.Rol, permisos: u.Permisos,
		pendientes: []pendiente{}, salida: make(chan []byte, maxSalida), revisar: make(chan struct{}, 1),
		fin: make(chan struct{})}
	primero, ok := h.registrar(c)
	if !ok {
		_ = conn.Close(websocket.StatusGoingAway, razonCierre)
		return
	}
	if primero {
		go h.anunciarPresencia(events.UsuarioConectado, u)
	}
	defer func() {
		if h.quitar(c) {
			go h.anunciarPresencia(events.UsuarioDesconectado, u)
		}
	}()
	defer time.AfterFunc(time.Until(fin), func() { c.cerrar(websocket.StatusPolicyViolation, razonSesion) }).Stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go h.leer(ctx, c)
	if err := h.ponerAlDia(ctx, c, desde); err != nil {
		h.log.Warn("eventos: no se pudo reanudar", "err", err)
		c.cerrar(websocket.StatusInternalError, "")
	}
	h.escribir(ctx, c)
}

// ponerAlDia sends what the client missed since desde (or resync when that
// cannot be told), then the live messages held meanwhile (each once), then
// "conectado" with the id to resume from next time.
func (h *Hub) ponerAlDia(ctx context.Context, c *cliente, desde int64) error {
	ultimo, err := h.st.UltimoEvento(ctx)
	if err != nil {
		return err
	}
	enviados := map[int64]bool{}
	if desde > 0 {
		evs, completo, err := h.st.Reanudar(ctx, c.empresaID, desde, maxReanudar)
		if err != nil {
			return err
		}
		if !completo {
			c.encolar(control(Mensaje{Evento: "resync"}))
		}
		for _, ev := range evs {
			if ev.Nombre == events.SesionRevocada || !c.alcanza(ev) {
				continue
			}
			msg, err := codificar(ev)
			if err != nil {
				return err
			}
			enviados[ev.ID] = true
			c.encolar(msg)
		}
	}
	c.mu.Lock()
	pendientes := c.pendientes
	c.pendientes, c.reanudados = nil, enviados
	c.mu.Unlock()
	for _, p := range pendientes {
		if !enviados[p.id] {
			ultimo = max(ultimo, p.id)
			c.encolar(p.msg)
		}
	}
	c.encolar(control(Mensaje{Evento: "conectado", UltimoID: ultimo}))
	return nil
}

func control(m Mensaje) []byte {
	b, _ := json.Marshal(m)
	return b
}

// escribir sends the queued messages, pings, and checks the session again
// periodically and when asked, until the socket ends.
func (h *Hub) escribir(ctx context.Context, c *cliente) {
	latido, revision := time.NewTicker(h.LatidoCada), time.NewTicker(h.RevisarCada)
	defer latido.Stop()
	defer revision.Stop()
	defer func() { _ = c.conn.Close(c.codigo, c.razon) }()
	for {
		var err error
		select {
		case <-c.fin:
			return
		case <-ctx.Done():
			c.cerrar(websocket.StatusGoingAway, "")
			return
		case msg := <-c.salida:
			err = conPlazo(ctx, func(ctx context.Context) error { return c.conn.Write(ctx, websocket.MessageText, msg) })
		case <-latido.C:
			err = conPlazo(ctx, c.conn.Ping)
		case <-revision.C:
			h.revisarSesion(ctx, c)
		case <-c.revisar:
			h.revisarSesion(ctx, c)
		}
		if err != nil {
			c.cerrar(websocket.StatusGoingAway, "")
			return
		}
	}
}

func conPlazo(ctx context.Context, fn func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, esperaEscritura)
	defer cancel()
	return fn(ctx)
}

// revisarSesion closes the socket with a policy code when its token was
// revoked or its user or company deactivated; a change of role or permissions
// changes what reaches it.
func (h *Hub) revisarSesion(ctx context.Context, c *cliente) {
	u, err := h.autenticar(ctx, c.token)
	var de *domain.Error
	switch {
	case errors.As(err, &de) && de.Kind == domain.KindUnauthorized:
		c.cerrar(websocket.StatusPolicyViolation, razonSesion)
	case err != nil:
		h.log.Warn("eventos: no se pudo revisar la sesión de un socket", "err", err)
	default:
		c.mu.Lock()
		c.rol, c.permisos = u.Rol, u.Permisos
		c.mu.Unlock()
	}
}

// Pedido is what a client may send. Only join-role-room is answered: the
// rooms come from the session, so asking for another role is refused and no
// request can reach another company.
type Pedido struct {
	Evento string `json:"evento"`
	Rol    string `json:"rol,omitempty"`
}

// MsgSalaRechazada refuses a join-role-room for a role the session does not have.
const MsgSalaRechazada = "Las salas del socket vienen de la sesión"

// leer reads the client's messages (and so answers its pings and close)
// until the socket ends.
func (h *Hub) leer(ctx context.Context, c *cliente) {
	defer c.cerrar(websocket.StatusNormalClosure, "")
	for {
		_, b, err := c.conn.Read(ctx)
		if err != nil {
			return
		}
		var p Pedido
		if json.Unmarshal(b, &p) != nil || p.Evento != "join-role-room" {
			continue
		}
		c.mu.Lock()
		propio := p.Rol == c.rol
		c.mu.Unlock()
		if !propio {
			c.encolar(control(Mensaje{Evento: "rechazado", Mensaje: MsgSalaRechazada}))
		}
	}
}
