package store

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"muelle/internal/events"
)

// On PostgreSQL every instance learns of the events the others stored by
// NOTIFY on s.canal (escucha.go). The ids are announced after the commit, not
// in the transaction that stored them: a transaction that NOTIFYs takes a
// database-wide lock at commit and keeps it through the commit's WAL flush,
// so every sale and boarding would commit one at a time. After the commit the
// ids join a queue that one goroutine drains, one pg_notify for everything
// queued meanwhile, in a transaction of its own that writes no WAL.
//
// A process that dies between a commit and its announcement leaves those
// events stored but unannounced: the sockets that reconnect read them (they
// resume from the last id they saw), the live ones miss them. A failed
// announcement is not retried: the database was unreachable, so the
// listening connections drop too and catch up with what was stored meanwhile.

// maxAviso bounds the payload of one NOTIFY (PostgreSQL's limit is 8000 bytes).
const maxAviso = 7000

// Bounds of the announcement queue: how many committed transactions may wait
// (past it a transaction announces its own ids before returning), and how
// long an announcement may take.
const (
	maxAvisosEnCola = 4096
	esperaAviso     = 5 * time.Second
)

// avisador is the queue of ids to announce and the goroutine that drains it.
type avisador struct {
	anunciar func(ctx context.Context, aviso string) error
	cola     chan []int64
	parar    chan struct{}
	fin      sync.WaitGroup
	cerrado  sync.Once
}

// nuevoAvisador starts the goroutine that announces with anunciar.
func nuevoAvisador(anunciar func(ctx context.Context, aviso string) error) *avisador {
	a := &avisador{anunciar: anunciar, cola: make(chan []int64, maxAvisosEnCola), parar: make(chan struct{})}
	a.fin.Add(1)
	go a.correr()
	return a
}

// avisar queues the ids of a committed transaction's events; with the queue
// full it announces them itself, so no announcement is ever dropped for load.
func (a *avisador) avisar(ctx context.Context, evs []events.Event) {
	ids := make([]int64, len(evs))
	for i, ev := range evs {
		ids[i] = ev.ID
	}
	select {
	case a.cola <- ids:
	default:
		a.enviar(context.WithoutCancel(ctx), ids)
	}
}

// correr drains the queue until cerrar, one announcement for all the ids
// waiting; at cerrar it announces what is left.
func (a *avisador) correr() {
	defer a.fin.Done()
	for {
		select {
		case ids := <-a.cola:
			a.enviar(context.Background(), a.juntar(ids))
		case <-a.parar:
			if ids := a.juntar(nil); len(ids) > 0 {
				a.enviar(context.Background(), ids)
			}
			return
		}
	}
}

// juntar appends to ids every id queued meanwhile.
func (a *avisador) juntar(ids []int64) []int64 {
	for {
		select {
		case mas := <-a.cola:
			ids = append(ids, mas...)
		default:
			return ids
		}
	}
}

func (a *avisador) enviar(ctx context.Context, ids []int64) {
	ctx, cancel := context.WithTimeout(ctx, esperaAviso)
	defer cancel()
	for _, aviso := range avisos(ids) {
		if a.anunciar(ctx, aviso) != nil {
			return
		}
	}
}

// cerrar announces what is queued and stops the goroutine (the store is
// closing: what commits later is not announced); closing again does nothing.
func (a *avisador) cerrar() {
	a.cerrado.Do(func() { close(a.parar) })
	a.fin.Wait()
}

// avisos are the NOTIFY payloads of a list of event ids, comma-separated,
// each under maxAviso bytes.
func avisos(ids []int64) []string {
	var (
		out    []string
		actual strings.Builder
	)
	for _, n := range ids {
		id := strconv.FormatInt(n, 10)
		if actual.Len()+len(id)+1 > maxAviso {
			out = append(out, actual.String())
			actual.Reset()
		}
		if actual.Len() > 0 {
			actual.WriteByte(',')
		}
		actual.WriteString(id)
	}
	return append(out, actual.String())
}
