package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// trazar records the distinct statements the store runs while fn does.
func trazar(st *store.Store, fn func()) []store.Sentencia {
	var (
		mu     sync.Mutex
		vistas = map[string]bool{}
		out    []store.Sentencia
	)
	st.Trazar(func(s store.Sentencia) {
		mu.Lock()
		defer mu.Unlock()
		if !vistas[s.SQL] {
			vistas[s.SQL] = true
			out = append(out, store.Sentencia{SQL: s.SQL, Args: append([]any(nil), s.Args...)})
		}
	})
	defer st.Trazar(nil)
	fn()
	return out
}

// plan is the query plan of a statement, one line per step. On PostgreSQL
// sequential scans are disabled first, so that a Seq Scan left in the plan
// means that no index can serve the query (the planner prefers a full scan of
// a table as small as a test's).
func plan(t *testing.T, st *store.Store, s store.Sentencia) []string {
	t.Helper()
	ctx := context.Background()
	c, err := st.DB().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	explain := "EXPLAIN QUERY PLAN "
	if st.Dialect() == "postgres" {
		if _, err := c.ExecContext(ctx, "SET enable_seqscan = off"); err != nil {
			t.Fatal(err)
		}
		defer c.ExecContext(ctx, "RESET enable_seqscan") //nolint:errcheck // the connection goes back to the pool either way
		explain = "EXPLAIN "
	}
	rows, err := c.QueryContext(ctx, explain+s.SQL, s.Args...)
	if err != nil {
		t.Fatalf("%s: %v", s.SQL, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		dest := make([]any, len(cols))
		for i := range dest {
			dest[i] = new(sql.RawBytes)
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		out = append(out, string(*dest[len(dest)-1].(*sql.RawBytes)))
	}
	return out
}

// soloEmpresa is an index condition on the company alone: a read of every
// row of the company, as slow as a full scan once a company has sold for years.
var soloEmpresa = regexp.MustCompile(`(\((\w+\.)?empresa_id=\?\)|Index Cond: \((\w+\.)?empresa_id = [^()]*\))$`)

// virtualBuscada is a SQLite virtual table read through its own index (FTS5
// with a MATCH: an M in its index string) or json_each, which reads its
// argument, not a table.
var virtualBuscada = regexp.MustCompile(`^SCAN (\w+ VIRTUAL TABLE INDEX \d+:\S*M|json_each VIRTUAL TABLE)`)

// escaneoCompleto returns the plan step that reads a whole table or a whole
// company, if any: "Seq Scan on t" on PostgreSQL, "SCAN t" without an index
// on SQLite (a subquery's rows, a virtual table searched by its own index
// and json_each are no table), or an index searched by empresa_id alone,
// unless the index hands the rows in the query's order and a LIMIT stops the
// read early.
func escaneoCompleto(s store.Sentencia, pasos []string) string {
	ordenado := strings.Contains(s.SQL, " LIMIT ")
	subconsultas := map[string]bool{}
	for _, p := range pasos {
		if strings.Contains(p, "Sort") || strings.Contains(p, "TEMP B-TREE FOR ORDER BY") {
			ordenado = false
		}
		for _, antes := range []string{"CO-ROUTINE ", "MATERIALIZE "} {
			if nombre, ok := strings.CutPrefix(strings.TrimSpace(p), antes); ok {
				subconsultas[nombre] = true
			}
		}
	}
	for _, p := range pasos {
		p = strings.TrimSpace(p)
		if strings.Contains(p, "Seq Scan on ") || (soloEmpresa.MatchString(p) && !ordenado) {
			return p
		}
		if strings.HasPrefix(p, "SCAN ") && !strings.Contains(p, " USING ") && !strings.Contains(p, "(subquery") &&
			!strings.Contains(p, "CONSTANT ROW") && !subconsultas[strings.TrimPrefix(p, "SCAN ")] && !virtualBuscada.MatchString(p) {
			return p
		}
	}
	return ""
}

// TestEveryQueryOfSaleBoardingAndListHasAnIndex runs a sale, the three kinds
// of boarding, the passenger list with every filter, the boarding figures, an
// authentication and the ticket list's search, and explains every statement
// they ran: none may read a whole table.
func TestEveryQueryOfSaleBoardingAndListHasAnIndex(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1)) // the company's key exists: later sales read it
		rellenar(t, e, 3000)
		var ps []store.Pasaje
		dia := domain.Dia{Fecha: hoy, Desde: ahora.Add(-12 * 3600e9), Hasta: ahora.Add(12 * 3600e9)}
		sentencias := trazar(e.st, func() {
			ps = e.vender(t, e.venta(e.norte, e.efectivo, hoy, 3))
			for _, board := range []func() (store.Embarque, error){
				func() (store.Embarque, error) { return e.st.ValidarPorCodigo(ctx, e.vendedor, ps[0].CodigoQR, hoy, 0) },
				func() (store.Embarque, error) {
					return e.st.ValidarPorCodigo(ctx, e.vendedor, ps[1].NumeroPasaje, hoy, 0)
				},
				func() (store.Embarque, error) { return e.st.ValidarPorID(ctx, e.vendedor, ps[2].ID) },
			} {
				if _, err := board(); err != nil {
					t.Fatal(err)
				}
			}
			si := true
			for _, f := range []store.FiltroPasajeros{{Fecha: hoy}, {Fecha: hoy, SeccionID: e.norte, TipoViajeID: e.general,
				Embarcado: &si, Pagina: store.Pagina{Limite: 10}}} {
				if _, _, err := e.st.PasajerosPorFecha(ctx, e.empresaID, f); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := e.st.EstadoViajes(ctx, e.empresaID, hoy); err != nil {
				t.Fatal(err)
			}
			if _, err := e.st.EstadisticasDeLancha(ctx, e.empresaID, e.vendedor.UsuarioID, dia); err != nil {
				t.Fatal(err)
			}
			if _, _, err := e.st.UsuarioDeToken(ctx, "jti", e.vendedor.UsuarioID); err != nil {
				t.Fatal(err)
			}
			// the ticket list's search: over every ticket through the search index, over a day in the listing index
			for _, f := range []store.FiltroListadoPasajes{{Busqueda: "R-123", Pagina: store.Pagina{Limite: 10}},
				{Busqueda: "juan", FechaInicio: hoy, FechaFin: hoy, Pagina: store.Pagina{Limite: 10}}} {
				if ps, tot, err := e.st.ListarPasajes(ctx, e.empresaID, f); err != nil || tot.TotalItems == 0 || len(ps) == 0 {
					t.Fatalf("%+v: %d pasajes, %+v, %v", f, len(ps), tot, err)
				}
			}
		})
		explicadas := 0
		for _, s := range sentencias {
			if verbo, _, _ := strings.Cut(strings.TrimSpace(s.SQL), " "); verbo == "INSERT" || verbo == "SET" {
				continue // an insert reads nothing (its conflict target is a unique index); SET is no query
			}
			explicadas++
			pasos := plan(t, e.st, s)
			t.Logf("%s\n  %s", s.SQL, strings.Join(pasos, "\n  "))
			if paso := escaneoCompleto(s, pasos); paso != "" {
				t.Errorf("lee una tabla entera (%s):\n%s", paso, s.SQL)
			}
		}
		if explicadas < 14 {
			t.Fatalf("solo se explicaron %d sentencias: %v", explicadas, sentencias)
		}
	})
}

// TestTicketNumbersAreUniqueUnderConcurrentSales has several sellers of one
// company sell at once: every ticket gets its own number, and the numbers are
// exactly 1..n (no sale failed, so there is no gap either).
func TestTicketNumbersAreUniqueUnderConcurrentSales(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		const vendedores, ventas = 8, 6
		e.abrir(t, 0)
		// a section without a capacity: the day's seats do not limit these sales
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE secciones SET capacidad = 0 WHERE id = ?`), e.norte); err != nil {
			t.Fatal(err)
		}
		actores := []store.Actor{e.vendedor}
		for i := 1; i < vendedores; i++ {
			actores = append(actores, e.otroVendedor(t, fmt.Sprintf("vendedor%d", i)))
		}
		var (
			wg       sync.WaitGroup
			mu       sync.Mutex
			numeros  = map[string]bool{}
			vendidos int
			errs     []error
		)
		for i, a := range actores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range ventas {
					ps, err := e.st.Vender(ctx, a, e.venta(e.norte, e.efectivo, hoy, 1+(i+j)%5))
					mu.Lock()
					if err != nil {
						errs = append(errs, err)
					}
					for _, p := range ps {
						numeros[p.NumeroPasaje] = true
					}
					vendidos += len(ps)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(errs) > 0 {
			t.Fatalf("%d ventas fallaron: %v", len(errs), errs[0])
		}
		if len(numeros) != vendidos || vendidos == 0 {
			t.Fatalf("%d números distintos para %d pasajes", len(numeros), vendidos)
		}
		for n := 1; n <= vendidos; n++ {
			if !numeros[domain.NumeroPasaje("LD", strings.ReplaceAll(hoy, "-", ""), int64(n))] {
				t.Fatalf("falta el número %d de %d", n, vendidos)
			}
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(DISTINCT numero_pasaje) FROM pasajes WHERE empresa_id = ?`,
			e.empresaID); n != int64(vendidos) {
			t.Fatalf("la base tiene %d números distintos para %d pasajes", n, vendidos)
		}
	})
}

// TestConcurrentFirstSalesAgreeOnOneSigningKey has a company's first sales
// race to create its signing key: every ticket verifies with the one key stored.
func TestConcurrentFirstSalesAgreeOnOneSigningKey(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		actores := []store.Actor{e.vendedor}
		for i := 1; i < 6; i++ {
			actores = append(actores, e.otroVendedor(t, fmt.Sprintf("vendedor%d", i)))
		}
		var (
			wg    sync.WaitGroup
			mu    sync.Mutex
			codes []string
		)
		for _, a := range actores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ps, err := e.st.Vender(ctx, a, e.venta(e.norte, e.efectivo, hoy, 2))
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				defer mu.Unlock()
				for _, p := range ps {
					codes = append(codes, p.CodigoQR)
				}
			}()
		}
		wg.Wait()
		pub, err := e.st.ClavePublica(ctx, e.empresaID)
		if err != nil || pub == nil {
			t.Fatalf("clave pública: %v", err)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM empresa_claves WHERE empresa_id = ?`, e.empresaID); n != 1 {
			t.Fatalf("%d claves para la empresa", n)
		}
		for _, c := range codes {
			if _, err := domain.VerificarCodigoQR(pub, c); err != nil {
				t.Fatalf("un pasaje no verifica con la clave guardada: %v", err)
			}
		}
		if len(codes) != 2*len(actores) {
			t.Fatalf("%d códigos", len(codes))
		}
	})
}

// rellenar adds n tickets like the company's first one, spread over 60
// travel dates and boarded on as many days, and updates the planner's
// statistics: with them the planners choose as they would in production,
// instead of whatever reads a tiny table fastest.
func rellenar(t *testing.T, e *empresaDePrueba, n int) {
	t.Helper()
	ctx := context.Background()
	tx, err := e.st.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck // after a commit there is nothing to roll back
	q := e.st.Rebind(`INSERT INTO pasajes (empresa_id, numero_pasaje, codigo_qr, fecha_viaje, precio, estado,
		cliente_nombre, seccion_id, tipo_viaje_id, medio_pago_id, caja_id, movimiento_id, usuario_id, created_at,
		fecha_embarque, usuario_embarque_id, dia_venta) SELECT empresa_id, ?, ?, ?, precio, ?, cliente_nombre, seccion_id,
		tipo_viaje_id, medio_pago_id, caja_id, movimiento_id, usuario_id, ?, ?, ?, ? FROM pasajes
		WHERE empresa_id = ? AND numero_pasaje = ?`)
	primero := domain.NumeroPasaje("LD", strings.ReplaceAll(hoy, "-", ""), 1)
	for i := range n {
		dia := ahora.AddDate(0, 0, -60+i%60)
		estado, embarque, por := domain.PasajeActivo, any(nil), any(nil)
		if i%2 == 0 {
			estado, embarque, por = domain.PasajeUsado, dia.Add(time.Hour), e.vendedor.UsuarioID
		}
		if _, err := tx.ExecContext(ctx, q, fmt.Sprintf("R-%d", i), fmt.Sprintf("relleno-%d", i),
			dia.Format(time.DateOnly), estado, dia, embarque, por,
			domain.DiaDe(dia, domain.Location(domain.ZonaHorariaPorDefecto)).Fecha, e.empresaID, primero); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.DB().ExecContext(ctx, "ANALYZE pasajes"); err != nil {
		t.Fatal(err)
	}
}

// otroVendedor adds a seller to the company and opens its register.
func (e *empresaDePrueba) otroVendedor(t *testing.T, usuario string) store.Actor {
	t.Helper()
	ctx := context.Background()
	if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolVendedor,
		NombreUsuario: usuario, PasswordHash: "x", Activo: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := e.st.UsuarioPorNombre(ctx, usuario)
	if err != nil {
		t.Fatal(err)
	}
	a := store.Actor{UsuarioID: u.ID, EmpresaID: e.empresaID}
	if _, err := e.st.AbrirCaja(ctx, a, 0, ""); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestConcurrentWritesKeepTheirOwnOutcome mixes sales that must fail (a
// seller without an open register) with sales that succeed, all at once: on
// SQLite they share commits in groups, and still each failure writes
// nothing while every success is there.
func TestConcurrentWritesKeepTheirOwnOutcome(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		sinCaja := e.otroVendedor(t, "sincaja")
		if _, err := e.st.CerrarCaja(ctx, sinCaja, store.Contado{Efectivo: 0, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		var (
			wg             sync.WaitGroup
			mu             sync.Mutex
			ok, rechazadas int
		)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := e.vendedor
				if i%2 == 1 {
					a = sinCaja
				}
				_, err := e.st.Vender(ctx, a, e.venta(e.norte, e.efectivo, hoy, 2))
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if de, _ := domain.AsError(err); de != nil && de.Message == domain.MsgDebeAbrirCaja {
					rechazadas++
				} else {
					t.Errorf("error inesperado: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 20 || rechazadas != 20 {
			t.Fatalf("%d ventas, %d rechazos", ok, rechazadas)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes WHERE usuario_id = ?`, e.vendedor.UsuarioID); n != 40 {
			t.Fatalf("%d pasajes del vendedor", n)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM caja_movimientos WHERE usuario_id = ? AND tipo = ?`,
			sinCaja.UsuarioID, domain.MovVentaPasaje); n != 0 {
			t.Fatalf("una venta rechazada dejó %d movimientos", n)
		}
		creados := 0
		for _, ev := range e.rec.Events() {
			if ev.Nombre == events.PasajeCreado {
				creados++
			}
		}
		if creados != 40 {
			t.Fatalf("%d eventos pasajeCreado publicados, se esperaban 40", creados)
		}
	})
}

// contarSentencias returns every statement the store runs while fn does, in
// order (repeated ones too).
func contarSentencias(st *store.Store, fn func()) []string {
	var (
		mu  sync.Mutex
		out []string
	)
	st.Trazar(func(s store.Sentencia) {
		mu.Lock()
		defer mu.Unlock()
		out = append(out, fmt.Sprintf("[tx %d] %s", s.Transaccion, strings.Join(strings.Fields(s.SQL), " ")))
	})
	defer st.Trazar(nil)
	fn()
	return out
}

// contarIdas returns every round trip to PostgreSQL the store makes while fn
// runs (none on SQLite), one line each.
func contarIdas(st *store.Store, fn func()) []string {
	var (
		mu  sync.Mutex
		out []string
	)
	st.TrazarIdas(func(i store.Ida) {
		mu.Lock()
		defer mu.Unlock()
		sqls := make([]string, len(i.SQL))
		for j, q := range i.SQL {
			sqls[j] = strings.Join(strings.Fields(q), " ")
		}
		out = append(out, fmt.Sprintf("[%s] %s", i.Tipo, strings.Join(sqls, " ; ")))
	})
	defer st.TrazarIdas(nil)
	fn()
	return out
}

// TestSaleAndBoardingRunFewStatements counts the statements of a one-line
// sale and of a boarding by QR code, both with an Idempotency-Key, once the
// company's signing key is cached and the statements are prepared on the
// connections (a warm server): adding a query to either path fails it. On
// PostgreSQL it counts round trips (BEGIN and COMMIT are round trips too): the
// boarding is one statement (embarcarEnUnaSentencia), the sale pipelines what
// it can into two: its reads, key, register, seats, numbers and ids; its
// writes with the commit (docs/features/sobreventa.md; its events are
// announced after the commit, off the request: sqldb/pubsub). The sale takes
// its day's seats with one statement, its counter's conditional UPDATE, with
// no lock before it (cupos.go, tomarLugares). A one-ticket sale names its
// customer as the ticket's passenger (pasajeros.go): one more statement on
// SQLite, none more on PostgreSQL (it rides with the next one).
func TestSaleAndBoardingRunFewStatements(t *testing.T) {
	want := map[string]struct{ venta, embarque int }{"sqlite": {13, 5}, "postgres": {2, 1}}
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		a := e.vendedor
		a.Huella = "huella"
		var ps []store.Pasaje
		vender := func(clave string) {
			a.Clave = clave
			var err error
			if ps, err = e.st.Vender(ctx, a, e.venta(e.norte, e.efectivo, hoy, 1)); err != nil {
				t.Fatal(err)
			}
		}
		embarcar := func(clave string) {
			a.Clave = clave
			if _, err := e.st.ValidarPorCodigo(ctx, a, ps[0].CodigoQR, hoy, 0); err != nil {
				t.Fatal(err)
			}
		}
		// warm: every connection of the pool has prepared the statements (pgx prepares once per connection)
		for i := range 25 {
			vender(fmt.Sprintf("calentar-%d", i))
			embarcar(fmt.Sprintf("calentar-embarque-%d", i))
		}
		contar := contarSentencias
		if e.st.Dialect() == "postgres" {
			contar = contarIdas
		}
		venta := contar(e.st, func() { vender("venta-contada") })
		embarque := contar(e.st, func() { embarcar("embarque-contado") })
		w := want[e.st.Dialect()]
		if len(venta) != w.venta {
			t.Errorf("la venta corrió %d sentencias o idas, se esperaban %d:\n%s", len(venta), w.venta, strings.Join(venta, "\n"))
		}
		if len(embarque) != w.embarque {
			t.Errorf("el embarque corrió %d sentencias o idas, se esperaban %d:\n%s", len(embarque), w.embarque,
				strings.Join(embarque, "\n"))
		}
	})
}

// TestOneConnectionServesSalesAndAuthenticationWithoutDeadlock: on a
// PostgreSQL pool of one connection (one turn) a sale, whose reads and
// transaction hold one turn together, and the token check still run, one
// after the other and at once: what runs inside a turn never waits for another.
func TestOneConnectionServesSalesAndAuthenticationWithoutDeadlock(t *testing.T) {
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	e := nuevaEmpresa(t, storetest.Postgres(t, store.WithMaxConns(1)), "Lanchas del Delta", "ana")
	e.abrir(t, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := e.st.Vender(ctx, e.vendedor, e.venta(e.norte, e.efectivo, hoy, 2))
			errs <- err
		}()
		go func() {
			defer wg.Done()
			_, _, err := e.st.UsuarioDeToken(ctx, "jti-de-prueba", e.vendedor.UsuarioID)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = $1`, e.empresaID); n != 8 {
		t.Fatalf("%d pasajes vendidos, se esperaban 8", n)
	}
}
