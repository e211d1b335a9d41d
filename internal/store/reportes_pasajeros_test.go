package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// pasajerosDelPeriodo seeds, in e's company (Buenos Aires): on 10/11 a Norte
// ticket (travels 10/11) to "Vieja" (document 100); on 20/11 two Norte
// tickets to "Vieja" and one to each of "Ana Uno" (400) and "Beto" (500),
// all travelling 20/11; to "Nueva" (200) one Norte ticket travelling 20/11
// and one Sur ticket travelling 21/11; a Norte ticket to "Cancelada" (300),
// then cancelled; and one without a document (nobody's). Another company
// sells, on 20/11, a ticket to its own customer of document 100. Norte
// general is $ 1.500, Sur general $ 2.000.
func pasajerosDelPeriodo(t *testing.T, e *empresaDePrueba) map[string]int64 {
	t.Helper()
	ba := domain.Location(domain.ZonaHorariaPorDefecto)
	en := func(dia string, hora int) {
		d, _ := time.ParseInLocation(time.DateOnly, dia, ba)
		at := time.Date(d.Year(), d.Month(), d.Day(), hora, 0, 0, 0, ba).UTC()
		e.st.Now = func() time.Time { return at }
	}
	ids := map[string]int64{}
	vender := func(e *empresaDePrueba, nombre, doc string, seccion int64, fecha string, n int) []store.Pasaje {
		v := e.venta(seccion, e.efectivo, fecha, n)
		v.ClienteNombre, v.ClienteDocumento = nombre, doc
		ps := e.vender(t, v)
		if ps[0].ClienteID != nil {
			ids[nombre] = *ps[0].ClienteID
		}
		return ps
	}
	en("2026-11-10", 9)
	e.abrir(t, 0)
	vender(e, "Vieja", "100", e.norte, "2026-11-10", 1)
	en(hoy, 10)
	vender(e, "Vieja", "100", e.norte, hoy, 2)
	vender(e, "Beto", "500", e.norte, hoy, 1)
	vender(e, "Ana Uno", "400", e.norte, hoy, 1)
	vender(e, "Nueva", "200", e.norte, hoy, 1)
	vender(e, "Nueva", "200", e.sur, manana, 1)
	cancelada := vender(e, "Cancelada", "300", e.norte, hoy, 1)
	vender(e, "Sin documento", "", e.norte, hoy, 1)
	if _, err := e.st.CancelarPasaje(context.Background(), e.vendedor, cancelada[0].ID, store.Anulacion{}, false); err != nil {
		t.Fatal(err)
	}
	otra := nuevaEmpresa(t, e.st, "Otra Empresa", "otro")
	en(hoy, 10)
	otra.abrir(t, 0)
	vender(otra, "Intrusa", "100", otra.norte, hoy, 3)
	e.st.Now = func() time.Time { return ahora }
	return ids
}

func TestReportePasajeros(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ids := pasajerosDelPeriodo(t, e)
		ctx := context.Background()
		ba := domain.Location(domain.ZonaHorariaPorDefecto)
		venta := func(desde, hasta string) store.FiltroPasajerosPeriodo {
			return store.FiltroPasajerosPeriodo{Periodo: rangoDias(desde, hasta), Loc: ba}
		}
		viaje := func(desde, hasta string) store.FiltroPasajerosPeriodo {
			return store.FiltroPasajerosPeriodo{Periodo: rangoDias(desde, hasta), Loc: ba, PorViaje: true}
		}
		type ruta struct {
			seccion, tipo      int64
			pasajes, pasajeros int64
			ingresos           domain.Centavos
		}
		cases := []struct {
			name     string
			f        store.FiltroPasajerosPeriodo
			est      store.EstadisticasPasajeros
			promedio float64
			orden    []string // the ranking, top and list alike
			viajes   []int64
			gastado  []domain.Centavos
			rutas    []ruta
		}{
			// Nueva and Vieja tie on trips: Nueva spent more; Ana Uno and Beto
			// tie on both: by name. The ticket without a document is a trip and
			// a passenger of its own, never named; the cancelled ticket and the
			// other company's are not counted.
			{"venta del 20", venta(hoy, hoy), store.EstadisticasPasajeros{TotalPasajeros: 5, TotalViajes: 7,
				PasajerosRegistrados: 4, ClientesNuevos: 3}, 1.4,
				[]string{"Nueva", "Vieja", "Ana Uno", "Beto"}, []int64{2, 2, 1, 1}, []domain.Centavos{350000, 300000, 150000, 150000},
				[]ruta{{e.norte, e.general, 6, 5, 900000}, {e.sur, e.general, 1, 1, 200000}}},
			{"venta del mes", venta("2026-11-01", "2026-11-30"), store.EstadisticasPasajeros{TotalPasajeros: 5, TotalViajes: 8,
				PasajerosRegistrados: 4, ClientesNuevos: 4}, 1.6,
				[]string{"Vieja", "Nueva", "Ana Uno", "Beto"}, []int64{3, 2, 1, 1}, []domain.Centavos{450000, 350000, 150000, 150000},
				[]ruta{{e.norte, e.general, 7, 5, 1050000}, {e.sur, e.general, 1, 1, 200000}}},
			{"venta del 10", venta("2026-11-10", "2026-11-10"), store.EstadisticasPasajeros{TotalPasajeros: 1, TotalViajes: 1,
				PasajerosRegistrados: 1, ClientesNuevos: 1}, 1,
				[]string{"Vieja"}, []int64{1}, []domain.Centavos{150000}, []ruta{{e.norte, e.general, 1, 1, 150000}}},
			{"viaje del 21: Nueva ya viajaba el 20", viaje(manana, manana), store.EstadisticasPasajeros{TotalPasajeros: 1, TotalViajes: 1,
				PasajerosRegistrados: 1}, 1,
				[]string{"Nueva"}, []int64{1}, []domain.Centavos{200000}, []ruta{{e.sur, e.general, 1, 1, 200000}}},
			{"viaje del 20", viaje(hoy, hoy), store.EstadisticasPasajeros{TotalPasajeros: 5, TotalViajes: 6,
				PasajerosRegistrados: 4, ClientesNuevos: 3}, 1.2,
				[]string{"Vieja", "Ana Uno", "Beto", "Nueva"}, []int64{2, 1, 1, 1}, []domain.Centavos{300000, 150000, 150000, 150000},
				[]ruta{{e.norte, e.general, 6, 5, 900000}}},
			{"nada", venta("2026-11-22", "2026-11-22"), store.EstadisticasPasajeros{}, 0, []string{}, []int64{}, []domain.Centavos{}, []ruta{}},
		}
		for _, c := range cases {
			est, err := e.st.EstadisticasPasajeros(ctx, e.empresaID, c.f)
			if err != nil || est != c.est || est.PromedioViajes() != c.promedio {
				t.Errorf("%s: %+v promedio %v (%v), esperaba %+v %v", c.name, est, est.PromedioViajes(), err, c.est, c.promedio)
			}
			top, err := e.st.ClientesTop(ctx, e.empresaID, c.f)
			if err != nil {
				t.Fatal(err)
			}
			nombre := func(p store.Pasajero) string { return p.Nombre }
			if got := mapear(top, nombre); !slices.Equal(got, c.orden) ||
				!slices.Equal(mapear(top, func(p store.Pasajero) int64 { return p.TotalViajes }), c.viajes) ||
				!slices.Equal(mapear(top, func(p store.Pasajero) domain.Centavos { return p.TotalGastado }), c.gastado) {
				t.Errorf("%s: top %+v, esperaba %v %v %v", c.name, top, c.orden, c.viajes, c.gastado)
			}
			pagina, total, err := e.st.ListarPasajeros(ctx, e.empresaID, c.f, store.Pagina{Limite: 2, Desplazamiento: 1})
			want := c.orden[min(1, len(c.orden)):min(3, len(c.orden))]
			if err != nil || !slices.Equal(mapear(pagina, nombre), want) || total != int64(len(c.orden)) {
				t.Errorf("%s: página %v total %d (%v), esperaba %v %d", c.name, mapear(pagina, nombre), total, err, want, len(c.orden))
			}
			var recorridos []string
			if err := e.st.RecorrerPasajeros(ctx, e.empresaID, c.f, 0, func(p store.Pasajero) error {
				recorridos = append(recorridos, p.Nombre)
				return nil
			}); err != nil || !slices.Equal(append([]string{}, recorridos...), c.orden) {
				t.Errorf("%s: recorridos %v (%v)", c.name, recorridos, err)
			}
			rutas, err := e.st.RutasPopulares(ctx, e.empresaID, c.f, 5)
			got := mapear(rutas, func(r store.RutaPopular) ruta {
				return ruta{r.SeccionID, r.TipoViajeID, r.TotalPasajes, r.TotalPasajeros, r.TotalIngresos}
			})
			if err != nil || !slices.Equal(got, c.rutas) {
				t.Errorf("%s: rutas %+v (%v), esperaba %+v", c.name, got, err, c.rutas)
			}
		}

		// A row as the customer list has it, and its last trip.
		top, _ := e.st.ClientesTop(ctx, e.empresaID, venta(hoy, hoy))
		want := store.Pasajero{ID: ids["Nueva"], Nombre: "Nueva", Documento: "200", TotalViajes: 2, TotalGastado: 350000,
			UltimoViaje: manana}
		if top[0] != want {
			t.Errorf("fila %+v, esperaba %+v", top[0], want)
		}
		rutas, _ := e.st.RutasPopulares(ctx, e.empresaID, venta(hoy, hoy), 1)
		if len(rutas) != 1 || rutas[0].Seccion != "Norte" || rutas[0].TipoViaje != "General" {
			t.Errorf("rutas con límite 1: %+v", rutas)
		}
		// The walk stops at its cap.
		n := 0
		_ = e.st.RecorrerPasajeros(ctx, e.empresaID, venta(hoy, hoy), 3, func(store.Pasajero) error { n++; return nil })
		if n != 3 {
			t.Errorf("tope 3: %d filas", n)
		}
	})
}

func rangoDias(desde, hasta string) domain.Periodo {
	return domain.Periodo{Tipo: domain.PeriodoRango, Desde: desde, Hasta: hasta}
}
