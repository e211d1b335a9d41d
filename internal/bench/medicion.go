// Package bench measures Muelle from outside, as issue 9 asks: concurrent
// sellers and scanners drive the real HTTP server on the loopback, the same
// statements run as raw SQL with the same concurrency give the database's
// ceiling, and Imprimir prints each figure with its ratio to the targets. It
// never judges a timing: it measures and prints. Only the answers are checked
// (the tests count them).
package bench

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Medicion is what one scenario measured.
type Medicion struct {
	Ops        int           // operations that succeeded
	Medidas    int           // of them, those started after the warm-up (carga)
	Errores    int           // operations that failed (any answer other than the expected one)
	Errores5xx int           // of them, answers 5xx
	Estados    map[int]int   // HTTP status → how many (empty for raw SQL)
	Duracion   time.Duration // wall time of the scenario after its warm-up
	Primero    string        // the first failure, as an example
	CPU        CPU           // processor time of the measured part (after the warm-up)
	latencias  []time.Duration
}

// PorSegundo is the successful operations per second after the warm-up.
func (m Medicion) PorSegundo() float64 {
	if m.Duracion <= 0 {
		return 0
	}
	return float64(m.Medidas) / m.Duracion.Seconds()
}

// Percentil is the latency below which fraction p of the operations ended.
func (m Medicion) Percentil(p float64) time.Duration {
	if len(m.latencias) == 0 {
		return 0
	}
	return m.latencias[min(len(m.latencias)-1, int(p*float64(len(m.latencias))))]
}

// Media is the mean latency.
func (m Medicion) Media() time.Duration {
	if len(m.latencias) == 0 {
		return 0
	}
	var total time.Duration
	for _, l := range m.latencias {
		total += l
	}
	return total / time.Duration(len(m.latencias))
}

// resultado is one operation's outcome: the HTTP status (0 for raw SQL),
// whether it was the expected answer, and the error if one occurred.
type resultado struct {
	estado int
	ok     bool
	err    error
}

// maxCalentamiento bounds the warm-up of a scenario (carga).
const maxCalentamiento = 2 * time.Second

// Calentamiento is how long a scenario of dur warms up before it is measured:
// a fifth of it, at most maxCalentamiento.
func Calentamiento(dur time.Duration) time.Duration { return min(maxCalentamiento, dur/5) }

// carga runs op from clientes workers at once until dur passes or limite
// operations started; op(ctx, c, i) is the i-th operation, run by client c.
// The first Calentamiento(dur) runs the same load unmeasured (every client
// and database connection opened at the same instant, statement caches
// filled, the heap grown), as load generators do: its operations count as
// answers (Ops, Errores, Estados), never in the rates and latencies.
func carga(ctx context.Context, clientes int, dur time.Duration, limite int,
	op func(ctx context.Context, cliente, i int) resultado) Medicion {
	calentar := Calentamiento(dur)
	ctx, cancel := context.WithTimeout(ctx, calentar+dur)
	defer cancel()
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		m         = Medicion{Estados: map[int]int{}}
		iniciadas atomic.Int64
	)
	medido := time.Now().Add(calentar)
	cpuAlMedir := make(chan CPU, 1)
	time.AfterFunc(calentar, func() { cpuAlMedir <- leerCPU() })
	for c := range clientes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var propias []time.Duration
			local := Medicion{Estados: map[int]int{}}
			for ctx.Err() == nil {
				i := int(iniciadas.Add(1)) - 1
				if i >= limite {
					break
				}
				t0 := time.Now()
				r := op(ctx, c, i)
				if ctx.Err() != nil && !r.ok {
					break // cut by the end of the scenario, not an answer
				}
				local.sumar(r)
				if !t0.Before(medido) {
					propias = append(propias, time.Since(t0))
					if r.ok {
						local.Medidas++
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			m.Ops, m.Medidas = m.Ops+local.Ops, m.Medidas+local.Medidas
			m.Errores, m.Errores5xx = m.Errores+local.Errores, m.Errores5xx+local.Errores5xx
			if m.Primero == "" {
				m.Primero = local.Primero
			}
			for k, v := range local.Estados {
				m.Estados[k] += v
			}
			m.latencias = append(m.latencias, propias...)
		}()
	}
	wg.Wait()
	m.Duracion = time.Since(medido)
	if m.Duracion > 0 {
		m.CPU = leerCPU().menos(<-cpuAlMedir)
	}
	slices.Sort(m.latencias)
	return m
}

func (m *Medicion) sumar(r resultado) {
	if r.estado != 0 {
		m.Estados[r.estado]++
	}
	if !r.ok && m.Primero == "" {
		m.Primero = fmt.Sprintf("estado %d, error %v", r.estado, r.err)
	}
	switch {
	case r.ok:
		m.Ops++
	case r.estado >= 500:
		m.Errores++
		m.Errores5xx++
	default:
		m.Errores++
	}
}
