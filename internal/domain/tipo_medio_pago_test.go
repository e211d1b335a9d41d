package domain

import (
	"reflect"
	"strings"
	"testing"
)

// The name rule gives the kind today's name behaved as: the drawer's
// "efectivo" first, whatever else the name says; a 'Mercado Pago' checked on
// the phone stays a manual method.
func TestTipoMedioPagoPorNombre(t *testing.T) {
	for nombre, want := range map[string]string{
		"Efectivo": TipoEfectivo, "EFECTIVO USD": TipoEfectivo, "Tarjeta o efectivo": TipoEfectivo,
		"Débito": TipoTarjeta, "DÉBITO": TipoTarjeta, "debito": TipoTarjeta, "Crédito 3 cuotas": TipoTarjeta,
		"credito": TipoTarjeta, "Tarjeta": TipoTarjeta, "Transferencia": TipoTransferencia,
		"Mercado Pago": TipoOtro, "Cash": TipoOtro, "Vale": TipoOtro,
	} {
		if got := TipoMedioPagoPorNombre(nombre); got != want {
			t.Errorf("%s: %s, se esperaba %s", nombre, got, want)
		}
	}
}

// A payment method's kind is checked against the closed list when given and
// kept absent otherwise; other catalogs carry none.
func TestNormalizarTipoDeMedioPago(t *testing.T) {
	tipo := func(s string) *string { return &s }
	it, err := CatMediosPago.Normalizar(ItemCatalogo{Nombre: "Posnet", Tipo: tipo(" tarjeta ")})
	if err != nil || it.Tipo == nil || *it.Tipo != TipoTarjeta {
		t.Fatalf("%+v %v", it, err)
	}
	if it, err := CatMediosPago.Normalizar(ItemCatalogo{Nombre: "Posnet"}); err != nil || it.Tipo != nil {
		t.Fatalf("sin tipo: %+v %v", it, err)
	}
	for _, malo := range []string{"", "puntos", "Efectivo", "qr_mercadopago"} {
		if _, err := CatMediosPago.Normalizar(ItemCatalogo{Nombre: "X", Tipo: tipo(malo)}); mensaje(err) != MsgTipoMedioPago {
			t.Errorf("%q: %v", malo, err)
		}
	}
	if it, err := CatTiposViaje.Normalizar(ItemCatalogo{Nombre: "General", Tipo: tipo("puntos")}); err != nil || it.Tipo != nil {
		t.Fatalf("tipo de viaje: %+v %v", it, err)
	}
	if len(TiposMedioPago) != 5 || TiposMedioPago[1] != (TipoMedioPago{TipoTarjeta, "Tarjeta (débito o crédito)"}) {
		t.Fatalf("%v", TiposMedioPago)
	}
}

// The catalogue's schema lists exactly the kinds of TiposMedioPago.
func TestElEsquemaListaLosTiposDeMedioPago(t *testing.T) {
	f, _ := reflect.TypeFor[ItemCatalogo]().FieldByName("Tipo")
	var tipos []string
	for _, tm := range TiposMedioPago {
		tipos = append(tipos, tm.Tipo)
	}
	if got := f.Tag.Get("enum"); got != strings.Join(tipos, ",") {
		t.Fatalf("enum %q", got)
	}
}
