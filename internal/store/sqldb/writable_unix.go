//go:build unix

package sqldb

import (
	"errors"
	"io/fs"
	"syscall"
)

// writable checks, without opening them, that the SQLite database at path
// and its WAL files may be written (files that do not exist yet will be
// created). Opening and closing a descriptor here would drop the process's
// SQLite locks on the file.
func writable(path string) error {
	const wOK = 2
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		if err := syscall.Access(name, wOK); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
