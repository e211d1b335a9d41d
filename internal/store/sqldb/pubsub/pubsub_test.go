package pubsub

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"muelle/internal/events"
)

// announced records what a Notifier announced; block holds the first
// announcement until it is closed, so that later transactions queue behind it.
type announced struct {
	mu       sync.Mutex
	payloads []string
	block    chan struct{}
}

func (r *announced) send(_ context.Context, payload string) error {
	if r.block != nil {
		<-r.block
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.payloads = append(r.payloads, payload)
	return nil
}

// TestNotifierAnnouncesEveryCommittedIDOnceInBatches: the transactions that
// commit while an announcement is under way are announced together, each id
// once, and Close announces what was still queued.
func TestNotifierAnnouncesEveryCommittedIDOnceInBatches(t *testing.T) {
	r := &announced{block: make(chan struct{})}
	n := NewNotifier(r.send)
	ctx := context.Background()
	n.Notify(ctx, []int64{1})
	for id := int64(2); id <= 5; id++ {
		n.Notify(ctx, []int64{id, id + 100})
	}
	close(r.block)
	n.Close()
	var ids []string
	for _, p := range r.payloads {
		ids = append(ids, strings.Split(p, ",")...)
	}
	slices.Sort(ids)
	want := []string{"1", "102", "103", "104", "105", "2", "3", "4", "5"}
	if !slices.Equal(ids, want) {
		t.Fatalf("ids anunciados %v, se esperaban %v", ids, want)
	}
	if len(r.payloads) > 3 {
		t.Errorf("%d avisos para 5 transacciones encoladas juntas: %q", len(r.payloads), r.payloads)
	}
}

// TestNotifierWithAFullQueueAnnouncesInline: past the queue's bound, the
// committing transaction announces its own ids before returning.
func TestNotifierWithAFullQueueAnnouncesInline(t *testing.T) {
	r := &announced{}
	n := newNotifier(r.send, 1, false) // nobody drains this queue
	ctx := context.Background()
	n.Notify(ctx, []int64{1}) // queued
	n.Notify(ctx, []int64{2})
	if !slices.Equal(r.payloads, []string{"2"}) {
		t.Fatalf("avisos %q, se esperaba que la segunda transacción anunciara \"2\" ella misma", r.payloads)
	}
}

// TestPayloadsSplitUnderPostgresLimit: a long list of ids becomes several
// payloads, each under MaxPayload bytes, none lost.
func TestPayloadsSplitUnderPostgresLimit(t *testing.T) {
	var ids []int64
	for id := int64(1_000_000_000); len(ids) < 2000; id++ {
		ids = append(ids, id)
	}
	parts := Payloads(ids)
	if len(parts) < 2 {
		t.Fatalf("%d avisos para 2000 ids de 10 cifras", len(parts))
	}
	var got []int64
	for _, p := range parts {
		if len(p) > MaxPayload {
			t.Errorf("aviso de %d bytes supera %d", len(p), MaxPayload)
		}
		some, err := ParseIDs(p)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, some...)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("%d ids en los avisos, se esperaban los %d en orden", len(got), len(ids))
	}
	if _, err := ParseIDs("1,dos"); err == nil {
		t.Error("un aviso con un id que no es un número se leyó")
	}
}

// TestSeenDeliversEachIDOnce: an event both caught up with and announced
// reaches deliver once.
func TestSeenDeliversEachIDOnce(t *testing.T) {
	s := &seen{ids: map[int64]struct{}{}}
	var got []int64
	deliver := s.filter(func(evs []events.Event) {
		for _, ev := range evs {
			got = append(got, ev.ID)
		}
	})
	deliver([]events.Event{{ID: 1}, {ID: 2}})
	deliver([]events.Event{{ID: 2}, {ID: 3}})
	deliver([]events.Event{{ID: 1}})
	if !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("entregados %v, se esperaban [1 2 3]", got)
	}
}

// stored is an event log in memory for a Listener.
type stored struct {
	mu  sync.Mutex
	evs []events.Event
}

func (s *stored) add(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.evs = append(s.evs, events.Event{ID: id, Nombre: fmt.Sprint("evento ", id)})
}

func (s *stored) byID(_ context.Context, ids []int64) ([]events.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []events.Event
	for _, ev := range s.evs {
		if slices.Contains(ids, ev.ID) {
			out = append(out, ev)
		}
	}
	return out, nil
}

func (s *stored) after(_ context.Context, id int64, limit int) ([]events.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []events.Event
	for _, ev := range s.evs {
		if ev.ID > id && len(out) < limit {
			out = append(out, ev)
		}
	}
	return out, nil
}

// TestListenerCatchesUpThenDeliversAnnouncedEvents (PostgreSQL): the events
// stored after since are delivered first, then each announced one, once
// even when announced twice, in the order they came.
func TestListenerCatchesUpThenDeliversAnnouncedEvents(t *testing.T) {
	url := os.Getenv("MUELLE_TEST_POSTGRES")
	if url == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	src := &stored{}
	for id := int64(1); id <= 3; id++ {
		src.add(id)
	}
	channel := fmt.Sprintf("muelle_pubsub_test_%d_%d", os.Getpid(), time.Now().UnixNano())
	got := make(chan []int64, 16)
	l := Listener{URL: url, Channel: channel, ByID: src.byID, After: src.after, Log: log}
	go l.Run(ctx, 1, func(evs []events.Event) {
		ids := make([]int64, len(evs))
		for i, ev := range evs {
			ids[i] = ev.ID
		}
		got <- ids
	})
	next := func() []int64 {
		select {
		case ids := <-got:
			return ids
		case <-ctx.Done():
			t.Fatal("no llegó ningún evento")
			return nil
		}
	}
	if ids := next(); !slices.Equal(ids, []int64{2, 3}) {
		t.Fatalf("al ponerse al día entregó %v, se esperaban [2 3]", ids)
	}
	pg, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close(context.Background())
	src.add(4)
	src.add(5)
	n := NewNotifier(func(ctx context.Context, payload string) error {
		_, err := pg.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, payload)
		return err
	})
	// it LISTENs before it catches up: what is announced now reaches it
	n.Notify(ctx, []int64{3, 4})
	if ids := next(); !slices.Equal(ids, []int64{4}) {
		t.Fatalf("el anuncio de [3 4] entregó %v, se esperaba [4] (3 ya se había entregado)", ids)
	}
	n.Notify(ctx, []int64{4, 5})
	n.Close()
	if ids := next(); !slices.Equal(ids, []int64{5}) {
		t.Fatalf("el anuncio de [4 5] entregó %v, se esperaba [5]", ids)
	}
}
