package domain

import (
	"encoding/json"
	"sort"
	"strings"
)

// Permisos maps module → action → value. A flag grants an action only when its
// value is exactly the boolean true; dashboard.tipo holds a string.
type Permisos map[string]map[string]any

// Allows reports whether permisos[module][action] is exactly true.
func (p Permisos) Allows(module, action string) bool {
	v, ok := p[module][action].(bool)
	return ok && v
}

// CatalogoPermisos lists every permission group and its boolean flags (backoffice §3).
// dashboard.tipo is a string and is not listed as a flag.
var CatalogoPermisos = map[string][]string{
	"dashboard":     {"ver"},
	"empresas":      {"ver", "crear", "editar", "eliminar"},
	"usuarios":      {"ver", "crear", "editar", "eliminar"},
	"configuracion": {"ver", "editar", "sistema"},
	"reportes":      {"ver", "exportar", "avanzados"},
	// pasajes.sobreventa confirms a sale past the day's seats (PermisoSobreventa).
	"pasajes": {"ver", "crear", "editar", "anular", "imprimir", "sobreventa"},
	// caja.ver_esperado shows an open register's expected figures; without
	// it the close is blind (PermisoVerEsperado).
	"caja":       {"ver", "abrir", "cerrar", "movimientos", "ver_esperado"},
	"validacion": {"embarque", "desembarque"},
	"whatsapp":   {"configurar", "enviar", "ver_estado"},
	"email":      {"configurar", "enviar"},
	"impresion":  {"configurar", "ticket_80mm", "ticket_a4", "batch"},
	// clientes.ver reads the company's customers (their list, detail and
	// tickets); writing them stays with RolesClientes.
	"clientes": {"ver"},
}

// Built-in role names.
const (
	RolSuperAdmin = "super_admin"
	RolAdmin      = "admin"
	RolSupervisor = "supervisor"
	RolVendedor   = "vendedor"
	RolLancha     = "lancha"
	RolPasajero   = "pasajero"
)

// RolesIntegrados lists the built-in role names, highest level first.
var RolesIntegrados = []string{RolSuperAdmin, RolAdmin, RolSupervisor, RolVendedor, RolLancha, RolPasajero}

// Rol is a role definition: its permissions and how it is shown.
type Rol struct {
	Nombre          string
	Descripcion     string
	NivelJerarquico int
	ColorBadge      string
	Icono           string
	Permisos        Permisos
	Activo          bool
}

// build returns permissions with every catalogue flag off, then turns on the
// granted "module.action" flags (or every flag of the module with "module.*").
func build(tipoDashboard string, granted ...string) Permisos {
	p := Permisos{}
	for mod, actions := range CatalogoPermisos {
		p[mod] = map[string]any{}
		for _, a := range actions {
			p[mod][a] = false
		}
	}
	p["dashboard"]["tipo"] = tipoDashboard
	for _, g := range granted {
		mod, action := SplitPermission(g)
		if action == "*" {
			for _, a := range CatalogoPermisos[mod] {
				p[mod][a] = true
			}
			continue
		}
		p[mod][action] = true
	}
	return p
}

// SplitPermission splits "module.action" into its module and action.
func SplitPermission(s string) (module, action string) {
	module, action, _ = strings.Cut(s, ".")
	return module, action
}

func allModules() []string {
	mods := make([]string, 0, len(CatalogoPermisos))
	for m := range CatalogoPermisos {
		mods = append(mods, m+".*")
	}
	sort.Strings(mods)
	return mods
}

// PermisosRolNuevo are the permissions of a newly created role (backoffice §6).
// caja.* includes caja.ver_esperado: the seller still sees its register's
// expected amount until the web's blind close ships
// (docs/features/cierre-ciego.md); a role without it closes blind.
func PermisosRolNuevo() Permisos {
	return build(RolVendedor, "dashboard.ver", "pasajes.ver", "pasajes.crear", "pasajes.imprimir",
		"caja.*", "impresion.ticket_80mm", "clientes.ver")
}

// RolIntegrado returns the definition of a built-in role.
func RolIntegrado(nombre string) (Rol, bool) {
	switch nombre {
	case RolSuperAdmin:
		return Rol{nombre, "Super Administrador: todas las empresas y la configuración global", 1, "#9333EA", "👑",
			build(RolSuperAdmin, allModules()...), true}, true
	case RolAdmin:
		p := build(RolAdmin, allModules()...)
		for _, a := range []string{"crear", "editar", "eliminar"} {
			p["empresas"][a] = false
		}
		p["configuracion"]["sistema"] = false
		return Rol{nombre, "Administrador: todo dentro de su empresa", 2, "#3B82F6", "🛡️", p, true}, true
	case RolSupervisor:
		return Rol{nombre, "Supervisor: operaciones, monitoreo de vendedores y validación", 3, "#06B6D4", "👔",
			build(RolSupervisor, "dashboard.ver", "usuarios.ver", "usuarios.crear", "usuarios.editar", "configuracion.ver",
				"reportes.ver", "reportes.exportar", "pasajes.*", "caja.*", "validacion.embarque",
				"whatsapp.enviar", "whatsapp.ver_estado", "email.enviar", "impresion.*", "clientes.ver"), true}, true
	case RolVendedor:
		return Rol{nombre, "Vendedor: venta de pasajes y caja propia", 4, "#10B981", "👤", PermisosRolNuevo(), true}, true
	case RolLancha:
		return Rol{nombre, "Personal de Embarque: validación de embarque", 5, "#F59E0B", "⚓",
			build(RolLancha, "dashboard.ver", "pasajes.ver", "validacion.*"), true}, true
	case RolPasajero:
		return Rol{nombre, "Pasajero: solo consultas públicas", 6, "#6B7280", "🧳", build(RolPasajero), true}, true
	}
	return Rol{}, false
}

// ParsePermisos decodes the JSON stored in roles.permisos.
func ParsePermisos(raw string) (Permisos, error) {
	p := Permisos{}
	if raw == "" {
		return p, nil
	}
	err := json.Unmarshal([]byte(raw), &p)
	return p, err
}
