package store_test

import (
	"io/fs"
	"os"
	"reflect"
	"sort"
	"testing"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func migrationNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := fs.ReadDir(os.DirFS("migrations"), dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestMigrationsHaveTheSameVersionsOnBothDatabases(t *testing.T) {
	sqlite, postgres := migrationNames(t, "sqlite"), migrationNames(t, "postgres")
	if len(sqlite) == 0 || !reflect.DeepEqual(sqlite, postgres) {
		t.Fatalf("migraciones distintas:\nsqlite:   %v\npostgres: %v", sqlite, postgres)
	}
}

// columns lists "table.column" for every table of the schema but the ticket
// search's index, which each engine builds its own way: an FTS5 virtual table
// and its shadow tables on SQLite, a table of texts under a GIN index on
// PostgreSQL (migration 20).
func columns(t *testing.T, st *store.Store) []string {
	t.Helper()
	q := `SELECT m.name || '.' || p.name FROM pragma_table_list m, pragma_table_info(m.name) p
		WHERE m.schema = 'main' AND m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'goose_db_version'`
	if st.Dialect() == "postgres" {
		q = `SELECT table_name || '.' || column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name NOT IN ('goose_db_version', 'pasajes_busqueda')`
	}
	out := filas(t, st, q)
	sort.Strings(out)
	return out
}

func TestMigrationsProduceTheSameTablesAndColumns(t *testing.T) {
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido: la comparación necesita PostgreSQL")
	}
	lite, pg := columns(t, storetest.SQLite(t)), columns(t, storetest.Postgres(t))
	if len(lite) == 0 || !reflect.DeepEqual(lite, pg) {
		t.Fatalf("esquemas distintos:\nsqlite:   %v\npostgres: %v", lite, pg)
	}
}
