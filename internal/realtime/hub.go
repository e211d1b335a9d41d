// Package realtime delivers the stored events to the WebSocket clients of
// this instance (operaciones §7, Socket): each socket's rooms (its company,
// its role, its user) come from its session, never from the client; a client
// that reconnects resumes after the last event it received; a slow client is
// dropped and never blocks the others.
package realtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// Defaults of a Hub.
const (
	// RevisarCadaDefault: how often a socket's session is checked again
	// (besides at once on a logout or a deactivation).
	RevisarCadaDefault = time.Minute
	// LatidoCadaDefault: how often the server pings a socket.
	LatidoCadaDefault = 25 * time.Second
	// maxSalida bounds the messages waiting for a socket: a client that lets
	// it fill is dropped (it reconnects and resumes).
	maxSalida = 256
	// maxReanudar bounds the events a reconnecting client may catch up with;
	// past it the client is told to resync.
	maxReanudar = 1000
	// esperaEscritura bounds one write or ping.
	esperaEscritura = 10 * time.Second
	// MaxPorUsuarioDefault, MaxPorEmpresaDefault and MaxTotalDefault cap the
	// sockets of one user, of one company and of the instance (its file
	// descriptors: the default stays below a 4096 limit).
	MaxPorUsuarioDefault = 10
	MaxPorEmpresaDefault = 500
	MaxTotalDefault      = 4000
)

// Close codes and reasons of the sockets the server ends.
const (
	razonSesion = "Sesión no válida"
	razonLento  = "Cliente lento"
	razonCierre = "Servidor reiniciándose"
	// CodigoDemasiadasConexiones closes a user's oldest socket when the user
	// opens more than MaxPorUsuario here (a client should not retry it: it
	// would close another of the user's sockets).
	CodigoDemasiadasConexiones websocket.StatusCode = 4008
	RazonDemasiadasConexiones                       = "Demasiadas conexiones abiertas: se cerró la más antigua"
)

// Refusals of a socket before its upgrade (503) when a cap is reached.
const (
	MsgEmpresaSinLugar  = "Su empresa alcanzó el máximo de conexiones en tiempo real. Intente más tarde"
	MsgServidorSinLugar = "El servidor alcanzó el máximo de conexiones en tiempo real. Intente más tarde"
)

// Autenticar checks a session token and loads its user fresh (auth.Service).
type Autenticar func(ctx context.Context, token string) (store.UsuarioSesion, error)

// Hub holds this instance's sockets by company.
type Hub struct {
	st         *store.Store
	autenticar Autenticar
	log        *slog.Logger
	// RevisarCada and LatidoCada may be shortened by tests before use.
	RevisarCada, LatidoCada time.Duration
	// MaxPorUsuario, MaxPorEmpresa and MaxTotal cap the sockets held here
	// (set before use): past the user's, its oldest socket is closed; the
	// company's and the instance's refuse a new one (Reservar).
	MaxPorUsuario, MaxPorEmpresa, MaxTotal int

	mu       sync.RWMutex
	empresas map[int64]map[*cliente]struct{}
	// usuarios holds each user's sockets here, oldest first (usuarioConectado
	// on the first, usuarioDesconectado after the last).
	usuarios map[int64][]*cliente
	// plazas counts the sockets and reservations of each company, total all of them.
	plazas  map[int64]int
	total   int
	cerrado bool
}

// NewHub is a hub with no sockets.
func NewHub(st *store.Store, autenticar Autenticar, log *slog.Logger) *Hub {
	return &Hub{st: st, autenticar: autenticar, log: log, RevisarCada: RevisarCadaDefault,
		LatidoCada: LatidoCadaDefault, MaxPorUsuario: MaxPorUsuarioDefault, MaxPorEmpresa: MaxPorEmpresaDefault,
		MaxTotal: MaxTotalDefault, empresas: map[int64]map[*cliente]struct{}{}, usuarios: map[int64][]*cliente{},
		plazas: map[int64]int{}}
}

// Mensaje is what the server sends: an event (with its id), or a control
// message: "conectado" (ultimo_id: resume from it), "resync" (refetch
// everything: the gap cannot be filled), "rechazado" (a client request refused).
type Mensaje struct {
	ID       int64           `json:"id,omitempty"`
	Evento   string          `json:"evento"`
	Datos    json.RawMessage `json:"datos,omitempty"`
	UltimoID int64           `json:"ultimo_id,omitempty"`
	Mensaje  string          `json:"mensaje,omitempty"`
}

// Recibir delivers one event (a subscriber of events.Local).
func (h *Hub) Recibir(ev events.Event) { h.Entregar([]events.Event{ev}) }

// Entregar delivers stored events to the sockets they reach; it never blocks.
func (h *Hub) Entregar(evs []events.Event) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, ev := range evs {
		sala := h.empresas[ev.EmpresaID]
		if len(sala) == 0 {
			continue
		}
		if ev.Nombre == events.SesionRevocada {
			revisar(sala, ev.UsuarioID)
			continue
		}
		msg, err := codificar(ev)
		if err != nil {
			h.log.Warn("eventos: no se pudo codificar", "evento", ev.Nombre, "err", err)
			continue
		}
		for c := range sala {
			if c.alcanza(ev) {
				c.entregar(ev.ID, msg)
			}
		}
	}
}

// revisar has the sockets of a user (0: every one of the company) check
// their session again.
func revisar(sala map[*cliente]struct{}, usuarioID int64) {
	for c := range sala {
		if usuarioID == 0 || c.usuarioID == usuarioID {
			c.pedirRevision()
		}
	}
}

func codificar(ev events.Event) ([]byte, error) {
	datos, err := json.Marshal(ev.Datos)
	if err != nil {
		return nil, err
	}
	return json.Marshal(Mensaje{ID: ev.ID, Evento: ev.Nombre, Datos: datos})
}

// Sockets is how many sockets this instance holds.
func (h *Hub) Sockets() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := 0
	for _, sala := range h.empresas {
		n += len(sala)
	}
	return n
}

// Cerrar ends every socket (the server shuts down); clients reconnect elsewhere.
func (h *Hub) Cerrar() {
	h.mu.Lock()
	h.cerrado = true
	var todos []*cliente
	for _, sala := range h.empresas {
		for c := range sala {
			todos = append(todos, c)
		}
	}
	h.mu.Unlock()
	for _, c := range todos {
		c.cerrar(websocket.StatusGoingAway, razonCierre)
	}
}

// Reservar takes a place for a socket of the company before its upgrade, so
// that the caps hold however many connect at once: 503 (domain.Unavailable)
// when the instance or the company is full. Atender gives the place back when
// the socket ends; liberar gives it back when the upgrade fails.
func (h *Hub) Reservar(empresaID int64) (liberar func(), err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.total >= h.MaxTotal:
		return nil, domain.Unavailable(MsgServidorSinLugar)
	case h.plazas[empresaID] >= h.MaxPorEmpresa:
		return nil, domain.Unavailable(MsgEmpresaSinLugar)
	}
	h.total++
	h.plazas[empresaID]++
	return func() { h.liberar(empresaID) }, nil
}

func (h *Hub) liberar(empresaID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.total--
	if h.plazas[empresaID]--; h.plazas[empresaID] <= 0 {
		delete(h.plazas, empresaID)
	}
}

// registrar adds a socket; primero reports the user's first socket here.
// Past MaxPorUsuario, the user's oldest socket is closed.
func (h *Hub) registrar(c *cliente) (primero, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cerrado {
		return false, false
	}
	sala := h.empresas[c.empresaID]
	if sala == nil {
		sala = map[*cliente]struct{}{}
		h.empresas[c.empresaID] = sala
	}
	sala[c] = struct{}{}
	suyos := append(h.usuarios[c.usuarioID], c)
	h.usuarios[c.usuarioID] = suyos
	h.desalojar(suyos)
	return len(suyos) == 1, true
}

// desalojar closes the oldest of a user's sockets (held under h.mu) while more
// than MaxPorUsuario of them stay open; one already closed for it counts no more.
func (h *Hub) desalojar(suyos []*cliente) {
	vivos := 0
	for _, c := range suyos {
		if !c.desalojado {
			vivos++
		}
	}
	for _, c := range suyos {
		if vivos <= h.MaxPorUsuario {
			return
		}
		if !c.desalojado {
			c.desalojado = true
			c.cerrar(CodigoDemasiadasConexiones, RazonDemasiadasConexiones)
			vivos--
		}
	}
}

// quitar removes a socket; ultimo reports the user's last socket here.
func (h *Hub) quitar(c *cliente) (ultimo bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	sala := h.empresas[c.empresaID]
	delete(sala, c)
	if len(sala) == 0 {
		delete(h.empresas, c.empresaID)
	}
	suyos := slices.DeleteFunc(h.usuarios[c.usuarioID], func(x *cliente) bool { return x == c })
	if len(suyos) > 0 {
		h.usuarios[c.usuarioID] = suyos
		return false
	}
	delete(h.usuarios, c.usuarioID)
	return true
}

// anunciarPresencia stores usuarioConectado or usuarioDesconectado for the
// company's supervisors and admins, on every instance.
func (h *Hub) anunciarPresencia(nombre string, u store.UsuarioSesion) {
	ctx, cancel := context.WithTimeout(context.Background(), esperaEscritura)
	defer cancel()
	err := h.st.PublicarEventos(ctx, events.Event{Nombre: nombre, EmpresaID: u.EmpresaID, Roles: store.Supervisores,
		Datos: store.EventoUsuario{UsuarioID: u.ID, Usuario: u.NombreUsuario, Rol: u.Rol}})
	if err != nil {
		h.log.Warn("eventos: no se pudo anunciar la conexión", "evento", nombre, "err", err)
	}
}
