package mensajeria

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"time"

	"muelle/internal/store"
)

// Salida is how the worker sends one channel's messages: Armar builds a row
// of the outbox into what the channel sends, Abrir opens the company's channel.
type Salida struct {
	Armar func(ctx context.Context, m store.Mensaje) (Mensaje, error)
	Abrir Abridor
}

// Reintentos bounds the attempts of a message that keeps failing temporarily.
const Reintentos = 8

// Espera is how long a message waits after its n-th failed attempt: 30 s
// doubling, at most an hour.
func Espera(n int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// Worker sends the outbox messages of its channels (Salidas). Several workers
// (goroutines or instances) may run on one database: each message is claimed
// by exactly one of them for Lease; a worker leaves the other channels'
// messages to theirs.
type Worker struct {
	Store   *store.Store
	Salidas map[string]Salida // by store channel (store.CanalEmail ...)
	Log     *slog.Logger
	// Lease is how long a claim lasts; a worker that dies frees its message then.
	Lease     time.Duration
	despertar chan struct{}
}

// NuevoWorker is a worker over st with the e-mail channel.
func NuevoWorker(st *store.Store, log *slog.Logger, email Email) *Worker {
	return nuevoWorker(st, log, 2*TimeoutSMTP, store.CanalEmail, email.Salida())
}

// nuevoWorker is a worker of one channel.
func nuevoWorker(st *store.Store, log *slog.Logger, lease time.Duration, canal string, salida Salida) *Worker {
	return &Worker{Store: st, Log: log, Lease: lease, despertar: make(chan struct{}, 1),
		Salidas: map[string]Salida{canal: salida}}
}

// Despertar makes the worker look at the outbox now (called after a commit
// that wrote a message); it never blocks.
func (w *Worker) Despertar() { despertarSiDuerme(w.despertar) }

// Correr sends the outbox until ctx ends: when woken and every cada.
func (w *Worker) Correr(ctx context.Context, cada time.Duration) {
	correr(ctx, cada, w.despertar, w.Procesar, w.Log, "enviar mensajes pendientes")
}

// correr runs procesar until ctx ends: at once, when woken and every cada;
// its errors are logged as que.
func correr(ctx context.Context, cada time.Duration, despertar <-chan struct{},
	procesar func(context.Context) (int, error), log *slog.Logger, que string) {
	t := time.NewTicker(cada)
	defer t.Stop()
	for {
		if _, err := procesar(ctx); err != nil && ctx.Err() == nil {
			log.Error(que, "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-despertar:
		}
	}
}

// despertarSiDuerme wakes a worker through its channel; it never blocks.
func despertarSiDuerme(despertar chan struct{}) {
	select {
	case despertar <- struct{}{}:
	default:
	}
}

// Procesar sends every message due now and returns how many it attempted.
func (w *Worker) Procesar(ctx context.Context) (int, error) {
	n := 0
	for ctx.Err() == nil {
		m, ok, err := w.Store.ReclamarMensaje(ctx, w.Lease, slices.Sorted(maps.Keys(w.Salidas))...)
		if err != nil || !ok {
			return n, err
		}
		n++
		if err := w.enviar(ctx, m); err != nil {
			return n, err
		}
	}
	return n, ctx.Err()
}

// enviar sends one claimed message and records how it went: the message
// keeps its failure as category and detail (textoFalla), the log the detail too.
func (w *Worker) enviar(ctx context.Context, m store.Mensaje) error {
	err := w.intentar(ctx, m)
	switch {
	case err == nil:
		_, err = w.Store.MarcarEnviado(ctx, m)
	case EsTemporal(err) && m.Intentos < Reintentos:
		w.Log.Warn("mensaje demorado", "mensaje", m.ID, "intento", m.Intentos, "error", err.Error(), "detalle", Detalle(err))
		_, err = w.Store.Reintentar(ctx, m, w.Store.Now().Add(Espera(m.Intentos)), textoFalla(err))
	default:
		w.Log.Warn("mensaje fallido", "mensaje", m.ID, "error", err.Error(), "detalle", Detalle(err))
		_, err = w.Store.MarcarFallido(ctx, m, textoFalla(err))
	}
	return err
}

// textoFalla is a send's error as a message keeps it (domain.Falla.Texto):
// a mail's category and detail; another channel's error already starts with
// its category (domain.ClasificarFalla reads it back).
func textoFalla(err error) string {
	if ec := (*ErrorCorreo)(nil); errors.As(err, &ec) {
		return ec.Falla().Texto()
	}
	return err.Error()
}

func (w *Worker) intentar(ctx context.Context, m store.Mensaje) error {
	salida, ok := w.Salidas[m.Canal]
	if !ok {
		return errCanalDesconocido(m.Canal)
	}
	msg, err := salida.Armar(ctx, m)
	if err != nil {
		return err
	}
	canal, err := salida.Abrir(ctx, m.EmpresaID)
	if err != nil {
		return err
	}
	return canal.Enviar(ctx, msg)
}

type errCanalDesconocido string

func (e errCanalDesconocido) Error() string { return "canal de mensajes desconocido: " + string(e) }
