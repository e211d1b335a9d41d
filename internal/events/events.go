// Package events carries the domain events a store transaction causes to
// whoever listens, once the transaction has committed. Only the in-process
// fan-out lives here; the realtime package delivers events to sockets.
package events

import (
	"context"
	"slices"
	"sync"

	"muelle/internal/domain"
)

// Names of the domain events, as the clients receive them.
const (
	PasajeCreado      = "pasajeCreado"
	PasajeValidado    = "pasajeValidado"
	PasajeCancelado   = "pasajeCancelado"
	PasajeReactivado  = "pasajeReactivado"
	CajaAbierta       = "cajaAbierta"
	CajaCerrada       = "cajaCerrada"
	MovimientoCaja    = "movimientoCaja"
	ConfigActualizada = "configActualizada"
	// NuevaVenta is one per sale (its tickets are each a pasajeCreado).
	NuevaVenta = "nuevaVenta"
	// Notificacion carries one stored notification to its user.
	Notificacion = "notificacion"
	// AlertaSistema warns a company's supervisors and admins.
	AlertaSistema = "alertaSistema"
	// WhatsAppStatus tells a company's admins its WhatsApp connection changed.
	WhatsAppStatus      = "whatsappStatus"
	UsuarioConectado    = "usuarioConectado"
	UsuarioDesconectado = "usuarioDesconectado"
	// PedidoCompletado and PedidoLiberado tell a pending order's seller it
	// was paid (its tickets exist) or released (docs/features/venta-diferida.md).
	PedidoCompletado = "pedidoCompletado"
	PedidoLiberado   = "pedidoLiberado"
	// SesionRevocada tells the instances holding a user's sockets to check
	// them again at once (a logout, a deactivation); clients never see it.
	SesionRevocada = "sesionRevocada"
)

// PasajeValidacionDeshecha is a boarding undone by the crew member who validated it.
const PasajeValidacionDeshecha = "pasajeValidacionDeshecha"

// Event is one thing that happened in a company: its name, the company (the
// room it is delivered to) and a JSON-encodable payload. UsuarioID and Roles
// narrow the room: one user, or the company's users of those roles. Lecturas
// narrow it like the API narrows the reads of the same records: a session
// receives the event only when it may read one of them (none: every session
// of the room). ID is set once the event is stored (0 before).
type Event struct {
	ID        int64            `json:"id,omitempty"`
	Nombre    string           `json:"nombre"`
	EmpresaID int64            `json:"empresa_id"`
	UsuarioID int64            `json:"usuario_id,omitempty"`
	Roles     []string         `json:"roles,omitempty"`
	Lecturas  []domain.Lectura `json:"lecturas,omitempty"`
	Datos     any              `json:"datos"`
}

// Lector is a socket's session as events are filtered by: its company, user,
// role and permissions (read with the user, like every request's).
type Lector struct {
	EmpresaID, UsuarioID int64
	Rol                  string
	Permisos             domain.Permisos
}

// Alcanza reports whether the event is for that session: its company, its
// user, its role, and a read it may make over the API (domain.Lectura, the
// rule of the route guard). The session comes from the token, never from the
// client.
func (e Event) Alcanza(l Lector) bool {
	if e.EmpresaID != l.EmpresaID || (e.UsuarioID != 0 && e.UsuarioID != l.UsuarioID) {
		return false
	}
	if len(e.Roles) > 0 && !slices.Contains(e.Roles, l.Rol) {
		return false
	}
	return len(e.Lecturas) == 0 || slices.ContainsFunc(e.Lecturas, func(x domain.Lectura) bool {
		return x.Permite(l.UsuarioID, l.Rol, l.Permisos)
	})
}

// Publisher receives the events of a committed transaction, in order. It runs
// after the commit, so it cannot undo the work: it reports its own failures.
type Publisher interface {
	Publish(ctx context.Context, evs []Event)
}

// Nop discards every event.
type Nop struct{}

// Publish does nothing.
func (Nop) Publish(context.Context, []Event) {}

// Local delivers events to the subscribers of this process, synchronously.
type Local struct {
	mu   sync.RWMutex
	subs []func(Event)
}

// Subscribe registers fn; it is called once per event, in publishing order.
func (l *Local) Subscribe(fn func(Event)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.subs = append(l.subs, fn)
}

// Publish hands every event to every subscriber.
func (l *Local) Publish(_ context.Context, evs []Event) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	for _, ev := range evs {
		for _, fn := range l.subs {
			fn(ev)
		}
	}
}

// Recorder is a subscriber that keeps what it received (for tests and tools).
type Recorder struct {
	mu  sync.Mutex
	evs []Event
}

// Record keeps ev; pass it to Local.Subscribe.
func (r *Recorder) Record(ev Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.evs = append(r.evs, ev)
}

// Events returns a copy of what was received so far.
func (r *Recorder) Events() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.evs...)
}
