package bench

import (
	"context"
	"testing"
	"time"
)

// TestSustainedLoadAnswersEverythingAndSamplesTheHeap runs a few seconds of the
// sustained mixed load on SQLite: every sale and boarding is answered as
// expected, and the heap is sampled at the start, every interval and at the end.
func TestSustainedLoadAnswersEverythingAndSamplesTheHeap(t *testing.T) {
	ctx := context.Background()
	e, err := Abrir(ctx, "sqlite:", 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Cerrar()
	s := e.CargaSostenida(ctx, 3*time.Second, time.Second)
	if s.Carga.Ops == 0 || s.Carga.Errores != 0 {
		t.Fatalf("carga sostenida: %d operaciones, %d errores, primer error %s", s.Carga.Ops, s.Carga.Errores, s.Carga.Primero)
	}
	if len(s.Muestras) < 3 {
		t.Fatalf("muestras de memoria: %d, se esperaban al menos 3", len(s.Muestras))
	}
	_, _, usados := e.contar(t)
	if usados < int64(s.Carga.Ops) {
		t.Fatalf("embarcados en la base: %d, respondidos: %d", usados, s.Carga.Ops)
	}
}

func TestGrowthIsMeasuredFromTheFirstSampleUnderLoad(t *testing.T) {
	s := Sostenida{Muestras: []uint64{5, 10, 11, 12}}
	if got := s.Crecimiento(); got < 0.199 || got > 0.201 {
		t.Fatalf("crecimiento = %v, se esperaba 0,2", got)
	}
	if got := (Sostenida{Muestras: []uint64{5, 10}}).Crecimiento(); got != 0 {
		t.Fatalf("con dos muestras el crecimiento es 0, fue %v", got)
	}
}
