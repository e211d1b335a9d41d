package storetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// plantillaSQLite is a SQLite database migrated once per test binary, kept in
// memory: every test's database starts as a copy of it.
var plantillaSQLite struct {
	once sync.Once
	db   []byte // the database file, checkpointed
	err  error
}

// dirTemporal is where the test databases live: /dev/shm when it exists (memory,
// so SQLite's fsyncs cost nothing), else the system's temporary directory.
var dirTemporal = sync.OnceValue(func() string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if f, err := os.CreateTemp("/dev/shm", "muelle-prueba-"); err == nil {
			f.Close()
			os.Remove(f.Name())
			return "/dev/shm"
		}
	}
	return os.TempDir()
})

// copiaSQLite writes a copy of the migrated database into a directory of the
// test's own (removed when the test ends) and returns its path.
func copiaSQLite(t testing.TB) (string, error) {
	p := &plantillaSQLite
	p.once.Do(func() { p.db, p.err = migrarPlantillaSQLite() })
	if p.err != nil {
		return "", p.err
	}
	dir, err := os.MkdirTemp(dirTemporal(), "muelle-test-")
	if err != nil {
		return "", err
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	path := filepath.Join(dir, "muelle.db")
	return path, os.WriteFile(path, p.db, 0o600)
}

// migrarPlantillaSQLite migrates a database in a directory of its own, closes
// it (which checkpoints the WAL into the file) and answers the file's bytes.
func migrarPlantillaSQLite() ([]byte, error) {
	dir, err := os.MkdirTemp(dirTemporal(), "muelle-plantilla-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	box, err := secretbox.New(secretbox.NewKey())
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "muelle.db")
	st, err := store.Open("sqlite:"+path, store.WithSecretBox(box))
	if err != nil {
		return nil, err
	}
	if err := st.Migrate(context.Background()); err != nil {
		st.Close()
		return nil, err
	}
	if err := st.Close(); err != nil {
		return nil, err
	}
	// The last connection's close folds the WAL into the file and removes it.
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("storetest: la base plantilla quedó con WAL (%d bytes)", fi.Size())
	}
	return os.ReadFile(path)
}
