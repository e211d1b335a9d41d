package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"muelle/internal/events"
)

// maxGrupo bounds how many transactions share one commit.
const maxGrupo = 64

// grupo commits SQLite's write transactions in groups. SQLite has one writer
// connection, and every durable commit waits for the disk (synchronous=FULL);
// so the transactions that queued while a commit was running run next in one
// database transaction, each inside a savepoint of its own, and share one
// commit, one wait for the disk. Each keeps its own outcome: one that fails is
// rolled back to its savepoint and the others carry on; none is answered (nor
// publishes its events) before the shared commit is on disk; if the commit
// fails, all of them fail. A transaction never waits for company: when
// nothing else is queued it commits alone, as before.
type grupo struct {
	db    *sql.DB
	prep  *preparadas
	cola  chan *trabajo
	cerro sync.Once
	fin   chan struct{}
}

// trabajo is one transaction waiting for its turn.
type trabajo struct {
	ctx   context.Context
	fn    func(c conn) error
	nueva func(q querier, evs *[]events.Event) conn
	err   error
	evs   []events.Event
	hecho chan struct{}
}

func nuevoGrupo(db *sql.DB, prep *preparadas) *grupo {
	g := &grupo{db: db, prep: prep, cola: make(chan *trabajo), fin: make(chan struct{})}
	go g.bucle()
	return g
}

// correr runs fn as one transaction of a group and returns its outcome once
// the group committed; the events are those fn emitted, to publish.
func (g *grupo) correr(ctx context.Context, fn func(c conn) error,
	nueva func(q querier, evs *[]events.Event) conn) ([]events.Event, error) {
	t := &trabajo{ctx: ctx, fn: fn, nueva: nueva, hecho: make(chan struct{})}
	select {
	case g.cola <- t:
	case <-ctx.Done():
		return nil, fmt.Errorf("store: iniciar transacción: %w", ctx.Err())
	case <-g.fin:
		return nil, fmt.Errorf("store: iniciar transacción: %w", sql.ErrConnDone)
	}
	<-t.hecho
	return t.evs, t.err
}

// bucle takes the next transaction and every one queued behind it (up to
// maxGrupo), and runs them as a group, until the store closes.
func (g *grupo) bucle() {
	for {
		var lote []*trabajo
		select {
		case t := <-g.cola:
			lote = append(lote, t)
		case <-g.fin:
			return
		}
	juntar:
		for len(lote) < maxGrupo {
			select {
			case t := <-g.cola:
				lote = append(lote, t)
			default:
				break juntar
			}
		}
		g.ejecutar(lote)
		g.prep.prepararPendientes(context.Background())
	}
}

// ejecutar runs a group in one transaction, each trabajo in its savepoint.
func (g *grupo) ejecutar(lote []*trabajo) {
	defer func() {
		for _, t := range lote {
			close(t.hecho)
		}
	}()
	tx, err := g.db.BeginTx(context.Background(), nil)
	if err != nil {
		for _, t := range lote {
			t.err = fmt.Errorf("store: iniciar transacción: %w", err)
		}
		return
	}
	for _, t := range lote {
		var roto bool
		if t.err, roto = t.correr(enTx{tx: tx, prep: g.prep, sinCancelar: true}); roto {
			// the transaction itself is lost (SQLite rolls it all back on
			// some errors): nothing of the group may be reported as written
			_ = tx.Rollback()
			for _, otro := range lote {
				otro.err, otro.evs = firstErr(otro.err, fmt.Errorf("store: transacción deshecha: %w", t.err)), nil
			}
			return
		}
	}
	err = tx.Commit()
	for _, t := range lote {
		if err != nil && t.err == nil {
			t.err, t.evs = fmt.Errorf("store: confirmar transacción: %w", err), nil
		}
	}
}

// correr runs the trabajo inside a savepoint of tx: released if fn succeeds,
// rolled back to otherwise (the group goes on). roto reports that the
// savepoint could not be undone: the whole transaction is lost. Statements
// run with the request's values but are not interrupted when its client goes
// away: SQLite would roll back the whole group.
func (t *trabajo) correr(tx enTx) (err error, roto bool) {
	if err := t.ctx.Err(); err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err), false
	}
	if _, err := tx.tx.Exec(`SAVEPOINT trabajo`); err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err), true
	}
	var evs []events.Event
	if err := t.fn(t.nueva(tx, &evs)); err != nil {
		if _, rerr := tx.tx.Exec(`ROLLBACK TO trabajo`); rerr != nil {
			return err, true
		}
		if _, rerr := tx.tx.Exec(`RELEASE trabajo`); rerr != nil {
			return err, true
		}
		return err, false
	}
	if _, err := tx.tx.Exec(`RELEASE trabajo`); err != nil {
		return fmt.Errorf("store: confirmar transacción: %w", err), true
	}
	t.evs = evs
	return nil, false
}

// cerrar stops taking transactions (the queued ones are refused).
func (g *grupo) cerrar() { g.cerro.Do(func() { close(g.fin) }) }
