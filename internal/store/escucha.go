package store

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"muelle/internal/events"
)

// Esperas of the listening connection: it reconnects after failure with a
// back-off from esperaMinima to esperaMaxima.
const (
	esperaMinima = 100 * time.Millisecond
	esperaMaxima = 5 * time.Second
	// maxPonerseAlDia bounds the events read at once when catching up.
	maxPonerseAlDia = 1000
)

// Escucha reports whether events of other instances arrive by Escuchar
// (PostgreSQL); on SQLite one instance delivers its own events after commit.
func (s *Store) Escucha() bool { return s.canal != "" }

// Escuchar holds a dedicated PostgreSQL connection that LISTENs for the ids
// every instance announces, reads those events and hands them to entregar,
// oldest first, until ctx ends: every event stored after desde (read with
// UltimoEvento before any socket is served). When the connection drops it
// reconnects with back-off and first catches up with the events stored meanwhile.
func (s *Store) Escuchar(ctx context.Context, log *slog.Logger, desde int64, entregar func([]events.Event)) {
	espera := esperaMinima
	v := &vistos{ids: map[int64]struct{}{}}
	ultimo := desde
	for ctx.Err() == nil {
		conectado, err := s.escucharUnaVez(ctx, &ultimo, v.filtrar(entregar))
		if ctx.Err() != nil {
			return
		}
		if conectado {
			espera = esperaMinima
		}
		log.Warn("eventos: se perdió la conexión que escucha; reconectando", "err", err, "espera", espera.String())
		select {
		case <-ctx.Done():
			return
		case <-time.After(espera):
		}
		espera = min(2*espera, esperaMaxima)
	}
}

// escucharUnaVez listens on one connection until it fails; conectado reports
// that it got as far as listening. ultimo is the newest id delivered.
func (s *Store) escucharUnaVez(ctx context.Context, ultimo *int64, entregar func([]events.Event)) (conectado bool, err error) {
	pg, err := pgx.Connect(ctx, s.url)
	if err != nil {
		return false, err
	}
	defer pg.Close(context.Background())
	if _, err := pg.Exec(ctx, "LISTEN "+pgx.Identifier{s.canal}.Sanitize()); err != nil {
		return false, err
	}
	if err := s.ponerseAlDia(ctx, ultimo, entregar); err != nil {
		return true, err
	}
	for {
		n, err := pg.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		ids, err := IDsDeAviso(n.Payload)
		if err != nil {
			continue
		}
		evs, err := s.EventosPorID(ctx, ids)
		if err != nil {
			return true, err
		}
		s.entregarDesde(ultimo, evs, entregar)
	}
}

// ponerseAlDia delivers the events stored after ultimo (those announced while
// no connection listened).
func (s *Store) ponerseAlDia(ctx context.Context, ultimo *int64, entregar func([]events.Event)) error {
	for {
		evs, err := s.EventosPosteriores(ctx, *ultimo, maxPonerseAlDia)
		if err != nil {
			return err
		}
		s.entregarDesde(ultimo, evs, entregar)
		if len(evs) < maxPonerseAlDia {
			return nil
		}
	}
}

func (s *Store) entregarDesde(ultimo *int64, evs []events.Event, entregar func([]events.Event)) {
	if len(evs) == 0 {
		return
	}
	*ultimo = max(*ultimo, evs[len(evs)-1].ID)
	entregar(evs)
}

// maxVistos bounds how many delivered ids the listener remembers.
const maxVistos = 10000

// vistos remembers the ids delivered lately, so that an event both caught up
// with and announced is delivered once.
type vistos struct {
	ids   map[int64]struct{}
	orden []int64
}

// filtrar wraps entregar so that it never sees an id twice.
func (v *vistos) filtrar(entregar func([]events.Event)) func([]events.Event) {
	return func(evs []events.Event) {
		nuevos := evs[:0:0]
		for _, ev := range evs {
			if _, visto := v.ids[ev.ID]; visto {
				continue
			}
			v.ids[ev.ID] = struct{}{}
			v.orden = append(v.orden, ev.ID)
			nuevos = append(nuevos, ev)
		}
		for len(v.orden) > maxVistos {
			delete(v.ids, v.orden[0])
			v.orden = v.orden[1:]
		}
		if len(nuevos) > 0 {
			entregar(nuevos)
		}
	}
}
