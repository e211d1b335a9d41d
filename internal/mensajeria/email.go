package mensajeria

import (
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/textproto"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	mail "github.com/wneessen/go-mail"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/store"
)

// TLSConCA is the TLS of the SMTP connections trusting, besides the system's
// roots, the certificates of the PEM file at path (MUELLE_SMTP_CA: a mail
// server with a private CA, or the end-to-end tests' own server; see
// externo.ConfigTLS). Certificates are always verified.
func TLSConCA(path string) (*tls.Config, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("leer las CA de SMTP: %w", err)
	}
	t, err := externo.ConfigTLS(pem)
	if err != nil {
		return nil, fmt.Errorf("%s %w", path, err)
	}
	return t, nil
}

// TimeoutSMTP bounds one whole SMTP conversation.
const TimeoutSMTP = 30 * time.Second

// SMTP is the e-mail channel of one company.
type SMTP struct {
	Config store.ConfigEmail
	// TLS, when set, replaces the system's TLS settings (tests trust their
	// own server's certificate with it).
	TLS *tls.Config
	// PermitirPrivadas lets the connection reach loopback, private and
	// link-local addresses and any port (MUELLE_SMTP_PERMITIR_PRIVADAS: tests,
	// an on-premise relay); otherwise only public addresses on
	// domain.PuertosSMTP.
	PermitirPrivadas bool
}

// autenticaciones are the SASL mechanisms tried, best first: those go-mail
// prefers over an encrypted connection, which every connection of ours is
// (its own discovery, not knowing that our dialer's implicit TLS is TLS,
// would leave PLAIN and LOGIN out).
var autenticaciones = []mail.SMTPAuthType{mail.SMTPAuthSCRAMSHA256PLUS, mail.SMTPAuthSCRAMSHA256,
	mail.SMTPAuthSCRAMSHA1PLUS, mail.SMTPAuthSCRAMSHA1, mail.SMTPAuthCramMD5, mail.SMTPAuthPlain, mail.SMTPAuthLogin}

// Enviar sends m over STARTTLS (port 587) or implicit TLS (465, smtp_secure),
// authenticating when a user is configured. Its errors are ErrorCorreo: SMTP
// 4xx answers and network failures are temporary; 5xx and the rest are
// permanent.
func (s SMTP) Enviar(ctx context.Context, m Mensaje) error {
	if !s.PermitirPrivadas && !slices.Contains(domain.PuertosSMTP, s.Config.Puerto) {
		return &ErrorCorreo{Mensaje: domain.MsgEmailPuertoNoPermitido,
			Detalle: fmt.Errorf("puerto SMTP %d fuera de los permitidos", s.Config.Puerto)}
	}
	msg, err := s.mensaje(m)
	if err != nil {
		return clasificar(err)
	}
	t := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.TLS != nil {
		t = s.TLS.Clone()
	}
	// go-mail dials "host:port" as written, so a bracketed IPv6 literal
	// (domain.HostSMTPValido) keeps its brackets there, not in the TLS name
	t.ServerName = cmp.Or(t.ServerName, strings.TrimSuffix(strings.TrimPrefix(s.Config.Host, "["), "]"))
	opts := []mail.Option{mail.WithPort(s.Config.Puerto), mail.WithTimeout(TimeoutSMTP), mail.WithTLSConfig(t),
		mail.WithDialContextFunc(marcador(s.PermitirPrivadas, t, s.Config.Seguro))}
	if s.Config.Seguro {
		opts = append(opts, mail.WithSSL())
	} else {
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	}
	if s.Config.Usuario != "" {
		opts = append(opts, mail.WithOpportunisticSMTPAuth(autenticaciones...), mail.WithUsername(s.Config.Usuario),
			mail.WithPassword(s.Config.Password))
	}
	client, err := mail.NewClient(s.Config.Host, opts...)
	if err != nil {
		return clasificar(err)
	}
	ctx, cancel := context.WithTimeout(ctx, TimeoutSMTP)
	defer cancel()
	return clasificar(client.DialAndSendWithContext(ctx, msg))
}

// mensaje builds the MIME message: HTML body, inline images and attachments.
func (s SMTP) mensaje(m Mensaje) (*mail.Msg, error) {
	msg := mail.NewMsg()
	if err := msg.FromFormat(s.Config.NombreRemitente, s.Config.EmailRemitente); err != nil {
		return nil, &ErrorCorreo{Mensaje: domain.MsgEmailRemitenteInvalido, Detalle: err}
	}
	if err := msg.To(m.Destino); err != nil {
		return nil, &ErrorCorreo{Mensaje: domain.MsgEmailDestinoInvalido, Detalle: err}
	}
	msg.Subject(m.Asunto)
	msg.SetBodyString(mail.TypeTextHTML, m.HTML)
	for _, a := range m.Adjuntos {
		opts := []mail.FileOption{mail.WithFileContentType(mail.ContentType(a.Tipo))}
		var err error
		if a.CID != "" {
			err = msg.EmbedReader(a.Nombre, bytes.NewReader(a.Datos), append(opts, mail.WithFileContentID(a.CID))...)
		} else {
			err = msg.AttachReader(a.Nombre, bytes.NewReader(a.Datos), opts...)
		}
		if err != nil {
			return nil, err
		}
	}
	return msg, nil
}

// ErrorCorreo is a mail that could not be sent as users read it: Mensaje is
// one of a few Spanish categories (domain.MsgCorreo...), safe to show;
// Detalle is what happened (the host, the server's answer, Go's error), for
// the server log and the administrators (domain.Falla).
type ErrorCorreo struct {
	Mensaje string
	Detalle error
}

func (e *ErrorCorreo) Error() string { return e.Mensaje }

// Falla is the failure as stored and answered: the category and its detail.
func (e *ErrorCorreo) Falla() domain.Falla {
	f := domain.Falla{Categoria: e.Mensaje}
	if e.Detalle != nil {
		f.Detalle = e.Detalle.Error()
	}
	return f
}
func (e *ErrorCorreo) Unwrap() error { return e.Detalle }

// Detalle is what the server log records of a failure: the detail behind an
// ErrorCorreo, or err itself.
func Detalle(err error) error {
	if ec := (*ErrorCorreo)(nil); errors.As(err, &ec) && ec.Detalle != nil {
		return ec.Detalle
	}
	return err
}

// clasificar turns a send's error into its ErrorCorreo, marked temporary for
// the SMTP 4xx answers and the network failures.
func clasificar(err error) error {
	if err == nil {
		return nil
	}
	if ec := (*ErrorCorreo)(nil); errors.As(err, &ec) {
		return err
	}
	mensaje, temporal := categoria(err)
	ec := &ErrorCorreo{Mensaje: mensaje, Detalle: err}
	if temporal {
		return Temporal(ec)
	}
	return ec
}

// categoria is the category of a send's error and whether it is temporary.
func categoria(err error) (mensaje string, temporal bool) {
	var (
		verificacion *tls.CertificateVerificationError
		respuesta    *textproto.Error
		red          net.Error
		envio        *mail.SendError
	)
	switch {
	case errors.Is(err, externo.ErrDireccionNoPermitida):
		return domain.MsgCorreoDireccion, false
	case errors.As(err, &verificacion):
		return domain.MsgCorreoCertificado, false
	case errors.As(err, &respuesta) && (respuesta.Code == 534 || respuesta.Code == 535):
		return domain.MsgCorreoCredenciales, false
	case strings.Contains(err.Error(), "does not support STARTTLS"): // go-mail's words: it has no error value for it
		return domain.MsgCorreoSinSTARTTLS, false
	case errors.As(err, &red) || errors.Is(err, context.DeadlineExceeded):
		return domain.MsgCorreoSinConexion, true
	case errors.As(err, &envio):
		codigo := envio.ErrorCode()
		return domain.MsgCorreoRechazado, codigo >= 400 && codigo < 500 || codigo == 0 && envio.IsTemp()
	case respuesta != nil:
		return domain.MsgCorreoError, respuesta.Code >= 400 && respuesta.Code < 500
	}
	return domain.MsgCorreoError, false
}

// Variables of the ticket template (backoffice §3).
var variablesPlantilla = []string{"empresa_nombre", "codigo_pasaje", "nombre_pasajero", "origen", "destino",
	"fecha_viaje", "precio", "codigo_qr"}

// variable is a {{nombre}} of the template, with optional spaces.
var variable = regexp.MustCompile(`\{\{\s*([a-z_]+)\s*\}\}`)

// CompilarPlantilla parses a ticket template written with {{variable}}
// placeholders. Every value is escaped by html/template for where it stands;
// an unknown variable is an error.
func CompilarPlantilla(texto string) (*template.Template, error) {
	var desconocida string
	fuente := variable.ReplaceAllStringFunc(texto, func(v string) string {
		nombre := variable.FindStringSubmatch(v)[1]
		for _, conocida := range variablesPlantilla {
			if nombre == conocida {
				return "{{." + nombre + "}}"
			}
		}
		desconocida = nombre
		return v
	})
	if desconocida != "" {
		return nil, fmt.Errorf("la variable {{%s}} no existe", desconocida)
	}
	return template.New("pasaje").Option("missingkey=error").Parse(fuente)
}

// DatosPasaje are the values of the template for one ticket.
type DatosPasaje struct {
	EmpresaNombre, CodigoPasaje, NombrePasajero, Origen, Destino, FechaViaje, Precio string
	// CID names the inline QR image of the ticket.
	CID string
}

func (d DatosPasaje) valores() map[string]any {
	return map[string]any{"empresa_nombre": d.EmpresaNombre, "codigo_pasaje": d.CodigoPasaje,
		"nombre_pasajero": d.NombrePasajero, "origen": d.Origen, "destino": d.Destino, "fecha_viaje": d.FechaViaje,
		"precio": d.Precio, "codigo_qr": template.URL("cid:" + d.CID)}
}

// RenderPasajes writes the template once per ticket, one after the other.
func RenderPasajes(t *template.Template, pasajes []DatosPasaje) (string, error) {
	var b strings.Builder
	for i, p := range pasajes {
		if i > 0 {
			b.WriteString("<hr>")
		}
		if err := t.Execute(&b, p.valores()); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// PlantillaPorDefecto is the ticket template loaded by "Cargar plantilla por defecto".
const PlantillaPorDefecto = `<div style="font-family: Arial, sans-serif; max-width: 600px; margin: 0 auto;">
  <h2 style="color: #1e40af;">{{empresa_nombre}}</h2>
  <p>Hola {{nombre_pasajero}}, este es tu pasaje.</p>
  <table style="border-collapse: collapse; width: 100%;">
    <tr><td><strong>Pasaje N°</strong></td><td>{{codigo_pasaje}}</td></tr>
    <tr><td><strong>Origen</strong></td><td>{{origen}}</td></tr>
    <tr><td><strong>Destino</strong></td><td>{{destino}}</td></tr>
    <tr><td><strong>Fecha de viaje</strong></td><td>{{fecha_viaje}}</td></tr>
    <tr><td><strong>Precio</strong></td><td>{{precio}}</td></tr>
  </table>
  <p>Presentá este código QR al embarcar:</p>
  <p><img src="{{codigo_qr}}" alt="Código QR del pasaje {{codigo_pasaje}}" width="200" height="200"></p>
  <p style="color: #6b7280; font-size: 12px;">Por favor, preséntese 30 minutos antes de la salida.</p>
</div>`
