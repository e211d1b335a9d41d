// Package jobs is the room for work outside a request (docs/architecture.md,
// "Work outside a request"): periodic work (Every), taken by one instance per
// turn, and queued work (Handle) claimed from the work queue by exactly one
// worker, retried with backoff while its handler says a failure is worth
// retrying. One Runner per process, started once from cmd/muelle; every job
// is counted by name for the service status and logged with its name.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"
)

// Trabajo is a claimed piece of queued work: its kind, its key (unique with
// its company and kind), its payload and the attempt this claim is (from 1).
type Trabajo struct {
	ID        int64
	EmpresaID int64
	Tipo      string
	Clave     string
	Datos     json.RawMessage
	Intento   int
}

// Cola is the work queue the runner claims from (store.Store).
type Cola interface {
	// ReclamarTrabajo claims the due work of the kinds for lease.
	ReclamarTrabajo(ctx context.Context, tipos []string, lease time.Duration) (Trabajo, bool, error)
	// TerminarTrabajo records the claimed work done with its result.
	TerminarTrabajo(ctx context.Context, t Trabajo, resultado string) error
	// ReintentarTrabajo leaves it pending until en with motivo.
	ReintentarTrabajo(ctx context.Context, t Trabajo, en time.Time, motivo string) error
	// FallarTrabajo records it failed for good with motivo.
	FallarTrabajo(ctx context.Context, t Trabajo, motivo string) error
	// SoltarTrabajo frees the claim without counting the attempt (shutdown).
	SoltarTrabajo(ctx context.Context, t Trabajo) error
	// TomarTurno takes the periodic job's turn when it is due, and sets the next one cada later.
	TomarTurno(ctx context.Context, nombre string, cada time.Duration) (bool, error)
}

// Handler runs queued work of one kind. Run says, with a failure, whether it
// is worth retrying (a timeout, a 5xx: yes; a refusal, bad data: no). The
// work is retried until MaxAttempts, waiting Backoff(attempt) in between; a
// claim lasts Lease, after which another worker may take the work again.
type Handler struct {
	Run         func(ctx context.Context, t Trabajo) (resultado string, reintentar bool, err error)
	Lease       time.Duration
	MaxAttempts int
	Backoff     func(intento int) time.Duration
}

// BackoffDoble waits 30 s after the first failure, doubling up to an hour.
func BackoffDoble(intento int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < intento && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// Estado is a job's counts in this process, for the service status: its
// runs, its failures, the last error, whether the last run failed, when it
// last ran and (periodic jobs) when this instance looks again.
type Estado struct {
	Nombre        string
	Corridas      int64
	Fallas        int64
	UltimoError   string
	Fallando      bool
	UltimaCorrida time.Time
	Proxima       time.Time
}

// periodica is work registered with Every.
type periodica struct {
	nombre string
	cada   time.Duration
	fn     func(ctx context.Context) error
}

// Runner runs the registered jobs from Start until its context ends.
type Runner struct {
	Cola Cola
	Log  *slog.Logger
	// Espera is how often the queue is looked at when nothing wakes the
	// runner (a wake-up comes with each commit that queues work).
	Espera time.Duration
	// Gracia is how long running work may go on after shutdown begins.
	Gracia time.Duration

	periodicas []periodica
	handlers   map[string]Handler
	despertar  chan struct{}

	mu       sync.Mutex
	estados  map[string]*Estado
	iniciado bool
}

// Nuevo is a runner over cola.
func Nuevo(cola Cola, log *slog.Logger) *Runner {
	return &Runner{Cola: cola, Log: log, Espera: 15 * time.Second, Gracia: 10 * time.Second,
		handlers: map[string]Handler{}, despertar: make(chan struct{}, 1), estados: map[string]*Estado{}}
}

// Every runs fn every cada, in one instance per turn (the turn is taken in the
// database, so two instances never run it in the same interval).
func (r *Runner) Every(nombre string, cada time.Duration, fn func(ctx context.Context) error) {
	r.registrar(nombre)
	r.periodicas = append(r.periodicas, periodica{nombre: nombre, cada: cada, fn: fn})
}

// Handle runs queued work of the kind tipo with h.
func (r *Runner) Handle(tipo string, h Handler) {
	if h.Run == nil || h.Lease <= 0 || h.MaxAttempts < 1 {
		panic(fmt.Sprintf("jobs: handler %q incompleto", tipo))
	}
	if h.Backoff == nil {
		h.Backoff = BackoffDoble
	}
	r.registrar(tipo)
	r.handlers[tipo] = h
}

func (r *Runner) registrar(nombre string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.iniciado {
		panic("jobs: registro después de Start")
	}
	if _, ok := r.estados[nombre]; ok {
		panic(fmt.Sprintf("jobs: %q registrado dos veces", nombre))
	}
	r.estados[nombre] = &Estado{Nombre: nombre}
}

// Despertar makes the runner look at the queue now (after a commit that
// queued work); it never blocks.
func (r *Runner) Despertar() {
	select {
	case r.despertar <- struct{}{}:
	default:
	}
}

// Estados are every job's counts, by name.
func (r *Runner) Estados() []Estado {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Estado, 0, len(r.estados))
	for _, e := range r.estados {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Nombre < out[j].Nombre })
	return out
}

// Start runs every job until ctx ends, then waits for the work under way
// (at most Gracia; past it the work's context is cancelled and its claim
// released) and returns.
func (r *Runner) Start(ctx context.Context) {
	r.mu.Lock()
	r.iniciado = true
	r.mu.Unlock()
	trabajo, cancelar := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelar()
	var wg sync.WaitGroup
	for _, p := range r.periodicas {
		wg.Go(func() { r.correrPeriodica(ctx, trabajo, p) })
	}
	if len(r.handlers) > 0 {
		wg.Go(func() { r.correrCola(ctx, trabajo) })
	}
	<-ctx.Done()
	listo := make(chan struct{})
	go func() { wg.Wait(); close(listo) }()
	select {
	case <-listo:
	case <-time.After(r.Gracia):
		cancelar()
		<-listo
	}
}

// correrPeriodica takes p's turn every p.cada (looking at least once a
// minute, so a turn another instance missed is taken soon) until ctx ends;
// the work itself runs on trabajo, which outlives ctx by the grace.
func (r *Runner) correrPeriodica(ctx, trabajo context.Context, p periodica) {
	mirar := min(p.cada, time.Minute)
	for {
		ok, err := r.Cola.TomarTurno(ctx, p.nombre, p.cada)
		switch {
		case err != nil && ctx.Err() == nil:
			r.Log.Warn("no se pudo tomar el turno de la tarea", "tarea", p.nombre, "err", err)
		case ok:
			r.contar(p.nombre, p.fn(trabajo))
		}
		r.anotarProxima(p.nombre, time.Now().Add(mirar))
		select {
		case <-ctx.Done():
			return
		case <-time.After(mirar):
		}
	}
}

// correrCola runs the due queued work until ctx ends: when woken and every Espera.
func (r *Runner) correrCola(ctx, trabajo context.Context) {
	tipos := make([]string, 0, len(r.handlers))
	lease := time.Duration(0)
	for t, h := range r.handlers {
		tipos = append(tipos, t)
		lease = max(lease, h.Lease)
	}
	sort.Strings(tipos)
	for {
		for ctx.Err() == nil {
			t, ok, err := r.Cola.ReclamarTrabajo(ctx, tipos, lease)
			if err != nil && ctx.Err() == nil {
				r.Log.Warn("no se pudo reclamar trabajo", "err", err)
			}
			if err != nil || !ok {
				break
			}
			r.ejecutar(ctx, trabajo, t)
		}
		select {
		case <-ctx.Done():
			return
		case <-r.despertar:
		case <-time.After(r.Espera):
		}
	}
}

// ejecutar runs one claimed piece of work and records how it went; work cut
// short by shutdown is released for another worker, its attempt not counted.
func (r *Runner) ejecutar(ctx, trabajo context.Context, t Trabajo) {
	h := r.handlers[t.Tipo]
	resultado, reintentar, err := h.Run(trabajo, t)
	r.contar(t.Tipo, err)
	var cierre error
	switch {
	case err == nil:
		cierre = r.Cola.TerminarTrabajo(trabajo, t, resultado)
	case trabajo.Err() != nil || (ctx.Err() != nil && errors.Is(err, context.Canceled)):
		cierre = r.Cola.SoltarTrabajo(context.WithoutCancel(trabajo), t)
	case reintentar && t.Intento < h.MaxAttempts:
		r.Log.Warn("trabajo demorado", "tipo", t.Tipo, "clave", t.Clave, "intento", t.Intento, "err", err)
		cierre = r.Cola.ReintentarTrabajo(trabajo, t, time.Now().Add(h.Backoff(t.Intento)), err.Error())
	default:
		r.Log.Error("trabajo fallido", "tipo", t.Tipo, "clave", t.Clave, "intento", t.Intento, "err", err)
		cierre = r.Cola.FallarTrabajo(trabajo, t, err.Error())
	}
	if cierre != nil {
		r.Log.Warn("no se pudo registrar el resultado del trabajo", "tipo", t.Tipo, "clave", t.Clave, "err", cierre)
	}
}

// contar records a run of the job nombre and its error.
func (r *Runner) contar(nombre string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.estados[nombre]
	e.Corridas++
	e.UltimaCorrida = time.Now()
	e.Fallando = err != nil
	if err != nil {
		e.Fallas++
		e.UltimoError = err.Error()
		r.Log.Warn("tarea con error", "tarea", nombre, "err", err)
	}
}

func (r *Runner) anotarProxima(nombre string, en time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.estados[nombre].Proxima = en
}
