package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// maxGroup bounds how many transactions share one commit.
const maxGroup = 64

// group commits SQLite's write transactions in groups. SQLite has one writer
// connection, and every durable commit waits for the disk (synchronous=FULL);
// so the transactions that queued while a commit was running run next in one
// database transaction, each inside a savepoint of its own, and share one
// commit, one wait for the disk. Each keeps its own outcome: one that fails is
// rolled back to its savepoint and the others carry on; none is answered (nor
// hands on its events or runs its after-commit callbacks) before the shared
// commit is on disk; if the commit fails, all of them fail. A transaction
// never waits for company: when nothing else is queued it commits alone.
type group struct {
	db      *sql.DB
	stmts   *stmtCache
	queue   chan *job
	stopped sync.Once
	stop    chan struct{}
}

// job is one transaction waiting for its turn.
type job struct {
	ctx     context.Context
	fn      func(c Conn) error
	newConn func(q Querier, st *txState) Conn
	err     error
	state   *txState // what the transaction hands on, once it committed
	done    chan struct{}
}

func newGroup(db *sql.DB, stmts *stmtCache) *group {
	g := &group{db: db, stmts: stmts, queue: make(chan *job), stop: make(chan struct{})}
	go g.loop()
	return g
}

// run runs fn as one transaction of a group and returns its outcome once
// the group committed, with what fn left to hand on after the commit.
func (g *group) run(ctx context.Context, fn func(c Conn) error, newConn func(q Querier, st *txState) Conn) (*txState, error) {
	j := &job{ctx: ctx, fn: fn, newConn: newConn, done: make(chan struct{})}
	select {
	case g.queue <- j:
	case <-ctx.Done():
		return nil, fmt.Errorf("store: iniciar transacción: %w", ctx.Err())
	case <-g.stop:
		return nil, fmt.Errorf("store: iniciar transacción: %w", sql.ErrConnDone)
	}
	<-j.done
	return j.state, j.err
}

// loop takes the next transaction and every one queued behind it (up to
// maxGroup), and runs them as a group, until the DB closes.
func (g *group) loop() {
	for {
		var batch []*job
		select {
		case j := <-g.queue:
			batch = append(batch, j)
		case <-g.stop:
			return
		}
	gather:
		for len(batch) < maxGroup {
			select {
			case j := <-g.queue:
				batch = append(batch, j)
			default:
				break gather
			}
		}
		g.commit(batch)
		g.stmts.preparePending(context.Background())
	}
}

// commit runs a group in one transaction, each job in its savepoint.
func (g *group) commit(batch []*job) {
	defer func() {
		for _, j := range batch {
			close(j.done)
		}
	}()
	tx, err := g.db.BeginTx(context.Background(), nil)
	if err != nil {
		for _, j := range batch {
			j.err = fmt.Errorf("store: iniciar transacción: %w", err)
		}
		return
	}
	for _, j := range batch {
		var lost bool
		if j.err, lost = j.run(txQuerier{tx: tx, stmts: g.stmts, uncancelable: true}); lost {
			// the transaction itself is lost (SQLite rolls it all back on
			// some errors): nothing of the group may be reported as written
			_ = tx.Rollback()
			for _, other := range batch {
				other.err, other.state = firstErr(other.err, fmt.Errorf("store: transacción deshecha: %w", j.err)), nil
			}
			return
		}
	}
	err = tx.Commit()
	for _, j := range batch {
		if err != nil && j.err == nil {
			j.err, j.state = fmt.Errorf("store: confirmar transacción: %w", err), nil
		}
	}
}

// run runs the job inside a savepoint of tx: released if fn succeeds, rolled
// back to otherwise (the group goes on, and what fn emitted or registered is
// dropped). lost reports that the savepoint could not be undone: the whole
// transaction is lost. Statements run with the request's values but are not
// interrupted when its client goes away: SQLite would roll back the whole group.
func (j *job) run(tx txQuerier) (err error, lost bool) {
	if err := j.ctx.Err(); err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err), false
	}
	if _, err := tx.tx.Exec(`SAVEPOINT job`); err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err), true
	}
	st := &txState{}
	if err := j.fn(j.newConn(tx, st)); err != nil {
		if _, rerr := tx.tx.Exec(`ROLLBACK TO job`); rerr != nil {
			return err, true
		}
		if _, rerr := tx.tx.Exec(`RELEASE job`); rerr != nil {
			return err, true
		}
		return err, false
	}
	if _, err := tx.tx.Exec(`RELEASE job`); err != nil {
		return fmt.Errorf("store: confirmar transacción: %w", err), true
	}
	j.state = st
	return nil, false
}

// close stops taking transactions (the queued ones are refused).
func (g *group) close() { g.stopped.Do(func() { close(g.stop) }) }

// firstErr is err when there is one, otherwise otherwise.
func firstErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}
