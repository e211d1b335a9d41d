package domain

import (
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Web Push (operaciones §1, §9): a staff user's browser subscribes to the push
// service it uses, and the notifications made for that user (notificar) reach
// it even with every tab closed.

// Push notification tags (operaciones §9). The service worker replaces a shown
// notification by the next one of its tag; the push service keeps only the
// newest undelivered one of a tag (its Topic).
const (
	TagPushDefecto    = "terminal-fluvial"
	TagVentaRealizada = "venta-realizada"
	TagCajaAbierta    = "caja-abierta"
	TagCajaCerrada    = "caja-cerrada"
	TagErrorSistema   = "system-error"
)

// MaxSuscripcionesPush is how many browsers of one user receive pushes: a new
// one past it replaces the user's least recently subscribed.
const MaxSuscripcionesPush = 10

// Bounds of a subscription as the browser sends it (PushSubscription.toJSON).
const (
	MaxEndpointPush = 2048
	MaxP256dhPush   = 88 // 65 bytes in base64url, with or without padding
	MaxAuthPush     = 24 // 16 bytes
)

// Web Push messages.
const (
	MsgPushEndpointInvalido        = "La suscripción no es válida: el endpoint debe ser una dirección https:// del servicio de notificaciones"
	MsgPushEndpointNoPermitido     = "La dirección del servicio de notificaciones no está permitida"
	MsgPushEndpointSinResolver     = "No se pudo verificar la dirección del servicio de notificaciones"
	MsgPushClaveP256dhInvalida     = "La clave p256dh de la suscripción no es válida"
	MsgPushClaveAuthInvalida       = "La clave auth de la suscripción no es válida"
	MsgPushSuscripcionNoEncontrada = "Suscripción no encontrada"
	MsgPushActivadas               = "Notificaciones push activadas"
	MsgPushDesactivadas            = "Notificaciones push desactivadas"
)

// SuscripcionPush is a browser's push subscription: the push service's
// endpoint and the keys its payloads are encrypted to (RFC 8291), raw.
type SuscripcionPush struct {
	Endpoint string
	P256dh   []byte // the browser's P-256 public key, uncompressed (65 bytes)
	Auth     []byte // the 16-byte authentication secret
}

// NuevaSuscripcionPush checks a subscription as the browser sends it: the
// endpoint (EndpointPush) and the keys in base64url, p256dh a point of P-256
// and auth 16 bytes. The endpoint's address is checked where it is resolved
// (mensajeria).
func NuevaSuscripcionPush(endpoint, p256dh, auth string, cualquierPuerto bool) (SuscripcionPush, error) {
	if _, err := EndpointPush(endpoint, cualquierPuerto); err != nil {
		return SuscripcionPush{}, err
	}
	clave, err := base64URL(p256dh)
	if err != nil || len(clave) != 65 {
		return SuscripcionPush{}, Invalid(MsgPushClaveP256dhInvalida)
	}
	if _, err := ecdh.P256().NewPublicKey(clave); err != nil {
		return SuscripcionPush{}, Invalid(MsgPushClaveP256dhInvalida)
	}
	secreto, err := base64URL(auth)
	if err != nil || len(secreto) != 16 {
		return SuscripcionPush{}, Invalid(MsgPushClaveAuthInvalida)
	}
	return SuscripcionPush{Endpoint: endpoint, P256dh: clave, Auth: secreto}, nil
}

// EndpointPush checks a push service's endpoint: an absolute https:// URL
// with a host, no user or fragment, on port 443 unless the installation
// allows any (the one that allows private addresses).
func EndpointPush(raw string, cualquierPuerto bool) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil, len(raw) > MaxEndpointPush, u.Scheme != "https", u.Hostname() == "", u.User != nil,
		u.Fragment != "", u.Opaque != "":
		return nil, Invalid(MsgPushEndpointInvalido)
	case u.Port() != "" && u.Port() != "443" && !cualquierPuerto:
		return nil, Invalid(MsgPushEndpointNoPermitido)
	}
	return u, nil
}

// base64URL decodes base64url with or without padding.
func base64URL(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// Push is what a push notification carries (the service worker shows it):
// the notification's title and text, its tag, the screen a click opens and
// whether it stays until the user acts on it.
type Push struct {
	Title              string `json:"title"`
	Body               string `json:"body"`
	Tag                string `json:"tag"`
	URL                string `json:"url"`
	RequireInteraction bool   `json:"requireInteraction"`
}

// pantallaPush is the screen each tag opens (web/src/lib/paths.ts): the
// notified are the company's supervisors and admins, who may open all of
// them; an alert's screen is the notification centre, which every user opens.
var pantallaPush = map[string]string{
	TagVentaRealizada: "/admin/listado-pasajes",
	TagCajaAbierta:    "/admin/monitoreo-vendedores",
	TagCajaCerrada:    "/admin/monitoreo-vendedores",
	TagErrorSistema:   "/admin/notificaciones",
}

// tagPorNotificacion is the push tag of each notification type that is
// pushed; the others (boarding milestones, information) stay in the
// notification centre.
var tagPorNotificacion = map[string]string{
	NotifVenta:       TagVentaRealizada,
	NotifCajaAbierta: TagCajaAbierta,
	NotifCajaCerrada: TagCajaCerrada,
	NotifAlerta:      TagErrorSistema,
}

// PushDeNotificacion is the push of a notification of that type made for a
// user: its own title and text (what the user reads through the API), and
// ok false for a type that is not pushed.
func PushDeNotificacion(tipo, titulo, mensaje string) (Push, bool) {
	tag, ok := tagPorNotificacion[tipo]
	if !ok {
		return Push{}, false
	}
	return Push{Title: titulo, Body: mensaje, Tag: tag, URL: pantallaPush[tag],
		RequireInteraction: tag == TagErrorSistema}, true
}

// Vigencia is how long a push is worth delivering (its TTL): a sale or a
// register is news for an hour, an alert for a day.
func (p Push) Vigencia() time.Duration {
	if p.Tag == TagErrorSistema {
		return 24 * time.Hour
	}
	return time.Hour
}

// Urgencia is the push's Urgency (RFC 8030): an alert wakes the phone, the
// rest is delivered as usual.
func Urgencia(tag string) string {
	if tag == TagErrorSistema {
		return "high"
	}
	return "normal"
}

// MaxPayloadPush bounds a push's JSON: an encrypted record of 4,096 bytes
// holds about 3,990 of payload; the rest is margin.
const MaxPayloadPush = 3000

// JSON is the push as sent, its text shortened (at a character, with '…')
// until it fits MaxPayloadPush.
func (p Push) JSON() []byte {
	for {
		b, _ := json.Marshal(p) // strings and a bool: never fails
		if len(b) <= MaxPayloadPush {
			return b
		}
		p.Title, p.Body = recortar(p.Title, 200), recortar(p.Body, len(p.Body)/2)
	}
}

// recortar shortens s to at most n bytes at a character boundary, with '…'.
func recortar(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
