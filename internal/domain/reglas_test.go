package domain

import "testing"

func TestAmountRules(t *testing.T) {
	cases := []struct {
		monto   Centavos
		abs     Centavos
		refused bool
	}{
		{0, 0, false},
		{150050, 150050, false},
		{-1, 1, true},
		{-250000, 250000, true},
	}
	for _, tc := range cases {
		err := ValidarNoNegativo(tc.monto)
		if (err != nil) != tc.refused || tc.monto.Abs() != tc.abs {
			t.Errorf("%v: err %v, abs %v", tc.monto, err, tc.monto.Abs())
		}
		if e, ok := AsError(err); tc.refused && (!ok || e.Kind != KindInvalid || e.Message != MsgMontoNoNegativo) {
			t.Errorf("%v: %v", tc.monto, err)
		}
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
