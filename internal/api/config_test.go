package api

import (
	"fmt"
	"net/http"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
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

// auditadasCatalogo counts the admin's audit entries of accion on company 1
// whose detalles hold every one of detalles.
func (e *env) auditadasCatalogo(accion string, detalles ...string) int64 {
	e.t.Helper()
	q := `SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1 AND usuario_id = ?
		AND ip_address = '192.0.2.1' AND exito = ?`
	args := []any{accion, e.userID("admin"), true}
	for _, d := range detalles {
		q += ` AND detalles LIKE ?`
		args = append(args, "%"+d+"%")
	}
	return e.count(q, args...)
}

func TestCatalogWritesAreIdempotentAndAudited(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		clave := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
		eventos := func() int64 { return e.count(`SELECT COUNT(*) FROM eventos WHERE nombre = 'configActualizada'`) }
		for _, c := range []struct {
			cat          domain.Catalogo
			ruta         string
			cuerpo, otro map[string]any
		}{
			{domain.CatSecciones, "secciones", map[string]any{"nombre": "Tigre – Arroyo Espera", "capacidad": 35},
				map[string]any{"nombre": "Tigre – Arroyo Esperita", "capacidad": 36}},
			{domain.CatTiposViaje, "tipos-viaje", map[string]any{"nombre": "Docente"}, map[string]any{"nombre": "Docentes"}},
			{domain.CatMediosPago, "medios-pago", map[string]any{"nombre": "Cheque"}, map[string]any{"nombre": "Cheques"}},
		} {
			t.Run(c.ruta, func(t *testing.T) {
				base, imagen := "/api/config/"+c.ruta, `"catalogo":"`+c.cat.Tabla+`"`
				// create: the retry answers the same entry and writes nothing more
				antes := eventos()
				var primero, segundo domain.ItemCatalogo
				r := e.doWith("POST", base, admin, c.cuerpo, clave(c.ruta+"-crear"))
				r.expect(t, http.StatusCreated, c.cat.Mensajes.Creado)
				r.decode(t, &primero)
				r = e.doWith("POST", base, admin, c.cuerpo, clave(c.ruta+"-crear"))
				r.expect(t, http.StatusCreated, c.cat.Mensajes.Creado)
				r.decode(t, &segundo)
				if segundo.ID != primero.ID || segundo.Nombre != primero.Nombre {
					t.Fatalf("reintento: %+v, primero %+v", segundo, primero)
				}
				e.doWith("POST", base, admin, c.otro, clave(c.ruta+"-crear")).
					expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
				if n := e.count(`SELECT COUNT(*) FROM `+c.cat.Tabla+` WHERE empresa_id = 1 AND nombre IN (?, ?)`,
					c.cuerpo["nombre"], c.otro["nombre"]); n != 1 {
					t.Fatalf("%d entradas escritas", n)
				}
				if n := eventos() - antes; n != 1 {
					t.Fatalf("%d eventos de la creación", n)
				}
				id := fmt.Sprint(primero.ID)
				if n := e.auditadasCatalogo(store.AccionCreacionCatalogo, `"antes":null`,
					`"despues":{`+imagen+`,"id":`+id+`,"nombre":"`+primero.Nombre+`"`); n != 1 {
					t.Fatalf("CREACION_CATALOGO auditadas: %d", n)
				}

				// update
				ruta := base + "/" + id
				cambio := map[string]any{"nombre": primero.Nombre + " Norte", "capacidad": 20, "activo": false}
				if !c.cat.ConCapacidad {
					delete(cambio, "capacidad")
				}
				for range 2 {
					e.doWith("PUT", ruta, admin, cambio, clave(c.ruta+"-editar")).expect(t, http.StatusOK, c.cat.Mensajes.Actualizado)
				}
				e.doWith("PUT", ruta, admin, c.otro, clave(c.ruta+"-editar")).
					expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
				if n := e.count(`SELECT COUNT(*) FROM `+c.cat.Tabla+` WHERE id = ? AND nombre = ? AND activo = ?`, primero.ID,
					primero.Nombre+" Norte", false); n != 1 {
					t.Fatal("la edición no quedó o la rechazada se escribió")
				}
				if n := e.auditadasCatalogo(store.AccionActualizacionCatalogo, `"antes":{`+imagen+`,"id":`+id+`,"nombre":"`+primero.Nombre+`"`,
					`"despues":{`+imagen+`,"id":`+id+`,"nombre":"`+primero.Nombre+` Norte"`, `"activo":false`); n != 1 {
					t.Fatalf("ACTUALIZACION_CATALOGO auditadas: %d", n)
				}

				// delete: the retry answers the first answer, though the entry is gone
				for range 2 {
					e.doWith("DELETE", ruta, admin, nil, clave(c.ruta+"-eliminar")).expect(t, http.StatusOK, c.cat.Mensajes.Eliminado)
				}
				e.doWith("DELETE", base+"/999999", admin, nil, clave(c.ruta+"-eliminar")).
					expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
				if n := e.count(`SELECT COUNT(*) FROM `+c.cat.Tabla+` WHERE id = ?`, primero.ID); n != 0 {
					t.Fatal("no se eliminó")
				}
				if n := e.auditadasCatalogo(store.AccionEliminacionCatalogo, `"antes":{`+imagen+`,"id":`+id, `"despues":null`); n != 1 {
					t.Fatalf("ELIMINACION_CATALOGO auditadas: %d", n)
				}
			})
		}

		// deactivating an entry in use is audited with the entry after
		general := e.idOf(1, domain.CatTiposViaje, "General")
		e.do("DELETE", fmt.Sprintf("/api/config/tipos-viaje/%d", general), admin, nil).
			expect(t, http.StatusOK, domain.CatTiposViaje.Mensajes.Desactivado)
		if n := e.auditadasCatalogo(store.AccionEliminacionCatalogo, `"despues":{"catalogo":"tipos_viaje","id":`+fmt.Sprint(general),
			`"activo":false`); n != 1 {
			t.Fatalf("desactivación auditada: %d", n)
		}
		// a refused write is not audited
		total := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion LIKE '%_CATALOGO'`)
		otra := e.idOf(2, domain.CatSecciones, seccionDemo)
		e.do("PUT", fmt.Sprintf("/api/config/secciones/%d", otra), admin, map[string]any{"nombre": "Robada", "capacidad": 1}).
			expect(t, http.StatusNotFound, "Sección no encontrada")
		e.do("POST", "/api/config/medios-pago", admin, map[string]any{"nombre": "Efectivo"}).
			expect(t, http.StatusConflict, domain.CatMediosPago.Mensajes.Duplicado)
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion LIKE '%_CATALOGO'`); n != total {
			t.Fatalf("rechazos auditados: %d", n-total)
		}
	})
}

func TestPriceWritesAreIdempotentAndAudited(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		clave := map[string]string{"Idempotency-Key": "precios-1"}
		sec, gen := e.idOf(1, domain.CatSecciones, seccionDemo), e.idOf(1, domain.CatTiposViaje, "General")
		nuevo := e.idOf(1, domain.CatTiposViaje, "Jubilado")
		// a section × trip type without a price yet
		tipo := e.do("POST", "/api/config/tipos-viaje", admin, map[string]any{"nombre": "Docente"})
		var docente domain.ItemCatalogo
		tipo.decode(t, &docente)
		cuerpo := map[string]any{"precios": []map[string]any{
			{"seccion_id": sec, "tipo_viaje_id": gen, "precio": 4999.99},
			{"seccion_id": sec, "tipo_viaje_id": docente.ID, "precio": 1000}}}
		var primera, segunda []Precio
		r := e.doWith("PUT", "/api/config/precios", admin, cuerpo, clave)
		r.expect(t, http.StatusOK, "Precios actualizados exitosamente")
		r.decode(t, &primera)
		// another write in between: the retry still answers the first answer and changes nothing
		e.do("PUT", "/api/config/precios", admin, map[string]any{"precios": []map[string]any{
			{"seccion_id": sec, "tipo_viaje_id": nuevo, "precio": 1}}}).expect(t, http.StatusOK, "Precios actualizados exitosamente")
		r = e.doWith("PUT", "/api/config/precios", admin, cuerpo, clave)
		r.expect(t, http.StatusOK, "Precios actualizados exitosamente")
		r.decode(t, &segunda)
		if len(primera) != 26 || fmt.Sprint(segunda) != fmt.Sprint(primera) {
			t.Fatalf("reintento:\n%v\nprimera:\n%v", segunda, primera)
		}
		cuerpo["precios"].([]map[string]any)[0]["precio"] = 5000
		e.doWith("PUT", "/api/config/precios", admin, cuerpo, clave).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if e.count(`SELECT precio FROM precios WHERE seccion_id = ? AND tipo_viaje_id = ?`, sec, gen) != 499999 {
			t.Fatal("la clave reusada cambió el precio")
		}
		if n := e.auditadasCatalogo(store.AccionActualizacionPrecios,
			fmt.Sprintf(`"antes":[{"seccion_id":%d,"tipo_viaje_id":%d,"precio":4500.00}]`, sec, gen),
			fmt.Sprintf(`"despues":[{"seccion_id":%d,"tipo_viaje_id":%d,"precio":4999.99},{"seccion_id":%d,"tipo_viaje_id":%d,"precio":1000.00}]`,
				sec, gen, sec, docente.ID)); n != 1 {
			t.Fatalf("ACTUALIZACION_PRECIOS de la primera: %d", n)
		}
		if n := e.auditadasCatalogo(store.AccionActualizacionPrecios); n != 2 {
			t.Fatalf("ACTUALIZACION_PRECIOS: %d, esperaba 2", n)
		}
		// a refused batch is not audited
		e.do("PUT", "/api/config/precios", admin, map[string]any{"precios": []map[string]any{
			{"seccion_id": e.idOf(2, domain.CatSecciones, seccionDemo), "tipo_viaje_id": gen, "precio": 1}}}).
			expect(t, http.StatusNotFound, "Sección no encontrada")
		if n := e.auditadasCatalogo(store.AccionActualizacionPrecios); n != 2 {
			t.Fatalf("ACTUALIZACION_PRECIOS tras un rechazo: %d", n)
		}
	})
}
