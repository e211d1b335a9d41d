package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"muelle/internal/secretbox"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// `muelle migrar` with the installation key: the SQLite installation's key
// file, MUELLE_SECRET_KEY, and a linked WhatsApp device that must still open
// on the copy (the copy itself: internal/api/migracion_test.go).
func TestMigrarCopiaLaInstalacionConSuClave(t *testing.T) {
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido: la migración necesita PostgreSQL")
	}
	ctx := context.Background()
	t.Setenv("MUELLE_SECRET_KEY", "")
	t.Setenv("MUELLE_BCRYPT_COST", "4")
	ruta := filepath.Join(t.TempDir(), "muelle.db")
	desde, hacia := "sqlite:"+ruta, storetest.PostgresSchema(t)
	if err := seed([]string{"--demo", "--db", desde}); err != nil {
		t.Fatal(err)
	}
	adv := dispositivoEnClaro(t, desde)

	// another key in MUELLE_SECRET_KEY: refused before PostgreSQL is touched
	t.Setenv("MUELLE_SECRET_KEY", secretbox.EncodeKey(secretbox.NewKey()))
	err := migrar(ctx, io.Discard, desde, hacia)
	if err == nil || err.Error() != "MUELLE_SECRET_KEY no es la clave de instalación de la base SQLite: configure "+
		"MUELLE_SECRET_KEY con el contenido de "+ruta+".key (los secretos copiados solo se abren con esa clave)" {
		t.Fatalf("error = %v", err)
	}
	destino, err := store.Open(hacia)
	if err != nil {
		t.Fatal(err)
	}
	defer destino.Close()
	if n := storetest.Int(t, destino, `SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()`); n != 0 {
		t.Fatalf("el rechazo dejó %d tablas en PostgreSQL", n)
	}

	// without it: copied, and the operator is told which key to configure
	t.Setenv("MUELLE_SECRET_KEY", "")
	var out bytes.Buffer
	if err := migrar(ctx, &out, desde, hacia); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"esquema en la versión", "Verificado: ", "cajas ", "monto_apertura ",
		"Antes de iniciar Muelle sobre PostgreSQL, configure MUELLE_SECRET_KEY con el contenido de " + ruta + ".key"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("la salida no dice %q:\n%s", want, out.String())
		}
	}

	// the server starts on the copy with that key, and the device opens
	clave, err := os.ReadFile(ruta + ".key")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("MUELLE_SECRET_KEY", strings.TrimSpace(string(clave)))
	if err := arrancar(ctx, hacia, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatalf("Muelle no arranca sobre la copia: %v", err)
	}
	var guardada []byte
	if err := destino.DB().QueryRow(`SELECT adv_key FROM whatsmeow_device`).Scan(&guardada); err != nil ||
		bytes.Contains(guardada, adv) || !secretbox.IsSealed(string(guardada)) {
		t.Fatalf("el dispositivo no llegó cifrado: %v", err)
	}
	if a, b := filasWhatsmeow(t, desde), filasWhatsmeow(t, hacia); a != b || a != "whatsmeow_device 1" {
		t.Fatalf("tablas de whatsmeow distintas:\nsqlite:   %s\npostgres: %s", a, b)
	}

	// a second run finds the data and says so
	out.Reset()
	err = migrar(ctx, &out, desde, hacia)
	if !errors.Is(err, store.ErrDestinoConDatos) || !strings.HasPrefix(err.Error(),
		"la migración se detuvo y no copió nada en PostgreSQL: la base de PostgreSQL ya tiene datos") || out.Len() != 0 {
		t.Fatalf("segunda migración: %v\n%s", err, out.String())
	}
}

// filasWhatsmeow says how many rows each of whatsmeow's tables holds (its
// version and the empty ones aside).
func filasWhatsmeow(t *testing.T, url string) string {
	t.Helper()
	st, err := openDB(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var lineas []string
	for tabla, n := range storetest.Filas(t, st) {
		if strings.HasPrefix(tabla, "whatsmeow_") && tabla != "whatsmeow_version" && n > 0 {
			lineas = append(lineas, fmt.Sprintf("%s %d", tabla, n))
		}
	}
	slices.Sort(lineas)
	return strings.Join(lineas, "\n")
}

func TestMigrarPideUnaBaseSQLiteQueExista(t *testing.T) {
	ctx := context.Background()
	if err := migrar(ctx, io.Discard, "postgres://a/b", "postgres://c/d"); err == nil || err.Error() != migrarUsage {
		t.Fatalf("error = %v", err)
	}
	ruta := filepath.Join(t.TempDir(), "no-existe.db")
	err := migrar(ctx, io.Discard, "sqlite:"+ruta, "postgres://127.0.0.1:1/muelle")
	if err == nil || err.Error() != "no se encontró la base SQLite "+ruta {
		t.Fatalf("error = %v", err)
	}
	if _, err := os.Stat(ruta); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("la migración creó la base SQLite que no existía")
	}
}
