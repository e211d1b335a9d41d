package bench

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"muelle/internal/store/storetest"
)

// TestEveryRequestIsAnsweredUnderLoadOnSQLite drives the real server over
// the loopback with 64 sellers selling at once, then 100 crew members
// boarding distinct tickets at once, then 50 of them racing for one ticket.
// It counts answers, never times them: every sale is a 201, every boarding a
// 200, no request gets a 5xx, the race boards once, and the database holds
// exactly what was answered.
func TestEveryRequestIsAnsweredUnderLoadOnSQLite(t *testing.T) {
	ctx := context.Background()
	e, err := Abrir(ctx, "sqlite:", 64, 100)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Cerrar()
	const ventas, embarques = 320, 400
	antes, _, usadosAntes := e.contar(t)
	bound := 5 * time.Minute // only a safety net: the counts end the scenarios
	v := e.Ventas(ctx, bound, ventas)
	if v.Ops != ventas || v.Errores != 0 || v.Estados[http.StatusCreated] != ventas {
		t.Fatalf("ventas: %d de %d, estados %v, primer error %s", v.Ops, ventas, v.Estados, v.Primero)
	}
	codigos, err := e.Codigos(ctx, embarques+1)
	if err != nil {
		t.Fatal(err)
	}
	m := e.Embarques(ctx, bound, codigos[:embarques])
	if m.Ops != embarques || m.Errores != 0 || m.Estados[http.StatusOK] != embarques {
		t.Fatalf("embarques: %d de %d, estados %v, primer error %s", m.Ops, embarques, m.Estados, m.Primero)
	}
	if ok, repetido, otros := e.Carrera(ctx, 50, codigos[embarques]); ok != 1 || repetido != 49 || otros != 0 {
		t.Fatalf("carrera: %d embarcaron, %d repetidos, %d otras respuestas", ok, repetido, otros)
	}
	pasajes, distintos, usados := e.contar(t)
	vendidos := antes
	for i := range ventas {
		vendidos += int64(1 + i%5)
	}
	if pasajes != vendidos+embarques+1 || distintos != pasajes || usados != embarques+1+usadosAntes {
		t.Fatalf("base: %d pasajes (%d distintos, %d embarcados), se esperaban %d", pasajes, distintos, usados,
			vendidos+embarques+1)
	}
}

// contar counts the tickets, their distinct numbers and the boarded ones.
func (e *Entorno) contar(t *testing.T) (pasajes, distintos, usados int64) {
	t.Helper()
	err := e.St.DB().QueryRowContext(context.Background(), `SELECT COUNT(*), COUNT(DISTINCT numero_pasaje),
		COALESCE(SUM(CASE WHEN estado = 'usado' THEN 1 ELSE 0 END), 0) FROM pasajes`).Scan(&pasajes, &distintos, &usados)
	if err != nil {
		t.Fatal(err)
	}
	return pasajes, distintos, usados
}

// TestTheSalesOfABusyDayAreMeasuredOnThatDay: the scenario that compares the
// sale's p99 on days with few and many tickets sold sells them beforehand on
// its own travel day, then measures sales of that day only, every one a 201.
func TestTheSalesOfABusyDayAreMeasuredOnThatDay(t *testing.T) {
	ctx := context.Background()
	e, err := Abrir(ctx, "sqlite:", 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Cerrar()
	const antes, ventas = 120, 40
	fecha := func() string {
		dia, _ := time.Parse(time.DateOnly, e.venta.FechaViaje)
		return dia.AddDate(0, 0, 2).Format(time.DateOnly)
	}()
	contarDia := func() (delDia, otros int) {
		err := e.St.DB().QueryRowContext(ctx, e.St.Rebind(`SELECT
			COALESCE(SUM(CASE WHEN CAST(fecha_viaje AS TEXT) = ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN CAST(fecha_viaje AS TEXT) <> ? THEN 1 ELSE 0 END), 0) FROM pasajes`), fecha, fecha).Scan(&delDia, &otros)
		if err != nil {
			t.Fatal(err)
		}
		return delDia, otros
	}
	_, otrosAntes := contarDia()
	m, err := e.VentasTrasVendidos(ctx, 2, antes, 5*time.Minute, ventas)
	if err != nil {
		t.Fatal(err)
	}
	if m.Ops != ventas || m.Errores != 0 || m.Estados[http.StatusCreated] != ventas {
		t.Fatalf("ventas: %d de %d, estados %v, primer error %s", m.Ops, ventas, m.Estados, m.Primero)
	}
	vendidos := antes
	for i := range ventas {
		vendidos += 1 + i%5
	}
	if delDia, otros := contarDia(); delDia != vendidos || otros != otrosAntes {
		t.Fatalf("pasajes del día: %d (se esperaban %d), de otros días: %d (antes %d)", delDia, vendidos, otros, otrosAntes)
	}
}

// TestTheCeilingsReplayTheSaleWithoutErrors: the two ceilings of the sale
// (the app's statements, and its writes alone) replay each seller's recorded
// sale as raw SQL, on SQLite and on PostgreSQL, every replay writing new
// tickets: fresh numbers, codes, keys and, where the sale wrote its ids
// itself (PostgreSQL), fresh ids.
func TestTheCeilingsReplayTheSaleWithoutErrors(t *testing.T) {
	bases := []string{"sqlite:"}
	if pg := storetest.PostgresURL(); pg != "" {
		bases = append(bases, pg)
	}
	for _, base := range bases {
		ctx := context.Background()
		e, err := Abrir(ctx, base, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Cerrar()
		guiones, err := e.GuionesVenta(ctx)
		if err != nil {
			t.Fatal(err)
		}
		const replays = 6
		antes, _, _ := e.contar(t)
		for i, gs := range [][]guion{guiones, soloEfectos(guiones)} {
			m := e.VentasCrudas(ctx, gs, fmt.Sprintf("techo%d", i), 5*time.Minute, replays)
			if m.Ops != replays || m.Errores != 0 {
				t.Fatalf("%s, techo %d: %d de %d, primer error %s", e.St.Dialect(), i, m.Ops, replays, m.Primero)
			}
		}
		if pasajes, distintos, _ := e.contar(t); pasajes != antes+2*replays*3 || distintos != pasajes {
			t.Fatalf("%s: %d pasajes (%d distintos), se esperaban %d", e.St.Dialect(), pasajes, distintos, antes+2*replays*3)
		}
	}
}
