package domain

import "testing"

func TestCupoDelDia(t *testing.T) {
	barco := func(estado, sentido string, capacidad int64) SalidaCupo {
		return SalidaCupo{Estado: estado, Sentido: sentido, Capacidad: capacidad}
	}
	cases := []struct {
		nombre    string
		salidas   []SalidaCupo
		seccion   int64
		vendidos  int64
		limitado  bool
		origen    string
		capacidad int64
		quedan    int64
	}{
		{"sin salidas ni capacidad: sin límite", nil, 0, 80, false, OrigenCupoLibre, 0, 0},
		{"sin salidas: la capacidad de la sección", nil, 60, 58, true, OrigenCupoSeccion, 60, 2},
		{"sobrevendida: quedan negativos", nil, 60, 80, true, OrigenCupoSeccion, 60, -20},
		{"las embarcaciones de las salidas de ida suman", []SalidaCupo{barco(SalidaProgramada, SentidoIda, 40),
			barco(SalidaEmbarcando, SentidoIda, 30), barco(SalidaZarpo, SentidoIda, 10)}, 60, 50, true, OrigenCupoSalidas, 80, 30},
		{"canceladas, de vuelta y sin embarcación no cuentan", []SalidaCupo{barco(SalidaProgramada, SentidoIda, 40),
			barco(SalidaCancelada, SentidoIda, 100), barco(SalidaProgramada, SentidoVuelta, 100),
			barco(SalidaProgramada, SentidoIda, 0)}, 60, 10, true, OrigenCupoSalidas, 40, 30},
		{"solo salidas que no cuentan: la sección", []SalidaCupo{barco(SalidaCancelada, SentidoIda, 100),
			barco(SalidaProgramada, SentidoVuelta, 100), barco(SalidaProgramada, SentidoIda, 0)}, 60, 0, true, OrigenCupoSeccion, 60, 60},
		{"solo salidas que no cuentan y sin capacidad: sin límite", []SalidaCupo{barco(SalidaCancelada, SentidoIda, 100)},
			0, 5, false, OrigenCupoLibre, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.nombre, func(t *testing.T) {
			got := CupoDelDia(c.salidas, c.seccion, c.vendidos)
			if got.Limitado != c.limitado || got.Origen != c.origen || got.Capacidad != c.capacidad ||
				got.Quedan != c.quedan || got.Vendidos != c.vendidos {
				t.Fatalf("%+v", got)
			}
		})
	}
}

func TestExcesoDelCupo(t *testing.T) {
	libre := CupoDelDia(nil, 0, 1000)
	if libre.Exceso(50) != 0 {
		t.Fatal("sin límite nunca hay exceso")
	}
	c := CupoDelDia(nil, 60, 58)
	for n, want := range map[int64]int64{1: 0, 2: 0, 3: 1, 10: 8} {
		if got := c.Exceso(n); got != want {
			t.Errorf("Exceso(%d) = %d, esperaba %d", n, got, want)
		}
	}
	// already oversold: every new ticket is over, not more
	if got := CupoDelDia(nil, 60, 70).Exceso(2); got != 2 {
		t.Fatalf("sobrevendida: exceso %d", got)
	}
	e := SinLugares(CupoDelDia(nil, 60, 59), 3)
	if e.Kind != KindConflict || e.Message != "No quedan lugares para esa fecha y sección (quedan 1). Requiere confirmación de un supervisor." {
		t.Fatalf("%+v", e)
	}
	if d := e.Data.(RechazoSobreventa); d.Exceso != 2 || d.Solicitados != 3 || d.Quedan != 1 {
		t.Fatalf("%+v", d)
	}
	if MsgSinLugares(-20) != "No quedan lugares para esa fecha y sección (quedan 0). Requiere confirmación de un supervisor." {
		t.Fatal(MsgSinLugares(-20))
	}
}

func TestQuienConfirmaUnaSobreventa(t *testing.T) {
	for _, nombre := range RolesIntegrados {
		r, _ := RolIntegrado(nombre)
		want := nombre == RolSuperAdmin || nombre == RolAdmin || nombre == RolSupervisor
		if PuedeSobrevender(nombre, r.Permisos) != want {
			t.Errorf("%s: PuedeSobrevender = %v", nombre, !want)
		}
	}
	if PuedeSobrevender("mostrador", PermisosRolNuevo()) {
		t.Fatal("un rol nuevo no confirma sobreventas")
	}
	p := PermisosRolNuevo()
	p["pasajes"]["sobreventa"] = true
	if !PuedeSobrevender("mostrador", p) {
		t.Fatal("un rol propio con pasajes.sobreventa la confirma")
	}
}
