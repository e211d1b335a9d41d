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
		{"rechazar la anulación", func(c *ConfigPuntos) { c.AnulacionCanjeados = AnulacionRechazar }, ""},
		{"anulación desconocida", func(c *ConfigPuntos) { c.AnulacionCanjeados = "devolver" }, MsgConfigAnulacionCanjeados},
		{"anulación vacía", func(c *ConfigPuntos) { c.AnulacionCanjeados = "" }, MsgConfigAnulacionCanjeados},
	} {
		c := ConfigPuntosPorDefecto()
		tc.f(&c)
		err := c.Validar()
		if (tc.msg == "" && err != nil) || (tc.msg != "" && (err == nil || err.Error() != tc.msg)) {
			t.Errorf("%s: %v, quiero %q", tc.name, err, tc.msg)
		}
	}
}

func TestDescuentosDeBeneficio(t *testing.T) {
	precios := []Centavos{100000, 150050, 50000}
	for _, tc := range []struct {
		tipo  string
		valor Centesimas
		want  []Centavos
	}{
		{BeneficioDescuentoPorcentaje, 1000, []Centavos{10000, 15005, 5000}},
		{BeneficioDescuentoPorcentaje, 3333, []Centavos{33330, 50011, 16665}}, // rounded down per ticket
		{BeneficioDescuentoPorcentaje, 10000, []Centavos{100000, 150050, 50000}},
		{BeneficioDescuentoFijo, 120000, []Centavos{100000, 20000, 0}},
		{BeneficioDescuentoFijo, 999999999, []Centavos{100000, 150050, 50000}}, // never below zero
		{BeneficioPasajeGratis, 0, []Centavos{0, 150050, 0}},
		{BeneficioUpgradeSeccion, 500, []Centavos{0, 0, 0}},
		{BeneficioPuntosExtra, 50000, []Centavos{0, 0, 0}},
	} {
		got := Beneficio{Tipo: tc.tipo, Valor: tc.valor}.Descuentos(precios)
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s %d: %v, quiero %v", tc.tipo, tc.valor, got, tc.want)
				break
			}
		}
	}
	if n := (Beneficio{Tipo: BeneficioPuntosExtra, Valor: 50000}).PuntosExtra(); n != 500 {
		t.Errorf("puntos extra %d", n)
	}
}

func TestBeneficioVigenteEl(t *testing.T) {
	desde, hasta := "2026-11-01", "2026-11-30"
	b := Beneficio{Activo: true, FechaInicio: &desde, FechaFin: &hasta}
	for hoy, msg := range map[string]string{"2026-10-31": MsgBeneficioFueraDeFecha, "2026-11-01": "", "2026-11-30": "",
		"2026-12-01": MsgBeneficioFueraDeFecha} {
		if err := b.VigenteEl(hoy); (msg == "" && err != nil) || (msg != "" && (err == nil || err.Error() != msg)) {
			t.Errorf("%s: %v", hoy, err)
		}
	}
	b.Activo = false
	if err := b.VigenteEl("2026-11-10"); err == nil || err.Error() != MsgBeneficioInactivo {
		t.Errorf("inactivo: %v", err)
	}
}

func TestRetenerPuntosGastados(t *testing.T) {
	gratis := GastoPuntos{Tomados: 4500, Puntos: 4500, Valor: 450000} // a $ 4.500 free ticket for 4,500 points
	cases := []struct {
		name   string
		precio Centavos
		faltan int64
		gastos []GastoPuntos
		want   RetencionPuntos
	}{
		{"todo gastado en un pasaje gratis", 450000, 4500, []GastoPuntos{gratis}, RetencionPuntos{450000, 4500}},
		{"parte cubierta por otros puntos", 450000, 1000, []GastoPuntos{gratis}, RetencionPuntos{100000, 1000}},
		{"medio peso por punto", 450000, 4000, []GastoPuntos{{Tomados: 4000, Puntos: 4000, Valor: 200000}}, RetencionPuntos{200000, 4000}},
		{"nunca más que el precio", 300000, 4500, []GastoPuntos{gratis}, RetencionPuntos{300000, 3000}},
		{"el más nuevo primero, hasta lo que falta", 450000, 3000,
			[]GastoPuntos{{Tomados: 2000, Puntos: 2000, Valor: 100000}, {Tomados: 2500, Puntos: 2500, Valor: 250000}},
			RetencionPuntos{200000, 3000}},
		{"gastos sin valor en dinero quedan como deuda", 450000, 4500,
			[]GastoPuntos{{Tomados: 1500, Puntos: 1500}, {Tomados: 3000, Puntos: 3000, Valor: 300000}}, RetencionPuntos{300000, 3000}},
		{"redondeo hacia abajo", 100, 1, []GastoPuntos{{Tomados: 3, Puntos: 3, Valor: 100}}, RetencionPuntos{33, 1}},
		{"nada faltante", 450000, 0, []GastoPuntos{gratis}, RetencionPuntos{}},
		{"pasaje de precio cero", 0, 4500, []GastoPuntos{gratis}, RetencionPuntos{}},
		{"sin desbordes", MontoMaximo, MaxPuntos, []GastoPuntos{{Tomados: MaxPuntos, Puntos: MaxPuntos, Valor: MontoMaximo}},
			RetencionPuntos{MontoMaximo, MaxPuntos}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := RetenerPuntosGastados(c.precio, c.faltan, c.gastos); got != c.want {
				t.Fatalf("RetenerPuntosGastados = %+v, quería %+v", got, c.want)
			}
		})
	}
}
