package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"go.mau.fi/whatsmeow/proto/waAdv"
	"go.mau.fi/whatsmeow/store/sqlstore"
	"go.mau.fi/whatsmeow/types"

	"muelle/internal/secretbox"
	"muelle/internal/store/storetest"
	"muelle/internal/whatsapp"
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

// `muelle secret rotate` re-seals the WhatsApp devices too, on both engines:
// a device whatsmeow stored before the sealing is sealed, then rotated, and
// only the new key opens it.
func TestRotateReSealsTheWhatsAppDevices(t *testing.T) {
	urls := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), "muelle.db")}
	if storetest.PostgresURL() != "" {
		urls["postgres"] = storetest.PostgresSchema(t)
	}
	for motor, url := range urls {
		t.Run(motor, func(t *testing.T) {
			ctx := context.Background()
			vieja, nueva := secretbox.NewKey(), secretbox.NewKey()
			t.Setenv("MUELLE_SECRET_KEY", secretbox.EncodeKey(vieja))
			adv := dispositivoEnClaro(t, url)
			if err := rotateSecret([]string{"--db", url, "--new-key", secretbox.EncodeKey(nueva)}); err != nil {
				t.Fatal(err)
			}
			t.Setenv("MUELLE_SECRET_KEY", secretbox.EncodeKey(nueva))
			st, err := openDB(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var guardada []byte
			if err := st.DB().QueryRow(`SELECT adv_key FROM whatsmeow_device`).Scan(&guardada); err != nil ||
				bytes.Contains(guardada, adv) {
				t.Fatalf("adv_key sin cifrar: %v", err)
			}
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			viejaBox, _ := secretbox.New(vieja)
			if _, err := whatsapp.AbrirDispositivos(ctx, st, viejaBox, log); !errors.Is(err, secretbox.ErrOpen) {
				t.Fatalf("la clave vieja abrió los dispositivos: %v", err)
			}
			if _, err := whatsapp.AbrirDispositivos(ctx, st, st.SecretBox(), log); err != nil {
				t.Fatalf("la clave nueva no abre los dispositivos: %v", err)
			}
		})
	}
}

// dispositivoEnClaro stores a linked device with whatsmeow's own store, in
// plain form, and answers its adv_key.
func dispositivoEnClaro(t *testing.T, url string) []byte {
	t.Helper()
	ctx := context.Background()
	st, err := openDB(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db, dialecto := st.BaseExterna()
	claro := sqlstore.NewWithDB(db, dialecto, nil)
	if err := claro.Upgrade(ctx); err != nil {
		t.Fatal(err)
	}
	dev := claro.NewDevice()
	jid := types.NewADJID("5491155550000", 0, 7)
	dev.ID = &jid
	dev.Account = &waAdv.ADVSignedDeviceIdentity{Details: []byte{1}, AccountSignature: make([]byte, 64),
		AccountSignatureKey: make([]byte, 32), DeviceSignature: make([]byte, 64)}
	if err := dev.Save(ctx); err != nil {
		t.Fatal(err)
	}
	return dev.AdvSecretKey
}
