package store_test

import (
	"context"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// Every price the fare table held is kept with when it held it (precios_historial,
// migration 41): an offline sale's price is judged by it. Saving the same price
// again starts nothing new; deleting a trip type ends its prices.
func TestLosPreciosGuardanCuandoRigieron(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		antes := ahora
		defer func() { e.st.Now = func() time.Time { return antes } }()
		cambio := antes.Add(time.Hour)
		e.st.Now = func() time.Time { return cambio }
		if err := e.guardarPrecios(store.Precio{SeccionID: e.norte, TipoViajeID: e.general, Precio: 180000},
			store.Precio{SeccionID: e.norte, TipoViajeID: e.jubilado, Precio: 75000}); err != nil {
			t.Fatal(err)
		}
		filas := func(q string, args ...any) int64 {
			t.Helper()
			return storetest.Int(t, e.st, `SELECT COUNT(*) FROM precios_historial WHERE empresa_id = ? AND `+q,
				append([]any{e.empresaID}, args...)...)
		}
		if filas(`seccion_id = ? AND tipo_viaje_id = ? AND precio = 150000 AND desde = ? AND hasta = ?`, e.norte, e.general, antes, cambio) != 1 ||
			filas(`seccion_id = ? AND tipo_viaje_id = ? AND precio = 180000 AND desde = ? AND hasta IS NULL`, e.norte, e.general, cambio) != 1 {
			t.Fatal("el cambio de precio no cerró el anterior ni abrió el nuevo")
		}
		if filas(`seccion_id = ? AND tipo_viaje_id = ?`, e.norte, e.jubilado) != 1 {
			t.Fatal("guardar el mismo precio abrió otro período")
		}
		// a trip type deleted (never sold): its prices end
		tipo, err := e.st.CrearItem(ctx, e.admin(), domain.CatTiposViaje, domain.ItemCatalogo{Nombre: "Escolar", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.guardarPrecios(store.Precio{SeccionID: e.norte, TipoViajeID: tipo.ID, Precio: 50000}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.st.EliminarItem(ctx, e.admin(), domain.CatTiposViaje, tipo.ID); err != nil {
			t.Fatal(err)
		}
		if filas(`tipo_viaje_id = ? AND hasta = ?`, tipo.ID, cambio) != 1 || filas(`tipo_viaje_id = ? AND hasta IS NULL`, tipo.ID) != 0 {
			t.Fatal("los precios de un tipo de viaje eliminado siguen vigentes")
		}
	})
}
