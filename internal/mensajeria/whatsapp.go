package mensajeria

import (
	"context"
	"fmt"
	"strings"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store"
)

// LeaseWhatsApp is how long a claim of a WhatsApp message lasts: the wait of the
// company's rate limit, the upload of the QR image and the send.
const LeaseWhatsApp = 2 * time.Minute

// RemitenteWhatsApp sends a company's WhatsApp messages (whatsapp.Gestor):
// errors wrapped by Temporal are retried, others fail the message.
type RemitenteWhatsApp interface {
	Enviar(ctx context.Context, empresaID int64, m Mensaje) error
}

// WhatsApp is the WhatsApp channel: a ticket is a text (company, ticket
// number, passenger, route, date, price) with its QR image.
type WhatsApp struct {
	Store     *store.Store
	Remitente RemitenteWhatsApp
}

// Registrar registers the WhatsApp outbox on r as the kind TipoWhatsApp, in
// a loop of its own: a company's rate limit holds it between messages, never
// the e-mail outbox.
func (w WhatsApp) Registrar(r *jobs.Runner) {
	Bandeja{Store: w.Store, Canal: store.CanalWhatsApp, Salida: w.Salida(), Lease: LeaseWhatsApp}.Registrar(r, TipoWhatsApp)
}

// Salida is the WhatsApp channel as its outbox uses it.
func (w WhatsApp) Salida() Salida {
	return Salida{Armar: w.armar, Abrir: func(_ context.Context, empresaID int64) (Canal, error) {
		return canalWhatsApp{remitente: w.Remitente, empresaID: empresaID}, nil
	}}
}

type canalWhatsApp struct {
	remitente RemitenteWhatsApp
	empresaID int64
}

func (c canalWhatsApp) Enviar(ctx context.Context, m Mensaje) error {
	return c.remitente.Enviar(ctx, c.empresaID, m)
}

// armar writes the tickets of an outbox row as WhatsApp text and attaches
// each one's QR image.
func (w WhatsApp) armar(ctx context.Context, m store.Mensaje) (Mensaje, error) {
	if store.EsTextoCliente(m.Tipo) {
		_, texto, err := w.Store.TextoDeMensaje(ctx, m.ID)
		if err != nil {
			return Mensaje{}, Temporal(err)
		}
		return Mensaje{Destino: m.Destino, Texto: texto}, nil
	}
	empresa, pasajes, err := armarPasajes(ctx, w.Store, m)
	if err != nil {
		return Mensaje{}, err
	}
	var (
		texto    strings.Builder
		adjuntos []Adjunto
	)
	fmt.Fprintf(&texto, "*%s*\n", empresa.Nombre)
	for _, p := range pasajes {
		fmt.Fprintf(&texto, "\nPasaje %s\nPasajero: %s\nViaje: %s → %s\nFecha de viaje: %s\nPrecio: %s\n",
			p.NumeroPasaje, p.ClienteNombre, p.Origen, p.Destino, p.Ticket.FechaViaje, p.Ticket.Precio)
		adjuntos = append(adjuntos, Adjunto{Nombre: "Pasaje " + p.NumeroPasaje, Tipo: "image/png", Datos: p.QR})
	}
	texto.WriteString("\nMostrá el código QR al embarcar.")
	return Mensaje{Destino: m.Destino, Texto: texto.String(), Adjuntos: adjuntos}, nil
}
