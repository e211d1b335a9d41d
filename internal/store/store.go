// Package store is the business room of Muelle's database: all the SQL, one
// file per business area (pasajes.go, cajas.go, embarque.go …); each use case
// that must be atomic is one method running one transaction. The same SQL
// (with ? placeholders) runs on SQLite and PostgreSQL.
//
// The machinery under it, the engine room, is package sqldb: the pools, the
// dialect, transactions (SQLite's group commit, PostgreSQL's turns), the
// prepared-statement cache, the events' NOTIFY and LISTEN (sqldb/pubsub), the
// trace, row scanning and error mapping. A store method talks to it through
// sqldb.Conn: c.Exec, c.Query, c.QueryRow, c.InsertID, and inside
// s.db.InTx the transaction's three hooks: c.Now() (the one time of the
// transaction), c.Emit(event) (stored with the transaction, handed on once it
// has committed) and c.AfterCommit(fn) (run once it has committed, never
// after a rollback or a replay). docs/architecture.md ("The store's two
// rooms") shows both.
package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"strings"
	"time"

	"muelle/internal/events"
	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

// Store is the gateway to the database.
type Store struct {
	// db is the engine room: pools, transactions, events after commit.
	db *sqldb.DB
	// destino is where the database is, without credentials.
	destino Destino
	// secretos seals the secrets stored in the database (nil: none can be stored).
	secretos *secretbox.Box
	// claves caches the companies' signing keys (claves.go).
	claves claves
	// modulos caches the companies' module states by version (modulos.go).
	modulos modulosCache
	// despertadores wake the outbox workers after a message is queued (mensajes.go).
	despertadores despertadores
	// despertarTrabajos wakes the job runner after work is queued (trabajos.go).
	despertarTrabajos func()
	// vapid caches the installation's VAPID key pair (push.go).
	vapid vapid
	// Now is the clock; tests may replace it. Always UTC.
	Now func() time.Time
	// Events receives the events of every committed transaction, already
	// stored with their ids (eventos.go); nil discards them.
	Events events.Publisher
	// busqueda bounds how the ticket list's search reads (listado_pasajes.go);
	// tests may change it.
	busqueda umbralesBusqueda
}

// DefaultURL is the embedded database used when none is configured.
const DefaultURL = "sqlite:data/muelle.db"

// canalEventos is the PostgreSQL channel that announces new events.
const canalEventos = "muelle_eventos"

// options is what Open can be told.
type options struct {
	maxConns int
	secretos *secretbox.Box
}

// Option adjusts how Open connects.
type Option func(*options)

// WithMaxConns bounds the connection pool (the read pool on SQLite, whose
// writer is always one connection); n <= 0 keeps the engine's default.
func WithMaxConns(n int) Option { return func(o *options) { o.maxConns = n } }

// WithSecretBox gives the store the installation key that seals the secrets
// it stores (the companies' signing keys and every later secret).
func WithSecretBox(b *secretbox.Box) Option { return func(o *options) { o.secretos = b } }

// SQLitePath is the file of a "sqlite:PATH" URL; ok is false for other databases.
func SQLitePath(url string) (path string, ok bool) { return strings.CutPrefix(url, "sqlite:") }

// Open connects to the database named by url: "sqlite:PATH" or "postgres://...".
// Pools are bounded: a request waits for a free connection instead of
// opening one more.
func Open(url string, opts ...Option) (*Store, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	st := &Store{Now: func() time.Time { return time.Now().UTC() }, secretos: o.secretos, destino: destinoDe(url),
		busqueda: umbralesBusqueda{leidos: maxLeidos, encontrados: maxEncontrados}}
	db, err := sqldb.Open(url, sqldb.Options{MaxConns: o.maxConns, Clock: func() time.Time { return st.Now() },
		EventChannel: canalEventos, SaveEvents: guardarEventos, Publish: st.publicar})
	if err != nil {
		return nil, err
	}
	st.db = db
	return st, nil
}

// publicar hands the events of a committed transaction to Events.
func (s *Store) publicar(ctx context.Context, evs []events.Event) {
	if s.Events != nil {
		s.Events.Publish(ctx, evs)
	}
}

// Close releases the connection pools.
func (s *Store) Close() error { return s.db.Close() }

// Dialect names the database engine: "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.db.Dialect().Name() }

// Migrate applies every pending migration of the current dialect, under the
// schema lock (WithSchemaLock), then, under it too, completes in Go what
// SQLite's SQL cannot: the business day of sale of older tickets, in their
// company's time zone (completarDiaVenta).
func (s *Store) Migrate(ctx context.Context) error {
	if err := s.db.Migrate(ctx, migrationsFS); err != nil {
		return err
	}
	return s.WithSchemaLock(ctx, s.completarDiaVenta)
}

// WithSchemaLock runs fn holding the schema lock of the database: every
// schema change at start-up (our migrations, whatsmeow's upgrade) runs under
// it, so instances started together change the schema one at a time.
func (s *Store) WithSchemaLock(ctx context.Context, fn func(ctx context.Context) error) error {
	return s.db.WithSchemaLock(ctx, fn)
}

// BaseExterna is Muelle's database for a library that keeps tables of its own
// in it (whatsmeow's device store, tables whatsmeow_*, upgraded by the
// library), and the dialect's name ("sqlite" or "postgres"): on SQLite a
// small pool of its own, so its transactions never wait behind the store's
// one writer connection (sqldb.DB.External).
func (s *Store) BaseExterna() (*sql.DB, string) { return s.db.External() }

// DB exposes the pool for tests and tools that inspect the database directly.
func (s *Store) DB() *sql.DB { return s.db.Writer() }

// Lector is the pool the plain reads go to: its own on SQLite, the same as
// DB on PostgreSQL.
func (s *Store) Lector() *sql.DB { return s.db.Reader() }

// Rebind adapts a statement written with ? placeholders to the dialect.
func (s *Store) Rebind(q string) string { return s.db.Dialect().Rebind(q) }

// DropIdleConns closes every idle connection of both pools; the next
// statements open fresh ones. Tests use it to start from no open connection.
func (s *Store) DropIdleConns() { s.db.DropIdleConns() }

// Sentencia is a statement the store ran: its SQL as sent to the engine
// (placeholders rebound), its arguments, and the transaction it ran in (0:
// none; each transaction has a number of its own).
type Sentencia struct {
	SQL         string
	Args        []any
	Transaccion int64
}

// Trazar shows every statement the store runs to fn (nil stops it). It is for
// tests and the benchmark: set it while no request runs, fn must be safe for
// concurrent use, and it sees the arguments, secrets included.
func (s *Store) Trazar(fn func(Sentencia)) {
	if fn == nil {
		s.db.Trace(nil)
		return
	}
	s.db.Trace(func(st sqldb.Statement) { fn(Sentencia{SQL: st.SQL, Args: st.Args, Transaccion: st.Tx}) })
}

// Ida is one round trip to PostgreSQL: Tipo "query" (a statement, BEGIN and
// COMMIT included), "prepare" (a statement new to its connection), "batch"
// (a pipeline: SQL holds its statements) or "connect".
type Ida struct {
	Tipo string
	SQL  []string
}

// TrazarIdas shows every round trip to PostgreSQL made for a request to fn
// (nil stops it; SQLite makes none): sqldb.DB.TraceRoundTrips. For tests and
// the benchmark, like Trazar.
func (s *Store) TrazarIdas(fn func(Ida)) {
	if fn == nil {
		s.db.TraceRoundTrips(nil)
		return
	}
	s.db.TraceRoundTrips(func(r sqldb.RoundTrip) { fn(Ida{Tipo: r.Kind, SQL: r.SQL}) })
}

// IsUnavailable reports whether err means the database is unreachable,
// read-only or shutting down, as opposed to a fault of the request or the code.
func IsUnavailable(err error) bool { return sqldb.IsUnavailable(err) }

// Pagina is the window of a list: at most Limite rows (0: all of them) after
// skipping Desplazamiento rows.
type Pagina struct {
	Limite         int64
	Desplazamiento int64
}

// page is the page in the engine room's terms.
func (p Pagina) page() sqldb.Page { return sqldb.Page{Limit: p.Limite, Offset: p.Desplazamiento} }

// wrap adds the store prefix and context to err; nil stays nil.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// firstErr is err when there is one, otherwise the business error otherwise.
func firstErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// enLotes is a purge run to the end as a periodic job's turn: bounded
// batches until one comes back short.
func enLotes(purgar func(ctx context.Context, lote int) (int64, error)) func(context.Context) error {
	const lote = 1000
	return func(ctx context.Context) error {
		for {
			n, err := purgar(ctx, lote)
			if err != nil || n < lote {
				return err
			}
		}
	}
}
