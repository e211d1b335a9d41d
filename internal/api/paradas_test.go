package api

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func TestParadasDeUnaSeccion(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, vendedor := e.token("admin"), e.token("vendedor")
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		ruta := fmt.Sprintf("/api/config/secciones/%d/paradas", seccion)
		paradas := func() string {
			var ps []Parada
			e.do("GET", ruta, admin, nil).decode(t, &ps)
			var out []string
			for _, p := range ps {
				out = append(out, fmt.Sprintf("%s %d", p.Nombre, p.Minutos))
			}
			return strings.Join(out, ", ")
		}
		// The demo's "Tigre – Tres Bocas" is a route of its two names; a seller reads it like the catalog.
		r := e.do("GET", ruta, vendedor, nil)
		r.expect(t, http.StatusOK, "")
		if got := paradas(); got != "Tigre 0, Tres Bocas 60" {
			t.Fatalf("paradas iniciales: %s", got)
		}
		auditadas := func() int64 {
			return e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionActualizacionParadas)
		}
		cuerpo := map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0},
			{"nombre": " Arroyo Gambado ", "minutos": 20}, {"nombre": "Tres Bocas", "minutos": 35}}}
		clave := map[string]string{"Idempotency-Key": "paradas-1"}
		r = e.doWith("PUT", ruta, admin, cuerpo, clave)
		r.expect(t, http.StatusOK, domain.MsgParadasActualizadas)
		var guardadas []Parada
		r.decode(t, &guardadas)
		if len(guardadas) != 3 || guardadas[1] != (Parada{Nombre: "Arroyo Gambado", Minutos: 20}) {
			t.Fatalf("guardadas: %+v", guardadas)
		}
		if got := paradas(); got != "Tigre 0, Arroyo Gambado 20, Tres Bocas 35" || auditadas() != 1 {
			t.Fatalf("después: %s, %d auditadas", got, auditadas())
		}
		// The retry answers the same and does nothing more.
		e.doWith("PUT", ruta, admin, cuerpo, clave).expect(t, http.StatusOK, domain.MsgParadasActualizadas)
		if auditadas() != 1 {
			t.Fatal("el reintento auditó otra vez")
		}
		// The day's departures and the timetable carry each stop's time, the return backwards.
		_, _, _ = salidasDe1(t, e) // the 23:45 timetable row and the 23:50 extra departure, ida
		e.do("POST", "/api/horarios", admin, map[string]any{"seccion_id": seccion, "hora": "17:00", "sentido": "vuelta",
			"dias": []int{1, 2, 3, 4, 5, 6, 7}}).expect(t, http.StatusCreated, "")
		var salidas []Salida
		e.do("GET", "/api/salidas?fecha=2026-11-20", admin, nil).decode(t, &salidas)
		var extra *Salida
		for i := range salidas {
			if salidas[i].Hora == "23:50" {
				extra = &salidas[i]
			}
		}
		if extra == nil || !reflect.DeepEqual(extra.Paradas, []domain.HoraParada{{Nombre: "Tigre", Hora: "23:50"},
			{Nombre: "Arroyo Gambado", Hora: "00:10"}, {Nombre: "Tres Bocas", Hora: "00:25"}}) {
			t.Fatalf("salidas: %+v", salidas)
		}
		var horarios []Horario
		e.do("GET", fmt.Sprintf("/api/horarios?seccion_id=%d", seccion), admin, nil).decode(t, &horarios)
		vuelta := []domain.HoraParada{{Nombre: "Tres Bocas", Hora: "17:00"}, {Nombre: "Arroyo Gambado", Hora: "17:15"},
			{Nombre: "Tigre", Hora: "17:35"}}
		if len(horarios) != 2 || !reflect.DeepEqual(horarios[1].Paradas, vuelta) {
			t.Fatalf("horarios: %+v", horarios)
		}
		var pub HorariosPublicos
		e.do("GET", "/api/public/horarios", "", nil).decode(t, &pub)
		if len(pub.Horarios) != 2 || !reflect.DeepEqual(pub.Horarios[1].Paradas, vuelta) || len(pub.Salidas) == 0 ||
			len(pub.Salidas[len(pub.Salidas)-1].Paradas) != 3 {
			t.Fatalf("horarios públicos: %+v", pub)
		}

		// Refusals write nothing.
		for _, c := range []struct {
			cuerpo any
			status int
			msg    string
		}{
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0}}}, http.StatusBadRequest, domain.MsgParadasCantidad},
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0}, {"nombre": "TIGRE", "minutos": 10}}},
				http.StatusBadRequest, domain.MsgParadaRepetida("TIGRE")},
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 5}, {"nombre": "Tres Bocas", "minutos": 10}}},
				http.StatusBadRequest, domain.MsgParadaPrimera},
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0}, {"nombre": "Tres Bocas", "minutos": 1441}}},
				http.StatusBadRequest, domain.MsgParadaMinutos("Tres Bocas")},
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0}, {"nombre": "  ", "minutos": 10}}},
				http.StatusBadRequest, domain.MsgParadaNombre},
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0}, {"nombre": strings.Repeat("x", 61), "minutos": 10}}},
				http.StatusBadRequest, ""},
			{map[string]any{"paradas": []map[string]any{{"nombre": "Tigre", "minutos": 0, "orden": 1}, {"nombre": "B", "minutos": 10}}},
				http.StatusBadRequest, "El campo orden no está permitido"},
			{map[string]any{}, http.StatusBadRequest, ""},
		} {
			e.do("PUT", ruta, admin, c.cuerpo).expect(t, c.status, c.msg)
		}
		// A seller cannot write; another company's section is not found, read or written.
		e.do("PUT", ruta, vendedor, cuerpo).expect(t, http.StatusForbidden, "")
		e.do("PUT", ruta, e.token("admin2"), cuerpo).expect(t, http.StatusNotFound, "Sección no encontrada")
		e.do("GET", ruta, e.token("admin2"), nil).expect(t, http.StatusNotFound, "Sección no encontrada")
		if got := paradas(); got != "Tigre 0, Arroyo Gambado 20, Tres Bocas 35" || auditadas() != 1 {
			t.Fatalf("tras los rechazos: %s, %d auditadas", got, auditadas())
		}
	})
}

// A new section is a route of two stops: its two names, or "Terminal" and its name.
func TestUnaSeccionNuevaTieneDosParadas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for nombre, want := range map[string][]Parada{
			"Tigre - Rama Negra": {{"Tigre", 0}, {"Rama Negra", 60}},
			"Arroyo Espera":      {{"Terminal", 0}, {"Arroyo Espera", 60}},
		} {
			r := e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": nombre, "capacidad": 30})
			r.expect(t, http.StatusCreated, "")
			var it ItemCatalogo
			r.decode(t, &it)
			var got []Parada
			e.do("GET", fmt.Sprintf("/api/config/secciones/%d/paradas", it.ID), admin, nil).decode(t, &got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %+v", nombre, got)
			}
			// deleted while unused, it goes with its stops
			e.do("DELETE", fmt.Sprintf("/api/config/secciones/%d", it.ID), admin, nil).expect(t, http.StatusOK, "")
			if e.count(`SELECT COUNT(*) FROM paradas WHERE seccion_id = ?`, it.ID) != 0 {
				t.Errorf("%s: quedaron sus paradas", nombre)
			}
		}
	})
}
