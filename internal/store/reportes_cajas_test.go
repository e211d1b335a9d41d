package store_test

import (
	"context"
	"fmt"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// cajaDelReporte runs the register of the report's tests: opened with 100,00;
// two cash tickets (3000,00) and one card ticket (2000,00) sold; one cash
// ticket cancelled (refund 1500,00); the card ticket cancelled and reactivated
// (refund and charge 2000,00); a manual income of 10,00 and an expense of
// 5,00 without a method (cash). Cash expected 1605,00, card 2000,00.
func cajaDelReporte(t *testing.T, e *empresaDePrueba) store.Caja {
	t.Helper()
	ctx := context.Background()
	caja := e.abrir(t, 10000)
	efectivo := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
	tarjeta := e.vender(t, e.venta(e.sur, e.tarjeta, hoy, 1))
	if _, err := e.st.CancelarPasaje(ctx, e.vendedor, efectivo[0].ID, store.Anulacion{}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.CancelarPasaje(ctx, e.vendedor, tarjeta[0].ID, store.Anulacion{}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.ReactivarPasaje(ctx, e.vendedor, tarjeta[0].ID, store.Anulacion{}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []store.NuevoMovimiento{{Tipo: domain.MovIngresoExtra, Monto: 1000, Descripcion: "Cambio"},
		{Tipo: domain.MovEgresoGasto, Monto: 500, Descripcion: "Hielo"}} {
		if _, err := e.st.RegistrarMovimiento(ctx, e.vendedor, m); err != nil {
			t.Fatal(err)
		}
	}
	return caja
}

func TestReporteZIgualALosMovimientos(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		caja := cajaDelReporte(t, e)

		x, err := e.st.ReporteCaja(ctx, e.empresaID, caja.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantX := `{"por_medio_pago":[` +
			`{"medio_pago_id":%d,"medio_pago":"Efectivo","apertura":100.00,"ventas":3000.00,"devoluciones":1500.00,"otros_ingresos":10.00,"egresos":5.00,"esperado":1605.00,"contado":null,"diferencia":null},` +
			`{"medio_pago_id":%d,"medio_pago":"Tarjeta","apertura":0.00,"ventas":2000.00,"devoluciones":2000.00,"otros_ingresos":2000.00,"egresos":0.00,"esperado":2000.00,"contado":null,"diferencia":null}],` +
			`"totales":{"apertura":100.00,"ventas":5000.00,"devoluciones":3500.00,"otros_ingresos":2010.00,"egresos":5.00,"esperado":3605.00,"contado":null,"diferencia":null},` +
			`"faltante":false}`
		if got := jsonOf(t, x.CifrasReporteCaja); got != sprintf(wantX, e.efectivo, e.tarjeta) {
			t.Fatalf("X =\n%s", got)
		}
		if x.NumeroZ != nil || x.Estado != domain.CajaAbierta || x.FechaCierre != nil ||
			x.Usuario != (domain.UsuarioCaja{ID: e.vendedor.UsuarioID, NombreUsuario: "ana", Nombre: "Ana Paz"}) {
			t.Fatalf("X = %+v", x)
		}

		cierre, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 160000, Observaciones: ""}) // 5,00 short
		if err != nil {
			t.Fatal(err)
		}
		z, err := e.st.ReporteCaja(ctx, e.empresaID, caja.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantZ := `{"por_medio_pago":[` +
			`{"medio_pago_id":%d,"medio_pago":"Efectivo","apertura":100.00,"ventas":3000.00,"devoluciones":1500.00,"otros_ingresos":10.00,"egresos":5.00,"esperado":1605.00,"contado":1600.00,"diferencia":-5.00},` +
			`{"medio_pago_id":%d,"medio_pago":"Tarjeta","apertura":0.00,"ventas":2000.00,"devoluciones":2000.00,"otros_ingresos":2000.00,"egresos":0.00,"esperado":2000.00,"contado":2000.00,"diferencia":0.00}],` +
			`"totales":{"apertura":100.00,"ventas":5000.00,"devoluciones":3500.00,"otros_ingresos":2010.00,"egresos":5.00,"esperado":3605.00,"contado":3600.00,"diferencia":-5.00},` +
			`"faltante":true}`
		if got := jsonOf(t, z.CifrasReporteCaja); got != sprintf(wantZ, e.efectivo, e.tarjeta) {
			t.Fatalf("Z =\n%s", got)
		}
		// The Z agrees with the close it was written by.
		if z.NumeroZ == nil || *z.NumeroZ != 1 || z.Estado != domain.CajaCerrada || z.FechaCierre == nil ||
			!z.FechaCierre.Equal(ahora) || !z.FechaApertura.Equal(ahora) ||
			z.PorMedioPago[0].Esperado != cierre.EfectivoEsperado || *z.Totales.Diferencia != cierre.Diferencia ||
			z.Totales.Esperado != cierre.MontoFinal {
			t.Fatalf("Z = %+v, cierre = %+v", z, cierre)
		}

		// A movement added afterwards (it cannot be, but were it) does not change the stored Z.
		q := `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto, descripcion, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`
		if _, err := e.st.DB().ExecContext(ctx, e.st.Rebind(q), e.empresaID, caja.ID, e.vendedor.UsuarioID,
			domain.MovIngresoExtra, 99900, "Tardío", ahora); err != nil {
			t.Fatal(err)
		}
		if again, err := e.st.ReporteCaja(ctx, e.empresaID, caja.ID); err != nil || jsonOf(t, again) != jsonOf(t, z) {
			t.Fatalf("el Z cambió:\n%s\n%s (%v)", jsonOf(t, again), jsonOf(t, z), err)
		}
	})
}

// sprintf formats the ids of the payment methods into a wanted JSON.
func sprintf(format string, ids ...int64) string {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return fmt.Sprintf(format, args...)
}

func TestReporteZNumeradoPorEmpresa(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otra := empresaConVendedor(t, e.st, "Otra Empresa", "beto")
		otraCaja, err := e.st.AbrirCaja(ctx, otra.vendedor, 100, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.st.ReporteCaja(ctx, e.empresaID, otraCaja.ID); !esNoEncontrada(err) {
			t.Fatalf("la caja de otra empresa: %v", err)
		}
		var ids []int64
		for range 3 {
			ids = append(ids, e.abrir(t, 0).ID)
			if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0, Observaciones: ""}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.st.CerrarCaja(ctx, otra.vendedor, store.Contado{Efectivo: 100, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		for i, id := range ids {
			z, err := e.st.ReporteCaja(ctx, e.empresaID, id)
			if err != nil || z.NumeroZ == nil || *z.NumeroZ != int64(i+1) {
				t.Fatalf("Z de la caja %d = %+v, %v", i, z.NumeroZ, err)
			}
		}
		if z, err := otra.st.ReporteCaja(ctx, otra.empresaID, otraCaja.ID); err != nil || *z.NumeroZ != 1 ||
			z.Faltante || *z.Totales.Diferencia != 0 {
			t.Fatalf("Z de la otra empresa = %+v, %v", z, err)
		}

		// A register closed before Z reports existed: computed, with no number.
		if _, err := e.st.DB().ExecContext(ctx, e.st.Rebind(`DELETE FROM reportes_z WHERE caja_id = ?`), ids[0]); err != nil {
			t.Fatal(err)
		}
		z, err := e.st.ReporteCaja(ctx, e.empresaID, ids[0])
		if err != nil || z.NumeroZ != nil || z.Estado != domain.CajaCerrada || z.Totales.Contado == nil ||
			*z.Totales.Contado != 0 || *z.Totales.Diferencia != 0 {
			t.Fatalf("sin Z = %+v, %v", z, err)
		}
	})
}

func esNoEncontrada(err error) bool {
	e, ok := domain.AsError(err)
	return ok && e.Kind == domain.KindNotFound && e.Message == domain.MsgCajaNoEncontrada
}

func TestListadoYEstadisticasDelReporteDeCajas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		cerrada := cajaDelReporte(t, e)
		if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 160000, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		abierta := e.abrir(t, 20000)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1)) // 1500,00 cash
		e.vender(t, e.venta(e.norte, e.tarjeta, hoy, 1))  // by card: not cash
		otra := empresaConVendedor(t, e.st, "Otra Empresa", "beto")
		if _, err := e.st.AbrirCaja(ctx, otra.vendedor, 100, ""); err != nil {
			t.Fatal(err)
		}

		loc := domain.Location("America/Argentina/Buenos_Aires")
		desde, hasta := domain.Periodo{Desde: hoy, Hasta: hoy}.Limites(loc)
		f := store.FiltroReporteCajas{Desde: desde, Hasta: hasta}
		est, err := e.st.EstadisticasReporteCajas(ctx, e.empresaID, f)
		if err != nil {
			t.Fatal(err)
		}
		// cash: 1600,00 counted + 200,00 + 1500,00 expected; movements: 7 + 2.
		if want := (store.EstadisticasCajas{Abiertas: 1, Cerradas: 1, TotalEfectivo: 330000, TotalMovimientos: 9}); est != want {
			t.Fatalf("estadísticas = %+v, se esperaba %+v", est, want)
		}
		filas, total, err := e.st.ReporteCajas(ctx, e.empresaID, f, store.Pagina{Limite: 1})
		if err != nil || total != 2 || len(filas) != 1 || filas[0].ID != abierta.ID || filas[0].NumeroZ != nil ||
			filas[0].MontoCierre != nil || filas[0].FechaCierre != nil {
			t.Fatalf("página 1 = %+v, total %d, %v", filas, total, err)
		}
		filas, _, err = e.st.ReporteCajas(ctx, e.empresaID, f, store.Pagina{Desplazamiento: 1, Limite: 1})
		if err != nil || len(filas) != 1 || filas[0].ID != cerrada.ID || filas[0].NumeroZ == nil || *filas[0].NumeroZ != 1 ||
			*filas[0].MontoCierre != 160000 || *filas[0].Diferencia != -500 || filas[0].Usuario.Nombre != "Ana Paz" {
			t.Fatalf("página 2 = %+v, %v", filas, err)
		}
		var recorridas []int64
		err = e.st.RecorrerReporteCajas(ctx, e.empresaID, f, 0, func(k store.FilaReporteCajas) error {
			recorridas = append(recorridas, k.ID)
			return nil
		})
		if err != nil || len(recorridas) != 2 || recorridas[0] != abierta.ID {
			t.Fatalf("recorridas = %v, %v", recorridas, err)
		}
		ayer, _ := domain.Periodo{Desde: "2026-11-19", Hasta: "2026-11-19"}.Limites(loc)
		if _, n, _ := e.st.ReporteCajas(ctx, e.empresaID, store.FiltroReporteCajas{Desde: ayer, Hasta: desde},
			store.Pagina{}); n != 0 {
			t.Fatalf("ayer: %d cajas", n)
		}
	})
}
