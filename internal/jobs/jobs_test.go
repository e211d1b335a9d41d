package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func silencio() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// arrancar starts r until the test ends (or until the returned stop is called).
func arrancar(t *testing.T, r *jobs.Runner) (parar func()) {
	ctx, cancel := context.WithCancel(context.Background())
	listo := make(chan struct{})
	go func() { r.Start(ctx); close(listo) }()
	parar = func() { cancel(); <-listo }
	t.Cleanup(parar)
	return parar
}

// esperar polls cond for up to 20 s.
func esperar(t *testing.T, que string, cond func() bool) {
	t.Helper()
	for fin := time.Now().Add(20 * time.Second); time.Now().Before(fin); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("no llegó %s", que)
}

// Two runners (two instances) run every queued piece of work exactly once;
// work that fails with a retryable error is retried and keeps its key; one
// that fails for good is recorded failed with its error.
func TestDosInstanciasCorrenCadaTrabajoUnaVez(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		var mu sync.Mutex
		corridas := map[string]int{}
		handler := jobs.Handler{Lease: time.Minute, MaxAttempts: 3, Backoff: func(int) time.Duration { return 0 },
			Run: func(_ context.Context, tr jobs.Trabajo) (string, bool, error) {
				mu.Lock()
				defer mu.Unlock()
				corridas[tr.Clave]++
				switch {
				case tr.Clave == "reintento" && tr.Intento == 1:
					return "", true, errors.New("el servicio no respondió")
				case tr.Clave == "rechazo":
					return "", false, errors.New("datos inválidos")
				}
				return fmt.Sprintf("hecho en el intento %d", tr.Intento), false, nil
			}}
		for range 2 {
			r := jobs.Nuevo(st, silencio())
			r.Handle("prueba", handler)
			st.AlEncolarTrabajo(r.Despertar)
			arrancar(t, r)
		}
		claves := []string{"reintento", "rechazo"}
		for i := range 30 {
			claves = append(claves, fmt.Sprintf("t%02d", i))
		}
		for _, c := range claves {
			if _, err := st.EncolarTrabajo(ctx, store.NuevoTrabajo{Tipo: "prueba", Clave: c}); err != nil {
				t.Fatal(err)
			}
		}
		esperar(t, "todos los trabajos cerrados", func() bool {
			return storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE estado = 'pendiente'`) == 0
		})
		mu.Lock()
		defer mu.Unlock()
		for _, c := range claves {
			quiero := map[string]int{"reintento": 2}[c]
			if quiero == 0 {
				quiero = 1
			}
			if corridas[c] != quiero {
				t.Errorf("%s corrió %d veces; quiero %d", c, corridas[c], quiero)
			}
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE clave = 'reintento' AND estado = 'hecho'
			AND resultado = 'hecho en el intento 2'`); n != 1 {
			t.Error("el reintento no quedó hecho con su resultado")
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE clave = 'rechazo' AND estado = 'fallido'
			AND error = 'datos inválidos' AND intentos = 1`); n != 1 {
			t.Error("el rechazo no quedó fallido al primer intento con su error")
		}
	})
}

// A shutdown in the middle of a piece of work cancels it after the grace and
// releases it: nothing half done, due again with its attempt not counted.
func TestApagarAMitadDeUnTrabajoLoLibera(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		empezo := make(chan struct{})
		r := jobs.Nuevo(st, silencio())
		r.Gracia = 50 * time.Millisecond
		r.Handle("largo", jobs.Handler{Lease: time.Hour, MaxAttempts: 5,
			Run: func(ctx context.Context, _ jobs.Trabajo) (string, bool, error) {
				close(empezo)
				<-ctx.Done()
				return "", true, ctx.Err()
			}})
		st.AlEncolarTrabajo(r.Despertar)
		parar := arrancar(t, r)
		if _, err := st.EncolarTrabajo(context.Background(), store.NuevoTrabajo{Tipo: "largo", Clave: "uno"}); err != nil {
			t.Fatal(err)
		}
		<-empezo
		parar()
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE estado = 'pendiente' AND intentos = 0
			AND reclamado_hasta IS NULL`); n != 1 {
			t.Fatal("el trabajo cortado por el apagado no quedó libre y sin intento contado")
		}
	})
}

// A periodic job runs once per interval however many instances run it, and is
// counted for the service status.
func TestUnaTareaPeriodicaCorreUnaVezPorIntervalo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		var corridas atomic.Int64
		var runners []*jobs.Runner
		for range 3 {
			r := jobs.Nuevo(st, silencio())
			r.Every("barrer", 400*time.Millisecond, func(context.Context) error {
				corridas.Add(1)
				return errors.New("sin conexión")
			})
			runners = append(runners, r)
			arrancar(t, r)
		}
		time.Sleep(1500 * time.Millisecond)
		// turns at 0, 0.4, 0.8 and 1.2 s: four, not twelve
		if n := corridas.Load(); n < 3 || n > 5 {
			t.Fatalf("la tarea corrió %d veces en 1,5 s con turnos de 0,4 s entre 3 instancias", n)
		}
		var suma int64
		for _, r := range runners {
			e := r.Estados()[0]
			suma += e.Corridas
			if e.Nombre != "barrer" || (e.Corridas > 0 && (e.Fallas != e.Corridas || e.UltimoError != "sin conexión")) {
				t.Fatalf("estado %+v", e)
			}
		}
		if suma != corridas.Load() {
			t.Fatalf("los estados cuentan %d corridas; fueron %d", suma, corridas.Load())
		}
	})
}
