package domain

import (
	"errors"
	"testing"
)

func TestTotalDenominaciones(t *testing.T) {
	total, err := TotalDenominaciones([]ConteoDenominacion{{"b20000", 2}, {"b1000", 3}, {"b10", 1}, {"m10", 1}, {"m5", 3}, {"m1", 0}})
	// 40.000 + 3.000 + 10 + 10 + 15 pesos
	if err != nil || total != 4_303_500 {
		t.Fatalf("total %s, %v", total, err)
	}
	for _, bad := range [][]ConteoDenominacion{{{"b3", 1}}, {{"b100", 1}, {"b100", 2}}, {{"m2", -1}}, {{"m2", CantidadDenominacionMaxima + 1}}} {
		var de *Error
		if _, err := TotalDenominaciones(bad); !errors.As(err, &de) || de.Kind != KindInvalid {
			t.Fatalf("%v: %v", bad, err)
		}
	}
	// the largest count of every denomination passes MontoMaximo: a 400, never an overflow
	var todas []ConteoDenominacion
	for _, d := range Denominaciones {
		todas = append(todas, ConteoDenominacion{d.Codigo, CantidadDenominacionMaxima})
	}
	if _, err := TotalDenominaciones(todas); err == nil || err.Error() != MsgTotalMaximo {
		t.Fatalf("conteo máximo: %v", err)
	}
}

func TestContarYTolerancia(t *testing.T) {
	tot := TotalesCaja{EfectivoEsperado: 100_000, PorMedio: []PorMedio{{MedioPagoID: 7, Nombre: "Débito", Esperado: 50_000}}}
	// $ 10 short in cash, $ 5 over in Débito: a discrepancy of $ 15, not $ 5
	c, err := Contar(99_000, nil, map[int64]Centavos{7: 50_500}, []int64{7}, tot, 1_500)
	if err != nil || c.Diferencia() != -1_000 || c.Discrepancia != 1_500 || c.Medios[0].Diferencia != 500 || c.RequiereAprobacion() {
		t.Fatalf("%+v %v", c, err)
	}
	c.Tolerancia = 1_499
	if !c.RequiereAprobacion() {
		t.Fatal("una discrepancia sobre la tolerancia no pide aprobación")
	}
	if tol, err := ToleranciaCierre(""); tol != 0 || err != nil {
		t.Fatal("sin configuración la tolerancia es $ 0")
	}
	for _, bad := range []string{"-1", "1,5", "10000000001"} {
		if _, err := ToleranciaCierre(bad); err == nil || ValidarConfiguracion(ClaveToleranciaCierre, bad) == nil {
			t.Fatalf("tolerancia %q aceptada", bad)
		}
	}
}

func TestCierraACiegas(t *testing.T) {
	conEsperado := Permisos{"caja": {"ver": true, "cerrar": true, "ver_esperado": true}}
	sinEsperado := Permisos{"caja": {"ver": true, "cerrar": true}}
	casos := []struct {
		rol      string
		permisos Permisos
		empresa  bool
		ciego    bool
	}{
		{RolVendedor, conEsperado, false, false},
		{RolVendedor, sinEsperado, false, true}, // the role-level switch still works
		{RolVendedor, conEsperado, true, true},  // the company's switch makes its cashiers blind
		{"cajero", conEsperado, true, true},     // custom roles too
		{RolSupervisor, conEsperado, true, false},
		{RolAdmin, conEsperado, true, false},
		{RolSupervisor, sinEsperado, false, true},
	}
	for _, c := range casos {
		if got := CierraACiegas(c.rol, c.permisos, c.empresa); got != c.ciego {
			t.Errorf("%s %v empresa ciega %v: %v", c.rol, c.permisos, c.empresa, got)
		}
	}
}

func TestConfigCajaValidar(t *testing.T) {
	for _, tol := range []Centavos{0, 5050, ToleranciaCierreMaxima} {
		if err := (ConfigCaja{Tolerancia: tol}).Validar(); err != nil {
			t.Fatalf("%s: %v", tol, err)
		}
	}
	for _, tol := range []Centavos{-1, ToleranciaCierreMaxima + 1} {
		if err := (ConfigCaja{Tolerancia: tol}).Validar(); err == nil || err.Error() != MsgToleranciaCierre {
			t.Fatalf("%s: %v", tol, err)
		}
	}
	if err := ValidarConfiguracion(ClaveToleranciaCierre, "100000001"); err == nil || err.Error() != MsgToleranciaCierre {
		t.Fatalf("la clave de la tolerancia pasa el tope: %v", err)
	}
	if err := ValidarConfiguracion(ClaveCierreCiego, "si"); err == nil {
		t.Fatal("el cierre ciego acepta un valor que no es true ni false")
	}
	if s := (ConfigCaja{CierreCiego: true, Tolerancia: 5050}).String(); s != "cierre ciego activado, tolerancia $ 50,50" {
		t.Fatal(s)
	}
}

func TestValidarRetiro(t *testing.T) {
	if err := ValidarRetiro(500_000, 500_000); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		monto, efectivo Centavos
		msg             string
	}{{0, 100, MsgMontoMayorQueCero}, {-1, 100, MsgMontoMayorQueCero}, {MontoMaximo + 1, MontoMaximo + 2, MsgMontoMaximo},
		{500_001, 500_000, MsgRetiroSinEfectivo}, {1, -100, MsgRetiroSinEfectivo}} {
		if err := ValidarRetiro(c.monto, c.efectivo); err == nil || err.Error() != c.msg {
			t.Errorf("%s de %s: %v", c.monto, c.efectivo, err)
		}
	}
	if !ApruebaCaja(RolSupervisor, Permisos{"caja": {"ver_esperado": true}}) || ApruebaCaja(RolVendedor, Permisos{"caja": {"ver_esperado": true}}) ||
		ApruebaCaja(RolSupervisor, Permisos{"caja": {"ver": true}}) {
		t.Fatal("ApruebaCaja")
	}
	if EsIngreso(MovRetiroCaja) || Sentido(MovRetiroCaja) != SentidoEgreso {
		t.Fatal("un retiro no es un egreso")
	}
}

// TestAperturaRelevo: at a handover the incoming register opens with the cash
// counted, or with less when the outgoing seller takes the rest out; never
// more, never negative.
func TestAperturaRelevo(t *testing.T) {
	monto := func(c Centavos) *Centavos { return &c }
	cases := []struct {
		pedida *Centavos
		want   Centavos
		msg    string
	}{
		{nil, 1_500_050, ""},
		{monto(1_500_050), 1_500_050, ""},
		{monto(0), 0, ""},
		{monto(500_000), 500_000, ""},
		{monto(1_500_051), 0, "El monto de apertura no puede superar el efectivo contado ($ 15.000,50)"},
		{monto(-1), 0, MsgMontoNoNegativo},
		{monto(MontoMaximo + 1), 0, MsgMontoMaximo},
	}
	for _, c := range cases {
		got, err := AperturaRelevo(1_500_050, c.pedida)
		e, ok := AsError(err)
		if got != c.want || (c.msg == "") != (err == nil) || (err != nil && (!ok || e.Kind != KindInvalid || e.Message != c.msg)) {
			t.Errorf("AperturaRelevo(%v) = %v, %v; want %v, %q", c.pedida, got, err, c.want, c.msg)
		}
	}
}
