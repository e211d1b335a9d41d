package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
)

// Default pool sizes. PostgreSQL's default max_connections is 100: 20 per
// instance leaves room for several instances and for maintenance sessions.
// SQLite has one writer connection and this many readers.
const (
	DefaultMaxConnsPostgres = 20
	DefaultMaxConnsSQLite   = 8
)

// maxConnsExternal bounds the SQLite pool of a library's own tables (External).
const maxConnsExternal = 2

// maxConnsAside bounds PostgreSQL's pool of statements run aside from a
// transaction (AsideConn), on top of MaxConns.
const maxConnsAside = 2

// Connections are recycled so that none outlives a database restart, a
// failover or a file that was read-only when it was opened.
const (
	connMaxLifetime = 30 * time.Minute
	connMaxIdleTime = 5 * time.Minute
)

// errReadOnly is why a writer connection was refused: the database file
// could only be opened read-only.
var errReadOnly = errors.New("store: la base de datos solo admite lectura")

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

// writableConnector opens SQLite writer connections and refuses one that the
// file would allow only for reading. Such a connection would stay in the pool
// and fail every write even after the file is writable again (and SQLite
// reuses its read-only descriptor for later connections of the process while
// any other connection is open); refused before the file is opened, the next
// write tries again, so the server recovers by itself.
type writableConnector struct {
	driver.Connector
	path string
}

// readOnlyChecker is what modernc's connections answer.
type readOnlyChecker interface {
	IsReadOnly(schema string) (bool, error)
}

// Connect opens a connection and checks that it can write.
func (c writableConnector) Connect(ctx context.Context) (driver.Conn, error) {
	if err := writable(c.path); err != nil {
		return nil, errors.Join(errReadOnly, err)
	}
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	rc, ok := conn.(readOnlyChecker)
	if !ok {
		return conn, nil
	}
	ro, err := rc.IsReadOnly("main")
	if err == nil && !ro {
		return conn, nil
	}
	_ = conn.Close()
	return nil, errors.Join(errReadOnly, err)
}

// openPostgres opens a bounded pgx pool whose connections are dropped, instead
// of reused, once the server they talk to turns read-only (a demoted primary,
// a standby, default_transaction_read_only): the next connection may reach
// the new primary.
func openPostgres(url string, n int, tracer pgx.QueryTracer) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("URL de PostgreSQL inválida: %w", err)
	}
	cfg.Tracer = tracer
	db := stdlib.OpenDB(*cfg, stdlib.OptionResetSession(func(_ context.Context, c *pgx.Conn) error {
		if readOnlyServer(c) {
			return driver.ErrBadConn
		}
		return nil
	}))
	return bound(db, n), nil
}

// readOnlyServer reads the parameters PostgreSQL (14 and later) reports to
// the client whenever they change.
func readOnlyServer(c *pgx.Conn) bool {
	p := c.PgConn()
	return p.ParameterStatus("in_hot_standby") == "on" || p.ParameterStatus("default_transaction_read_only") == "on"
}

// DropIdleConns closes every idle connection of both pools; the next
// statements open fresh ones. Tests use it to start from no open connection.
func (db *DB) DropIdleConns() {
	for _, p := range []*sql.DB{db.writer, db.reader} {
		stats := p.Stats()
		p.SetMaxIdleConns(0)
		p.SetMaxIdleConns(stats.MaxOpenConnections)
	}
}

// ProbeWrite proves that the database accepts writes now: it runs q (a write
// written with ? placeholders) in a transaction that it rolls back, on the
// connection writes use. When the database is unavailable it drops every
// idle connection and tries once more: connections (and SQLite's per-process
// file state) opened while the database was read-only or away would
// otherwise keep failing once it is back, so the health checks of a load
// balancer are enough to bring a node back.
func (db *DB) ProbeWrite(ctx context.Context, q string, args ...any) error {
	err := db.probeWrite(ctx, q, args)
	if IsUnavailable(err) {
		db.DropIdleConns()
		err = db.probeWrite(ctx, q, args)
	}
	return err
}

func (db *DB) probeWrite(ctx context.Context, q string, args []any) error {
	tx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return wrap("comprobar escritura", err)
	}
	defer func() { _ = tx.Rollback() }()
	_, err = tx.ExecContext(ctx, db.dialect.Rebind(q), args...)
	return wrap("comprobar escritura", err)
}
