package store

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// isUniqueViolation reports whether err is a unique-constraint violation on
// either database.
func isUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// contiene is the condition "col contains the lower-case LIKE pattern ?"
// whatever col's case: SQLite's LIKE already ignores ASCII case (as far as its
// LOWER goes, and faster); PostgreSQL's LIKE of LOWER(col) is faster than ILIKE.
func (d dialect) contiene(col string) string {
	if d.name == "postgres" {
		col = `LOWER(` + col + `)`
	}
	return col + ` LIKE ? ESCAPE '\'`
}

// forUpdate locks the selected rows until the transaction ends on PostgreSQL;
// SQLite needs nothing, its write transactions are already exclusive.
func (d dialect) forUpdate() string {
	if d.name == "postgres" {
		return " FOR UPDATE"
	}
	return ""
}

// skipLocked ends a SELECT that claims one row of a queue: on PostgreSQL it
// locks the row and skips those other transactions hold; SQLite has one
// writer, so nothing is needed there.
func (d dialect) skipLocked() string {
	if d.name == "postgres" {
		return " FOR UPDATE SKIP LOCKED"
	}
	return ""
}

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
