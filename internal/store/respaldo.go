package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// Backups of an SQLite installation (docs/features/respaldos.md): the
// online copy of muelle backup and of muelle serve's schedule (Respaldar,
// RespaldarSiToca), the last one's outcome (respaldo table), and muelle
// restore (Restaurar). PostgreSQL is backed up with its own tools.

// Messages of a PostgreSQL installation: Muelle does not pretend to copy it.
const (
	MsgRespaldoPostgres = "Las copias de seguridad de Muelle son de instalaciones SQLite. Con PostgreSQL use sus " +
		"herramientas: pg_dump para una copia lógica, por ejemplo\n" +
		"  pg_dump -Fc --dbname=\"$MUELLE_DB\" --file=muelle-$(date +%Y-%m-%dT%H%M).dump\n" +
		"o pg_basebackup o pgBackRest para copias físicas continuas."
	MsgRestaurarPostgres = "Muelle restaura solo instalaciones SQLite. Con PostgreSQL restaure la copia de pg_dump -Fc " +
		"con pg_restore en una base vacía, por ejemplo\n" +
		"  pg_restore --no-owner --exit-on-error --dbname=\"$MUELLE_DB\" muelle-2026-12-02T0530.dump\n" +
		"(una copia en SQL plano se carga con psql)."
)

// ConservarRespaldos is how many backups a directory keeps when not told.
const ConservarRespaldos = 14

// Respaldo is a backup made: its file, the rows of the main tables (the same
// in the database's snapshot and in the copy) and the older backups deleted
// past the retention.
type Respaldo struct {
	Archivo  string
	Tablas   []FilasTabla
	Borrados []string
}

// FilasTabla is how many rows a table holds.
type FilasTabla struct {
	Tabla string
	Filas int64
}

// tablasPrincipales are counted in the database and in each copy.
var tablasPrincipales = []string{"empresas", "usuarios", "cajas", "caja_movimientos", "pasajes", "clientes"}

// contarTablas counts the rows of the main tables through q.
func contarTablas(ctx context.Context, q sqldb.Querier) ([]FilasTabla, error) {
	out := make([]FilasTabla, len(tablasPrincipales))
	for i, t := range tablasPrincipales {
		out[i].Tabla = t
		if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t).Scan(&out[i].Filas); err != nil {
			return nil, fmt.Errorf("contar %s: %w", t, err)
		}
	}
	return out, nil
}

// Respaldar copies the SQLite database, online while sales go on, into a new
// file of dir named by the local date and time (muelle-2026-12-02T0530.db;
// Archivo is its absolute path),
// checked before it takes that name: SQLite's integrity check, and the rows
// of the main tables equal to the database's at the copy's snapshot. Then the
// oldest Muelle backups of dir past conservar are deleted; no other file of
// dir is touched. The installation key is never copied.
func (s *Store) Respaldar(ctx context.Context, dir string, conservar int) (Respaldo, error) {
	if s.db.Dialect().Postgres() {
		return Respaldo{}, errors.New(MsgRespaldoPostgres)
	}
	if conservar < 1 {
		return Respaldo{}, fmt.Errorf("hay que conservar al menos una copia (se pidió %d)", conservar)
	}
	dir, err := filepath.Abs(dir)
	if err == nil {
		err = os.MkdirAll(dir, 0o700)
	}
	if err != nil {
		return Respaldo{}, fmt.Errorf("carpeta de las copias: %w", err)
	}
	tmp, err := archivoTemporal(dir, ".muelle-respaldo-*.tmp")
	if err != nil {
		return Respaldo{}, fmt.Errorf("carpeta de las copias: %w", err)
	}
	defer os.Remove(tmp) // gone already once the copy is published
	var r Respaldo
	err = s.db.BackupTo(ctx, tmp, func(ctx context.Context, q sqldb.Querier) (err error) {
		r.Tablas, err = contarTablas(ctx, q)
		return err
	})
	if err != nil {
		return Respaldo{}, fmt.Errorf("copiar la base: %w", err)
	}
	if err := verificarCopia(ctx, tmp, r.Tablas); err != nil {
		return Respaldo{}, err
	}
	if r.Archivo, err = publicar(tmp, dir, s.Now().Local()); err != nil {
		return Respaldo{}, fmt.Errorf("nombrar la copia: %w", err)
	}
	r.Borrados, err = podarRespaldos(dir, conservar, filepath.Base(r.Archivo))
	return r, err
}

// archivoTemporal creates an empty file of its own in dir (permissions 0600:
// a copy holds the installation's data) and answers its path.
func archivoTemporal(dir, patron string) (string, error) {
	f, err := os.CreateTemp(dir, patron)
	if err != nil {
		return "", err
	}
	return f.Name(), f.Close()
}

// verificarCopia checks a copy: SQLite's integrity check, and its main
// tables holding the rows counted in the database's snapshot.
func verificarCopia(ctx context.Context, path string, esperadas []FilasTabla) error {
	db, err := sqldb.OpenFile(path)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := sqldb.CheckIntegrity(ctx, db); err != nil {
		return fmt.Errorf("la copia no pasó la comprobación de integridad: %w", err)
	}
	copiadas, err := contarTablas(ctx, db)
	if err != nil {
		return fmt.Errorf("leer la copia: %w", err)
	}
	for i, e := range esperadas {
		if copiadas[i] != e {
			return fmt.Errorf("la copia no coincide con la base: %s tiene %d filas en la base y %d en la copia",
				e.Tabla, e.Filas, copiadas[i].Filas)
		}
	}
	return nil
}

// Names of the backups: the local date and time to the minute, and a
// number from the second backup of a minute on (_02 … _99), so that the
// names sort as the backups were taken.
const (
	formatoRespaldo = "2006-01-02T1504"
	maxPorMinuto    = 99
)

// esRespaldo matches the names of Muelle's backups, the only files that
// podarRespaldos deletes.
var esRespaldo = regexp.MustCompile(`^muelle-\d{4}-\d{2}-\d{2}T\d{4}(_\d{2})?\.db$`)

// nombreRespaldo is the n-th backup's name of the minute of hora.
func nombreRespaldo(hora time.Time, n int) string {
	nombre := "muelle-" + hora.Format(formatoRespaldo)
	if n > 1 {
		nombre += fmt.Sprintf("_%02d", n)
	}
	return nombre + ".db"
}

// publicar gives the finished copy tmp the first free name of hora's minute
// and answers its path. A hard link claims a name atomically, so two backups
// of one minute never take the same; where the file system has no hard links,
// a rename to a name seen free.
func publicar(tmp, dir string, hora time.Time) (string, error) {
	for n := 1; n <= maxPorMinuto; n++ {
		final := filepath.Join(dir, nombreRespaldo(hora, n))
		err := os.Link(tmp, final)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			if _, serr := os.Lstat(final); !errors.Is(serr, fs.ErrNotExist) {
				continue
			}
			if err := os.Rename(tmp, final); err != nil {
				return "", err
			}
		}
		return final, sqldb.SyncDir(dir)
	}
	return "", fmt.Errorf("ya hay %d copias del minuto %s", maxPorMinuto, hora.Format(formatoRespaldo))
}

// podarRespaldos deletes the oldest Muelle backups of dir so that conservar
// remain, nuevo (the one just made) always among them, and answers the
// names deleted. Other files are never touched.
func podarRespaldos(dir string, conservar int, nuevo string) ([]string, error) {
	entradas, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("leer la carpeta de las copias: %w", err)
	}
	var otros []string
	for _, e := range entradas {
		if e.Type().IsRegular() && esRespaldo.MatchString(e.Name()) && e.Name() != nuevo {
			otros = append(otros, e.Name())
		}
	}
	slices.Sort(otros)
	sobran := otros[:max(0, len(otros)-(conservar-1))]
	for i, nombre := range sobran {
		if err := os.Remove(filepath.Join(dir, nombre)); err != nil {
			return sobran[:i], fmt.Errorf("borrar la copia vieja %s: %w", nombre, err)
		}
	}
	return sobran, nil
}

// The last backup, for the system configuration.

// EstadoRespaldo is the installation's last backup that worked (Ultimo nil:
// none yet) and why the last attempt failed ("" when it worked).
type EstadoRespaldo struct {
	Ultimo  *time.Time
	Archivo string
	Error   string
}

// UltimoRespaldo reads the installation's backups' state.
func (s *Store) UltimoRespaldo(ctx context.Context) (EstadoRespaldo, error) {
	var (
		e      EstadoRespaldo
		ultimo sql.NullTime
	)
	err := s.db.Conn().QueryRow(ctx, `SELECT ultimo, archivo, error FROM respaldo WHERE id = 1`).
		Scan(&ultimo, &e.Archivo, &e.Error)
	if _, err := sqldb.NoRows(err); err != nil {
		return EstadoRespaldo{}, wrap("leer la última copia de seguridad", err)
	}
	if ultimo.Valid {
		t := ultimo.Time.UTC()
		e.Ultimo = &t
	}
	return e, nil
}

// AnotarRespaldo records the outcome of a backup made outside the schedule
// (muelle backup): the backup r, or the failure err.
func (s *Store) AnotarRespaldo(ctx context.Context, r Respaldo, err error) error {
	c := s.db.WriterConn()
	if err := filaRespaldo(ctx, c); err != nil {
		return wrap("anotar la copia de seguridad", err)
	}
	set, args := resultadoRespaldo(c.Now(), r, err)
	_, err = c.Exec(ctx, `UPDATE respaldo SET `+set+` WHERE id = 1`, args...)
	return wrap("anotar la copia de seguridad", err)
}

// filaRespaldo makes the one row of respaldo when it is missing.
func filaRespaldo(ctx context.Context, c sqldb.Conn) error {
	_, err := c.Exec(ctx, `INSERT INTO respaldo (id) VALUES (1) ON CONFLICT (id) DO NOTHING`)
	return err
}

// resultadoRespaldo is the SET clause, and its arguments, that records a
// backup made at ahora or its failure.
func resultadoRespaldo(ahora time.Time, r Respaldo, err error) (string, []any) {
	if err != nil {
		return `error = ?`, []any{err.Error()}
	}
	return `ultimo = ?, archivo = ?, error = ''`, []any{ahora, r.Archivo}
}

// The schedule of muelle serve (MUELLE_BACKUP_DIR, MUELLE_BACKUP_CADA).

// PlanRespaldo is where muelle serve takes its backups, how often, and how
// many the directory keeps.
type PlanRespaldo struct {
	Dir       string
	Cada      time.Duration
	Conservar int
}

// How the schedule's claim works: an instance holds it while it copies (a
// claim of an instance that died runs out), and a failed backup is tried
// again after reintentoRespaldo, or the period when it is shorter.
const (
	reclamoRespaldo   = time.Hour
	reintentoRespaldo = 15 * time.Minute
)

// RespaldarSiToca takes the schedule's backup when it is due and this
// instance claims it: however many instances share the database, one backup
// is taken per period. hecho is false when none was due (or another instance
// holds it); the outcome is recorded either way and the next one scheduled,
// on the period's grid from the first.
func (s *Store) RespaldarSiToca(ctx context.Context, plan PlanRespaldo) (r Respaldo, hecho bool, err error) {
	proximo, hasta, ok, err := s.reclamarRespaldo(ctx, plan.Cada)
	if err != nil || !ok {
		return Respaldo{}, false, err
	}
	r, err = s.Respaldar(ctx, plan.Dir, plan.Conservar)
	return r, true, errors.Join(err, s.soltarRespaldo(ctx, plan.Cada, proximo, hasta, r, err))
}

// reclamarRespaldo claims the schedule's backup when it is due: never taken
// (proximo NULL), its time come, or set by a longer period than cada. The
// conditional UPDATE's row count decides which instance gets it; proximo is
// the time it was due, hasta the claim's end.
func (s *Store) reclamarRespaldo(ctx context.Context, cada time.Duration) (proximo, hasta time.Time, ok bool, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		if err := filaRespaldo(ctx, c); err != nil {
			return err
		}
		ahora := c.Now()
		hasta = ahora.Add(reclamoRespaldo)
		var previsto sql.NullTime
		err := c.QueryRow(ctx, `UPDATE respaldo SET reclamado_hasta = ?
			WHERE id = 1 AND (proximo IS NULL OR proximo <= ? OR proximo > ?)
			AND (reclamado_hasta IS NULL OR reclamado_hasta < ?) RETURNING proximo`,
			hasta, ahora, ahora.Add(cada), ahora).Scan(&previsto)
		missing, err := sqldb.NoRows(err)
		ok = err == nil && !missing
		proximo = ahora
		if previsto.Valid && !previsto.Time.After(ahora) {
			proximo = previsto.Time
		}
		return err
	})
	return proximo, hasta, ok, wrap("reclamar la copia de seguridad programada", err)
}

// soltarRespaldo records the claimed backup's outcome and schedules the next
// one, if the claim (held until hasta) is still this instance's.
func (s *Store) soltarRespaldo(ctx context.Context, cada time.Duration, proximo, hasta time.Time, r Respaldo, fallo error) error {
	c := s.db.WriterConn()
	ahora := c.Now()
	siguiente := siguienteRespaldo(proximo, cada, ahora)
	if fallo != nil {
		siguiente = ahora.Add(min(cada, reintentoRespaldo))
	}
	set, args := resultadoRespaldo(ahora, r, fallo)
	_, err := c.Exec(ctx, `UPDATE respaldo SET `+set+`, proximo = ?, reclamado_hasta = NULL
		WHERE id = 1 AND reclamado_hasta = ?`, append(args, siguiente, hasta)...)
	return wrap("anotar la copia de seguridad programada", err)
}

// siguienteRespaldo is the first time after ahora on the grid of period cada
// that starts at previsto: a schedule keeps its time of day however long the
// backups take, and one missed while no instance ran is taken once, not
// once per missed period.
func siguienteRespaldo(previsto time.Time, cada time.Duration, ahora time.Time) time.Time {
	periodos := ahora.Sub(previsto)/cada + 1
	return previsto.Add(periodos * cada)
}

// RegistrarRespaldos registers the schedule's backups on r: every minute
// one instance looks whether one is due (RespaldarSiToca claims it) and logs
// each one taken; a failure is the job's (logged and on the service status).
func (s *Store) RegistrarRespaldos(r *jobs.Runner, plan PlanRespaldo, log *slog.Logger) {
	r.Every("copias_de_seguridad", time.Minute, func(ctx context.Context) error {
		res, hecho, err := s.RespaldarSiToca(ctx, plan)
		if hecho && err == nil {
			log.Info("copia de seguridad hecha", "archivo", res.Archivo, "filas", FilasEnTexto(res.Tablas),
				"borradas", len(res.Borrados))
		}
		return err
	})
}

// FilasEnTexto writes the counts of tables as "empresas 2, usuarios 9, …".
func FilasEnTexto(tablas []FilasTabla) string {
	partes := make([]string, len(tablas))
	for i, t := range tablas {
		partes[i] = t.Tabla + " " + strconv.FormatInt(t.Filas, 10)
	}
	return strings.Join(partes, ", ")
}

// Restoring (muelle restore).

// Restauracion is a backup restored: its schema version and the rows of its
// main tables.
type Restauracion struct {
	Version int64
	Tablas  []FilasTabla
}

// Restaurar puts the SQLite backup desde in place of the database file
// destino. A destino that holds data is refused unless reemplazar, and then
// only when no process has it open (the server must be stopped). The backup
// is copied next to destino and checked there (SQLite's integrity check, a
// Muelle database whose schema this program knows), then renamed over it:
// destino is either the old database or the whole backup, never half of one.
func Restaurar(ctx context.Context, desde, destino string, reemplazar bool) (Restauracion, error) {
	ocupado, err := conDatos(destino)
	if err != nil {
		return Restauracion{}, err
	}
	if ocupado && !reemplazar {
		return Restauracion{}, fmt.Errorf("%s ya existe y tiene datos: no se reemplaza sin --reemplazar "+
			"(sus datos se perderán; haga antes una copia)", destino)
	}
	tmp, err := copiarJunto(desde, destino)
	if err != nil {
		return Restauracion{}, err
	}
	defer os.Remove(tmp) // gone already once renamed
	r, err := revisarRespaldo(ctx, tmp, desde)
	if err != nil {
		return Restauracion{}, err
	}
	if ocupado {
		if err := soltarBase(ctx, destino); err != nil {
			return Restauracion{}, err
		}
	}
	return r, instalar(tmp, destino)
}

// conDatos reports whether the database file path holds data: the file, or
// a write-ahead log left beside it, is not empty.
func conDatos(path string) (bool, error) {
	for _, p := range []string{path, path + "-wal"} {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return false, err
		}
		if fi.Size() > 0 {
			return true, nil
		}
	}
	return false, nil
}

// copiarJunto copies the file desde to a new temporary file in destino's
// directory (so that a rename can put it in place), synced to disk.
func copiarJunto(desde, destino string) (string, error) {
	in, err := os.Open(desde)
	if err != nil {
		return "", fmt.Errorf("abrir la copia: %w", err)
	}
	defer in.Close()
	dir := filepath.Dir(destino)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	out, err := os.CreateTemp(dir, "."+filepath.Base(destino)+".restaurando-*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, in)
	if err = errors.Join(err, out.Sync(), out.Close()); err != nil {
		os.Remove(out.Name())
		return "", fmt.Errorf("copiar %s: %w", desde, err)
	}
	return out.Name(), nil
}

// revisarRespaldo checks the backup's copy at path (desde names it): SQLite's
// integrity check, the goose version table of a Muelle database, a schema
// version this program's migrations reach; and leaves it one file, ready to
// be moved.
func revisarRespaldo(ctx context.Context, path, desde string) (Restauracion, error) {
	db, err := sqldb.OpenFile(path)
	if err != nil {
		return Restauracion{}, err
	}
	defer db.Close()
	if err := sqldb.CheckIntegrity(ctx, db); err != nil {
		return Restauracion{}, fmt.Errorf("%s no es una base SQLite sana: %w", desde, err)
	}
	var r Restauracion
	if err := db.QueryRowContext(ctx, `SELECT MAX(version_id) FROM goose_db_version WHERE is_applied`).
		Scan(&r.Version); err != nil {
		return Restauracion{}, fmt.Errorf("%s no es una copia de Muelle (no tiene su versión de esquema)", desde)
	}
	if conocida := versionMigraciones(); r.Version > conocida {
		return Restauracion{}, fmt.Errorf("%s es de una versión más nueva de Muelle (esquema %d; este programa "+
			"llega al %d): actualice muelle antes de restaurarla", desde, r.Version, conocida)
	}
	if r.Tablas, err = contarTablas(ctx, db); err != nil {
		return Restauracion{}, fmt.Errorf("%s no es una copia de Muelle: %w", desde, err)
	}
	return r, sqldb.Settle(ctx, db)
}

// versionMigraciones is the highest schema version of this program's SQLite
// migrations.
func versionMigraciones() int64 {
	entradas, err := fs.ReadDir(migrationsFS, "migrations/sqlite")
	if err != nil {
		panic(err) // embedded at build time
	}
	var v int64
	for _, e := range entradas {
		n, err := strconv.ParseInt(strings.SplitN(e.Name(), "_", 2)[0], 10, 64)
		if err == nil {
			v = max(v, n)
		}
	}
	return v
}

// soltarBase makes sure no process has the database file path open, and folds
// its write-ahead log into it, before it is replaced.
func soltarBase(ctx context.Context, path string) error {
	db, err := sqldb.OpenFile(path)
	if err != nil {
		return err
	}
	defer db.Close()
	err = sqldb.Settle(ctx, db)
	if errors.Is(err, sqldb.ErrInUse) {
		return fmt.Errorf("%s está en uso: detenga Muelle antes de restaurar", path)
	}
	if err != nil {
		return fmt.Errorf("%s no es una base SQLite que se pueda reemplazar: %w", path, err)
	}
	return nil
}

// instalar renames tmp over destino, after removing what SQLite could take
// for destino's write-ahead log (none is left of a database settled by
// soltarBase; a stale one would be replayed over the restored file).
func instalar(tmp, destino string) error {
	for _, p := range []string{destino + "-wal", destino + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if err := os.Rename(tmp, destino); err != nil {
		return err
	}
	return sqldb.SyncDir(filepath.Dir(destino))
}
