package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// ventasAlrededorDeMedianoche sells, in e's company and another one, tickets at
// instants on both sides of UTC and Buenos Aires midnights over five days, from
// two sellers, then cancels one, cancels and reactivates another and boards a
// third. It returns the second seller's id.
func ventasAlrededorDeMedianoche(t *testing.T, e *empresaDePrueba) int64 {
	t.Helper()
	ctx := context.Background()
	otra := nuevaEmpresa(t, e.st, "Otra Empresa", "otro")
	if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolVendedor,
		NombreUsuario: "beto", PasswordHash: "x", Activo: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := e.st.UsuarioPorNombre(ctx, "beto")
	if err != nil {
		t.Fatal(err)
	}
	beto := store.Actor{UsuarioID: u.ID, EmpresaID: e.empresaID}
	loc := domain.Location("America/Argentina/Buenos_Aires")
	instantes := []string{"2026-11-16T02:30:00Z", "2026-11-17T03:30:00Z", "2026-11-18T12:00:00Z",
		"2026-11-19T23:50:00Z", "2026-11-20T01:10:00Z", "2026-11-20T14:00:00Z"}
	var vendidos []store.Pasaje
	for i, s := range instantes {
		now, _ := time.Parse(time.RFC3339, s)
		e.st.Now = func() time.Time { return now }
		if i == 0 {
			e.abrir(t, 0)
			otra.abrir(t, 0)
			if _, err := e.st.AbrirCaja(ctx, beto, 0, ""); err != nil {
				t.Fatal(err)
			}
		}
		fecha := domain.DiaDe(now, loc).Fecha
		seccion := []int64{e.norte, e.sur}[i%2]
		vendidos = append(vendidos, e.vender(t, e.venta(seccion, e.efectivo, fecha, 1+i%2))...)
		if _, err := e.st.Vender(ctx, beto, e.venta(e.norte, e.tarjeta, fecha, 1)); err != nil {
			t.Fatal(err)
		}
		otra.vender(t, otra.venta(otra.sur, otra.efectivo, fecha, 2))
	}
	e.st.Now = func() time.Time { return ahora }
	if _, err := e.st.CancelarPasaje(ctx, e.vendedor, vendidos[2].ID, "", false); err != nil {
		t.Fatal(err)
	}
	cancelar := func(ctx context.Context, a store.Actor, id int64, motivo string) (store.Pasaje, error) {
		return e.st.CancelarPasaje(ctx, a, id, motivo, false)
	}
	for _, cambiar := range []func(context.Context, store.Actor, int64, string) (store.Pasaje, error){
		cancelar, e.st.ReactivarPasaje, cancelar, e.st.ReactivarPasaje} {
		if _, err := cambiar(ctx, e.vendedor, vendidos[4].ID, "prueba"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.st.ValidarPorID(ctx, e.vendedor, vendidos[len(vendidos)-1].ID); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestTotalesDelListadoComoUnConteoDirecto compares the list's figures (per-day
// totals plus the partial days at the ends) with a plain COUNT/SUM over the
// tickets, for many date ranges and filters, after sales, cancellations,
// reactivations and a boarding.
func TestTotalesDelListadoComoUnConteoDirecto(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		betoID := ventasAlrededorDeMedianoche(t, e)
		ctx := context.Background()
		loc := domain.Location("America/Argentina/Buenos_Aires")
		bordes := func(inicio, fin string) (time.Time, time.Time) {
			desde, hasta := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
			if inicio != "" {
				d, _ := time.ParseInLocation(time.DateOnly, inicio, loc)
				desde = domain.DiaDe(d, loc).Desde
			}
			if fin != "" {
				d, _ := time.ParseInLocation(time.DateOnly, fin, loc)
				hasta = domain.DiaDe(d, loc).Hasta
			}
			return desde, hasta
		}
		rangos := [][2]string{{"", ""}, {"2026-11-15", "2026-11-15"}, {"2026-11-16", "2026-11-16"},
			{"2026-11-17", "2026-11-19"}, {"2026-11-16", ""}, {"", "2026-11-19"}, {"2026-11-18", "2026-11-20"},
			{"2026-11-19", "2026-11-19"}, {"2026-11-20", "2026-11-20"}, {"2026-11-21", ""}}
		filtros := []struct {
			nombre string
			f      store.FiltroListadoPasajes
			cond   string
			args   []any
		}{
			{"todo", store.FiltroListadoPasajes{}, "", nil},
			{"cancelados", store.FiltroListadoPasajes{Estado: domain.PasajeCancelado}, " AND estado = ?", []any{domain.PasajeCancelado}},
			{"activos", store.FiltroListadoPasajes{Estado: domain.PasajeActivo}, " AND estado = ?", []any{domain.PasajeActivo}},
			{"usados", store.FiltroListadoPasajes{Estado: domain.PasajeUsado}, " AND estado = ?", []any{domain.PasajeUsado}},
			{"sur", store.FiltroListadoPasajes{SeccionID: e.sur}, " AND seccion_id = ?", []any{e.sur}},
			{"general", store.FiltroListadoPasajes{TipoViajeID: e.general}, " AND tipo_viaje_id = ?", []any{e.general}},
			{"beto", store.FiltroListadoPasajes{UsuarioID: betoID}, " AND usuario_id = ?", []any{betoID}},
			{"búsqueda", store.FiltroListadoPasajes{Busqueda: "JUAN"}, " AND cliente_nombre LIKE ?", []any{"Juan%"}},
		}
		for _, r := range rangos {
			desde, hasta := bordes(r[0], r[1])
			for _, c := range filtros {
				f := c.f
				f.FechaInicio, f.FechaFin = r[0], r[1]
				_, got, err := e.st.ListarPasajes(ctx, e.empresaID, f)
				if err != nil {
					t.Fatal(err)
				}
				where := ` FROM pasajes WHERE empresa_id = ? AND created_at >= ? AND created_at < ?` + c.cond
				args := append([]any{e.empresaID, desde, hasta}, c.args...)
				items := storetest.Int(t, e.st, `SELECT COUNT(*)`+where, args...)
				ventas := storetest.Int(t, e.st, `SELECT SUM(CASE WHEN estado <> 'cancelado' THEN precio ELSE 0 END)`+where, args...)
				if got.TotalItems != items || int64(got.TotalVentas) != ventas {
					t.Errorf("%v %s: totales %+v, conteo directo %d pasajes y %d", r, c.nombre, got, items, ventas)
				}
			}
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ?`, e.empresaID); n < 10 {
			t.Fatalf("siembra: %d pasajes", n)
		}
	})
}

// TestTotalesPorDiaSiguenALosPasajes checks the per-day totals table key by
// key (its stripes summed) against the tickets after every kind of write.
func TestTotalesPorDiaSiguenALosPasajes(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ventasAlrededorDeMedianoche(t, e)
		compararTotalesConPasajes(t, e.st)
	})
}

// TestConsolidarTotalesPliegaLasFranjasPasadas spreads every total over three
// stripes (as three database sessions would leave them), folds them in small
// lots and checks that the past days are left in stripe -1 alone, today's
// stripes untouched, and every figure what the tickets say. SQLite has one
// stripe and folds nothing.
func TestConsolidarTotalesPliegaLasFranjasPasadas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		ventasAlrededorDeMedianoche(t, e)
		if e.st.Dialect() == "sqlite" {
			if n, err := e.st.ConsolidarTotales(ctx, 10); n != 0 || err != nil {
				t.Fatalf("SQLite plegó %d filas (%v)", n, err)
			}
			return
		}
		if _, err := e.st.DB().Exec(`INSERT INTO pasajes_totales_dia (empresa_id, dia, estado, seccion_id,
			tipo_viaje_id, usuario_id, franja, cantidad, importe)
			SELECT empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja + 40 * d, 3 * s, 300 * s
			FROM pasajes_totales_dia, (VALUES (1, 1), (2, -1)) AS x (d, s)`); err != nil {
			t.Fatal(err)
		}
		hoy := ahora.Truncate(24 * time.Hour)
		pasadas := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes_totales_dia WHERE dia < $1`, hoy)
		deHoy := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes_totales_dia WHERE dia >= $1`, hoy)
		if pasadas < 30 || deHoy < 3 {
			t.Fatalf("siembra: %d filas de días pasados y %d de hoy", pasadas, deHoy)
		}
		var plegadas int64
		for {
			n, err := e.st.ConsolidarTotales(ctx, 7)
			if err != nil {
				t.Fatal(err)
			}
			if plegadas += n; n < 7 {
				break
			}
		}
		if plegadas != pasadas {
			t.Errorf("plegó %d filas, había %d de días pasados", plegadas, pasadas)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes_totales_dia WHERE dia < $1 AND franja <> -1`, hoy); n != 0 {
			t.Errorf("quedaron %d franjas de días pasados sin plegar", n)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes_totales_dia WHERE dia >= $1`, hoy); n != deHoy {
			t.Errorf("las filas de hoy pasaron de %d a %d", deHoy, n)
		}
		if n, err := e.st.ConsolidarTotales(ctx, 7); n != 0 || err != nil {
			t.Errorf("un segundo pliegue plegó %d filas (%v)", n, err)
		}
		compararTotalesConPasajes(t, e.st)
	})
}

// compararTotalesConPasajes fails unless the per-day totals, their stripes
// summed, are what the tickets say, key by key.
func compararTotalesConPasajes(t *testing.T, st *store.Store) {
	t.Helper()
	rows, err := st.DB().Query(`SELECT empresa_id, CAST(dia AS TEXT), estado, seccion_id, tipo_viaje_id, usuario_id,
		SUM(cantidad), SUM(importe) FROM pasajes_totales_dia GROUP BY empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	tabla := map[string]int64{}
	for rows.Next() {
		var empresa, seccion, tipo, usuario, cantidad, importe int64
		var dia, estado string
		if err := rows.Scan(&empresa, &dia, &estado, &seccion, &tipo, &usuario, &cantidad, &importe); err != nil {
			t.Fatal(err)
		}
		if cantidad != 0 {
			tabla[fmt.Sprint(empresa, dia, estado, seccion, tipo, usuario)] = cantidad*1e12 + importe
		}
	}
	directo := map[string]int64{}
	rows, err = st.DB().Query(`SELECT empresa_id, created_at, estado, seccion_id, tipo_viaje_id, usuario_id, precio FROM pasajes`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var empresa, seccion, tipo, usuario, precio int64
		var creado time.Time
		var estado string
		if err := rows.Scan(&empresa, &creado, &estado, &seccion, &tipo, &usuario, &precio); err != nil {
			t.Fatal(err)
		}
		directo[fmt.Sprint(empresa, creado.UTC().Format(time.DateOnly), estado, seccion, tipo, usuario)] += 1e12 + precio
	}
	if fmt.Sprint(tabla) != fmt.Sprint(directo) || len(tabla) < 10 {
		t.Fatalf("totales por día:\n%v\npasajes:\n%v", tabla, directo)
	}
}
