package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestCentavosJSON(t *testing.T) {
	for in, want := range map[string]Centavos{"1500": 150000, "1500.5": 150050, "1500.50": 150050, "0.01": 1,
		`"12.3"`: 1230, "-3.25": -325, "0": 0,
		"100000000": 10_000_000_000, `"\u0031"`: 100} {
		var c Centavos
		if err := json.Unmarshal([]byte(in), &c); err != nil || c != want {
			t.Errorf("%s → %d (%v), esperaba %d", in, c, err, want)
		}
	}
	for _, bad := range []string{"1.234", "abc", `""`, "1e3", ".5", "5.", "1,5", "true", "100000000.01", "-100000000.01",
		"99999999999999999999", `" 1"`} {
		var c Centavos
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("%s aceptado como %d", bad, c)
		}
	}
	out, _ := json.Marshal(struct{ A, B, C Centavos }{150050, 5, -325})
	if string(out) != `{"A":1500.50,"B":0.05,"C":-3.25}` {
		t.Fatalf("marshal: %s", out)
	}
	if s := Centavos(123450).String(); s != "$ 1.234,50" {
		t.Fatalf("String: %q", s)
	}
	if s := Centavos(-100000050).String(); s != "-$ 1.000.000,50" {
		t.Fatalf("String: %q", s)
	}
}

func TestSaldoYDiferencia(t *testing.T) {
	if s, err := Saldo(1000000, 250000, 50000); s != 1200000 || err != nil {
		t.Fatal("saldo = apertura + ingresos − egresos")
	}
	if Diferencia(990000, 1000000) != -10000 || Diferencia(1000000, 1000000) != 0 {
		t.Fatal("diferencia = contado − esperado")
	}
}

func TestTotalizarSeparaEfectivoDeOtrosMedios(t *testing.T) {
	movs := []MovimientoAgregado{
		{Tipo: MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: TipoEfectivo, Monto: 900000},
		{Tipo: MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Débito", MedioTipo: TipoTarjeta, Monto: 450000},
		{Tipo: MovIngresoExtra, Monto: 10000}, // no method: cash
		{Tipo: MovEgresoGasto, Monto: 350000}, // no method: cash
		{Tipo: MovEgresoGasto, MedioPagoID: 2, MedioNombre: "Débito", MedioTipo: TipoTarjeta, Monto: 50000}, // refund by card
	}
	got, err := Totalizar(1000000, movs)
	if err != nil || got.Ingresos != 1360000 || got.Egresos != 400000 || got.Saldo != 1960000 || got.TotalVentas != 1350000 {
		t.Fatalf("totales: %+v", got)
	}
	// apertura 10.000 + efectivo 9.000 + extra 100 − gasto 3.500
	if got.EfectivoEsperado != 1560000 {
		t.Fatalf("efectivo esperado %d", got.EfectivoEsperado)
	}
	if len(got.PorMedio) != 2 || got.PorMedio[0].Esperado != 900000 || !got.PorMedio[0].Efectivo ||
		got.PorMedio[1].Esperado != 400000 || got.PorMedio[1].Efectivo {
		t.Fatalf("por medio: %+v", got.PorMedio)
	}
}

// The drawer follows the method's tipo, never its name: a 'Cash' of tipo
// efectivo counts in it, an 'Efectivo viejo' set as otro does not, in the
// register's figures and in its report's cash line.
func TestElCajonSigueElTipoDelMedioNoSuNombre(t *testing.T) {
	movs := []MovimientoAgregado{
		{Tipo: MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Cash", MedioTipo: TipoEfectivo, Monto: 1000},
		{Tipo: MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Efectivo viejo", MedioTipo: TipoOtro, Monto: 300},
	}
	got, err := Totalizar(500, movs)
	if err != nil || got.EfectivoEsperado != 1500 || !got.PorMedio[0].Efectivo || got.PorMedio[1].Efectivo {
		t.Fatalf("totales: %+v %v", got, err)
	}
	cifras, err := CifrasDeCaja(500, MedioPagoRef{ID: 1, Nombre: "Cash"}, movs, nil)
	if err != nil || len(cifras.PorMedioPago) != 2 || cifras.PorMedioPago[0].Ventas != 1000 ||
		cifras.PorMedioPago[1].MedioPago != "Efectivo viejo" || cifras.PorMedioPago[1].Ventas != 300 {
		t.Fatalf("cifras: %+v %v", cifras, err)
	}
}

func TestEsIngreso(t *testing.T) {
	for _, tipo := range []string{"ingreso", "ingreso_extra", "venta_pasaje", "venta", "apertura"} {
		if !EsIngreso(tipo) {
			t.Errorf("%s debería ser ingreso", tipo)
		}
	}
	for _, tipo := range []string{"egreso_gasto", "egreso", "otro"} {
		if EsIngreso(tipo) {
			t.Errorf("%s debería ser egreso", tipo)
		}
	}
}

func TestValidarVentaEnElOrdenDeLaEspecificacion(t *testing.T) {
	ok := []LineaVenta{{TipoViajeID: 1, Cantidad: 2}}
	cases := []struct {
		seccion, medio int64
		fecha          string
		lineas         []LineaVenta
		want           string
	}{
		{0, 0, "", nil, MsgSeccion},
		{1, 0, "", nil, MsgAlMenosUnPasajero},
		{1, 0, "", ok, MsgMedioPago},
		{1, 1, "", ok, MsgFechaViaje},
		{1, 1, "2026-11-21", ok, MsgFechaPasada},
		{1, 1, "22/11/2026", ok, "La fecha de viaje debe tener el formato AAAA-MM-DD"},
		{1, 1, "2026-11-22", []LineaVenta{{TipoViajeID: 1, Cantidad: 51}}, MsgCantidadPorTipo},
		{1, 1, "2026-11-22", []LineaVenta{{TipoViajeID: 1, Cantidad: 0}}, MsgCantidadPorTipo},
		{1, 1, "2026-11-22", ok, ""},
		{1, 1, "2026-12-01", []LineaVenta{{TipoViajeID: 1, Cantidad: 50}, {TipoViajeID: 2, Cantidad: 1}}, ""},
		// the 50 per type is the sum of the lines of that type
		{1, 1, "2026-11-22", []LineaVenta{{TipoViajeID: 1, Cantidad: 50}, {TipoViajeID: 1, Cantidad: 50},
			{TipoViajeID: 1, Cantidad: 50}}, MsgCantidadPorTipo},
		{1, 1, "2026-11-22", []LineaVenta{{TipoViajeID: 1, Cantidad: 30}, {TipoViajeID: 1, Cantidad: 21}}, MsgCantidadPorTipo},
		{1, 1, "2026-11-22", []LineaVenta{{TipoViajeID: 1, Cantidad: 30}, {TipoViajeID: 1, Cantidad: 20}}, ""},
		{1, 1, "2026-11-22", lineasDe(MaxLineasPorVenta+1, 1), MsgLineasPorVenta},
		{1, 1, "2026-11-22", lineasDe(5, 41), MsgPasajesPorVenta},
		{1, 1, "2026-11-22", lineasDe(4, 50), ""},
		// the travel date lies within the company's selling range
		{1, 1, "2027-11-22", ok, ""},
		{1, 1, "2027-11-23", ok, "La fecha de viaje no puede ser posterior al 22/11/2027"},
	}
	for i, c := range cases {
		err := ValidarVenta(c.seccion, c.medio, c.fecha, PlazoVenta("2026-11-22", 365), c.lineas)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("caso %d: %q, esperaba %q", i, got, c.want)
		}
	}
}

func TestNumeroYPrefijo(t *testing.T) {
	if p := PrefijoEmpresa("Lanchas del Delta"); p != "LD" {
		t.Errorf("prefijo %q", p)
	}
	if p := PrefijoEmpresa("Interisleña Demo"); p != "ID" {
		t.Errorf("prefijo %q", p)
	}
	if n := NumeroPasaje("LD", "2026-11-22", 42); n != "LD-20261122-000042" {
		t.Errorf("número %q", n)
	}
	if NombreCliente("  ") != "Cliente Anónimo" || NombreCliente(" Ana ") != "Ana" {
		t.Error("cliente por defecto")
	}
}

func TestNombreDadoNoCuentaElNombrePorDefecto(t *testing.T) {
	for nombre, want := range map[string]string{"": "", "  ": "", " Ana Paz ": "Ana Paz", "Cliente Anónimo": "",
		" cliente anonimo ": "", "CLIENTE ANÓNIMO": "", "Cliente Anónimo Pérez": "Cliente Anónimo Pérez"} {
		if got := NombreDado(nombre); got != want {
			t.Errorf("NombreDado(%q) = %q, quiero %q", nombre, got, want)
		}
	}
}

func TestCodigoQRFirmadoYVerificable(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	otherPub, _, _ := ed25519.GenerateKey(rand.Reader)
	code, err := FirmarCodigoQR(priv, 7, "LD-20261122-000001", "2026-11-22")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := FirmarCodigoQR(priv, 7, "LD-20261122-000001", "2026-11-22")
	if code == again {
		t.Fatal("dos códigos del mismo pasaje deben diferir (parte aleatoria)")
	}
	c, err := VerificarCodigoQR(pub, code)
	if err != nil || c.EmpresaID != 7 || c.NumeroPasaje != "LD-20261122-000001" || c.FechaViaje != "2026-11-22" {
		t.Fatalf("verificar: %+v %v", c, err)
	}
	if _, err := VerificarCodigoQR(otherPub, code); err == nil {
		t.Fatal("aceptó la firma con la clave de otra empresa")
	}
	parts := strings.Split(code, ".")
	forged, _ := json.Marshal(CodigoQR{EmpresaID: 7, NumeroPasaje: "LD-20261122-000002", FechaViaje: "2026-11-22", Nonce: c.Nonce})
	parts[1] = b64.EncodeToString(forged)
	for _, bad := range []string{strings.Join(parts, "."), "MUELLE1.abc.def", "LD-20261122-000001", ""} {
		if _, err := VerificarCodigoQR(pub, bad); err == nil {
			t.Errorf("aceptó %q", bad)
		}
	}
}

func TestDiaDeEnLaZonaDeLaEmpresa(t *testing.T) {
	loc := Location("America/Argentina/Buenos_Aires")
	// 01:30 UTC on the 23rd is 22:30 of the 22nd in Buenos Aires (UTC−3)
	d := DiaDe(time.Date(2026, 11, 23, 1, 30, 0, 0, time.UTC), loc)
	if d.Fecha != "2026-11-22" || !d.Desde.Equal(time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)) ||
		!d.Hasta.Equal(time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)) {
		t.Fatalf("día: %+v", d)
	}
	if Location("no/existe") == nil {
		t.Fatal("zona inválida debe caer en la de Buenos Aires")
	}
}

// lineasDe is n lines of distinct passenger types, cantidad tickets each.
func lineasDe(n, cantidad int) []LineaVenta {
	out := make([]LineaVenta, n)
	for i := range out {
		out[i] = LineaVenta{TipoViajeID: int64(i + 1), Cantidad: cantidad}
	}
	return out
}

func TestVentaGrandePideConfirmacion(t *testing.T) {
	v := VentaGrandePorDefecto
	casos := []struct {
		pasajes int
		total   Centavos
		pide    bool
	}{
		{10, 100_000_00, false},
		{11, 1_000_00, true},
		{1, 100_000_01, true},
		{3, 13_500_00, false},
	}
	for _, c := range casos {
		if got := v.PideConfirmacion(c.pasajes, c.total); got != c.pide {
			t.Errorf("PideConfirmacion(%d, %d) = %v, quería %v", c.pasajes, c.total, got, c.pide)
		}
	}
}

func TestCantidadPasajes(t *testing.T) {
	for n, want := range map[int]string{0: "0 pasajes", 1: "1 pasaje", 2: "2 pasajes", 20: "20 pasajes"} {
		if got := CantidadPasajes(n); got != want {
			t.Errorf("CantidadPasajes(%d) = %q, want %q", n, got, want)
		}
	}
}
