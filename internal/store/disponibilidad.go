package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
)

// SQLite primary result codes that mean the database cannot take the write now.
var sqliteNoDisponible = map[int]bool{
	5:  true, // SQLITE_BUSY: the busy timeout ran out
	8:  true, // SQLITE_READONLY
	10: true, // SQLITE_IOERR
	13: true, // SQLITE_FULL
	14: true, // SQLITE_CANTOPEN
}

// PostgreSQL SQLSTATEs (and classes) that mean the server is going away,
// not accepting connections or read-only.
var (
	pgNoDisponible = map[string]bool{
		"25006": true, // read_only_sql_transaction
		"57P01": true, // admin_shutdown
		"57P02": true, // crash_shutdown
		"57P03": true, // cannot_connect_now
		"53100": true, // disk_full
		"53300": true, // too_many_connections
	}
	pgClaseNoDisponible = "08" // connection_exception
)

// IsUnavailable reports whether err means the database is unreachable,
// read-only or shutting down, as opposed to a fault of the request or the code.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var (
		sq *sqlite.Error
		pg *pgconn.PgError
		ce *pgconn.ConnectError
		ne net.Error
	)
	switch {
	case errors.As(err, &sq):
		return sqliteNoDisponible[sq.Code()&0xff]
	case errors.As(err, &pg):
		return pgNoDisponible[pg.Code] || strings.HasPrefix(pg.Code, pgClaseNoDisponible)
	case errors.As(err, &ce), errors.As(err, &ne):
		return true
	}
	return errors.Is(err, errSoloLectura) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "sql: database is closed") ||
		(pgconn.SafeToRetry(err) && !errors.Is(err, context.Canceled))
}

// PuedeEscribir proves that the database accepts writes now: it writes a row
// and rolls it back, on the connection writes use. When the database is
// unavailable it drops every idle connection and tries once more: connections
// (and SQLite's per-process file state) opened while the database was
// read-only or away would otherwise keep failing once it is back, so the
// health checks of a load balancer are enough to bring a node back.
func (s *Store) PuedeEscribir(ctx context.Context) error {
	err := s.probarEscritura(ctx)
	if IsUnavailable(err) {
		s.DropIdleConns()
		err = s.probarEscritura(ctx)
	}
	return err
}

func (s *Store) probarEscritura(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("comprobar escritura", err)
	}
	defer func() { _ = tx.Rollback() }()
	_, err = tx.ExecContext(ctx, s.dialect.rebind(`INSERT INTO salud (id, comprobado_en) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET comprobado_en = excluded.comprobado_en`), s.Now())
	return wrap("comprobar escritura", err)
}
