// Package whatsapp links each company's WhatsApp number as a linked device
// (like WhatsApp Web) and sends through it. The Gestor holds one Cliente per
// company and runs its state machine (not_initialized → connecting →
// qr_ready → connected; disconnected), writing every state to the store;
// the Cliente over go.mau.fi/whatsmeow (whatsmeow.go) keeps its session in
// Muelle's own database. Tests drive the Gestor with a fake Cliente.
package whatsapp

import (
	"context"
	"errors"
)

// Cliente is one company's WhatsApp device as the Gestor drives it. Its
// events (QR codes, linking, connection, the end of the session) reach the
// function given to the Abridor that opened it.
type Cliente interface {
	// Conectar connects: a linked device logs in (EventoConectado); a new one
	// starts showing QR codes (EventoQR) until one is scanned or they run out.
	Conectar(ctx context.Context) error
	// VincularPorTelefono asks, while QR codes are shown, for the code to
	// type on the phone of that number (E.164) instead of scanning.
	VincularPorTelefono(ctx context.Context, telefono string) (string, error)
	// EnviarTexto sends a text message to a number (E.164).
	EnviarTexto(ctx context.Context, telefono, texto string) error
	// EnviarImagen sends a PNG image with a caption to a number (E.164).
	EnviarImagen(ctx context.Context, telefono string, png []byte, epigrafe string) error
	// Desvincular logs the device out of the account and forgets its session.
	Desvincular(ctx context.Context) error
	// Desconectar closes the connection and keeps the session.
	Desconectar()
}

// Abridor opens the client of a device: jid is a linked device's id, empty
// for a new device to link; avisar receives its events, in order.
type Abridor func(ctx context.Context, jid string, avisar func(Evento)) (Cliente, error)

// TipoEvento is what happened to a device.
type TipoEvento int

// The events of a device.
const (
	// EventoQR: a new QR code to scan (Codigo); WhatsApp rotates them.
	EventoQR TipoEvento = iota + 1
	// EventoVinculado: the phone linked the device (JID, Numero, Nombre); it
	// reconnects and then EventoConectado follows.
	EventoVinculado
	// EventoConectado: logged in and ready to send (Numero, Nombre).
	EventoConectado
	// EventoDesconectado: the connection dropped; the client reconnects by itself.
	EventoDesconectado
	// EventoQRVencido: the QR codes ran out before one was scanned.
	EventoQRVencido
	// EventoBaja: WhatsApp ended the session for good (logged out, banned,
	// outdated client): Motivo says why; Olvidar, the device is gone.
	EventoBaja
)

// Evento is one event of a device.
type Evento struct {
	Tipo           TipoEvento
	Codigo         string
	JID            string
	Numero, Nombre string
	Motivo         string
	Olvidar        bool
}

// ErrSinWhatsApp is a destination number without a WhatsApp account:
// retrying cannot help.
var ErrSinWhatsApp = errors.New("número sin WhatsApp")
