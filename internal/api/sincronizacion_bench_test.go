package api

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// Sync throughput (issue "field conditions"): 1,000 queued offline sales from
// 10 devices of 10 sellers (each with its open register), each device
// sending its queue in batches of 100 through POST /api/sync, the ten at once. Target: all applied in ≤ 10 s. Figures
// only: no timing fails it.
const (
	dispositivosBench    = 10
	ventasPorDispositivo = 100
)

func BenchmarkSync1000OfflineSalesFrom10Devices(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchSync(b, storetest.SQLite(b)) })
	if storetest.PostgresURL() != "" {
		b.Run("postgres", func(b *testing.B) { benchSync(b, storetest.Postgres(b)) })
	}
}

func benchSync(b *testing.B, st *store.Store) {
	e := newEnv(b, st)
	dispositivos, cajas := make([]*dispositivoPrueba, dispositivosBench), make([]int64, dispositivosBench)
	for i := range dispositivos {
		usuario := fmt.Sprintf("vendedorbench%d", i)
		if _, err := st.EnsureUsuario(context.Background(), store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolVendedor,
			NombreUsuario: usuario, PasswordHash: "x", Activo: true}); err != nil {
			b.Fatal(err)
		}
		cajas[i], dispositivos[i] = e.cajaAbierta(usuario), e.nuevoDispositivo(usuario)
	}
	var peor time.Duration
	for b.Loop() {
		b.StopTimer()
		lotes := make([][]map[string]any, dispositivosBench)
		for i, d := range dispositivos {
			for range ventasPorDispositivo {
				lotes[i] = append(lotes[i], accion(nuevoID(b), "venta", e.now, e.ventaOffline(cajas[i], d.pasajeOffline(e, "General", 450000))))
			}
		}
		b.StartTimer()
		inicio := time.Now()
		var wg sync.WaitGroup
		for i, d := range dispositivos {
			wg.Go(func() {
				if r := e.sync(d, e.now, lotes[i]...); r.Status != http.StatusOK {
					b.Errorf("sync: %d %s", r.Status, r.Message)
				}
			})
		}
		wg.Wait()
		peor = max(peor, time.Since(inicio))
	}
	b.ReportMetric(peor.Seconds(), "s/1000ventas(peor)")
	b.ReportMetric(float64(dispositivosBench*ventasPorDispositivo)/peor.Seconds(), "ventas/s")
	b.Logf("1.000 ventas offline de 10 dispositivos: peor %.2f s (objetivo ≤ 10 s)", peor.Seconds())
}
