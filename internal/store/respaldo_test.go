package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// abrirArchivo opens a SQLite file to read it the way the tests look at a copy.
func abrirArchivo(t *testing.T, path string) *sql.DB {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// integridad is SQLite's integrity check of the file path.
func integridad(t *testing.T, path string) string {
	t.Helper()
	var ok string
	if err := abrirArchivo(t, path).QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

// respaldosEn lists the Muelle backups of dir, oldest first.
func respaldosEn(t *testing.T, dir string) []string {
	t.Helper()
	entradas, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entradas {
		if e.Type().IsRegular() && strings.HasPrefix(e.Name(), "muelle-") && strings.HasSuffix(e.Name(), ".db") {
			out = append(out, e.Name())
		}
	}
	return out
}

// nombreDelMinuto is a backup's name for the minute of t (the server's local time).
func nombreDelMinuto(t time.Time, sufijo string) string {
	return "muelle-" + t.Local().Format("2006-01-02T1504") + sufijo + ".db"
}

// Four sellers sell while the backup runs: every sale acknowledged before it
// began is in the copy, which passes SQLite's integrity check and holds the
// rows counted at its snapshot.
func TestABackupTakenWhileFourSellersSellHoldsEverySaleAcknowledgedBeforeIt(t *testing.T) {
	t.Parallel()
	e := nuevaEmpresa(t, storetest.SQLite(t), "Lanchas del Delta", "ana")
	ctx := context.Background()
	e.abrir(t, 0)
	e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
	rellenar(t, e, 5000) // a copy that takes a while, for the sellers to go on during it
	if _, err := e.st.DB().Exec(`UPDATE secciones SET capacidad = 0`); err != nil {
		t.Fatal(err)
	}
	actores := []store.Actor{e.vendedor}
	for i := 1; i < 4; i++ {
		actores = append(actores, e.otroVendedor(t, fmt.Sprintf("vendedor%d", i)))
	}
	var (
		mu        sync.Mutex
		vendidos  []string
		wg        sync.WaitGroup
		parar     = make(chan struct{})
		empezaron = make(chan struct{}, len(actores))
	)
	for _, a := range actores {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-parar:
					return
				default:
				}
				ps, err := e.st.Vender(ctx, a, e.venta(e.norte, e.efectivo, hoy, 1))
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for _, p := range ps {
					vendidos = append(vendidos, p.NumeroPasaje)
				}
				mu.Unlock()
				if i == 2 {
					empezaron <- struct{}{}
				}
			}
		})
	}
	for range actores {
		<-empezaron
	}
	mu.Lock()
	antes := slices.Clone(vendidos)
	mu.Unlock()
	r, err := e.st.Respaldar(ctx, t.TempDir(), 3)
	mu.Lock()
	durante := len(vendidos) - len(antes)
	mu.Unlock()
	close(parar)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if ok := integridad(t, r.Archivo); ok != "ok" {
		t.Fatalf("integrity_check de la copia: %s", ok)
	}
	copia := abrirArchivo(t, r.Archivo)
	enCopia := map[string]bool{}
	rows, err := copia.Query(`SELECT numero_pasaje FROM pasajes`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		enCopia[n] = true
	}
	for _, n := range antes {
		if !enCopia[n] {
			t.Fatalf("el pasaje %s, vendido antes de la copia, no está en ella", n)
		}
	}
	contados := map[string]int64{}
	for _, f := range r.Tablas {
		contados[f.Tabla] = f.Filas
	}
	if contados["pasajes"] != int64(len(enCopia)) || contados["empresas"] != 1 || contados["usuarios"] != 4 {
		t.Fatalf("filas contadas %v; la copia tiene %d pasajes", r.Tablas, len(enCopia))
	}
	total := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes`)
	t.Logf("%d pasajes vendidos antes de la copia, %d mientras corría; %d en la copia, %d en la base",
		len(antes), durante, len(enCopia), total)
	if total <= int64(len(antes))+5001 {
		t.Fatalf("las ventas no siguieron mientras se copiaba: %d pasajes en la base", total)
	}
}

// A restored backup opens as a database of its own: its migrations are done
// already, its sales are there, and a sale on it takes the next number.
func TestARestoredBackupOpensWithItsSalesAndSellsOn(t *testing.T) {
	t.Parallel()
	e := nuevaEmpresa(t, storetest.SQLite(t), "Lanchas del Delta", "ana")
	ctx := context.Background()
	e.abrir(t, 0)
	vendidos := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 3))
	r, err := e.st.Respaldar(ctx, t.TempDir(), 14)
	if err != nil {
		t.Fatal(err)
	}
	destino := filepath.Join(t.TempDir(), "restaurada", "muelle.db")
	res, err := store.Restaurar(ctx, r.Archivo, destino, false)
	if err != nil {
		t.Fatal(err)
	}
	version := storetest.Int(t, e.st, `SELECT MAX(version_id) FROM goose_db_version`)
	if res.Version != version || !slices.Equal(res.Tablas, r.Tablas) {
		t.Fatalf("restauración %+v; se esperaba el esquema %d y las filas %v", res, version, r.Tablas)
	}
	st, err := store.Open("sqlite:"+destino, store.WithSecretBox(e.st.SecretBox()))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	migraciones := storetest.Int(t, st, `SELECT COUNT(*) FROM goose_db_version`)
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if n := storetest.Int(t, st, `SELECT COUNT(*) FROM goose_db_version`); n != migraciones {
		t.Fatalf("la base restaurada aplicó %d migraciones", n-migraciones)
	}
	for _, p := range vendidos {
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM pasajes WHERE numero_pasaje = ? AND precio = ?`,
			p.NumeroPasaje, p.Precio); n != 1 {
			t.Fatalf("el pasaje %s no está en la base restaurada", p.NumeroPasaje)
		}
	}
	restaurada := *e
	restaurada.st = st
	st.Now = e.st.Now
	siguiente := restaurada.vender(t, e.venta(e.sur, e.tarjeta, hoy, 1))
	if want := "LD-20261120-000004"; siguiente[0].NumeroPasaje != want {
		t.Fatalf("la venta en la base restaurada tomó el número %s, no %s", siguiente[0].NumeroPasaje, want)
	}
}

// The directory keeps exactly the newest N Muelle backups; two backups of one
// minute get names of their own, in order; no other file is touched.
func TestBackupsKeepExactlyTheNewestNAndTouchNothingElse(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	ctx := context.Background()
	dir := t.TempDir()
	ajenos := []string{"notas.txt", "muelle.db", "muelle.db.key", "muelle-2020-01-01T0000.db.bak",
		"otra-2020-01-01T0000.db", "muelle-2020-01-01T0000.db-journal"}
	for _, n := range ajenos {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("ajeno"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "muelle-2019-01-01T0000.db"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "muelle-2020-01-01T0000.db"), []byte("vieja"), 0o600); err != nil {
		t.Fatal(err)
	}
	hora := time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC)
	st.Now = func() time.Time { return hora }
	var hechos []string
	for i := range 5 {
		if i > 0 && i != 3 { // the fourth backup is taken in the third's minute
			hora = hora.Add(time.Minute)
		}
		r, err := st.Respaldar(ctx, dir, 3)
		if err != nil {
			t.Fatal(err)
		}
		hechos = append(hechos, filepath.Base(r.Archivo))
	}
	inicio := time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC)
	want := []string{nombreDelMinuto(inicio, ""), nombreDelMinuto(inicio.Add(time.Minute), ""),
		nombreDelMinuto(inicio.Add(2*time.Minute), ""), nombreDelMinuto(inicio.Add(2*time.Minute), "_02"),
		nombreDelMinuto(inicio.Add(3*time.Minute), "")}
	if !slices.Equal(hechos, want) {
		t.Fatalf("copias %v, se esperaban %v", hechos, want)
	}
	if got := respaldosEn(t, dir); !slices.Equal(got, want[2:]) {
		t.Fatalf("quedaron %v, se esperaban las 3 más nuevas %v", got, want[2:])
	}
	for _, n := range ajenos {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != "ajeno" {
			t.Fatalf("el archivo ajeno %s cambió: %q %v", n, b, err)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, "muelle-2019-01-01T0000.db")); err != nil || !fi.IsDir() {
		t.Fatalf("la carpeta con nombre de copia cambió: %v", err)
	}
	if entradas, _ := filepath.Glob(filepath.Join(dir, ".muelle-respaldo-*")); len(entradas) != 0 {
		t.Fatalf("quedaron temporales: %v", entradas)
	}
}

// Two backups at once in one minute each take a name of their own.
func TestTwoBackupsAtOnceTakeTwoNames(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { _, errs[i] = st.Respaldar(context.Background(), dir, 14) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	got := respaldosEn(t, dir)
	if len(got) != 2 || !strings.HasSuffix(got[1], "_02.db") {
		t.Fatalf("copias %v", got)
	}
	for _, n := range got {
		if ok := integridad(t, filepath.Join(dir, n)); ok != "ok" {
			t.Fatalf("%s: %s", n, ok)
		}
	}
}

// sumaArchivo is the contents of a database file and its write-ahead log.
func sumaArchivo(t *testing.T, path string) string {
	t.Helper()
	var out []byte
	for _, p := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(p)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		out = append(out, b...)
	}
	return string(out)
}

// A database that holds data is replaced only with --reemplazar, and only
// while no process has it open; refused, it is left as it was.
func TestRestoreRefusesADatabaseWithDataUnlessToldAndNotWhileInUse(t *testing.T) {
	t.Parallel()
	e := nuevaEmpresa(t, storetest.SQLite(t), "Lanchas del Delta", "ana")
	ctx := context.Background()
	e.abrir(t, 0)
	dir := t.TempDir()
	primera, err := e.st.Respaldar(ctx, dir, 14)
	if err != nil {
		t.Fatal(err)
	}
	e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
	e.st.Now = func() time.Time { return ahora.Add(time.Minute) }
	segunda, err := e.st.Respaldar(ctx, dir, 14)
	if err != nil {
		t.Fatal(err)
	}
	destino := filepath.Join(t.TempDir(), "muelle.db")
	if _, err := store.Restaurar(ctx, primera.Archivo, destino, false); err != nil {
		t.Fatal(err)
	}
	enUso, err := store.Open("sqlite:"+destino, store.WithSecretBox(e.st.SecretBox()))
	if err != nil {
		t.Fatal(err)
	}
	if n := storetest.Int(t, enUso, `SELECT COUNT(*) FROM pasajes`); n != 0 {
		t.Fatalf("la primera copia tiene %d pasajes", n)
	}
	antes := sumaArchivo(t, destino)
	_, err = store.Restaurar(ctx, segunda.Archivo, destino, false)
	if want := destino + " ya existe y tiene datos: no se reemplaza sin --reemplazar (sus datos se perderán; " +
		"haga antes una copia)"; err == nil || err.Error() != want {
		t.Fatalf("error = %v, se esperaba %q", err, want)
	}
	_, err = store.Restaurar(ctx, segunda.Archivo, destino, true)
	if want := destino + " está en uso: detenga Muelle antes de restaurar"; err == nil || err.Error() != want {
		t.Fatalf("error = %v, se esperaba %q", err, want)
	}
	if sumaArchivo(t, destino) != antes {
		t.Fatal("una restauración rechazada cambió la base")
	}
	if entradas, _ := filepath.Glob(filepath.Join(filepath.Dir(destino), ".muelle.db.restaurando-*")); len(entradas) != 0 {
		t.Fatalf("quedaron temporales: %v", entradas)
	}
	if err := enUso.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Restaurar(ctx, segunda.Archivo, destino, true); err != nil {
		t.Fatal(err)
	}
	if n := storetest.Int(t, storeEn(t, destino), `SELECT COUNT(*) FROM pasajes`); n != 2 {
		t.Fatalf("la base reemplazada tiene %d pasajes, no los 2 de la segunda copia", n)
	}
}

// storeEn opens a store on the SQLite file path.
func storeEn(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// What is not a backup of Muelle this program can run is refused, and the
// target is left absent.
func TestRestoreRefusesWhatIsNotABackupItCanRun(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	ctx := context.Background()
	r, err := st.Respaldar(ctx, t.TempDir(), 14)
	if err != nil {
		t.Fatal(err)
	}
	nueva := abrirEscritura(t, r.Archivo)
	if _, err := nueva.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, 1)`); err != nil {
		t.Fatal(err)
	}
	nueva.Close()
	dir := t.TempDir()
	basura := filepath.Join(dir, "basura.db")
	if err := os.WriteFile(basura, []byte(strings.Repeat("no es una base ", 300)), 0o600); err != nil {
		t.Fatal(err)
	}
	ajena := filepath.Join(dir, "ajena.db")
	otra := abrirEscritura(t, ajena)
	if _, err := otra.Exec(`CREATE TABLE notas (texto TEXT)`); err != nil {
		t.Fatal(err)
	}
	otra.Close()
	version := storetest.Int(t, st, `SELECT MAX(version_id) FROM goose_db_version`)
	for _, c := range []struct{ desde, want string }{
		{r.Archivo, fmt.Sprintf("%s es de una versión más nueva de Muelle (esquema 99999; este programa llega al %d): "+
			"actualice muelle antes de restaurarla", r.Archivo, version)},
		{basura, basura + " no es una base SQLite sana: file is not a database (26)"},
		{ajena, ajena + " no es una copia de Muelle (no tiene su versión de esquema)"},
		{filepath.Join(dir, "no-existe.db"), "abrir la copia: open " + filepath.Join(dir, "no-existe.db") +
			": no such file or directory"},
	} {
		destino := filepath.Join(t.TempDir(), "muelle.db")
		_, err := store.Restaurar(ctx, c.desde, destino, false)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error = %v, se esperaba %q", filepath.Base(c.desde), err, c.want)
		}
		if entradas, _ := os.ReadDir(filepath.Dir(destino)); len(entradas) != 0 {
			t.Errorf("%s: la carpeta de destino quedó con %d archivos", filepath.Base(c.desde), len(entradas))
		}
	}
}

// abrirEscritura opens a SQLite file to write into it.
func abrirEscritura(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// PostgreSQL is backed up with its own tools: Muelle says so and copies nothing.
func TestBackupOfPostgresSaysToUseItsTools(t *testing.T) {
	t.Parallel()
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	st := storetest.Postgres(t)
	dir := filepath.Join(t.TempDir(), "copias")
	_, err := st.Respaldar(context.Background(), dir, 14)
	if err == nil || err.Error() != store.MsgRespaldoPostgres {
		t.Fatalf("error = %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("se creó la carpeta de las copias: %v", err)
	}
}

// Two instances on one database take one scheduled backup per period: the
// first at once, none again until the period has passed, one (not one per
// missed period) after a long stop; a failure is recorded and tried again
// after 15 minutes; a claim held by an instance that died runs out.
func TestTwoInstancesTakeOneScheduledBackupPerPeriod(t *testing.T) {
	t.Parallel()
	a := storetest.SQLite(t)
	b := storeEn(t, a.Destino().Nombre)
	var reloj atomic.Pointer[time.Time]
	ahora := func() time.Time { return *reloj.Load() }
	poner := func(t time.Time) { reloj.Store(&t) }
	inicio := time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC)
	poner(inicio)
	a.Now, b.Now = ahora, ahora
	dir := t.TempDir()
	plan := store.PlanRespaldo{Dir: dir, Cada: 24 * time.Hour, Conservar: 14}
	ronda := func(t *testing.T, en time.Time) int {
		t.Helper()
		poner(en)
		var (
			wg     sync.WaitGroup
			hechos atomic.Int32
		)
		for _, st := range []*store.Store{a, b} {
			wg.Go(func() {
				_, hecho, err := st.RespaldarSiToca(context.Background(), plan)
				if hecho {
					hechos.Add(1)
				}
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		return int(hechos.Load())
	}
	for _, c := range []struct {
		en     time.Time
		hechos int
	}{
		{inicio, 1},
		{inicio.Add(time.Minute), 0},
		{inicio.Add(23 * time.Hour), 0},
		{inicio.Add(24*time.Hour + 2*time.Minute), 1}, // due at 08:30 the next day
		{inicio.Add(24*time.Hour + 3*time.Minute), 0},
		{inicio.Add(5*24*time.Hour + 4*time.Hour), 1}, // four days missed: one backup
		{inicio.Add(5*24*time.Hour + 5*time.Hour), 0},
		{inicio.Add(6*24*time.Hour - time.Minute), 0}, // still on the 08:30 grid
		{inicio.Add(6 * 24 * time.Hour), 1},
	} {
		if n := ronda(t, c.en); n != c.hechos {
			t.Fatalf("a las %s: %d copias, se esperaban %d", c.en.Format(time.DateTime), n, c.hechos)
		}
	}
	if got := respaldosEn(t, dir); len(got) != 4 {
		t.Fatalf("copias %v", got)
	}
	ultima := inicio.Add(6 * 24 * time.Hour)
	e, err := a.UltimoRespaldo(context.Background())
	if err != nil || e.Ultimo == nil || !e.Ultimo.Equal(ultima) || e.Archivo != filepath.Join(dir, nombreDelMinuto(ultima, "")) ||
		e.Error != "" {
		t.Fatalf("última copia %+v %v", e, err)
	}

	// a failure: the directory is a file now
	plan.Dir = filepath.Join(dir, "no-es-carpeta")
	if err := os.WriteFile(plan.Dir, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	poner(ultima.Add(24 * time.Hour))
	if _, hecho, err := a.RespaldarSiToca(context.Background(), plan); !hecho || err == nil {
		t.Fatalf("con la carpeta rota: hecha %v, error %v", hecho, err)
	}
	e, err = a.UltimoRespaldo(context.Background())
	if err != nil || !e.Ultimo.Equal(ultima) || !strings.Contains(e.Error, "carpeta de las copias") {
		t.Fatalf("después del fallo %+v %v", e, err)
	}
	plan.Dir = dir
	if n := ronda(t, ultima.Add(24*time.Hour+14*time.Minute)); n != 0 {
		t.Fatalf("se reintentó antes de 15 minutos: %d", n)
	}
	if n := ronda(t, ultima.Add(24*time.Hour+15*time.Minute)); n != 1 {
		t.Fatalf("no se reintentó a los 15 minutos: %d", n)
	}
	if e, _ = a.UltimoRespaldo(context.Background()); e.Error != "" {
		t.Fatalf("el reintento bueno no borró el error: %+v", e)
	}

	// a claim held by an instance that died runs out after an hour
	vence := ultima.Add(3 * 24 * time.Hour)
	if _, err := a.DB().Exec(`UPDATE respaldo SET reclamado_hasta = ?, proximo = ?`, vence.Add(time.Hour),
		vence); err != nil {
		t.Fatal(err)
	}
	if n := ronda(t, vence.Add(30*time.Minute)); n != 0 {
		t.Fatalf("se tomó una copia reclamada por otra instancia: %d", n)
	}
	if n := ronda(t, vence.Add(time.Hour+time.Minute)); n != 1 {
		t.Fatalf("la copia reclamada no se tomó al vencer el reclamo: %d", n)
	}
}

// The outcome of a backup made by muelle backup is recorded too.
func TestAManualBackupIsRecorded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		if e, err := st.UltimoRespaldo(ctx); err != nil || e != (store.EstadoRespaldo{}) {
			t.Fatalf("sin copias: %+v %v", e, err)
		}
		st.Now = func() time.Time { return ahora }
		if err := st.AnotarRespaldo(ctx, store.Respaldo{Archivo: "/copias/muelle-2026-11-20T1200.db"}, nil); err != nil {
			t.Fatal(err)
		}
		st.Now = func() time.Time { return ahora.Add(time.Hour) }
		if err := st.AnotarRespaldo(ctx, store.Respaldo{}, errors.New("disco lleno")); err != nil {
			t.Fatal(err)
		}
		e, err := st.UltimoRespaldo(ctx)
		if err != nil || e.Ultimo == nil || !e.Ultimo.Equal(ahora) || e.Archivo != "/copias/muelle-2026-11-20T1200.db" ||
			e.Error != "disco lleno" {
			t.Fatalf("%+v %v", e, err)
		}
	})
}

// The schedule's backups are a periodic job of the runner
// (RegistrarRespaldos): once started it takes the due backup, counted under
// the job's name for the service status.
func TestScheduledBackupsAreAJobOfTheRunner(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	dir := t.TempDir()
	r := jobs.Nuevo(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	st.RegistrarRespaldos(r, store.PlanRespaldo{Dir: dir, Cada: 24 * time.Hour, Conservar: 14},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	listo := make(chan struct{})
	go func() { r.Start(ctx); close(listo) }()
	defer func() { cancel(); <-listo }()
	for fin := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		e := r.Estados()
		if len(e) == 1 && e[0].Nombre == "copias_de_seguridad" && e[0].Corridas == 1 && e[0].Fallas == 0 &&
			len(respaldosEn(t, dir)) == 1 {
			return
		}
		if time.Now().After(fin) {
			t.Fatalf("sin copia de la tarea: estados %+v, copias %v", e, respaldosEn(t, dir))
		}
	}
}
