package sqldb_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// calls records the callbacks that ran.
type calls struct {
	mu  sync.Mutex
	ran []string
}

func (c *calls) add(s string) func() {
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.ran = append(c.ran, s)
	}
}

func (c *calls) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.ran)
}

// TestAfterCommitRunsOnlyOnceCommitted: the callbacks of a committed
// transaction run in order, after its commit and its events, before InTx
// returns; a rolled-back transaction runs none.
func TestAfterCommitRunsOnlyOnceCommitted(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, r *record) {
		ctx := context.Background()
		var cs calls
		write := func(id int, fail error) error {
			return db.InTx(ctx, func(c sqldb.Conn) error {
				c.AfterCommit(cs.add(fmt.Sprint("primero ", id)))
				c.Emit(events.Event{Nombre: fmt.Sprint("evento ", id)})
				if _, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, id, fmt.Sprint("n", id)); err != nil {
					return err
				}
				c.AfterCommit(func() {
					// what the callback sees is committed, its events handed on
					var n int
					if err := db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM t WHERE id = ?`, id).Scan(&n); err != nil || n != 1 {
						t.Errorf("la llamada después de confirmar no ve la fila: %d, %v", n, err)
					}
					if !slices.Contains(r.names(), fmt.Sprint("evento ", id)) {
						t.Errorf("la llamada corrió antes de publicar el evento %d", id)
					}
					cs.add(fmt.Sprint("segundo ", id))()
				})
				return fail
			})
		}
		if err := write(1, errBusiness); !errors.Is(err, errBusiness) {
			t.Fatal(err)
		}
		if got := cs.list(); len(got) != 0 {
			t.Fatalf("la transacción deshecha corrió %v", got)
		}
		if err := write(2, nil); err != nil {
			t.Fatal(err)
		}
		if got := cs.list(); !slices.Equal(got, []string{"primero 2", "segundo 2"}) {
			t.Fatalf("la transacción confirmada corrió %v, se esperaba [primero 2 segundo 2]", got)
		}
	})
}

// TestAfterCommitOfGroupedTransactions: of transactions that run at once
// (on SQLite, in one group commit, each in its savepoint) only those that
// committed run their callbacks, each once.
func TestAfterCommitOfGroupedTransactions(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, _ *record) {
		ctx := context.Background()
		var (
			cs   calls
			wg   sync.WaitGroup
			errs = make([]error, 40)
		)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = db.InTx(ctx, func(c sqldb.Conn) error {
					c.AfterCommit(cs.add(fmt.Sprint(i)))
					if _, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (?, ?)`, i+1, fmt.Sprint("n", i)); err != nil {
						return err
					}
					if i%3 == 0 {
						return errBusiness
					}
					return nil
				})
			}()
		}
		wg.Wait()
		var want []string
		for i, err := range errs {
			switch {
			case err == nil:
				want = append(want, fmt.Sprint(i))
			case !errors.Is(err, errBusiness):
				t.Fatalf("transacción %d: %v", i, err)
			}
		}
		got := cs.list()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("corrieron %v, se esperaban las de las confirmadas %v", got, want)
		}
	})
}

// TestAfterCommitNotRunWhenTheCommitFails: a transaction whose commit fails
// (a deferred constraint, checked at COMMIT: on SQLite the whole group's
// commit) runs no callback and hands on no event.
func TestAfterCommitNotRunWhenTheCommitFails(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, r *record) {
		ctx := context.Background()
		ddl := `CREATE TABLE hijo (id INTEGER PRIMARY KEY, padre INTEGER REFERENCES t (id) DEFERRABLE INITIALLY DEFERRED)`
		if _, err := db.Writer().Exec(ddl); err != nil {
			t.Fatal(err)
		}
		var cs calls
		err := db.InTx(ctx, func(c sqldb.Conn) error {
			c.AfterCommit(cs.add("huérfano"))
			c.Emit(events.Event{Nombre: "huérfano"})
			_, err := c.Exec(ctx, `INSERT INTO hijo (id, padre) VALUES (1, 999)`)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "confirmar transacción") {
			t.Fatalf("la transacción con una clave foránea rota respondió %v, se esperaba que fallara al confirmar", err)
		}
		if got := cs.list(); len(got) != 0 || len(r.names()) != 0 {
			t.Fatalf("la confirmación fallida corrió %v y publicó %v", got, r.names())
		}
	})
}

// TestAfterCommitOutsideATransactionPanics: a callback belongs to a transaction.
func TestAfterCommitOutsideATransactionPanics(t *testing.T) {
	db := open(t, "sqlite:"+filepath.Join(t.TempDir(), "t.db"), &record{})
	defer func() {
		if recover() == nil {
			t.Fatal("AfterCommit fuera de una transacción no entró en pánico")
		}
	}()
	db.Conn().AfterCommit(func() {})
}
