package mercadopago_test

import (
	"fmt"
	"testing"
	"time"
)

// TestBuscarOrdenesQRLeeTodasLasPaginasDelPeriodo: 60 orders (two pages),
// one outside the period; a period longer than Mercado Pago's is refused
// before any call.
func TestBuscarOrdenesQRLeeTodasLasPaginasDelPeriodo(t *testing.T) {
	f, c := conFake(t)
	reloj := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f.Ahora = func() time.Time { return reloj }
	for i := range 61 {
		if i == 60 {
			reloj = reloj.Add(48 * time.Hour)
		}
		if _, err := c.CrearOrden(ctx, venta(fmt.Sprintf("REF%d", i)), fmt.Sprintf("clave-%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	desde := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	ordenes, err := c.BuscarOrdenesQR(ctx, desde, desde.Add(24*time.Hour))
	if err != nil || len(ordenes) != 60 || ordenes[59].Total != 150050 {
		t.Fatalf("%d órdenes, %v", len(ordenes), err)
	}
	if f.Contar("GET /v1/orders") != 2 {
		t.Fatalf("%d páginas", f.Contar("GET /v1/orders"))
	}
	if _, err := c.BuscarOrdenesQR(ctx, desde, desde.Add(31*24*time.Hour)); err == nil || f.Contar("GET /v1/orders") != 2 {
		t.Fatal("un período de 31 días no se rechazó antes de llamar", err)
	}
}
