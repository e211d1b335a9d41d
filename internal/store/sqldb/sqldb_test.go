package sqldb_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// each runs fn on a fresh SQLite database and, when MUELLE_TEST_POSTGRES is
// set, on a fresh PostgreSQL schema; both have a table t (id, nombre unique)
// and the events a transaction emits are saved by save.
func each(t *testing.T, fn func(t *testing.T, db *sqldb.DB, r *record)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		r := &record{}
		fn(t, open(t, "sqlite:"+filepath.Join(t.TempDir(), "t.db"), r), r)
	})
	if os.Getenv("MUELLE_TEST_POSTGRES") != "" {
		t.Run("postgres", func(t *testing.T) {
			r := &record{}
			fn(t, open(t, postgresSchema(t), r), r)
		})
	}
}

var schemaSeq atomic.Int64

// postgresSchema creates a schema dropped when the test ends and returns the
// URL of a connection to it.
func postgresSchema(t *testing.T) string {
	t.Helper()
	base := os.Getenv("MUELLE_TEST_POSTGRES")
	schema := fmt.Sprintf("sqldb_%d_%d_%d", os.Getpid(), time.Now().UnixNano(), schemaSeq.Add(1))
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
	return base + sep + "search_path=" + schema
}

// record is what the DB handed on: events saved (with the ids it gave) and
// published.
type record struct {
	mu        sync.Mutex
	nextID    int64
	published []events.Event
}

func (r *record) save(_ context.Context, c sqldb.Conn, evs []events.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range evs {
		r.nextID++
		evs[i].ID = r.nextID
	}
	return nil
}

func (r *record) publish(_ context.Context, evs []events.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.published = append(r.published, evs...)
}

func (r *record) names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, ev := range r.published {
		out = append(out, ev.Nombre)
	}
	return out
}

func open(t *testing.T, url string, r *record) *sqldb.DB {
	t.Helper()
	db, err := sqldb.Open(url, sqldb.Options{EventChannel: "sqldb_test", SaveEvents: r.save, Publish: r.publish})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Writer().Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, nombre TEXT NOT NULL UNIQUE)`); err != nil {
		t.Fatal(err)
	}
	return db
}

func count(t *testing.T, db *sqldb.DB) int {
	t.Helper()
	var n int
	if err := db.Conn().QueryRow(context.Background(), `SELECT COUNT(*) FROM t`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var errBusiness = errors.New("refused")

// TestTransactionCommitsOrRollsBackAndHandsOnOnlyCommittedEvents: a failed
// transaction writes nothing and hands on nothing; a committed one stores its
// events (with ids) and publishes them after its commit.
func TestTransactionCommitsOrRollsBackAndHandsOnOnlyCommittedEvents(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, r *record) {
		ctx := context.Background()
		write := func(id int, fail error) error {
			return db.InTx(ctx, func(c sqldb.Conn) error {
				c.Emit(events.Event{Nombre: fmt.Sprint("evento ", id)})
				if _, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, id, fmt.Sprint("n", id)); err != nil {
					return err
				}
				return fail
			})
		}
		if err := write(1, errBusiness); !errors.Is(err, errBusiness) {
			t.Fatalf("la transacción fallida respondió %v", err)
		}
		if n := count(t, db); n != 0 || len(r.names()) != 0 {
			t.Fatalf("la transacción fallida dejó %d filas y publicó %v", n, r.names())
		}
		if err := write(2, nil); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db); n != 1 || !slices.Equal(r.names(), []string{"evento 2"}) {
			t.Fatalf("la transacción confirmada dejó %d filas y publicó %v", n, r.names())
		}
		if r.published[0].ID == 0 {
			t.Error("el evento se publicó sin el id con que se guardó")
		}
	})
}

// TestEmitOutsideATransactionPanics: an event belongs to a transaction.
func TestEmitOutsideATransactionPanics(t *testing.T) {
	db := open(t, "sqlite:"+filepath.Join(t.TempDir(), "t.db"), &record{})
	defer func() {
		if recover() == nil {
			t.Fatal("Emit fuera de una transacción no entró en pánico")
		}
	}()
	db.Conn().Emit(events.Event{Nombre: "suelto"})
}

// TestGroupedTransactionsKeepTheirOwnOutcome: transactions that run at once
// (on SQLite, in one group commit) each commit or roll back alone, and only
// the committed ones hand on their events.
func TestGroupedTransactionsKeepTheirOwnOutcome(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, r *record) {
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make([]error, 40)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = db.InTx(ctx, func(c sqldb.Conn) error {
					c.Emit(events.Event{Nombre: fmt.Sprint(i)})
					// every third writes a duplicate name: a unique violation
					nombre := fmt.Sprint("n", i)
					if i%3 == 0 {
						nombre = "repetido"
					}
					_, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, i+1, nombre)
					if err == nil && i%2 == 0 {
						err = errBusiness
					}
					return err
				})
			}()
		}
		wg.Wait()
		var committed []string
		unique := 0
		for i, err := range errs {
			switch {
			case err == nil:
				committed = append(committed, fmt.Sprint(i))
			case sqldb.IsUniqueViolation(err):
				unique++
			case !errors.Is(err, errBusiness):
				t.Fatalf("transacción %d: %v", i, err)
			}
		}
		if n := count(t, db); n != len(committed) {
			t.Fatalf("%d filas escritas, %d transacciones confirmadas", n, len(committed))
		}
		got := r.names()
		slices.Sort(got)
		slices.Sort(committed)
		if !slices.Equal(got, committed) {
			t.Fatalf("publicados %v, se esperaban los de las confirmadas %v", got, committed)
		}
		if unique == 0 {
			t.Error("ninguna transacción chocó con el nombre repetido")
		}
	})
}

// TestTraceNumbersTransactionsAndRebinds: the trace sees every statement as
// sent (rebound on PostgreSQL) with its transaction's number, 0 outside one.
func TestTraceNumbersTransactionsAndRebinds(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, _ *record) {
		ctx := context.Background()
		var (
			mu  sync.Mutex
			got []sqldb.Statement
		)
		db.Trace(func(s sqldb.Statement) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, s)
		})
		for i := 1; i <= 2; i++ {
			if err := db.InTx(ctx, func(c sqldb.Conn) error {
				_, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, i, fmt.Sprint("n", i))
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		count(t, db)
		db.Trace(nil)
		count(t, db)
		if len(got) != 3 {
			t.Fatalf("%d sentencias trazadas, se esperaban 3: %v", len(got), got)
		}
		if got[0].Tx == 0 || got[1].Tx == got[0].Tx || got[2].Tx != 0 {
			t.Errorf("transacciones %d, %d, %d: se esperaban dos distintas y 0 fuera", got[0].Tx, got[1].Tx, got[2].Tx)
		}
		want := `INSERT INTO t (id, nombre) VALUES (?, ?)`
		if db.Dialect().Postgres() {
			want = `INSERT INTO t (id, nombre) VALUES ($1, $2)`
		}
		if got[0].SQL != want || !slices.Equal(got[0].Args, []any{1, "n1"}) {
			t.Errorf("sentencia %q %v, se esperaba %q [1 n1]", got[0].SQL, got[0].Args, want)
		}
	})
}

// TestQueryPageCountsTheFilterAndPagesPastTheEnd: a page carries the total
// of the filter, a page past the end too.
func TestQueryPageCountsTheFilterAndPagesPastTheEnd(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, _ *record) {
		ctx := context.Background()
		for i := 1; i <= 5; i++ {
			if _, err := db.Conn().Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, i, fmt.Sprint("n", i)); err != nil {
				t.Fatal(err)
			}
		}
		scan := func(sc sqldb.Scanner) (id int64, err error) { return id, sc.Scan(&id) }
		l := sqldb.List{Columns: `id`, From: `FROM t WHERE id > ?`, OrderBy: `ORDER BY id`, Args: []any{1}}
		ids, total, err := sqldb.QueryPage(ctx, db.Conn(), scan, sqldb.Page{Limit: 2, Offset: 1}, l)
		if err != nil || total != 4 || !slices.Equal(ids, []int64{3, 4}) {
			t.Fatalf("página %v de %d (%v), se esperaba [3 4] de 4", ids, total, err)
		}
		ids, total, err = sqldb.QueryPage(ctx, db.Conn(), scan, sqldb.Page{Limit: 2, Offset: 10}, l)
		if err != nil || total != 4 || len(ids) != 0 {
			t.Fatalf("página pasada el final %v de %d (%v), se esperaba [] de 4", ids, total, err)
		}
		all, err := sqldb.QueryAll(ctx, db.Conn(), scan, `SELECT id FROM t WHERE id > ? ORDER BY id`, 9)
		if err != nil || all == nil || len(all) != 0 {
			t.Fatalf("sin filas: %#v (%v), se esperaba un slice vacío", all, err)
		}
		ids, err = sqldb.QueryIDs(ctx, db.Conn(), `SELECT id FROM t WHERE id >= ? ORDER BY id`, 4)
		if err != nil || !slices.Equal(ids, []int64{4, 5}) {
			t.Fatalf("QueryIDs: %v (%v), se esperaban [4 5]", ids, err)
		}
		if ids, err = sqldb.QueryIDs(ctx, db.Conn(), `SELECT id FROM t WHERE id > ?`, 9); err != nil || ids == nil || len(ids) != 0 {
			t.Fatalf("QueryIDs sin filas: %#v (%v), se esperaba un slice vacío", ids, err)
		}
		var nombre string
		missing, err := sqldb.NoRows(db.Conn().QueryRow(ctx, `SELECT nombre FROM t WHERE id = ?`, 99).Scan(&nombre))
		if !missing || err != nil {
			t.Fatalf("NoRows de una fila que no existe: %v, %v", missing, err)
		}
	})
}

// TestDialectClauses: the SQL the engines differ in.
func TestDialectClauses(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, _ *record) {
		ctx := context.Background()
		d := db.Dialect()
		for i, nombre := range []string{"Gómez", "PEREZ", "diaz"} {
			if _, err := db.Conn().Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, i+1, nombre); err != nil {
				t.Fatal(err)
			}
		}
		ids := func(q string, args ...any) []int64 {
			t.Helper()
			out, err := sqldb.QueryAll(ctx, db.Conn(), func(sc sqldb.Scanner) (id int64, err error) { return id, sc.Scan(&id) },
				`SELECT id FROM t WHERE `+q+` ORDER BY id`+d.ForUpdate(), d.PlannedEachRun(args)...)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		if got := ids(d.Contains("nombre"), "%ez%"); !slices.Equal(got, []int64{1, 2}) {
			t.Errorf("Contains %%ez%%: %v, se esperaban [1 2] (PEREZ sin importar mayúsculas)", got)
		}
		cond, arg := d.InIDs("id", []int64{1, 3, 7})
		if got := ids(cond, arg); !slices.Equal(got, []int64{1, 3}) {
			t.Errorf("InIDs [1 3 7]: %v, se esperaban [1 3]", got)
		}
		cond, arg = d.InIDs("id", nil)
		if got := ids(cond, arg); len(got) != 0 {
			t.Errorf("InIDs de ninguno: %v", got)
		}
		if sqldb.Placeholders(3) != "?, ?, ?" || sqldb.Placeholders(0) != "" {
			t.Errorf("Placeholders(3) = %q", sqldb.Placeholders(3))
		}
	})
}
