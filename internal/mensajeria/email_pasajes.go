package mensajeria

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"html"
	"net/url"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/impresion"
	"muelle/internal/store"
)

// MaxAdjuntosPorDefecto bounds the attachments of one mail (10 MB); past it
// the mail links the tickets instead of carrying their PDFs.
const MaxAdjuntosPorDefecto = 10 << 20

// Messages of the e-mail channel.
const (
	MsgEmailSinConfigurar = "El envío de email no está configurado para la empresa"
	MsgEmailInactivo      = "El envío de email está desactivado para la empresa"
	asuntoPasajes         = "Tus pasajes - %s"
	asuntoPrueba          = "Email de prueba - %s"
)

// Email is the e-mail channel of the installation.
type Email struct {
	Store *store.Store
	// URLPublica is the public site's address; the link to the tickets when
	// their PDFs do not fit in one mail points there.
	URLPublica string
	// MaxAdjuntos bounds the attachments of one mail in bytes (0: MaxAdjuntosPorDefecto).
	MaxAdjuntos int
	// TLS replaces the system's TLS settings when set (tests).
	TLS *tls.Config
	// PermitirPrivadas lets the SMTP connections reach non-public addresses
	// and any port (MUELLE_SMTP_PERMITIR_PRIVADAS; see SMTP).
	PermitirPrivadas bool
}

// smtp is the e-mail channel of a company's configuration.
func (e Email) smtp(cfg store.ConfigEmail) SMTP {
	return SMTP{Config: cfg, TLS: e.TLS, PermitirPrivadas: e.PermitirPrivadas}
}

// Salida is the e-mail channel as the worker uses it.
func (e Email) Salida() Salida {
	return Salida{Armar: e.armar, Abrir: func(ctx context.Context, empresaID int64) (Canal, error) {
		cfg, err := e.configuracion(ctx, empresaID)
		return e.smtp(cfg), err
	}}
}

// configuracion is the company's SMTP configuration, refused when missing or off.
func (e Email) configuracion(ctx context.Context, empresaID int64) (store.ConfigEmail, error) {
	cfg, found, err := e.Store.ConfiguracionEmail(ctx, empresaID)
	switch {
	case err != nil:
		return cfg, Temporal(err)
	case !found:
		return cfg, errors.New(MsgEmailSinConfigurar)
	case !cfg.Activo:
		return cfg, errors.New(MsgEmailInactivo)
	}
	return cfg, nil
}

// Probar sends the test mail of backoffice §5 to destino now (not through
// the outbox: the admin waits for the answer) and records how it went (the
// failure as textoFalla keeps it).
func (e Email) Probar(ctx context.Context, empresaID int64, destino string) error {
	cfg, found, err := e.Store.ConfiguracionEmail(ctx, empresaID)
	if err != nil {
		return err
	}
	if !found {
		return domain.Invalid(MsgEmailSinConfigurar)
	}
	empresa, _, err := e.Store.Empresa(ctx, empresaID)
	if err != nil {
		return err
	}
	cuerpo := "<p>Este es un email de prueba de " + html.EscapeString(empresa.Nombre) +
		". La configuración SMTP funciona.</p>"
	err = e.smtp(cfg).Enviar(ctx, Mensaje{Destino: destino,
		Asunto: fmt.Sprintf(asuntoPrueba, empresa.Nombre), HTML: cuerpo})
	fallo := ""
	if err != nil {
		fallo = textoFalla(err)
	}
	return errors.Join(err, e.Store.RegistrarPruebaEmail(ctx, empresaID, fallo))
}

// armar builds the mail of an outbox row: a report (armarReporte) or tickets: the company's template
// once per ticket with its QR inline, and the PDFs attached, or a link to the
// tickets when the PDFs exceed MaxAdjuntos.
func (e Email) armar(ctx context.Context, m store.Mensaje) (Mensaje, error) {
	if m.Tipo == store.TipoReporte {
		return e.armarReporte(ctx, m)
	}
	if store.EsTextoCliente(m.Tipo) {
		return e.armarTexto(ctx, m)
	}
	cfg, err := e.configuracion(ctx, m.EmpresaID)
	if err != nil {
		return Mensaje{}, err
	}
	plantilla, err := CompilarPlantilla(cmp.Or(cfg.Plantilla, PlantillaPorDefecto))
	if err != nil {
		return Mensaje{}, fmt.Errorf("plantilla de pasaje inválida: %w", err)
	}
	empresa, pasajes, err := armarPasajes(ctx, e.Store, m)
	if err != nil {
		return Mensaje{}, err
	}
	var (
		datos  []DatosPasaje
		inline []Adjunto
		pdfs   []Adjunto
		tamaño int
	)
	for _, p := range pasajes {
		pdf, err := impresion.PDF(p.Ticket)
		if err != nil {
			return Mensaje{}, err
		}
		cid := fmt.Sprintf("qr-%d@muelle", p.ID)
		datos = append(datos, DatosPasaje{EmpresaNombre: empresa.Nombre, CodigoPasaje: p.NumeroPasaje,
			NombrePasajero: p.ClienteNombre, Origen: p.Origen, Destino: p.Destino, FechaViaje: p.Ticket.FechaViaje,
			Precio: p.Ticket.Precio, CID: cid})
		inline = append(inline, Adjunto{Nombre: "qr-" + p.NumeroPasaje + ".png", Tipo: "image/png", Datos: p.QR, CID: cid})
		pdfs = append(pdfs, Adjunto{Nombre: "pasaje-" + p.NumeroPasaje + ".pdf", Tipo: "application/pdf", Datos: pdf})
		tamaño += len(pdf)
	}
	cuerpo, err := RenderPasajes(plantilla, datos)
	if err != nil {
		return Mensaje{}, fmt.Errorf("plantilla de pasaje inválida: %w", err)
	}
	adjuntos := append(inline, pdfs...)
	if tamaño > cmp.Or(e.MaxAdjuntos, MaxAdjuntosPorDefecto) {
		adjuntos, cuerpo = inline, cuerpo+e.enlacePasajes(pasajes)
	}
	return Mensaje{Destino: m.Destino, Asunto: fmt.Sprintf(asuntoPasajes, empresa.Nombre), HTML: cuerpo,
		Adjuntos: adjuntos}, nil
}

// armarReporte builds the mail of an outbox row carrying a report: its
// subject, body and file as they were queued.
func (e Email) armarReporte(ctx context.Context, m store.Mensaje) (Mensaje, error) {
	if _, err := e.configuracion(ctx, m.EmpresaID); err != nil {
		return Mensaje{}, err
	}
	r, err := e.Store.ReporteDeMensaje(ctx, m.ID)
	if err != nil {
		return Mensaje{}, Temporal(err)
	}
	out := Mensaje{Destino: m.Destino, Asunto: r.Asunto, HTML: r.Cuerpo}
	if r.Archivo != nil {
		out.Adjuntos = []Adjunto{{Nombre: r.Archivo.Nombre, Tipo: r.Archivo.Tipo, Datos: r.Archivo.Datos}}
	}
	return out, nil
}

// armarTexto sends a message whose text was queued with it (a customer's
// one-time code), escaped into a short HTML body.
func (e Email) armarTexto(ctx context.Context, m store.Mensaje) (Mensaje, error) {
	if _, err := e.configuracion(ctx, m.EmpresaID); err != nil {
		return Mensaje{}, err
	}
	asunto, texto, err := e.Store.TextoDeMensaje(ctx, m.ID)
	if err != nil {
		return Mensaje{}, Temporal(err)
	}
	return Mensaje{Destino: m.Destino, Asunto: asunto, HTML: "<p>" + html.EscapeString(texto) + "</p>"}, nil
}

// pasajeArmado is a ticket of a message as every channel shows it: printed
// for the company, its route and its QR image.
type pasajeArmado struct {
	store.Pasaje
	Ticket          impresion.Ticket
	Origen, Destino string
	QR              []byte
}

// ladoQR is the side in pixels of a ticket's QR image in a message.
const ladoQR = 320

// armarPasajes reads the company (a failure is temporary) and the tickets of
// an outbox row, and prepares each one.
func armarPasajes(ctx context.Context, st *store.Store, m store.Mensaje) (store.Empresa, []pasajeArmado, error) {
	empresa, _, err := st.Empresa(ctx, m.EmpresaID)
	if err != nil {
		return store.Empresa{}, nil, Temporal(err)
	}
	pasajes, err := st.PasajesPorIDs(ctx, m.EmpresaID, m.PasajeIDs, 0)
	if err != nil {
		return store.Empresa{}, nil, err
	}
	loc := domain.Location(empresa.Timezone)
	out := make([]pasajeArmado, 0, len(pasajes))
	for _, p := range pasajes {
		qr, err := impresion.QRPNG(p.CodigoQR, ladoQR)
		if err != nil {
			return store.Empresa{}, nil, err
		}
		origen, destino := origenDestino(empresa.Nombre, p.SeccionNombre)
		out = append(out, pasajeArmado{Pasaje: p, Ticket: TicketImpreso(p, empresa, loc), Origen: origen,
			Destino: destino, QR: qr})
	}
	return empresa, out, nil
}

// enlacePasajes is the paragraph that replaces PDFs too large to attach: a
// link per ticket to the public site, whose landing page opens the ticket
// (GET /api/public/pasaje). The link carries the ticket's signed QR code
// beside its number: the number alone is guessable, the code is the boarding
// credential this mail already carries inline.
func (e Email) enlacePasajes(pasajes []pasajeArmado) string {
	var b strings.Builder
	b.WriteString(`<p>Los PDF de tus pasajes superan el tamaño permitido para un email. Podés verlos en:</p><ul>`)
	for _, p := range pasajes {
		enlace := strings.TrimRight(e.URLPublica, "/") + "/?pasaje=" + url.QueryEscape(p.NumeroPasaje) +
			"&codigo=" + url.QueryEscape(p.CodigoQR)
		fmt.Fprintf(&b, `<li><a href="%s">Pasaje %s</a></li>`, html.EscapeString(enlace), html.EscapeString(p.NumeroPasaje))
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// origenDestino reads a section named "Origen - Destino"; a section with
// another name is a destination reached from the company's terminal.
func origenDestino(empresa, seccion string) (string, string) {
	if o, d, ok := strings.Cut(seccion, " - "); ok {
		return strings.TrimSpace(o), strings.TrimSpace(d)
	}
	return empresa, seccion
}

// TicketImpreso is a ticket as printed for the company e (dates in loc).
func TicketImpreso(p store.Pasaje, e store.Empresa, loc *time.Location) impresion.Ticket {
	t := impresion.TicketDe(p.NumeroPasaje, p.ClienteNombre, p.SeccionNombre, p.TipoViajeNombre, p.FechaViaje,
		p.Precio, p.MedioPagoNombre, p.UsuarioNombre, p.CreatedAt, p.Estado, p.CodigoQR, loc)
	t.Empresa, t.LogoURL, t.Salida = e.Nombre, e.LogoURL, p.Salida
	return t
}
