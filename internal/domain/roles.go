package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// ColoresRol are the badge colours a role may take (backoffice §2.6).
var ColoresRol = []string{"#9333EA", "#3B82F6", "#06B6D4", "#10B981", "#F59E0B", "#6B7280", "#EF4444"}

// IconosRol are the nine emoji icons a role may take (backoffice §2.6).
var IconosRol = []string{"👑", "🛡️", "👔", "👤", "⚓", "🧳", "💼", "🎫", "🔧"}

// Role levels (backoffice §6): 1 Super Admin … 6 Pasajero.
const (
	NivelMinimo = 1
	NivelMaximo = 6
)

// RolNuevo is the role the create form starts from (backoffice §6): the
// seller's permissions with ticket_80mm, active, green, a person, at the
// seller's level, a staff level (not level 1 as the spec has it: a role saved
// with the default must not rank with super_admin and grant every role below
// it; nor level 6, the passengers', which only an administrator grants and
// which reads as 'Pasajero' on the form).
func RolNuevo() Rol {
	vendedor, _ := RolIntegrado(RolVendedor)
	return Rol{NivelJerarquico: vendedor.NivelJerarquico, ColorBadge: "#10B981", Icono: "👤", Permisos: PermisosRolNuevo(),
		Activo: true}
}

// Messages of role management.
const (
	MsgRolNoEncontrado       = "Rol no encontrado"
	MsgRolNombreRequerido    = "El nombre del rol es requerido"
	MsgRolNombreDuplicado    = "Ya existe un rol con ese nombre"
	MsgRolNivel              = "El nivel jerárquico debe estar entre 1 y 6"
	MsgRolColor              = "El color del rol no es válido"
	MsgRolIcono              = "El icono del rol no es válido"
	MsgRolTipoDashboard      = "permisos.dashboard.tipo debe ser un rol del sistema"
	MsgRolIntegradoEliminar  = "Los roles del sistema no se pueden eliminar"
	MsgRolIntegradoRenombrar = "Los roles del sistema no se pueden renombrar"
	MsgRolIntegradoNivel     = "No se puede cambiar el nivel jerárquico de un rol del sistema"
	MsgRolIntegradoActivo    = "Los roles del sistema no se pueden desactivar"
	MsgRolDestinoInvalido    = "El rol destino debe ser otro rol activo y no puede ser super_admin"
)

// MsgRolEnUso is the refusal to delete a role that users hold without naming
// the role they move to.
func MsgRolEnUso(usuarios int64) string {
	return fmt.Sprintf("El rol tiene %s: elija a qué rol pasarlos antes de eliminarlo", Plural(usuarios, "usuario", "usuarios"))
}

// NormalizarRol trims and checks a role as sent by the role form: name
// required, level 1–6, a listed colour and icon, and a permission matrix of
// the catalogue only (every flag a boolean, missing flags off).
func NormalizarRol(r Rol) (Rol, error) {
	r.Nombre, r.Descripcion = strings.TrimSpace(r.Nombre), strings.TrimSpace(r.Descripcion)
	switch {
	case r.Nombre == "":
		return r, Invalid(MsgRolNombreRequerido)
	case r.NivelJerarquico < NivelMinimo || r.NivelJerarquico > NivelMaximo:
		return r, Invalid(MsgRolNivel)
	case !slices.Contains(ColoresRol, r.ColorBadge):
		return r, Invalid(MsgRolColor)
	case !slices.Contains(IconosRol, r.Icono):
		return r, Invalid(MsgRolIcono)
	}
	permisos, err := NormalizarPermisos(r.Permisos)
	r.Permisos = permisos
	return r, err
}

// NormalizarPermisos returns the full matrix of the catalogue with the flags
// of p; an unknown group or flag, or a flag that is not a boolean, is a 400
// naming it. dashboard.tipo must name a built-in role.
func NormalizarPermisos(p Permisos) (Permisos, error) {
	tipo, _ := p["dashboard"]["tipo"].(string)
	if tipo == "" {
		tipo = RolVendedor
	}
	if !slices.Contains(RolesIntegrados, tipo) {
		return nil, Invalid(MsgRolTipoDashboard)
	}
	out := build(tipo)
	for mod, flags := range p {
		for action, v := range flags {
			if mod == "dashboard" && action == "tipo" {
				continue
			}
			if !slices.Contains(CatalogoPermisos[mod], action) {
				return nil, Invalid(fmt.Sprintf("Permiso desconocido: %s.%s", mod, action))
			}
			b, ok := v.(bool)
			if !ok {
				return nil, Invalid(fmt.Sprintf("permisos.%s.%s debe ser verdadero o falso", mod, action))
			}
			out[mod][action] = b
		}
	}
	return out, nil
}

// CambioRolIntegrado checks an edit of a built-in role: its name, level and
// state stay; description, permissions, colour and icon may change.
func CambioRolIntegrado(antes, despues Rol) error {
	switch {
	case antes.Nombre != despues.Nombre:
		return Conflict(MsgRolIntegradoRenombrar)
	case antes.NivelJerarquico != despues.NivelJerarquico:
		return Conflict(MsgRolIntegradoNivel)
	case !despues.Activo:
		return Conflict(MsgRolIntegradoActivo)
	}
	return nil
}

// AnioMinimo and AnioMaximo bound the year of every date the API takes: both
// engines hold them (PostgreSQL has no year 0), and YYYY has four digits.
const (
	AnioMinimo = 1
	AnioMaximo = 9999
)

// FechaValida reports whether s is a calendar date YYYY-MM-DD from year AnioMinimo on.
func FechaValida(s string) bool {
	t, err := time.Parse(time.DateOnly, s)
	return err == nil && t.Year() >= AnioMinimo
}
