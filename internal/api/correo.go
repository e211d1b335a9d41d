package api

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
)

// GuardarConfigEmail is the body of POST /configuracion-email; an empty
// smtp_password keeps the stored one while host, port and user stay the same.
type GuardarConfigEmail struct {
	Activo          bool   `json:"activo"`
	SMTPHost        string `json:"smtp_host" maxLength:"255"`
	SMTPPort        int    `json:"smtp_port"`
	SMTPSecure      bool   `json:"smtp_secure"`
	SMTPUser        string `json:"smtp_user" maxLength:"255"`
	SMTPPassword    string `json:"smtp_password,omitempty" maxLength:"255"`
	EmailRemitente  string `json:"email_remitente" maxLength:"255"`
	NombreRemitente string `json:"nombre_remitente" maxLength:"100"`
	PlantillaPasaje string `json:"plantilla_pasaje" maxLength:"20000" multilinea:"true"`
}

// ConfigEmail is a company's e-mail configuration as read: the password is
// never returned, password_guardada says whether one is stored.
type ConfigEmail struct {
	Activo           bool   `json:"activo"`
	SMTPHost         string `json:"smtp_host"`
	SMTPPort         int    `json:"smtp_port"`
	SMTPSecure       bool   `json:"smtp_secure"`
	SMTPUser         string `json:"smtp_user"`
	PasswordGuardada bool   `json:"password_guardada"`
	EmailRemitente   string `json:"email_remitente"`
	NombreRemitente  string `json:"nombre_remitente"`
	PlantillaPasaje  string `json:"plantilla_pasaje"`
}

// EstadoEmail is the state of the company's e-mail service (backoffice §3, §4).
type EstadoEmail struct {
	Configurado bool   `json:"configurado"`
	Activo      bool   `json:"activo"`
	Estado      string `json:"estado" enum:"funcionando,error,sin_configurar,incompleto,inactivo,sin_probar"`
	Mensaje     string `json:"mensaje"`
	// Detalle is the technical text behind the last test's failure, for an administrator.
	Detalle      string     `json:"detalle,omitempty"`
	UltimaPrueba *time.Time `json:"ultima_prueba"`
}

// PlantillaEmail is the default ticket template.
type PlantillaEmail struct {
	Plantilla string `json:"plantilla"`
}

// PruebaEmail is the body of POST /configuracion-email/prueba.
type PruebaEmail struct {
	EmailDestino string `json:"email_destino" maxLength:"255"`
}

// EnviarPasajesEmail is the body of POST /email/send-tickets.
type EnviarPasajesEmail struct {
	Email     string  `json:"email" maxLength:"255"`
	PasajeIDs []int64 `json:"pasajeIds"`
	Cliente   string  `json:"cliente,omitempty" maxLength:"200"`
}

// MensajeSalida is a message of the outbox: its state (pendiente, enviado,
// fallido with the reason in error, one of a few categories) and, for an
// administrator, the technical detail of that reason.
type MensajeSalida struct {
	store.Mensaje
	Detalle string `json:"detalle,omitempty"`
}

// mensajeSalida is an outbox row as the caller may read it (fallaPara).
func mensajeSalida(r *http.Request, m store.Mensaje) MensajeSalida {
	f := fallaPara(r, m.Error)
	m.Error = f.Categoria
	return MensajeSalida{Mensaje: m, Detalle: f.Detalle}
}

func (s *Server) configEmail(r *http.Request) (ConfigEmail, error) {
	cfg, found, err := s.Store.ConfiguracionEmail(r.Context(), actorFrom(r).EmpresaID())
	if !found {
		return ConfigEmail{SMTPPort: domain.PuertoSMTPPorDefecto}, err
	}
	return ConfigEmail{Activo: cfg.Activo, SMTPHost: cfg.Host, SMTPPort: cfg.Puerto, SMTPSecure: cfg.Seguro,
		SMTPUser: cfg.Usuario, PasswordGuardada: cfg.Password != "", EmailRemitente: cfg.EmailRemitente,
		NombreRemitente: cfg.NombreRemitente, PlantillaPasaje: cfg.Plantilla}, err
}

func (s *Server) guardarConfigEmail(r *http.Request, body GuardarConfigEmail) (reply[ConfigEmail], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[ConfigEmail]{}, err
	}
	actual, found, err := s.Store.ConfiguracionEmail(r.Context(), a.EmpresaID)
	if err != nil {
		return reply[ConfigEmail]{}, err
	}
	cfg := store.ConfigEmail{Activo: body.Activo, Host: strings.TrimSpace(body.SMTPHost), Puerto: body.SMTPPort,
		Seguro: body.SMTPSecure, Usuario: strings.TrimSpace(body.SMTPUser), Password: body.SMTPPassword,
		EmailRemitente: body.EmailRemitente, NombreRemitente: body.NombreRemitente, Plantilla: body.PlantillaPasaje}
	// the store forgets the stored password when host, port or user change
	cambiado := found && actual.Password != "" &&
		(cfg.Host != actual.Host || cfg.Puerto != actual.Puerto || cfg.Usuario != actual.Usuario)
	v := domain.ConfigEmail{Host: body.SMTPHost, Usuario: body.SMTPUser, Remitente: body.EmailRemitente,
		Puerto: body.SMTPPort, FaltaPassword: body.SMTPPassword == "" && (!found || actual.Password == "" || cambiado),
		ServidorCambiado: cambiado, CualquierPuerto: s.Email.PermitirPrivadas}
	if err := v.Validar(); err != nil {
		return reply[ConfigEmail]{}, err
	}
	if _, err := mensajeria.CompilarPlantilla(body.PlantillaPasaje); err != nil {
		return reply[ConfigEmail]{}, domain.Invalid("La plantilla del pasaje tiene un error: " + err.Error())
	}
	if err := s.Store.GuardarConfiguracionEmail(r.Context(), a, cfg); err != nil {
		return reply[ConfigEmail]{}, err
	}
	out, err := s.configEmail(r)
	return withMessage(out, domain.MsgEmailConfigGuardada), err
}

// estadoEmail is the state of the caller's company's e-mail service, with the
// technical detail of its last failure when the caller may read it.
func (s *Server) estadoEmail(r *http.Request) (EstadoEmail, error) {
	cfg, found, err := s.Store.ConfiguracionEmail(r.Context(), actorFrom(r).EmpresaID())
	if err != nil {
		return EstadoEmail{}, err
	}
	v := domain.ConfigEmail{Host: cfg.Host, Usuario: cfg.Usuario, Remitente: cfg.EmailRemitente,
		Puerto: cfg.Puerto, FaltaPassword: cfg.Password == "", CualquierPuerto: s.Email.PermitirPrivadas}
	estado, mensaje := domain.EstadoEmail(found, cfg.Activo, v, cfg.UltimaPrueba != nil, cfg.UltimoError)
	return EstadoEmail{Configurado: found && v.Validar() == nil, Activo: cfg.Activo, Estado: estado,
		Mensaje: mensaje, Detalle: fallaPara(r, cfg.UltimoError).Detalle, UltimaPrueba: cfg.UltimaPrueba}, nil
}

func (s *Server) plantillaEmail(*http.Request) (PlantillaEmail, error) {
	return PlantillaEmail{Plantilla: mensajeria.PlantillaPorDefecto}, nil
}

// Test mails a company may send: they open connections from the server to
// a host of the admin's choosing, so they are few (counted per instance).
const (
	maxPruebasEmail     = 5
	ventanaPruebasEmail = time.Minute
)

func (s *Server) probarEmail(r *http.Request, body PruebaEmail) (reply[NoData], error) {
	if !strings.Contains(body.EmailDestino, "@") || !domain.EmailValido(body.EmailDestino) {
		return reply[NoData]{}, domain.Invalid(domain.MsgEmailPruebaInvalido)
	}
	empresa := actorFrom(r).EmpresaID()
	if espera := s.pruebasEmail.permitir(empresa, s.Store.Now(), maxPruebasEmail, ventanaPruebasEmail); espera > 0 {
		e := domain.TooMany(domain.MsgEmailPruebasDemasiadas)
		e.RetryAfter = espera
		return reply[NoData]{}, e
	}
	err := s.Email.Probar(r.Context(), empresa, body.EmailDestino)
	if ec := (*mensajeria.ErrorCorreo)(nil); errors.As(err, &ec) {
		s.Log.Warn("email de prueba fallido", "empresa", empresa, "error", err.Error(), "detalle", ec.Detalle)
		return reply[NoData]{}, domain.Fallida("No se pudo enviar el email de prueba", ec.Falla())
	}
	return withMessage(NoData{}, domain.MsgEmailPruebaEnviada), err
}

func (s *Server) enviarPasajesEmail(r *http.Request, body EnviarPasajesEmail) (createdReply[MensajeSalida], error) {
	switch {
	case len(body.PasajeIDs) == 0 && actorFrom(r).SoloVentaPropia:
		// without email.enviar only an own recent sale may be sent: none named, none allowed
		return createdReply[MensajeSalida]{}, domain.Forbidden(domain.MsgSinPermisos)
	case len(body.PasajeIDs) == 0:
		return createdReply[MensajeSalida]{}, domain.Invalid(domain.MsgEmailPasajesObligatorios)
	case !domain.EmailValido(body.Email):
		return createdReply[MensajeSalida]{}, domain.Invalid(domain.MsgEmailDestinoInvalido)
	case len(body.PasajeIDs) > domain.MaxPasajesPorEmail:
		return createdReply[MensajeSalida]{}, domain.Invalid("Se pueden enviar hasta 20 pasajes por email")
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	m, err := s.Store.EncolarMensaje(r.Context(), a, store.NuevoMensaje{Canal: store.CanalEmail,
		Tipo: store.TipoPasajes, Destino: body.Email, Cliente: strings.TrimSpace(body.Cliente),
		PasajeIDs: body.PasajeIDs, VendedorID: vendedorDe(r), SoloVentaPropia: actorFrom(r).SoloVentaPropia})
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	return created(mensajeSalida(r, m), domain.MsgEmailPasajesEncolados), nil
}

func (s *Server) mensajesPasaje(r *http.Request) ([]MensajeSalida, error) {
	p, err := s.pasajeDelPedido(r)
	if err != nil {
		return nil, err
	}
	ms, err := s.Store.MensajesDePasaje(r.Context(), actorFrom(r).EmpresaID(), p.ID)
	return mapRows(ms, func(m store.Mensaje) MensajeSalida { return mensajeSalida(r, m) }), err
}

func (s *Server) reenviarMensaje(r *http.Request) (createdReply[MensajeSalida], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	m, err := s.Store.ReenviarMensaje(r.Context(), a, id, vendedorDe(r), actorFrom(r).SoloVentaPropia)
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	return created(mensajeSalida(r, m), domain.MsgMensajeReenviado), nil
}
