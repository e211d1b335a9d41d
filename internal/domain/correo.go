package domain

import (
	"net/mail"
	"net/netip"
	"slices"
	"strings"
)

// E-mail messages (backoffice §5, §8; operaciones §5, §7).
const (
	MsgEmailHostObligatorio     = "El servidor SMTP es obligatorio"
	MsgEmailHostInvalido        = "El servidor SMTP debe ser un nombre (por ejemplo smtp.empresa.com), una dirección IPv4 o una dirección IPv6 entre corchetes"
	MsgEmailPuertoInvalido      = "El puerto SMTP debe ser un número entre 1 y 65535"
	MsgEmailPuertoNoPermitido   = "El puerto SMTP debe ser 25, 465, 587 o 2525"
	MsgEmailPasswordDeNuevo     = "Cambió el servidor, el puerto o el usuario SMTP: ingrese la contraseña de nuevo"
	MsgEmailUsuarioObligatorio  = "El usuario SMTP es obligatorio"
	MsgEmailPasswordObligatoria = "La contraseña SMTP es obligatoria"
	MsgEmailRemitenteInvalido   = "El email remitente no es válido"
	MsgEmailPruebaInvalido      = "Ingrese un email válido para la prueba"
	MsgEmailDestinoInvalido     = "Por favor ingresa un email válido"
	MsgEmailPasajesObligatorios = "Debe indicar al menos un pasaje"
	MsgEmailConfigGuardada      = "Configuración guardada exitosamente"
	MsgEmailPruebaEnviada       = "¡Email de prueba enviado exitosamente! Revisa tu bandeja de entrada."
	MsgEmailPasajesEncolados    = "Pasajes en cola de envío por email"
	MsgMensajeReenviado         = "Mensaje en cola para reenviarse"
	MsgEmailPruebasDemasiadas   = "Se enviaron demasiados emails de prueba. Espere un minuto e intente de nuevo."
	MaxPasajesPorEmail          = 20
	PuertoSMTPPorDefecto        = 587
)

// Why a mail could not be sent, as users read it (the test mail's answer, a
// message's error): a few categories, never a host, an address or the
// server's own words (those go to the server log).
const (
	MsgCorreoSinConexion  = "No se pudo conectar al servidor de correo"
	MsgCorreoSinSTARTTLS  = "El servidor no ofrece STARTTLS"
	MsgCorreoCredenciales = "Usuario o contraseña rechazados"
	MsgCorreoCertificado  = "El certificado del servidor de correo no es válido"
	MsgCorreoDireccion    = "La dirección del servidor de correo no está permitida"
	MsgCorreoRechazado    = "El servidor de correo rechazó el mensaje"
	MsgCorreoError        = "Error inesperado al enviar el email"
)

// PuertosSMTP are the ports an SMTP server may listen on: relay (25), implicit
// TLS (465), submission (587) and the common alternative (2525). An
// installation that allows private addresses (MUELLE_SMTP_PERMITIR_PRIVADAS)
// allows any port too.
var PuertosSMTP = []int{25, 465, 587, 2525}

// EmailValido reports whether s is one plain address (name@domain, no display name).
func EmailValido(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@"):], ".")
}

// ConfigEmail is what the e-mail form sends, to be checked.
type ConfigEmail struct {
	Host, Usuario, Remitente string
	Puerto                   int
	// FaltaPassword: no password given and none stored (or the stored one
	// is forgotten: ServidorCambiado).
	FaltaPassword bool
	// ServidorCambiado: a password is stored and host, port or user change;
	// the stored password then goes (it must be typed again).
	ServidorCambiado bool
	// CualquierPuerto: the installation allows ports outside PuertosSMTP.
	CualquierPuerto bool
}

// Validar checks the fields backoffice §5 marks as required: host, port (an
// SMTP one), user, password and sender address.
func (c ConfigEmail) Validar() error {
	switch {
	case strings.TrimSpace(c.Host) == "":
		return Invalid(MsgEmailHostObligatorio)
	case !HostSMTPValido(strings.TrimSpace(c.Host)):
		return Invalid(MsgEmailHostInvalido)
	case c.Puerto < 1 || c.Puerto > 65535:
		return Invalid(MsgEmailPuertoInvalido)
	case !c.CualquierPuerto && !slices.Contains(PuertosSMTP, c.Puerto):
		return Invalid(MsgEmailPuertoNoPermitido)
	case strings.TrimSpace(c.Usuario) == "":
		return Invalid(MsgEmailUsuarioObligatorio)
	case c.FaltaPassword && c.ServidorCambiado:
		return Invalid(MsgEmailPasswordDeNuevo)
	case c.FaltaPassword:
		return Invalid(MsgEmailPasswordObligatoria)
	case !EmailValido(c.Remitente):
		return Invalid(MsgEmailRemitenteInvalido)
	}
	return nil
}

// E-mail service states (backoffice §4).
const (
	EmailFuncionando   = "funcionando"
	EmailError         = "error"
	EmailSinConfigurar = "sin_configurar"
	EmailIncompleto    = "incompleto"
	EmailInactivo      = "inactivo"
	EmailSinProbar     = "sin_probar"
)

// MsgEmailSinProbar is the state of a configuration that no test and no mail
// sent has proved since it was saved.
const MsgEmailSinProbar = "Configurado, sin probar"

// EstadoEmail is the state of a company's e-mail service and its message:
// no configuration, an incomplete one, switched off, its last test failed
// (ultimoError, told by its category), not proved since it was saved
// (probada false: no test and no mail sent), or working.
func EstadoEmail(existe, activo bool, c ConfigEmail, probada bool, ultimoError string) (estado, mensaje string) {
	switch {
	case !existe:
		return EmailSinConfigurar, "El envío de email no está configurado"
	case c.Validar() != nil:
		return EmailIncompleto, "La configuración de email está incompleta"
	case !activo:
		return EmailInactivo, "El envío de email está desactivado"
	case ultimoError != "":
		return EmailError, "La última prueba falló: " + ClasificarFalla(ultimoError).Categoria
	case !probada:
		return EmailSinProbar, MsgEmailSinProbar
	}
	return EmailFuncionando, "El envío de email está configurado y activo"
}

// HostSMTPValido reports whether h names a mail server the way the channel
// dials it (issue 36 item 14): a host name (letters, digits and hyphens in
// dot-separated labels, the last starting with a letter, so that no number in
// another notation — 2130706433, 0x7f.1, 127.1 — passes for a name), a
// dotted-decimal IPv4 address, or an IPv6 literal between brackets, without a
// zone and not an IPv4 address written as IPv6. The address it resolves to is
// still checked when it is dialled.
func HostSMTPValido(h string) bool {
	if literal, ok := strings.CutPrefix(h, "["); ok {
		literal, ok = strings.CutSuffix(literal, "]")
		ip, err := netip.ParseAddr(literal)
		return ok && err == nil && ip.Is6() && !ip.Is4In6() && ip.Zone() == ""
	}
	if ip, err := netip.ParseAddr(h); err == nil {
		return ip.Is4()
	}
	return nombreDeHost(strings.TrimSuffix(h, "."))
}

// nombreDeHost reports whether h is a DNS host name whose last label starts
// with a letter.
func nombreDeHost(h string) bool {
	if h == "" || len(h) > 253 {
		return false
	}
	rotulos := strings.Split(h, ".")
	for _, r := range rotulos {
		if r == "" || len(r) > 63 || r[0] == '-' || r[len(r)-1] == '-' {
			return false
		}
		for _, c := range []byte(r) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	ultimo := rotulos[len(rotulos)-1][0]
	return ultimo >= 'a' && ultimo <= 'z' || ultimo >= 'A' && ultimo <= 'Z'
}
