package sqldb

import (
	"context"
	"database/sql"
	"time"

	"muelle/internal/events"
)

// Querier is what *sql.DB and *sql.Tx offer: statements run as written.
type Querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// Conn runs the store's statements, written with ? placeholders, rebound for
// the dialect and shown to the trace. It carries one timestamp, Now, for
// everything written through it. Inside a transaction (InTx) it also
// collects what the transaction hands on once it has committed: its events
// (Emit) and its callbacks (AfterCommit); a rolled-back transaction hands on
// nothing. Now, Emit and AfterCommit are the transaction's three hooks.
type Conn struct {
	q   Querier
	d   Dialect
	now time.Time
	tx  *txState // nil outside a transaction
	// trace is the DB's statement hook (nil: none), txID the number of the
	// transaction for it (0 outside one).
	trace func(Statement)
	txID  int64
}

// txState is what a transaction collected to hand on after its commit.
type txState struct {
	events      []events.Event
	afterCommit []func()
}

// Now is the one time of everything the connection writes (UTC).
func (c Conn) Now() time.Time { return c.now }

// Dialect is the engine the statements run on.
func (c Conn) Dialect() Dialect { return c.d }

// Raw runs statements as written: no rebinding, no trace. Inside a
// transaction it runs in the transaction.
func (c Conn) Raw() Querier { return c.q }

// Emit records an event of the transaction: it is stored with the
// transaction, before its commit, and handed on (announced, published) only
// once the transaction has committed. Outside a transaction it panics.
func (c Conn) Emit(ev events.Event) {
	if c.tx == nil {
		panic("store: evento " + ev.Nombre + " fuera de una transacción")
	}
	c.tx.events = append(c.tx.events, ev)
}

// AfterCommit registers fn to run once the transaction has committed (after
// its events are handed on), in the order registered, on the caller's
// goroutine before InTx returns: what must follow a write but is no part of
// it (waking a worker). A transaction that rolls back, a savepoint of SQLite's
// group that does, and a commit that fails run none. Outside a transaction it
// panics.
func (c Conn) AfterCommit(fn func()) {
	if c.tx == nil {
		panic("store: AfterCommit fuera de una transacción")
	}
	c.tx.afterCommit = append(c.tx.afterCommit, fn)
}

// rebind adapts a statement to the dialect and shows it to the trace.
func (c Conn) rebind(q string, args []any) string {
	q = c.d.Rebind(q)
	if c.trace != nil {
		c.trace(Statement{SQL: q, Args: args, Tx: c.txID})
	}
	return q
}

// Exec runs a statement that returns no rows.
func (c Conn) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return c.q.ExecContext(ctx, c.rebind(q, args), args...)
}

// Query runs a statement that returns rows.
func (c Conn) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return c.q.QueryContext(ctx, c.rebind(q, args), args...)
}

// QueryRow runs a statement that returns at most one row.
func (c Conn) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return c.q.QueryRowContext(ctx, c.rebind(q, args), args...)
}

// ExecLater runs a statement that returns no rows and whose outcome matters
// only as an error: inside a PostgreSQL transaction it is queued and sent with
// the transaction's next statement or its COMMIT, in the same round trip
// (pipeline.go), and its error fails that statement or the commit; elsewhere
// it runs at once and answers its error.
func (c Conn) ExecLater(ctx context.Context, q string, args ...any) error {
	if t, ok := c.q.(*pgTx); ok {
		t.later(c.rebind(q, args), args, nil)
		return nil
	}
	_, err := c.Exec(ctx, q, args...)
	return err
}

// QueryLater runs a statement whose rows fn reads, when they are needed only
// once the transaction commits (the ids of its events): inside a PostgreSQL
// transaction it is queued like ExecLater and fn runs when they come back
// (before the commit returns); elsewhere it runs at once.
func (c Conn) QueryLater(ctx context.Context, fn func(Rows) error, q string, args ...any) error {
	if t, ok := c.q.(*pgTx); ok {
		t.later(c.rebind(q, args), args, fn)
		return nil
	}
	rows, err := c.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if err := fn(rows); err != nil {
		return err
	}
	return rows.Err()
}

// InsertID runs an INSERT ... RETURNING id and returns the new id.
func (c Conn) InsertID(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	err := c.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id)
	return id, err
}

// Conn is a connection outside any transaction, stamped with the clock's
// time: its reads go to the read pool, its writes to the writer.
func (db *DB) Conn() Conn {
	q := splitQuerier{read: pool{db.reader, db.readerStmts}, write: pool{db.writer, db.writerStmts}}
	return Conn{q: q, d: db.dialect, now: db.clock(), trace: db.tracer()}
}

// WriterConn is a connection outside any transaction whose statements all go
// to the writer pool (on PostgreSQL, the pool: a statement that must run
// alone in a transaction of its own).
func (db *DB) WriterConn() Conn {
	return Conn{q: pool{db.writer, db.writerStmts}, d: db.dialect, now: db.clock(), trace: db.tracer()}
}

// AsideConn is, on PostgreSQL, a connection outside any transaction on a
// small pool of its own (two connections beside the main pool): a statement
// that must commit alone, by itself, may run through it from inside a
// transaction without waiting for the main pool that transaction holds a
// connection of (no hold-and-wait, whatever MaxConns). SQLite has no such
// pool (its one writer connection is the transaction's): false there.
func (db *DB) AsideConn() (Conn, bool) {
	if db.aside == nil {
		return Conn{}, false
	}
	return Conn{q: pool{db.aside, nil}, d: db.dialect, now: db.clock(), trace: db.tracer()}, true
}

// txConn is the connection of one transaction, numbered for the trace.
func (db *DB) txConn(q Querier, st *txState) Conn {
	return Conn{q: q, d: db.dialect, now: db.clock(), tx: st, trace: db.tracer(), txID: db.txSeq.Add(1)}
}
