package domain

import (
	"math"
	"testing"
)

func TestNivelDeAtItsThresholds(t *testing.T) {
	for _, tc := range []struct {
		puntos    int64
		nombre    string
		progreso  float64
		siguiente string
	}{
		{-50, NivelBronce, 0, NivelPlata},
		{0, NivelBronce, 0, NivelPlata},
		{1000, NivelBronce, 0.5, NivelPlata},
		{1999, NivelBronce, 1999.0 / 2000, NivelPlata},
		{2000, NivelPlata, 0, NivelOro},
		{3500, NivelPlata, 0.5, NivelOro},
		{4999, NivelPlata, 2999.0 / 3000, NivelOro},
		{5000, NivelOro, 0, NivelDiamante},
		{9999, NivelOro, 4999.0 / 5000, NivelDiamante},
		{10000, NivelDiamante, 1, ""},
		{250000, NivelDiamante, 1, ""},
	} {
		n := NivelDe(tc.puntos)
		if n.Nombre != tc.nombre || math.Abs(n.Progreso-tc.progreso) > 1e-9 || n.Siguiente != tc.siguiente {
			t.Errorf("NivelDe(%d) = %+v, quiero %s %.4f → %q", tc.puntos, n, tc.nombre, tc.progreso, tc.siguiente)
		}
	}
}

func TestPuntosGanados(t *testing.T) {
	cfg := ConfigPuntosPorDefecto()
	for _, tc := range []struct {
		precio    Centavos
		frecuente bool
		ppp       Centesimas
		want      int64
	}{
		{150000, false, 100, 1500},                       // $1.500 at 1 point per peso (operaciones §1)
		{150050, false, 100, 1500},                       // cents round down
		{150000, true, 100, 2250},                        // ×1.5
		{99, false, 100, 0},                              // under a peso
		{150000, false, 0, 0},                            // nothing per peso
		{150000, false, 250, 3750},                       // 2.5 per peso
		{-100, false, 100, 0},                            // a negative price earns nothing
		{MontoMaximo, true, MaxPuntosPorPeso, MaxPuntos}, // bounded
	} {
		c := cfg
		c.PuntosPorPeso = tc.ppp
		if got := c.PuntosGanados(tc.precio, tc.frecuente); got != tc.want {
			t.Errorf("PuntosGanados(%d, %v, %d) = %d, quiero %d", tc.precio, tc.frecuente, tc.ppp, got, tc.want)
		}
	}
}

func TestConfigPuntosValidar(t *testing.T) {
	cero, mucho := 0, MaxDiasVencimiento+1
	for _, tc := range []struct {
		name string
		f    func(*ConfigPuntos)
		msg  string
	}{
		{"por defecto", func(*ConfigPuntos) {}, ""},
		{"sin vencimiento", func(c *ConfigPuntos) { c.VencimientoDias = nil }, ""},
		{"vencimiento 0", func(c *ConfigPuntos) { c.VencimientoDias = &cero }, ""},
		{"vencimiento largo", func(c *ConfigPuntos) { c.VencimientoDias = &mucho }, MsgConfigVencimiento},
		{"puntos por peso negativos", func(c *ConfigPuntos) { c.PuntosPorPeso = -1 }, MsgConfigPuntosPorPeso},
		{"mínimo 0", func(c *ConfigPuntos) { c.PuntosMinimosCanje = 0 }, MsgConfigPuntosMinimos},
		{"multiplicador menor a 1", func(c *ConfigPuntos) { c.Multiplicador = 99 }, MsgConfigMultiplicador},
		{"viajes 0", func(c *ConfigPuntos) { c.ViajesFrecuente = 0 }, MsgConfigViajesFrecuente},
		{"días 0", func(c *ConfigPuntos) { c.DiasFrecuente = 0 }, MsgConfigDiasFrecuente},
	} {
		c := ConfigPuntosPorDefecto()
		tc.f(&c)
		err := c.Validar()
		if (tc.msg == "" && err != nil) || (tc.msg != "" && (err == nil || err.Error() != tc.msg)) {
			t.Errorf("%s: %v, quiero %q", tc.name, err, tc.msg)
		}
	}
}
