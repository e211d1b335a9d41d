package bench

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"muelle/internal/store"
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

// TestTheWritesAloneCeilingKeepsEveryWriteWhereItRan: the ceiling an outside
// reviewer measures drops the reads (before and inside the transaction) and
// runs every write, in order, in the transaction it ran in.
func TestTheWritesAloneCeilingKeepsEveryWriteWhereItRan(t *testing.T) {
	g := guion{frescos: []string{"clave"}, sentencias: []store.Sentencia{
		{SQL: "SELECT nombre FROM empresas WHERE id = ?", Transaccion: 0},
		{SQL: "INSERT INTO secuencias (empresa_id) VALUES (?) RETURNING valor", Transaccion: 0},
		{SQL: "  SELECT id FROM cajas WHERE id = ? FOR UPDATE", Transaccion: 7},
		{SQL: "UPDATE cajas SET volumen = ?", Transaccion: 7},
		{SQL: "INSERT INTO pasajes (numero_pasaje) VALUES (?)", Transaccion: 7},
	}}
	e := g.soloEfectos()
	want := []store.Sentencia{g.sentencias[1], g.sentencias[3], g.sentencias[4]}
	if !slices.EqualFunc(e.sentencias, want, func(a, b store.Sentencia) bool {
		return a.SQL == b.SQL && a.Transaccion == b.Transaccion
	}) || !slices.Equal(e.frescos, g.frescos) {
		t.Fatalf("solo escrituras = %+v (frescos %q), se esperaba %+v", e.sentencias, e.frescos, want)
	}
}
