package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"muelle/internal/store/sqldb"
)

// The plan of CopiarInstalacion: which tables it copies, with which columns,
// in which order, read from the two catalogs (never from a list kept by
// hand: a migration that adds a table, a column or a foreign key changes the
// plan by itself).

// tablasDeVersion are the schema version tables, goose's of our migrations
// and whatsmeow's of its device store, with how to read the version each
// holds. They are never copied: each database keeps its own, and both must
// agree before anything is copied.
var tablasDeVersion = map[string]string{
	"goose_db_version":  `SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version WHERE is_applied`,
	"whatsmeow_version": `SELECT COALESCE(MAX(version), 0) FROM whatsmeow_version`,
}

// semillas are the rows a start writes into an empty database, by table: the
// module catalogue the migrations insert and the built-in roles
// (EnsureRolesIntegrados). A target that holds only these is empty, and the
// copy replaces them with the source's. A migration that seeds another table
// adds it here (the migration test refuses a fresh target otherwise).
var semillas = map[string]string{
	"modulos": "TRUE",
	"roles":   "empresa_id IS NULL AND integrado",
}

// sumables are the words of a column name that make it an amount of money
// (centavos) or of points: an integer column whose name has one of them
// between underscores, and is no reference (id, …_id), is summed on both
// sides by the verification.
var sumables = []string{"monto", "importe", "precio", "total", "saldo", "diferencia", "efectivo", "centavos",
	"puntos", "restante", "valor"}

// tablaPlan is a table of the copy.
type tablaPlan struct {
	nombre string
	// derivada: the table is an index the target fills itself (the ticket
	// search: an FTS5 virtual table on SQLite, a table its triggers fill on
	// PostgreSQL). Not copied; its rows are counted on both sides.
	derivada bool
	columnas []columnaPlan // the target's, generated ones aside
	orden    string        // " ORDER BY" the source's primary key, or ""
	// autoincremento is where SQLite's AUTOINCREMENT counter of the table
	// stands (sqlite_sequence; 0: none): ids of deleted rows are not reused.
	autoincremento int64
}

// columnaPlan is a column of the target.
type columnaPlan struct {
	nombre string
	tipo   string // information_schema's data_type
	serie  bool   // identity or serial: its sequence is advanced past the copy
	suma   bool   // an amount: summed by the verification
	clave  bool   // the table's only primary key column on the source
}

// planCopia is the tables in the order they are copied (a table after those
// it references), the foreign keys suspended while they are copied, and the
// goose version both schemas are at.
type planCopia struct {
	tablas      []tablaPlan
	suspendidas []referencia
	version     int64
}

// referencia is a foreign key of the target: the table that holds it, the
// table it references, its name and its definition (pg_get_constraintdef).
type referencia struct {
	hija, madre, nombre, definicion string
}

// catalogoOrigen is what the copy knows of the SQLite source.
type catalogoOrigen struct {
	tipos    map[string]string // table -> pragma_table_list's type: table, virtual, shadow
	autoincr map[string]int64  // sqlite_sequence
}

// planificar reads both catalogs, checks that both schemas are at the same
// versions and have the same tables and columns, and orders the tables.
func planificar(ctx context.Context, src *sql.Tx, c sqldb.Conn) (planCopia, error) {
	origen, err := leerCatalogoOrigen(ctx, src)
	if err != nil {
		return planCopia{}, err
	}
	tablas, refs, err := leerTablasDestino(ctx, c)
	if err != nil {
		return planCopia{}, err
	}
	version, err := compararVersiones(ctx, src, c, origen)
	if err != nil {
		return planCopia{}, err
	}
	if err := compararTablas(origen, tablas); err != nil {
		return planCopia{}, err
	}
	orden, suspendidas := ordenarPorDependencias(tablas, refs)
	columnas, err := leerColumnasDestino(ctx, c)
	if err != nil {
		return planCopia{}, err
	}
	p := planCopia{version: version, suspendidas: suspendidas}
	for _, t := range orden {
		tp := tablaPlan{nombre: t, derivada: origen.tipos[t] == "virtual", columnas: columnas[t],
			autoincremento: origen.autoincr[t]}
		if !tp.derivada {
			if err := completarConOrigen(ctx, src, &tp); err != nil {
				return planCopia{}, err
			}
		}
		p.tablas = append(p.tablas, tp)
	}
	return p, nil
}

func leerCatalogoOrigen(ctx context.Context, src *sql.Tx) (catalogoOrigen, error) {
	o := catalogoOrigen{tipos: map[string]string{}, autoincr: map[string]int64{}}
	err := scanFilas(ctx, src, `SELECT name, type FROM pragma_table_list
		WHERE schema = 'main' AND (name NOT LIKE 'sqlite_%' OR name = 'sqlite_sequence')`, func(r *sql.Rows) error {
		var nombre, tipo string
		err := r.Scan(&nombre, &tipo)
		o.tipos[nombre] = tipo
		return err
	})
	if err != nil {
		return o, fmt.Errorf("no se pudieron leer las tablas de la base SQLite: %w", err)
	}
	if _, ok := o.tipos["sqlite_sequence"]; !ok {
		return o, nil
	}
	delete(o.tipos, "sqlite_sequence")
	err = scanFilas(ctx, src, `SELECT name, seq FROM sqlite_sequence`, func(r *sql.Rows) error {
		var nombre string
		var seq int64
		err := r.Scan(&nombre, &seq)
		o.autoincr[nombre] = seq
		return err
	})
	if err != nil {
		return o, fmt.Errorf("no se pudieron leer los contadores de la base SQLite: %w", err)
	}
	return o, nil
}

// leerTablasDestino lists the target's tables (the version tables aside) and
// the foreign keys of each one.
func leerTablasDestino(ctx context.Context, c sqldb.Conn) ([]string, map[string][]referencia, error) {
	var tablas []string
	err := scanFilas(ctx, c.Raw(), `SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace
		AND relkind IN ('r', 'p') AND NOT relispartition ORDER BY relname`, func(r *sql.Rows) error {
		var t string
		err := r.Scan(&t)
		if _, version := tablasDeVersion[t]; !version {
			tablas = append(tablas, t)
		}
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("no se pudieron leer las tablas de PostgreSQL: %w", err)
	}
	refs := map[string][]referencia{}
	err = scanFilas(ctx, c.Raw(), `SELECT h.relname, p.relname, k.conname, pg_get_constraintdef(k.oid)
		FROM pg_constraint k JOIN pg_class h ON h.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
		WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace ORDER BY k.conname`, func(r *sql.Rows) error {
		var ref referencia
		err := r.Scan(&ref.hija, &ref.madre, &ref.nombre, &ref.definicion)
		refs[ref.hija] = append(refs[ref.hija], ref)
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("no se pudieron leer las claves foráneas de PostgreSQL: %w", err)
	}
	return tablas, refs, nil
}

// leerColumnasDestino reads the target's columns by table, generated ones aside.
func leerColumnasDestino(ctx context.Context, c sqldb.Conn) (map[string][]columnaPlan, error) {
	columnas := map[string][]columnaPlan{}
	err := scanFilas(ctx, c.Raw(), `SELECT table_name, column_name, data_type,
			is_identity = 'YES' OR COALESCE(column_default, '') LIKE 'nextval(%'
		FROM information_schema.columns WHERE table_schema = current_schema() AND is_generated = 'NEVER'
		ORDER BY table_name, ordinal_position`, func(r *sql.Rows) error {
		var t string
		var col columnaPlan
		err := r.Scan(&t, &col.nombre, &col.tipo, &col.serie)
		col.suma = esSumable(col)
		columnas[t] = append(columnas[t], col)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("no se pudieron leer las columnas de PostgreSQL: %w", err)
	}
	return columnas, nil
}

// esSumable tells an amount of money or points (sumables).
func esSumable(col columnaPlan) bool {
	if col.tipo != "bigint" && col.tipo != "integer" && col.tipo != "smallint" ||
		col.nombre == "id" || strings.HasSuffix(col.nombre, "_id") {
		return false
	}
	for palabra := range strings.SplitSeq(col.nombre, "_") {
		if slices.Contains(sumables, palabra) {
			return true
		}
	}
	return false
}

// compararVersiones reads each version table on both sides and refuses
// schemas at different versions; it answers goose's.
func compararVersiones(ctx context.Context, src *sql.Tx, c sqldb.Conn, origen catalogoOrigen) (int64, error) {
	var goose int64
	for tabla, q := range tablasDeVersion {
		var deOrigen int64
		if _, ok := origen.tipos[tabla]; ok {
			if err := src.QueryRowContext(ctx, q).Scan(&deOrigen); err != nil {
				return 0, fmt.Errorf("no se pudo leer la versión del esquema de SQLite (%s): %w", tabla, err)
			}
		}
		deDestino, err := versionDestino(ctx, c, tabla, q)
		if err != nil {
			return 0, err
		}
		if deOrigen != deDestino {
			return 0, fmt.Errorf("%w: la base SQLite está en la versión %d de %s y PostgreSQL en la %d",
				ErrVersionesDistintas, deOrigen, tabla, deDestino)
		}
		if tabla == "goose_db_version" {
			goose = deOrigen
		}
	}
	return goose, nil
}

// versionDestino is the version a version table of the target holds (0 when
// the table does not exist).
func versionDestino(ctx context.Context, c sqldb.Conn, tabla, q string) (int64, error) {
	var existe bool
	if err := c.QueryRow(ctx, `SELECT to_regclass(?) IS NOT NULL`, tabla).Scan(&existe); err != nil || !existe {
		return 0, err
	}
	var v int64
	if err := c.Raw().QueryRowContext(ctx, q).Scan(&v); err != nil {
		return 0, fmt.Errorf("no se pudo leer la versión del esquema de PostgreSQL (%s): %w", tabla, err)
	}
	return v, nil
}

// compararTablas refuses schemas whose tables differ: every target table must
// be on the source (as a table, or as the virtual table of an index the target
// derives), and every source table on the target.
func compararTablas(origen catalogoOrigen, destino []string) error {
	for _, t := range destino {
		if tipo := origen.tipos[t]; tipo != "table" && tipo != "virtual" {
			return fmt.Errorf("%w: la tabla %s de PostgreSQL no está en la base SQLite", ErrEsquemasDistintos, t)
		}
	}
	for t, tipo := range origen.tipos {
		_, version := tablasDeVersion[t]
		if tipo == "table" && !version && !slices.Contains(destino, t) {
			return fmt.Errorf("%w: la tabla %s de la base SQLite no está en PostgreSQL", ErrEsquemasDistintos, t)
		}
	}
	return nil
}

// completarConOrigen checks that the source table has the target's columns,
// no more and no fewer, and takes its primary key for the order of the rows.
func completarConOrigen(ctx context.Context, src *sql.Tx, t *tablaPlan) error {
	var claves, sobrantes []string
	faltan := map[string]bool{}
	for _, col := range t.columnas {
		faltan[col.nombre] = true
	}
	err := scanFilas(ctx, src, `SELECT name, pk FROM pragma_table_info(?) ORDER BY pk, cid`, func(r *sql.Rows) error {
		var nombre string
		var pk int
		err := r.Scan(&nombre, &pk)
		if pk > 0 {
			claves = append(claves, citar(nombre))
		}
		if !faltan[nombre] {
			sobrantes = append(sobrantes, nombre)
		}
		delete(faltan, nombre)
		return err
	}, t.nombre)
	if err != nil {
		return fmt.Errorf("no se pudieron leer las columnas de %s en SQLite: %w", t.nombre, err)
	}
	if len(faltan) > 0 || len(sobrantes) > 0 {
		return fmt.Errorf("%w: las columnas de %s difieren (faltan en SQLite: %s; sobran en SQLite: %s)",
			ErrEsquemasDistintos, t.nombre, strings.Join(slices.Sorted(maps.Keys(faltan)), ", "), strings.Join(sobrantes, ", "))
	}
	if len(claves) > 0 {
		t.orden = " ORDER BY " + strings.Join(claves, ", ")
	}
	for i := range t.columnas {
		t.columnas[i].clave = len(claves) == 1 && claves[0] == citar(t.columnas[i].nombre)
	}
	return nil
}

// ordenarPorDependencias orders the tables so that each comes after the
// tables it references (Kahn's topological sort; among the tables ready at
// once, alphabetically). Where the references close a cycle (a ticket points
// at its sale's cash movement, a refund's movement at its ticket), the table
// of the cycle that waits for the fewest others goes first, and its
// references to the tables still waiting are suspended during the copy; so
// is a table's reference to itself, whatever the order of its rows.
func ordenarPorDependencias(tablas []string, refs map[string][]referencia) (orden []string, suspendidas []referencia) {
	pendientes := map[string]int{}
	dependientes := map[string][]string{}
	for _, t := range tablas {
		for _, ref := range refs[t] {
			switch {
			case ref.madre == t:
				suspendidas = append(suspendidas, ref)
			case slices.Contains(tablas, ref.madre):
				pendientes[t]++
				dependientes[ref.madre] = append(dependientes[ref.madre], t)
			}
		}
	}
	var listas []string
	for _, t := range tablas {
		if pendientes[t] == 0 {
			listas = append(listas, t)
		}
	}
	colocada := map[string]bool{}
	for len(orden) < len(tablas) {
		if len(listas) == 0 {
			t := menosPendiente(tablas, pendientes, colocada)
			for _, ref := range refs[t] {
				if ref.madre != t && slices.Contains(tablas, ref.madre) && !colocada[ref.madre] {
					suspendidas = append(suspendidas, ref)
				}
			}
			listas = []string{t}
		}
		slices.Sort(listas)
		t := listas[0]
		listas = listas[1:]
		colocada[t] = true
		orden = append(orden, t)
		for _, hija := range dependientes[t] {
			if pendientes[hija]--; pendientes[hija] == 0 && !colocada[hija] {
				listas = append(listas, hija)
			}
		}
	}
	return orden, suspendidas
}

// menosPendiente is the table not yet placed that waits for the fewest others
// (the first in alphabetical order among equals).
func menosPendiente(tablas []string, pendientes map[string]int, colocada map[string]bool) string {
	elegida := ""
	for _, t := range tablas {
		if !colocada[t] && (elegida == "" || pendientes[t] < pendientes[elegida]) {
			elegida = t
		}
	}
	return elegida
}

// citar quotes an identifier for both engines.
func citar(nombre string) string { return `"` + strings.ReplaceAll(nombre, `"`, `""`) + `"` }

// scanFilas runs q and hands each row to fn.
func scanFilas(ctx context.Context, db sqldb.Querier, q string, fn func(*sql.Rows) error, args ...any) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
		if err := fn(rows); err != nil {
			rows.Close()
			return err
		}
	}
	return errors.Join(rows.Err(), rows.Close())
}
