package domain

import (
	"reflect"
	"testing"
	"time"
)

func TestConciliarListaPagosSinVentaYVentasSinPago(t *testing.T) {
	desde := time.Date(2026, 11, 20, 3, 0, 0, 0, time.UTC)
	hasta := desde.Add(24 * time.Hour)
	mp := []OrdenConciliada{
		{"ORD1", "processed"}, // sold
		{"ORD2", "processed"}, // paid, its refund under way
		{"ORD3", "processed"}, // paid at Mercado Pago, no sale: a payment Muelle never learned
		{"ORD4", "expired"},   // never paid
		{"ORD5", "refunded"},  // sold, then every ticket refunded
		{"ORD9", "processed"}, // paid outside Muelle
	}
	propios := []PagoConciliado{
		{"ORD1", PagoPagado, desde.Add(time.Hour)},
		{"ORD2", PagoReembolsando, desde.Add(time.Hour)},
		{"ORD3", "cerrado", desde.Add(time.Hour)},
		{"ORD4", "cerrado", desde.Add(time.Hour)},
		{"ORD5", PagoPagado, desde.Add(time.Hour)},
		{"ORD6", PagoPagado, desde.Add(2 * time.Hour)}, // sold, but Mercado Pago has no such paid order
		{"ORD7", PagoPagado, desde.Add(-time.Minute)},  // before the period: another day's
	}
	c := Conciliar(mp, propios, desde, hasta)
	want := Conciliacion{PagosSinVenta: []string{"ORD3", "ORD9"}, VentasSinPago: []string{"ORD6"}}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("%+v", c)
	}
	zona := Location("America/Argentina/Buenos_Aires")
	if got := MensajeConciliacion(c, desde, hasta, zona); got != "Del 20/11/2026 00:00 al 21/11/2026 00:00: 2 pagos sin venta "+
		"(ORD3, ORD9); 1 venta sin pago (ORD6). Revíselos en su cuenta de Mercado Pago" {
		t.Fatal(got)
	}
	if !Conciliar(mp[:2], propios[:2], desde, hasta).Vacia() {
		t.Fatal("lo conciliado no está vacío")
	}
}
