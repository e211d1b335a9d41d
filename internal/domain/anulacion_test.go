package domain

import (
	"strings"
	"testing"
	"time"
)

func TestCambiosDeEstadoDelPasaje(t *testing.T) {
	cases := []struct {
		cambio CambioEstado
		estado string
		msg    string // "" allowed
	}{
		{Cancelacion, PasajeActivo, ""},
		{Cancelacion, PasajeCancelado, MsgPasajeYaCancelado},
		{Cancelacion, PasajeUsado, MsgPasajeUsadoNoCancela},
		{Reactivacion, PasajeCancelado, ""},
		{Reactivacion, PasajeActivo, MsgPasajeYaActivo},
		{Reactivacion, PasajeUsado, MsgPasajeUsadoNoReactiv},
		{Cancelacion, "extraviado", "El pasaje está extraviado"},
	}
	for _, c := range cases {
		err := c.cambio.Permite(c.estado)
		if c.msg == "" && err != nil {
			t.Errorf("%s desde %s: %v", c.cambio.Hasta, c.estado, err)
		}
		if e, ok := AsError(err); c.msg != "" && (!ok || e.Kind != KindConflict || e.Message != c.msg) {
			t.Errorf("%s desde %s: %v, esperaba %q", c.cambio.Hasta, c.estado, err, c.msg)
		}
	}
	if Cancelacion.Movimiento != MovDevolucionPasaje || EsIngreso(MovDevolucionPasaje) ||
		Reactivacion.Movimiento != MovReactivacionPasaje || !EsIngreso(MovReactivacionPasaje) {
		t.Fatal("la devolución es un egreso y la reactivación un ingreso")
	}
	if d := Cancelacion.Descripcion("LD-1"); d != "Devolución del pasaje LD-1" {
		t.Fatalf("descripción: %q", d)
	}
}

func TestTotalizarNetoDeDevoluciones(t *testing.T) {
	tot, err := Totalizar(1000, []MovimientoAgregado{
		{Tipo: MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 9000},
		{Tipo: MovDevolucionPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 4500},
		{Tipo: MovDevolucionPasaje, MedioPagoID: 2, MedioNombre: "Tarjeta", MedioTipo: TipoTarjeta, Monto: 2000},
		{Tipo: MovReactivacionPasaje, MedioPagoID: 2, MedioNombre: "Tarjeta", MedioTipo: TipoTarjeta, Monto: 2000},
	})
	if err != nil {
		t.Fatal(err)
	}
	if tot.Ingresos != 11000 || tot.Egresos != 6500 || tot.Saldo != 5500 || tot.TotalVentas != 4500 ||
		tot.EfectivoEsperado != 5500 || tot.PorMedio[1].Esperado != 0 {
		t.Fatalf("%+v", tot)
	}
}

func TestMotivoYAlcance(t *testing.T) {
	if m, err := ValidarMotivo("  error de fecha "); err != nil || m != "error de fecha" {
		t.Fatalf("%q %v", m, err)
	}
	if _, err := ValidarMotivo(strings.Repeat("ñ", MaxMotivo)); err != nil {
		t.Fatal(err)
	}
	if _, err := ValidarMotivo(strings.Repeat("ñ", MaxMotivo+1)); err == nil {
		t.Fatal("motivo largo aceptado")
	}
	for rol, todos := range map[string]bool{RolSuperAdmin: true, RolAdmin: true, RolSupervisor: true,
		RolVendedor: false, RolLancha: false, "cajero_personalizado": false} {
		if VeTodosLosPasajes(rol) != todos {
			t.Errorf("%s: VeTodosLosPasajes = %v", rol, !todos)
		}
	}
}

func TestAnulacionPropiaSoloDelVendedorYDentroDelPlazo(t *testing.T) {
	vendido := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	cases := []struct {
		nombre    string
		usuario   int64
		now       time.Time
		permitida bool
	}{
		{"en el momento", 7, vendido, true},
		{"al cumplirse el plazo", 7, vendido.Add(PlazoAnulacionPropia), true},
		{"un segundo tarde", 7, vendido.Add(PlazoAnulacionPropia + time.Second), false},
		{"reloj anterior a la venta", 7, vendido.Add(-time.Second), false},
		{"otro vendedor", 8, vendido.Add(time.Minute), false},
	}
	for _, c := range cases {
		err := AnulacionPropia(c.usuario, 7, vendido, c.now)
		if e, ok := AsError(err); c.permitida != (err == nil) || (err != nil && (!ok || e.Kind != KindForbidden ||
			e.Message != MsgSinPermisos)) {
			t.Errorf("%s: %v", c.nombre, err)
		}
	}
}
