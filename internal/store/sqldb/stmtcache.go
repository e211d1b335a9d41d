package sqldb

import (
	"context"
	"database/sql"
	"sync"
)

// maxPrepared bounds the statements a pool keeps prepared; past it,
// statements are prepared for each use, as without a cache.
const maxPrepared = 512

// stmtCache keeps each statement prepared once per pool: SQLite would parse
// and plan it again on every use (pgx caches prepared statements itself, so
// PostgreSQL needs none). database/sql prepares a statement on each
// connection that runs it, and again after a connection is replaced.
type stmtCache struct {
	db      *sql.DB
	mu      sync.Mutex
	m       map[string]*sql.Stmt
	pending map[string]bool // seen inside a transaction, to prepare after it
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*sql.Stmt{}, pending: map[string]bool{}}
}

// get returns q prepared, or nil (no cache, cache full, or q does not
// prepare: then the plain call reports the error).
func (p *stmtCache) get(ctx context.Context, q string) *sql.Stmt {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	st, ok := p.m[q]
	full := len(p.m) >= maxPrepared
	p.mu.Unlock()
	if ok || full {
		return st
	}
	// prepared without the lock: preparing waits for a connection, which a
	// transaction that asks for another statement may hold
	st, err := p.db.PrepareContext(ctx, q)
	if err != nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if other, ok := p.m[q]; ok {
		st.Close()
		return other
	}
	p.m[q] = st
	return st
}

// inTx returns q prepared if it already is, or nil, and then remembers to
// prepare it: inside a transaction on SQLite's one writer connection,
// preparing on the pool would wait for the connection the transaction holds.
func (p *stmtCache) inTx(q string) *sql.Stmt {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	st, ok := p.m[q]
	if !ok && len(p.m)+len(p.pending) < maxPrepared {
		p.pending[q] = true
	}
	return st
}

// preparePending prepares what transactions asked for; it runs between
// transactions, when the writer connection is free.
func (p *stmtCache) preparePending(ctx context.Context) {
	if p == nil {
		return
	}
	p.mu.Lock()
	pending := p.pending
	p.pending = map[string]bool{}
	p.mu.Unlock()
	for q := range pending {
		p.get(ctx, q)
	}
}

// close releases every prepared statement.
func (p *stmtCache) close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, st := range p.m {
		st.Close()
	}
	p.m = map[string]*sql.Stmt{}
}

// pool runs statements on a pool, prepared once when it has a cache.
type pool struct {
	db    *sql.DB
	stmts *stmtCache
}

func (p pool) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := p.stmts.get(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.db.ExecContext(ctx, q, args...)
}

func (p pool) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := p.stmts.get(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.db.QueryContext(ctx, q, args...)
}

func (p pool) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := p.stmts.get(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.db.QueryRowContext(ctx, q, args...)
}

// txQuerier runs statements in a transaction, prepared once when it has a
// cache; uncancelable keeps the client's going away from interrupting them
// (in a group of transactions SQLite would roll back the whole group).
type txQuerier struct {
	tx           *sql.Tx
	stmts        *stmtCache
	uncancelable bool
}

func (t txQuerier) context(ctx context.Context) context.Context {
	if t.uncancelable {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

func (t txQuerier) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ctx = t.context(ctx)
	if st := t.stmts.inTx(q); st != nil {
		return t.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, q, args...)
}

func (t txQuerier) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	ctx = t.context(ctx)
	if st := t.stmts.inTx(q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, q, args...)
}

func (t txQuerier) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	ctx = t.context(ctx)
	if st := t.stmts.inTx(q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, q, args...)
}

// splitQuerier sends statements that change data to one pool and queries to another.
type splitQuerier struct{ read, write pool }

func (q splitQuerier) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return q.write.ExecContext(ctx, query, args...)
}

func (q splitQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return q.read.QueryContext(ctx, query, args...)
}

func (q splitQuerier) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return q.read.QueryRowContext(ctx, query, args...)
}
