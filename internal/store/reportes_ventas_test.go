package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ventasDelPeriodo seeds, in e's company (Buenos Aires): on 19/11 at 12:00 a
// Norte ticket (cash, travels 20/11) to "Mediodía"; on 19/11 at 23:30 a Sur
// ticket (card, travels 21/11) to "Noche"; on 20/11 at 00:30 a Norte ticket
// (travels 20/11) to "Madrugada"; on 20/11 at 12:00 two Norte tickets
// (travel 21/11) to "Tarde", the first of them then cancelled. Another
// company sells one ticket on 20/11. It returns the tickets by customer.
func ventasDelPeriodo(t *testing.T, e *empresaDePrueba) map[string][]store.Pasaje {
	t.Helper()
	ba := domain.Location(domain.ZonaHorariaPorDefecto)
	en := func(dia string, hora, minuto int) {
		d, _ := time.ParseInLocation(time.DateOnly, dia, ba)
		at := time.Date(d.Year(), d.Month(), d.Day(), hora, minuto, 0, 0, ba).UTC() // the store's clock is UTC
		e.st.Now = func() time.Time { return at }
	}
	out := map[string][]store.Pasaje{}
	vender := func(cliente string, seccion, medio int64, fecha string, n int) {
		v := e.venta(seccion, medio, fecha, n)
		v.ClienteNombre = cliente
		out[cliente] = e.vender(t, v)
	}
	en("2026-11-19", 8, 0)
	e.abrir(t, 0)
	en("2026-11-19", 12, 0)
	vender("Mediodía", e.norte, e.efectivo, hoy, 1)
	en("2026-11-19", 23, 30)
	vender("Noche", e.sur, e.tarjeta, manana, 1)
	en("2026-11-20", 0, 30)
	vender("Madrugada", e.norte, e.efectivo, hoy, 1)
	en("2026-11-20", 12, 0)
	vender("Tarde", e.norte, e.efectivo, manana, 2)
	if _, err := e.st.CancelarPasaje(context.Background(), e.vendedor, out["Tarde"][0].ID, store.Anulacion{}, false); err != nil {
		t.Fatal(err)
	}
	otra := nuevaEmpresa(t, e.st, "Otra Empresa", "otro")
	otra.abrir(t, 0)
	otra.vender(t, otra.venta(otra.norte, otra.efectivo, hoy, 1))
	e.st.Now = func() time.Time { return ahora }
	return out
}

func rango(desde, hasta string) domain.Periodo {
	return domain.Periodo{Tipo: domain.PeriodoRango, Desde: desde, Hasta: hasta}
}

func TestVentasDetalladasDelPeriodo(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ps := ventasDelPeriodo(t, e)
		ctx := context.Background()
		ba := domain.Location(domain.ZonaHorariaPorDefecto)
		id := func(cliente string, i int) int64 { return ps[cliente][i].ID }
		venta := func(p domain.Periodo) store.FiltroVentasPeriodo {
			return store.FiltroVentasPeriodo{Periodo: p, Loc: ba}
		}
		viaje := func(p domain.Periodo) store.FiltroVentasPeriodo {
			return store.FiltroVentasPeriodo{Periodo: p, Loc: ba, PorViaje: true}
		}
		cases := []struct {
			name    string
			f       store.FiltroVentasPeriodo
			ids     []int64
			resumen store.ResumenVentasPeriodo
		}{
			// the 23:30 sale is the 19th's, the 00:30 one the 20th's
			{"venta del 19", venta(rango("2026-11-19", "2026-11-19")), []int64{id("Noche", 0), id("Mediodía", 0)},
				store.ResumenVentasPeriodo{Cantidad: 2, Importe: 350000}},
			{"venta del 20", venta(rango(hoy, hoy)), []int64{id("Tarde", 1), id("Tarde", 0), id("Madrugada", 0)},
				store.ResumenVentasPeriodo{Cantidad: 2, Importe: 300000, Cancelados: 1, ImporteCancelado: 150000}},
			{"venta del mes", venta(domain.Periodo{Tipo: domain.PeriodoMes, Desde: "2026-11-01", Hasta: "2026-11-30"}),
				[]int64{id("Tarde", 1), id("Tarde", 0), id("Madrugada", 0), id("Noche", 0), id("Mediodía", 0)},
				store.ResumenVentasPeriodo{Cantidad: 4, Importe: 650000, Cancelados: 1, ImporteCancelado: 150000}},
			{"venta del 21", venta(rango(manana, manana)), []int64{}, store.ResumenVentasPeriodo{}},
			{"viaje del 20", viaje(rango(hoy, hoy)), []int64{id("Madrugada", 0), id("Mediodía", 0)},
				store.ResumenVentasPeriodo{Cantidad: 2, Importe: 300000}},
			{"viaje del 21", viaje(rango(manana, manana)), []int64{id("Tarde", 1), id("Tarde", 0), id("Noche", 0)},
				store.ResumenVentasPeriodo{Cantidad: 2, Importe: 350000, Cancelados: 1, ImporteCancelado: 150000}},
			{"viaje del 19", viaje(rango("2026-11-19", "2026-11-19")), []int64{}, store.ResumenVentasPeriodo{}},
		}
		for _, c := range cases {
			vs, total, err := e.st.VentasDetalladas(ctx, e.empresaID, c.f, store.Pagina{Limite: 10})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got := mapear(vs, func(v store.VentaDetallada) int64 { return v.ID })
			if !slices.Equal(got, c.ids) || total != int64(len(c.ids)) {
				t.Errorf("%s: %v (total %d), esperaba %v", c.name, got, total, c.ids)
			}
			var recorridos []int64
			if err := e.st.RecorrerVentasDetalladas(ctx, e.empresaID, c.f, 0, func(v store.VentaDetallada) error {
				recorridos = append(recorridos, v.ID)
				return nil
			}); err != nil || !slices.Equal(append([]int64{}, recorridos...), c.ids) {
				t.Errorf("%s: recorridos %v (%v), esperaba %v", c.name, recorridos, err, c.ids)
			}
			r, err := e.st.ResumenVentas(ctx, e.empresaID, c.f)
			if err != nil || r != c.resumen || r.Total() != int64(len(c.ids)) {
				t.Errorf("%s: resumen %+v (%v), esperaba %+v", c.name, r, err, c.resumen)
			}
		}

		// One row with its names, its instant and its state.
		vs, _, err := e.st.VentasDetalladas(ctx, e.empresaID, venta(rango(hoy, hoy)), store.Pagina{Limite: 2})
		if err != nil {
			t.Fatal(err)
		}
		tarde := ps["Tarde"][0]
		want := store.VentaDetallada{ID: tarde.ID, FechaVenta: time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC),
			FechaViaje: manana, NumeroPasaje: tarde.NumeroPasaje, ClienteNombre: "Tarde", SeccionNombre: "Norte",
			TipoViajeNombre: "General", MedioPagoNombre: "Efectivo", Vendedor: "Ana Paz", Precio: 150000,
			Estado: domain.PasajeCancelado}
		got := vs[1]
		if !got.FechaVenta.Equal(want.FechaVenta) {
			t.Fatalf("fecha de venta %v, esperaba %v", got.FechaVenta, want.FechaVenta)
		}
		got.FechaVenta = want.FechaVenta
		if got != want || vs[0].Estado != domain.PasajeActivo {
			t.Fatalf("fila %+v, esperaba %+v", got, want)
		}
	})
}

func TestVentasDetalladasPaginasYCorte(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ps := ventasDelPeriodo(t, e)
		ctx := context.Background()
		f := store.FiltroVentasPeriodo{Periodo: rango("2026-11-19", hoy), Loc: domain.Location(domain.ZonaHorariaPorDefecto)}
		todos := []int64{ps["Tarde"][1].ID, ps["Tarde"][0].ID, ps["Madrugada"][0].ID, ps["Noche"][0].ID, ps["Mediodía"][0].ID}
		for _, c := range []struct {
			pagina store.Pagina
			ids    []int64
		}{{store.Pagina{Limite: 2}, todos[:2]}, {store.Pagina{Limite: 2, Desplazamiento: 2}, todos[2:4]},
			{store.Pagina{Limite: 2, Desplazamiento: 4}, todos[4:]}, {store.Pagina{Limite: 2, Desplazamiento: 6}, []int64{}}} {
			vs, total, err := e.st.VentasDetalladas(ctx, e.empresaID, f, c.pagina)
			got := mapear(vs, func(v store.VentaDetallada) int64 { return v.ID })
			if err != nil || total != 5 || !slices.Equal(got, c.ids) {
				t.Errorf("página %+v: %v de %d (%v), esperaba %v", c.pagina, got, total, err, c.ids)
			}
		}
		// A walk stops at its cap, or at the first error of its callback.
		n := 0
		if err := e.st.RecorrerVentasDetalladas(ctx, e.empresaID, f, 3, func(store.VentaDetallada) error { n++; return nil }); err != nil || n != 3 {
			t.Fatalf("tope: %d filas (%v)", n, err)
		}
		corte := errors.New("corte")
		n = 0
		err := e.st.RecorrerVentasDetalladas(ctx, e.empresaID, f, 0, func(store.VentaDetallada) error { n++; return corte })
		if !errors.Is(err, corte) || n != 1 {
			t.Fatalf("corte: %d filas (%v)", n, err)
		}
	})
}
