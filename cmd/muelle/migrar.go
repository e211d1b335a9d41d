package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"

	"muelle/internal/secretbox"
	"muelle/internal/store"
	"muelle/internal/whatsapp"
)

const migrarUsage = "uso: muelle migrar --desde sqlite:RUTA --hacia postgres://USUARIO@SERVIDOR/BASE"

// migrarCmd is `muelle migrar`: the whole installation copied from its SQLite
// database into an empty PostgreSQL one (store.CopiarInstalacion).
func migrarCmd(args []string) error {
	flags := flag.NewFlagSet("migrar", flag.ContinueOnError)
	desde := flags.String("desde", "", "la base SQLite de la instalación (sqlite:RUTA)")
	hacia := flags.String("hacia", "", "la base PostgreSQL vacía (postgres://…)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return migrar(ctx, os.Stdout, *desde, *hacia)
}

// migrar opens both databases as a server starting on them would (the source
// migrated to this version, the target migrated to it and given whatsmeow's
// tables, with the source's installation key), copies, and prints the
// verification and what the operator must configure next.
func migrar(ctx context.Context, out io.Writer, desde, hacia string) error {
	ruta, ok := store.SQLitePath(desde)
	if !ok || ruta == "" || !(strings.HasPrefix(hacia, "postgres://") || strings.HasPrefix(hacia, "postgresql://")) {
		return errors.New(migrarUsage)
	}
	if _, err := os.Stat(ruta); err != nil {
		return fmt.Errorf("no se encontró la base SQLite %s", ruta)
	}
	key, err := claveDeOrigen(desde, ruta)
	if err != nil {
		return err
	}
	origen, err := abrirParaMigrar(ctx, desde, key, nil)
	if err != nil {
		return fmt.Errorf("no se pudo abrir la base SQLite %s: %w", ruta, err)
	}
	defer origen.Close()
	destino, err := abrirParaMigrar(ctx, hacia, key, func(ctx context.Context, st *store.Store) error {
		return st.ComprobarBaseDeMuelle(ctx)
	})
	if err != nil {
		return fmt.Errorf("no se pudo preparar la base PostgreSQL: %w", err)
	}
	defer destino.Close()
	inf, err := store.CopiarInstalacion(ctx, origen, destino, whatsapp.ComprobarClave)
	if err != nil {
		return fmt.Errorf("la migración se detuvo y no copió nada en PostgreSQL: %w", err)
	}
	imprimirInforme(out, ruta, destino.Destino(), inf)
	if key.file != "" {
		fmt.Fprintf(out, "\nAntes de iniciar Muelle sobre PostgreSQL, configure MUELLE_SECRET_KEY con el contenido de %s\n"+
			"(por ejemplo MUELLE_SECRET_KEY=\"$(cat %s)\"): los secretos copiados solo se abren con esa clave.\n",
			key.file, key.file)
	} else {
		fmt.Fprintln(out, "\nMUELLE_SECRET_KEY es la clave de instalación de la base SQLite: inicie Muelle sobre PostgreSQL con ella.")
	}
	return nil
}

// claveDeOrigen is the SQLite installation's key as its server reads it
// (MUELLE_SECRET_KEY, else the key file RUTA.key). With both, they must be the
// same key: the copied secrets open only with the key that sealed them, and
// on PostgreSQL the server reads only MUELLE_SECRET_KEY.
func claveDeOrigen(url, ruta string) (installationKey, error) {
	key, err := loadInstallationKey(url)
	if err != nil || key.file != "" {
		return key, err
	}
	archivo := keyFileFor(ruta)
	deArchivo, err := secretbox.ReadKeyFile(archivo)
	if errors.Is(err, fs.ErrNotExist) {
		return key, nil
	}
	if err != nil {
		return key, err
	}
	if !bytes.Equal(deArchivo, key.key) {
		return key, fmt.Errorf("MUELLE_SECRET_KEY no es la clave de instalación de la base SQLite: configure "+
			"MUELLE_SECRET_KEY con el contenido de %s (los secretos copiados solo se abren con esa clave)", archivo)
	}
	return key, nil
}

// abrirParaMigrar opens a database as a server starting on it would, with
// whatsmeow's tables: both databases of the copy have the same tables.
func abrirParaMigrar(ctx context.Context, url string, key installationKey,
	check func(context.Context, *store.Store) error) (*store.Store, error) {
	st, err := openDBSealedWith(ctx, url, key, check)
	if err != nil {
		return nil, err
	}
	if _, err := whatsapp.AbrirDispositivos(ctx, st, st.SecretBox(), slog.Default()); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// imprimirInforme prints each table's rows and amounts on both sides.
func imprimirInforme(out io.Writer, ruta string, d store.Destino, inf store.InformeCopia) {
	fmt.Fprintf(out, "Instalación copiada de %s a PostgreSQL (%s:%s/%s), esquema en la versión %d.\n\n",
		ruta, d.Host, d.Puerto, d.Nombre, inf.Version)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "Tabla\tFilas SQLite\tFilas PostgreSQL\tSumas (SQLite = PostgreSQL)")
	var filas int64
	for _, t := range inf.Tablas {
		nombre := t.Nombre
		if t.Derivada {
			nombre += " (índice)"
		}
		var sumas []string
		for i, col := range t.Sumadas {
			sumas = append(sumas, fmt.Sprintf("%s %d = %d", col, t.Origen.Sumas[i], t.Destino.Sumas[i]))
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\n", nombre, t.Origen.Filas, t.Destino.Filas, strings.Join(sumas, ", "))
		filas += t.Destino.Filas
	}
	w.Flush()
	fmt.Fprintf(out, "\nVerificado: %d tablas, %d filas, las mismas sumas de importes y puntos en las dos bases; "+
		"%d secretos se abren con la clave de instalación.\n", len(inf.Tablas), filas, inf.Secretos)
}
