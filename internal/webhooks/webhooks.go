// Package webhooks is the inbox of the outside (docs/architecture.md,
// "Inbound webhooks"): the one door, POST /api/webhooks/{proveedor}, through
// which outside services tell Muelle about their events. Each provider
// registers on the Buzon its Verificador, which checks a delivery's signature
// and its time before the body is parsed, and its Procesar, which the job
// runner calls with the stored event; the route stores each event once and
// queues its job in the same transaction.
package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"time"

	"muelle/internal/jobs"
)

// Why a delivery is refused. A verifier wraps one of them (fmt.Errorf("%w:
// …", ErrFirma)); the route answers each with its Spanish message and writes
// nothing.
var (
	// ErrFirma: the signature is missing, malformed or made with none of the secrets.
	ErrFirma = errors.New("webhooks: firma inválida")
	// ErrVencida: a good signature whose time is outside the tolerance, either way.
	ErrVencida = errors.New("webhooks: firma fuera de la tolerancia de tiempo")
	// ErrFormato: a good signature over a body that is not an event of the provider.
	ErrFormato = errors.New("webhooks: aviso con formato inesperado")
)

// Bounds of what the inbox keeps of an event.
const (
	MaxIDExterno  = 200
	MaxTipo       = 100
	MaxEncabezado = 1024
)

// States of a stored event.
const (
	EstadoRecibido  = "recibido"  // waiting for its job (also while a failure is retried)
	EstadoProcesado = "procesado" // its provider's Procesar succeeded
	EstadoFallido   = "fallido"   // its job gave up, with the last error
)

// Entrega is one delivery as it arrived: its raw body, its query string and
// its headers. A verifier reads the headers through Encabezado, so that the
// inbox keeps exactly the ones it used.
type Entrega struct {
	Cuerpo   []byte
	Consulta url.Values

	encabezados http.Header
	usados      map[string]string
}

// NuevaEntrega is the delivery of cuerpo with the query string and headers h.
func NuevaEntrega(cuerpo []byte, consulta url.Values, h http.Header) *Entrega {
	return &Entrega{Cuerpo: cuerpo, Consulta: consulta, encabezados: h, usados: map[string]string{}}
}

// Encabezado is the value of the header nombre ("" when absent), noted as used.
func (e *Entrega) Encabezado(nombre string) string {
	v := e.encabezados.Get(nombre)
	if v != "" {
		e.usados[http.CanonicalHeaderKey(nombre)] = v
	}
	return v
}

// Usados are the headers the verifier read, by canonical name.
func (e *Entrega) Usados() map[string]string { return e.usados }

// Evento is what a verifier reads of a delivery once its signature is good.
type Evento struct {
	// IDExterno is the provider's id of the event: a delivery with an id
	// already stored is the same event delivered again.
	IDExterno string
	// EmpresaID is the company the event is for (0: the provider names none).
	EmpresaID int64
	// Tipo is the provider's kind of event.
	Tipo string
}

// Verificador checks a provider's deliveries in the shape of stripe-go's
// webhook.ConstructEvent: first the signature over the bytes as sent (with
// any of the secrets, several during a rotation, compared in constant time)
// and its time within the tolerance, then, only when both are good, the body
// parsed into the event. ctx serves a verifier whose secrets are in the
// database (one per company, sealed).
type Verificador interface {
	Verificar(ctx context.Context, e *Entrega, ahora time.Time) (Evento, error)
}

// Recibido is a verified event to store: its provider, the event, the raw
// body and the headers the verifier used.
type Recibido struct {
	Proveedor   string
	Evento      Evento
	Cuerpo      []byte
	Encabezados map[string]string
}

// Entrante is a stored event.
type Entrante struct {
	ID int64
	Recibido
	RecibidoEn  time.Time
	Estado      string
	ProcesadoEn *time.Time
	Error       string
}

// Almacen keeps the events (store.Store).
type Almacen interface {
	// Entrante is the stored event id.
	Entrante(ctx context.Context, id int64) (Entrante, error)
	// AnotarEntrante records the event's state and, when it failed, why.
	AnotarEntrante(ctx context.Context, id int64, estado, motivo string) error
}

// TipoTrabajo is the kind of the job that processes a provider's events.
func TipoTrabajo(proveedor string) string { return "webhook_" + proveedor }

// Defaults of a provider's job.
const (
	LeaseDefault       = time.Minute
	MaxIntentosDefault = 10
)

// Proveedor is an outside service whose webhooks Muelle receives.
type Proveedor struct {
	// Nombre is the route's {proveedor}: lowercase letters, digits and _.
	Nombre      string
	Verificador Verificador
	// Procesar does the provider's business with a stored event, in a job
	// (TipoTrabajo): a failure says whether it is worth retrying, as
	// jobs.Handler.Run does. A job whose lease ran out runs again, so
	// Procesar must be idempotent.
	Procesar func(ctx context.Context, e Entrante) (resultado string, reintentar bool, err error)
	// Lease, MaxIntentos and Backoff of its job (zero: LeaseDefault,
	// MaxIntentosDefault, jobs.BackoffDoble).
	Lease       time.Duration
	MaxIntentos int
	Backoff     func(intento int) time.Duration
}

// nombreProveedor is what a provider's name may be (a path segment and part of a job's kind).
var nombreProveedor = regexp.MustCompile(`^[a-z0-9_]{1,40}$`)

// Buzon is the inbox: the providers registered, their events processed by
// the job runner. Providers register before the runner starts.
type Buzon struct {
	almacen     Almacen
	tareas      *jobs.Runner
	proveedores map[string]Proveedor
}

// NuevoBuzon is an inbox whose events a keeps and whose jobs r runs.
func NuevoBuzon(a Almacen, r *jobs.Runner) *Buzon {
	return &Buzon{almacen: a, tareas: r, proveedores: map[string]Proveedor{}}
}

// Registrar adds the provider p: the route verifies its deliveries with
// p.Verificador, and a handler of kind TipoTrabajo(p.Nombre) processes its
// events with p.Procesar.
func (b *Buzon) Registrar(p Proveedor) {
	if !nombreProveedor.MatchString(p.Nombre) || p.Verificador == nil || p.Procesar == nil {
		panic(fmt.Sprintf("webhooks: proveedor %q incompleto", p.Nombre))
	}
	if _, ok := b.proveedores[p.Nombre]; ok {
		panic(fmt.Sprintf("webhooks: proveedor %q registrado dos veces", p.Nombre))
	}
	if p.Lease <= 0 {
		p.Lease = LeaseDefault
	}
	if p.MaxIntentos < 1 {
		p.MaxIntentos = MaxIntentosDefault
	}
	b.proveedores[p.Nombre] = p
	b.tareas.Handle(TipoTrabajo(p.Nombre), jobs.Handler{Run: b.procesar(p), Lease: p.Lease, MaxAttempts: p.MaxIntentos,
		Backoff: p.Backoff})
}

// Proveedor is the registered provider nombre (none on a nil inbox).
func (b *Buzon) Proveedor(nombre string) (Proveedor, bool) {
	if b == nil {
		return Proveedor{}, false
	}
	p, ok := b.proveedores[nombre]
	return p, ok
}

// Verificar verifies a delivery of p at ahora and reads its event, refused
// with ErrFirma, ErrVencida or ErrFormato (also when the event's id or kind
// is empty or too long, or a header it used too long to keep).
func (b *Buzon) Verificar(ctx context.Context, p Proveedor, e *Entrega, ahora time.Time) (Recibido, error) {
	ev, err := p.Verificador.Verificar(ctx, e, ahora)
	if err != nil {
		return Recibido{}, err
	}
	if ev.IDExterno == "" || len(ev.IDExterno) > MaxIDExterno || len(ev.Tipo) > MaxTipo || ev.EmpresaID < 0 {
		return Recibido{}, fmt.Errorf("%w: id o tipo del evento", ErrFormato)
	}
	for nombre, v := range e.Usados() {
		if len(v) > MaxEncabezado {
			return Recibido{}, fmt.Errorf("%w: encabezado %s demasiado largo", ErrFormato, nombre)
		}
	}
	return Recibido{Proveedor: p.Nombre, Evento: ev, Cuerpo: e.Cuerpo, Encabezados: e.Usados()}, nil
}

// procesar is the job of p's events: the stored event (its id is the job's
// key) goes to p.Procesar unless already processed, and the outcome is
// recorded on it: procesado, recibido while a failure will be retried,
// fallido once the job gives up.
func (b *Buzon) procesar(p Proveedor) func(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	return func(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
		id, err := strconv.ParseInt(t.Clave, 10, 64)
		if err != nil {
			return "", false, fmt.Errorf("webhooks: clave de trabajo %q", t.Clave)
		}
		ent, err := b.almacen.Entrante(ctx, id)
		if err != nil {
			return "", true, err
		}
		if ent.Estado == EstadoProcesado {
			return "ya procesado", false, nil
		}
		resultado, reintentar, err := p.Procesar(ctx, ent)
		estado, motivo := EstadoProcesado, ""
		if err != nil {
			estado, motivo = EstadoFallido, err.Error()
			if reintentar && t.Intento < p.MaxIntentos {
				estado = EstadoRecibido
			}
		}
		if anotar := b.almacen.AnotarEntrante(ctx, id, estado, motivo); anotar != nil {
			return "", true, errors.Join(err, anotar)
		}
		return resultado, reintentar, err
	}
}
