package sqldb

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Dialect is the engine a DB talks to, and what its SQL differs in. The
// store writes every statement once, with ? placeholders; the dialect rebinds
// them for PostgreSQL and supplies the few clauses that differ.
type Dialect struct {
	name       string // "sqlite" or "postgres"
	positional bool   // PostgreSQL uses $1, $2 ...
}

var (
	sqliteDialect   = Dialect{name: "sqlite"}
	postgresDialect = Dialect{name: "postgres", positional: true}
)

// Name is "sqlite" or "postgres".
func (d Dialect) Name() string { return d.name }

// Postgres reports whether the engine is PostgreSQL.
func (d Dialect) Postgres() bool { return d.name == "postgres" }

// WritingCTEs reports whether a statement's CTEs may write (INSERT, UPDATE,
// DELETE in WITH), so that one statement does what a transaction of several
// would (DB.InStatement): PostgreSQL; SQLite's WITH only reads.
func (d Dialect) WritingCTEs() bool { return d.Postgres() }

// Rebind turns ? placeholders into $n for PostgreSQL.
func (d Dialect) Rebind(q string) string {
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

// Contains is the condition "col contains the lower-case LIKE pattern ?"
// whatever col's case: SQLite's LIKE already ignores ASCII case (as far as its
// LOWER goes, and faster); PostgreSQL's LIKE of LOWER(col) is faster than ILIKE.
func (d Dialect) Contains(col string) string {
	if d.Postgres() {
		col = `LOWER(` + col + `)`
	}
	return col + ` LIKE ? ESCAPE '\'`
}

// ForUpdate locks the selected rows until the transaction ends on PostgreSQL;
// SQLite needs nothing, its write transactions are already exclusive.
func (d Dialect) ForUpdate() string {
	if d.Postgres() {
		return " FOR UPDATE"
	}
	return ""
}

// ForNoKeyUpdate locks the selected rows like ForUpdate but lets other
// transactions keep inserting rows that reference them (a foreign key's check
// takes KEY SHARE, which FOR UPDATE would wait for): the lock of a parent row
// whose children concurrent transactions insert, without deadlocks.
func (d Dialect) ForNoKeyUpdate() string {
	if d.Postgres() {
		return " FOR NO KEY UPDATE"
	}
	return ""
}

// SkipLocked ends a SELECT that claims one row of a queue: on PostgreSQL it
// locks the row and skips those other transactions hold; SQLite has one
// writer, so nothing is needed there.
func (d Dialect) SkipLocked() string {
	if d.Postgres() {
		return " FOR UPDATE SKIP LOCKED"
	}
	return ""
}

// PlannedEachRun are a statement's arguments with, on PostgreSQL, what makes
// it planned with their values on every run (pgx sends it unnamed). A
// prepared statement may get a generic plan, made once for any values: one
// whose cost depends much on its values (a search by trigrams) may then read
// far more than it needs.
func (d Dialect) PlannedEachRun(args []any) []any {
	if !d.Postgres() {
		return args
	}
	return append([]any{pgx.QueryExecModeExec}, args...)
}

// InIDs is the condition "col is one of ids", the ids one argument (one
// statement whatever their number): an array on PostgreSQL, a JSON array on
// SQLite.
func (d Dialect) InIDs(col string, ids []int64) (string, any) {
	if d.Postgres() {
		return col + ` = ANY(?)`, ids
	}
	list, _ := json.Marshal(append([]int64{}, ids...)) // [] for none, never null
	return col + ` IN (SELECT value FROM json_each(?))`, string(list)
}

// Placeholders is n comma-separated placeholders ("?, ?, ?").
func Placeholders(n int) string {
	b := make([]byte, 0, 3*n)
	for i := range n {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '?')
	}
	return string(b)
}
