package store_test

import (
	"context"
	"reflect"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func nombresDe(items []domain.ItemCatalogo) []string {
	return mapear(items, func(it domain.ItemCatalogo) string { return it.Nombre })
}

func TestListarCatalogo(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otra := nuevaEmpresa(t, e.st, "Interisleña", "beto")
		otra.item(t, domain.CatSecciones, "Ajena")
		if _, err := e.st.ActualizarItem(ctx, e.admin(), domain.CatSecciones, e.sur,
			domain.ItemCatalogo{Nombre: "Sur", Activo: false, Capacidad: new(int64(12))}); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			cat         domain.Catalogo
			soloActivos bool
			want        []string
		}{
			{domain.CatSecciones, false, []string{"Norte", "Sur"}},
			{domain.CatSecciones, true, []string{"Norte"}},
			{domain.CatTiposViaje, true, []string{"General", "Jubilado"}},
			{domain.CatMediosPago, false, []string{"Efectivo", "Tarjeta"}},
		}
		for _, tc := range cases {
			items, err := e.st.ListarCatalogo(ctx, e.empresaID, tc.cat, tc.soloActivos)
			if err != nil {
				t.Fatal(err)
			}
			if got := nombresDe(items); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s activos=%v: %v, se esperaba %v", tc.cat.Tabla, tc.soloActivos, got, tc.want)
			}
		}
		secciones, _ := e.st.ListarCatalogo(ctx, e.empresaID, domain.CatSecciones, false)
		if c := secciones[1].Capacidad; c == nil || *c != 12 {
			t.Errorf("capacidad de Sur = %v", c)
		}
		tipos, _ := e.st.ListarCatalogo(ctx, e.empresaID, domain.CatTiposViaje, false)
		if tipos[0].Capacidad != nil {
			t.Error("un tipo de viaje no tiene capacidad")
		}
	})
}

func TestCatalogWritesRefuseWithTheCatalogsOwnMessages(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otra := nuevaEmpresa(t, e.st, "Interisleña", "beto")
		item := domain.ItemCatalogo{Nombre: "Norte", Activo: true, Capacidad: new(int64(1))}
		cases := []struct {
			name string
			err  func() error
			kind domain.Kind
			msg  string
		}{
			{"sección repetida", func() error {
				_, err := e.st.CrearItem(ctx, e.admin(), domain.CatSecciones, item)
				return err
			}, domain.KindConflict, "Ya existe una sección con ese nombre"},
			{"tipo renombrado como otro", func() error {
				_, err := e.st.ActualizarItem(ctx, e.admin(), domain.CatTiposViaje, e.jubilado, domain.ItemCatalogo{Nombre: "General"})
				return err
			}, domain.KindConflict, "Ya existe un tipo de viaje con ese nombre"},
			{"medio de otra empresa", func() error {
				_, err := e.st.ActualizarItem(ctx, e.admin(), domain.CatMediosPago, otra.efectivo, domain.ItemCatalogo{Nombre: "X"})
				return err
			}, domain.KindNotFound, "Medio de pago no encontrado"},
			{"eliminar sección de otra empresa", func() error {
				_, err := e.st.EliminarItem(ctx, e.admin(), domain.CatSecciones, otra.norte)
				return err
			}, domain.KindNotFound, "Sección no encontrada"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) { wantError(t, tc.err(), tc.kind, tc.msg) })
		}
		if _, err := e.st.CrearItem(ctx, otra.admin(), domain.CatSecciones, domain.ItemCatalogo{Nombre: "Este", Capacidad: new(int64(20))}); err != nil {
			t.Fatalf("otra empresa puede usar sus propios nombres: %v", err)
		}
	})
}

func TestEliminarItemDeletesUnusedAndDeactivatesUsed(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
		cases := []struct {
			name        string
			cat         domain.Catalogo
			id          int64
			desactivado bool
		}{
			{"sección vendida", domain.CatSecciones, e.norte, true},
			{"sección sin pasajes", domain.CatSecciones, e.sur, false},
			{"medio usado en caja", domain.CatMediosPago, e.efectivo, true},
			{"medio sin uso", domain.CatMediosPago, e.tarjeta, false},
			{"tipo sin pasajes", domain.CatTiposViaje, e.jubilado, false},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				desactivado, err := e.st.EliminarItem(ctx, e.admin(), tc.cat, tc.id)
				if err != nil || desactivado != tc.desactivado {
					t.Fatalf("desactivado = %v, %v; se esperaba %v", desactivado, err, tc.desactivado)
				}
				quedan := storetest.Int(t, e.st, `SELECT COUNT(*) FROM `+tc.cat.Tabla+` WHERE id = ?`, tc.id)
				activos := storetest.Int(t, e.st, `SELECT COUNT(*) FROM `+tc.cat.Tabla+` WHERE id = ? AND activo = TRUE`, tc.id)
				if (quedan == 1) != tc.desactivado || activos != 0 {
					t.Fatalf("quedan %d, activos %d", quedan, activos)
				}
			})
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM precios WHERE seccion_id = ? OR tipo_viaje_id = ?`, e.sur, e.jubilado); n != 0 {
			t.Errorf("quedaron %d precios de lo eliminado", n)
		}
	})
}

func TestPrecios(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otra := nuevaEmpresa(t, e.st, "Interisleña", "beto")
		lista, err := e.st.ListarPrecios(ctx, e.empresaID)
		if err != nil || len(lista) != 4 || lista[0] != (store.Precio{SeccionID: e.norte, TipoViajeID: e.general, Precio: 150000}) {
			t.Fatalf("precios = %+v, %v", lista, err)
		}
		cases := []struct {
			name          string
			empresa       int64
			seccion, tipo int64
			precio        domain.Centavos
			ok            bool
		}{
			{"propio", e.empresaID, e.sur, e.jubilado, 100000, true},
			{"de otra empresa", e.empresaID, otra.sur, otra.jubilado, 0, false},
			{"sin precio", e.empresaID, e.norte, 9999, 0, false},
		}
		for _, tc := range cases {
			p, ok, err := e.st.PrecioDe(ctx, tc.empresa, tc.seccion, tc.tipo)
			if err != nil || ok != tc.ok || p != tc.precio {
				t.Errorf("%s: %v %v %v", tc.name, p, ok, err)
			}
		}
		if err := e.guardarPrecios(store.Precio{SeccionID: e.norte, TipoViajeID: e.general, Precio: 160050}); err != nil {
			t.Fatal(err)
		}
		if p, _, _ := e.st.PrecioDe(ctx, e.empresaID, e.norte, e.general); p != 160050 {
			t.Errorf("precio actualizado = %v", p)
		}
		refusals := []struct {
			name   string
			precio store.Precio
			kind   domain.Kind
			msg    string
		}{
			{"negativo", store.Precio{SeccionID: e.norte, TipoViajeID: e.general, Precio: -1}, domain.KindInvalid, domain.MsgMontoNoNegativo},
			{"sección ajena", store.Precio{SeccionID: otra.norte, TipoViajeID: e.general, Precio: 1}, domain.KindNotFound, "Sección no encontrada"},
			{"tipo ajeno", store.Precio{SeccionID: e.norte, TipoViajeID: otra.general, Precio: 1}, domain.KindNotFound, "Tipo de viaje no encontrado"},
		}
		for _, tc := range refusals {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, e.guardarPrecios(tc.precio), tc.kind, tc.msg)
			})
		}
	})
}
