package sqldb

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

func (p *stmtCache) has(q string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.m[q]
	return ok
}

// TestSQLiteKeepsStatementsPrepared: a plain statement is prepared on its
// pool at its first run; one first run inside a transaction is prepared once
// the transaction is over (the writer connection is the transaction's
// meanwhile), and runs prepared from then on.
func TestSQLiteKeepsStatementsPrepared(t *testing.T) {
	db, err := Open("sqlite:"+filepath.Join(t.TempDir(), "t.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Writer().Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	const read, write = `SELECT COUNT(*) FROM t`, `INSERT INTO t (id) VALUES (?)`
	var n int
	if err := db.Conn().QueryRow(ctx, read).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if !db.readerStmts.has(read) || db.writerStmts.has(read) {
		t.Fatal("la lectura no quedó preparada en el pool de lectura")
	}
	for id := 1; id <= 2; id++ {
		if err := db.InTx(ctx, func(c Conn) error {
			_, err := c.Exec(ctx, write, id)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	// the group prepares what its transactions asked for right after the commit
	deadline := time.Now().Add(5 * time.Second)
	for !db.writerStmts.has(write) {
		if time.Now().After(deadline) {
			t.Fatal("la escritura de la transacción no quedó preparada después de ella")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
