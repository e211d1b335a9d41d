package domain

// Acceso is what a route requires: nothing (public), a session, a permission
// "module.action", or one of a list of roles. super_admin passes every check.
type Acceso struct {
	Publico bool
	Permiso string
	Roles   []string
	// VentaPropia lets a caller without Permiso through the guard: the
	// handler then narrows the call to the caller's own recent sale
	// (AnulacionPropia), and refuses anything else with the same 403.
	VentaPropia bool
}

// Publico is an access open to anyone.
func Publico() Acceso { return Acceso{Publico: true} }

// ConSesion requires any authenticated user.
func ConSesion() Acceso { return Acceso{} }

// ConPermiso requires the permission "module.action".
func ConPermiso(p string) Acceso { return Acceso{Permiso: p} }

// ConPermisoOVentaPropia requires the permission p, except on the caller's own
// sale of the last PlazoAnulacionPropia, which the handler decides.
func ConPermisoOVentaPropia(p string) Acceso { return Acceso{Permiso: p, VentaPropia: true} }

// ConRoles requires one of the roles.
func ConRoles(roles ...string) Acceso { return Acceso{Roles: roles} }

// Permite reports whether a user with role rol and permissions permisos passes.
func (a Acceso) Permite(rol string, permisos Permisos) bool {
	if a.Publico || rol == RolSuperAdmin {
		return true
	}
	if a.Permiso != "" {
		mod, action := SplitPermission(a.Permiso)
		if !permisos.Allows(mod, action) {
			return false
		}
	}
	if len(a.Roles) > 0 {
		for _, r := range a.Roles {
			if r == rol {
				return true
			}
		}
		return false
	}
	return true
}
