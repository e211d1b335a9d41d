package store_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// listado seeds, in e's company: yesterday ana sells 2 Norte tickets (cash)
// to Juan Pérez; today ana sells 1 Sur ticket (card) to "María 50%" and beto
// 3 Norte tickets to Juan Pérez. Another company sells 1 ticket today. It returns beto's actor.
func listado(t *testing.T, e *empresaDePrueba) store.Actor {
	t.Helper()
	ctx := context.Background()
	if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolVendedor,
		NombreUsuario: "beto", PasswordHash: "x", Activo: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := e.st.UsuarioPorNombre(ctx, "beto")
	if err != nil {
		t.Fatal(err)
	}
	beto := store.Actor{UsuarioID: u.ID, EmpresaID: e.empresaID}
	if _, err := e.st.AbrirCaja(ctx, beto, 0, ""); err != nil {
		t.Fatal(err)
	}
	e.st.Now = func() time.Time { return ahora.Add(-24 * time.Hour) }
	e.abrir(t, 0)
	e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
	e.st.Now = func() time.Time { return ahora }
	v := e.venta(e.sur, e.tarjeta, manana, 1)
	v.ClienteNombre, v.ClienteTelefono = "María 50%", "1155667788"
	e.vender(t, v)
	if _, err := e.st.Vender(ctx, beto, e.venta(e.norte, e.efectivo, hoy, 3)); err != nil {
		t.Fatal(err)
	}
	otra := nuevaEmpresa(t, e.st, "Otra Empresa", "otro")
	otra.abrir(t, 0)
	otra.vender(t, otra.venta(otra.norte, otra.efectivo, hoy, 1))
	e.st.Now = func() time.Time { return ahora }
	return beto
}

func TestListarPasajesFiltrosYTotales(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		beto := listado(t, e)
		ctx := context.Background()
		todos, _, err := e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{})
		if err != nil {
			t.Fatal(err)
		}
		maria := todos[3] // newest first: beto's 3, then María's
		cases := []struct {
			name  string
			f     store.FiltroListadoPasajes
			items int64
			total domain.Centavos
		}{
			{"todo", store.FiltroListadoPasajes{}, 6, 950000},
			{"hoy", store.FiltroListadoPasajes{FechaInicio: hoy, FechaFin: hoy}, 4, 650000},
			{"ayer", store.FiltroListadoPasajes{FechaInicio: "2026-11-19", FechaFin: "2026-11-19"}, 2, 300000},
			{"desde hoy", store.FiltroListadoPasajes{FechaInicio: hoy}, 4, 650000},
			{"hasta ayer", store.FiltroListadoPasajes{FechaFin: "2026-11-19"}, 2, 300000},
			{"mañana", store.FiltroListadoPasajes{FechaInicio: manana}, 0, 0},
			{"sección", store.FiltroListadoPasajes{SeccionID: e.sur}, 1, 200000},
			{"tipo", store.FiltroListadoPasajes{TipoViajeID: e.jubilado}, 0, 0},
			{"vendedor", store.FiltroListadoPasajes{UsuarioID: beto.UsuarioID}, 3, 450000},
			{"estado", store.FiltroListadoPasajes{Estado: domain.PasajeActivo}, 6, 950000},
			{"nombre sin mayúsculas", store.FiltroListadoPasajes{Busqueda: "juan pérez"}, 5, 750000},
			{"nombre", store.FiltroListadoPasajes{Busqueda: "María"}, 1, 200000},
			{"comodín literal", store.FiltroListadoPasajes{Busqueda: "50%"}, 1, 200000},
			{"guion bajo literal", store.FiltroListadoPasajes{Busqueda: "_"}, 0, 0},
			{"teléfono", store.FiltroListadoPasajes{Busqueda: "5566"}, 1, 200000},
			{"número", store.FiltroListadoPasajes{Busqueda: maria.NumeroPasaje}, 1, 200000},
			{"id", store.FiltroListadoPasajes{Busqueda: strconv.FormatInt(maria.ID, 10), SeccionID: e.sur}, 1, 200000},
			{"combinado", store.FiltroListadoPasajes{FechaInicio: hoy, FechaFin: hoy, SeccionID: e.norte}, 3, 450000},
		}
		for _, c := range cases {
			ps, tot, err := e.st.ListarPasajes(ctx, e.empresaID, c.f)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if tot.TotalItems != c.items || tot.TotalVentas != c.total || int64(len(ps)) != c.items {
				t.Errorf("%s: %d pasajes (%d en la página) por %s, esperaba %d por %s", c.name, tot.TotalItems, len(ps),
					tot.TotalVentas, c.items, c.total)
			}
			for _, p := range ps {
				if p.NumeroPasaje == "" || p.SeccionNombre == "" || p.UsuarioNombre == "" {
					t.Fatalf("%s: pasaje incompleto %+v", c.name, p)
				}
			}
		}
		if _, err := e.st.CancelarPasaje(ctx, e.vendedor, maria.ID, store.Anulacion{}, false); err != nil {
			t.Fatal(err)
		}
		_, tot, _ := e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{Estado: domain.PasajeCancelado})
		if tot.TotalItems != 1 || tot.TotalVentas != 0 {
			t.Fatalf("cancelados: %+v (un pasaje cancelado no suma ventas)", tot)
		}
		_, tot, _ = e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{})
		if tot.TotalItems != 6 || tot.TotalVentas != 750000 {
			t.Fatalf("todos tras cancelar: %+v", tot)
		}
	})
}

func TestListarPasajesPaginas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		listado(t, e)
		ctx := context.Background()
		var vistos []int64
		for _, c := range []struct {
			pagina Pagina
			n      int
		}{{Pagina{4, 0}, 4}, {Pagina{4, 4}, 2}, {Pagina{4, 8}, 0}, {Pagina{6, 0}, 6}, {Pagina{1, 5}, 1}} {
			ps, tot, err := e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{Pagina: store.Pagina(c.pagina)})
			if err != nil || len(ps) != c.n || tot.TotalItems != 6 || tot.TotalVentas != 950000 {
				t.Fatalf("página %+v: %d pasajes, %+v, %v", c.pagina, len(ps), tot, err)
			}
			if c.pagina.Limite == 4 {
				vistos = append(vistos, mapear(ps, func(p store.Pasaje) int64 { return p.ID })...)
			}
		}
		if len(vistos) != 6 {
			t.Fatalf("las páginas no cubren el listado: %v", vistos)
		}
		for i := 1; i < len(vistos); i++ {
			if vistos[i] >= vistos[i-1] {
				t.Fatalf("no está ordenado del más nuevo al más viejo: %v", vistos)
			}
		}
	})
}

// Pagina mirrors store.Pagina for the table above.
type Pagina struct{ Limite, Desplazamiento int64 }

func TestPasajePorIDYExportacion(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		beto := listado(t, e)
		ctx := context.Background()
		todos, _, _ := e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{})
		p, err := e.st.PasajePorID(ctx, e.empresaID, todos[0].ID, 0)
		if err != nil || p.NumeroPasaje != todos[0].NumeroPasaje || p.NombreUsuario != "beto" {
			t.Fatalf("detalle: %+v %v", p, err)
		}
		if _, err := e.st.PasajePorID(ctx, e.empresaID, todos[5].ID, beto.UsuarioID); err == nil {
			t.Fatal("un vendedor ve el pasaje de otro")
		}
		otra := e.empresaID + 1
		_, err = e.st.PasajePorID(ctx, otra, todos[0].ID, 0)
		wantError(t, err, domain.KindNotFound, domain.MsgPasajeNoEncontrado)
		lote, err := e.st.PasajesPorIDs(ctx, e.empresaID, []int64{todos[2].ID, todos[0].ID}, 0)
		if err != nil || len(lote) != 2 || lote[0].ID != todos[2].ID {
			t.Fatalf("lote: %v %v", lote, err)
		}
		_, err = e.st.PasajesPorIDs(ctx, otra, []int64{todos[0].ID}, 0)
		wantError(t, err, domain.KindNotFound, domain.MsgPasajeNoEncontrado)
		exp, tot, err := e.st.ExportarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{FechaInicio: hoy,
			Pagina: store.Pagina{Limite: 1}})
		if err != nil || len(exp) != 4 || tot.TotalItems != 4 {
			t.Fatalf("exportación: %d %+v %v (la página no limita la exportación)", len(exp), tot, err)
		}
	})
}
