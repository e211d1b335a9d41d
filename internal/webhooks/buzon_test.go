package webhooks_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
	"muelle/internal/webhooks"
)

// procesador is a provider's Procesar for the tests: it counts its calls by
// event and answers what responder says for each attempt (from 1).
type procesador struct {
	mu        sync.Mutex
	llamadas  map[string]int
	responder func(ctx context.Context, ev webhooks.Entrante, intento int) (string, bool, error)
}

func (p *procesador) procesar(ctx context.Context, ev webhooks.Entrante) (string, bool, error) {
	p.mu.Lock()
	p.llamadas[ev.Evento.IDExterno]++
	n := p.llamadas[ev.Evento.IDExterno]
	p.mu.Unlock()
	return p.responder(ctx, ev, n)
}

// siempre answers every attempt with a result.
func siempre(context.Context, webhooks.Entrante, int) (string, bool, error) {
	return "orden leída", false, nil
}

func (p *procesador) veces(id string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.llamadas[id]
}

// buzonEnMarcha registers the provider "prueba" with p on an inbox over st
// and starts its runner until the test ends; antes runs before it starts.
func buzonEnMarcha(t *testing.T, st *store.Store, p *procesador, antes func()) {
	r := jobs.Nuevo(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	webhooks.NuevoBuzon(st, r).Registrar(webhooks.Proveedor{Nombre: "prueba", Verificador: verificador,
		Procesar: p.procesar, MaxIntentos: 3, Backoff: func(int) time.Duration { return 0 }})
	st.AlEncolarTrabajo(r.Despertar)
	if antes != nil {
		antes()
	}
	ctx, cancel := context.WithCancel(context.Background())
	listo := make(chan struct{})
	go func() { r.Start(ctx); close(listo) }()
	t.Cleanup(func() { cancel(); <-listo })
}

func recibir(t *testing.T, st *store.Store, id string) (int64, bool) {
	t.Helper()
	n, nuevo, err := st.RecibirEntrante(context.Background(), webhooks.Recibido{Proveedor: "prueba",
		Evento: webhooks.Evento{IDExterno: id, EmpresaID: 1, Tipo: "order"}, Cuerpo: []byte(`{"id":"` + id + `"}`),
		Encabezados: map[string]string{"X-Request-Id": "req-" + id}})
	if err != nil {
		t.Fatal(err)
	}
	return n, nuevo
}

// esperar polls cond for up to 20 s.
func esperar(t *testing.T, que string, cond func() bool) {
	t.Helper()
	for fin := time.Now().Add(20 * time.Second); time.Now().Before(fin); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("no llegó %s", que)
}

// esperarEstado waits until the event id is in estado.
func esperarEstado(t *testing.T, st *store.Store, id int64, estado string) (e webhooks.Entrante) {
	t.Helper()
	esperar(t, "el aviso "+estado, func() bool {
		var err error
		if e, err = st.Entrante(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		return e.Estado == estado
	})
	return e
}

// An event is kept once and processed once: its second delivery neither
// stores nor queues anything; the processed event says when, with no error,
// and its job is done with the provider's result.
func TestUnEventoSeGuardaYSeProcesaUnaVez(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := &procesador{llamadas: map[string]int{}, responder: siempre}
		buzonEnMarcha(t, st, p, nil)
		id, nuevo := recibir(t, st, "evt-1")
		if otro, otraVez := recibir(t, st, "evt-1"); !nuevo || otraVez || otro != 0 {
			t.Fatalf("primera entrega nuevo=%v; segunda nuevo=%v id=%d", nuevo, otraVez, otro)
		}
		e := esperarEstado(t, st, id, webhooks.EstadoProcesado)
		if e.ProcesadoEn == nil || e.Error != "" || e.Evento.EmpresaID != 1 || e.Encabezados["X-Request-Id"] != "req-evt-1" ||
			string(e.Cuerpo) != `{"id":"evt-1"}` {
			t.Fatalf("aviso procesado: %+v", e)
		}
		// the job is closed just after the event is marked
		esperar(t, "el trabajo del aviso hecho una vez con su resultado", func() bool {
			return storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE tipo = 'webhook_prueba' AND clave = ?
				AND empresa_id = 1 AND estado = 'hecho' AND resultado = 'orden leída' AND intentos = 1`, strconv.FormatInt(id, 10)) == 1
		})
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos`); n != 1 || p.veces("evt-1") != 1 {
			t.Fatalf("%d trabajos, %d procesamientos; quiero 1 y 1", n, p.veces("evt-1"))
		}
	})
}

// A failure worth retrying leaves the event received with its error until
// the retry succeeds (the error cleared); a failure for good leaves it
// failed with its error and the time it gave up.
func TestUnEventoFallidoSeReintentaOQuedaFallido(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		seguir := make(chan struct{})
		p := &procesador{llamadas: map[string]int{}, responder: func(ctx context.Context, ev webhooks.Entrante, intento int) (string, bool, error) {
			switch {
			case ev.Evento.IDExterno == "rechazado":
				return "", false, errors.New("la orden no existe")
			case intento == 1:
				return "", true, errors.New("Mercado Pago no respondió")
			}
			select {
			case <-seguir:
				return "orden leída", false, nil
			case <-ctx.Done():
				return "", true, ctx.Err()
			}
		}}
		buzonEnMarcha(t, st, p, nil)
		rechazado, _ := recibir(t, st, "rechazado")
		e := esperarEstado(t, st, rechazado, webhooks.EstadoFallido)
		if e.Error != "la orden no existe" || e.ProcesadoEn == nil || p.veces("rechazado") != 1 {
			t.Fatalf("aviso rechazado: %+v, %d veces", e, p.veces("rechazado"))
		}
		// the retry waits for seguir: meanwhile the event shows the first failure
		demorado, _ := recibir(t, st, "demorado")
		esperar(t, "el reintento", func() bool { return p.veces("demorado") == 2 })
		if e, _ := st.Entrante(context.Background(), demorado); e.Estado != webhooks.EstadoRecibido ||
			e.Error != "Mercado Pago no respondió" || e.ProcesadoEn != nil {
			t.Fatalf("aviso a reintentar: %+v", e)
		}
		close(seguir)
		if e := esperarEstado(t, st, demorado, webhooks.EstadoProcesado); e.Error != "" || e.ProcesadoEn == nil {
			t.Fatalf("aviso reintentado: %+v", e)
		}
	})
}

// A job that finds its event already processed (it ran again after its
// lease ran out) does not process it again.
func TestUnEventoYaProcesadoNoSeProcesaOtraVez(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		p := &procesador{llamadas: map[string]int{}, responder: siempre}
		var id int64
		buzonEnMarcha(t, st, p, func() {
			id, _ = recibir(t, st, "evt-1")
			if err := st.AnotarEntrante(context.Background(), id, webhooks.EstadoProcesado, ""); err != nil {
				t.Fatal(err)
			}
		})
		esperar(t, "el trabajo cerrado", func() bool {
			return storetest.Int(t, st, `SELECT COUNT(*) FROM trabajos WHERE estado = 'hecho' AND resultado = 'ya procesado'`) == 1
		})
		if p.veces("evt-1") != 0 {
			t.Fatal("un aviso ya procesado se procesó otra vez")
		}
	})
}
