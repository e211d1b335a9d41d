package sqldb_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"muelle/internal/store/sqldb"
)

// TestQueuedWritesFailTheirTransaction: what ExecLater and QueryLater queue
// runs in order, before the statements after it, and its failure fails the
// transaction, which leaves nothing; on PostgreSQL a transaction's BEGIN
// rides with its first write, its queued writes with its COMMIT, and one that
// ran nothing sends nothing.
func TestQueuedWritesFailTheirTransaction(t *testing.T) {
	each(t, func(t *testing.T, db *sqldb.DB, _ *record) {
		ctx := context.Background()
		var (
			mu    sync.Mutex
			trips []sqldb.RoundTrip
		)
		db.TraceRoundTrips(func(r sqldb.RoundTrip) {
			if r.Kind == "prepare" {
				return // a statement new to the connection: once per connection
			}
			mu.Lock()
			defer mu.Unlock()
			trips = append(trips, r)
		})
		defer db.TraceRoundTrips(nil)
		count := func(t *testing.T, where string) int {
			t.Helper()
			var n int
			if err := db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM t WHERE `+where).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		var ids []int64
		err := db.InTx(ctx, func(c sqldb.Conn) error {
			if _, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (1, 'uno')`); err != nil {
				return err
			}
			if err := c.ExecLater(ctx, `INSERT INTO t (id, nombre) VALUES (2, 'dos')`); err != nil {
				return err
			}
			var n int // sees the queued write
			if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM t`).Scan(&n); err != nil || n != 2 {
				t.Errorf("la consulta no ve lo encolado: %d, %v", n, err)
			}
			return c.QueryLater(ctx, func(rows sqldb.Rows) error {
				for rows.Next() {
					var id int64
					if err := rows.Scan(&id); err != nil {
						return err
					}
					ids = append(ids, id)
				}
				return rows.Err()
			}, `INSERT INTO t (id, nombre) VALUES (3, 'tres') RETURNING id`)
		})
		if err != nil || len(ids) != 1 || ids[0] != 3 || count(t, `id IN (1, 2, 3)`) != 3 {
			t.Fatalf("transacción: %v, ids %v", err, ids)
		}
		if db.Dialect().Postgres() {
			// BEGIN with the first insert, the queued one before the query and the query, the last with COMMIT
			mu.Lock()
			got := len(trips)
			mu.Unlock()
			if got != 4+1 { // and the count above, outside the transaction
				t.Errorf("%d idas: %+v", got, trips)
			}
		}
		// a queued write that fails (a repeated name) fails the commit: nothing stays
		err = db.InTx(ctx, func(c sqldb.Conn) error {
			if _, err := c.Exec(ctx, `INSERT INTO t (id, nombre) VALUES (4, 'cuatro')`); err != nil {
				return err
			}
			return c.ExecLater(ctx, `INSERT INTO t (id, nombre) VALUES (5, 'uno')`)
		})
		if !sqldb.IsUniqueViolation(err) || count(t, `id IN (4, 5)`) != 0 {
			t.Fatalf("la escritura encolada que falla: %v, %d filas", err, count(t, `id IN (4, 5)`))
		}
		// ... and the query after it, with its own error
		err = db.InTx(ctx, func(c sqldb.Conn) error {
			if err := c.ExecLater(ctx, `INSERT INTO t (id, nombre) VALUES (6, 'uno')`); err != nil {
				return err
			}
			var n int
			return c.QueryRow(ctx, `SELECT COUNT(*) FROM t`).Scan(&n)
		})
		if !sqldb.IsUniqueViolation(err) || count(t, `id = 6`) != 0 {
			t.Fatalf("la consulta tras la escritura encolada que falla: %v", err)
		}
		// a transaction that sends nothing: no round trip
		mu.Lock()
		trips = nil
		mu.Unlock()
		want := errors.New("nada")
		if err := db.InTx(ctx, func(sqldb.Conn) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(sqldb.Conn) error { return want }); !errors.Is(err, want) {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(trips) != 0 {
			t.Fatalf("una transacción vacía hizo %d idas: %+v", len(trips), trips)
		}
	})
}
