package domain

import "testing"

func TestAmountRules(t *testing.T) {
	cases := []struct {
		monto Centavos
		want  string
	}{
		{0, ""},
		{150050, ""},
		{MontoMaximo, ""},
		{-1, MsgMontoNoNegativo},
		{-250000, MsgMontoNoNegativo},
		{MontoMaximo + 1, MsgMontoMaximo},
	}
	for _, tc := range cases {
		err := ValidarNoNegativo(tc.monto)
		e, ok := AsError(err)
		if (tc.want == "") != (err == nil) || (err != nil && (!ok || e.Kind != KindInvalid || e.Message != tc.want)) {
			t.Errorf("%v: %v, esperaba %q", tc.monto, err, tc.want)
		}
	}
}

func TestSumarYMultiplicarNuncaPasanElMaximo(t *testing.T) {
	sumas := []struct {
		montos []Centavos
		want   Centavos
		ok     bool
	}{
		{[]Centavos{1, 2, 3}, 6, true},
		{[]Centavos{MontoMaximo, 0}, MontoMaximo, true},
		{[]Centavos{MontoMaximo, 1}, 0, false},
		{[]Centavos{MontoMaximo, -MontoMaximo, MontoMaximo}, MontoMaximo, true},
		{[]Centavos{-MontoMaximo, -1}, 0, false},
		{[]Centavos{1 << 62, 1 << 62}, 0, false}, // would wrap int64
	}
	for _, tc := range sumas {
		got, err := Sumar(tc.montos...)
		if (err == nil) != tc.ok || got != tc.want || (err != nil && err.Error() != MsgTotalMaximo) {
			t.Errorf("Sumar%v = %v %v", tc.montos, got, err)
		}
	}
	productos := []struct {
		precio   Centavos
		cantidad int
		ok       bool
	}{
		{MontoMaximo / 50, 50, true},
		{MontoMaximo/50 + 1, 50, false},
		{MontoMaximo, 1, true},
		{1 << 40, 1 << 30, false}, // would wrap int64
		{5, 0, true},
	}
	for _, tc := range productos {
		got, err := Multiplicar(tc.precio, tc.cantidad)
		if (err == nil) != tc.ok || (tc.ok && got != tc.precio*Centavos(tc.cantidad)) {
			t.Errorf("Multiplicar(%v, %d) = %v %v", tc.precio, tc.cantidad, got, err)
		}
	}
}

func TestTotalizarRechazaLoQuePasaElMaximo(t *testing.T) {
	movs := []MovimientoAgregado{{Tipo: MovIngresoExtra, Monto: MontoMaximo}}
	if _, err := Totalizar(0, movs); err != nil {
		t.Fatalf("el máximo justo es válido: %v", err)
	}
	if _, err := Totalizar(1, movs); err == nil || err.Error() != MsgTotalMaximo {
		t.Fatalf("apertura + máximo: %v", err)
	}
	movs = append(movs, MovimientoAgregado{Tipo: MovEgresoGasto, MedioPagoID: 2, MedioNombre: "Débito", MedioTipo: TipoTarjeta, Monto: MontoMaximo})
	got, err := Totalizar(0, movs)
	if err != nil || got.Saldo != 0 || got.PorMedio[0].Esperado != -MontoMaximo {
		t.Fatalf("ingreso y egreso máximos: %+v %v", got, err)
	}
}

func TestCatalogMessagesAreWholeSentences(t *testing.T) {
	cases := []struct {
		cat              Catalogo
		creado, inactivo string
	}{
		{CatSecciones, "Sección creada exitosamente", "Sección «Norte» está inactiva"},
		{CatTiposViaje, "Tipo de viaje creado exitosamente", "Tipo de viaje «Norte» está inactivo"},
		{CatMediosPago, "Medio de pago creado exitosamente", "Medio de pago «Norte» está inactivo"},
	}
	for _, tc := range cases {
		if tc.cat.Mensajes.Creado != tc.creado || tc.cat.Inactivo("Norte").Error() != tc.inactivo {
			t.Errorf("%s: %q, %q", tc.cat.Tabla, tc.cat.Mensajes.Creado, tc.cat.Inactivo("Norte"))
		}
	}
}
