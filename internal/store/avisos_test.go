package store

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"muelle/internal/events"
)

// anunciados records what an avisador announced; bloquear holds the first
// announcement until it is closed, so that later transactions queue behind it.
type anunciados struct {
	mu       sync.Mutex
	avisos   []string
	bloquear chan struct{}
}

func (r *anunciados) anunciar(_ context.Context, aviso string) error {
	if r.bloquear != nil {
		<-r.bloquear
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.avisos = append(r.avisos, aviso)
	return nil
}

func eventosConIDs(ids ...int64) []events.Event {
	evs := make([]events.Event, len(ids))
	for i, id := range ids {
		evs[i].ID = id
	}
	return evs
}

// TestAvisadorAnnouncesEveryCommittedIDOnceInBatches: the transactions that
// commit while an announcement is under way are announced together, each id
// once, and cerrar announces what was still queued.
func TestAvisadorAnnouncesEveryCommittedIDOnceInBatches(t *testing.T) {
	r := &anunciados{bloquear: make(chan struct{})}
	a := nuevoAvisador(r.anunciar)
	ctx := context.Background()
	a.avisar(ctx, eventosConIDs(1))
	for id := int64(2); id <= 5; id++ {
		a.avisar(ctx, eventosConIDs(id, id+100))
	}
	close(r.bloquear)
	a.cerrar()
	var ids []string
	for _, av := range r.avisos {
		ids = append(ids, strings.Split(av, ",")...)
	}
	slices.Sort(ids)
	want := []string{"1", "102", "103", "104", "105", "2", "3", "4", "5"}
	if !slices.Equal(ids, want) {
		t.Fatalf("ids anunciados %v, se esperaban %v", ids, want)
	}
	if len(r.avisos) > 3 {
		t.Errorf("%d avisos para 5 transacciones encoladas juntas: %q", len(r.avisos), r.avisos)
	}
}

// TestAvisadorWithAFullQueueAnnouncesInline: past maxAvisosEnCola waiting
// transactions, the committing one announces its own ids before returning.
func TestAvisadorWithAFullQueueAnnouncesInline(t *testing.T) {
	r := &anunciados{}
	a := &avisador{anunciar: r.anunciar, cola: make(chan []int64, 1), parar: make(chan struct{})}
	ctx := context.Background()
	a.avisar(ctx, eventosConIDs(1)) // queued: nobody drains this avisador
	a.avisar(ctx, eventosConIDs(2))
	if !slices.Equal(r.avisos, []string{"2"}) {
		t.Fatalf("avisos %q, se esperaba que la segunda transacción anunciara \"2\" ella misma", r.avisos)
	}
}

// TestAvisosSplitUnderPostgresPayloadLimit: a long list of ids becomes
// several payloads, each under maxAviso bytes, none lost.
func TestAvisosSplitUnderPostgresPayloadLimit(t *testing.T) {
	var ids []int64
	for id := int64(1_000_000_000); len(ids) < 2000; id++ {
		ids = append(ids, id)
	}
	partes := avisos(ids)
	if len(partes) < 2 {
		t.Fatalf("%d avisos para 2000 ids de 10 cifras", len(partes))
	}
	var n int
	for _, p := range partes {
		if len(p) > maxAviso {
			t.Errorf("aviso de %d bytes supera %d", len(p), maxAviso)
		}
		got, err := IDsDeAviso(p)
		if err != nil {
			t.Fatal(err)
		}
		n += len(got)
	}
	if n != len(ids) {
		t.Errorf("%d ids en los avisos, se esperaban %d", n, len(ids))
	}
}
