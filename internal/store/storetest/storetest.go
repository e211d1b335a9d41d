// Package storetest opens fresh, migrated databases for tests: always SQLite,
// and PostgreSQL too when MUELLE_TEST_POSTGRES holds a URL (a new schema per test).
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
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
// migrated store that has the built-in roles.
func Each(t *testing.T, fn func(t *testing.T, st *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if PostgresURL() != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	}
}

// SQLite opens a fresh migrated SQLite database in a temporary directory.
func SQLite(t testing.TB, opts ...store.Option) *store.Store {
	t.Helper()
	return open(t, "sqlite:"+filepath.Join(t.TempDir(), "muelle.db"), opts...)
}

var schemaSeq atomic.Int64

// Postgres opens a fresh migrated PostgreSQL schema, dropped when the test ends.
// Test sessions skip the wait for the WAL flush (synchronous_commit=off): a test
// database need not survive a crash, and the suite runs faster.
func Postgres(t testing.TB, opts ...store.Option) *store.Store {
	t.Helper()
	return open(t, PostgresSchema(t), opts...)
}

// PostgresPair opens two stores on one fresh PostgreSQL schema, like two
// instances of Muelle on one database.
func PostgresPair(t testing.TB) (a, b *store.Store) {
	t.Helper()
	url, box := PostgresSchema(t), Box(t)
	a = open(t, url, store.WithSecretBox(box))
	b, err := store.Open(url, store.WithSecretBox(box))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b
}

// PostgresSchema creates a schema dropped when the test ends and returns the
// URL of a connection to it.
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
