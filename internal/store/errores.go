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

// forUpdate locks the selected rows until the transaction ends on PostgreSQL;
// SQLite needs nothing, its write transactions are already exclusive.
func (d dialect) forUpdate() string {
	if d.name == "postgres" {
		return " FOR UPDATE"
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
