// Package jobs is the room for work outside a request (docs/architecture.md,
// "Work outside a request"): periodic work (Every), taken by one instance per
// turn, and queued work claimed by exactly one worker, retried with backoff
// while its handler says a failure is worth retrying: from the work queue
// (Handle) or from a table of its own whose rows screens read (HandleCola:
// the outbox, the pushes). One Runner per process, started once from
// cmd/muelle; every job is counted by name for the service status and logged
// with its name.
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
	// Fila is the claimed row of a source's own table (HandleCola) as its
	// source reads it (a store.Mensaje, a store.EnvioPush); nil for the work
	// queue's work.
	Fila any
}

// Cola is the work queue the runner claims from (store.Store).
type Cola interface {
	// ReclamarTrabajo claims the due work of the kinds for lease.
	ReclamarTrabajo(ctx context.Context, tipos []string, lease time.Duration) (Trabajo, bool, error)
	// TerminarTrabajo records the claimed work done with its result.
	TerminarTrabajo(ctx context.Context, t Trabajo, resultado string) error
	// ReintentarTrabajo leaves it pending for espera (on the store's clock,
	// the one its claim compares with) with motivo.
	ReintentarTrabajo(ctx context.Context, t Trabajo, espera time.Duration, motivo string) error
	// FallarTrabajo records it failed for good with motivo.
	FallarTrabajo(ctx context.Context, t Trabajo, motivo string) error
	// SoltarTrabajo frees the claim without counting the attempt (shutdown).
	SoltarTrabajo(ctx context.Context, t Trabajo) error
	// TomarTurno takes the periodic job's turn when it is due, and sets the next one cada later.
	TomarTurno(ctx context.Context, nombre string, cada time.Duration) (bool, error)
}

// Fuente is a queue kept in a table of its own because screens read its rows
// (the outbox's mensajes, the push_envios): HandleCola claims its due rows
// and closes them through it, as the work queue's are. Reclamar gives each
// row to exactly one claimer across instances (store.reclamarFila) and counts
// the attempt in Intento; a close applies only while its claim holds.
type Fuente interface {
	// Reclamar claims the row due the longest for lease (ok false: none is due).
	Reclamar(ctx context.Context, lease time.Duration) (t Trabajo, ok bool, err error)
	// Terminar records the claimed row done with its result.
	Terminar(ctx context.Context, t Trabajo, resultado string) error
	// Reintentar leaves it pending for espera (on the store's clock) with motivo.
	Reintentar(ctx context.Context, t Trabajo, espera time.Duration, motivo string) error
	// Fallar records it failed for good with motivo.
	Fallar(ctx context.Context, t Trabajo, motivo string) error
	// Soltar frees the claim without counting the attempt (shutdown).
	Soltar(ctx context.Context, t Trabajo) error
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

// Demora marks a failure worth retrying no sooner than espera (what the
// service asked for: a Retry-After); the retry waits the longer of espera and
// the handler's Backoff.
func Demora(err error, espera time.Duration) error { return demora{err: err, espera: espera} }

type demora struct {
	err    error
	espera time.Duration
}

func (d demora) Error() string { return d.err.Error() }
func (d demora) Unwrap() error { return d.err }

// esperaPedida is the wait a failure asked for with Demora (0: none).
func esperaPedida(err error) time.Duration {
	var d demora
	if errors.As(err, &d) {
		return d.espera
	}
	return 0
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
	// handlers are the kinds of the work queue (Handle), fuentes the
	// sources' (HandleCola), each drained in a loop of its own.
	handlers  map[string]Handler
	fuentes   map[string]*cola
	despertar chan struct{}

	mu       sync.Mutex
	estados  map[string]*Estado
	iniciado bool
}

// Nuevo is a runner over the work queue q.
func Nuevo(q Cola, log *slog.Logger) *Runner {
	return &Runner{Cola: q, Log: log, Espera: 15 * time.Second, Gracia: 10 * time.Second,
		handlers: map[string]Handler{}, fuentes: map[string]*cola{}, despertar: make(chan struct{}, 1),
		estados: map[string]*Estado{}}
}

// cola is a queue the runner drains in a loop of its own, woken through
// despertar: the work queue (every kind of Handle) or a source (HandleCola),
// so a slow source (WhatsApp's pacing) holds no other.
type cola struct {
	nombre    string
	fuente    Fuente
	handlers  map[string]Handler
	lease     time.Duration
	despertar chan struct{}
}

// Every runs fn every cada, in one instance per turn (the turn is taken in the
// database, so two instances never run it in the same interval).
func (r *Runner) Every(nombre string, cada time.Duration, fn func(ctx context.Context) error) {
	r.registrar(nombre)
	r.periodicas = append(r.periodicas, periodica{nombre: nombre, cada: cada, fn: fn})
}

// Handle runs queued work of the kind tipo with h.
func (r *Runner) Handle(tipo string, h Handler) {
	r.handlers[tipo] = r.handler(tipo, h)
}

// HandleCola runs with h the work of the kind tipo that the source f keeps
// in a table of its own, in a loop of its own, and returns its wake-up: the
// source's enqueue calls it after its commit (never blocking).
func (r *Runner) HandleCola(tipo string, f Fuente, h Handler) (despertar func()) {
	c := &cola{nombre: tipo, fuente: conTipo{Fuente: f, tipo: tipo}, lease: h.Lease,
		handlers: map[string]Handler{tipo: r.handler(tipo, h)}, despertar: make(chan struct{}, 1)}
	r.fuentes[tipo] = c
	return func() { despertarCola(c.despertar) }
}

// handler is h checked, with its defaults, registered under tipo.
func (r *Runner) handler(tipo string, h Handler) Handler {
	if h.Run == nil || h.Lease <= 0 || h.MaxAttempts < 1 {
		panic(fmt.Sprintf("jobs: handler %q incompleto", tipo))
	}
	if h.Backoff == nil {
		h.Backoff = BackoffDoble
	}
	r.registrar(tipo)
	return h
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
func (r *Runner) Despertar() { despertarCola(r.despertar) }

func despertarCola(despertar chan struct{}) {
	select {
	case despertar <- struct{}{}:
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
	for _, c := range r.colas() {
		wg.Go(func() { r.correrCola(ctx, trabajo, c) })
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

// colas are the queues to drain: each source, and the work queue when a kind uses it.
func (r *Runner) colas() []*cola {
	var out []*cola
	for _, c := range r.fuentes {
		out = append(out, c)
	}
	if len(r.handlers) > 0 {
		tipos := make([]string, 0, len(r.handlers))
		for t := range r.handlers {
			tipos = append(tipos, t)
		}
		out = append(out, r.colaDeTrabajos(tipos, r.despertar))
	}
	return out
}

// colaDeTrabajos is the work queue of the kinds tipos, its claims as long as
// the longest of their leases.
func (r *Runner) colaDeTrabajos(tipos []string, despertar chan struct{}) *cola {
	sort.Strings(tipos)
	lease := time.Duration(0)
	for _, t := range tipos {
		lease = max(lease, r.handlers[t].Lease)
	}
	return &cola{nombre: "trabajos", fuente: trabajos{Cola: r.Cola, tipos: tipos}, handlers: r.handlers,
		lease: lease, despertar: despertar}
}

// Vaciar runs the due work of the kind tipo now, in the caller's goroutine,
// until none is due, and returns how many it ran: for tests, and for a
// command that cannot wait for the loops.
func (r *Runner) Vaciar(ctx context.Context, tipo string) (int, error) {
	c, ok := r.fuentes[tipo]
	if !ok {
		if _, ok := r.handlers[tipo]; !ok {
			return 0, fmt.Errorf("jobs: %q no está registrado", tipo)
		}
		c = r.colaDeTrabajos([]string{tipo}, nil)
	}
	return r.vaciar(ctx, ctx, c)
}

// correrCola drains c until ctx ends: when woken and every Espera.
func (r *Runner) correrCola(ctx, trabajo context.Context, c *cola) {
	for {
		if _, err := r.vaciar(ctx, trabajo, c); err != nil && ctx.Err() == nil {
			r.Log.Warn("no se pudo reclamar trabajo", "cola", c.nombre, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-c.despertar:
		case <-time.After(r.Espera):
		}
	}
}

// vaciar runs c's due work until none is due or ctx ends, and returns how
// many it ran.
func (r *Runner) vaciar(ctx, trabajo context.Context, c *cola) (int, error) {
	n := 0
	for ctx.Err() == nil {
		t, ok, err := c.fuente.Reclamar(ctx, c.lease)
		if err != nil || !ok {
			return n, err
		}
		n++
		r.ejecutar(ctx, trabajo, c, t)
	}
	return n, nil
}

// ejecutar runs one claimed piece of work and records how it went, even past
// the grace (work done is never left to be done again); work cut short by
// shutdown is released for another worker, its attempt not counted.
func (r *Runner) ejecutar(ctx, trabajo context.Context, c *cola, t Trabajo) {
	h := c.handlers[t.Tipo]
	resultado, reintentar, err := h.Run(trabajo, t)
	r.contar(t.Tipo, err)
	cerrar := context.WithoutCancel(trabajo)
	var cierre error
	switch {
	case err == nil:
		cierre = c.fuente.Terminar(cerrar, t, resultado)
	case trabajo.Err() != nil || (ctx.Err() != nil && errors.Is(err, context.Canceled)):
		cierre = c.fuente.Soltar(cerrar, t)
	case reintentar && t.Intento < h.MaxAttempts:
		r.Log.Warn("trabajo demorado", "tipo", t.Tipo, "clave", t.Clave, "intento", t.Intento, "err", err)
		cierre = c.fuente.Reintentar(cerrar, t, max(h.Backoff(t.Intento), esperaPedida(err)), err.Error())
	default:
		r.Log.Error("trabajo fallido", "tipo", t.Tipo, "clave", t.Clave, "intento", t.Intento, "err", err)
		cierre = c.fuente.Fallar(cerrar, t, err.Error())
	}
	if cierre != nil {
		r.Log.Warn("no se pudo registrar el resultado del trabajo", "tipo", t.Tipo, "clave", t.Clave, "err", cierre)
	}
}

// trabajos is the work queue as the source of the kinds tipos.
type trabajos struct {
	Cola
	tipos []string
}

func (q trabajos) Reclamar(ctx context.Context, lease time.Duration) (Trabajo, bool, error) {
	return q.ReclamarTrabajo(ctx, q.tipos, lease)
}

func (q trabajos) Terminar(ctx context.Context, t Trabajo, resultado string) error {
	return q.TerminarTrabajo(ctx, t, resultado)
}

func (q trabajos) Reintentar(ctx context.Context, t Trabajo, espera time.Duration, motivo string) error {
	return q.ReintentarTrabajo(ctx, t, espera, motivo)
}

func (q trabajos) Fallar(ctx context.Context, t Trabajo, motivo string) error {
	return q.FallarTrabajo(ctx, t, motivo)
}

func (q trabajos) Soltar(ctx context.Context, t Trabajo) error { return q.SoltarTrabajo(ctx, t) }

// conTipo is a source whose claimed work carries the kind it was registered as.
type conTipo struct {
	Fuente
	tipo string
}

func (f conTipo) Reclamar(ctx context.Context, lease time.Duration) (Trabajo, bool, error) {
	t, ok, err := f.Fuente.Reclamar(ctx, lease)
	t.Tipo = f.tipo
	return t, ok, err
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
