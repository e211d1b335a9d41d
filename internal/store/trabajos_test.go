package store_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// A retried enqueue queues nothing more and wakes nothing; a rolled-back one
// leaves no row and wakes nothing; a committed one wakes the runner once.
func TestEncolarUnaVezYDespertarSoloTrasElCommit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		var despertares atomic.Int64
		st.AlEncolarTrabajo(func() { despertares.Add(1) })
		n := store.NuevoTrabajo{EmpresaID: 1, Tipo: "factura", Clave: "venta-7", Datos: map[string]int{"venta": 7}}
		for i, quiero := range []bool{true, false} {
			if creado, err := st.EncolarTrabajo(ctx, n); err != nil || creado != quiero {
				t.Fatalf("encolar %d: creado %v, %v; quiero %v", i, creado, err, quiero)
			}
		}
		if err := st.EncolarEnTx(ctx, store.NuevoTrabajo{Tipo: "factura", Clave: "venta-8"}, errors.New("rollback")); err == nil {
			t.Fatal("la transacción debía fallar")
		}
		if d := despertares.Load(); d != 1 {
			t.Fatalf("%d despertares; quiero 1 (el reintento y el rollback no despiertan)", d)
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos`); n != 1 {
			t.Fatalf("%d trabajos; quiero 1", n)
		}
	})
}

// Two instances claiming at once: each piece of work is claimed by exactly
// one of them.
func TestCadaTrabajoLoReclamaUnaSolaInstancia(t *testing.T) {
	porMotor(t, func(t *testing.T, a, b *store.Store) {
		ctx := context.Background()
		const total = 40
		for i := range total {
			if _, err := a.EncolarTrabajo(ctx, store.NuevoTrabajo{Tipo: "x", Clave: string(rune('A' + i))}); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		vistos := map[int64]int{}
		var wg sync.WaitGroup
		for _, st := range []*store.Store{a, b, a, b} {
			wg.Go(func() {
				for {
					tr, ok, err := st.ReclamarTrabajo(ctx, []string{"x"}, time.Minute)
					if err != nil {
						t.Error(err)
						return
					}
					if !ok {
						return
					}
					mu.Lock()
					vistos[tr.ID]++
					mu.Unlock()
					if err := st.TerminarTrabajo(ctx, tr, "listo"); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		if len(vistos) != total {
			t.Fatalf("se reclamaron %d trabajos; quiero %d", len(vistos), total)
		}
		for id, n := range vistos {
			if n != 1 {
				t.Fatalf("el trabajo %d se reclamó %d veces", id, n)
			}
		}
		if n := storetest.Int(t, a, `SELECT COUNT(*) FROM trabajos WHERE estado = 'hecho' AND resultado = 'listo'`); n != total {
			t.Fatalf("%d terminados; quiero %d", n, total)
		}
	})
}

// porMotor runs fn with two stores on one database (two instances): SQLite
// and, when configured, PostgreSQL.
func porMotor(t *testing.T, fn func(t *testing.T, a, b *store.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		st := storetest.SQLite(t)
		fn(t, st, st)
	})
	if storetest.PostgresURL() != "" {
		t.Run("postgres", func(t *testing.T) {
			a, b := storetest.PostgresPair(t)
			fn(t, a, b)
		})
	}
}

// A claim whose lease ran out frees the work for another worker, which gets
// it with the same key and the next attempt; the first worker's late close
// changes nothing. A shutdown's release does not count the attempt.
func TestUnReclamoVencidoLiberaElTrabajo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		ahora := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
		st.Now = func() time.Time { return ahora }
		if _, err := st.EncolarTrabajo(ctx, store.NuevoTrabajo{EmpresaID: 3, Tipo: "cae", Clave: "factura-1"}); err != nil {
			t.Fatal(err)
		}
		primero, ok, err := st.ReclamarTrabajo(ctx, []string{"cae"}, time.Minute)
		if err != nil || !ok || primero.Intento != 1 {
			t.Fatalf("primer reclamo: %+v %v %v", primero, ok, err)
		}
		if _, ok, _ := st.ReclamarTrabajo(ctx, []string{"cae"}, time.Minute); ok {
			t.Fatal("un trabajo reclamado se reclamó otra vez antes de vencer")
		}
		ahora = ahora.Add(2 * time.Minute)
		segundo, ok, err := st.ReclamarTrabajo(ctx, []string{"cae"}, time.Minute)
		if err != nil || !ok || segundo.ID != primero.ID || segundo.Clave != "factura-1" || segundo.Intento != 2 {
			t.Fatalf("tras vencer: %+v %v %v", segundo, ok, err)
		}
		if err := st.TerminarTrabajo(ctx, primero, "tarde"); err != nil {
			t.Fatal(err)
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE estado = 'pendiente'`); n != 1 {
			t.Fatal("el cierre del reclamo vencido cambió el trabajo")
		}
		if err := st.SoltarTrabajo(ctx, segundo); err != nil {
			t.Fatal(err)
		}
		tercero, ok, err := st.ReclamarTrabajo(ctx, []string{"cae"}, time.Minute)
		if err != nil || !ok || tercero.Intento != 2 {
			t.Fatalf("tras soltarlo: %+v %v %v; quiero el intento 2 otra vez", tercero, ok, err)
		}
	})
}

// A periodic job's turn goes to one instance per interval.
func TestUnTurnoPorIntervaloEntreInstancias(t *testing.T) {
	porMotor(t, func(t *testing.T, a, b *store.Store) {
		ctx := context.Background()
		ahora := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
		reloj := func() time.Time { return ahora }
		a.Now, b.Now = reloj, reloj
		tomar := func() int {
			var n atomic.Int64
			var wg sync.WaitGroup
			for _, st := range []*store.Store{a, b, a, b} {
				wg.Go(func() {
					if ok, err := st.TomarTurno(ctx, "salidas", time.Hour); err != nil {
						t.Error(err)
					} else if ok {
						n.Add(1)
					}
				})
			}
			wg.Wait()
			return int(n.Load())
		}
		for i, c := range []struct {
			avance time.Duration
			quiero int
		}{{0, 1}, {30 * time.Minute, 0}, {31 * time.Minute, 1}, {time.Minute, 0}} {
			ahora = ahora.Add(c.avance)
			if n := tomar(); n != c.quiero {
				t.Fatalf("vuelta %d: %d instancias tomaron el turno; quiero %d", i, n, c.quiero)
			}
		}
	})
}
