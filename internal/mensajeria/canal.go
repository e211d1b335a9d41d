// Package mensajeria sends the outbox (store mensajes) and the pushes
// (store push_envios) as jobs of the runner (jobs.Runner.HandleCola, kinds
// correo, whatsapp and push): each due row is claimed by one worker, built
// and handed to its channel (e-mail over SMTP, WhatsApp through the
// whatsapp.Gestor, Web Push), temporary failures retried with back-off.
package mensajeria

import (
	"context"
	"errors"
)

// Adjunto is a file carried by a message: attached, or inline when CID is set
// (referenced from the HTML as cid:CID).
type Adjunto struct {
	Nombre string
	Tipo   string
	Datos  []byte
	CID    string
}

// Mensaje is what a channel sends: the destination (an address, a phone
// number), a subject, the HTML body (a channel without HTML uses Texto) and
// the files.
type Mensaje struct {
	Destino  string
	Asunto   string
	HTML     string
	Texto    string
	Adjuntos []Adjunto
}

// Canal sends messages for one company. Enviar returns an error wrapped by
// Temporal when trying again later may work (a busy server, a timeout); any
// other error is permanent and the message is marked failed with it.
type Canal interface {
	Enviar(ctx context.Context, m Mensaje) error
}

// Abridor opens a company's channel (reading its configuration); an error
// here counts like one of Enviar.
type Abridor func(ctx context.Context, empresaID int64) (Canal, error)

// errTemporal marks an error worth retrying.
type errTemporal struct{ err error }

func (e errTemporal) Error() string { return e.err.Error() }
func (e errTemporal) Unwrap() error { return e.err }

// Temporal marks err as temporary: the worker retries the message later.
func Temporal(err error) error {
	if err == nil {
		return nil
	}
	return errTemporal{err}
}

// EsTemporal reports whether err was marked temporary.
func EsTemporal(err error) bool {
	var t errTemporal
	return errors.As(err, &t)
}
