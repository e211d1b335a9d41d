package domain

import (
	"errors"
	"strings"
	"testing"
)

func mensaje(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return ""
}

func TestValidarReferencia(t *testing.T) {
	tarjeta := ReglaReferencia{Medio: "Tarjeta", Tipo: ReferenciaTarjeta, Obligatoria: true}
	transferencia := ReglaReferencia{Medio: "Transferencia", Tipo: ReferenciaTransferencia, Obligatoria: true}
	efectivo := ReglaReferencia{Medio: "Efectivo", Tipo: ReferenciaNinguna}
	opcional := ReglaReferencia{Medio: "Débito", Tipo: ReferenciaTarjeta}
	got, err := tarjeta.Validar(Referencia{Ultimos4: " 1234 ", Autorizacion: "ab12c9"})
	if err != nil || got != (Referencia{Ultimos4: "1234", Autorizacion: "AB12C9"}) || got.Texto() != "•••• 1234 · Aut. AB12C9" {
		t.Fatalf("%+v %v", got, err)
	}
	if got, err := transferencia.Validar(Referencia{Transferencia: " 0001-ABC "}); err != nil || got.Texto() != "Transf. 0001-ABC" {
		t.Fatalf("%+v %v", got, err)
	}
	if got := (Referencia{CobroMP: &CobroMP{Orden: "ORD01", Pago: "PAY01"}}).Texto(); got != "Mercado Pago: orden ORD01 · pago PAY01" {
		t.Fatal(got)
	}
	for _, c := range []struct {
		nombre string
		regla  ReglaReferencia
		ref    Referencia
		msg    string
	}{
		{"efectivo sin referencia", efectivo, Referencia{}, ""},
		{"opcional vacía", opcional, Referencia{}, ""},
		{"opcional solo autorización", opcional, Referencia{Autorizacion: "X1"}, ""},
		{"efectivo con referencia", efectivo, Referencia{Ultimos4: "1234"}, "El medio de pago «Efectivo» no lleva esa referencia"},
		{"tarjeta con transferencia", tarjeta, Referencia{Ultimos4: "1234", Autorizacion: "A", Transferencia: "9"},
			"El medio de pago «Tarjeta» no lleva esa referencia"},
		{"falta autorización", tarjeta, Referencia{Ultimos4: "1234"},
			"El medio de pago «Tarjeta» requiere los últimos 4 dígitos de la tarjeta y el código de autorización"},
		{"falta transferencia", transferencia, Referencia{}, "El medio de pago «Transferencia» requiere el número de transferencia"},
		{"tres dígitos", opcional, Referencia{Ultimos4: "123"}, MsgUltimos4},
		{"letras en últimos 4", opcional, Referencia{Ultimos4: "12a4"}, MsgUltimos4},
		{"dígitos no ascii", opcional, Referencia{Ultimos4: "١٢٣٤"}, MsgUltimos4},
		{"autorización larga", opcional, Referencia{Autorizacion: strings.Repeat("A", 13)}, MsgAutorizacion},
		{"autorización con guion", opcional, Referencia{Autorizacion: "AB-12"}, MsgAutorizacion},
		{"transferencia larga", transferencia, Referencia{Transferencia: strings.Repeat("9", 41)}, MsgTransferencia},
		{"transferencia con control", transferencia, Referencia{Transferencia: "12\u00003"}, MsgTransferencia},
	} {
		if _, err := c.regla.Validar(c.ref); mensaje(err) != c.msg || (c.msg == "") != (err == nil) {
			t.Errorf("%s: %v", c.nombre, err)
		}
	}
}

func TestNormalizarTipoReferencia(t *testing.T) {
	if tipo, _, err := NormalizarTipoReferencia("", false); err != nil || tipo != ReferenciaNinguna {
		t.Fatalf("%q %v", tipo, err)
	}
	if _, _, err := NormalizarTipoReferencia("cheque", false); mensaje(err) != MsgTipoReferencia {
		t.Fatalf("%v", err)
	}
	if _, _, err := NormalizarTipoReferencia("ninguna", true); mensaje(err) != MsgObligatoriaSinTipo {
		t.Fatalf("%v", err)
	}
	if _, ob, err := NormalizarTipoReferencia("tarjeta", true); err != nil || !ob {
		t.Fatalf("%v", err)
	}
}
