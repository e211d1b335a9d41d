// Package store holds all SQL. One file per aggregate; each use case that must be
// atomic is one method running one transaction. The same SQL (with ? placeholders)
// runs on SQLite and PostgreSQL; the dialect rebinds placeholders for PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"

	"muelle/internal/events"
	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb/pubsub"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

// Store is the gateway to the database.
type Store struct {
	// db runs every transaction and every write. On SQLite it is one
	// connection, so writers queue in the process instead of failing on the
	// busy timeout; on PostgreSQL it is the whole bounded pool.
	db *sql.DB
	// read runs the plain reads: a bounded pool of its own on SQLite, the same
	// pool as db on PostgreSQL.
	read    *sql.DB
	dialect dialect
	// sqlite opens SQLite connections (nil on PostgreSQL); externas are the
	// pools BaseExterna opened with it.
	sqlite     driver.Connector
	externasMu sync.Mutex
	externas   []*sql.DB
	// destino is where the database is, without credentials.
	destino Destino
	// secretos seals the secrets stored in the database (nil: none can be stored).
	secretos *secretbox.Box
	// claves caches the companies' signing keys (claves.go).
	claves claves
	// modulos caches the companies' module states by version (modulos.go).
	modulos modulosCache
	// grupo commits SQLite's write transactions in groups (grupo.go), and
	// escritor and lector keep SQLite's statements prepared (preparadas.go);
	// all nil on PostgreSQL.
	grupo            *grupo
	escritor, lector *preparadas
	// turnos lets transactions, and the sale and the authentication whole,
	// into the PostgreSQL pool in the order they came (database/sql hands a
	// freed connection to a random waiter, which makes long tails under
	// load), leaving connections free for the other plain reads (enTurno);
	// nil on SQLite, whose transactions queue in grupo.
	turnos chan struct{}
	// Now is the clock; tests may replace it. Always UTC.
	Now func() time.Time
	// Events receives the events of every committed transaction, already
	// stored with their ids (eventos.go); nil discards them.
	Events events.Publisher
	// url is PostgreSQL's, for the connection that listens for events, and
	// canal the channel they are announced on (eventos.go) by aviso after
	// the commit (sqldb/pubsub); "" and nil on SQLite.
	url, canal string
	aviso      *pubsub.Notifier
	// traza, when set, sees every statement (traza.go); transacciones numbers
	// the transactions for it.
	traza         atomic.Pointer[func(Sentencia)]
	transacciones atomic.Int64
	// busqueda bounds how the ticket list's search reads (listado_pasajes.go);
	// tests may change it.
	busqueda umbralesBusqueda
}

type dialect struct {
	name       string // "sqlite" or "postgres"
	positional bool   // PostgreSQL uses $1, $2 ...
}

// DefaultURL is the embedded database used when none is configured.
const DefaultURL = "sqlite:data/muelle.db"

// Default pool sizes. PostgreSQL's default max_connections is 100: 20 per
// instance leaves room for several instances and for maintenance sessions.
// SQLite has one writer connection and this many readers.
const (
	DefaultMaxConnsPostgres = 20
	DefaultMaxConnsSQLite   = 8
)

// Connections are recycled so that none outlives a database restart, a
// failover or a file that was read-only when it was opened.
const (
	connMaxLifetime = 30 * time.Minute
	connMaxIdleTime = 5 * time.Minute
)

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
	var err error
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		st.dialect = dialect{name: "sqlite"}
		st.db, st.read, st.sqlite, err = openSQLite(strings.TrimPrefix(url, "sqlite:"), maxConns(o.maxConns, DefaultMaxConnsSQLite))
		if err == nil {
			st.escritor, st.lector = nuevasPreparadas(st.db), nuevasPreparadas(st.read)
			st.grupo = nuevoGrupo(st.db, st.escritor)
		}
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		st.dialect = dialect{name: "postgres", positional: true}
		n := maxConns(o.maxConns, DefaultMaxConnsPostgres)
		st.db, err = openPostgres(url, n)
		st.read, st.turnos, st.url = st.db, make(chan struct{}, max(1, n-n/5)), url
	default:
		return nil, fmt.Errorf("store: URL de base de datos no soportada %q (use sqlite:RUTA o postgres://...)", url)
	}
	if err != nil {
		return nil, fmt.Errorf("store: abrir base de datos: %w", err)
	}
	if err := st.db.Ping(); err != nil {
		st.Close()
		return nil, fmt.Errorf("store: conectar base de datos: %w", err)
	}
	if err := st.elegirCanal(); err != nil {
		st.Close()
		return nil, fmt.Errorf("store: conectar base de datos: %w", err)
	}
	return st, nil
}

func maxConns(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// bound sizes a pool and recycles its connections.
func bound(db *sql.DB, n int) *sql.DB {
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	db.SetConnMaxLifetime(connMaxLifetime)
	db.SetConnMaxIdleTime(connMaxIdleTime)
	return db
}

// openSQLite opens a file database in WAL mode with durable commits, foreign
// keys, a busy timeout and write transactions that start with BEGIN IMMEDIATE:
// one writer connection, which is never read-only, and a pool of readers.
func openSQLite(path string, readers int) (writer, reader *sql.DB, base driver.Connector, err error) {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, nil, nil, err
		}
	}
	dsn := "file:" + path + "?_txlock=immediate&_time_format=sqlite" +
		"&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	base, err = sqlite.NewConnector(dsn)
	if err != nil {
		return nil, nil, nil, err
	}
	writer = bound(sql.OpenDB(writableConnector{Connector: base, path: path}), 1)
	reader = bound(sql.OpenDB(base), readers)
	return writer, reader, base, nil
}

// maxConnsExterna bounds the SQLite pool of a library's own tables (BaseExterna).
const maxConnsExterna = 2

// BaseExterna is Muelle's database for a library that keeps tables of its own
// in it (whatsmeow's device store, tables whatsmeow_*, upgraded by the
// library), and the dialect's name ("sqlite" or "postgres"). On PostgreSQL it
// is the store's pool; on SQLite a small pool of its own on the same file,
// with the same settings (WAL, busy timeout, foreign keys, immediate write
// transactions), so the library's transactions never wait behind the
// store's one writer connection; it is closed with the store.
func (s *Store) BaseExterna() (*sql.DB, string) {
	if s.sqlite == nil {
		return s.db, s.dialect.name
	}
	s.externasMu.Lock()
	defer s.externasMu.Unlock()
	db := bound(sql.OpenDB(s.sqlite), maxConnsExterna)
	s.externas = append(s.externas, db)
	return db, s.dialect.name
}

// Close releases the connection pools.
func (s *Store) Close() error {
	if s.aviso != nil {
		s.aviso.Close()
	}
	if s.grupo != nil {
		s.grupo.cerrar()
	}
	s.escritor.cerrar()
	s.lector.cerrar()
	err := s.db.Close()
	s.externasMu.Lock()
	for _, db := range s.externas {
		err = errors.Join(err, db.Close())
	}
	s.externasMu.Unlock()
	if s.read != nil && s.read != s.db {
		err = errors.Join(err, s.read.Close())
	}
	return err
}

// Dialect names the database engine: "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect.name }

// Migrate applies every pending migration of the current dialect, under the
// schema lock (WithSchemaLock).
func (s *Store) Migrate(ctx context.Context) error {
	return s.WithSchemaLock(ctx, s.migrar)
}

// migrar applies the pending migrations; the caller holds the schema lock.
func (s *Store) migrar(ctx context.Context) error {
	sub, err := fs.Sub(migrationsFS, "migrations/"+s.dialect.name)
	if err != nil {
		return err
	}
	gooseDialect := goose.DialectSQLite3
	if s.dialect.name == "postgres" {
		gooseDialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(gooseDialect, s.db, sub)
	if err != nil {
		return fmt.Errorf("store: preparar migraciones: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: aplicar migraciones: %w", err)
	}
	return nil
}

// rebind turns ? placeholders into $n for PostgreSQL.
func (d dialect) rebind(q string) string {
	if !d.positional {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// conn wraps a querier and rebinds every statement for the dialect. It
// carries one timestamp, now, for everything written through it; inside a
// transaction it also collects the events the transaction causes.
type conn struct {
	q   querier
	d   dialect
	now time.Time
	evs *[]events.Event // nil outside a transaction
	// traza is the store's statement hook (nil: none), tx the number of the
	// transaction for it (0 outside one).
	traza func(Sentencia)
	tx    int64
}

// emit records an event of the company; it is published only if the
// transaction commits.
func (c conn) emit(nombre string, empresaID int64, datos any) {
	c.emitEvento(events.Event{Nombre: nombre, EmpresaID: empresaID, Datos: datos})
}

// emitEvento records an event with its target (a user, some roles).
func (c conn) emitEvento(ev events.Event) {
	if c.evs == nil {
		panic("store: evento " + ev.Nombre + " fuera de una transacción")
	}
	*c.evs = append(*c.evs, ev)
}

// rebind adapts a statement to the dialect and shows it to the hook.
func (c conn) rebind(q string, args []any) string {
	q = c.d.rebind(q)
	if c.traza != nil {
		c.traza(Sentencia{SQL: q, Args: args, Transaccion: c.tx})
	}
	return q
}

func (c conn) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return c.q.ExecContext(ctx, c.rebind(q, args), args...)
}

func (c conn) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return c.q.QueryContext(ctx, c.rebind(q, args), args...)
}

func (c conn) row(ctx context.Context, q string, args ...any) *sql.Row {
	return c.q.QueryRowContext(ctx, c.rebind(q, args), args...)
}

// insertID runs an INSERT ... RETURNING id and returns the new id.
func (c conn) insertID(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	err := c.row(ctx, q+" RETURNING id", args...).Scan(&id)
	return id, err
}

// conn returns a non-transactional connection stamped with the current time:
// its reads go to the read pool, its writes to the writer.
func (s *Store) conn() conn {
	q := splitQuerier{read: pool{s.read, s.lector}, write: pool{s.db, s.escritor}}
	return conn{q: q, d: s.dialect, now: s.Now(), traza: s.trazador()}
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

// inTx runs fn in one transaction: committed if fn returns nil, rolled back
// otherwise (on SQLite, a savepoint of a group that shares one commit: see
// grupo). The events fn emitted are stored in the same transaction (one
// multi-row INSERT, eventos.go) and published after the commit, and only then.
func (s *Store) inTx(ctx context.Context, fn func(c conn) error) error {
	fn = s.guardandoEventos(ctx, fn)
	nueva := func(q querier, evs *[]events.Event) conn {
		return conn{q: q, d: s.dialect, now: s.Now(), evs: evs, traza: s.trazador(), tx: s.transacciones.Add(1)}
	}
	var (
		evs []events.Event
		err error
	)
	if s.grupo != nil {
		evs, err = s.grupo.correr(ctx, fn, nueva)
	} else {
		var soltar func()
		if ctx, soltar, err = s.enTurno(ctx); err == nil {
			defer soltar()
			err = s.transaccion(ctx, func(tx *sql.Tx) error { return fn(nueva(tx, &evs)) })
		}
	}
	if err != nil {
		return err
	}
	if len(evs) > 0 && s.aviso != nil {
		ids := make([]int64, len(evs))
		for i, ev := range evs {
			ids[i] = ev.ID
		}
		s.aviso.Notify(ctx, ids)
	}
	if len(evs) > 0 && s.Events != nil {
		s.Events.Publish(ctx, evs)
	}
	return nil
}

// conTurno marks the context of an operation that holds a turno: what it
// runs inside (its transaction) does not wait for another.
type conTurno struct{}

// enTurno waits, first come first served, for a place among the operations
// that hold a PostgreSQL connection, and answers the context that holds it and
// the function that gives it back; an operation that holds one already, and
// SQLite, do not wait. Everything run with the context must use one
// connection at a time and the same context (a second turno would wait for
// the first).
func (s *Store) enTurno(ctx context.Context) (context.Context, func(), error) {
	if s.turnos == nil || ctx.Value(conTurno{}) != nil {
		return ctx, func() {}, nil
	}
	select {
	case s.turnos <- struct{}{}:
		return context.WithValue(ctx, conTurno{}, true), func() { <-s.turnos }, nil
	case <-ctx.Done():
		return ctx, nil, fmt.Errorf("store: esperar una conexión: %w", ctx.Err())
	}
}

// transaccion runs fn in a transaction of its own.
func (s *Store) transaccion(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: confirmar transacción: %w", err)
	}
	return nil
}

// notFound maps sql.ErrNoRows to nil-with-false, other errors pass through.
func notFound(err error) (bool, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	return false, err
}

// DB exposes the pool for tests and tools that inspect the database directly.
func (s *Store) DB() *sql.DB { return s.db }

// Rebind adapts a statement written with ? placeholders to the dialect.
func (s *Store) Rebind(q string) string { return s.dialect.rebind(q) }
