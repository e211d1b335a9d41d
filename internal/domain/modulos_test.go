package domain

import "testing"

func TestModuloEfectivo(t *testing.T) {
	fecha := func(s string) *string { return &s }
	cases := []struct {
		name             string
		m                EstadoModulo
		efectivo, vencio bool
	}{
		{"habilitado sin fecha", EstadoModulo{Habilitado: true}, true, false},
		{"deshabilitado", EstadoModulo{}, false, false},
		{"vence hoy", EstadoModulo{Habilitado: true, FechaVencimiento: fecha("2026-11-20")}, true, false},
		{"venció ayer", EstadoModulo{Habilitado: true, FechaVencimiento: fecha("2026-11-19")}, false, true},
	}
	for _, c := range cases {
		if c.m.Efectivo("2026-11-20") != c.efectivo || c.m.Vencido("2026-11-20") != c.vencio {
			t.Errorf("%s: efectivo=%v vencido=%v", c.name, c.m.Efectivo("2026-11-20"), c.m.Vencido("2026-11-20"))
		}
	}
}

func TestNormalizarPermisos(t *testing.T) {
	p, err := NormalizarPermisos(Permisos{"caja": {"abrir": true}})
	if err != nil || !p.Allows("caja", "abrir") || p.Allows("caja", "cerrar") || p["dashboard"]["tipo"] != RolVendedor {
		t.Fatalf("%v %v", p, err)
	}
	for mod, flags := range CatalogoPermisos {
		for _, f := range flags {
			if _, ok := p[mod][f]; !ok {
				t.Errorf("falta %s.%s en la matriz completa", mod, f)
			}
		}
	}
	for _, bad := range []Permisos{{"caja": {"volar": true}}, {"nave": {"ver": true}}, {"caja": {"ver": "si"}},
		{"dashboard": {"tipo": "jefe"}}} {
		if _, err := NormalizarPermisos(bad); err == nil {
			t.Errorf("%v: esperaba error", bad)
		}
	}
}

func TestMensajeCambioModulo(t *testing.T) {
	for _, c := range []struct {
		antes, despues bool
		want           string
	}{
		{false, true, "Caja habilitado correctamente"},
		{true, false, "Caja deshabilitado correctamente"},
		{true, true, "Configuración de Caja actualizada exitosamente"},
	} {
		if got := MensajeCambioModulo("Caja", c.antes, c.despues); got != c.want {
			t.Errorf("%v→%v: %q", c.antes, c.despues, got)
		}
	}
}
