package domain

import "slices"

// Acceso is what a route requires: nothing (public), a session, a permission
// "module.action" (or any one of several), or one of a list of roles. super_admin passes every check.
type Acceso struct {
	Publico bool
	Permiso string
	// AlgunPermiso requires one of these permissions, any.
	AlgunPermiso []string
	Roles        []string
	// VentaPropia lets a caller without Permiso through the guard: the
	// handler then narrows the call to the caller's own recent sale
	// (AnulacionPropia), and refuses anything else with the same 403.
	VentaPropia bool
	// Cliente is a route of the customer portal: only a customer's session
	// (its own token kind) passes; no staff session does, super_admin
	// included.
	Cliente bool
}

// Publico is an access open to anyone.
func Publico() Acceso { return Acceso{Publico: true} }

// ConCliente requires a customer portal session
// (docs/features/portal-cliente.md); a staff session never passes.
func ConCliente() Acceso { return Acceso{Cliente: true} }

// ConSesion requires any authenticated user.
func ConSesion() Acceso { return Acceso{} }

// ConPermiso requires the permission "module.action".
func ConPermiso(p string) Acceso { return Acceso{Permiso: p} }

// ConAlgunPermiso requires one of the permissions "module.action", any.
func ConAlgunPermiso(ps ...string) Acceso { return Acceso{AlgunPermiso: ps} }

// ConPermisoOVentaPropia requires the permission p, except on the caller's own
// sale of the last PlazoAnulacionPropia, which the handler decides.
func ConPermisoOVentaPropia(p string) Acceso { return Acceso{Permiso: p, VentaPropia: true} }

// ConRoles requires one of the roles.
func ConRoles(roles ...string) Acceso { return Acceso{Roles: roles} }

// Permite reports whether a user with role rol and permissions permisos passes.
func (a Acceso) Permite(rol string, permisos Permisos) bool {
	if a.Cliente {
		return false
	}
	if a.Publico || rol == RolSuperAdmin {
		return true
	}
	if a.Permiso != "" {
		mod, action := SplitPermission(a.Permiso)
		if !permisos.Allows(mod, action) {
			return false
		}
	}
	if len(a.AlgunPermiso) > 0 && !slices.ContainsFunc(a.AlgunPermiso, func(p string) bool {
		mod, action := SplitPermission(p)
		return permisos.Allows(mod, action)
	}) {
		return false
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

// Lectura is what a session needs to read one record, over the API or as an
// event of the socket: the permission Permiso ("": any session) and, for a
// record of one seller (VendedorID: a sale, a ticket, a register), being that
// seller unless the role sees every sale (VendedorDeLectura).
type Lectura struct {
	Permiso    string `json:"permiso,omitempty"`
	VendedorID int64  `json:"vendedor_id,omitempty"`
}

// Permite reports whether the user may read the record: the route guard's
// check of the permission (Acceso.Permite), then the narrowing every read of
// sales applies (VendedorDeLectura).
func (l Lectura) Permite(usuarioID int64, rol string, permisos Permisos) bool {
	if !ConPermiso(l.Permiso).Permite(rol, permisos) {
		return false
	}
	vendedor := VendedorDeLectura(rol, usuarioID)
	return l.VendedorID == 0 || vendedor == 0 || vendedor == l.VendedorID
}

// VendedorDeLectura is the seller a user's reads of sales, tickets and
// registers are narrowed to: 0 (the whole company) for a role that sees every
// sale (VeTodosLosPasajes), the user otherwise.
func VendedorDeLectura(rol string, usuarioID int64) int64 {
	if VeTodosLosPasajes(rol) {
		return 0
	}
	return usuarioID
}
