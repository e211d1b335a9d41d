package store_test

import (
	"context"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// The multi-company comparison counts each company on its own business days: a
// sale at 23:30 in Buenos Aires belongs to its day, not to the next one in UTC;
// cancelled tickets stand apart; a register counts by the day it opened, and a
// register closed short shows its difference.
func TestComparativoEmpresasCountsEachCompanyOnItsOwnDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		delta, tokio := deltaYTokio(t, st)
		en := func(t0 time.Time) { st.Now = func() time.Time { return t0 } }
		// 02:29 and 02:30 UTC on the 20th are 23:29 and 23:30 of the 19th in Buenos Aires.
		en(time.Date(2026, 11, 20, 2, 29, 0, 0, time.UTC))
		delta.abrir(t, 0)
		en(time.Date(2026, 11, 20, 2, 30, 0, 0, time.UTC))
		delta.vender(t, delta.venta(delta.norte, delta.efectivo, manana, 1))
		// 03:30 UTC is 00:30 of the 20th in Buenos Aires.
		en(time.Date(2026, 11, 20, 3, 30, 0, 0, time.UTC))
		vendidos := delta.vender(t, delta.venta(delta.norte, delta.efectivo, manana, 2))
		if _, err := st.CancelarPasaje(ctx, delta.vendedor, vendidos[0].ID, store.Anulacion{}, false); err != nil {
			t.Fatal(err)
		}
		if _, err := st.CerrarCaja(ctx, delta.vendedor, store.Contado{Efectivo: 290000, Observaciones: ""}); err != nil { // 3,000.00 expected: 100.00 short
			t.Fatal(err)
		}
		// 14:30 UTC is 23:30 of the 20th in Tokyo.
		en(time.Date(2026, 11, 20, 14, 29, 0, 0, time.UTC))
		tokio.abrir(t, 0)
		en(time.Date(2026, 11, 20, 14, 30, 0, 0, time.UTC))
		tokio.vender(t, tokio.venta(tokio.sur, tokio.tarjeta, manana, 1))

		tests := []struct {
			nombre   string
			periodo  domain.Periodo
			porViaje bool
			delta    store.ComparativoEmpresa
			tokio    store.ComparativoEmpresa
		}{
			{"el 20 por fecha de venta", domain.Periodo{Tipo: domain.PeriodoRango, Desde: "2026-11-20", Hasta: "2026-11-20"}, false,
				store.ComparativoEmpresa{Pasajes: 1, Ingresos: 150000, Cancelados: 1, ImporteCancelado: 150000},
				store.ComparativoEmpresa{Pasajes: 1, Ingresos: 200000, CajasAbiertas: 1}},
			{"el 19 y el 20 por fecha de venta", domain.Periodo{Tipo: domain.PeriodoRango, Desde: "2026-11-19", Hasta: "2026-11-20"}, false,
				store.ComparativoEmpresa{Pasajes: 2, Ingresos: 300000, Cancelados: 1, ImporteCancelado: 150000, CajasCerradas: 1,
					CajasConFaltante: 1, DiferenciaCajas: -10000},
				store.ComparativoEmpresa{Pasajes: 1, Ingresos: 200000, CajasAbiertas: 1}},
			{"el 21 por fecha de viaje", domain.Periodo{Tipo: domain.PeriodoRango, Desde: "2026-11-21", Hasta: "2026-11-21"}, true,
				store.ComparativoEmpresa{Pasajes: 2, Ingresos: 300000, Cancelados: 1, ImporteCancelado: 150000},
				store.ComparativoEmpresa{Pasajes: 1, Ingresos: 200000}},
			{"el 20 por fecha de viaje", domain.Periodo{Tipo: domain.PeriodoRango, Desde: "2026-11-20", Hasta: "2026-11-20"}, true,
				store.ComparativoEmpresa{}, store.ComparativoEmpresa{CajasAbiertas: 1}},
		}
		for _, tt := range tests {
			empresas, err := st.ComparativoEmpresas(ctx, tt.periodo, tt.porViaje)
			if err != nil {
				t.Fatal(err)
			}
			if len(empresas) != 2 {
				t.Fatalf("%s: %+v", tt.nombre, empresas)
			}
			tt.delta.ID, tt.delta.Nombre, tt.delta.Activa = delta.empresaID, "Lanchas del Delta", true
			tt.tokio.ID, tt.tokio.Nombre, tt.tokio.Activa = tokio.empresaID, "Lanchas de Tokio", true
			if empresas[0] != tt.delta || empresas[1] != tt.tokio {
				t.Errorf("%s:\n got %+v\n     %+v\nwant %+v\n     %+v", tt.nombre, empresas[0], empresas[1], tt.delta, tt.tokio)
			}
		}
	})
}
