package domain

import (
	"strings"
	"testing"
)

func TestPasajeroNormalizar(t *testing.T) {
	p, err := Pasajero{Nombre: "  Ana   Pérez ", DocumentoNumero: "30.123.456", Sexo: "f",
		FechaNacimiento: "2015-06-10"}.Normalizar(1, "2026-06-09")
	if err != nil {
		t.Fatal(err)
	}
	want := Pasajero{Nombre: "Ana Pérez", DocumentoTipo: DocumentoDNI, DocumentoNumero: "30123456", Sexo: "F",
		FechaNacimiento: "2015-06-10", FranjaEdad: FranjaMenor}
	if p != want {
		t.Fatalf("got %+v, want %+v", p, want)
	}
	if p.Documento() != "DNI 30123456" {
		t.Fatalf("documento %q", p.Documento())
	}
}

func TestPasajeroNormalizarRechaza(t *testing.T) {
	casos := []struct {
		p   Pasajero
		msg string
	}{
		{Pasajero{DocumentoNumero: "30123456"}, "Pasajero 2: falta el nombre y apellido"},
		{Pasajero{Nombre: strings.Repeat("a", 101)}, "Pasajero 2: el nombre no debe exceder 100 caracteres"},
		{Pasajero{Nombre: "Ana", DocumentoNumero: "123"}, "Pasajero 2: el DNI debe tener 7 u 8 dígitos"},
		{Pasajero{Nombre: "Ana", DocumentoTipo: "DNI"}, "Pasajero 2: falta el número de documento"},
		{Pasajero{Nombre: "Ana", DocumentoTipo: "LIBRETA", DocumentoNumero: "1"}, "Pasajero 2: el tipo de documento debe ser DNI, PASAPORTE, CI u OTRO"},
		{Pasajero{Nombre: "Ana", DocumentoTipo: "PASAPORTE", DocumentoNumero: "AB-12"}, "Pasajero 2: el número de documento admite hasta 20 letras y números"},
		{Pasajero{Nombre: "Ana", Sexo: "Z"}, "Pasajero 2: el sexo debe ser F, M o X"},
		{Pasajero{Nombre: "Ana", FranjaEdad: "niño"}, "Pasajero 2: la franja de edad debe ser bebe, menor, adolescente, adulto o mayor"},
		{Pasajero{Nombre: "Ana", FechaNacimiento: "10/06/2015"}, "Pasajero 2: la fecha de nacimiento debe tener el formato AAAA-MM-DD"},
		{Pasajero{Nombre: "Ana", FechaNacimiento: "2026-06-10"}, "Pasajero 2: la fecha de nacimiento no es válida para la fecha de viaje"},
		{Pasajero{Nombre: "Ana", FechaNacimiento: "1900-01-01"}, "Pasajero 2: la fecha de nacimiento no es válida para la fecha de viaje"},
		{Pasajero{Nombre: "Ana", Nacionalidad: strings.Repeat("x", 61)}, "Pasajero 2: la nacionalidad no debe exceder 60 caracteres"},
	}
	for _, c := range casos {
		if _, err := c.p.Normalizar(2, "2026-06-09"); err == nil || err.Error() != c.msg {
			t.Errorf("%+v: got %v, want %q", c.p, err, c.msg)
		}
	}
}

func TestFranjaDeEdad(t *testing.T) {
	for edad, want := range map[int]string{0: FranjaBebe, 2: FranjaBebe, 3: FranjaMenor, 11: FranjaMenor,
		12: FranjaAdolescente, 17: FranjaAdolescente, 18: FranjaAdulto, 64: FranjaAdulto, 65: FranjaMayor} {
		if got := FranjaDeEdad(edad); got != want {
			t.Errorf("%d: got %s, want %s", edad, got, want)
		}
	}
	p, _ := Pasajero{Nombre: "A", FechaNacimiento: "2008-06-10"}.Normalizar(1, "2026-06-09")
	if p.FranjaEdad != FranjaAdolescente { // 17 the day before turning 18
		t.Fatalf("franja %s", p.FranjaEdad)
	}
}

func TestPasajerosVenta(t *testing.T) {
	got, err := PasajerosVenta([]Pasajero{{Nombre: "Ana"}, {}, {Nombre: "Luis"}}, 4, "2026-06-09")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0].Nombre != "Ana" || got[1] != nil || got[2].Nombre != "Luis" || got[3] != nil {
		t.Fatalf("got %+v", got)
	}
	if SinNombre(got) != 2 {
		t.Fatalf("sin nombre %d", SinNombre(got))
	}
	if _, err := PasajerosVenta(make([]Pasajero, 3), 2, "2026-06-09"); err == nil || err.Error() != MsgMasPasajerosQuePasajes {
		t.Fatalf("got %v", err)
	}
}

func TestPasajeroDelCliente(t *testing.T) {
	if p := PasajeroDelCliente("Cliente Anónimo", "30123456"); p != nil {
		t.Fatalf("got %+v", p)
	}
	p := PasajeroDelCliente(" Ana Pérez ", "30123456")
	if p == nil || *p != (Pasajero{Nombre: "Ana Pérez", DocumentoTipo: DocumentoDNI, DocumentoNumero: "30123456"}) {
		t.Fatalf("got %+v", p)
	}
	if p := PasajeroDelCliente("John", "X1234"); p.DocumentoTipo != DocumentoOtro {
		t.Fatalf("got %+v", p)
	}
}

func TestMsgPasajerosRequeridos(t *testing.T) {
	if got := MsgPasajerosRequeridos("Tigre – Tres Bocas", 1, 4); got != "La sección «Tigre – Tres Bocas» exige el nombre de cada pasajero: falta 1 nombre de 4 pasajes" {
		t.Fatal(got)
	}
	if got := MsgPasajerosRequeridos("Delta", 3, 3); got != "La sección «Delta» exige el nombre de cada pasajero: faltan 3 nombres de 3 pasajes" {
		t.Fatal(got)
	}
}

func TestRetencion(t *testing.T) {
	if ValidarDiasRetencion(29) == nil || ValidarDiasRetencion(3651) == nil || ValidarDiasRetencion(365) != nil {
		t.Fatal("límites")
	}
	if got := LimiteRetencion("2026-12-03", 365); got != "2025-12-03" {
		t.Fatal(got)
	}
}
