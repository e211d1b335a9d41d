package domain

import (
	"strings"
	"time"
)

// WhatsApp connection states of a company (backoffice §4).
const (
	WhatsAppConectado      = "connected"
	WhatsAppConectando     = "connecting"
	WhatsAppDesconectado   = "disconnected"
	WhatsAppQRListo        = "qr_ready"
	WhatsAppSinInicializar = "not_initialized"
)

// WhatsApp messages (backoffice §5, §8; operaciones §5, §8).
const (
	MsgWhatsAppTelefonoObligatorio = "Ingresa un número de teléfono"
	MsgWhatsAppMensajeObligatorio  = "Ingresa el mensaje a enviar"
	MsgWhatsAppPruebaEnviada       = "Mensaje de prueba enviado correctamente"
	MsgWhatsAppDesconectado        = "WhatsApp desconectado correctamente"
	MsgWhatsAppInicializado        = "WhatsApp inicializado correctamente"
	MsgWhatsAppConfigGuardada      = "Configuración de WhatsApp actualizada"
	MsgWhatsAppNoConectado         = "WhatsApp no está conectado para la empresa. Vincúlelo desde Gestión WhatsApp"
	MsgWhatsAppNoDisponible        = "WhatsApp no está disponible en este servidor"
	MsgWhatsAppYaConectado         = "WhatsApp ya está conectado para la empresa"
	MsgWhatsAppCodigoVinculacion   = "Ingresá el código en WhatsApp > Dispositivos vinculados > Vincular con el número de teléfono"
	MsgWhatsAppPasajeEncolado      = "Pasaje en cola de envío por WhatsApp"
	MsgWhatsAppClaveInvalida       = "La clave de configuración de WhatsApp no es válida: use mensaje_bienvenida, horario_atencion o auto_respuesta"
	MsgWhatsAppHorarioInvalido     = "El horario de atención debe tener el formato HH:MM-HH:MM (por ejemplo 08:00-18:00)"
	MsgWhatsAppAutoRespuesta       = "La respuesta automática debe ser true o false"
)

// WhatsApp configuration entries (backoffice §2.8, §3).
const (
	WhatsAppMensajeBienvenida = "mensaje_bienvenida"
	WhatsAppHorarioAtencion   = "horario_atencion"
	WhatsAppAutoRespuesta     = "auto_respuesta"
)

// ConfigWhatsAppPorDefecto are the entries of a company that saved none, in
// the order the screen shows them.
var ConfigWhatsAppPorDefecto = []struct{ Clave, Valor string }{
	{WhatsAppMensajeBienvenida, ""},
	{WhatsAppHorarioAtencion, ""},
	{WhatsAppAutoRespuesta, "false"},
}

// ValidarConfigWhatsApp checks one configuration entry: a known key, the
// hours as HH:MM-HH:MM (opening before closing, or empty), the automatic
// answer as true or false. It returns the value to store (trimmed).
func ValidarConfigWhatsApp(clave, valor string) (string, error) {
	valor = strings.TrimSpace(valor)
	switch clave {
	case WhatsAppMensajeBienvenida:
		return valor, nil
	case WhatsAppHorarioAtencion:
		if valor == "" {
			return valor, nil
		}
		desde, hasta, ok := strings.Cut(valor, "-")
		d, errD := time.Parse("15:04", strings.TrimSpace(desde))
		h, errH := time.Parse("15:04", strings.TrimSpace(hasta))
		if !ok || errD != nil || errH != nil || !d.Before(h) {
			return "", Invalid(MsgWhatsAppHorarioInvalido)
		}
		return d.Format("15:04") + "-" + h.Format("15:04"), nil
	case WhatsAppAutoRespuesta:
		if valor != "true" && valor != "false" {
			return "", Invalid(MsgWhatsAppAutoRespuesta)
		}
		return valor, nil
	}
	return "", Invalid(MsgWhatsAppClaveInvalida)
}

// Why WhatsApp ended a company's connection (internal/whatsapp) and the
// system alert that tells its admins.
const (
	MsgWhatsAppSesionCerrada  = "WhatsApp cerró la sesión: el dispositivo se desvinculó desde el teléfono"
	MsgWhatsAppBloqueado      = "WhatsApp bloqueó el número de la empresa"
	MsgWhatsAppSuspendido     = "WhatsApp suspendió temporalmente el número de la empresa"
	MsgWhatsAppDesactualizado = "WhatsApp rechazó la conexión porque esta versión de Muelle está desactualizada"
	MsgWhatsAppReemplazado    = "Otra conexión reemplazó la sesión de WhatsApp de la empresa"
	MsgWhatsAppQRVencido      = "El código QR venció sin ser escaneado. Vuelva a inicializar WhatsApp"
	MsgWhatsAppSinCuenta      = "El número %s no tiene WhatsApp"
	MsgWhatsAppConectando     = "WhatsApp todavía se está conectando. Intente de nuevo en unos segundos"
	TituloWhatsAppBaja        = "WhatsApp desconectado"
)

// MensajeWhatsAppBaja is the alert raised when WhatsApp ends a company's
// connection: why, and how many pending messages failed.
func MensajeWhatsAppBaja(motivo string, fallidos int64) string {
	m := motivo + ". Vuelva a vincular el número desde Gestión WhatsApp."
	if fallidos > 0 {
		m += " " + Plural(fallidos, "mensaje pendiente quedó fallido", "mensajes pendientes quedaron fallidos") + "."
	}
	return m
}
