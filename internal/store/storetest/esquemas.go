package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// Migrating a PostgreSQL schema takes seconds on a loaded machine, emptying
// one a fraction of that: a test binary migrates a schema only when none of
// its own is free, and a schema a test is done with is emptied back to its
// migrated state (every table but goose's truncated, the migrations' rows and
// the sequences put back) and handed to the next test. A schema is dropped
// instead when it is not as migrated any more (a test changed its structure,
// or a library added tables), when a table has statistics (ANALYZE: a fresh
// schema has none), or when it cannot be emptied (a lock held, no superuser).
//
// Pooled schemas are named tp_<key>_<n>. A test binary holds, on a connection
// of its own, the advisory lock of its key while it runs: the schemas of a key
// nobody holds were left by a binary that ended, and the next binary drops them.

// cerrojoPruebas is the first key of the test binaries' advisory locks
// ("MTst"); the store's schema lock uses another (cerrojoEsquema).
const cerrojoPruebas = 0x4d547374

var errNoReusable = errors.New("storetest: esquema no reutilizable")

type esquemas struct {
	once  sync.Once
	err   error
	base  string
	admin *sql.DB
	// candado holds this binary's advisory lock; llave is its key.
	candado *sql.Conn
	llave   int32

	mu     sync.Mutex
	n      int
	libres []string
	// huellas is each schema's structure as migrated (huella).
	huellas map[string]string
	// datos are the rows and sequences of a migrated schema, taken from the
	// first one this binary migrated; nil: none taken yet.
	datos *datosMigrados
	// sinReuso: a schema could not be emptied for a reason that holds for all
	// (the user cannot skip triggers): every test gets a new schema.
	sinReuso bool
}

var pg esquemas

// esquemaMigrado lends the test a migrated schema until it ends and returns the
// URL of a connection to it.
func esquemaMigrado(t testing.TB) string {
	t.Helper()
	base := PostgresURL()
	if base == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	p := &pg
	p.once.Do(func() { p.err = p.iniciar(base) })
	if p.err != nil {
		t.Fatal(p.err)
	}
	schema, err := p.tomar()
	if err != nil {
		t.Fatal(err)
	}
	// Registered before the test opens its stores: it runs after they are closed.
	t.Cleanup(func() { p.devolver(schema) })
	return urlDeEsquema(base, schema)
}

func (p *esquemas) iniciar(base string) error {
	p.base, p.huellas = base, map[string]string{}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return err
	}
	admin.SetMaxOpenConns(8)
	ctx := context.Background()
	c, err := admin.Conn(ctx)
	if err != nil {
		admin.Close()
		return fmt.Errorf("storetest: conectar a PostgreSQL: %w", err)
	}
	for {
		var b [4]byte
		_, _ = rand.Read(b[:])
		llave := int32(binary.BigEndian.Uint32(b[:]) & 0x7fffffff)
		var ok bool
		if err := c.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1, $2)`, cerrojoPruebas, llave).Scan(&ok); err != nil {
			c.Close()
			admin.Close()
			return fmt.Errorf("storetest: cerrojo de las pruebas: %w", err)
		}
		if ok {
			p.admin, p.candado, p.llave = admin, c, llave
			break
		}
	}
	go p.recogerHuerfanos()
	return nil
}

// recogerHuerfanos drops the pooled schemas of the binaries that ended.
func (p *esquemas) recogerHuerfanos() {
	ctx := context.Background()
	rows, err := p.admin.QueryContext(ctx, `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'tp\_%'`)
	if err != nil {
		return
	}
	porLlave := map[int64][]string{}
	for rows.Next() {
		var nombre string
		if rows.Scan(&nombre) != nil {
			continue
		}
		partes := strings.Split(nombre, "_")
		if len(partes) != 3 {
			continue
		}
		if llave, err := strconv.ParseInt(partes[1], 10, 32); err == nil && llave != int64(p.llave) {
			porLlave[llave] = append(porLlave[llave], nombre)
		}
	}
	rows.Close()
	for llave, nombres := range porLlave {
		var libre bool
		if p.candado.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1, $2)`, cerrojoPruebas, llave).Scan(&libre) != nil || !libre {
			continue
		}
		for _, nombre := range nombres {
			_, _ = p.admin.ExecContext(ctx, `DROP SCHEMA IF EXISTS `+nombre+` CASCADE`)
		}
		_, _ = p.candado.ExecContext(ctx, `SELECT pg_advisory_unlock($1, $2)`, cerrojoPruebas, llave)
	}
}

// tomar answers a free schema, or a new one just migrated.
func (p *esquemas) tomar() (string, error) {
	p.mu.Lock()
	if n := len(p.libres); n > 0 {
		schema := p.libres[n-1]
		p.libres = p.libres[:n-1]
		p.mu.Unlock()
		return schema, nil
	}
	p.n++
	schema := fmt.Sprintf("tp_%d_%d", p.llave, p.n)
	p.mu.Unlock()

	if _, err := p.admin.Exec("CREATE SCHEMA " + schema); err != nil {
		return "", fmt.Errorf("crear esquema: %w", err)
	}
	if err := p.migrar(schema); err != nil {
		_, _ = p.admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		return "", err
	}
	return schema, nil
}

// migrar migrates a new schema and records its structure; the first one's
// rows and sequences become what every emptied schema gets back.
func (p *esquemas) migrar(schema string) error {
	ctx := context.Background()
	box, err := secretbox.New(secretbox.NewKey())
	if err != nil {
		return err
	}
	st, err := store.Open(urlDeEsquema(p.base, schema), store.WithSecretBox(box))
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return err
	}
	h, err := huella(ctx, st.DB(), schema)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.huellas[schema] = h
	tomarDatos := p.datos == nil && !p.sinReuso
	p.mu.Unlock()
	if tomarDatos {
		d, err := leerDatosMigrados(ctx, st.DB(), schema)
		p.mu.Lock()
		if err != nil {
			p.sinReuso = true
		} else if p.datos == nil {
			p.datos = d
		}
		p.mu.Unlock()
	}
	return nil
}

// devolver empties a schema a test is done with for the next one, or drops it.
func (p *esquemas) devolver(schema string) {
	if err := p.vaciar(schema); err != nil {
		_, _ = p.admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		p.mu.Lock()
		delete(p.huellas, schema)
		p.mu.Unlock()
		return
	}
	p.mu.Lock()
	p.libres = append(p.libres, schema)
	p.mu.Unlock()
}

// vaciar puts a schema back as migrated, in one transaction.
func (p *esquemas) vaciar(schema string) error {
	p.mu.Lock()
	d, migrado, sinReuso := p.datos, p.huellas[schema], p.sinReuso
	p.mu.Unlock()
	if sinReuso || d == nil || migrado == "" {
		return errNoReusable
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tx, err := p.admin.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// The schema's own search path: the structure reads as it did when migrated.
	if _, err := tx.ExecContext(ctx, `SET LOCAL lock_timeout = '5s'; SET LOCAL search_path = `+schema); err != nil {
		return err
	}
	// Triggers (the audit's append-only one refuses TRUNCATE) and foreign keys
	// stay quiet while the rows are put back: a superuser's setting.
	if _, err := tx.ExecContext(ctx, `SET LOCAL session_replication_role = replica`); err != nil {
		p.mu.Lock()
		p.sinReuso = true
		p.mu.Unlock()
		return err
	}
	if h, err := huella(ctx, tx, schema); err != nil || h != migrado {
		return errNoReusable
	}
	var tablas []string
	rows, err := tx.QueryContext(ctx, `SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
		WHERE schemaname = $1 AND tablename <> 'goose_db_version' ORDER BY tablename`, schema)
	if err != nil {
		return err
	}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return err
		}
		tablas = append(tablas, t)
	}
	rows.Close()
	if len(tablas) > 0 {
		if _, err := tx.ExecContext(ctx, `TRUNCATE `+strings.Join(tablas, ", ")+` RESTART IDENTITY`); err != nil {
			return err
		}
	}
	// Statistics outlive TRUNCATE: a schema some test analyzed would plan
	// differently from a fresh one.
	var analizado bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = $1)`, schema).Scan(&analizado); err != nil || analizado {
		return errNoReusable
	}
	for _, t := range d.tablas {
		q := fmt.Sprintf(`INSERT INTO %[1]s.%[2]s (%[3]s) OVERRIDING SYSTEM VALUE
			SELECT %[3]s FROM json_populate_recordset(NULL::%[1]s.%[2]s, $1::json)`, schema, t.nombre, t.columnas)
		if _, err := tx.ExecContext(ctx, q, t.filas); err != nil {
			return err
		}
	}
	for _, s := range d.secuencias {
		if _, err := tx.ExecContext(ctx, `SELECT setval(format('%I.%I', $1::text, $2::text)::regclass, $3, $4)`,
			schema, s.nombre, s.valor, s.llamada); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// datosMigrados are the rows the migrations insert (goose's own aside) and
// where each sequence stands after them.
type datosMigrados struct {
	tablas     []tablaMigrada
	secuencias []secuenciaMigrada
}

type tablaMigrada struct {
	nombre   string // quoted
	columnas string // quoted, without generated columns
	filas    string // a JSON array of rows
}

type secuenciaMigrada struct {
	nombre  string
	valor   int64
	llamada bool
}

type consultor interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

func leerDatosMigrados(ctx context.Context, db consultor, schema string) (*datosMigrados, error) {
	d := &datosMigrados{}
	rows, err := db.QueryContext(ctx, `SELECT quote_ident(c.relname),
			string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '')
		FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> 'goose_db_version'
		GROUP BY c.relname ORDER BY c.relname`, schema)
	if err != nil {
		return nil, err
	}
	var tablas []tablaMigrada
	for rows.Next() {
		var t tablaMigrada
		if err := rows.Scan(&t.nombre, &t.columnas); err != nil {
			rows.Close()
			return nil, err
		}
		tablas = append(tablas, t)
	}
	rows.Close()
	for _, t := range tablas {
		var filas sql.NullString
		if err := db.QueryRowContext(ctx, fmt.Sprintf(`SELECT json_agg(t)::text FROM %s.%s t`, schema, t.nombre)).Scan(&filas); err != nil {
			return nil, err
		}
		if filas.Valid {
			t.filas = filas.String
			d.tablas = append(d.tablas, t)
		}
	}
	rows, err = db.QueryContext(ctx, `SELECT sequencename, coalesce(last_value, start_value), last_value IS NOT NULL
		FROM pg_sequences WHERE schemaname = $1 ORDER BY sequencename`, schema)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var s secuenciaMigrada
		if err := rows.Scan(&s.nombre, &s.valor, &s.llamada); err != nil {
			return nil, err
		}
		d.secuencias = append(d.secuencias, s)
	}
	return d, rows.Err()
}

// huella sums up a schema's structure: relations, columns, indexes,
// constraints, triggers, functions, types, sequences and goose's versions.
func huella(ctx context.Context, db consultor, schema string) (string, error) {
	var h string
	err := db.QueryRowContext(ctx, `SELECT md5(coalesce(string_agg(x, E'\n' ORDER BY x), '')) FROM (
		SELECT format('r %s %s %s %s', c.relname, c.relkind, c.relrowsecurity, c.reloptions) AS x
			FROM pg_class c WHERE c.relnamespace = $1::regnamespace
		UNION ALL SELECT format('c %s.%s %s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
				a.attnotnull, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
			FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
			LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
			WHERE c.relnamespace = $1::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
		UNION ALL SELECT format('i %s', pg_get_indexdef(i.indexrelid))
			FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = $1::regnamespace
		UNION ALL SELECT format('k %s %s', conname, pg_get_constraintdef(oid))
			FROM pg_constraint WHERE connamespace = $1::regnamespace
		UNION ALL SELECT format('t %s %s %s', t.tgname, t.tgenabled, pg_get_triggerdef(t.oid))
			FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
			WHERE c.relnamespace = $1::regnamespace AND NOT t.tgisinternal
		UNION ALL SELECT format('f %s %s', p.oid::regprocedure, md5(p.prosrc))
			FROM pg_proc p WHERE p.pronamespace = $1::regnamespace
		UNION ALL SELECT format('y %s', typname) FROM pg_type WHERE typnamespace = $1::regnamespace
		UNION ALL SELECT format('s %s %s %s %s', c.relname, s.seqstart, s.seqincrement, s.seqcycle)
			FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = $1::regnamespace
	) partes`, schema).Scan(&h)
	if err != nil {
		return "", err
	}
	var versiones, ultima int64
	err = db.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*), coalesce(max(version_id), 0) FROM %s.goose_db_version`, schema)).
		Scan(&versiones, &ultima)
	return fmt.Sprintf("%s %d %d", h, versiones, ultima), err
}
