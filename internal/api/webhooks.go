package api

import (
	"errors"
	"io"
	"net/http"
	"sync"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/webhooks"
)

// maxCuerpoWebhook bounds a webhook's body: a provider's event is a few
// hundred bytes of JSON, and the inbox keeps it forever.
const maxCuerpoWebhook = 64 << 10

// webhooksPorMinuto is how many deliveries one address may send a minute
// (and at once, after a quiet minute), signed or not.
const webhooksPorMinuto = 300

// Answers of POST /api/webhooks/{proveedor}.
const (
	MsgAvisoRecibido      = "Aviso recibido"
	MsgAvisoGrande        = "El aviso supera el máximo de 64 KB"
	MsgAvisoFirmaInvalida = "La firma del aviso no es válida"
	MsgAvisoFirmaVencida  = "La firma del aviso está vencida: su hora difiere demasiado de la del servidor"
	MsgAvisoIlegible      = "El aviso no tiene el formato esperado"
	MsgAvisosPorDireccion = "Demasiados avisos desde esta dirección. Intente nuevamente en unos segundos."
)

// limiteWebhooks is the per-address limit of the webhooks, made on first use.
type limiteWebhooks struct {
	once   sync.Once
	limite *auth.LimiteDirecciones
}

// tomar counts a delivery from ip at now; past the limit, a 429 that says how long to wait.
func (l *limiteWebhooks) tomar(ip string, now time.Time) error {
	l.once.Do(func() { l.limite = auth.NuevoLimiteDirecciones(webhooksPorMinuto) })
	if d, ok := l.limite.Tomar(ip, now); !ok {
		return domain.TooManyDurante(MsgAvisosPorDireccion, d)
	}
	return nil
}

// recibirWebhook is the inbox's door (docs/architecture.md, "Inbound
// webhooks"), the one public write besides the logins: a delivery from an
// address within its limit, for a registered provider, with a body within
// maxCuerpoWebhook, whose signature and time the provider's verifier accepts
// before the body is parsed, is stored once with its job queued in the same
// transaction; a second delivery of the same event is answered the same and
// changes nothing. A refusal writes nothing; a verifier's refusal is logged
// with its detail (a secret set wrong shows there).
func (s *Server) recibirWebhook(r *http.Request) (reply[NoData], error) {
	if err := s.limiteWebhooks.tomar(clientIP(r), s.Store.Now()); err != nil {
		return reply[NoData]{}, err
	}
	p, ok := s.Webhooks.Proveedor(r.PathValue("proveedor"))
	if !ok {
		return reply[NoData]{}, domain.NotFound(domain.MsgRecursoNoEncontrado)
	}
	cuerpo, err := io.ReadAll(io.LimitReader(r.Body, maxCuerpoWebhook+1))
	switch {
	case err != nil:
		return reply[NoData]{}, domain.Invalid(msgCuerpoIlegible)
	case len(cuerpo) > maxCuerpoWebhook:
		return reply[NoData]{}, domain.TooLarge(MsgAvisoGrande)
	}
	recibido, err := s.Webhooks.Verificar(r.Context(), p, webhooks.NuevaEntrega(cuerpo, r.URL.Query(), r.Header), s.Store.Now())
	if err != nil {
		s.Log.Warn("aviso rechazado", "proveedor", p.Nombre, "err", err)
		return reply[NoData]{}, rechazoDeAviso(err)
	}
	_, _, err = s.Store.RecibirEntrante(r.Context(), recibido)
	return onlyMessage(MsgAvisoRecibido), err
}

// rechazoDeAviso is the answer to a delivery the verifier refused: 401 for
// its signature or time, 400 for a body that is no event; anything else (its
// secrets could not be read) goes on as the error it is.
func rechazoDeAviso(err error) error {
	switch {
	case errors.Is(err, webhooks.ErrFirma):
		return domain.Unauthorized(MsgAvisoFirmaInvalida)
	case errors.Is(err, webhooks.ErrVencida):
		return domain.Unauthorized(MsgAvisoFirmaVencida)
	case errors.Is(err, webhooks.ErrFormato):
		return domain.Invalid(MsgAvisoIlegible)
	}
	return err
}
