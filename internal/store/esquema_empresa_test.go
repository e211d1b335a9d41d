package store_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// globales are the unique keys of company tables that stay installation-wide,
// each for a reason written in docs/architecture.md ("Growing beyond one
// PostgreSQL"): a table's own id (a global sequence) and a 1:1 child keyed by
// its parent's id, login names (a login names a user alone), a linked
// WhatsApp account, the built-in roles, and the webhook inbox keyed by the
// provider's event id. On SQLite also the two table constraints the company's
// key was added beside (migration 51).
var globales = map[string][]string{
	"postgres": globalesComunes,
	"sqlite":   append(slices.Clone(globalesComunes), "puntos_lotes(movimiento_id)", "push_suscripciones(endpoint)"),
}

var globalesComunes = []string{"clientes_portal(cliente_id)", "pasajes_busqueda(pasaje_id)", "mensaje_reportes(mensaje_id)",
	"mensaje_textos(mensaje_id)", "usuarios(nombre_usuario)", "whatsapp_sesiones(jid)", "entrantes(proveedor,id_externo)",
	"roles(nombre)"}

// TestEveryKeyOfACompanyTableNamesTheCompany: every unique key of a table that
// has empresa_id includes it (but its id and the written exceptions), and on
// PostgreSQL so does every foreign key between company tables, so the tables
// can be distributed by company (issue 39 item 5).
func TestEveryKeyOfACompanyTableNamesTheCompany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		claves := clavesUnicas(t, st)
		if len(claves) < 20 {
			t.Fatalf("se leyeron %d claves únicas, demasiado pocas: %v", len(claves), claves)
		}
		for _, k := range claves {
			if !strings.Contains(k, "empresa_id") && !strings.HasSuffix(k, "(id)") && !slices.Contains(globales[st.Dialect()], k) {
				t.Errorf("la clave única %s no incluye empresa_id", k)
			}
		}
		if st.Dialect() != "postgres" {
			return
		}
		for _, fk := range clavesForaneasSinEmpresa(t, st) {
			t.Errorf("la clave foránea %s no incluye empresa_id", fk)
		}
	})
}

// clavesUnicas lists every unique key (primary keys, constraints, unique
// indexes) of the tables with an empresa_id column as "tabla(col,col)".
func clavesUnicas(t *testing.T, st *store.Store) []string {
	t.Helper()
	q := `SELECT t.relname || '(' || string_agg(a.attname, ',' ORDER BY k.ord) || ')'
		FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
		CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
		JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
		WHERE i.indisunique AND t.relnamespace = current_schema()::regnamespace
		AND EXISTS (SELECT 1 FROM pg_attribute e WHERE e.attrelid = t.oid AND e.attname = 'empresa_id' AND NOT e.attisdropped)
		GROUP BY t.relname, i.indexrelid`
	if st.Dialect() == "sqlite" {
		q = `SELECT m.name || '(' || (SELECT group_concat(name, ',') FROM (SELECT ii.name FROM pragma_index_info(il.name) ii ORDER BY ii.seqno)) || ')'
			FROM sqlite_master m JOIN pragma_index_list(m.name) il
			WHERE m.type = 'table' AND il."unique" = 1
			AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'empresa_id')
			UNION ALL SELECT m.name || '(id)' FROM sqlite_master m
			WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'id' AND c.pk = 1)
			AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'empresa_id')`
	}
	return filas(t, st, q)
}

// clavesForaneasSinEmpresa lists the PostgreSQL foreign keys from a company
// table to another company table that leave empresa_id out. A reference to a
// user stays single-column: usuarios is installation-wide (login names are
// global, a super-admin acts across companies).
func clavesForaneasSinEmpresa(t *testing.T, st *store.Store) []string {
	t.Helper()
	return filas(t, st, `SELECT c.conrelid::regclass::text || ' → ' || c.confrelid::regclass::text
		FROM pg_constraint c
		WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
		AND c.confrelid::regclass::text NOT IN ('usuarios', 'empresas', 'modulos', 'roles')
		AND EXISTS (SELECT 1 FROM pg_attribute e WHERE e.attrelid = c.conrelid AND e.attname = 'empresa_id' AND NOT e.attisdropped)
		AND NOT EXISTS (SELECT 1 FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k
			WHERE a.attname = 'empresa_id')`)
}

// filas runs q and answers its one text column, row by row.
func filas(t *testing.T, st *store.Store, q string) []string {
	t.Helper()
	rows, err := st.DB().QueryContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
