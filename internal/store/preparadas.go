package store

import (
	"context"
	"database/sql"
	"sync"
)

// maxPreparadas bounds the statements a pool keeps prepared; past it,
// statements are prepared for each use, as without a cache.
const maxPreparadas = 512

// preparadas keeps each statement prepared once per pool: SQLite would parse
// and plan it again on every use (pgx caches prepared statements itself, so
// PostgreSQL needs none). database/sql prepares a statement on each
// connection that runs it, and again after a connection is replaced.
type preparadas struct {
	db         *sql.DB
	mu         sync.Mutex
	m          map[string]*sql.Stmt
	pendientes map[string]bool // seen inside a transaction, to prepare after it
}

func nuevasPreparadas(db *sql.DB) *preparadas {
	return &preparadas{db: db, m: map[string]*sql.Stmt{}, pendientes: map[string]bool{}}
}

// de returns q prepared, or nil (no cache, cache full, or q does not prepare:
// then the plain call reports the error).
func (p *preparadas) de(ctx context.Context, q string) *sql.Stmt {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	st, ok := p.m[q]
	lleno := len(p.m) >= maxPreparadas
	p.mu.Unlock()
	if ok || lleno {
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
	if otra, ok := p.m[q]; ok {
		st.Close()
		return otra
	}
	p.m[q] = st
	return st
}

// enTransaccion returns q prepared if it already is, or nil, and then
// remembers to prepare it: inside a transaction on SQLite's one writer
// connection, preparing on the pool would wait for the connection the
// transaction holds.
func (p *preparadas) enTransaccion(q string) *sql.Stmt {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	st, ok := p.m[q]
	if !ok && len(p.m)+len(p.pendientes) < maxPreparadas {
		p.pendientes[q] = true
	}
	return st
}

// prepararPendientes prepares what transactions asked for; it runs between
// transactions, when the writer connection is free.
func (p *preparadas) prepararPendientes(ctx context.Context) {
	if p == nil {
		return
	}
	p.mu.Lock()
	pendientes := p.pendientes
	p.pendientes = map[string]bool{}
	p.mu.Unlock()
	for q := range pendientes {
		p.de(ctx, q)
	}
}

// cerrar releases every prepared statement.
func (p *preparadas) cerrar() {
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
	db   *sql.DB
	prep *preparadas
}

func (p pool) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := p.prep.de(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.db.ExecContext(ctx, q, args...)
}

func (p pool) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := p.prep.de(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.db.QueryContext(ctx, q, args...)
}

func (p pool) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := p.prep.de(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.db.QueryRowContext(ctx, q, args...)
}

// enTx runs statements in a transaction, prepared once when it has a cache;
// sinCancelar keeps the client's going away from interrupting them (in a
// group of transactions SQLite would roll back the whole group).
type enTx struct {
	tx          *sql.Tx
	prep        *preparadas
	sinCancelar bool
}

func (t enTx) contexto(ctx context.Context) context.Context {
	if t.sinCancelar {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

func (t enTx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ctx = t.contexto(ctx)
	if st := t.prep.enTransaccion(q); st != nil {
		return t.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, q, args...)
}

func (t enTx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	ctx = t.contexto(ctx)
	if st := t.prep.enTransaccion(q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, q, args...)
}

func (t enTx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	ctx = t.contexto(ctx)
	if st := t.prep.enTransaccion(q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, q, args...)
}
