package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"modernc.org/sqlite"
)

// SQLite files as whole files: the online copy of a live database (BackupTo),
// a file opened on its own (OpenFile), its integrity check (CheckIntegrity)
// and a file put to rest before it is moved (Settle).

// ErrInUse is Settle's answer when another connection has the file open.
var ErrInUse = errors.New("sqldb: la base de datos está abierta por otro proceso")

// backuper is what modernc's connections answer: SQLite's online backup API.
type backuper interface {
	NewBackup(dstURI string) (*sqlite.Backup, error)
}

// BackupTo copies the SQLite database into dst (a new or empty file) with
// SQLite's online backup API while writes go on. The copy is the database as
// one read snapshot holds it: every transaction committed before BackupTo
// began is in it. inSnapshot runs first on that same snapshot (to count what
// the copy must hold). The copy is a file of its own (rollback journal, not
// WAL), synced to disk.
func (db *DB) BackupTo(ctx context.Context, dst string, inSnapshot func(ctx context.Context, q Querier) error) error {
	if db.sqlite == nil {
		return errors.New("sqldb: solo una base SQLite se copia como archivo")
	}
	// A pool of its own: the connection ends its snapshot by closing, and
	// never goes back to a pool of the store with a transaction open.
	pool := sql.OpenDB(db.sqlite)
	defer pool.Close()
	conn, err := pool.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// BEGIN is deferred: the first read takes the snapshot, and the backup
	// reads from the read transaction the connection holds.
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	if err := inSnapshot(ctx, conn); err != nil {
		return err
	}
	if err := conn.Raw(func(dc any) error { return backup(ctx, dc, dst) }); err != nil {
		return err
	}
	return syncFile(dst)
}

// backup copies the database of the driver connection dc into dst in one
// step and leaves dst in rollback-journal mode.
func backup(ctx context.Context, dc any, dst string) error {
	b, ok := dc.(backuper)
	if !ok {
		return fmt.Errorf("sqldb: el driver de SQLite no ofrece copias en línea (%T)", dc)
	}
	bk, err := b.NewBackup(dst)
	if err != nil {
		return err
	}
	if _, err := bk.Step(-1); err != nil {
		return errors.Join(err, bk.Finish())
	}
	out, err := bk.Commit()
	if err != nil {
		return err
	}
	defer out.Close()
	// The pages copied carry the source's WAL mark; a copy is one file.
	ex, ok := out.(driver.ExecerContext)
	if !ok {
		return fmt.Errorf("sqldb: la conexión de la copia no ejecuta sentencias (%T)", out)
	}
	_, err = ex.ExecContext(ctx, "PRAGMA journal_mode=DELETE", nil)
	return err
}

// OpenFile opens an existing SQLite file on one connection, never creating
// it: a copy to check, a database to replace. The caller closes it.
func OpenFile(path string) (*sql.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=rw&_pragma=busy_timeout(1000)")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// CheckIntegrity runs SQLite's integrity_check on q: nil when it answers ok,
// else an error with the first problems it found.
func CheckIntegrity(ctx context.Context, q Querier) error {
	rows, err := q.QueryContext(ctx, "PRAGMA integrity_check(20)")
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		problems = append(problems, line)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) == 1 && problems[0] == "ok" {
		return nil
	}
	return fmt.Errorf("integrity_check: %s", strings.Join(problems, "; "))
}

// Settle folds the WAL of the file db has open into it and takes it out of
// WAL mode, so that the file alone is the database and can be moved or
// replaced. SQLite allows it only when no other connection, of this process
// or another, has the file open: ErrInUse otherwise.
func Settle(ctx context.Context, db *sql.DB) error {
	var mode string
	err := db.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode)
	var sq *sqlite.Error
	if errors.As(err, &sq) && sq.Code()&0xff == 5 { // SQLITE_BUSY
		return ErrInUse
	}
	if err != nil {
		return err
	}
	if mode != "delete" {
		return ErrInUse
	}
	return nil
}

// syncFile flushes a file's contents to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}

// SyncDir flushes a directory's entries to disk: a file renamed or linked
// into it survives a power cut. Windows syncs no directory (nor needs to).
func SyncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	return syncFile(filepath.Clean(dir))
}
