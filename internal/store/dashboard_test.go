package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// Each company counts today's tickets on its own business day: at 15:30 UTC it is
// still the 20th in Buenos Aires but already the 21st in Tokyo, so a sale made at
// 14:30 UTC is today's for the first and yesterday's for the second.
func TestEmpresasResumenCountsEachCompanyOnItsOwnDay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		delta, tokio := deltaYTokio(t, st)
		venta := ahora.Add(-30 * time.Minute)
		st.Now = func() time.Time { return venta }
		for _, e := range []*empresaDePrueba{delta, tokio} {
			e.abrir(t, 0)
			e.vender(t, e.venta(e.norte, e.efectivo, manana, 2))
		}
		st.Now = func() time.Time { return ahora.Add(30 * time.Minute) }

		empresas, err := st.EmpresasResumen(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			nombre          string
			pasajes         int64
			ingresos        domain.Centavos
			usuarios, cajas int64
		}{
			{"Lanchas del Delta", 2, 300000, 1, 1},
			{"Lanchas de Tokio", 0, 0, 1, 1},
		}
		if len(empresas) != len(tests) {
			t.Fatalf("empresas: %+v", empresas)
		}
		for i, tt := range tests {
			e := empresas[i]
			if e.Nombre != tt.nombre || e.PasajesHoy != tt.pasajes || e.IngresosHoy != tt.ingresos ||
				e.UsuariosActivos != tt.usuarios || e.CajasAbiertas != tt.cajas || e.CajasLargas != 0 ||
				e.UltimaVenta == nil || !e.UltimaVenta.Equal(venta) {
				t.Errorf("%s: %+v", tt.nombre, e)
			}
		}
	})
}

// The ranking and the seller monitoring read one company only, and a cancelled
// ticket counts for nobody.
func TestDashboardFiguresOfOneCompany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		delta := nuevaEmpresa(t, st, "Lanchas del Delta", "ana")
		otra := nuevaEmpresa(t, st, "Otra Empresa", "beto")
		for _, e := range []*empresaDePrueba{delta, otra} {
			e.abrir(t, 0)
			e.vender(t, e.venta(e.sur, e.efectivo, hoy, 3))
		}
		ps := delta.vender(t, delta.venta(delta.norte, delta.efectivo, hoy, 1))
		if _, err := st.CancelarPasaje(ctx, delta.vendedor, ps[0].ID, store.Anulacion{Motivo: "Error de carga"}, false); err != nil {
			t.Fatal(err)
		}
		dia, err := st.Hoy(ctx, delta.empresaID)
		if err != nil {
			t.Fatal(err)
		}
		admin, err := st.EstadisticasDeAdmin(ctx, delta.empresaID, dia)
		if err != nil {
			t.Fatal(err)
		}
		if admin.PasajesHoy != 3 || admin.IngresosHoy != 600000 || admin.CajasAbiertas != 1 || admin.TotalClientes != 1 ||
			len(admin.Ranking) != 1 || admin.Ranking[0].TotalPasajes != 3 || admin.Ranking[0].Vendedor != "Ana Paz" {
			t.Fatalf("admin: %+v", admin)
		}
		m, err := st.VendedoresSupervisados(ctx, delta.empresaID, dia)
		if err != nil {
			t.Fatal(err)
		}
		want := store.TotalesVendedores{Vendedores: 1, Activos: 1, Inactivos: 0, Ventas: 3, Ingresos: 600000}
		if m.Totales != want || len(m.Vendedores) != 1 || m.Vendedores[0].CajaID == nil || m.Vendedores[0].VentasHoy != 3 {
			t.Fatalf("monitoreo: %+v", m)
		}
	})
}

// A sale at 23:30 in Buenos Aires (02:30 UTC of the next day) counts on its own
// business day, and one at 00:30 on the next, in every dashboard and in the
// ticket list's totals.
func TestVentaDeLas2330CuentaEnSuDia(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := nuevaEmpresa(t, st, "Lanchas del Delta", "ana")
		a2330 := time.Date(2026, 11, 19, 23, 30, 0, 0, domain.Location("America/Argentina/Buenos_Aires"))
		st.Now = func() time.Time { return a2330 }
		e.abrir(t, 0)
		antes := e.vender(t, e.venta(e.norte, e.efectivo, manana, 1))
		st.Now = func() time.Time { return a2330.Add(time.Hour) }
		despues := e.vender(t, e.venta(e.sur, e.tarjeta, manana, 2))
		for _, c := range []struct {
			ahora   time.Time
			fecha   string
			vendido []store.Pasaje
		}{{a2330.Add(10 * time.Minute), "2026-11-19", antes}, {a2330.Add(70 * time.Minute), "2026-11-20", despues}} {
			st.Now = func() time.Time { return c.ahora }
			dia, err := st.Hoy(ctx, e.empresaID)
			if err != nil || dia.Fecha != c.fecha {
				t.Fatalf("hoy = %+v, %v", dia, err)
			}
			vendedor, err1 := st.EstadisticasDeVendedor(ctx, e.empresaID, e.vendedor.UsuarioID, dia)
			admin, err2 := st.EstadisticasDeAdmin(ctx, e.empresaID, dia)
			monitoreo, err3 := st.VendedoresSupervisados(ctx, e.empresaID, dia)
			empresas, err4 := st.EmpresasResumen(ctx)
			_, listado, err5 := st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{FechaInicio: c.fecha,
				FechaFin: c.fecha})
			_, suyos, err6 := st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{FechaInicio: c.fecha,
				FechaFin: c.fecha, UsuarioID: e.vendedor.UsuarioID})
			if err := errors.Join(err1, err2, err3, err4, err5, err6); err != nil || len(empresas) != 1 {
				t.Fatalf("%s: %v, %d empresas", c.fecha, err, len(empresas))
			}
			want := store.TotalesListado{TotalItems: int64(len(c.vendido)), Vigentes: int64(len(c.vendido))}
			for _, p := range c.vendido {
				want.TotalVentas += p.Precio
			}
			got := []store.TotalesListado{
				{TotalItems: vendedor.MisVentasHoy, Vigentes: vendedor.MisVentasHoy, TotalVentas: vendedor.MisIngresosHoy},
				{TotalItems: admin.PasajesHoy, Vigentes: admin.PasajesHoy, TotalVentas: admin.IngresosHoy},
				{TotalItems: monitoreo.Totales.Ventas, Vigentes: monitoreo.Totales.Ventas, TotalVentas: monitoreo.Totales.Ingresos},
				{TotalItems: empresas[0].PasajesHoy, Vigentes: empresas[0].PasajesHoy, TotalVentas: empresas[0].IngresosHoy},
				listado, suyos,
			}
			for i, g := range got {
				if g != want {
					t.Errorf("%s, cifra %d: %+v, quiero %+v", c.fecha, i, g, want)
				}
			}
			if len(admin.Ranking) != 1 || admin.Ranking[0].TotalPasajes != want.TotalItems ||
				admin.Ranking[0].TotalVentas != want.TotalVentas {
				t.Errorf("%s: ranking %+v", c.fecha, admin.Ranking)
			}
		}
	})
}
