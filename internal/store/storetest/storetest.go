// Package storetest opens fresh, migrated databases for tests: always SQLite,
// and PostgreSQL too when MUELLE_TEST_POSTGRES holds a URL (a schema per test).
//
// Migrating is most of what a fresh database costs, so each test binary
// migrates once per engine: SQLite databases are copies of a file migrated
// once (in /dev/shm when it exists), and a PostgreSQL schema a test is done
// with is emptied back to its migrated state and handed to the next test
// (esquemas.go).
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// PostgresURL is the PostgreSQL server for tests, or "" when not configured.
func PostgresURL() string { return os.Getenv("MUELLE_TEST_POSTGRES") }

// Each runs fn as a subtest once per available database, each with a fresh,
// migrated store that has the built-in roles. The subtests run in parallel
// with each other (t.Parallel), so fn shares nothing between its runs, and the
// engines run in parallel: a test that calls Each does nothing after it (its
// subtests start once the test function has returned; t.Cleanup runs after them).
func Each(t *testing.T, fn func(t *testing.T, st *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		fn(t, SQLite(t))
	})
	if PostgresURL() != "" {
		t.Run("postgres", func(t *testing.T) {
			t.Parallel()
			fn(t, Postgres(t))
		})
	}
}

// SQLite opens a fresh migrated SQLite database in a directory of its own.
func SQLite(t testing.TB, opts ...store.Option) *store.Store {
	t.Helper()
	path, err := copiaSQLite(t)
	if err != nil {
		t.Fatal(err)
	}
	return open(t, "sqlite:"+path, opts...)
}

var schemaSeq atomic.Int64

// Postgres opens a fresh migrated PostgreSQL schema, given back when the test
// ends. Test sessions skip the wait for the WAL flush (synchronous_commit=off):
// a test database need not survive a crash, and the suite runs faster.
func Postgres(t testing.TB, opts ...store.Option) *store.Store {
	t.Helper()
	return open(t, esquemaMigrado(t), opts...)
}

// PostgresPair opens two stores on one fresh PostgreSQL schema, like two
// instances of Muelle on one database.
func PostgresPair(t testing.TB) (a, b *store.Store) {
	t.Helper()
	url, box := esquemaMigrado(t), Box(t)
	a = open(t, url, store.WithSecretBox(box))
	b, err := store.Open(url, store.WithSecretBox(box))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b
}

// PostgresSchema creates an empty schema, dropped when the test ends, and
// returns the URL of a connection to it (for tests of what migrates it).
func PostgresSchema(t testing.TB) string {
	t.Helper()
	base := PostgresURL()
	if base == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	schema := fmt.Sprintf("t_%d_%d_%d", os.Getpid(), time.Now().UnixNano(), schemaSeq.Add(1))
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("crear esquema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	return urlDeEsquema(base, schema)
}

// urlDeEsquema is the URL of a test session on schema.
func urlDeEsquema(base, schema string) string {
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema + "&synchronous_commit=off"
}

// Box is a fresh installation key for a test store: the secrets a test
// stores are sealed like in production, with no key to configure.
func Box(t testing.TB) *secretbox.Box {
	t.Helper()
	b, err := secretbox.New(secretbox.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func open(t testing.TB, url string, opts ...store.Option) *store.Store {
	t.Helper()
	st, err := store.Open(url, append([]store.Option{store.WithSecretBox(Box(t))}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	// A copy or a reused schema is migrated already: this only checks its version.
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := st.EnsureRolesIntegrados(ctx); err != nil {
		t.Fatal(err)
	}
	return st
}

// Int runs a query that answers one integer (a COUNT, a SUM) and returns it.
func Int(t testing.TB, st *store.Store, q string, args ...any) int64 {
	t.Helper()
	var n sql.NullInt64
	if err := st.DB().QueryRow(st.Rebind(q), args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n.Int64
}

// Filas counts the rows of every table of st, by table.
func Filas(t testing.TB, st *store.Store) map[string]int64 {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if st.Dialect() == "postgres" {
		q = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`
	}
	rows, err := st.DB().Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var tablas []string
	for rows.Next() {
		var tabla string
		if err := rows.Scan(&tabla); err != nil {
			t.Fatal(err)
		}
		tablas = append(tablas, tabla)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	filas := make(map[string]int64, len(tablas))
	for _, tabla := range tablas {
		filas[tabla] = Int(t, st, `SELECT COUNT(*) FROM "`+tabla+`"`)
	}
	return filas
}
