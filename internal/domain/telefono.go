package domain

import (
	"fmt"
	"strings"
)

// MsgTelefonoSinArea refuses a local number given without its area code: the
// area cannot be guessed.
const MsgTelefonoSinArea = "Incluya el código de área del teléfono (por ejemplo 11 5555-1234)"

// areas3 are Argentina's three-digit area codes; 11 (Buenos Aires) is the only
// two-digit one and every other is four digits. An area code and the
// subscriber number always make ten digits.
var areas3 = map[string]bool{
	"220": true, "221": true, "223": true, "230": true, "236": true, "237": true, "249": true, "260": true,
	"261": true, "263": true, "264": true, "266": true, "280": true, "291": true, "294": true, "297": true,
	"298": true, "299": true, "336": true, "341": true, "342": true, "343": true, "345": true, "348": true,
	"351": true, "353": true, "358": true, "362": true, "364": true, "370": true, "376": true, "379": true,
	"380": true, "381": true, "383": true, "385": true, "387": true, "388": true,
}

// NormalizarTelefono reads an Argentine mobile number as people type it
// ("+54 9 11 5555 1234", "11 5555-1234", "0351 15 555 1234", "(011) 15-5555-1234",
// "5491155551234") and answers it in E.164 as WhatsApp knows it: +54 9, the
// area code and the subscriber number (ten digits together). The national
// trunk 0 is dropped and the mobile 15 after the area code becomes the 9
// after 54. A number without its area code is refused, never guessed.
func NormalizarTelefono(telefono string) (string, error) {
	t := strings.TrimSpace(telefono)
	if t == "" {
		return "", Invalid(MsgWhatsAppTelefonoObligatorio)
	}
	var d strings.Builder
	for i, r := range t {
		switch {
		case r >= '0' && r <= '9':
			d.WriteRune(r)
		case r == '+' && i == 0, r == ' ', r == '-', r == '.', r == '(', r == ')':
		default:
			return "", telefonoInvalido(t)
		}
	}
	n := d.String()
	internacional := strings.HasPrefix(t, "+")
	if strings.HasPrefix(n, "00") {
		n, internacional = n[2:], true
	}
	switch {
	case internacional || (strings.HasPrefix(n, "54") && len(n) >= 12):
		var ok bool
		if n, ok = strings.CutPrefix(n, "54"); !ok {
			return "", telefonoInvalido(t)
		}
		if len(n) == 11 || len(n) == 13 {
			if n, ok = strings.CutPrefix(n, "9"); !ok {
				return "", telefonoInvalido(t)
			}
		}
	default:
		n = strings.TrimPrefix(n, "0")
	}
	switch {
	case len(n) == 8 || (len(n) == 10 && strings.HasPrefix(n, "15")):
		return "", Invalid(MsgTelefonoSinArea)
	case len(n) == 12:
		n = sinQuince(n)
	}
	if len(n) != 10 || !(strings.HasPrefix(n, "11") || n[0] == '2' || n[0] == '3') {
		return "", telefonoInvalido(t)
	}
	return "+549" + n, nil
}

// sinQuince drops the mobile prefix 15 written after the area code of a
// twelve-digit national number; a number without it is returned as is.
func sinQuince(n string) string {
	for _, largo := range []int{2, 3, 4} {
		area := n[:largo]
		valida := (largo == 2 && area == "11") || (largo == 3 && areas3[area]) ||
			(largo == 4 && (area[0] == '2' || area[0] == '3'))
		if valida && n[largo:largo+2] == "15" {
			return area + n[largo+2:]
		}
	}
	return n
}

// telefonoInvalido is the refusal of what cannot be an Argentine number.
func telefonoInvalido(telefono string) *Error {
	return Invalid(fmt.Sprintf("El teléfono %s no es un número válido de Argentina", telefono))
}
