package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"muelle/internal/secretbox"
	"muelle/internal/store"
	"muelle/internal/whatsapp"
)

// installationKey is where the installation key of a database lives: the
// MUELLE_SECRET_KEY variable, or for SQLite a key file next to the database
// (created once, permissions 0600). PostgreSQL requires the variable: its
// database is shared by several servers and must not travel with its key.
type installationKey struct {
	key  []byte
	file string // the key file; "" when the key comes from MUELLE_SECRET_KEY
}

// errSinClave explains how to configure PostgreSQL's key.
var errSinClave = errors.New("MUELLE_SECRET_KEY es obligatoria con PostgreSQL: 32 bytes en base64 " +
	"(genere una con `muelle secret generate`)")

func loadInstallationKey(dbURL string) (installationKey, error) {
	if v := os.Getenv("MUELLE_SECRET_KEY"); v != "" {
		k, err := secretbox.ParseKey(v)
		if err != nil {
			return installationKey{}, fmt.Errorf("MUELLE_SECRET_KEY: %w", err)
		}
		return installationKey{key: k}, nil
	}
	path, ok := store.SQLitePath(dbURL)
	if !ok {
		return installationKey{}, errSinClave
	}
	file := keyFileFor(path)
	k, err := secretbox.LoadOrCreateKeyFile(file)
	return installationKey{key: k, file: file}, err
}

// keyFileFor is the key file of a SQLite database: data/muelle.db -> data/muelle.db.key.
func keyFileFor(dbPath string) string { return dbPath + ".key" }

func (k installationKey) box() (*secretbox.Box, error) { return secretbox.New(k.key) }

const secretUsage = `uso: muelle secret generate
     muelle secret rotate [--new-key CLAVE] [--db URL]`

func secretCmd(args []string) error {
	if len(args) == 0 {
		return errors.New(secretUsage)
	}
	switch args[0] {
	case "generate":
		fmt.Println(secretbox.EncodeKey(secretbox.NewKey()))
		return nil
	case "rotate":
		return rotateSecret(args[1:])
	}
	return errors.New(secretUsage)
}

// rotateSecret re-seals every stored secret with a new installation key. With
// a key file, the file gets the new key; with MUELLE_SECRET_KEY, the operator
// sets the printed key before the next start.
func rotateSecret(args []string) error {
	fs, dbURL := dbFlag("secret rotate", args)
	newKey := fs.String("new-key", "", "la nueva clave (base64 de 32 bytes); si falta se genera una")
	if err := fs.Parse(args); err != nil {
		return err
	}
	key := secretbox.NewKey()
	if *newKey != "" {
		var err error
		if key, err = secretbox.ParseKey(*newKey); err != nil {
			return err
		}
	}
	ctx := context.Background()
	st, current, err := openDBWithKey(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := rotate(ctx, st, current, key)
	if err != nil {
		return err
	}
	fmt.Printf("Secretos cifrados con la nueva clave: %d.\n", n)
	if current.file == "" {
		fmt.Printf("Configure MUELLE_SECRET_KEY=%s antes de volver a iniciar Muelle.\n", secretbox.EncodeKey(key))
	}
	return nil
}

// rotate re-seals the secrets (the WhatsApp devices' too: their tables are
// made first when missing) and, with a key file, replaces it: the new key
// is written beside the file first, so it is never lost.
func rotate(ctx context.Context, st *store.Store, current installationKey, key []byte) (int, error) {
	box, err := secretbox.New(key)
	if err != nil {
		return 0, err
	}
	if _, err := whatsapp.AbrirDispositivos(ctx, st, st.SecretBox(), slog.Default()); err != nil {
		return 0, err
	}
	install := func() error { return nil }
	if current.file != "" {
		if install, err = secretbox.StageKeyFile(current.file, key); err != nil {
			return 0, err
		}
	}
	n, err := st.RotarClaveSecreta(ctx, box, whatsapp.Resellar)
	if err != nil {
		return 0, err
	}
	return n, install()
}
