package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// errSoloLectura is why a writer connection was refused: the database file
// could only be opened read-only.
var errSoloLectura = errors.New("store: la base de datos solo admite lectura")

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
		return nil, errors.Join(errSoloLectura, err)
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
	return nil, errors.Join(errSoloLectura, err)
}

// DropIdleConns closes every idle connection of both pools; the next
// statements open fresh ones. Tests use it to start from no open connection.
func (s *Store) DropIdleConns() {
	for _, db := range []*sql.DB{s.db, s.read} {
		stats := db.Stats()
		db.SetMaxIdleConns(0)
		db.SetMaxIdleConns(stats.MaxOpenConnections)
	}
}

// openPostgres opens a bounded pgx pool whose connections are dropped, instead
// of reused, once the server they talk to turns read-only (a demoted primary,
// a standby, default_transaction_read_only): the next connection may reach
// the new primary.
func openPostgres(url string, n int) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("URL de PostgreSQL inválida: %w", err)
	}
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
