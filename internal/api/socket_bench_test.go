package api

import (
	"net/http"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// socketsBench is how many sockets listen while the benchmark sells.
const socketsBench = 1000

// BenchmarkSaleDeliveryTo1000Sockets connects 1,000 sockets of one company
// over the loopback, then sells one ticket per iteration and waits until
// every socket received its nuevaVenta. It prints the p50 and p99 from the
// moment the sale was sent to each delivery (the commit is inside that span,
// so this bounds commit → delivery from above; target p99 ≤ 100 ms), the sale's
// own answer time, and the heap per connected socket. Figures only: no
// timing fails it.
func BenchmarkSaleDeliveryTo1000Sockets(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchEntrega(b, storetest.SQLite(b)) })
	if storetest.PostgresURL() != "" {
		b.Run("postgres", func(b *testing.B) { benchEntrega(b, storetest.Postgres(b)) })
	}
}

func benchEntrega(b *testing.B, st *store.Store) {
	e := newEnv(b, st)
	base := servirEnVivo(b, e.srv)
	tok := e.token("admin")
	runtime.GC()
	var antes runtime.MemStats
	runtime.ReadMemStats(&antes)
	llegadas := make(chan time.Time, socketsBench)
	var wg sync.WaitGroup
	for range socketsBench {
		c, _, err := dial(base, tok, 0)
		if err != nil {
			b.Fatalf("conectar: %v", err)
		}
		defer c.CloseNow()
		s := &socket{t: b, conn: c}
		if _, err := s.leer(); err != nil { // conectado
			b.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				m, err := s.leer()
				if err != nil {
					return
				}
				if m.Evento == events.NuevaVenta {
					llegadas <- time.Now()
				}
			}
		}()
	}
	runtime.GC()
	var despues runtime.MemStats
	runtime.ReadMemStats(&despues)
	vendedor := e.token("vendedor")
	if r := e.abrir(vendedor, 0); r.Status != http.StatusCreated {
		b.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	venta := e.lote(map[string]int{"General": 1}, "Efectivo")
	var entregas, respuestas []time.Duration
	b.ResetTimer()
	for b.Loop() {
		inicio := time.Now()
		if r := e.sell(vendedor, venta, ""); r.Status != http.StatusCreated {
			b.Fatalf("vender: %d %s", r.Status, r.Message)
		}
		respuestas = append(respuestas, time.Since(inicio))
		for range socketsBench {
			entregas = append(entregas, (<-llegadas).Sub(inicio))
		}
	}
	b.StopTimer()
	b.ReportMetric(percentil(entregas, 50), "entrega-p50-ms")
	b.ReportMetric(percentil(entregas, 99), "entrega-p99-ms")
	b.ReportMetric(percentil(respuestas, 99), "venta-p99-ms")
	// server and test client live in this process: the figure is both ends of a socket
	b.ReportMetric(float64(despues.HeapInuse-min(antes.HeapInuse, despues.HeapInuse))/socketsBench/1024, "KiB-heap/socket(ambos-extremos)")
	b.ReportMetric(float64(runtime.NumGoroutine())/socketsBench, "goroutines/socket")
}

func percentil(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[(len(s)-1)*p/100]) / float64(time.Millisecond)
}
