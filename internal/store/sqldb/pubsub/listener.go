package pubsub

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"muelle/internal/events"
)

// Waits of the listening connection: it reconnects after failure with a
// back-off from MinBackoff to MaxBackoff.
const (
	MinBackoff = 100 * time.Millisecond
	MaxBackoff = 5 * time.Second
	// MaxCatchUp bounds the events read at once when catching up.
	MaxCatchUp = 1000
)

// Listener holds a dedicated PostgreSQL connection that LISTENs on Channel
// for the ids every instance announces, and reads those events with ByID;
// After reads the events stored after an id (oldest first, at most limit), to
// catch up with those announced while no connection listened.
type Listener struct {
	URL     string
	Channel string
	ByID    func(ctx context.Context, ids []int64) ([]events.Event, error)
	After   func(ctx context.Context, id int64, limit int) ([]events.Event, error)
	Log     *slog.Logger
}

// Run hands deliver every event stored after since, oldest first and each
// once, until ctx ends. When the connection drops it reconnects with back-off
// and first catches up with the events stored meanwhile.
func (l Listener) Run(ctx context.Context, since int64, deliver func([]events.Event)) {
	wait := MinBackoff
	s := &seen{ids: map[int64]struct{}{}}
	last := since
	for ctx.Err() == nil {
		connected, err := l.listenOnce(ctx, &last, s.filter(deliver))
		if ctx.Err() != nil {
			return
		}
		if connected {
			wait = MinBackoff
		}
		l.Log.Warn("eventos: se perdió la conexión que escucha; reconectando", "err", err, "espera", wait.String())
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, MaxBackoff)
	}
}

// listenOnce listens on one connection until it fails; connected reports
// that it got as far as listening. last is the newest id delivered.
func (l Listener) listenOnce(ctx context.Context, last *int64, deliver func([]events.Event)) (connected bool, err error) {
	pg, err := pgx.Connect(ctx, l.URL)
	if err != nil {
		return false, err
	}
	defer pg.Close(context.Background())
	if _, err := pg.Exec(ctx, "LISTEN "+pgx.Identifier{l.Channel}.Sanitize()); err != nil {
		return false, err
	}
	if err := l.catchUp(ctx, last, deliver); err != nil {
		return true, err
	}
	for {
		n, err := pg.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		ids, err := ParseIDs(n.Payload)
		if err != nil {
			continue
		}
		evs, err := l.ByID(ctx, ids)
		if err != nil {
			return true, err
		}
		deliverAfter(last, evs, deliver)
	}
}

// catchUp delivers the events stored after last (those announced while no
// connection listened).
func (l Listener) catchUp(ctx context.Context, last *int64, deliver func([]events.Event)) error {
	for {
		evs, err := l.After(ctx, *last, MaxCatchUp)
		if err != nil {
			return err
		}
		deliverAfter(last, evs, deliver)
		if len(evs) < MaxCatchUp {
			return nil
		}
	}
}

func deliverAfter(last *int64, evs []events.Event, deliver func([]events.Event)) {
	if len(evs) == 0 {
		return
	}
	*last = max(*last, evs[len(evs)-1].ID)
	deliver(evs)
}

// maxSeen bounds how many delivered ids the listener remembers.
const maxSeen = 10000

// seen remembers the ids delivered lately, so that an event both caught up
// with and announced is delivered once.
type seen struct {
	ids   map[int64]struct{}
	order []int64
}

// filter wraps deliver so that it never sees an id twice.
func (s *seen) filter(deliver func([]events.Event)) func([]events.Event) {
	return func(evs []events.Event) {
		fresh := evs[:0:0]
		for _, ev := range evs {
			if _, ok := s.ids[ev.ID]; ok {
				continue
			}
			s.ids[ev.ID] = struct{}{}
			s.order = append(s.order, ev.ID)
			fresh = append(fresh, ev)
		}
		for len(s.order) > maxSeen {
			delete(s.ids, s.order[0])
			s.order = s.order[1:]
		}
		if len(fresh) > 0 {
			deliver(fresh)
		}
	}
}
