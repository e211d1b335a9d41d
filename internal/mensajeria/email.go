package mensajeria

import (
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"html/template"
	"net"
	"os"
	"regexp"
	"strings"
	"time"

	mail "github.com/wneessen/go-mail"

	"muelle/internal/store"
)

// TLSConCA is the TLS of the SMTP connections trusting, besides the system's
// roots, the certificates of the PEM file at path (MUELLE_SMTP_CA: a mail
// server with a private CA, or the end-to-end tests' own server). Certificates
// are always verified.
func TLSConCA(path string) (*tls.Config, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("leer las CA de SMTP: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%s no tiene certificados PEM", path)
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
}

// TimeoutSMTP bounds one whole SMTP conversation.
const TimeoutSMTP = 30 * time.Second

// SMTP is the e-mail channel of one company.
type SMTP struct {
	Config store.ConfigEmail
	// TLS, when set, replaces the system's TLS settings (tests trust their
	// own server's certificate with it).
	TLS *tls.Config
}

// Enviar sends m over STARTTLS (port 587) or implicit TLS (465, smtp_secure),
// authenticating when a user is configured. SMTP 4xx answers and network
// failures are temporary; 5xx and the rest are permanent.
func (s SMTP) Enviar(ctx context.Context, m Mensaje) error {
	msg, err := s.mensaje(m)
	if err != nil {
		return err
	}
	opts := []mail.Option{mail.WithPort(s.Config.Puerto), mail.WithTimeout(TimeoutSMTP)}
	if s.Config.Seguro {
		opts = append(opts, mail.WithSSL())
	} else {
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	}
	if s.TLS != nil {
		t := s.TLS.Clone()
		t.ServerName = cmp.Or(t.ServerName, s.Config.Host)
		opts = append(opts, mail.WithTLSConfig(t))
	}
	if s.Config.Usuario != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover), mail.WithUsername(s.Config.Usuario),
			mail.WithPassword(s.Config.Password))
	}
	client, err := mail.NewClient(s.Config.Host, opts...)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, TimeoutSMTP)
	defer cancel()
	return clasificar(client.DialAndSendWithContext(ctx, msg))
}

// mensaje builds the MIME message: HTML body, inline images and attachments.
func (s SMTP) mensaje(m Mensaje) (*mail.Msg, error) {
	msg := mail.NewMsg()
	if err := msg.FromFormat(s.Config.NombreRemitente, s.Config.EmailRemitente); err != nil {
		return nil, fmt.Errorf("remitente inválido: %w", err)
	}
	if err := msg.To(m.Destino); err != nil {
		return nil, fmt.Errorf("destinatario inválido: %w", err)
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

// clasificar marks as temporary the SMTP 4xx answers and the network failures.
func clasificar(err error) error {
	if err == nil {
		return nil
	}
	var se *mail.SendError
	if errors.As(err, &se) && se.ErrorCode() >= 400 && se.ErrorCode() < 500 {
		return Temporal(err)
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) {
		return Temporal(err)
	}
	if se != nil && se.ErrorCode() == 0 && se.IsTemp() {
		return Temporal(err)
	}
	return err
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
