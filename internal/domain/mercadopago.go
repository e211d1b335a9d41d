package domain

import (
	"strconv"
	"strings"
)

// Mercado Pago's set-up per company (issue 43 item 1, docs/features/mercadopago.md):
// the account's credentials, the store the company's counter is in and one
// point of sale (POS) per seller.

// ServicioMercadoPago names the company's Mercado Pago credentials among its
// outside services' (credenciales_servicios.servicio).
const ServicioMercadoPago = "mercadopago"

// Bounds of the set-up's fields.
const (
	MaxTokenMercadoPago   = 300
	MinTokenMercadoPago   = 20
	MaxSecretoMercadoPago = 200
	MinSecretoMercadoPago = 16
	MaxTextoLocalMP       = 60
	MaxCalleLocalMP       = 100
	MaxNumeroLocalMP      = 10
)

// Messages of the set-up.
const (
	MsgMercadoPagoGuardado        = "Configuración de Mercado Pago guardada"
	MsgMercadoPagoToken           = "El token de acceso de Mercado Pago no es válido: cópielo entero de «Credenciales de producción» (empieza con APP_USR-) o de prueba (TEST-)"
	MsgMercadoPagoSecreto         = "La clave secreta de las notificaciones de Mercado Pago debe tener entre 16 y 200 caracteres, sin espacios"
	MsgMercadoPagoSinToken        = "Cargue el token de acceso de Mercado Pago antes de probarlo"
	MsgMercadoPagoLocalIncompleto = "Complete el nombre, la calle, el número, la ciudad y la provincia del local"
	MsgMercadoPagoCoordenadas     = "La latitud debe estar entre -90 y 90 y la longitud entre -180 y 180"
	MsgMercadoPagoSinLocal        = "Cargue los datos del local y pruebe las credenciales antes de crear las cajas en Mercado Pago"
	MsgMercadoPagoTokenRechazado  = "Mercado Pago rechazó el token de acceso: cópielo otra vez desde su cuenta y guárdelo"
	MsgMercadoPagoCajasCreadas    = "Local y cajas creados en Mercado Pago"
)

// MsgMercadoPagoCuenta is the successful test's answer.
func MsgMercadoPagoCuenta(apodo string) string {
	return "Credenciales válidas: cuenta de Mercado Pago «" + apodo + "»"
}

// LocalMercadoPago is the store a company's counter is in, as Mercado Pago
// asks for it (its location is required: Mercado Pago uses it for taxes).
type LocalMercadoPago struct {
	Nombre    string
	Calle     string
	Numero    string
	Ciudad    string
	Provincia string
	Latitud   float64
	Longitud  float64
}

// NormalizarLocalMercadoPago trims the store's texts and checks that every
// one is given and the coordinates are on the globe.
func NormalizarLocalMercadoPago(l LocalMercadoPago) (LocalMercadoPago, error) {
	for _, t := range []*string{&l.Nombre, &l.Calle, &l.Numero, &l.Ciudad, &l.Provincia} {
		*t = strings.TrimSpace(*t)
		if *t == "" {
			return l, Invalid(MsgMercadoPagoLocalIncompleto)
		}
	}
	if l.Latitud < -90 || l.Latitud > 90 || l.Longitud < -180 || l.Longitud > 180 {
		return l, Invalid(MsgMercadoPagoCoordenadas)
	}
	return l, nil
}

// ValidarTokenMercadoPago checks an access token's shape: Mercado Pago's
// production (APP_USR-) or test (TEST-) tokens, letters, digits and dashes.
func ValidarTokenMercadoPago(token string) error {
	if len(token) < MinTokenMercadoPago || len(token) > MaxTokenMercadoPago ||
		!(strings.HasPrefix(token, "APP_USR-") || strings.HasPrefix(token, "TEST-")) || !soloAlfanumericoYGuiones(token) {
		return Invalid(MsgMercadoPagoToken)
	}
	return nil
}

// ValidarSecretoMercadoPago checks the webhooks' signing secret: printable,
// no spaces, bounded.
func ValidarSecretoMercadoPago(secreto string) error {
	if len(secreto) < MinSecretoMercadoPago || len(secreto) > MaxSecretoMercadoPago ||
		strings.ContainsFunc(secreto, func(r rune) bool { return r <= ' ' || r > '~' }) {
		return Invalid(MsgMercadoPagoSecreto)
	}
	return nil
}

func soloAlfanumericoYGuiones(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	})
}

// IDExternoLocalMP is the company's store's external_id at Mercado Pago:
// alphanumeric (Mercado Pago refuses anything else) and unique in the
// installation, so a store created before a crash is found again by it.
func IDExternoLocalMP(empresaID int64) string {
	return "MUELLE" + strconv.FormatInt(empresaID, 10)
}

// IDExternoCajaMP is a seller's point of sale's external_id (external_pos_id):
// the company's and the seller's ids, alphanumeric.
func IDExternoCajaMP(empresaID, usuarioID int64) string {
	return IDExternoLocalMP(empresaID) + "U" + strconv.FormatInt(usuarioID, 10)
}
