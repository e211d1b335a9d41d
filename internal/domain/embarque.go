package domain

import "strings"

// Boarding messages (operaciones §8, backoffice §8).
const (
	MsgPasajeNoEncontrado = "Pasaje no encontrado"
	MsgPasajeYaEmbarcado  = "El pasaje ya fue utilizado para embarcar"
	MsgPasajeCancelado    = "El pasaje está cancelado y no puede embarcar"
	MsgEmbarqueValidado   = "Embarque validado exitosamente"
	MsgCodigoVacio        = "Ingrese el código del pasaje"
)

// CodigoIngresado tells how a typed or scanned code should be looked up: a
// signed QR code, or a ticket number typed by hand from a damaged QR.
type CodigoIngresado struct {
	QR     *CodigoQR // set when the code is a QR code (signature not yet checked)
	Numero string    // set when the code is a ticket number
	Crudo  string    // the trimmed code
}

// LeerCodigoIngresado classifies a code; an empty code is refused.
func LeerCodigoIngresado(codigo string) (CodigoIngresado, error) {
	c := CodigoIngresado{Crudo: strings.TrimSpace(codigo)}
	if c.Crudo == "" {
		return c, Invalid(MsgCodigoVacio)
	}
	if strings.HasPrefix(c.Crudo, prefijoQR) {
		qr, err := LeerCodigoQR(c.Crudo)
		if err != nil {
			return c, NotFound(MsgPasajeNoEncontrado)
		}
		c.QR = &qr
		return c, nil
	}
	c.Numero = strings.ToUpper(c.Crudo)
	return c, nil
}

// Porcentaje is part of total as a rounded percentage (0 when total is 0).
func Porcentaje(part, total int64) int64 {
	if total <= 0 {
		return 0
	}
	return (part*100 + total/2) / total
}
