package domain

import (
	"testing"
	"time"
)

func TestAccesoPermite(t *testing.T) {
	vendedor, _ := RolIntegrado(RolVendedor)
	lancha, _ := RolIntegrado(RolLancha)
	cases := []struct {
		name     string
		acceso   Acceso
		rol      string
		permisos Permisos
		want     bool
	}{
		{"público sin nada", Publico(), "", nil, true},
		{"sesión cualquier rol", ConSesion(), RolPasajero, Permisos{}, true},
		{"permiso concedido", ConPermiso("caja.abrir"), RolVendedor, vendedor.Permisos, true},
		{"permiso negado", ConPermiso("validacion.embarque"), RolVendedor, vendedor.Permisos, false},
		{"lancha valida", ConPermiso("validacion.embarque"), RolLancha, lancha.Permisos, true},
		{"rol en lista", ConRoles(RolLancha, RolAdmin), RolLancha, nil, true},
		{"rol fuera de lista", ConRoles(RolAdmin), RolSupervisor, nil, false},
		{"super_admin pasa todo", ConRoles(RolAdmin), RolSuperAdmin, nil, true},
		{"super_admin sin permiso explícito", ConPermiso("x.y"), RolSuperAdmin, nil, true},
		{"valor no booleano no concede", ConPermiso("a.b"), "otro", Permisos{"a": {"b": "true"}}, false},
		{"valor 1 no concede", ConPermiso("a.b"), "otro", Permisos{"a": {"b": 1}}, false},
	}
	for _, c := range cases {
		if got := c.acceso.Permite(c.rol, c.permisos); got != c.want {
			t.Errorf("%s: %v, esperaba %v", c.name, got, c.want)
		}
	}
}

func TestBuiltInRoles(t *testing.T) {
	nuevo := PermisosRolNuevo()
	vendedor, _ := RolIntegrado(RolVendedor)
	admin, _ := RolIntegrado(RolAdmin)
	super, _ := RolIntegrado(RolSuperAdmin)
	pasajero, _ := RolIntegrado(RolPasajero)
	for mod, actions := range CatalogoPermisos {
		for _, a := range actions {
			if vendedor.Permisos.Allows(mod, a) != nuevo.Allows(mod, a) {
				t.Errorf("vendedor difiere del rol nuevo en %s.%s", mod, a)
			}
			if !super.Permisos.Allows(mod, a) {
				t.Errorf("super_admin sin %s.%s", mod, a)
			}
			if pasajero.Permisos.Allows(mod, a) {
				t.Errorf("pasajero con %s.%s", mod, a)
			}
		}
	}
	granted := 0
	for mod, actions := range CatalogoPermisos {
		for _, a := range actions {
			if nuevo.Allows(mod, a) {
				granted++
			}
		}
	}
	// dashboard.ver, pasajes ver/crear/imprimir, caja ×5 (ver_esperado too), impresion.ticket_80mm, clientes.ver
	if granted != 11 || nuevo["dashboard"]["tipo"] != RolVendedor {
		t.Fatalf("rol nuevo concede %d permisos: %v", granted, nuevo)
	}
	if admin.Permisos.Allows("configuracion", "sistema") || admin.Permisos.Allows("empresas", "crear") ||
		!admin.Permisos.Allows("usuarios", "eliminar") {
		t.Fatal("admin: todo dentro de su empresa, nada global")
	}
	for i, nombre := range RolesIntegrados {
		r, ok := RolIntegrado(nombre)
		if !ok || r.NivelJerarquico != i+1 {
			t.Errorf("%s: nivel %d, esperaba %d", nombre, r.NivelJerarquico, i+1)
		}
	}
}

func TestAniosCumplidos(t *testing.T) {
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		desde, hasta time.Time
		want         int
	}{
		{d(1998, 3, 1), d(2026, 11, 22), 28},
		{d(1998, 3, 1), d(2026, 2, 28), 27},
		{d(1998, 3, 1), d(2026, 3, 1), 28},
		{d(2000, 2, 29), d(2001, 2, 28), 0},
		{d(2030, 1, 1), d(2026, 1, 1), 0},
	}
	for _, c := range cases {
		if got := AniosCumplidos(c.desde, c.hasta); got != c.want {
			t.Errorf("%v → %v: %d, esperaba %d", c.desde, c.hasta, got, c.want)
		}
	}
}
