package domain

import (
	"testing"
	"time"
)

func TestResumirCajas(t *testing.T) {
	efectivo := MedioPagoRef{ID: 1, Nombre: "Efectivo"}
	contado := Centavos(1_500_000)
	// a closed register: $ 1.000 float, $ 9.000 cash sales, $ 4.500 cash refund, $ 6.000 by card; counted $ 15.000 (short $ 500)
	cerrada, err := CifrasDeCaja(100_000, efectivo, []MovimientoAgregado{
		{Tipo: MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 900_000},
		{Tipo: MovDevolucionPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 450_000},
		{Tipo: MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Débito", MedioTipo: TipoTarjeta, Monto: 600_000},
		{Tipo: MovIngresoExtra, Monto: 1_000_000},
	}, &contado)
	if err != nil {
		t.Fatal(err)
	}
	// an open register (X): $ 4.500 by card
	abierta, err := CifrasDeCaja(0, efectivo, []MovimientoAgregado{
		{Tipo: MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Débito", MedioTipo: TipoTarjeta, Monto: 450_000},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	z := int64(7)
	cierre := time.Date(2026, 10, 13, 21, 0, 0, 0, time.UTC)
	r, err := ResumirCajas([]ReporteCaja{
		{CajaID: 1, NumeroZ: &z, Estado: CajaCerrada, Usuario: UsuarioCaja{Nombre: "Ana Paz"}, FechaCierre: &cierre,
			CifrasReporteCaja: cerrada, Cierre: &CierreZ{AprobadoPor: &UsuarioCaja{Nombre: "Lucía Benítez"}}},
		{CajaID: 2, Estado: CajaAbierta, Usuario: UsuarioCaja{Nombre: "Diego Sosa"}, CifrasReporteCaja: abierta},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.PorMedio) != 2 || r.PorMedio[0].MedioPago != "Efectivo" || r.PorMedio[1].MedioPago != "Débito" {
		t.Fatalf("medios %+v", r.PorMedio)
	}
	ef, deb := r.PorMedio[0], r.PorMedio[1]
	// cash: sold 9.000, collected 9.000 + 10.000 other income − 4.500 refunded; counted 15.000 of 15.500
	if ef.Vendido != 900_000 || ef.Cobrado != 1_450_000 || *ef.Contado != 1_500_000 || *ef.Diferencia != -50_000 {
		t.Fatalf("efectivo %+v", ef)
	}
	// card: both registers' sales; counted as expected on the closed one only
	if deb.Vendido != 1_050_000 || deb.Cobrado != 1_050_000 || *deb.Contado != 600_000 || *deb.Diferencia != 0 {
		t.Fatalf("débito %+v", deb)
	}
	if r.Totales.Vendido != 1_950_000 || r.Totales.Cobrado != 2_500_000 || *r.Totales.Diferencia != -50_000 {
		t.Fatalf("totales %+v", r.Totales)
	}
	if len(r.Cajas) != 2 || *r.Cajas[0].NumeroZ != 7 || *r.Cajas[0].Contado != 1_500_000 || r.Cajas[0].AprobadoPor != "Lucía Benítez" ||
		r.Cajas[1].NumeroZ != nil || r.Cajas[1].Contado != nil || r.Cajas[1].Vendido != 450_000 {
		t.Fatalf("líneas Z %+v", r.Cajas)
	}
	vacio, err := ResumirCajas(nil)
	if err != nil || len(vacio.PorMedio) != 0 || vacio.Totales.Contado != nil {
		t.Fatalf("sin cajas %+v %v", vacio, err)
	}
}
