package realtime

import (
	"context"
	"log/slog"
	"slices"

	"muelle/internal/events"
	"muelle/internal/store"
)

const (
	// maxCola bounds the events waiting to become notifications; past it
	// they are logged and skipped, never slowing the writes that caused them.
	maxCola = 4096
	// maxLote is how many events become notifications in one transaction.
	maxLote = 200
)

// notificables are the events that may become notifications.
var notificables = []string{events.NuevaVenta, events.CajaAbierta, events.CajaCerrada, events.PasajeValidado,
	events.AlertaSistema}

// Notificador turns committed events into stored notifications, after the
// commit and on the instance that committed, in the background: a sale is
// answered without waiting for its notifications.
type Notificador struct {
	st   *store.Store
	log  *slog.Logger
	cola chan events.Event
}

// NuevoNotificador is a notifier with an empty queue; run Correr.
func NuevoNotificador(st *store.Store, log *slog.Logger) *Notificador {
	return &Notificador{st: st, log: log, cola: make(chan events.Event, maxCola)}
}

// Recibir queues an event (a subscriber of events.Local); it never blocks.
func (n *Notificador) Recibir(ev events.Event) {
	if !slices.Contains(notificables, ev.Nombre) {
		return
	}
	select {
	case n.cola <- ev:
	default:
		n.log.Warn("notificaciones: cola llena, evento sin notificar", "evento", ev.Nombre, "id", ev.ID)
	}
}

// Correr creates the notifications of the queued events, a batch per
// transaction, until ctx ends.
func (n *Notificador) Correr(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-n.cola:
			lote := []events.Event{ev}
		juntar:
			for len(lote) < maxLote {
				select {
				case ev := <-n.cola:
					lote = append(lote, ev)
				default:
					break juntar
				}
			}
			if err := n.st.NotificarEventos(ctx, lote); err != nil && ctx.Err() == nil {
				n.log.Warn("notificaciones: no se pudieron crear", "eventos", len(lote), "err", err)
			}
		}
	}
}

// Iniciar wires the realtime delivery of a serving instance: the store's
// committed events feed the notifier and, on SQLite, the hub directly; on
// PostgreSQL the hub is fed by the listening connection, which sees every
// instance's events. It runs until ctx ends.
func Iniciar(ctx context.Context, st *store.Store, autenticar Autenticar, log *slog.Logger) (*Hub, error) {
	desde, err := st.UltimoEvento(ctx)
	if err != nil {
		return nil, err
	}
	local := &events.Local{}
	st.Events = local
	hub := NewHub(st, autenticar, log)
	notificador := NuevoNotificador(st, log)
	local.Subscribe(notificador.Recibir)
	go notificador.Correr(ctx)
	if st.Escucha() {
		go st.Escuchar(ctx, log, desde, hub.Entregar)
	} else {
		local.Subscribe(hub.Recibir)
	}
	return hub, nil
}
