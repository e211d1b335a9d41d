package sqldb

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Statement is a statement the DB ran: its SQL as sent to the engine
// (placeholders rebound), its arguments, and the transaction it ran in (0:
// none; each transaction has a number of its own).
type Statement struct {
	SQL  string
	Args []any
	Tx   int64
}

// Trace shows every statement run through a Conn to fn (nil stops it). It is
// for tests and the benchmark: set it while no request runs, fn must be safe
// for concurrent use, and it sees the arguments, secrets included.
func (db *DB) Trace(fn func(Statement)) {
	if fn == nil {
		db.trace.Store(nil)
		return
	}
	db.trace.Store(&fn)
}

// tracer is the statement hook in force, or nil.
func (db *DB) tracer() func(Statement) {
	if fn := db.trace.Load(); fn != nil {
		return *fn
	}
	return nil
}

// RoundTrip is one exchange with PostgreSQL, as pgx makes it: a statement
// (a query, BEGIN and COMMIT included), the preparation of a statement new
// to its connection (pgx prepares once per connection, then runs it by name),
// a pipelined batch (every statement of it, sent together) or a new
// connection. SQL holds the statements sent.
type RoundTrip struct {
	Kind string // "query", "prepare", "batch" or "connect"
	SQL  []string
}

// TraceRoundTrips shows every round trip to PostgreSQL made for a caller to
// fn (nil stops it); SQLite makes none. What runs off any request is not
// shown: the announcements of committed events (batched NOTIFY, sqldb/pubsub).
// Neither is the liveness ping database/sql's driver sends before reusing a
// connection idle for over a second (never under load). Like Trace, it is for
// tests and the benchmark.
func (db *DB) TraceRoundTrips(fn func(RoundTrip)) {
	if fn == nil {
		db.roundTrips.Store(nil)
		return
	}
	db.roundTrips.Store(&fn)
}

// untraced marks the context of work that runs off any request: its round
// trips are not shown.
type untraced struct{}

// pgTracer shows a connection's round trips to the DB's TraceRoundTrips.
type pgTracer struct{ db *DB }

func (t pgTracer) show(ctx context.Context, kind string, sql ...string) {
	if fn := t.db.roundTrips.Load(); fn != nil && ctx.Value(untraced{}) == nil {
		(*fn)(RoundTrip{Kind: kind, SQL: sql})
	}
}

func (t pgTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	t.show(ctx, "query", d.SQL)
	return ctx
}

func (pgTracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (t pgTracer) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	sql := make([]string, 0, d.Batch.Len())
	for _, q := range d.Batch.QueuedQueries {
		sql = append(sql, q.SQL)
	}
	t.show(ctx, "batch", sql...)
	return ctx
}

func (pgTracer) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (pgTracer) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// TracePrepareStart shows nothing yet: a statement already prepared on the
// connection is no round trip (TracePrepareEnd says which).
func (t pgTracer) TracePrepareStart(ctx context.Context, _ *pgx.Conn, d pgx.TracePrepareStartData) context.Context {
	if t.db.roundTrips.Load() == nil {
		return ctx
	}
	return context.WithValue(ctx, preparing{}, d.SQL)
}

func (t pgTracer) TracePrepareEnd(ctx context.Context, _ *pgx.Conn, d pgx.TracePrepareEndData) {
	if !d.AlreadyPrepared {
		sql, _ := ctx.Value(preparing{}).(string)
		t.show(ctx, "prepare", sql)
	}
}

type preparing struct{}

func (t pgTracer) TraceConnectStart(ctx context.Context, _ pgx.TraceConnectStartData) context.Context {
	t.show(ctx, "connect")
	return ctx
}

func (pgTracer) TraceConnectEnd(context.Context, pgx.TraceConnectEndData) {}
