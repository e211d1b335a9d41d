package mensajeria

import (
	"context"
	"errors"
	"strconv"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store"
)

// Salida is how an outbox (Bandeja) sends one channel's messages: Armar builds a row
// of the outbox into what the channel sends, Abrir opens the company's channel.
type Salida struct {
	Armar func(ctx context.Context, m store.Mensaje) (Mensaje, error)
	Abrir Abridor
}

// Job kinds of the outbox's channels on the runner (jobs.Runner.HandleCola),
// as the service status names them.
const (
	TipoCorreo   = "correo"
	TipoWhatsApp = "whatsapp"
	TipoPush     = "push"
)

// Reintentos bounds the attempts of a message that keeps failing temporarily.
const Reintentos = 8

// Espera is how long a message waits after its n-th failed attempt: 30 s
// doubling, at most an hour (the runner's jobs.BackoffDoble).
func Espera(n int) time.Duration { return jobs.BackoffDoble(n) }

// Bandeja is one channel's outbox as work of the job runner: the channel's
// rows of mensajes are its queue (a jobs.Fuente: each message claimed by
// exactly one worker across instances, for Lease), Salida builds and sends
// each, and a temporary failure is retried after Espera, at most Reintentos
// attempts. Each channel is a kind of its own, drained in a loop of its own.
type Bandeja struct {
	Store  *store.Store
	Canal  string
	Salida Salida
	// Lease is how long a claim lasts; a worker that dies frees its message then.
	Lease time.Duration
}

// Registrar registers the e-mail outbox on r as the kind TipoCorreo.
func (e Email) Registrar(r *jobs.Runner) {
	Bandeja{Store: e.Store, Canal: store.CanalEmail, Salida: e.Salida(), Lease: 2 * TimeoutSMTP}.Registrar(r, TipoCorreo)
}

// Registrar registers the outbox on r as the kind tipo, woken by the store
// once a transaction that queued a message of its channel has committed.
func (b Bandeja) Registrar(r *jobs.Runner, tipo string) {
	b.Store.AlEncolarMensaje(b.Canal, r.HandleCola(tipo, b,
		jobs.Handler{Run: b.enviar, Lease: b.Lease, MaxAttempts: Reintentos, Backoff: Espera}))
}

// Reclamar claims the channel's message due the longest (store.ReclamarMensaje).
func (b Bandeja) Reclamar(ctx context.Context, lease time.Duration) (jobs.Trabajo, bool, error) {
	m, ok, err := b.Store.ReclamarMensaje(ctx, lease, b.Canal)
	return jobs.Trabajo{ID: m.ID, EmpresaID: m.EmpresaID, Clave: strconv.FormatInt(m.ID, 10), Intento: m.Intentos,
		Fila: m}, ok, err
}

// Terminar records the claimed message sent.
func (b Bandeja) Terminar(ctx context.Context, t jobs.Trabajo, _ string) error {
	_, err := b.Store.MarcarEnviado(ctx, mensajeDe(t))
	return err
}

// Reintentar leaves the claimed message pending for espera with motivo.
func (b Bandeja) Reintentar(ctx context.Context, t jobs.Trabajo, espera time.Duration, motivo string) error {
	_, err := b.Store.Reintentar(ctx, mensajeDe(t), b.Store.Now().Add(espera), motivo)
	return err
}

// Fallar records the claimed message failed for good with motivo.
func (b Bandeja) Fallar(ctx context.Context, t jobs.Trabajo, motivo string) error {
	_, err := b.Store.MarcarFallido(ctx, mensajeDe(t), motivo)
	return err
}

// Soltar frees the claimed message, its attempt not counted (shutdown).
func (b Bandeja) Soltar(ctx context.Context, t jobs.Trabajo) error {
	_, err := b.Store.SoltarMensaje(ctx, mensajeDe(t))
	return err
}

func mensajeDe(t jobs.Trabajo) store.Mensaje { return t.Fila.(store.Mensaje) }

// enviar builds and sends one claimed message; a failure is retried while
// temporary, and reads (in the message and the log) as textoFalla.
func (b Bandeja) enviar(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	if err := b.intentar(ctx, mensajeDe(t)); err != nil {
		return "", EsTemporal(err), falla{err}
	}
	return "", false, nil
}

// falla is a send's error as the message keeps it (textoFalla).
type falla struct{ err error }

func (f falla) Error() string { return textoFalla(f.err) }
func (f falla) Unwrap() error { return f.err }

// textoFalla is a send's error as a message keeps it (domain.Falla.Texto):
// a mail's category and detail; another channel's error already starts with
// its category (domain.ClasificarFalla reads it back).
func textoFalla(err error) string {
	if ec := (*ErrorCorreo)(nil); errors.As(err, &ec) {
		return ec.Falla().Texto()
	}
	return err.Error()
}

func (b Bandeja) intentar(ctx context.Context, m store.Mensaje) error {
	msg, err := b.Salida.Armar(ctx, m)
	if err != nil {
		return err
	}
	canal, err := b.Salida.Abrir(ctx, m.EmpresaID)
	if err != nil {
		return err
	}
	return canal.Enviar(ctx, msg)
}
