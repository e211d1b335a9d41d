package api

import (
	"fmt"
	"net/http"
	"testing"

	"muelle/internal/domain"
)

func TestCatalogCRUD(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		r := e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": "  Tigre – Arroyo Espera ", "descripcion": "Recreos", "capacidad": 35})
		r.expect(t, http.StatusCreated, "Sección creada exitosamente")
		var it domain.ItemCatalogo
		r.decode(t, &it)
		if it.Nombre != "Tigre – Arroyo Espera" || it.Capacidad == nil || *it.Capacidad != 35 || !it.Activo {
			t.Fatalf("creada: %+v", it)
		}
		e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": "Tigre – Arroyo Espera", "capacidad": 10}).
			expect(t, http.StatusConflict, "Ya existe una sección con ese nombre")
		e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": " "}).expect(t, http.StatusBadRequest, "El nombre es obligatorio")
		for _, capacidad := range []any{-1, 0, nil, 10001} {
			e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": "X", "capacidad": capacidad}).
				expect(t, http.StatusBadRequest, "La capacidad debe ser un número entre 1 y 10000")
		}
		// the same name is free in another company
		e.do("POST", "/api/config/secciones", e.token("admin2"), map[string]any{"nombre": "Tigre – Arroyo Espera", "capacidad": 10}).
			expect(t, http.StatusCreated, "")

		path := fmt.Sprintf("/api/config/secciones/%d", it.ID)
		e.do("PUT", path, admin, map[string]any{"nombre": "Tigre – Espera", "capacidad": 30, "activo": false}).
			expect(t, http.StatusOK, "Sección actualizada exitosamente")
		if e.count(`SELECT COUNT(*) FROM secciones WHERE id = ? AND nombre = 'Tigre – Espera' AND capacidad = 30 AND activo = ?`, it.ID, false) != 1 {
			t.Fatal("la actualización no se guardó")
		}
		e.do("PUT", path, e.token("admin2"), map[string]any{"nombre": "Robada", "capacidad": 10}).expect(t, http.StatusNotFound, "Sección no encontrada")
		e.do("DELETE", path, e.token("admin2"), nil).expect(t, http.StatusNotFound, "Sección no encontrada")

		var activos []domain.ItemCatalogo
		e.do("GET", "/api/config/secciones?activos=true", e.token("vendedor"), nil).decode(t, &activos)
		for _, a := range activos {
			if a.ID == it.ID {
				t.Fatal("la lista de activos incluye una sección inactiva")
			}
		}
		var todos []domain.ItemCatalogo
		e.do("GET", "/api/config/secciones", admin, nil).decode(t, &todos)
		if len(todos) != len(activos)+1 {
			t.Fatalf("%d secciones, %d activas", len(todos), len(activos))
		}

		e.do("DELETE", path, admin, nil).expect(t, http.StatusOK, "Sección eliminada exitosamente")
		if e.count(`SELECT COUNT(*) FROM secciones WHERE id = ?`, it.ID) != 0 {
			t.Fatal("no se eliminó")
		}
	})
}

func TestDeletingAnEntryInUseDeactivatesIt(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for _, c := range []struct {
			cat  domain.Catalogo
			ruta string
			name string
			msg  string
		}{
			{domain.CatSecciones, "secciones", seccionDemo, "Sección desactivada exitosamente: ya tiene pasajes o movimientos registrados"},
			{domain.CatTiposViaje, "tipos-viaje", "General", "Tipo de viaje desactivado exitosamente: ya tiene pasajes o movimientos registrados"},
			{domain.CatMediosPago, "medios-pago", "Efectivo", "Medio de pago desactivado exitosamente: ya tiene pasajes o movimientos registrados"},
		} {
			id := e.idOf(1, c.cat, c.name)
			if e.count(`SELECT COUNT(*) FROM pasajes WHERE `+c.cat.ColumnaPasaje+` = ?`, id) == 0 {
				t.Fatalf("%s sin pasajes en la demo", c.name)
			}
			e.do("DELETE", fmt.Sprintf("/api/config/%s/%d", c.ruta, id), admin, nil).expect(t, http.StatusOK, c.msg)
			if e.count(`SELECT COUNT(*) FROM `+c.cat.Tabla+` WHERE id = ? AND activo = ?`, id, false) != 1 {
				t.Fatalf("%s no quedó inactivo", c.name)
			}
		}
	})
}

func TestPrices(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		sec, gen := e.idOf(1, domain.CatSecciones, seccionDemo), e.idOf(1, domain.CatTiposViaje, "General")
		r := e.do("GET", fmt.Sprintf("/api/config/precios/%d/%d", sec, gen), e.token("vendedor"), nil)
		r.expect(t, http.StatusOK, "")
		var p struct{ Precio float64 }
		r.decode(t, &p)
		if p.Precio != 4500 {
			t.Fatalf("precio %v", p.Precio)
		}
		e.do("PUT", "/api/config/precios", admin, map[string]any{"precios": []map[string]any{
			{"seccion_id": sec, "tipo_viaje_id": gen, "precio": 4999.99}}}).expect(t, http.StatusOK, "Precios actualizados exitosamente")
		if e.count(`SELECT precio FROM precios WHERE seccion_id = ? AND tipo_viaje_id = ?`, sec, gen) != 499999 {
			t.Fatal("precio no guardado en centavos")
		}
		// all or nothing: a foreign section in the batch refuses the whole batch
		otra := e.idOf(2, domain.CatSecciones, seccionDemo)
		e.do("PUT", "/api/config/precios", admin, map[string]any{"precios": []map[string]any{
			{"seccion_id": sec, "tipo_viaje_id": gen, "precio": 1},
			{"seccion_id": otra, "tipo_viaje_id": gen, "precio": 1}}}).expect(t, http.StatusNotFound, "Sección no encontrada")
		e.do("PUT", "/api/config/precios", admin, map[string]any{"precios": []map[string]any{
			{"seccion_id": sec, "tipo_viaje_id": gen, "precio": -5}}}).expect(t, http.StatusBadRequest, "Debe ser un monto válido (mayor o igual a cero)")
		if e.count(`SELECT precio FROM precios WHERE seccion_id = ? AND tipo_viaje_id = ?`, sec, gen) != 499999 {
			t.Fatal("un lote rechazado cambió precios")
		}
		e.do("GET", fmt.Sprintf("/api/config/precios/%d/%d", otra, gen), admin, nil).expect(t, http.StatusNotFound, "")
		var all []map[string]any
		e.do("GET", "/api/config/precios", e.token("admin2"), nil).decode(t, &all)
		if len(all) != 25 {
			t.Fatalf("admin2 ve %d precios", len(all))
		}
	})
}
