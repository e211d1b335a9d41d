package domain

import (
	"regexp"
	"strings"
)

// Role levels (backoffice §6): 1 is the highest.
const (
	NivelSuperAdmin = 1
	NivelAdmin      = 2
	NivelPasajero   = 6
)

// Messages of user management (backoffice §5).
const (
	MsgNombreUsuarioRequerido = "El nombre de usuario es requerido"
	MsgEmailRequerido         = "El email es requerido para enviar las credenciales"
	MsgEmailInvalido          = "El formato del email no es válido"
	MsgContrasenaRequerida    = "La contraseña es requerida"
	MsgRolRequerido           = "El rol es requerido"
	MsgRolInexistente         = "El rol no existe"
	MsgUsuarioNoEncontrado    = "Usuario no encontrado"
	// MsgUsuarioDuplicado answers a login name taken in any company, the
	// caller's or another: the same words, so they say nothing of whose it is.
	MsgUsuarioDuplicado       = "El nombre de usuario no está disponible"
	MsgRolNoPermitido         = "No tienes permisos para asignar ese rol"
	MsgUsuarioNoEditable      = "No tienes permisos para modificar a un usuario de tu nivel o superior"
	MsgRolPasajeroFijo        = "El rol de un pasajero no puede cambiarse"
	MsgNoDesactivarseASiMismo = "No puedes desactivar ni eliminar tu propio usuario"
)

// PuedeOtorgar reports whether an actor of level nivelActor may give a role of
// level nivelRol: only roles strictly below its own, and the passenger role
// only from an administrator up (a supervisor grants vendedor and lancha).
func PuedeOtorgar(nivelActor, nivelRol int) bool {
	if nivelRol == NivelPasajero && nivelActor > NivelAdmin {
		return false
	}
	return nivelRol > nivelActor
}

// PuedeGestionar reports whether an actor may edit or remove a user: itself,
// or a user whose role is strictly below the actor's.
func PuedeGestionar(nivelActor, nivelUsuario int, esSiMismo bool) bool {
	return esSiMismo || nivelUsuario > nivelActor
}

var emailBasico = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// DatosUsuario are the editable fields of a user as typed.
type DatosUsuario struct {
	NombreUsuario string
	Email         string
	Nombre        string
	Apellido      string
	Telefono      string
	Rol           string
}

// NormalizarUsuario trims the fields and checks the required ones: login name,
// role and an e-mail of a basic address shape.
func NormalizarUsuario(d DatosUsuario) (DatosUsuario, error) {
	d = DatosUsuario{NombreUsuario: NormalizarNombreUsuario(d.NombreUsuario), Email: strings.TrimSpace(d.Email),
		Nombre: strings.TrimSpace(d.Nombre), Apellido: strings.TrimSpace(d.Apellido),
		Telefono: strings.TrimSpace(d.Telefono), Rol: strings.TrimSpace(d.Rol)}
	switch {
	case d.NombreUsuario == "":
		return d, Invalid(MsgNombreUsuarioRequerido)
	case d.Email == "":
		return d, Invalid(MsgEmailRequerido)
	case !emailBasico.MatchString(d.Email):
		return d, Invalid(MsgEmailInvalido)
	case d.Rol == "":
		return d, Invalid(MsgRolRequerido)
	}
	return d, nil
}

// Personales are the personal data of a user a password must not contain.
func (d DatosUsuario) Personales() DatosPersonales {
	return DatosPersonales{NombreUsuario: d.NombreUsuario, Email: d.Email, Nombre: d.Nombre, Apellido: d.Apellido}
}
