// Package store holds all SQL. One file per aggregate; each use case that must be
// atomic is one method running one transaction. The same SQL (with ? placeholders)
// runs on SQLite and PostgreSQL; the dialect rebinds placeholders for PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // SQLite driver "sqlite"

	"muelle/internal/events"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

// Store is the gateway to the database.
type Store struct {
	db      *sql.DB
	dialect dialect
	// Now is the clock; tests may replace it. Always UTC.
	Now func() time.Time
	// Events receives the events of every committed transaction; nil discards them.
	Events events.Publisher
}

type dialect struct {
	name       string // "sqlite" or "postgres"
	positional bool   // PostgreSQL uses $1, $2 ...
}

// DefaultURL is the embedded database used when none is configured.
const DefaultURL = "sqlite:data/muelle.db"

// Open connects to the database named by url: "sqlite:PATH" or "postgres://...".
func Open(url string) (*Store, error) {
	var (
		db  *sql.DB
		d   dialect
		err error
	)
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		db, err = openSQLite(strings.TrimPrefix(url, "sqlite:"))
		d = dialect{name: "sqlite"}
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		db, err = sql.Open("pgx", url)
		d = dialect{name: "postgres", positional: true}
	default:
		return nil, fmt.Errorf("store: URL de base de datos no soportada %q (use sqlite:RUTA o postgres://...)", url)
	}
	if err != nil {
		return nil, fmt.Errorf("store: abrir base de datos: %w", err)
	}
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: conectar base de datos: %w", err)
	}
	return &Store{db: db, dialect: d, Now: func() time.Time { return time.Now().UTC() }}, nil
}

// openSQLite opens a file database in WAL mode with durable commits, foreign
// keys, a busy timeout and write transactions that start with BEGIN IMMEDIATE.
func openSQLite(path string) (*sql.DB, error) {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	dsn := "file:" + path + "?_txlock=immediate&_time_format=sqlite" +
		"&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	return sql.Open("sqlite", dsn)
}

// Close releases the connection pool.
func (s *Store) Close() error { return s.db.Close() }

// Dialect names the database engine: "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect.name }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Migrate applies every pending migration of the current dialect.
func (s *Store) Migrate(ctx context.Context) error {
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
}

// emit records an event of the company; it is published only if the
// transaction commits.
func (c conn) emit(nombre string, empresaID int64, datos any) {
	if c.evs == nil {
		panic("store: evento " + nombre + " fuera de una transacción")
	}
	*c.evs = append(*c.evs, events.Event{Nombre: nombre, EmpresaID: empresaID, Datos: datos})
}

func (c conn) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return c.q.ExecContext(ctx, c.d.rebind(q), args...)
}

func (c conn) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return c.q.QueryContext(ctx, c.d.rebind(q), args...)
}

func (c conn) row(ctx context.Context, q string, args ...any) *sql.Row {
	return c.q.QueryRowContext(ctx, c.d.rebind(q), args...)
}

// insertID runs an INSERT ... RETURNING id and returns the new id.
func (c conn) insertID(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	err := c.row(ctx, q+" RETURNING id", args...).Scan(&id)
	return id, err
}

// conn returns a non-transactional connection stamped with the current time.
func (s *Store) conn() conn { return conn{q: s.db, d: s.dialect, now: s.Now()} }

// inTx runs fn in one transaction: committed if fn returns nil, rolled back
// otherwise. The events fn emitted are published after the commit, and only then.
func (s *Store) inTx(ctx context.Context, fn func(c conn) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: iniciar transacción: %w", err)
	}
	var evs []events.Event
	if err := fn(conn{q: tx, d: s.dialect, now: s.Now(), evs: &evs}); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: confirmar transacción: %w", err)
	}
	if len(evs) > 0 && s.Events != nil {
		s.Events.Publish(ctx, evs)
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
