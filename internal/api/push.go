package api

import (
	"net/http"
	"strings"

	"muelle/internal/domain"
)

// ClavePush is the installation's VAPID public key: the browser's
// applicationServerKey when it subscribes (base64url, 65 bytes uncompressed).
type ClavePush struct {
	ClavePublica string `json:"clave_publica"`
}

// ClavesSuscripcionPush are a subscription's keys as the browser gives them
// (PushSubscription.toJSON().keys, base64url).
type ClavesSuscripcionPush struct {
	P256dh string `json:"p256dh" maxLength:"88"`
	Auth   string `json:"auth" maxLength:"24"`
}

// SuscripcionPush is the body of POST /push/subscriptions: the browser's
// PushSubscription (its endpoint on the push service and its keys).
type SuscripcionPush struct {
	Endpoint string                `json:"endpoint" maxLength:"2048"`
	Keys     ClavesSuscripcionPush `json:"keys"`
}

// BajaPush is the body of DELETE /push/subscriptions: the endpoint to forget.
type BajaPush struct {
	Endpoint string `json:"endpoint" maxLength:"2048"`
}

// clavePush answers the VAPID public key, made the first time it is asked for.
func (s *Server) clavePush(r *http.Request) (ClavePush, error) {
	clave, err := s.Store.ClaveVAPID(r.Context())
	return ClavePush{ClavePublica: clave.Publica}, err
}

// suscribirPush keeps the caller's browser subscription, once its endpoint
// and keys are checked and its push service is at a public address.
func (s *Server) suscribirPush(r *http.Request, b SuscripcionPush) (reply[NoData], error) {
	sus, err := domain.NuevaSuscripcionPush(b.Endpoint, b.Keys.P256dh, b.Keys.Auth, s.Push.PermitirPrivadas)
	if err != nil {
		return reply[NoData]{}, err
	}
	if err := s.Push.ComprobarEndpoint(r.Context(), sus.Endpoint); err != nil {
		return reply[NoData]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(domain.MsgPushActivadas), s.Store.SuscribirPush(r.Context(), a, sus)
}

// desuscribirPush forgets one of the caller's subscriptions (404 for any other).
func (s *Server) desuscribirPush(r *http.Request, b BajaPush) (reply[NoData], error) {
	if strings.TrimSpace(b.Endpoint) == "" {
		return reply[NoData]{}, domain.Invalid(domain.MsgPushEndpointInvalido)
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(domain.MsgPushDesactivadas), s.Store.DesuscribirPush(r.Context(), a, b.Endpoint)
}
