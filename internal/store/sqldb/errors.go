package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
)

// NoRows maps sql.ErrNoRows to missing with no error; other errors pass through.
func NoRows(err error) (missing bool, _ error) {
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	return false, err
}

// IsUniqueViolation reports whether err is a unique-constraint violation on
// either database.
func IsUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// SQLite primary result codes that mean the database cannot take the write now.
var sqliteUnavailable = map[int]bool{
	5:  true, // SQLITE_BUSY: the busy timeout ran out
	8:  true, // SQLITE_READONLY
	10: true, // SQLITE_IOERR
	13: true, // SQLITE_FULL
	14: true, // SQLITE_CANTOPEN
}

// PostgreSQL SQLSTATEs (and classes) that mean the server is going away,
// not accepting connections or read-only.
var (
	pgUnavailable = map[string]bool{
		"25006": true, // read_only_sql_transaction
		"57P01": true, // admin_shutdown
		"57P02": true, // crash_shutdown
		"57P03": true, // cannot_connect_now
		"53100": true, // disk_full
		"53300": true, // too_many_connections
	}
	pgUnavailableClass = "08" // connection_exception
)

// IsUnavailable reports whether err means the database is unreachable,
// refuses connections, is read-only or shutting down, as opposed to a fault
// of the request or the code.
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
	// A failed connection first: pgx's ConnectError wraps the server's
	// refusal (55000 the database not accepting connections, 57P03, 53300 …)
	// as a PgError, and whatever its SQLSTATE the server is not available.
	switch {
	case errors.As(err, &ce):
		return true
	case errors.As(err, &sq):
		return sqliteUnavailable[sq.Code()&0xff]
	case errors.As(err, &pg):
		return pgUnavailable[pg.Code] || strings.HasPrefix(pg.Code, pgUnavailableClass)
	case errors.As(err, &ne):
		return true
	}
	return errors.Is(err, errReadOnly) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "sql: database is closed") ||
		(pgconn.SafeToRetry(err) && !errors.Is(err, context.Canceled))
}

// wrap adds the store's prefix and what failed to err; nil stays nil.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// Assert is an expression of a statement that fails it when cond (SQL) is
// false: PostgreSQL has no function that raises in plain SQL, so the assert
// casts the text name to an integer, which fails with invalid_text_
// representation naming it; the whole statement, every data-modifying CTE of
// it, rolls back. AssertFailed recognises the failure. Its value is 1.
func Assert(cond, name string) string {
	return `CAST(CASE WHEN ` + cond + ` THEN '1' ELSE '` + name + `' END AS integer)`
}

// AssertFailed reports whether err is the failure of Assert(…, name).
func AssertFailed(err error, name string) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "22P02" && strings.Contains(pg.Message, `"`+name+`"`)
}
