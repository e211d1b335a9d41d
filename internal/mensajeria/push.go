package mensajeria

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"time"

	"github.com/SherClockHolmes/webpush-go"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/jobs"
	"muelle/internal/store"
)

// RedPush is how Muelle reaches the browsers' push services: the policy of
// every outbound connection (externo.Red: public addresses only unless the
// installation allows private ones, MUELLE_SMTP_PERMITIR_PRIVADAS, like the
// SMTP servers; TLS trusts the push services' certificates, nil: the
// system's roots), over HTTPS only.
type RedPush externo.Red

// TimeoutPush bounds one push request.
const TimeoutPush = 30 * time.Second

// TimeoutResolucion bounds the resolution of an endpoint's host while its
// subscription is posted (the request waits for it).
const TimeoutResolucion = 5 * time.Second

// ComprobarEndpoint refuses (400) an endpoint whose host is, or resolves to,
// an address that is not public, unless the installation allows them; the
// send checks every address again when it dials (DNS rebinding).
func (r RedPush) ComprobarEndpoint(ctx context.Context, endpoint string) error {
	u, err := domain.EndpointPush(endpoint, r.PermitirPrivadas)
	if err != nil || r.PermitirPrivadas {
		return err
	}
	ips, err := resolver(ctx, u.Hostname())
	if err != nil || len(ips) == 0 {
		return domain.Invalid(domain.MsgPushEndpointSinResolver)
	}
	for _, ip := range ips {
		if !externo.DireccionPublica(ip) {
			return domain.Invalid(domain.MsgPushEndpointNoPermitido)
		}
	}
	return nil
}

// resolver is the host's addresses: itself when it is one.
func resolver(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{ip}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, TimeoutResolucion)
	defer cancel()
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// cliente is the HTTP client of the pushes (externo.Red.ClienteHTTP: the
// guarded dialer, no proxy, no redirect followed, so a 3xx is a failure),
// with a deadline per push.
func (r RedPush) cliente() *http.Client {
	return externo.Red(r).ClienteHTTP(externo.Tiempos{Total: TimeoutPush})
}

// WorkerPush sends the push outbox (store.ReclamarPush) as the job kind
// TipoPush: each push is encrypted to its subscription's keys (RFC 8291,
// aes128gcm) and signed with the installation's VAPID key (RFC 8292) by
// webpush-go. A push service that answers 404 or 410 forgets the
// subscription; 429, a 5xx or a network failure retries after Espera (or the
// service's Retry-After, at most Reintentos attempts, never past the push's
// own validity); anything else drops the push. The rows of push_envios are
// its queue (a jobs.Fuente): each push is claimed by one worker across instances.
type WorkerPush struct {
	Store *store.Store
	Red   RedPush
	// Contacto is the VAPID subject the push services may write to: an
	// https:// URL or an e-mail address.
	Contacto string
	Log      *slog.Logger
	// Lease is how long a claim lasts; a worker that dies frees its push then.
	Lease time.Duration
	http  *http.Client
}

// NuevoWorkerPush is a push worker over st.
func NuevoWorkerPush(st *store.Store, log *slog.Logger, red RedPush, contacto string) *WorkerPush {
	return &WorkerPush{Store: st, Red: red, Contacto: contacto, Log: log, Lease: 2 * TimeoutPush, http: red.cliente()}
}

// Registrar registers the pushes on r as the kind TipoPush, woken by the
// store once a transaction that queued pushes has committed.
func (w *WorkerPush) Registrar(r *jobs.Runner) {
	w.Store.AlEncolarMensaje(store.CanalPush, r.HandleCola(TipoPush, w,
		jobs.Handler{Run: w.enviar, Lease: w.Lease, MaxAttempts: Reintentos, Backoff: Espera}))
}

// Reclamar claims the push due the longest (store.ReclamarPush).
func (w *WorkerPush) Reclamar(ctx context.Context, lease time.Duration) (jobs.Trabajo, bool, error) {
	e, ok, err := w.Store.ReclamarPush(ctx, lease)
	return jobs.Trabajo{ID: e.ID, EmpresaID: e.EmpresaID, Clave: strconv.FormatInt(e.ID, 10), Intento: e.Intentos,
		Fila: e}, ok, err
}

// Terminar deletes the claimed push: delivered, dropped or forgotten.
func (w *WorkerPush) Terminar(ctx context.Context, t jobs.Trabajo, _ string) error {
	_, err := w.Store.TerminarPush(ctx, pushDe(t))
	return err
}

// Reintentar leaves the claimed push pending for espera with motivo.
func (w *WorkerPush) Reintentar(ctx context.Context, t jobs.Trabajo, espera time.Duration, motivo string) error {
	_, err := w.Store.ReintentarPush(ctx, pushDe(t), w.Store.Now().Add(espera), motivo)
	return err
}

// Fallar drops the claimed push: a push that failed for good is not kept.
func (w *WorkerPush) Fallar(ctx context.Context, t jobs.Trabajo, _ string) error {
	return w.Terminar(ctx, t, "")
}

// Soltar frees the claimed push, its attempt not counted (shutdown).
func (w *WorkerPush) Soltar(ctx context.Context, t jobs.Trabajo) error {
	_, err := w.Store.SoltarPush(ctx, pushDe(t))
	return err
}

func pushDe(t jobs.Trabajo) store.EnvioPush { return t.Fila.(store.EnvioPush) }

// resultadoPush is what became of one attempt.
type resultadoPush int

const (
	pushEntregada resultadoPush = iota
	pushSuscripcionVencida
	pushTemporal
	pushFallida
)

// enviar sends one claimed push. A push of a user or company deactivated
// meanwhile, or past its validity, is dropped unsent; the subscription of a
// push its service no longer knows is forgotten with its pending pushes.
func (w *WorkerPush) enviar(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	e := pushDe(t)
	vigencia := e.VenceEn.Sub(w.Store.Now())
	if !e.Vigente || vigencia < time.Second {
		return "descartada", false, nil
	}
	resultado, espera, err := w.intentar(ctx, e, vigencia)
	switch resultado {
	case pushEntregada:
		return "entregada", false, nil
	case pushSuscripcionVencida:
		w.Log.Info("suscripción push vencida: se olvida", "push", e.ID, "servicio", hostDe(e.Endpoint))
		_, err := w.Store.OlvidarSuscripcionPush(ctx, e)
		return "suscripción olvidada", err != nil, err
	case pushTemporal:
		return "", true, jobs.Demora(err, espera)
	}
	return "", false, err
}

// intentar sends the push once; espera is what the push service asked to
// wait (Retry-After), at most an hour.
func (w *WorkerPush) intentar(ctx context.Context, e store.EnvioPush, vigencia time.Duration) (resultadoPush, time.Duration, error) {
	clave, err := w.Store.ClaveVAPID(ctx)
	if err != nil {
		return pushTemporal, 0, err
	}
	resp, err := webpush.SendNotificationWithContext(ctx, []byte(e.Payload),
		&webpush.Subscription{Endpoint: e.Endpoint, Keys: webpush.Keys{Auth: e.Auth, P256dh: e.P256dh}},
		&webpush.Options{HTTPClient: w.http, Subscriber: w.Contacto, Topic: e.Tag, TTL: int(vigencia.Seconds()),
			Urgency: webpush.Urgency(domain.Urgencia(e.Tag)), VAPIDPublicKey: clave.Publica, VAPIDPrivateKey: clave.Privada})
	if err != nil {
		if ue := (*url.Error)(nil); errors.As(err, &ue) && !errors.Is(err, externo.ErrDireccionNoPermitida) {
			return pushTemporal, 0, err // the network: try again later
		}
		return pushFallida, 0, err // the subscription's keys, a refused address
	}
	defer resp.Body.Close()
	err = fmt.Errorf("el servicio de notificaciones respondió %d", resp.StatusCode)
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return pushEntregada, 0, nil
	case c == http.StatusNotFound || c == http.StatusGone:
		return pushSuscripcionVencida, 0, err
	case c == http.StatusTooManyRequests || c >= 500:
		return pushTemporal, externo.EsperaPedida(resp.Header.Get("Retry-After")), err
	}
	return pushFallida, 0, err
}

// hostDe is the push service of an endpoint, for the log (the endpoint
// itself is the subscription's secret address).
func hostDe(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return ""
	}
	return u.Host
}
