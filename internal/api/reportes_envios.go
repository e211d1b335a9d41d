package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
)

// The reports a mail carries (tipoReporte).
const (
	ReporteDeVentas    = "ventas"
	ReporteDeCajas     = "cajas"
	ReporteDePasajeros = "pasajeros"
)

// maxArchivoEmail bounds a report's file carried by a mail (10 MB, as the tickets' PDFs).
const maxArchivoEmail = 10 << 20

// Report mails a company may ask for: each builds its file in memory, so
// they are few (counted per instance, like the test mails).
const (
	maxReportesEmail     = 20
	ventanaReportesEmail = time.Minute
)

// EnviarReporte is the body of the report mails (backoffice §7: POST
// /reportes/enviar-email, enviar-excel, enviar-cajas, enviar-pasajeros): the
// destination, subject, optional message, the report and its period.
type EnviarReporte struct {
	Email       string `json:"email" maxLength:"255"`
	Asunto      string `json:"asunto,omitempty" maxLength:"200"`
	Mensaje     string `json:"mensaje,omitempty" maxLength:"2000" multilinea:"true"`
	TipoReporte string `json:"tipoReporte,omitempty" maxLength:"20" enum:"ventas,cajas,pasajeros" description:"El reporte: ventas (por defecto), cajas o pasajeros"`
	Periodo     string `json:"periodo,omitempty" maxLength:"10" enum:"hoy,rango,mes,año"`
	Inicio      string `json:"inicio,omitempty" maxLength:"10" format:"date"`
	Fin         string `json:"fin,omitempty" maxLength:"10" format:"date"`
	Mes         int64  `json:"mes,omitempty"`
	Anio        int64  `json:"anio,omitempty"`
	Base        string `json:"base,omitempty" maxLength:"10" enum:"venta,viaje"`
}

// consulta is the report's period and the file's format.
func (b EnviarReporte) consulta(formato string) ConsultaExportarReporte {
	return ConsultaExportarReporte{Formato: formato, ConsultaPeriodo: ConsultaPeriodo{Periodo: b.Periodo, Inicio: b.Inicio,
		Fin: b.Fin, Mes: b.Mes, Anio: b.Anio, Base: b.Base}}
}

// validar refuses the body with the messages of backoffice §5.
func (b EnviarReporte) validar() error {
	switch {
	case strings.TrimSpace(b.Email) == "":
		return domain.Invalid(domain.MsgEmailDestinoObligatorio)
	case !domain.EmailValido(b.Email):
		return domain.Invalid(domain.MsgFormatoEmailInvalido)
	case strings.TrimSpace(b.Asunto) == "":
		return domain.Invalid(domain.MsgAsuntoObligatorio)
	case b.Base != "" && b.Base != BaseVenta && b.Base != BaseViaje:
		return domain.Invalid("La fecha base debe ser venta o viaje")
	}
	return nil
}

func (s *Server) enviarReporteEmail(r *http.Request, b EnviarReporte) (reply[store.Mensaje], error) {
	return s.enviarReporte(r, b, b.TipoReporte, FormatoPDF)
}

func (s *Server) enviarReporteExcel(r *http.Request, b EnviarReporte) (reply[store.Mensaje], error) {
	return s.enviarReporte(r, b, b.TipoReporte, FormatoXLSX)
}

func (s *Server) enviarReporteCajas(r *http.Request, b EnviarReporte) (reply[store.Mensaje], error) {
	return s.enviarReporte(r, b, ReporteDeCajas, FormatoPDF)
}

func (s *Server) enviarReportePasajeros(r *http.Request, b EnviarReporte) (reply[store.Mensaje], error) {
	return s.enviarReporte(r, b, ReporteDePasajeros, FormatoPDF)
}

// enviarReporte queues the mail of report tipo (sales when empty) in formato
// to the body's address: the file is built now, as the download would be,
// and the outbox sends it. The company's e-mail must be configured and on.
func (s *Server) enviarReporte(r *http.Request, b EnviarReporte, tipo, formato string) (reply[store.Mensaje], error) {
	if err := b.validar(); err != nil {
		return reply[store.Mensaje]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[store.Mensaje]{}, err
	}
	if err := s.escrituraDeReporte(r, b.Mensaje, b.Email); err != nil {
		return reply[store.Mensaje]{}, err
	}
	if err := s.emailListo(r.Context(), a.EmpresaID); err != nil {
		return reply[store.Mensaje]{}, err
	}
	if espera := s.reportesEmail.permitir(a.EmpresaID, s.Store.Now(), maxReportesEmail, ventanaReportesEmail); espera > 0 {
		e := domain.TooMany(domain.MsgReportesEmailDemasiados)
		e.RetryAfter = espera
		return reply[store.Mensaje]{}, e
	}
	e, _, err := s.zonaDe(r)
	if err != nil {
		return reply[store.Mensaje]{}, err
	}
	if err := s.Store.ComprobarTopeReportes(r.Context(), a.EmpresaID, e.Timezone, 1); err != nil {
		return reply[store.Mensaje]{}, err
	}
	f, err := s.reporteEnMemoria(r.Context(), e, tipo, b.consulta(formato))
	if err != nil {
		return reply[store.Mensaje]{}, err
	}
	m, err := s.Store.EncolarReporte(r.Context(), a, b.Email, store.ReporteEmail{Asunto: domain.AsuntoReporte(e.Nombre, b.Asunto),
		Cuerpo: cuerpoReporte(e.Nombre, b.Mensaje, f.Nombre), Archivo: &f, Zona: e.Timezone})
	return withMessage(m, domain.MsgReporteEnCamino(b.Email)), err
}

// escrituraDeReporte refuses, for a caller who is not the company's admin
// (domain.EscribeReportesLibremente), a message of its own and any recipient
// that is not one of the company's users: report mail is no relay.
func (s *Server) escrituraDeReporte(r *http.Request, mensaje string, destinos ...string) error {
	u := actorFrom(r).Usuario
	if domain.EscribeReportesLibremente(u.Rol) {
		return nil
	}
	if strings.TrimSpace(mensaje) != "" {
		return domain.Forbidden(domain.MsgMensajeReporteSoloAdmin)
	}
	usuarios, err := s.Store.DestinatariosDeReportes(r.Context(), u.EmpresaID)
	if err != nil {
		return err
	}
	emails := make([]string, len(usuarios))
	for i, d := range usuarios {
		emails[i] = d.Email
	}
	if domain.DestinoReporteNoPermitido(destinos, emails) != "" {
		return domain.Forbidden(domain.MsgDestinoReporteSoloUsuarios)
	}
	return nil
}

// emailListo refuses a report mail of a company whose e-mail is not
// configured or is off: the outbox could never send it.
func (s *Server) emailListo(ctx context.Context, empresaID int64) error {
	cfg, found, err := s.Store.ConfiguracionEmail(ctx, empresaID)
	switch {
	case err != nil:
		return err
	case !found:
		return domain.Invalid(mensajeria.MsgEmailSinConfigurar)
	case !cfg.Activo:
		return domain.Invalid(mensajeria.MsgEmailInactivo)
	}
	return nil
}

// reporteEnMemoria builds the company e's report tipo's file as its download
// would answer it (generadorReporte), in memory, refused past maxArchivoEmail.
func (s *Server) reporteEnMemoria(ctx context.Context, e store.Empresa, tipo string, c ConsultaExportarReporte) (store.ArchivoReporte, error) {
	var exportar generadorReporte = s.exportarVentas
	switch tipo {
	case "", ReporteDeVentas:
	case ReporteDeCajas:
		exportar = s.exportarReporteCajas
	case ReporteDePasajeros:
		exportar = s.exportarPasajerosReporte
	default:
		return store.ArchivoReporte{}, domain.Invalid("El tipo de reporte debe ser ventas, cajas o pasajeros")
	}
	f, err := exportar(ctx, e, c)
	if err != nil {
		return store.ArchivoReporte{}, err
	}
	var buf bytes.Buffer
	if err := f.write(&topeEscritura{w: &buf, resta: maxArchivoEmail}); err != nil {
		if errors.Is(err, errArchivoGrande) {
			return store.ArchivoReporte{}, domain.Invalid(domain.MsgReporteDemasiadoGrande)
		}
		return store.ArchivoReporte{}, err
	}
	return store.ArchivoReporte{Nombre: f.nombre, Tipo: f.tipo, Datos: buf.Bytes()}, nil
}

var errArchivoGrande = errors.New("api: el archivo supera el tope")

// topeEscritura fails a write past resta bytes.
type topeEscritura struct {
	w     *bytes.Buffer
	resta int
}

func (t *topeEscritura) Write(p []byte) (int, error) {
	if len(p) > t.resta {
		return 0, errArchivoGrande
	}
	t.resta -= len(p)
	return t.w.Write(p)
}

// cuerpoReporte is the HTML body of a report's mail: the sender's message
// (escaped, its lines kept) and which file it carries; without a file, that
// the period had no data.
func cuerpoReporte(empresa, mensaje, archivo string) string {
	var b strings.Builder
	if m := strings.TrimSpace(mensaje); m != "" {
		fmt.Fprintf(&b, "<p>%s</p>", strings.ReplaceAll(html.EscapeString(m), "\n", "<br>"))
	}
	if archivo == "" {
		fmt.Fprintf(&b, "<p>%s: no hubo datos en el período del reporte.</p>", html.EscapeString(empresa))
	} else {
		fmt.Fprintf(&b, "<p>Adjuntamos el reporte de %s: <strong>%s</strong>.</p>", html.EscapeString(empresa),
			html.EscapeString(archivo))
	}
	b.WriteString(`<p style="color:#6b7280;font-size:12px">Enviado por Muelle.</p>`)
	return b.String()
}

// destinatariosReportes are the suggested recipients of a report mail.
func (s *Server) destinatariosReportes(r *http.Request) ([]store.Destinatario, error) {
	return s.Store.DestinatariosDeReportes(r.Context(), actorFrom(r).EmpresaID())
}
