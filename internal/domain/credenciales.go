package domain

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounds of the credentials. bcrypt reads only the first 72 bytes of a
// password, so a longer one is refused instead of silently truncated.
const (
	MaxNombreUsuario = 50
	MaxPasswordBytes = 72
)

// Messages of the credential rules.
var (
	MsgUsuarioDemasiadoLargo  = fmt.Sprintf("El usuario no debe exceder %d caracteres", MaxNombreUsuario)
	MsgPasswordDemasiadoLarga = fmt.Sprintf("La contraseña no debe exceder %d bytes", MaxPasswordBytes)
)

// NormalizarNombreUsuario trims the login name; the password is never trimmed
// (it may begin or end with a space).
func NormalizarNombreUsuario(nombre string) string { return strings.TrimSpace(nombre) }

// ValidarCredenciales checks a login's name and password before anything
// touches the database: both present and within their bounds.
func ValidarCredenciales(nombreUsuario, password string) error {
	switch {
	case nombreUsuario == "":
		return Invalid(MsgUsuarioRequerido)
	case utf8.RuneCountInString(nombreUsuario) > MaxNombreUsuario:
		return Invalid(MsgUsuarioDemasiadoLargo)
	case strings.TrimSpace(password) == "":
		return Invalid(MsgPasswordRequerida)
	case len(password) > MaxPasswordBytes:
		return Invalid(MsgPasswordDemasiadoLarga)
	}
	return nil
}

// NombreAuditable is a bounded, quoted form of a login name typed by someone,
// safe to store in the audit whatever it contains.
func NombreAuditable(nombre string) string {
	if utf8.RuneCountInString(nombre) > MaxNombreUsuario {
		nombre = string([]rune(nombre)[:MaxNombreUsuario]) + "…"
	}
	return strconv.Quote(nombre)
}
