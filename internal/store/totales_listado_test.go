package store_test

import (
	"context"
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
	if _, err := e.st.CancelarPasaje(ctx, e.vendedor, vendidos[2].ID, store.Anulacion{}, false); err != nil {
		t.Fatal(err)
	}
	cancelar := func(ctx context.Context, a store.Actor, id int64, an store.Anulacion) (store.Pasaje, error) {
		return e.st.CancelarPasaje(ctx, a, id, an, false)
	}
	for _, cambiar := range []func(context.Context, store.Actor, int64, store.Anulacion) (store.Pasaje, error){
		cancelar, e.st.ReactivarPasaje, cancelar, e.st.ReactivarPasaje} {
		if _, err := cambiar(ctx, e.vendedor, vendidos[4].ID, store.Anulacion{Motivo: "prueba"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.st.ValidarPorID(ctx, e.vendedor, vendidos[len(vendidos)-1].ID); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestTotalesDelListadoComoUnConteoDirecto compares the list's figures (the
// figures reader's, or a search's count) with a plain COUNT/SUM over the
// tickets sold in the business days' instants of the range, for many date
// ranges and filters, after sales, cancellations, reactivations and a boarding.
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
				contar := func(expr string) int64 {
					return storetest.Int(t, e.st, `SELECT COALESCE(SUM(`+expr+`), 0)`+where, args...)
				}
				want := store.TotalesListado{TotalItems: contar("1"),
					Vigentes:         contar("CASE WHEN estado <> 'cancelado' THEN 1 ELSE 0 END"),
					TotalVentas:      domain.Centavos(contar("CASE WHEN estado <> 'cancelado' THEN precio ELSE 0 END")),
					Cancelados:       contar("CASE WHEN estado = 'cancelado' THEN 1 ELSE 0 END"),
					ImporteCancelado: domain.Centavos(contar("CASE WHEN estado = 'cancelado' THEN precio ELSE 0 END"))}
				if got != want {
					t.Errorf("%v %s: totales %+v, conteo directo %+v", r, c.nombre, got, want)
				}
			}
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ?`, e.empresaID); n < 10 {
			t.Fatalf("siembra: %d pasajes", n)
		}
	})
}
