package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// The customer portal (backoffice §2.21, §4, §7, §9;
// docs/features/portal-cliente.md): a customer's own session, apart from the staff's.
const (
	// MinPasswordCliente is the shortest portal password (backoffice §9).
	MinPasswordCliente = 6
	// MaxPasswordCliente bounds it (bcrypt reads 72 bytes).
	MaxPasswordCliente = 72
	// ValidezCodigoCliente is how long a one-time code works.
	ValidezCodigoCliente = 15 * time.Minute
	// EsperaCodigoCliente is the least time between two codes of a customer:
	// a request sooner answers the same and sends nothing.
	EsperaCodigoCliente = time.Minute
	// MaxCodigosClienteDia is how many codes a customer gets in 24 hours,
	// sent and handed over at the counter each (issue 36 item 13).
	MaxCodigosClienteDia = 5
	// PasajesRecientesCliente is how many tickets the dashboard shows (§9).
	PasajesRecientesCliente = 5
	// DiasPuntosPorVencer: points of lots that expire within these days are
	// "por vencer" on the dashboard.
	DiasPuntosPorVencer = 30
	// MaxIntentosClienteDireccion is how many portal attempts (document
	// checks, failed logins, failed setups, code requests) one client
	// address may make in the login policy's window.
	MaxIntentosClienteDireccion = 30
	// MaxEsperaDocumentoCliente bounds the delay of an attempt on a document
	// that failed many times from anywhere (EsperaDocumentoCliente).
	MaxEsperaDocumentoCliente = 8 * time.Second
)

// EsperaDocumentoCliente is how long the portal waits before answering an
// attempt on a document that failed exceso times beyond the login policy's
// limit, from any address (issue 36 item 11): 1 s, 2 s, 4 s, … at most
// MaxEsperaDocumentoCliente. It slows guessing from many addresses without
// ever locking the owner out (each address is locked on its own).
func EsperaDocumentoCliente(exceso int) time.Duration {
	if exceso <= 0 {
		return 0
	}
	if exceso > 4 {
		return MaxEsperaDocumentoCliente
	}
	return min(time.Second<<(exceso-1), MaxEsperaDocumentoCliente)
}

// Portal messages.
const (
	MsgClienteDocumentoRequerido = "Ingrese su número de documento"
	MsgClienteDocumentoLargo     = "El documento no debe exceder 20 caracteres"
	MsgClientePasswordRequerida  = "Ingrese su contraseña"
	MsgClientePasswordCorta      = "La contraseña debe tener al menos 6 caracteres"
	MsgClientePasswordLarga      = "La contraseña no debe exceder 72 caracteres"
	MsgClienteCredenciales       = "Documento o contraseña incorrectos"
	MsgClienteVerificacion       = "No pudimos verificar su identidad: revise el código"
	MsgClienteSinPrueba          = "Ingrese el código que le enviamos por correo o WhatsApp, o el que le dieron en el mostrador"
	MsgClienteInactivoPortal     = "El cliente está inactivo: actívelo antes de darle acceso al portal"
	MsgCodigoPortalEmitido       = "Código para el portal generado. Vence en 15 minutos."
	MsgClienteCodigoEnviado      = "Si el documento está registrado con un correo o un WhatsApp, le enviamos un código válido por 15 minutos."
	MsgClienteBloqueado          = "Demasiados intentos. Por seguridad, espere %s e intente nuevamente."
	MsgClienteSesionCerrada      = "Sesión cerrada"
	MsgClienteClaveCreada        = "Contraseña creada. ¡Bienvenido!"
	MsgClienteBienvenido         = "¡Bienvenido!"
	MsgClienteAsuntoCodigo       = "Su código para el portal de clientes"
	MsgCodigosClienteDia         = "El cliente ya recibió 5 códigos para el portal en las últimas 24 horas. Intente nuevamente más tarde."
	MsgClienteAsuntoClave        = "Se creó la contraseña de su portal de clientes"
	MsgPortalRestablecido        = "Acceso al portal restablecido: el cliente deberá crear una contraseña nueva"
)

// NormalizarDocumento trims a document and checks its length (§9).
func NormalizarDocumento(d string) (string, error) {
	d = strings.TrimSpace(d)
	switch {
	case d == "":
		return d, Invalid(MsgClienteDocumentoRequerido)
	case utf8.RuneCountInString(d) > MaxDocumentoCliente:
		return d, Invalid(MsgClienteDocumentoLargo)
	}
	return d, nil
}

// ValidarPasswordCliente checks a new portal password (§5: at least 6).
func ValidarPasswordCliente(p string) error {
	switch {
	case p == "":
		return Invalid(MsgClientePasswordRequerida)
	case utf8.RuneCountInString(p) < MinPasswordCliente:
		return Invalid(MsgClientePasswordCorta)
	case len(p) > MaxPasswordCliente:
		return Invalid(MsgClientePasswordLarga)
	}
	return nil
}

// TextoClaveCliente tells a customer its portal password was set.
func TextoClaveCliente(empresa string) string {
	return fmt.Sprintf("%s: se creó una contraseña nueva para su portal de clientes. Si no fue usted, acérquese a "+
		"la boletería con su documento para restablecer el acceso.", empresa)
}

// TextoCodigoCliente is the message that carries a one-time code.
func TextoCodigoCliente(empresa, codigo string) string {
	return fmt.Sprintf("%s: su código para crear la contraseña del portal de clientes es %s. Vence en 15 minutos. "+
		"Si no lo pidió, ignore este mensaje.", empresa, codigo)
}
