// Package domain holds the language of the business: types, error kinds, the
// permission catalogue and the rules as plain functions. It imports nothing of ours.
package domain

import (
	"errors"
	"time"
)

// Kind classifies a business error so the HTTP layer can choose a status.
type Kind int

// Error kinds, each mapped to one HTTP status by the api package.
const (
	KindInvalid       Kind = iota + 1 // 400
	KindUnauthorized                  // 401
	KindForbidden                     // 403
	KindNotFound                      // 404
	KindConflict                      // 409
	KindTooMany                       // 429
	KindUnavailable                   // 503
	KindUnprocessable                 // 422
	KindTooLarge                      // 413
)

// Error is a business error whose Message is Spanish and safe to show to a user.
type Error struct {
	Kind    Kind
	Message string
	// Data travels with the error to the client when not nil (e.g. the first
	// boarding time of an already boarded ticket).
	Data any
	// Detalle is the technical text behind a failure (Falla.Detalle): the API
	// answers it as data.detalle to administrators only, never in Message.
	Detalle string
	// RetryAfter, when set on a 429, is how long the client should wait
	// (answered as the Retry-After header).
	RetryAfter time.Duration
}

func (e *Error) Error() string { return e.Message }

// Invalid builds a 400 error.
func Invalid(msg string) *Error { return &Error{Kind: KindInvalid, Message: msg} }

// Unauthorized builds a 401 error.
func Unauthorized(msg string) *Error { return &Error{Kind: KindUnauthorized, Message: msg} }

// Forbidden builds a 403 error.
func Forbidden(msg string) *Error { return &Error{Kind: KindForbidden, Message: msg} }

// NotFound builds a 404 error.
func NotFound(msg string) *Error { return &Error{Kind: KindNotFound, Message: msg} }

// Conflict builds a 409 error.
func Conflict(msg string) *Error { return &Error{Kind: KindConflict, Message: msg} }

// TooMany builds a 429 error.
func TooMany(msg string) *Error { return &Error{Kind: KindTooMany, Message: msg} }

// TooManyDurante builds a 429 error that tells the client to wait d.
func TooManyDurante(msg string, d time.Duration) *Error {
	return &Error{Kind: KindTooMany, Message: msg, RetryAfter: d}
}

// Unavailable builds a 503 error.
func Unavailable(msg string) *Error { return &Error{Kind: KindUnavailable, Message: msg} }

// Unprocessable builds a 422 error: a well-formed request that cannot be
// carried out as sent (an idempotency key reused with another request).
func Unprocessable(msg string) *Error { return &Error{Kind: KindUnprocessable, Message: msg} }

// TooLarge builds a 413 error: a body larger than the route accepts.
func TooLarge(msg string) *Error { return &Error{Kind: KindTooLarge, Message: msg} }

// AsError returns the business error inside err, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Messages shared by several layers.
const (
	MsgCredencialesInvalidas = "Credenciales inválidas"
	MsgUsuarioRequerido      = "Por favor ingrese su usuario"
	MsgPasswordRequerida     = "Por favor ingrese su contraseña"
	MsgSinPermisos           = "No tienes permisos para realizar esta acción"
	MsgNoAutenticado         = "No autenticado. Inicia sesión nuevamente."
	MsgSesionExpirada        = "Sesión expirada. Inicia sesión nuevamente."
	MsgSesionInactiva        = "Tu sesión expiró por inactividad. Inicia sesión nuevamente."
	MsgRecursoNoEncontrado   = "Recurso no encontrado"
	MsgErrorInterno          = "Error interno del servidor"
	MsgJSONInvalido          = "El cuerpo de la solicitud no es JSON válido"
	MsgBaseNoDisponible      = "Base de datos no disponible"
	MsgClaveReusada          = "La clave de idempotencia ya se usó con otra solicitud"
)
