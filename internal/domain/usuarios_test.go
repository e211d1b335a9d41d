package domain

import (
	"slices"
	"testing"
)

func TestNivelOtorgable(t *testing.T) {
	niveles := map[string]int{RolSuperAdmin: 1, RolAdmin: 2, RolSupervisor: 3, RolVendedor: 4, RolLancha: 5, RolPasajero: 6}
	cases := []struct {
		actor     string
		permitido []string
	}{
		{RolSuperAdmin, []string{RolAdmin, RolSupervisor, RolVendedor, RolLancha, RolPasajero}},
		{RolAdmin, []string{RolSupervisor, RolVendedor, RolLancha, RolPasajero}},
		{RolSupervisor, []string{RolVendedor, RolLancha}},
		{RolVendedor, []string{RolLancha}},
	}
	for _, c := range cases {
		for _, rol := range RolesIntegrados {
			if got := NivelOtorgable(niveles[c.actor], niveles[rol]); got != slices.Contains(c.permitido, rol) {
				t.Errorf("%s otorga %s: %v", c.actor, rol, got)
			}
		}
	}
}

func integrado(t *testing.T, nombre string) Rol {
	t.Helper()
	r, ok := RolIntegrado(nombre)
	if !ok {
		t.Fatalf("sin rol %s", nombre)
	}
	return r
}

// sin is the role r under another name with the flags quitar turned off.
func sin(r Rol, nombre string, quitar ...string) Rol {
	p := Permisos{}
	for mod, flags := range r.Permisos {
		p[mod] = map[string]any{}
		for a, v := range flags {
			p[mod][a] = v
		}
	}
	for _, q := range quitar {
		mod, a := SplitPermission(q)
		p[mod][a] = false
	}
	r.Nombre, r.Permisos = nombre, p
	return r
}

func TestPermisosFaltantes(t *testing.T) {
	admin, vendedor, lancha := integrado(t, RolAdmin), integrado(t, RolVendedor), integrado(t, RolLancha)
	adminSinCaja := sin(admin, "admin_sin_caja", "caja.ver", "caja.abrir", "caja.cerrar", "caja.movimientos")
	// super_admin holds every flag even when its matrix was emptied, as it passes every route
	superVacio := sin(integrado(t, RolSuperAdmin), RolSuperAdmin)
	superVacio.Permisos = Permisos{}
	otroTablero := sin(vendedor, "cajero")
	otroTablero.Permisos["dashboard"]["tipo"] = RolAdmin
	texto := sin(lancha, "texto")
	texto.Permisos["caja"]["ver"] = "true" // not exactly true: grants nothing
	cases := []struct {
		name       string
		actor, rol Rol
		want       []string
	}{
		{"al admin sin caja le falta la caja del vendedor", adminSinCaja, vendedor,
			[]string{"caja.abrir", "caja.cerrar", "caja.movimientos", "caja.ver"}},
		{"la lancha no usa la caja", adminSinCaja, lancha, []string{}},
		{"el supervisor no tiene desembarque", integrado(t, RolSupervisor), lancha, []string{"validacion.desembarque"}},
		{"super_admin tiene todo", superVacio, admin, []string{}},
		{"dashboard.tipo no es un permiso", vendedor, otroTablero, []string{}},
		{"solo cuenta el booleano true", lancha, texto, []string{}},
		{"un rol vacío no tiene nada", Rol{Nombre: "vacio"}, lancha,
			[]string{"dashboard.ver", "pasajes.ver", "validacion.desembarque", "validacion.embarque"}},
	}
	for _, c := range cases {
		if got := PermisosFaltantes(c.actor, c.rol); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, esperaba %v", c.name, got, c.want)
		}
	}
}

func TestValidarOtorgamiento(t *testing.T) {
	for actor, permitidos := range map[string][]string{
		RolSuperAdmin: {RolAdmin, RolSupervisor, RolVendedor, RolLancha, RolPasajero},
		RolAdmin:      {RolSupervisor, RolVendedor, RolLancha, RolPasajero},
		RolSupervisor: {RolVendedor}, // lancha has validacion.desembarque, which the supervisor lacks
		RolVendedor:   {},
		RolLancha:     {},
	} {
		for _, rol := range RolesIntegrados {
			err := ValidarOtorgamiento(integrado(t, actor), integrado(t, rol))
			if (err == nil) != slices.Contains(permitidos, rol) {
				t.Errorf("%s otorga %s: %v", actor, rol, err)
			}
		}
	}
	admin := integrado(t, RolAdmin)
	adminSinCaja := sin(admin, "admin_sin_caja", "caja.abrir")
	cases := []struct {
		name       string
		actor, rol Rol
		want       string
	}{
		{"un permiso que el actor no tiene", adminSinCaja, integrado(t, RolVendedor), MsgRolPermisosAjenos},
		{"el nivel se mira primero", adminSinCaja, integrado(t, RolSuperAdmin), MsgRolNoPermitido},
		{"un rol propio de nivel 1 no otorga lo que no tiene", sin(integrado(t, RolSuperAdmin), "casi_super",
			"reportes.avanzados"), admin, MsgRolPermisosAjenos},
		{"mismo nivel", adminSinCaja, admin, MsgRolNoPermitido},
	}
	for _, c := range cases {
		e, ok := AsError(ValidarOtorgamiento(c.actor, c.rol))
		if !ok || e.Kind != KindForbidden || e.Message != c.want {
			t.Errorf("%s: %v, esperaba 403 %q", c.name, e, c.want)
		}
	}
	if err := ValidarOtorgamiento(adminSinCaja, integrado(t, RolLancha)); err != nil {
		t.Errorf("admin sin caja otorga lancha: %v", err)
	}
}

// A new role starts at the seller's level: staff a supervisor may grant, neither a passenger nor above anyone's reach.
func TestRolNuevoEnElNivelDelVendedor(t *testing.T) {
	vendedor, _ := RolIntegrado(RolVendedor)
	supervisor, _ := RolIntegrado(RolSupervisor)
	n := RolNuevo().NivelJerarquico
	if n != vendedor.NivelJerarquico || n == NivelPasajero || !NivelOtorgable(supervisor.NivelJerarquico, n) {
		t.Fatalf("nivel del rol nuevo: %d", n)
	}
	if _, err := NormalizarRol(Rol{Nombre: "cobrador", NivelJerarquico: n, ColorBadge: RolNuevo().ColorBadge,
		Icono: RolNuevo().Icono, Permisos: RolNuevo().Permisos}); err != nil {
		t.Fatalf("el rol nuevo tal como empieza no se guarda: %v", err)
	}
}
