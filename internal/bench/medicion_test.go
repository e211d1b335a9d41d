package bench

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

// TestCargaWarmsUpUnmeasuredButCountsEveryAnswer: the operations of the
// warm-up are answers (a failure among them counts), never rates or latencies.
func TestCargaWarmsUpUnmeasuredButCountsEveryAnswer(t *testing.T) {
	const dur = 500 * time.Millisecond
	m := carga(context.Background(), 2, dur, 1<<30, func(_ context.Context, _, i int) resultado {
		time.Sleep(5 * time.Millisecond)
		if i == 0 {
			return resultado{estado: http.StatusInternalServerError, err: errors.New("fallo de prueba")}
		}
		return resultado{estado: http.StatusOK, ok: true}
	})
	if m.Errores != 1 || m.Errores5xx != 1 || m.Estados[http.StatusInternalServerError] != 1 {
		t.Fatalf("el fallo del calentamiento no se contó: %d errores, %d 5xx, estados %v", m.Errores, m.Errores5xx, m.Estados)
	}
	if m.Medidas == 0 || m.Medidas >= m.Ops || len(m.latencias) != m.Medidas {
		t.Fatalf("%d operaciones, %d medidas, %d latencias: el calentamiento debía quedar fuera de la medida",
			m.Ops, m.Medidas, len(m.latencias))
	}
	if m.Duracion < dur || m.Duracion > dur+Calentamiento(dur) {
		t.Errorf("duración medida %s, se esperaba la del escenario sin calentamiento (%s)", m.Duracion, dur)
	}
}
