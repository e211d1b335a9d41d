package sqldb

import (
	"context"
	"fmt"
)

// InTx runs fn in one transaction: committed if fn returns nil, rolled back
// otherwise (on SQLite, a savepoint of a group that shares one commit: see
// group). The events fn emitted are stored in the same transaction, by the
// SaveEvents of Options, and handed on after the commit, and only then:
// their ids announced to the other instances (pubsub) and the events given
// to Publish; then the callbacks fn registered with AfterCommit run. On
// PostgreSQL the transaction first waits for a turn (InTurn) and is
// pipelined (pipeline.go: BEGIN and COMMIT ride with statements).
func (db *DB) InTx(ctx context.Context, fn func(c Conn) error) error {
	work := func(c Conn) error {
		if err := fn(c); err != nil {
			return err
		}
		if len(c.tx.events) == 0 || db.saveEvents == nil {
			return nil
		}
		return db.saveEvents(ctx, c, c.tx.events)
	}
	var (
		st  *txState
		err error
	)
	if db.group != nil {
		st, err = db.group.run(ctx, work, db.txConn)
	} else {
		var release func()
		if ctx, release, err = db.InTurn(ctx); err == nil {
			defer release()
			st = &txState{}
			err = db.transactionPipelined(ctx, func(t *pgTx) error { return work(db.txConn(t, st)) })
		}
	}
	if err != nil {
		return err
	}
	db.committed(ctx, st)
	return nil
}

// InStatement runs fn, which writes with one statement, outside any
// transaction: a statement is atomic by itself, so it needs no BEGIN and no
// COMMIT (on PostgreSQL, one round trip instead of three at least). fn may
// read before it writes, but writes once. fn has the transaction's hooks:
// the events it emits must be stored by that one statement itself, with their
// ids set (SaveEvents does not run: a data-modifying CTE inserts them); once
// fn returns nil they are handed on and its AfterCommit callbacks run, as
// after InTx's commit; an error hands on nothing. On PostgreSQL it waits for
// a turn (InTurn), like InTx. Only for a dialect with WritingCTEs: SQLite's
// one writer runs transactions in groups (InTx).
func (db *DB) InStatement(ctx context.Context, fn func(c Conn) error) error {
	if !db.dialect.WritingCTEs() {
		return fmt.Errorf("store: %s no escribe en una sola sentencia", db.dialect.Name())
	}
	ctx, release, err := db.InTurn(ctx)
	if err != nil {
		return err
	}
	defer release()
	st := &txState{}
	c := Conn{q: pool{db.writer, db.writerStmts}, d: db.dialect, now: db.clock(), tx: st, trace: db.tracer(),
		txID: db.txSeq.Add(1)}
	if err := fn(c); err != nil {
		return err
	}
	for _, ev := range st.events {
		if ev.ID == 0 && db.saveEvents != nil {
			return fmt.Errorf("store: el evento %s no se guardó con la sentencia", ev.Nombre)
		}
	}
	db.committed(ctx, st)
	return nil
}

// committed hands on what a committed transaction collected.
func (db *DB) committed(ctx context.Context, st *txState) {
	if len(st.events) > 0 && db.notifier != nil {
		ids := make([]int64, len(st.events))
		for i, ev := range st.events {
			ids[i] = ev.ID
		}
		db.notifier.Notify(ctx, ids)
	}
	if len(st.events) > 0 && db.publish != nil {
		db.publish(ctx, st.events)
	}
	for _, fn := range st.afterCommit {
		fn()
	}
}

// inTurn marks the context of an operation that holds a turn: what it runs
// inside (its transaction) does not wait for another.
type inTurn struct{}

// InTurn waits, first come first served, for a place among the operations
// that hold a PostgreSQL connection, and answers the context that holds it
// and the function that gives it back; an operation that holds one already,
// and SQLite, do not wait. database/sql hands a freed connection to a random
// waiter, which makes long tails under load; the turns let operations in in
// the order they came, and leave connections free for the other plain reads.
// Everything run with the context must use one connection at a time and the
// same context (a second turn would wait for the first).
func (db *DB) InTurn(ctx context.Context) (context.Context, func(), error) {
	if db.turns == nil || ctx.Value(inTurn{}) != nil {
		return ctx, func() {}, nil
	}
	select {
	case db.turns <- struct{}{}:
		return context.WithValue(ctx, inTurn{}, true), func() { <-db.turns }, nil
	case <-ctx.Done():
		return ctx, nil, fmt.Errorf("store: esperar una conexión: %w", ctx.Err())
	}
}
