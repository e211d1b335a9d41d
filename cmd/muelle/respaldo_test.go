package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/store"
)

// A demo installation is backed up with muelle backup, restored with muelle
// restore into another folder and started there with its key: its migrations
// are done, and a demo user logs in. The key never goes into the backups'
// folder, and the command says where it is.
func TestBackupAndRestoreCommandsBringAnInstallationBack(t *testing.T) {
	t.Setenv("MUELLE_SECRET_KEY", "")
	t.Setenv("MUELLE_BCRYPT_COST", "4")
	ctx := context.Background()
	base := filepath.Join(t.TempDir(), "datos", "muelle.db")
	st, err := openDB(ctx, "sqlite:"+base)
	if err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(ctx, st, hasher()); err != nil {
		t.Fatal(err)
	}
	pasajes := contar(t, st, `SELECT COUNT(*) FROM pasajes`)
	st.Close()

	copias := filepath.Join(t.TempDir(), "copias")
	var out bytes.Buffer
	if err := backupCmd([]string{"--destino", copias, "--db", "sqlite:" + base}, &out); err != nil {
		t.Fatal(err)
	}
	entradas, err := os.ReadDir(copias)
	if err != nil || len(entradas) != 1 || !strings.HasPrefix(entradas[0].Name(), "muelle-") {
		t.Fatalf("la carpeta de copias tiene %v (%v)", entradas, err)
	}
	copia := filepath.Join(copias, entradas[0].Name())
	for _, want := range []string{"Copia de seguridad hecha y comprobada: " + copia,
		"pasajes " + strconv.FormatInt(pasajes, 10),
		"La clave de instalación NO se copió: está en el archivo " + base + ".key. Guárdela aparte de las copias"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("la salida no dice %q:\n%s", want, out.String())
		}
	}

	restaurada := filepath.Join(t.TempDir(), "muelle.db")
	out.Reset()
	if err := restoreCmd([]string{"--desde", copia, "--db", "sqlite:" + restaurada}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Copia restaurada en " + restaurada,
		"Antes de iniciar, copie la clave de la instalación copiada a " + restaurada + ".key (permisos 0600)",
		"muelle serve --db sqlite:" + restaurada} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("la salida no dice %q:\n%s", want, out.String())
		}
	}
	clave, err := os.ReadFile(base + ".key")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(restaurada+".key", clave, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err = openDB(ctx, "sqlite:"+restaurada)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if n := contar(t, st, `SELECT COUNT(*) FROM pasajes`); n != pasajes {
		t.Fatalf("la base restaurada tiene %d pasajes, no %d", n, pasajes)
	}
	svc, err := auth.NewService(ctx, st, time.Hour, 4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Login(ctx, demo.Logins()[0].Usuario, demo.Password, "127.0.0.1"); err != nil {
		t.Fatalf("un usuario demo no entra en la base restaurada: %v", err)
	}
}

func contar(t *testing.T, st *store.Store, q string) int64 {
	t.Helper()
	var n int64
	if err := st.DB().QueryRow(q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The backups may not go into the database's own folder, beside its key.
func TestBackupRefusesTheDatabaseFolder(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "muelle.db")
	if err := os.WriteFile(base, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := backupCmd([]string{"--destino", dir + "/.", "--db", "sqlite:" + base}, io.Discard)
	want := "las copias no pueden ir en la carpeta de la base de datos (" + dir + "/.): quedarían junto a la clave " +
		"de instalación y en el mismo disco. Elija otra carpeta, mejor en otro disco"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, se esperaba %q", err, want)
	}
	if entradas, _ := os.ReadDir(dir); len(entradas) != 1 {
		t.Fatalf("la carpeta quedó con %d archivos", len(entradas))
	}
}

// With PostgreSQL the commands do not pretend: they name its tools, and
// touch no database.
func TestBackupAndRestoreOfPostgresNameItsTools(t *testing.T) {
	url := "postgres://muelle:secreta@127.0.0.1:1/muelle"
	dir := filepath.Join(t.TempDir(), "copias")
	err := backupCmd([]string{"--destino", dir, "--db", url}, io.Discard)
	if err == nil || err.Error() != store.MsgRespaldoPostgres || !strings.Contains(err.Error(), "pg_dump -Fc") {
		t.Fatalf("backup: %v", err)
	}
	err = restoreCmd([]string{"--desde", "x.dump", "--db", url}, io.Discard)
	if err == nil || err.Error() != store.MsgRestaurarPostgres || !strings.Contains(err.Error(), "pg_restore") {
		t.Fatalf("restore: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("se creó la carpeta de copias: %v", err)
	}
}

// The schedule's settings: what cannot work stops muelle serve from starting.
func TestServeRefusesBackupSettingsThatCannotWork(t *testing.T) {
	dir := t.TempDir()
	sqlite := "sqlite:" + filepath.Join(dir, "datos", "muelle.db")
	copias := filepath.Join(dir, "copias")
	for _, c := range []struct {
		nombre, carpeta, cada, db, want string
	}{
		{"sin carpeta", "", "24h", sqlite, "MUELLE_BACKUP_CADA necesita MUELLE_BACKUP_DIR, la carpeta de las copias"},
		{"no es una duración", copias, "un día", sqlite,
			`MUELLE_BACKUP_CADA debe ser una duración como 24h o 12h, no "un día"`},
		{"muy seguido", copias, "30m", sqlite, `MUELLE_BACKUP_CADA debe ser de al menos 1h, no "30m"`},
		{"postgres", copias, "24h", "postgres://u@127.0.0.1:1/muelle", "MUELLE_BACKUP_DIR: " + store.MsgRespaldoPostgres},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			t.Setenv("MUELLE_BACKUP_DIR", c.carpeta)
			t.Setenv("MUELLE_BACKUP_CADA", c.cada)
			err := run([]string{"serve", "--addr", "127.0.0.1:0", "--db", c.db}, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err == nil || err.Error() != c.want {
				t.Fatalf("error = %v, se esperaba %q", err, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "datos")); !os.IsNotExist(err) {
				t.Fatalf("serve abrió la base: %v", err)
			}
		})
	}
}

func TestTheBackupScheduleDefaultsToADayAndKeeps14(t *testing.T) {
	copias := filepath.Join(t.TempDir(), "copias")
	t.Setenv("MUELLE_BACKUP_DIR", copias)
	t.Setenv("MUELLE_BACKUP_CADA", "")
	plan, ok, err := planRespaldo("sqlite:" + filepath.Join(t.TempDir(), "muelle.db"))
	if err != nil || !ok || plan != (store.PlanRespaldo{Dir: copias, Cada: 24 * time.Hour, Conservar: 14}) {
		t.Fatalf("plan %+v %v %v", plan, ok, err)
	}
	t.Setenv("MUELLE_BACKUP_CADA", "6h")
	t.Setenv("MUELLE_BACKUP_CONSERVAR", "30")
	if plan, _, _ = planRespaldo("sqlite:muelle.db"); plan.Cada != 6*time.Hour || plan.Conservar != 30 {
		t.Fatalf("plan %+v", plan)
	}
	t.Setenv("MUELLE_BACKUP_DIR", "")
	t.Setenv("MUELLE_BACKUP_CADA", "")
	if _, ok, err := planRespaldo("sqlite:muelle.db"); ok || err != nil {
		t.Fatalf("sin MUELLE_BACKUP_DIR: %v %v", ok, err)
	}
}
