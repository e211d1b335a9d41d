package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"muelle/internal/store"
)

// estado is what a test can see of a database: each table's rows (ids) and
// each sequence's next value.
func estado(t *testing.T, st *store.Store) map[string]string {
	t.Helper()
	ctx := context.Background()
	db := st.DB()
	out := map[string]string{}
	rows, err := db.QueryContext(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'goose_db_version'`)
	if err != nil {
		t.Fatal(err)
	}
	var tablas []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tablas = append(tablas, n)
	}
	rows.Close()
	for _, n := range tablas {
		var filas int64
		var ids sql.NullString
		if err := db.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*), (SELECT string_agg(x::text, ',' ORDER BY x::text)
			FROM (SELECT to_jsonb(t) - 'created_at' - 'updated_at' AS x FROM %q t) j) FROM %q`, n, n)).Scan(&filas, &ids); err != nil {
			t.Fatal(err)
		}
		out["tabla "+n] = fmt.Sprint(filas, " ", ids.String)
	}
	rows, err = db.QueryContext(ctx, `SELECT sequencename, coalesce(last_value, -1) FROM pg_sequences WHERE schemaname = current_schema()`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		var v int64
		if err := rows.Scan(&n, &v); err != nil {
			t.Fatal(err)
		}
		out["secuencia "+n] = fmt.Sprint(v)
	}
	return out
}

func esquemaDe(t *testing.T, st *store.Store) string {
	t.Helper()
	var s string
	if err := st.DB().QueryRow(`SELECT current_schema()`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestAReusedPostgresSchemaIsAsFreshAsANewOne: a schema a test wrote to comes
// back to the next test with the migrations' rows and sequences only, like a
// schema migrated for it; one whose structure a test changed, or that a test
// analyzed, is dropped instead.
func TestAReusedPostgresSchemaIsAsFreshAsANewOne(t *testing.T) {
	if PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	nuevo := estado(t, open(t, PostgresSchema(t)))

	var usado string
	t.Run("escribe", func(t *testing.T) {
		st := Postgres(t)
		usado = esquemaDe(t, st)
		if _, err := st.DB().Exec(`INSERT INTO empresas (nombre, ruc, created_at) VALUES ('Otra', '30-1', now())`); err != nil {
			t.Fatal(err)
		}
		// The audit's append-only trigger refuses TRUNCATE: emptying the schema passes it by.
		if _, err := st.DB().Exec(`INSERT INTO auditoria (accion, exito, created_at) VALUES ('PRUEBA', TRUE, now())`); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("recibe el mismo esquema, como recién migrado", func(t *testing.T) {
		st := Postgres(t)
		if s := esquemaDe(t, st); s != usado {
			t.Fatalf("esquema %s, se esperaba reutilizar %s", s, usado)
		}
		got := estado(t, st)
		for k, v := range nuevo {
			if got[k] != v {
				t.Errorf("%s: %q, en un esquema nuevo %q", k, got[k], v)
			}
		}
		if len(got) != len(nuevo) {
			t.Errorf("%d tablas y secuencias, en un esquema nuevo %d", len(got), len(nuevo))
		}
		if _, err := st.DB().Exec(`CREATE TABLE extra (x int)`); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("un esquema cambiado no se reutiliza", func(t *testing.T) {
		st := Postgres(t)
		if s := esquemaDe(t, st); s == usado {
			t.Fatalf("se reutilizó %s, al que una prueba le agregó una tabla", s)
		}
		usado = esquemaDe(t, st)
		if _, err := st.DB().Exec(`ANALYZE modulos`); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("un esquema analizado no se reutiliza", func(t *testing.T) {
		if s := esquemaDe(t, Postgres(t)); s == usado {
			t.Fatalf("se reutilizó %s, que una prueba analizó", s)
		}
	})
}

// TestSQLiteCopiesAreFreshAndApart: each SQLite store is a migrated database of
// its own, with the built-in roles.
func TestSQLiteCopiesAreFreshAndApart(t *testing.T) {
	a, b := SQLite(t), SQLite(t)
	if _, err := a.DB().Exec(`INSERT INTO empresas (nombre, ruc, created_at) VALUES ('Otra', '30-1', '2026-01-01')`); err != nil {
		t.Fatal(err)
	}
	for _, st := range []*store.Store{a, b} {
		if n := Int(t, st, `SELECT COUNT(*) FROM roles`); n == 0 {
			t.Fatal("sin roles integrados")
		}
	}
	if n := Int(t, b, `SELECT COUNT(*) FROM empresas`); n != 0 {
		t.Fatalf("la otra copia ve %d filas", n)
	}
}
