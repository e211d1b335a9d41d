package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"muelle/internal/store"
)

// Backups of an SQLite installation: muelle backup, muelle restore and the
// schedule of muelle serve (MUELLE_BACKUP_*). The copying is the store's
// (store/respaldo.go); here are the flags, the installation key's notices
// and the settings.

const (
	backupUsage  = "uso: muelle backup --destino CARPETA [--db URL] [--conservar N]"
	restoreUsage = "uso: muelle restore --desde ARCHIVO --db URL [--reemplazar]"
)

// backupCmd copies the database into --destino and tells where the
// installation key is: never in the copy.
func backupCmd(args []string, out io.Writer) error {
	fs, dbURL := dbFlag("backup", args)
	destino := fs.String("destino", "", "carpeta de las copias")
	conservar := fs.Int("conservar", store.ConservarRespaldos, "cuántas copias de Muelle conserva la carpeta")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *destino == "" {
		return errors.New(backupUsage)
	}
	path, err := baseParaRespaldar(*dbURL, *destino)
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("no existe la base de datos %s", path)
	}
	st, err := store.Open(*dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	r, err := st.Respaldar(ctx, *destino, *conservar)
	if aerr := st.AnotarRespaldo(ctx, r, err); aerr != nil {
		fmt.Fprintf(out, "Aviso: la base no registró esta copia (%v).\n", aerr)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Copia de seguridad hecha y comprobada: %s\nFilas: %s.\n", r.Archivo, store.FilasEnTexto(r.Tablas))
	for _, b := range r.Borrados {
		fmt.Fprintf(out, "Copia vieja borrada (se conservan %d): %s\n", *conservar, b)
	}
	fmt.Fprintln(out, avisoClave(path))
	return nil
}

// baseParaRespaldar is the SQLite file of dbURL, once it is sure that the
// backups of destino do not sit beside the database and its key file.
func baseParaRespaldar(dbURL, destino string) (string, error) {
	path, ok := store.SQLitePath(dbURL)
	if !ok {
		return "", errors.New(store.MsgRespaldoPostgres)
	}
	a, errA := os.Stat(destino)
	b, errB := os.Stat(filepath.Dir(path))
	if errA == nil && errB == nil && os.SameFile(a, b) {
		return "", fmt.Errorf("las copias no pueden ir en la carpeta de la base de datos (%s): quedarían junto a "+
			"la clave de instalación y en el mismo disco. Elija otra carpeta, mejor en otro disco", destino)
	}
	return path, nil
}

// avisoClave says that the installation key is not in the backup, where it
// is, and that it must be kept apart.
func avisoClave(dbPath string) string {
	donde := "en el archivo " + keyFileFor(dbPath)
	if os.Getenv("MUELLE_SECRET_KEY") != "" {
		donde = "en la variable MUELLE_SECRET_KEY"
	}
	return "La clave de instalación NO se copió: está " + donde + ". Guárdela aparte de las copias (otro disco, " +
		"un gestor de contraseñas): sin ella no se abren los secretos de una copia restaurada (correo, WhatsApp, " +
		"firmas de los pasajes), y quien tenga la copia y la clave juntas puede abrirlos."
}

// restoreCmd puts a backup in place of the database and tells what to do
// before starting Muelle on it.
func restoreCmd(args []string, out io.Writer) error {
	fs, dbURL := dbFlag("restore", args)
	desde := fs.String("desde", "", "archivo de la copia")
	reemplazar := fs.Bool("reemplazar", false, "reemplazar una base que ya tiene datos")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *desde == "" {
		return errors.New(restoreUsage)
	}
	path, ok := store.SQLitePath(*dbURL)
	if !ok {
		return errors.New(store.MsgRestaurarPostgres)
	}
	r, err := store.Restaurar(context.Background(), *desde, path, *reemplazar)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Copia restaurada en %s (esquema %d).\nFilas: %s.\n%s\nDespués inicie Muelle: muelle serve --db %s\n",
		path, r.Version, store.FilasEnTexto(r.Tablas), pasoClave(path), *dbURL)
	return nil
}

// pasoClave is what to do with the installation key before starting Muelle
// on a restored database.
func pasoClave(dbPath string) string {
	const sinClave = " sin la clave de la instalación copiada Muelle no abre los secretos guardados."
	if os.Getenv("MUELLE_SECRET_KEY") != "" {
		return "Antes de iniciar, MUELLE_SECRET_KEY debe tener la clave de la instalación copiada:" + sinClave
	}
	file := keyFileFor(dbPath)
	if _, err := os.Stat(file); err == nil {
		return "Muelle usará la clave de " + file + ": debe ser la de la instalación copiada (si no, reemplácela " +
			"antes de iniciar);" + sinClave
	}
	return "Antes de iniciar, copie la clave de la instalación copiada a " + file + " (permisos 0600) o defínala " +
		"en MUELLE_SECRET_KEY:" + sinClave
}

// Settings of the schedule of backups of muelle serve.
const (
	cadaRespaldoPorDefecto = 24 * time.Hour
	cadaRespaldoMinima     = time.Hour
)

// planRespaldo reads the schedule of muelle serve's backups:
// MUELLE_BACKUP_DIR (unset: no schedule), MUELLE_BACKUP_CADA (24h, at least
// 1h) and MUELLE_BACKUP_CONSERVAR (14). A setting that cannot work stops
// the server from starting.
func planRespaldo(dbURL string) (plan store.PlanRespaldo, ok bool, err error) {
	plan.Dir = os.Getenv("MUELLE_BACKUP_DIR")
	cada := os.Getenv("MUELLE_BACKUP_CADA")
	if plan.Dir == "" {
		if cada != "" {
			return plan, false, errors.New("MUELLE_BACKUP_CADA necesita MUELLE_BACKUP_DIR, la carpeta de las copias")
		}
		return plan, false, nil
	}
	if plan.Cada, err = cadaRespaldo(cada); err != nil {
		return plan, false, err
	}
	if plan.Conservar, err = envInt("MUELLE_BACKUP_CONSERVAR", store.ConservarRespaldos); err != nil {
		return plan, false, err
	}
	if err := os.MkdirAll(plan.Dir, 0o700); err != nil {
		return plan, false, fmt.Errorf("MUELLE_BACKUP_DIR: %w", err)
	}
	if _, err := baseParaRespaldar(dbURL, plan.Dir); err != nil {
		return plan, false, fmt.Errorf("MUELLE_BACKUP_DIR: %w", err)
	}
	return plan, true, nil
}

// cadaRespaldo reads MUELLE_BACKUP_CADA: a Go duration of at least an hour.
func cadaRespaldo(v string) (time.Duration, error) {
	if v == "" {
		return cadaRespaldoPorDefecto, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("MUELLE_BACKUP_CADA debe ser una duración como 24h o 12h, no %q", v)
	}
	if d < cadaRespaldoMinima {
		return 0, fmt.Errorf("MUELLE_BACKUP_CADA debe ser de al menos 1h, no %q", v)
	}
	return d, nil
}
