package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"muelle/internal/store/sqldb"
)

// CopiarInstalacion is `muelle migrar`: a whole installation copied from its
// SQLite database into an empty PostgreSQL one
// (docs/features/migrar-a-postgresql.md). Its refusals wrap these errors.
var (
	ErrVersionesDistintas = errors.New("las dos bases no están en la misma versión del esquema")
	ErrEsquemasDistintos  = errors.New("las dos bases no tienen las mismas tablas y columnas")
	ErrDestinoConDatos    = errors.New("la base de PostgreSQL ya tiene datos")
	ErrVerificacion       = errors.New("la copia no coincide con la base SQLite")
	ErrBaseAjena          = errors.New("la base de PostgreSQL tiene tablas que no son de Muelle")
)

// InformeCopia is what CopiarInstalacion copied and verified.
type InformeCopia struct {
	Version  int64          // the schema version (goose) of both databases
	Tablas   []TablaCopiada // in the order they were copied
	Secretos int            // the sealed secrets that opened on the copy with the installation key
}

// TablaCopiada is a table's verification: its rows and the sums of its
// amounts (the columns in Sumadas) on each side, equal.
type TablaCopiada struct {
	Nombre string
	// Derivada: an index the target builds itself from another table (the
	// ticket search), not copied; its rows are compared all the same.
	Derivada bool
	Sumadas  []string
	Origen   Recuento
	Destino  Recuento
}

// Recuento is a table's rows and the sums of its Sumadas columns.
type Recuento struct {
	Filas int64
	Sumas []int64
}

// loteMaximo bounds the rows of one INSERT of the copy; a wide table sends
// fewer, so one statement never has more than maxParametros values.
const (
	loteMaximo    = 1000
	maxParametros = 60000
)

// CopiarInstalacion copies every table of origen (SQLite) into destino
// (PostgreSQL), both already migrated, in one PostgreSQL transaction: the
// versions and the tables of both schemas must agree (planificar), destino
// must hold no data but the rows a start seeds (which the source's replace),
// the tables are copied in the order of their foreign keys in batches of at
// most loteMaximo rows, every sequence is advanced past the ids copied (and
// past SQLite's AUTOINCREMENT counters: the ids of deleted rows are not
// reused), then each table's rows and amounts are compared on both sides and
// every sealed secret of the copy must open with destino's installation key
// (ours and what the comprobar check). Any failure rolls the whole copy
// back: destino is left as it was. The source is read in one transaction, a
// snapshot no writer changes while the copy runs.
func CopiarInstalacion(ctx context.Context, origen, destino *Store, comprobar ...Comprobador) (InformeCopia, error) {
	if origen.Dialect() != "sqlite" || destino.Dialect() != "postgres" {
		return InformeCopia{}, errors.New("la migración copia una base SQLite en una base PostgreSQL")
	}
	if destino.secretos == nil {
		return InformeCopia{}, errSinClaveInstalacion
	}
	// SQLite's transactions begin IMMEDIATE: the source's writers wait.
	src, err := origen.db.Reader().BeginTx(ctx, nil)
	if err != nil {
		return InformeCopia{}, fmt.Errorf("no se pudo leer la base SQLite: %w", err)
	}
	defer src.Rollback()
	var inf InformeCopia
	err = destino.db.InTx(ctx, func(c sqldb.Conn) error {
		p, err := planificar(ctx, src, c)
		if err != nil {
			return err
		}
		if err := reservarDestino(ctx, c, p); err != nil {
			return err
		}
		if err := suspenderReferencias(ctx, c, p.suspendidas); err != nil {
			return err
		}
		for _, t := range p.tablas {
			if err := copiarTabla(ctx, src, c, t); err != nil {
				return err
			}
		}
		if err := restablecerReferencias(ctx, c, p.suspendidas); err != nil {
			return err
		}
		if err := avanzarSecuencias(ctx, c, p); err != nil {
			return err
		}
		tablas, err := verificar(ctx, src, c, p)
		if err != nil {
			return err
		}
		n, err := destino.comprobarSecretos(ctx, c, destino.secretos, comprobar)
		if err != nil {
			return fmt.Errorf("los secretos copiados no se abren con la clave de instalación: %w", err)
		}
		if err := analizar(ctx, c, p); err != nil {
			return err
		}
		inf = InformeCopia{Version: p.version, Tablas: tablas, Secretos: n}
		return nil
	})
	return inf, err
}

// analizar gives the planner the copied tables' statistics now, not when
// autovacuum gets to them: a plan chosen over an empty table's statistics
// reads the whole ticket table on each boarding (the benchmark measured 49
// boardings/s against 682 once analyzed).
func analizar(ctx context.Context, c sqldb.Conn, p planCopia) error {
	var tablas []string
	for _, t := range p.tablas {
		tablas = append(tablas, t.nombre)
	}
	if len(tablas) == 0 {
		return nil
	}
	_, err := c.Exec(ctx, `ANALYZE `+strings.Join(tablas, ", "))
	return wrap("actualizar las estadísticas de PostgreSQL", err)
}

// ComprobarBaseDeMuelle refuses, before it is migrated, a PostgreSQL schema
// that holds tables but no goose version table: another application's, among
// whose tables migrating would create Muelle's.
func (s *Store) ComprobarBaseDeMuelle(ctx context.Context) error {
	var tablas, goose int
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE relname = 'goose_db_version')
		FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`).Scan(&tablas, &goose)
	if err != nil {
		return fmt.Errorf("no se pudieron leer las tablas de PostgreSQL: %w", err)
	}
	if tablas > 0 && goose == 0 {
		return fmt.Errorf("%w (%d tablas y ninguna versión de Muelle): elija una base vacía", ErrBaseAjena, tablas)
	}
	return nil
}

// reservarDestino locks the target's tables against every other writer until
// the copy commits, refuses a target with data and deletes the rows a start
// seeded (semillas), which the source's replace.
func reservarDestino(ctx context.Context, c sqldb.Conn, p planCopia) error {
	nombres := make([]string, len(p.tablas))
	for i, t := range p.tablas {
		nombres[i] = citar(t.nombre)
	}
	_, err := c.Exec(ctx, `SET LOCAL lock_timeout = '30s'`)
	if err == nil {
		_, err = c.Exec(ctx, `LOCK TABLE `+strings.Join(nombres, ", ")+` IN EXCLUSIVE MODE`)
	}
	if err != nil {
		return fmt.Errorf("no se pudieron reservar las tablas de PostgreSQL (¿hay un servidor de Muelle usándola?): %w", err)
	}
	for _, t := range p.tablas {
		var hay bool
		q := `SELECT EXISTS (SELECT 1 FROM ` + citar(t.nombre) + ` WHERE NOT (` + semilla(t.nombre) + `))`
		if err := c.QueryRow(ctx, q).Scan(&hay); err != nil {
			return fmt.Errorf("no se pudo leer la tabla %s de PostgreSQL: %w", t.nombre, err)
		}
		if hay {
			return fmt.Errorf("%w (la tabla %s tiene filas): la migración solo copia en una base vacía", ErrDestinoConDatos, t.nombre)
		}
	}
	for i := len(p.tablas) - 1; i >= 0; i-- {
		t := p.tablas[i].nombre
		if _, ok := semillas[t]; !ok {
			continue
		}
		if _, err := c.Exec(ctx, `DELETE FROM `+citar(t)+` WHERE `+semilla(t)); err != nil {
			return fmt.Errorf("no se pudieron reemplazar las filas iniciales de %s: %w", t, err)
		}
	}
	return nil
}

// semilla is the condition of a table's seeded rows (FALSE: it has none).
func semilla(tabla string) string {
	if cond, ok := semillas[tabla]; ok {
		return cond
	}
	return "FALSE"
}

// suspenderReferencias drops, inside the copy's transaction, the foreign keys
// no order of the tables satisfies (ordenarPorDependencias).
func suspenderReferencias(ctx context.Context, c sqldb.Conn, refs []referencia) error {
	for _, ref := range refs {
		if _, err := c.Raw().ExecContext(ctx, `ALTER TABLE `+citar(ref.hija)+` DROP CONSTRAINT `+citar(ref.nombre)); err != nil {
			return fmt.Errorf("no se pudo suspender la clave foránea %s de %s: %w", ref.nombre, ref.hija, err)
		}
	}
	return nil
}

// restablecerReferencias creates the suspended foreign keys again as they
// were, which checks every row copied against them.
func restablecerReferencias(ctx context.Context, c sqldb.Conn, refs []referencia) error {
	for _, ref := range refs {
		if _, err := c.Raw().ExecContext(ctx, `ALTER TABLE `+citar(ref.hija)+` ADD CONSTRAINT `+citar(ref.nombre)+` `+ref.definicion); err != nil {
			return fmt.Errorf("la tabla %s tiene filas que no cumplen la clave foránea %s: %w", ref.hija, ref.nombre, err)
		}
	}
	return nil
}

// copiarTabla copies a table's rows in the order of its primary key, in
// multi-row INSERTs of at most loteMaximo rows (ids included: OVERRIDING
// SYSTEM VALUE lets them into identity columns).
func copiarTabla(ctx context.Context, src *sql.Tx, c sqldb.Conn, t tablaPlan) error {
	if t.derivada || len(t.columnas) == 0 {
		return nil
	}
	cols := make([]string, len(t.columnas))
	for i, col := range t.columnas {
		cols[i] = citar(col.nombre)
	}
	lista := strings.Join(cols, ", ")
	lote := max(1, min(loteMaximo, maxParametros/len(cols)))
	fila := "(" + sqldb.Placeholders(len(cols)) + ")"
	insertar := func(valores []any) error {
		n := len(valores) / len(cols)
		q := `INSERT INTO ` + citar(t.nombre) + ` (` + lista + `) OVERRIDING SYSTEM VALUE VALUES ` +
			strings.Repeat(fila+", ", n-1) + fila
		if _, err := c.Exec(ctx, q, valores...); err != nil {
			return fmt.Errorf("no se pudo copiar la tabla %s: %w", t.nombre, err)
		}
		return nil
	}
	rows, err := src.QueryContext(ctx, `SELECT `+lista+` FROM `+citar(t.nombre)+t.orden)
	if err != nil {
		return fmt.Errorf("no se pudo leer la tabla %s de SQLite: %w", t.nombre, err)
	}
	defer rows.Close()
	valores := make([]any, 0, lote*len(cols))
	leidos, destinos := make([]any, len(cols)), make([]any, len(cols))
	for i := range leidos {
		destinos[i] = &leidos[i]
	}
	for rows.Next() {
		if err := rows.Scan(destinos...); err != nil {
			return fmt.Errorf("no se pudo leer la tabla %s de SQLite: %w", t.nombre, err)
		}
		for i, col := range t.columnas {
			v, err := valorPara(col.tipo, leidos[i])
			if err != nil {
				return fmt.Errorf("la tabla %s tiene en la columna %s un valor que PostgreSQL no acepta: %w",
					t.nombre, col.nombre, err)
			}
			valores = append(valores, v)
		}
		if len(valores) == cap(valores) {
			if err := insertar(valores); err != nil {
				return err
			}
			valores = valores[:0]
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("no se pudo leer la tabla %s de SQLite: %w", t.nombre, err)
	}
	if len(valores) > 0 {
		return insertar(valores)
	}
	return nil
}

// avanzarSecuencias sets each identity or serial column's sequence so that
// the next id is above every id copied, and above SQLite's AUTOINCREMENT
// counter of the table's key.
func avanzarSecuencias(ctx context.Context, c sqldb.Conn, p planCopia) error {
	for _, t := range p.tablas {
		for _, col := range t.columnas {
			if !col.serie {
				continue
			}
			piso := int64(0)
			if col.clave {
				piso = t.autoincremento
			}
			q := `SELECT setval(pg_get_serial_sequence(?, ?), GREATEST(COALESCE(MAX(` + citar(col.nombre) +
				`), 0), ?) + 1, false) FROM ` + citar(t.nombre)
			if _, err := c.Exec(ctx, q, citar(t.nombre), col.nombre, piso); err != nil {
				return fmt.Errorf("no se pudo avanzar el contador de %s.%s: %w", t.nombre, col.nombre, err)
			}
		}
	}
	return nil
}

// verificar counts each table's rows and sums its amounts on both sides, and
// refuses the copy unless they agree.
func verificar(ctx context.Context, src *sql.Tx, c sqldb.Conn, p planCopia) ([]TablaCopiada, error) {
	tablas := make([]TablaCopiada, 0, len(p.tablas))
	for _, t := range p.tablas {
		tc := TablaCopiada{Nombre: t.nombre, Derivada: t.derivada}
		if !t.derivada {
			for _, col := range t.columnas {
				if col.suma {
					tc.Sumadas = append(tc.Sumadas, col.nombre)
				}
			}
		}
		var err error
		if tc.Origen, err = recontar(ctx, src, t.nombre, tc.Sumadas, ""); err != nil {
			return nil, fmt.Errorf("no se pudo contar la tabla %s en SQLite: %w", t.nombre, err)
		}
		if tc.Destino, err = recontar(ctx, c.Raw(), t.nombre, tc.Sumadas, "::bigint"); err != nil {
			return nil, fmt.Errorf("no se pudo contar la tabla %s en PostgreSQL: %w", t.nombre, err)
		}
		if err := tc.comparar(); err != nil {
			return nil, err
		}
		tablas = append(tablas, tc)
	}
	return tablas, nil
}

// recontar reads a table's rows and the sums of its sumadas columns (each
// cast as conversion says: PostgreSQL sums bigints into numerics).
func recontar(ctx context.Context, q sqldb.Querier, tabla string, sumadas []string, conversion string) (Recuento, error) {
	sel := []string{"COUNT(*)"}
	for _, col := range sumadas {
		sel = append(sel, "COALESCE(SUM("+citar(col)+"), 0)"+conversion)
	}
	r := Recuento{Sumas: make([]int64, len(sumadas))}
	dest := []any{&r.Filas}
	for i := range r.Sumas {
		dest = append(dest, &r.Sumas[i])
	}
	err := q.QueryRowContext(ctx, `SELECT `+strings.Join(sel, ", ")+` FROM `+citar(tabla)).Scan(dest...)
	return r, err
}

// comparar refuses a table whose rows or sums differ between the sides.
func (t TablaCopiada) comparar() error {
	if t.Origen.Filas != t.Destino.Filas {
		return fmt.Errorf("%w: la tabla %s tiene %d filas en SQLite y %d en PostgreSQL", ErrVerificacion,
			t.Nombre, t.Origen.Filas, t.Destino.Filas)
	}
	for i, col := range t.Sumadas {
		if t.Origen.Sumas[i] != t.Destino.Sumas[i] {
			return fmt.Errorf("%w: %s.%s suma %d en SQLite y %d en PostgreSQL", ErrVerificacion,
				t.Nombre, col, t.Origen.Sumas[i], t.Destino.Sumas[i])
		}
	}
	return nil
}
