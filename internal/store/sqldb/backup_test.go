package sqldb_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"muelle/internal/store/sqldb"
)

// The copy is the snapshot inSnapshot read: a write committed after that
// read (and before the pages are copied) is not in it, and the copy is one
// file of its own, sound, out of WAL mode.
func TestBackupToCopiesTheSnapshotItsCallbackRead(t *testing.T) {
	ctx := context.Background()
	db := open(t, "sqlite:"+filepath.Join(t.TempDir(), "t.db"), &record{})
	if _, err := db.Writer().Exec(`INSERT INTO t (id, nombre) VALUES (1, 'uno'), (2, 'dos')`); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "copia.db")
	var leidas int
	err := db.BackupTo(ctx, dst, func(ctx context.Context, q sqldb.Querier) error {
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM t`).Scan(&leidas); err != nil {
			return err
		}
		_, err := db.Writer().ExecContext(ctx, `INSERT INTO t (id, nombre) VALUES (3, 'tres')`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dst + "-wal"); !os.IsNotExist(err) {
		t.Fatalf("la copia dejó un WAL: %v", err)
	}
	copia, err := sqldb.OpenFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer copia.Close()
	var enCopia int
	var modo string
	if err := copia.QueryRow(`SELECT COUNT(*) FROM t`).Scan(&enCopia); err != nil {
		t.Fatal(err)
	}
	if err := copia.QueryRow(`PRAGMA journal_mode`).Scan(&modo); err != nil {
		t.Fatal(err)
	}
	if leidas != 2 || enCopia != 2 || count(t, db) != 3 || modo != "delete" {
		t.Fatalf("leídas %d, en la copia %d, en la base %d, modo %s", leidas, enCopia, count(t, db), modo)
	}
	if err := sqldb.CheckIntegrity(ctx, copia); err != nil {
		t.Fatal(err)
	}
}

// A file is settled only while no other connection has it open.
func TestSettleRefusesAFileInUse(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db := open(t, "sqlite:"+path, &record{})
	f, err := sqldb.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := sqldb.Settle(ctx, f); !errors.Is(err, sqldb.ErrInUse) {
		t.Fatalf("con la base abierta: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := sqldb.Settle(ctx, f); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path + "-wal", path + "-shm"} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Fatalf("%s sigue ahí: %v", filepath.Base(p), err)
		}
	}
	if _, err := sqldb.OpenFile(filepath.Join(t.TempDir(), "no-existe.db")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("OpenFile de un archivo que no existe: %v", err)
	}
}

// CheckIntegrity refuses a database with a damaged page.
func TestCheckIntegrityRefusesADamagedFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db := open(t, "sqlite:"+path, &record{})
	if _, err := db.Writer().Exec(`CREATE INDEX t_nombre ON t (nombre)`); err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if _, err := db.Writer().Exec(`INSERT INTO t (id, nombre) VALUES (?, ?)`, i, strings.Repeat("x", 50)+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	comprobar := func() error {
		f, err := sqldb.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return sqldb.CheckIntegrity(ctx, f)
	}
	if err := comprobar(); err != nil {
		t.Fatalf("la base sana: %v", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 2*4096 + 100; i < 3*4096; i++ { // the third page, past its header
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := comprobar(); err == nil {
		t.Fatal("la base dañada pasó la comprobación")
	}
}
