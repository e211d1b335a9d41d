package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"muelle/internal/secretbox"
)

func TestPostgreSQLRefusesToStartWithoutTheSecretKey(t *testing.T) {
	t.Setenv("MUELLE_SECRET_KEY", "")
	_, err := openDB(context.Background(), "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable")
	if !errors.Is(err, errSinClave) {
		t.Fatalf("esperaba %v, obtuve %v", errSinClave, err)
	}
	t.Setenv("MUELLE_SECRET_KEY", "corta")
	if _, err := openDB(context.Background(), "postgres://127.0.0.1:1/x"); err == nil {
		t.Fatal("aceptó una clave inválida")
	}
}

func TestSQLiteCreatesItsKeyFileOnceAndTheVariableWins(t *testing.T) {
	t.Setenv("MUELLE_SECRET_KEY", "")
	db := filepath.Join(t.TempDir(), "datos", "muelle.db")
	k1, err := loadInstallationKey("sqlite:" + db)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(db + ".key")
	if err != nil || st.Mode().Perm() != 0o600 || k1.file != db+".key" {
		t.Fatalf("archivo de clave: %v %v", st, err)
	}
	k2, _ := loadInstallationKey("sqlite:" + db)
	if !bytes.Equal(k1.key, k2.key) {
		t.Fatal("la clave cambió entre dos arranques")
	}
	env := secretbox.NewKey()
	t.Setenv("MUELLE_SECRET_KEY", secretbox.EncodeKey(env))
	k3, _ := loadInstallationKey("sqlite:" + db)
	if !bytes.Equal(k3.key, env) || k3.file != "" {
		t.Fatal("MUELLE_SECRET_KEY no tiene prioridad")
	}
}

func TestRotateReplacesTheKeyFileAndTheDatabaseStillOpens(t *testing.T) {
	t.Setenv("MUELLE_SECRET_KEY", "")
	t.Setenv("MUELLE_BCRYPT_COST", "4")
	url := "sqlite:" + filepath.Join(t.TempDir(), "muelle.db")
	if err := seed([]string{"--demo", "--db", url}); err != nil {
		t.Fatal(err)
	}
	before, _ := loadInstallationKey(url)
	if err := rotateSecret([]string{"--db", url}); err != nil {
		t.Fatal(err)
	}
	after, _ := loadInstallationKey(url)
	if bytes.Equal(before.key, after.key) {
		t.Fatal("el archivo de clave no cambió")
	}
	st, err := openDB(context.Background(), url) // checks every secret opens with the new key
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := os.WriteFile(after.file, []byte(secretbox.EncodeKey(before.key)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := openDB(context.Background(), url); err == nil {
		t.Fatal("arrancó con una clave que no abre los secretos")
	}
}
