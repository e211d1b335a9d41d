package domain

import "strings"

// Falla is why a message, a test or a service failed, as people read it:
// Categoria is one of a few Spanish, actionable texts safe for anyone who
// sees the failure; Detalle is the technical text behind it (the server's
// answer, the host, Go's error), for the administrators alone.
type Falla struct {
	Categoria string
	Detalle   string
}

// Texto is how a failure is stored (a message's error, a test's result, a
// WhatsApp link's reason): its category, then ": " and its detail.
func (f Falla) Texto() string {
	if f.Detalle == "" {
		return f.Categoria
	}
	return f.Categoria + ": " + f.Detalle
}

// Fallida is the 422 of a send that failed now (the test mail, the WhatsApp
// test message): what failed, then the failure's category; its detail
// travels in Detalle.
func Fallida(que string, f Falla) *Error {
	return &Error{Kind: KindUnprocessable, Message: que + ": " + f.Categoria, Detalle: f.Detalle}
}

// VeDetallesTecnicos reports whether a role may read the technical detail
// of a failure: the administrators, never a seller.
func VeDetallesTecnicos(rol string) bool { return rol == RolAdmin || rol == RolSuperAdmin }

// Categories of the failures that are not the e-mail's (MsgCorreo...).
const (
	MsgWhatsAppSinConexion   = "No se pudo conectar con WhatsApp"
	MsgWhatsAppEnvioFallido  = "WhatsApp no pudo entregar el mensaje"
	MsgWhatsAppDestinoSinWPP = "El número del destinatario no tiene WhatsApp"
	MsgFallaInesperada       = "No se pudo enviar el mensaje"
)

// Categories of a failed call to an outside service (internal/externo): the
// screen around it names the service.
const (
	MsgServicioSinConexion  = "No se pudo conectar con el servicio"
	MsgServicioDemora       = "El servicio tardó demasiado en responder"
	MsgServicioCredenciales = "El servicio rechazó las credenciales"
	MsgServicioError        = "El servicio respondió con un error"
	MsgServicioDireccion    = "La dirección del servicio no está permitida"
	MsgServicioCertificado  = "El certificado del servicio no es válido"
)

// MsgCredencialesNoConfiguradas is the 404 of a company's credentials for an
// outside service that were never saved (or are another company's).
const MsgCredencialesNoConfiguradas = "Las credenciales del servicio no están configuradas"

// categoriasFalla are the categories a stored failure may start with, the
// longest first where one begins another.
var categoriasFalla = []string{
	MsgCorreoSinConexion, MsgCorreoSinSTARTTLS, MsgCorreoCredenciales, MsgCorreoCertificado, MsgCorreoDireccion,
	MsgCorreoRechazado, MsgCorreoError, MsgEmailPuertoNoPermitido, MsgEmailRemitenteInvalido, MsgEmailDestinoInvalido,
	MsgWhatsAppSinConexion, MsgWhatsAppEnvioFallido, MsgWhatsAppDestinoSinWPP,
	MsgWhatsAppNoConectado, MsgWhatsAppSesionCerrada, MsgWhatsAppBloqueado, MsgWhatsAppSuspendido,
	MsgWhatsAppDesactualizado, MsgWhatsAppReemplazado, MsgWhatsAppQRVencido,
	MsgServicioSinConexion, MsgServicioDemora, MsgServicioCredenciales, MsgServicioError, MsgServicioDireccion,
	MsgServicioCertificado, MsgMercadoPagoTokenRechazado, MsgFallaInesperada,
}

// ClasificarFalla reads a stored failure back as its category and detail. A
// text that starts with no known category (one stored before the categories,
// a raw error) is MsgFallaInesperada with the whole text as its detail: a raw
// text never reaches the category.
func ClasificarFalla(texto string) Falla {
	if texto == "" {
		return Falla{}
	}
	for _, c := range categoriasFalla {
		if texto == c {
			return Falla{Categoria: c}
		}
		if detalle, ok := strings.CutPrefix(texto, c+": "); ok {
			return Falla{Categoria: c, Detalle: detalle}
		}
	}
	return Falla{Categoria: MsgFallaInesperada, Detalle: texto}
}
