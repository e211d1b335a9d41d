package store_test

import (
	"context"
	"testing"
	"time"

	"muelle/internal/store"
)

// The figures benchmark seeds the tickets of the list benchmark
// (benchSembrar: MUELLE_BENCH_PASAJES, default 100,000; the target figure is
// 1,000,000 over 20 companies, a year of sales) and measures the figures
// reader as the reports call it, over a month and over a year, against the
// issue's targets (reported, never enforced):
//
//	MUELLE_BENCH_PASAJES=1000000 MUELLE_TEST_POSTGRES=... go test -run '^$' -bench Cifras ./internal/store
const (
	benchObjetivoMesMs  = 200
	benchObjetivoAnioMs = 500
)

type benchCifras struct {
	nombre       string
	desde, hasta string
	base         string
	por          [][]store.Dimension // one call each, as one report makes them
	objetivoMs   float64
}

// BenchmarkCifras reports the p95 of each report's figures on SQLite and,
// with MUELLE_TEST_POSTGRES, on PostgreSQL.
func BenchmarkCifras(b *testing.B) {
	estadisticas := []store.Dimension{store.PorSeccion, store.PorTipoViaje, store.PorVendedor, store.PorMedioPago, store.PorEstado}
	kpis := [][]store.Dimension{{store.PorDia, store.PorMedioPago, store.PorEstado}, {store.PorEstado}}
	const mes, hoy, anio = "2026-10-21", "2026-11-20", "2025-11-21"
	casos := []benchCifras{
		{"mes_kpis", mes, hoy, "venta", kpis, benchObjetivoMesMs},
		{"mes_estadisticas", mes, hoy, "venta", [][]store.Dimension{estadisticas}, benchObjetivoMesMs},
		{"mes_por_dia_viaje", mes, hoy, "viaje", [][]store.Dimension{{store.PorDia, store.PorEstado}}, benchObjetivoMesMs},
		{"anio_kpis", anio, hoy, "venta", kpis, benchObjetivoAnioMs},
		{"anio_estadisticas", anio, hoy, "venta", [][]store.Dimension{estadisticas}, benchObjetivoAnioMs},
		{"anio_mensual_seccion", anio, hoy, "venta", [][]store.Dimension{{store.PorMes, store.PorSeccion, store.PorEstado}}, benchObjetivoAnioMs},
		{"anio_por_mes_viaje", anio, hoy, "viaje", [][]store.Dimension{{store.PorMes, store.PorEstado}}, benchObjetivoAnioMs},
	}
	for _, m := range benchMotores() {
		name, st := m.nombre, m.abrir(b)
		total := benchPasajes(b)
		start := time.Now()
		empresas := benchSembrar(b, st, total)
		b.Logf("%s: %d pasajes en %d empresas sembrados en %s", name, total, benchEmpresas, time.Since(start).Round(time.Millisecond))
		for _, c := range casos {
			b.Run(name+"/"+c.nombre, func(b *testing.B) { benchCifra(b, st, empresas, c) })
		}
	}
}

// benchCifra runs a report's calls b.N times, cycling through the companies,
// and reports the p95 and the median.
func benchCifra(b *testing.B, st *store.Store, empresas []benchSiembra, c benchCifras) {
	ctx := context.Background()
	tiempos := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := empresas[i%len(empresas)]
		t0 := time.Now()
		for _, por := range c.por {
			if _, err := st.Cifras(ctx, store.ConsultaCifras{EmpresaID: e.empresaID, Desde: c.desde, Hasta: c.hasta,
				Base: c.base, Por: por}); err != nil {
				b.Fatal(err)
			}
		}
		tiempos = append(tiempos, time.Since(t0))
	}
	b.StopTimer()
	reportarPercentilesContra(b, c.nombre, tiempos, c.objetivoMs)
}
