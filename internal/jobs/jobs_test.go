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

// fuenteEnMemoria is a source over a slice: Reclamar hands its work in order,
// each piece once, and every close is written down.
type fuenteEnMemoria struct {
	mu         sync.Mutex
	pendientes []jobs.Trabajo
	cierres    []string
}

func (f *fuenteEnMemoria) Reclamar(context.Context, time.Duration) (jobs.Trabajo, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.pendientes) == 0 {
		return jobs.Trabajo{}, false, nil
	}
	t := f.pendientes[0]
	f.pendientes = f.pendientes[1:]
	return t, true, nil
}

func (f *fuenteEnMemoria) anotar(formato string, args ...any) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cierres = append(f.cierres, fmt.Sprintf(formato, args...))
	return nil
}

func (f *fuenteEnMemoria) Terminar(_ context.Context, t jobs.Trabajo, resultado string) error {
	return f.anotar("%s terminado: %s", t.Clave, resultado)
}

func (f *fuenteEnMemoria) Reintentar(_ context.Context, t jobs.Trabajo, espera time.Duration, motivo string) error {
	return f.anotar("%s reintento en %v: %s", t.Clave, espera, motivo)
}

func (f *fuenteEnMemoria) Fallar(_ context.Context, t jobs.Trabajo, motivo string) error {
	return f.anotar("%s fallido: %s", t.Clave, motivo)
}

func (f *fuenteEnMemoria) Soltar(_ context.Context, t jobs.Trabajo) error {
	return f.anotar("%s soltado", t.Clave)
}

// A source's own work (HandleCola) carries its kind and is closed through
// the source: done with its result, retried after the longer of the
// handler's backoff and the wait the failure asked for (Demora), failed for
// good when not worth retrying or out of attempts; the kind is counted under
// its name, and never claimed from the work queue.
func TestUnaFuentePropiaCierraSusTrabajos(t *testing.T) {
	f := &fuenteEnMemoria{pendientes: []jobs.Trabajo{{Clave: "bien", Intento: 1}, {Clave: "lento", Intento: 1},
		{Clave: "pronto", Intento: 1}, {Clave: "rechazo", Intento: 1}, {Clave: "agotado", Intento: 3}}}
	r := jobs.Nuevo(nil, silencio()) // no work queue: claiming from it would panic
	r.HandleCola("aviso", f, jobs.Handler{Lease: time.Minute, MaxAttempts: 3,
		Backoff: func(int) time.Duration { return time.Minute },
		Run: func(_ context.Context, tr jobs.Trabajo) (string, bool, error) {
			switch {
			case tr.Tipo != "aviso":
				return "", false, fmt.Errorf("tipo %q", tr.Tipo)
			case tr.Clave == "bien":
				return "entregado", false, nil
			case tr.Clave == "lento":
				return "", true, jobs.Demora(errors.New("429"), time.Hour)
			case tr.Clave == "pronto":
				return "", true, jobs.Demora(errors.New("503"), time.Second)
			case tr.Clave == "rechazo":
				return "", false, errors.New("410")
			}
			return "", true, errors.New("sin red")
		}})
	n, err := r.Vaciar(context.Background(), "aviso")
	if err != nil || n != 5 {
		t.Fatalf("Vaciar corrió %d (%v); quiero 5", n, err)
	}
	quiero := []string{"bien terminado: entregado", "lento reintento en 1h0m0s: 429", "pronto reintento en 1m0s: 503",
		"rechazo fallido: 410", "agotado fallido: sin red"}
	if fmt.Sprint(f.cierres) != fmt.Sprint(quiero) {
		t.Fatalf("cierres %q\nquiero %q", f.cierres, quiero)
	}
	if e := r.Estados(); len(e) != 1 || e[0].Nombre != "aviso" || e[0].Corridas != 5 || e[0].Fallas != 4 ||
		!e[0].Fallando || e[0].UltimoError != "sin red" {
		t.Fatalf("estados %+v", e)
	}
	if _, err := r.Vaciar(context.Background(), "fax"); err == nil || err.Error() != `jobs: "fax" no está registrado` {
		t.Fatalf("Vaciar de un tipo sin registrar: %v", err)
	}
}
