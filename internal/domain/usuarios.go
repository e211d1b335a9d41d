package domain

import (
	"regexp"
	"sort"
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
	MsgRolPermisosAjenos      = "No puedes asignar un rol con permisos que tú no tienes"
	MsgRolPropio              = "No puedes cambiar tu propio rol"
	MsgUsuarioNoEditable      = "No tienes permisos para modificar a un usuario de tu nivel o superior"
	MsgRolPasajeroFijo        = "El rol de un pasajero no puede cambiarse"
	MsgNoDesactivarseASiMismo = "No puedes desactivar ni eliminar tu propio usuario"
)

// NivelOtorgable reports whether an actor of level nivelActor may give a role
// of level nivelRol: only roles strictly below its own, and the passenger role
// only from an administrator up (a supervisor grants vendedor and lancha).
func NivelOtorgable(nivelActor, nivelRol int) bool {
	if nivelRol == NivelPasajero && nivelActor > NivelAdmin {
		return false
	}
	return nivelRol > nivelActor
}

// PermisosFaltantes lists, sorted, the flags ("module.action") the role rol
// grants that the role actor does not. super_admin holds every flag, as it
// passes every route (Acceso.Permite); dashboard.tipo is not a permission.
func PermisosFaltantes(actor, rol Rol) []string {
	faltan := []string{}
	if actor.Nombre == RolSuperAdmin {
		return faltan
	}
	for mod, actions := range CatalogoPermisos {
		for _, a := range actions {
			if rol.Permisos.Allows(mod, a) && !actor.Permisos.Allows(mod, a) {
				faltan = append(faltan, mod+"."+a)
			}
		}
	}
	sort.Strings(faltan)
	return faltan
}

// ValidarOtorgamiento checks that a user of role actor may give the role rol:
// its level allows it (NivelOtorgable) and the actor holds every permission
// the role has (PermisosFaltantes is empty), so no one grants more than they
// hold through a custom role. It returns the 403 to answer.
func ValidarOtorgamiento(actor, rol Rol) error {
	switch {
	case !NivelOtorgable(actor.NivelJerarquico, rol.NivelJerarquico):
		return Forbidden(MsgRolNoPermitido)
	case len(PermisosFaltantes(actor, rol)) > 0:
		return Forbidden(MsgRolPermisosAjenos)
	}
	return nil
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
