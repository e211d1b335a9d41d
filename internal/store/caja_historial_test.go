package store_test

import (
	"context"
	"reflect"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func TestHistorialCajas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		primera := e.abrir(t, 10000)
		if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 9000, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		segunda := e.abrir(t, 0)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2)) // 3000,00 in cash
		if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 300000, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		e.abrir(t, 500) // still open: not in the history
		otra := nuevaEmpresa(t, e.st, "Otra Empresa", "beto")
		otra.abrir(t, 100)
		if _, err := e.st.CerrarCaja(ctx, otra.vendedor, store.Contado{Efectivo: 100, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}

		casos := []struct {
			nombre  string
			empresa int64
			filtro  store.FiltroHistorialCajas
			ids     []int64
			total   int64
		}{
			{"todas, la más reciente primero", e.empresaID, store.FiltroHistorialCajas{UsuarioID: e.vendedor.UsuarioID}, []int64{segunda.ID, primera.ID}, 2},
			{"una página", e.empresaID, store.FiltroHistorialCajas{UsuarioID: e.vendedor.UsuarioID, Pagina: store.Pagina{Limite: 1, Desplazamiento: 1}}, []int64{primera.ID}, 2},
			{"otro usuario", e.empresaID, store.FiltroHistorialCajas{UsuarioID: otra.vendedor.UsuarioID}, []int64{}, 0},
			{"otra empresa", otra.empresaID, store.FiltroHistorialCajas{UsuarioID: e.vendedor.UsuarioID}, []int64{}, 0},
		}
		for _, c := range casos {
			got, total, err := e.st.HistorialCajas(ctx, c.empresa, c.filtro)
			if err != nil {
				t.Fatal(err)
			}
			ids := mapear(got, func(k store.CajaCerrada) int64 { return k.ID })
			if !reflect.DeepEqual(ids, c.ids) || total != c.total {
				t.Errorf("%s: ids %v total %d, se esperaba %v total %d", c.nombre, ids, total, c.ids, c.total)
			}
		}
		got, _, _ := e.st.HistorialCajas(ctx, e.empresaID, store.FiltroHistorialCajas{UsuarioID: e.vendedor.UsuarioID})
		cifras := []domain.Centavos{got[0].MontoApertura, got[0].TotalVentas, got[0].EfectivoEsperado, got[0].MontoCierre, got[0].Diferencia}
		if want := []domain.Centavos{0, 300000, 300000, 300000, 0}; !reflect.DeepEqual(cifras, want) || !got[0].FechaCierre.Equal(ahora) {
			t.Errorf("cifras del cierre = %v (%v), se esperaba %v", cifras, got[0].FechaCierre, want)
		}
		if got[1].Diferencia != -1000 {
			t.Errorf("diferencia de la primera = %d", got[1].Diferencia)
		}
	})
}
