// Package sqldb is the store's engine room: how Muelle talks to its database,
// apart from what it says to it. Package store keeps the business (one file
// per area, all the SQL); this package keeps the machinery under it:
//
//   - the pools (Open): SQLite with one writer connection, which is never
//     read-only, and a pool of readers; PostgreSQL with one bounded pool whose
//     connections to a read-only server are dropped;
//   - the Dialect, which rebinds the store's ? placeholders for PostgreSQL
//     and supplies the few clauses that differ between the engines;
//   - Conn, through which every statement runs, stamped with one time;
//   - transactions (InTx): on SQLite the group commit (the transactions that
//     queued share one durable commit, each in a savepoint of its own), on
//     PostgreSQL the FIFO turns (InTurn) and the pipelined transaction
//     (pipeline.go: BEGIN and the queued writes of ExecLater and QueryLater
//     ride with other statements); a transaction's three hooks, Conn.Now,
//     Conn.Emit and Conn.AfterCommit;
//   - round trips on PostgreSQL: Pipeline (independent queries in one),
//     InStatement (a one-statement write with a transaction's hooks), Assert,
//     and the pgx tracer that shows them (TraceRoundTrips);
//   - the prepared-statement cache of SQLite's pools;
//   - the events' hand-on after commit: stored in the transaction (by the
//     store's SaveEvents), announced to the other instances by NOTIFY and
//     listened for (subpackage pubsub), published in the process;
//   - the statement trace, row scanning (QueryAll, QueryPage), the error
//     mapping (IsUnavailable, IsUniqueViolation, NoRows), the write probe of
//     the health check, the schema lock and the migration runner;
//   - SQLite files as whole files (backup.go): the online backup of a live
//     database, the integrity check, a file settled before it is replaced.
//
// Nothing here knows a table of the business; the store hands in what it
// must (the migrations, how events are stored).
package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"

	"muelle/internal/events"
	"muelle/internal/store/sqldb/pubsub"
)

// DB is the database under the store: its pools and the machinery that runs
// statements and transactions on them.
type DB struct {
	// writer runs every transaction and every write. On SQLite it is one
	// connection, so writers queue in the process instead of failing on the
	// busy timeout; on PostgreSQL it is the whole bounded pool.
	writer *sql.DB
	// reader runs the plain reads: a bounded pool of its own on SQLite, the
	// same pool as writer on PostgreSQL.
	reader *sql.DB
	// aside is PostgreSQL's small pool of statements that run alone, each in
	// a transaction of its own, while a transaction of writer waits for them
	// (AsideConn); nil on SQLite.
	aside   *sql.DB
	dialect Dialect
	// sqlite opens SQLite connections (nil on PostgreSQL); externals are the
	// pools External opened with it.
	sqlite     driver.Connector
	externalMu sync.Mutex
	externals  []*sql.DB
	// group commits SQLite's write transactions in groups (group.go), and
	// writerStmts and readerStmts keep SQLite's statements prepared
	// (stmtcache.go); all nil on PostgreSQL.
	group                    *group
	writerStmts, readerStmts *stmtCache
	// turns lets transactions, and the operations that ask for a turn, into
	// the PostgreSQL pool in the order they came (InTurn); nil on SQLite,
	// whose transactions queue in group.
	turns chan struct{}
	// url is PostgreSQL's, for the connections of the schema lock and of the
	// listener, and channel the one committed events are announced on by
	// notifier after the commit; "" and nil on SQLite.
	url, channel string
	notifier     *pubsub.Notifier
	clock        func() time.Time
	saveEvents   func(ctx context.Context, c Conn, evs []events.Event) error
	publish      func(ctx context.Context, evs []events.Event)
	// trace, when set, sees every statement (trace.go); txSeq numbers the
	// transactions for it.
	trace atomic.Pointer[func(Statement)]
	txSeq atomic.Int64
	// roundTrips, when set, sees every round trip to PostgreSQL (trace.go).
	roundTrips atomic.Pointer[func(RoundTrip)]
}

// Options are what Open can be told.
type Options struct {
	// MaxConns bounds the connection pool (the read pool on SQLite, whose
	// writer is always one connection); <= 0 keeps the engine's default.
	MaxConns int
	// Clock stamps every Conn (Conn.Now); nil is time.Now in UTC.
	Clock func() time.Time
	// EventChannel names the PostgreSQL channel that announces committed
	// events; a schema other than public gets EventChannel_<schema>.
	EventChannel string
	// SaveEvents stores a transaction's events in it, before its commit, and
	// sets their ids; nil stores none.
	SaveEvents func(ctx context.Context, c Conn, evs []events.Event) error
	// Publish receives the events of every committed transaction, stored and
	// with their ids, after the commit; nil discards them.
	Publish func(ctx context.Context, evs []events.Event)
}

// Open connects to the database named by url: "sqlite:PATH" or
// "postgres://...". Pools are bounded: a request waits for a free connection
// instead of opening one more.
func Open(url string, o Options) (*DB, error) {
	db := &DB{clock: o.Clock, saveEvents: o.SaveEvents, publish: o.Publish}
	if db.clock == nil {
		db.clock = func() time.Time { return time.Now().UTC() }
	}
	var err error
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		db.dialect = sqliteDialect
		db.writer, db.reader, db.sqlite, err = openSQLite(strings.TrimPrefix(url, "sqlite:"),
			maxConns(o.MaxConns, DefaultMaxConnsSQLite))
		if err == nil {
			db.writerStmts, db.readerStmts = newStmtCache(db.writer), newStmtCache(db.reader)
			db.group = newGroup(db.writer, db.writerStmts)
		}
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		db.dialect = postgresDialect
		n := maxConns(o.MaxConns, DefaultMaxConnsPostgres)
		db.writer, err = openPostgres(url, n, pgTracer{db})
		db.reader, db.turns, db.url = db.writer, make(chan struct{}, max(1, n-n/5)), url
		if err == nil {
			db.aside, err = openPostgres(url, maxConnsAside, pgTracer{db})
		}
	default:
		return nil, fmt.Errorf("store: URL de base de datos no soportada %q (use sqlite:RUTA o postgres://...)", url)
	}
	if err != nil {
		return nil, fmt.Errorf("store: abrir base de datos: %w", err)
	}
	if err := db.writer.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: conectar base de datos: %w", err)
	}
	if err := db.announceOn(o.EventChannel); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: conectar base de datos: %w", err)
	}
	return db, nil
}

func maxConns(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// announceOn names the channel of this database (NOTIFY is database-wide, so
// a database in another schema than public, in the tests, gets a channel of
// its own) and starts the goroutine that announces on it; SQLite has one
// instance and announces nothing.
func (db *DB) announceOn(base string) error {
	if !db.dialect.Postgres() || base == "" {
		return nil
	}
	var schema string
	if err := db.writer.QueryRow(`SELECT current_schema()`).Scan(&schema); err != nil {
		return err
	}
	db.channel = base
	if schema != "public" {
		db.channel += "_" + schema
	}
	db.notifier = pubsub.NewNotifier(func(ctx context.Context, payload string) error {
		_, err := db.writer.ExecContext(context.WithValue(ctx, untraced{}, true), `SELECT pg_notify($1, $2)`, db.channel, payload)
		return err
	})
	return nil
}

// Announces reports whether committed events are announced to the other
// instances (PostgreSQL), to be read by a Listener.
func (db *DB) Announces() bool { return db.channel != "" }

// Listener is the LISTEN side of the announcements on this database; the
// caller sets how the announced events are read (ByID, After) and Log.
func (db *DB) Listener() pubsub.Listener { return pubsub.Listener{URL: db.url, Channel: db.channel} }

// Close releases the connection pools, once what committed is announced.
func (db *DB) Close() error {
	if db.notifier != nil {
		db.notifier.Close()
	}
	if db.group != nil {
		db.group.close()
	}
	db.writerStmts.close()
	db.readerStmts.close()
	err := db.writer.Close()
	db.externalMu.Lock()
	for _, e := range db.externals {
		err = errors.Join(err, e.Close())
	}
	db.externalMu.Unlock()
	if db.reader != nil && db.reader != db.writer {
		err = errors.Join(err, db.reader.Close())
	}
	if db.aside != nil {
		err = errors.Join(err, db.aside.Close())
	}
	return err
}

// Dialect is the engine's.
func (db *DB) Dialect() Dialect { return db.dialect }

// Writer is the pool of transactions and writes, for tests and tools that
// inspect the database directly.
func (db *DB) Writer() *sql.DB { return db.writer }

// Reader is the pool the plain reads go to: its own on SQLite, the same as
// Writer on PostgreSQL.
func (db *DB) Reader() *sql.DB { return db.reader }

// External is the database for a library that keeps tables of its own in
// it, and the dialect's name ("sqlite" or "postgres"). On PostgreSQL it is
// the DB's pool; on SQLite a small pool of its own on the same file, with the
// same settings (WAL, busy timeout, foreign keys, immediate write
// transactions), so the library's transactions never wait behind the one
// writer connection; it is closed with the DB.
func (db *DB) External() (*sql.DB, string) {
	if db.sqlite == nil {
		return db.writer, db.dialect.Name()
	}
	db.externalMu.Lock()
	defer db.externalMu.Unlock()
	e := bound(sql.OpenDB(db.sqlite), maxConnsExternal)
	db.externals = append(db.externals, e)
	return e, db.dialect.Name()
}
