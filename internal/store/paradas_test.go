package store_test

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Migration 52 (issue 40 item 1) makes every existing section a route of two
// stops, the same ones a new section gets (domain.ParadasIniciales).
func TestMigration52GivesEveryExistingSectionTwoStops(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx, st := context.Background(), e.st
		b, err := os.ReadFile("migrations/" + st.Dialect() + "/00052_paradas.sql")
		if err != nil {
			t.Fatal(err)
		}
		up, down, _ := strings.Cut(strings.TrimPrefix(string(b), "-- +goose Up"), "-- +goose Down")
		if _, err := st.DB().ExecContext(ctx, down); err != nil {
			t.Fatalf("migración 52 (down): %v", err)
		}
		nombres := []string{"Tigre – Tres Bocas", "Tigre - Paraná de las Palmas", "Arroyo Espera", "Tigre-Capitán",
			"Tigre – Tres Bocas – Paraná", "Terminal", "Carapachay – carapachay", "Tigre – " + strings.Repeat("x", 70),
			strings.Repeat("Á", 59) + " z", "Sarmiento  –  Rama Negra"}
		ids := map[string]int64{"Norte": e.norte, "Sur": e.sur}
		for _, n := range nombres {
			var id int64
			if err := st.DB().QueryRowContext(ctx, st.Rebind(`INSERT INTO secciones (empresa_id, nombre, capacidad, created_at)
				VALUES (?, ?, 40, CURRENT_TIMESTAMP) RETURNING id`), e.empresaID, n).Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids[n] = id
		}
		if _, err := st.DB().ExecContext(ctx, up); err != nil {
			t.Fatalf("migración 52: %v", err)
		}
		for n, id := range ids {
			got, err := st.Paradas(ctx, e.empresaID, id)
			if err != nil {
				t.Fatal(err)
			}
			if want := domain.ParadasIniciales(n); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: %v, quería %v", n, got, want)
			}
		}
	})
}

func TestReemplazarParadas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx, st := context.Background(), e.st
		if ps, err := st.Paradas(ctx, e.empresaID, e.norte); err != nil ||
			!reflect.DeepEqual(ps, []domain.Parada{{Nombre: "Terminal"}, {Nombre: "Norte", Minutos: 60}}) {
			t.Fatalf("una sección nueva: %v %v", ps, err)
		}
		idDe := func(nombre string) int64 {
			var id int64
			_ = st.DB().QueryRowContext(ctx, st.Rebind(`SELECT id FROM paradas WHERE empresa_id = ? AND seccion_id = ? AND nombre = ?`),
				e.empresaID, e.norte, nombre).Scan(&id)
			return id
		}
		terminal := idDe("Terminal")
		nuevas := []domain.Parada{{Nombre: " terminal ", Minutos: 0}, {Nombre: "Tres Bocas", Minutos: 25}, {Nombre: "Norte", Minutos: 90}}
		antes := len(e.rec.Events())
		got, err := st.ReemplazarParadas(ctx, e.admin(), e.norte, nuevas)
		if err != nil || got[0].Nombre != "terminal" || len(got) != 3 {
			t.Fatalf("%v %v", got, err)
		}
		if idDe("terminal") != terminal {
			t.Error("una parada que conserva su nombre conserva su fila")
		}
		if evs := e.rec.Events()[antes:]; len(evs) != 1 || evs[0].Datos != (store.EventoConfig{Tabla: store.TablaParadas}) {
			t.Errorf("eventos: %v", evs)
		}
		// Reordered and one removed.
		if _, err := st.ReemplazarParadas(ctx, e.admin(), e.norte, []domain.Parada{{Nombre: "Tres Bocas"}, {Nombre: "Terminal", Minutos: 30}}); err != nil {
			t.Fatal(err)
		}
		if ps, _ := st.Paradas(ctx, e.empresaID, e.norte); !reflect.DeepEqual(ps, []domain.Parada{{Nombre: "Tres Bocas"}, {Nombre: "Terminal", Minutos: 30}}) {
			t.Fatalf("reordenadas: %v", ps)
		}
		// Refused: nothing written.
		if _, err := st.ReemplazarParadas(ctx, e.admin(), e.norte, []domain.Parada{{Nombre: "A"}, {Nombre: "B"}}); err == nil ||
			err.Error() != domain.MsgParadaMinutos("B") {
			t.Fatal(err)
		}
		if ps, _ := st.Paradas(ctx, e.empresaID, e.norte); len(ps) != 2 || ps[0].Nombre != "Tres Bocas" {
			t.Fatalf("rechazo: %v", ps)
		}
		// Another company's section is not found.
		otra := nuevaEmpresa(t, st, "Otra", "otro")
		if _, err := st.ReemplazarParadas(ctx, otra.admin(), e.norte, nuevas); err == nil || err.Error() != "Sección no encontrada" {
			t.Fatal(err)
		}
		if _, err := st.Paradas(ctx, otra.empresaID, e.norte); err == nil {
			t.Fatal("leyó las paradas de otra empresa")
		}
		// A section deleted unused goes with its stops.
		if _, err := st.EliminarItem(ctx, e.admin(), domain.CatSecciones, e.norte); err != nil {
			t.Fatal(err)
		}
	})
}

func TestLasSalidasYHorariosDicenLaHoraDeCadaParada(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx, st := context.Background(), e.st
		if _, err := st.ReemplazarParadas(ctx, e.admin(), e.norte, []domain.Parada{{Nombre: "Tigre"},
			{Nombre: "Tres Bocas", Minutos: 25}, {Nombre: "Paraná", Minutos: 90}}); err != nil {
			t.Fatal(err)
		}
		for _, h := range []domain.Horario{{SeccionID: e.norte, Hora: "22:00", Dias: []int{1, 2, 3, 4, 5, 6, 7}, Activo: true},
			{SeccionID: e.norte, Hora: "23:00", Dias: []int{1, 2, 3, 4, 5, 6, 7}, Activo: true, Sentido: domain.SentidoVuelta}} {
			if _, err := st.CrearHorario(ctx, e.admin(), h); err != nil {
				t.Fatal(err)
			}
		}
		hs, err := st.ListarHorarios(ctx, e.empresaID, e.norte, false)
		if err != nil || len(hs) != 2 {
			t.Fatal(hs, err)
		}
		ida := []domain.HoraParada{{Nombre: "Tigre", Hora: "22:00"}, {Nombre: "Tres Bocas", Hora: "22:25"}, {Nombre: "Paraná", Hora: "23:30"}}
		vuelta := []domain.HoraParada{{Nombre: "Paraná", Hora: "23:00"}, {Nombre: "Tres Bocas", Hora: "00:05"}, {Nombre: "Tigre", Hora: "00:30"}}
		if !reflect.DeepEqual(hs[0].Paradas, ida) || !reflect.DeepEqual(hs[1].Paradas, vuelta) {
			t.Fatalf("horarios: %v", hs)
		}
		_, pub, _, err := st.HorariosPublicos(ctx, e.empresaID)
		if err != nil || len(pub) != 2 || !reflect.DeepEqual(pub[0].Paradas, ida) {
			t.Fatalf("públicos: %v %v", pub, err)
		}
	})
}
