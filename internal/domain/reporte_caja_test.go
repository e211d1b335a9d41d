package domain

import (
	"encoding/json"
	"testing"
)

// movsDePrueba: cash and card sales, a card refund, a reactivation charge in
// cash, a manual income without a method and an expense in cash.
var movsDePrueba = []MovimientoAgregado{
	{Tipo: MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 300000},
	{Tipo: MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Tarjeta", MedioTipo: TipoTarjeta, Monto: 200000},
	{Tipo: MovDevolucionPasaje, MedioPagoID: 2, MedioNombre: "Tarjeta", MedioTipo: TipoTarjeta, Monto: 50000},
	{Tipo: MovReactivacionPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 75000},
	{Tipo: MovIngresoExtra, Monto: 1050},
	{Tipo: MovEgresoGasto, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 12345},
}

func TestCifrasDeCajaAbierta(t *testing.T) {
	got, err := CifrasDeCaja(10000, MedioPagoRef{ID: 1, Nombre: "Efectivo"}, movsDePrueba, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"por_medio_pago":[` +
		`{"medio_pago_id":1,"medio_pago":"Efectivo","apertura":100.00,"ventas":3000.00,"devoluciones":0.00,"otros_ingresos":760.50,"egresos":123.45,"esperado":3737.05,"contado":null,"diferencia":null},` +
		`{"medio_pago_id":2,"medio_pago":"Tarjeta","apertura":0.00,"ventas":2000.00,"devoluciones":500.00,"otros_ingresos":0.00,"egresos":0.00,"esperado":1500.00,"contado":null,"diferencia":null}],` +
		`"totales":{"apertura":100.00,"ventas":5000.00,"devoluciones":500.00,"otros_ingresos":760.50,"egresos":123.45,"esperado":5237.05,"contado":null,"diferencia":null},` +
		`"faltante":false}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Fatalf("cifras =\n%s\nse esperaba\n%s", b, want)
	}
	// The cash line is the cash the close expects (Totalizar).
	tot, _ := Totalizar(10000, movsDePrueba)
	if got.PorMedioPago[0].Esperado != tot.EfectivoEsperado || got.Totales.Esperado != tot.Saldo {
		t.Fatalf("esperado %v / %v, Totalizar %v / %v", got.PorMedioPago[0].Esperado, got.Totales.Esperado,
			tot.EfectivoEsperado, tot.Saldo)
	}
}

func TestCifrasDeCajaCerradaConFaltante(t *testing.T) {
	contado := Centavos(370000) // 37,05 short
	got, err := CifrasDeCaja(10000, MedioPagoRef{ID: 1, Nombre: "Efectivo"}, movsDePrueba, &contado)
	if err != nil {
		t.Fatal(err)
	}
	ef, tj, tot := got.PorMedioPago[0], got.PorMedioPago[1], got.Totales
	if *ef.Contado != 370000 || *ef.Diferencia != -3705 || *tj.Contado != 150000 || *tj.Diferencia != 0 {
		t.Fatalf("líneas = %+v %+v", ef.CifrasLineaCaja, tj.CifrasLineaCaja)
	}
	if *tot.Contado != 520000 || *tot.Diferencia != -3705 || !got.Faltante {
		t.Fatalf("totales = %+v, faltante %v", tot, got.Faltante)
	}
	sobra := Centavos(373705)
	if got, _ := CifrasDeCaja(10000, MedioPagoRef{ID: 1, Nombre: "Efectivo"}, movsDePrueba, &sobra); got.Faltante ||
		*got.Totales.Diferencia != 0 {
		t.Fatalf("cuadrada: %+v", got.Totales)
	}
}

func TestCifrasDeCajaSinMovimientosNiMedioEfectivo(t *testing.T) {
	got, err := CifrasDeCaja(5000, MedioPagoRef{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.PorMedioPago) != 1 || got.PorMedioPago[0].MedioPago != MedioEfectivoPorDefecto ||
		got.PorMedioPago[0].MedioPagoID != 0 || got.Totales.Esperado != 5000 {
		t.Fatalf("cifras = %+v", got)
	}
}

func TestCifrasDeCajaRechazaLoQuePasaElMaximo(t *testing.T) {
	movs := []MovimientoAgregado{{Tipo: MovIngresoExtra, Monto: MontoMaximo}}
	_, err := CifrasDeCaja(1, MedioPagoRef{}, movs, nil)
	if e, ok := AsError(err); !ok || e.Message != MsgTotalMaximo {
		t.Fatalf("err = %v", err)
	}
}

func TestLineasDenominacion(t *testing.T) {
	lineas, total, err := LineasDenominacion([]ConteoDenominacion{{"m2", 3}, {"b1000", 1}, {"m10", 2}, {"b500", 0}})
	if err != nil || total != 102_600 || len(lineas) != 3 {
		t.Fatalf("%+v %s %v", lineas, total, err)
	}
	// largest first, whatever order they were typed in; uncounted ones left out
	want := []LineaDenominacion{{"b1000", "billete", 100_000, 1, 100_000}, {"m10", "moneda", 1_000, 2, 2_000}, {"m2", "moneda", 200, 3, 600}}
	for i := range want {
		if lineas[i] != want[i] {
			t.Fatalf("línea %d: %+v", i, lineas[i])
		}
	}
	if _, _, err := LineasDenominacion([]ConteoDenominacion{{"b3", 1}}); err == nil {
		t.Fatal("acepta una denominación desconocida")
	}
	if got := EtiquetaDenominacion("billete", 100_000); got != "Billetes de $ 1.000" {
		t.Fatal(got)
	}
	if got := EtiquetaDenominacion("moneda", 200); got != "Monedas de $ 2" {
		t.Fatal(got)
	}
}
