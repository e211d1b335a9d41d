package bench

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"
)

// Sostenida is a long run of mixed load that shows whether memory stays flat:
// the heap in use after a collection, sampled every Intervalo while every
// seller sells and boards what it sold.
type Sostenida struct {
	Intervalo time.Duration
	Muestras  []uint64 // heap in use after a GC, bytes, at the start and after each interval
	Carga     Medicion // the sales and boardings of the run, together
}

// Crecimiento is how much the last sample exceeds the first one taken under
// load (the second: the first is the idle heap before the run), as a fraction.
func (s Sostenida) Crecimiento() float64 {
	if len(s.Muestras) < 3 || s.Muestras[1] == 0 {
		return 0
	}
	return float64(s.Muestras[len(s.Muestras)-1])/float64(s.Muestras[1]) - 1
}

// CargaSostenida has every seller sell 1 to 3 tickets and a crew member board
// the first of them, over HTTP, for dur, and samples the heap every intervalo.
func (e *Entorno) CargaSostenida(ctx context.Context, dur, intervalo time.Duration) Sostenida {
	s := Sostenida{Intervalo: intervalo, Muestras: []uint64{memoria()}}
	var terminado atomic.Bool
	listo := make(chan Medicion)
	go func() {
		listo <- carga(ctx, len(e.vendedores), dur, 1<<31-1, func(ctx context.Context, c, i int) resultado {
			return e.venderYEmbarcar(ctx, c, i)
		})
		terminado.Store(true)
	}()
	tic := time.NewTicker(intervalo)
	defer tic.Stop()
	for {
		select {
		case s.Carga = <-listo:
			s.Muestras = append(s.Muestras, memoria())
			return s
		case <-tic.C:
			if !terminado.Load() {
				s.Muestras = append(s.Muestras, memoria())
			}
		}
	}
}

// venderYEmbarcar is one step of the sustained load: seller c sells 1 to 3
// tickets (fewer than the sale scenario, so that minutes of sales keep each
// register below its bound), then a crew member boards the first of them.
func (e *Entorno) venderYEmbarcar(ctx context.Context, c, i int) resultado {
	n := 1 + i%3
	r, ps, err := e.vender(ctx, e.vendedores[c], fmt.Sprintf("sostenida-venta-%d", i), n, e.venta.FechaViaje)
	if err != nil || r.estado != http.StatusCreated || len(ps) != n {
		return resultado{estado: r.estado, err: err}
	}
	l := e.escaneres[c%len(e.escaneres)]
	r, err = e.embarcar(ctx, l, fmt.Sprintf("sostenida-embarque-%d", i), ps[0].CodigoQR)
	return resultado{estado: r.estado, ok: err == nil && r.estado == http.StatusOK, err: err}
}
