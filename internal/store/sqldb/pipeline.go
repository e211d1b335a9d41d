package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL's transactions are pipelined (issue 39 item 2): a round trip
// waits for the server, and a transaction of database/sql spends two on
// BEGIN and COMMIT alone. pgTx runs a transaction on one connection of the
// pool, taken through database/sql and spoken to natively through pgx
// (sql.Conn.Raw) where it saves a round trip:
//
//   - BEGIN is not sent alone: it waits, queued, for the transaction's first
//     statement. A statement without rows (Exec) goes with whatever is queued
//     in one pipelined pgx batch, one round trip; a query (Query, QueryRow:
//     database/sql's rows) sends what is queued first, then itself.
//   - A write whose outcome only matters as an error (Conn.ExecLater) or
//     whose rows are read only after the commit (Conn.QueryLater: the events'
//     ids) is queued too, and sent with the next statement or with COMMIT.
//     A queued statement that fails fails the statement or the commit it went
//     with, and the transaction rolls back. The order of the statements never
//     changes: what runs after a queued write sees it.
//   - A transaction that sent nothing sends no BEGIN and no COMMIT.
//
// Outside pgTx (SQLite, a Conn outside a transaction) ExecLater and QueryLater
// run at once.
type pgTx struct {
	conn    *sql.Conn
	pending []queued
	begun   bool // BEGIN was sent: COMMIT or ROLLBACK must follow
	// failed is the error of queued statements sent before a QueryRow (whose
	// *sql.Row cannot carry it).
	failed error
}

// queued is a statement waiting for the next round trip; rows, when set,
// reads its rows.
type queued struct {
	sql  string
	args []any
	rows func(Rows) error
}

// Rows is a statement's rows as QueryLater hands them: *sql.Rows or pgx's.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// transactionPipelined runs fn in a pipelined transaction on one connection of the writer pool.
func (db *DB) transactionPipelined(ctx context.Context, fn func(t *pgTx) error) error {
	conn, err := db.writer.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err)
	}
	defer conn.Close()
	t := &pgTx{conn: conn, pending: []queued{{sql: "BEGIN"}}}
	if err := fn(t); err != nil {
		t.rollback(ctx)
		if t.failed != nil {
			return errors.Join(t.failed, err)
		}
		return err
	}
	if !t.begun && len(t.pending) == 1 {
		return nil // nothing ran: no transaction to end
	}
	tag, err := t.send(ctx, &queued{sql: "COMMIT"})
	if err == nil && t.failed != nil {
		err = t.failed
	}
	if err == nil && tag.String() != "COMMIT" {
		err = fmt.Errorf("la transacción terminó en %q", tag.String()) // COMMIT of an aborted transaction
	}
	if err != nil {
		t.rollback(ctx)
		return fmt.Errorf("store: confirmar transacción: %w", err)
	}
	return nil
}

// rollback ends a transaction that failed; a connection left inside one is
// dropped by the pool (pgx's ResetSession), never reused.
func (t *pgTx) rollback(ctx context.Context) {
	t.pending = nil
	if t.begun {
		_, _ = t.conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
	}
}

// send sends what is queued and last (nil: nothing more) in one pipelined
// batch, and answers last's command tag.
func (t *pgTx) send(ctx context.Context, last *queued) (pgconn.CommandTag, error) {
	qs := t.pending
	if last != nil {
		qs = append(qs, *last)
	}
	t.pending = nil
	if len(qs) == 0 {
		return pgconn.CommandTag{}, nil
	}
	if qs[0].sql == "BEGIN" {
		t.begun = true
	}
	var tag pgconn.CommandTag
	err := t.conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("store: conexión %T no es de pgx", dc)
		}
		b := &pgx.Batch{}
		for _, q := range qs {
			b.Queue(q.sql, q.args...)
		}
		br := sc.Conn().SendBatch(ctx, b)
		for _, q := range qs {
			var err error
			if q.rows != nil {
				err = readRows(br, q.rows)
			} else {
				tag, err = br.Exec()
			}
			if err != nil {
				return errors.Join(err, br.Close())
			}
		}
		return br.Close()
	})
	return tag, err
}

// readRows reads the rows of the batch's next statement with fn.
func readRows(br pgx.BatchResults, fn func(Rows) error) error {
	rows, err := br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	if err := fn(rows); err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}

// pgResult is a native Exec's outcome as database/sql's.
type pgResult struct{ tag pgconn.CommandTag }

func (r pgResult) LastInsertId() (int64, error) {
	return 0, errors.New("store: PostgreSQL no informa el último id (use RETURNING)")
}
func (r pgResult) RowsAffected() (int64, error) { return r.tag.RowsAffected(), nil }

// ExecContext sends the statement with what is queued, in one round trip.
func (t *pgTx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	tag, err := t.send(ctx, &queued{sql: q, args: args})
	if err != nil {
		return nil, err
	}
	return pgResult{tag}, nil
}

// QueryContext sends what is queued, then the query: database/sql's rows.
func (t *pgTx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if _, err := t.send(ctx, nil); err != nil {
		return nil, err
	}
	return t.conn.QueryContext(ctx, q, args...)
}

// QueryRowContext sends what is queued, then the query. database/sql builds
// a *sql.Row with an error only from a failed query: when what was queued
// failed, the query runs on the aborted transaction and fails too
// (PostgreSQL refuses every statement of it), and the transaction answers the
// queued statement's error (failed) with the caller's.
func (t *pgTx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if _, err := t.send(ctx, nil); err != nil {
		t.failed = err
	}
	return t.conn.QueryRowContext(ctx, q, args...)
}

// later queues a statement for the next round trip.
func (t *pgTx) later(q string, args []any, rows func(Rows) error) {
	t.pending = append(t.pending, queued{sql: q, args: args, rows: rows})
}

// Piped is a query of Pipeline: its SQL with ? placeholders, its arguments,
// and what reads its rows.
type Piped struct {
	SQL  string
	Args []any
	Rows func(Rows) error
}

// Pipeline runs queries that do not depend on each other, each read by its
// Rows, in order. On PostgreSQL they go together, one round trip, as one
// pipelined pgx batch: in the transaction (with what it has queued), or
// outside one on a connection of the read pool, where the batch runs in one
// implicit transaction (one snapshot, like a single statement). On SQLite one
// after the other.
func Pipeline(ctx context.Context, c Conn, qs ...Piped) error {
	t, inTx := c.q.(*pgTx)
	if !c.d.Postgres() || (!inTx && !splitOnPostgres(c.q)) {
		for _, q := range qs {
			if err := readQuery(ctx, c, q); err != nil {
				return err
			}
		}
		return nil
	}
	if !inTx {
		conn, err := c.q.(splitQuerier).read.db.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		t = &pgTx{conn: conn}
	}
	for _, q := range qs {
		t.later(c.rebind(q.SQL, q.Args), q.Args, q.Rows)
	}
	_, err := t.send(ctx, nil)
	return err
}

// splitOnPostgres reports whether q is a Conn's querier outside a transaction.
func splitOnPostgres(q Querier) bool {
	_, ok := q.(splitQuerier)
	return ok
}

// readQuery runs one query of Pipeline on its own.
func readQuery(ctx context.Context, c Conn, q Piped) error {
	rows, err := c.Query(ctx, q.SQL, q.Args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if err := q.Rows(rows); err != nil {
		return err
	}
	return rows.Err()
}
