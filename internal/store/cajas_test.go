package store_test

import (
	"context"
	"reflect"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func TestAbrirCaja(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		wantError(t, func() error { _, err := e.st.AbrirCaja(ctx, e.vendedor, -1, ""); return err }(),
			domain.KindInvalid, domain.MsgMontoNoNegativo)
		if _, ok, err := e.st.CajaAbierta(ctx, e.empresaID, e.vendedor.UsuarioID); ok || err != nil {
			t.Fatalf("sin caja abierta: %v %v", ok, err)
		}
		caja := e.abrir(t, 100050)
		if caja.Estado != domain.CajaAbierta || caja.MontoApertura != 100050 || caja.Saldo != 100050 ||
			caja.EfectivoEsperado != 100050 || caja.UsuarioNombre != "Ana Paz" || caja.NombreUsuario != "ana" ||
			!caja.FechaApertura.Equal(ahora) {
			t.Fatalf("caja = %+v", caja)
		}
		wantError(t, func() error { _, err := e.st.AbrirCaja(ctx, e.vendedor, 0, ""); return err }(),
			domain.KindConflict, domain.MsgCajaYaAbierta)
		abierta, ok, err := e.st.CajaAbierta(ctx, e.empresaID, e.vendedor.UsuarioID)
		if !ok || err != nil || abierta.ID != caja.ID {
			t.Fatalf("caja abierta = %+v %v %v", abierta, ok, err)
		}
		if _, ok, _ := e.st.CajaAbierta(ctx, e.empresaID+1, e.vendedor.UsuarioID); ok {
			t.Fatal("la caja se ve desde otra empresa")
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM auditoria WHERE accion = ? AND ip_address = ?`,
			store.AccionAperturaCaja, "10.0.0.1"); n != 1 {
			t.Fatalf("auditorías de apertura = %d", n)
		}
	})
}

func TestRegistrarMovimiento(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otra := nuevaEmpresa(t, e.st, "Interisleña", "beto")
		mov := func(tipo string, monto domain.Centavos, desc string, medio int64) error {
			_, err := e.st.RegistrarMovimiento(ctx, e.vendedor, store.NuevoMovimiento{Tipo: tipo, Monto: monto,
				Descripcion: desc, MedioPagoID: medio})
			return err
		}
		wantError(t, mov(domain.MovEgresoGasto, 100, "Hielo", 0), domain.KindInvalid, domain.MsgSinCajaAbierta)
		caja := e.abrir(t, 0)
		refusals := []struct {
			name        string
			tipo        string
			monto       domain.Centavos
			descripcion string
			medio       int64
			kind        domain.Kind
			msg         string
		}{
			{"tipo de venta", domain.MovVentaPasaje, 100, "x", 0, domain.KindInvalid, domain.MsgTipoMovimiento},
			{"monto cero", domain.MovIngresoExtra, 0, "x", 0, domain.KindInvalid, domain.MsgMontoMayorQueCero},
			{"monto negativo", domain.MovEgresoGasto, -2500, "x", 0, domain.KindInvalid, domain.MsgMontoMayorQueCero},
			{"monto sobre el máximo", domain.MovIngresoExtra, domain.MontoMaximo + 1, "x", 0, domain.KindInvalid, domain.MsgMontoMaximo},
			{"sin descripción", domain.MovIngresoExtra, 100, "  ", 0, domain.KindInvalid, "La descripción es obligatoria"},
			{"medio de otra empresa", domain.MovIngresoExtra, 100, "x", otra.efectivo, domain.KindNotFound, "Medio de pago no encontrado"},
		}
		for _, tc := range refusals {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, mov(tc.tipo, tc.monto, tc.descripcion, tc.medio), tc.kind, tc.msg)
			})
		}
		m, err := e.st.RegistrarMovimiento(ctx, e.vendedor, store.NuevoMovimiento{Tipo: domain.MovEgresoGasto,
			Monto: 2500, Descripcion: "Combustible", MedioPagoID: e.tarjeta})
		if err != nil || m.Monto != 2500 || m.MedioPagoID == nil || *m.MedioPagoID != e.tarjeta || !m.CreatedAt.Equal(ahora) {
			t.Fatalf("movimiento = %+v, %v", m, err)
		}
		if err := mov(domain.MovIngresoExtra, 1000, "Propina", 0); err != nil {
			t.Fatal(err)
		}
		movs, err := e.st.Movimientos(ctx, e.empresaID, caja.ID)
		if err != nil || len(movs) != 2 || movs[0].Descripcion != "Combustible" || *movs[0].MedioPagoNombre != "Tarjeta" ||
			movs[1].MedioPagoID != nil {
			t.Fatalf("movimientos = %+v, %v", movs, err)
		}
		if ajenos, _ := e.st.Movimientos(ctx, otra.empresaID, caja.ID); len(ajenos) != 0 {
			t.Fatal("los movimientos se ven desde otra empresa")
		}
	})
}

func TestCerrarCaja(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		wantError(t, func() error {
			_, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0, Observaciones: ""})
			return err
		}(),
			domain.KindInvalid, domain.MsgSinCajaAbierta)
		caja := e.abrir(t, 10000)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2)) // 3000,00 in cash
		e.vender(t, e.venta(e.sur, e.tarjeta, hoy, 1))    // 2000,00 by card
		if _, err := e.st.RegistrarMovimiento(ctx, e.vendedor, store.NuevoMovimiento{Tipo: domain.MovEgresoGasto,
			Monto: 500, Descripcion: "Hielo"}); err != nil {
			t.Fatal(err)
		}
		wantError(t, func() error {
			_, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: -1, Observaciones: ""})
			return err
		}(),
			domain.KindInvalid, domain.MsgMontoNoNegativo)
		cierre, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 305000, Observaciones: "Sin novedades"})
		if err != nil {
			t.Fatal(err)
		}
		got := []domain.Centavos{cierre.TotalVentas, cierre.EfectivoEsperado, cierre.MontoCierre, cierre.Diferencia, cierre.MontoFinal}
		if want := []domain.Centavos{500000, 309500, 305000, -4500, 509500}; !reflect.DeepEqual(got, want) {
			t.Fatalf("ventas, esperado, contado, diferencia, final = %v, se esperaba %v", got, want)
		}
		if cierre.Caja.ID != caja.ID || cierre.Caja.Estado != domain.CajaCerrada || *cierre.Caja.Diferencia != -4500 ||
			!cierre.Caja.FechaCierre.Equal(ahora) || len(cierre.Caja.PorMedio) != 2 {
			t.Fatalf("caja cerrada = %+v", cierre.Caja)
		}
		if _, ok, _ := e.st.CajaAbierta(ctx, e.empresaID, e.vendedor.UsuarioID); ok {
			t.Fatal("la caja sigue abierta")
		}
		e.abrir(t, 0)
		if n, err := e.st.CantidadCajas(ctx, e.empresaID); n != 2 || err != nil {
			t.Fatalf("cantidad de cajas = %d, %v", n, err)
		}
	})
}
