package externo

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
)

// Error is a failed call to an outside service as users read it: Categoria
// is one of domain.MsgServicio…, safe to show; Detalle is what happened (the
// service, the method and URL, Go's error or the answer's status and start),
// for the log and the administrators (domain.Falla).
type Error struct {
	Categoria string
	// Status is the answer's HTTP status; 0 when none arrived.
	Status int
	// Enviado: the request reached the service, which may have acted on it
	// even when no answer arrived (a timeout after sending). A retry of such
	// a call must be the same operation (the same idempotency key, the same
	// fiscal number), never a new one.
	Enviado bool
	// Temporal: worth retrying later (the network, a timeout, 429, a 5xx).
	Temporal bool
	// Espera is what the service asked to wait (Retry-After), at most an hour.
	Espera  time.Duration
	Detalle error
}

func (e *Error) Error() string { return e.Categoria }

func (e *Error) Unwrap() error { return e.Detalle }

// Falla is the failure as stored and answered: the category and its detail.
func (e *Error) Falla() domain.Falla {
	return domain.Falla{Categoria: e.Categoria, Detalle: e.Detalle.Error()}
}

// errorDeRed is a call that got no answer (or lost it while reading): a
// refused address or certificate is permanent; a timeout once the request
// was sent is the service's delay; anything else is the connection,
// temporary. The detail names the destination without its query (which
// url.Error would quote).
func errorDeRed(destino string, err error, enviado bool) *Error {
	if ue := (*url.Error)(nil); errors.As(err, &ue) {
		err = ue.Err
	}
	e := &Error{Enviado: enviado, Detalle: fmt.Errorf("%s: %w", destino, err)}
	var (
		verificacion *tls.CertificateVerificationError
		red          net.Error
	)
	switch {
	case errors.Is(err, ErrDireccionNoPermitida):
		e.Categoria = domain.MsgServicioDireccion
	case errors.As(err, &verificacion):
		e.Categoria = domain.MsgServicioCertificado
	case enviado && (errors.As(err, &red) && red.Timeout() || errors.Is(err, context.DeadlineExceeded)):
		e.Categoria, e.Temporal = domain.MsgServicioDemora, true
	default:
		e.Categoria, e.Temporal = domain.MsgServicioSinConexion, true
	}
	return e
}

// maxDetalleRespuesta bounds how much of an error answer's body its detail quotes.
const maxDetalleRespuesta = 200

// errorDeStatus is an answer outside 2xx: 401 and 403 refuse the
// credentials; 429 and a 5xx are temporary; anything else (a 3xx among them:
// redirects are not followed) is the service's error.
func errorDeStatus(destino string, r *Respuesta) *Error {
	inicio := strings.ToValidUTF8(string(r.Cuerpo[:min(len(r.Cuerpo), maxDetalleRespuesta)]), "")
	e := &Error{Categoria: domain.MsgServicioError, Status: r.Status, Enviado: true,
		Detalle: fmt.Errorf("%s: respondió %d: %s", destino, r.Status, inicio)}
	switch {
	case r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden:
		e.Categoria = domain.MsgServicioCredenciales
	case r.Status == http.StatusTooManyRequests || r.Status >= 500:
		e.Temporal, e.Espera = true, EsperaPedida(r.Encabezados.Get("Retry-After"))
	}
	return e
}

// EsperaPedida reads a Retry-After in seconds, at most an hour (0: none or
// unreadable).
func EsperaPedida(h string) time.Duration {
	s, err := strconv.Atoi(h)
	if err != nil || s < 0 {
		return 0
	}
	return min(time.Duration(s)*time.Second, time.Hour)
}
