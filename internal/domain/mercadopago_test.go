package domain

import (
	"strings"
	"testing"
)

func TestLocalMercadoPago(t *testing.T) {
	bien := LocalMercadoPago{Nombre: " Estación Fluvial ", Calle: "Mitre", Numero: "305", Ciudad: "Tigre",
		Provincia: "Buenos Aires", Latitud: -34.42, Longitud: -58.58}
	l, err := NormalizarLocalMercadoPago(bien)
	if err != nil || l.Nombre != "Estación Fluvial" {
		t.Fatalf("%+v %v", l, err)
	}
	sinCiudad := bien
	sinCiudad.Ciudad = "  "
	fuera := bien
	fuera.Longitud = -181
	for _, c := range []struct {
		l   LocalMercadoPago
		msg string
	}{{sinCiudad, MsgMercadoPagoLocalIncompleto}, {fuera, MsgMercadoPagoCoordenadas}} {
		if _, err := NormalizarLocalMercadoPago(c.l); err == nil || err.Error() != c.msg {
			t.Errorf("%+v: %v", c.l, err)
		}
	}
}

func TestTokenYSecretoMercadoPago(t *testing.T) {
	for tok, ok := range map[string]bool{
		"APP_USR-1234567890123456-120312-abcdef": true,
		"TEST-1234567890123456-120312-abcdef":    true,
		"APP_USR-corto":                          false,
		"Bearer APP_USR-1234567890123456-120312": false,
		"APP_USR-12345678901234567890 con":       false,
		"OTRO-1234567890123456789012345":         false,
		"APP_USR-" + strings.Repeat("a", 300):    false,
	} {
		if err := ValidarTokenMercadoPago(tok); (err == nil) != ok {
			t.Errorf("%q: %v", tok, err)
		}
	}
	for sec, ok := range map[string]bool{"0123456789abcdef": true, "corto": false, "con espacio 12345678": false,
		"acentuadá1234567890": false} {
		if err := ValidarSecretoMercadoPago(sec); (err == nil) != ok {
			t.Errorf("%q: %v", sec, err)
		}
	}
}

func TestIDsExternosMercadoPago(t *testing.T) {
	if IDExternoLocalMP(3) != "MUELLE3" || IDExternoCajaMP(3, 41) != "MUELLE3U41" {
		t.Fatal(IDExternoLocalMP(3), IDExternoCajaMP(3, 41))
	}
}
