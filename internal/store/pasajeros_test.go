package store_test

import (
	"context"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// sqlDe runs a statement of the test's own on e's database.
func (e *empresaDePrueba) sqlDe(t *testing.T, q string, args ...any) {
	t.Helper()
	if _, err := e.st.DB().Exec(e.st.Rebind(q), args...); err != nil {
		t.Fatal(err)
	}
}

// ventaNombrada sells n tickets of the section Norte for today, each naming a passenger with a DNI.
func (e *empresaDePrueba) ventaNombrada(t *testing.T, n int) []store.Pasaje {
	t.Helper()
	v := e.venta(e.norte, e.efectivo, hoy, n)
	for i := range n {
		v.Pasajeros = append(v.Pasajeros, domain.Pasajero{Nombre: "Pasajera " + string(rune('A'+i)),
			DocumentoNumero: "3011122" + string(rune('0'+i)), Sexo: "F", FechaNacimiento: "1990-01-01"})
	}
	return e.vender(t, v)
}

func TestAnonimizarPasajerosPasadaLaRetencion(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		viejos, recientes := e.ventaNombrada(t, 3), e.ventaNombrada(t, 1)
		// the day before the retention's first kept day (365 days before 2026-11-20), and that day
		e.sqlDe(t, `UPDATE pasajeros SET fecha_viaje = ? WHERE empresa_id = ? AND pasaje_id IN (?, ?, ?)`, "2025-11-19",
			e.empresaID, viejos[0].ID, viejos[1].ID, viejos[2].ID)
		e.sqlDe(t, `UPDATE pasajeros SET fecha_viaje = ? WHERE empresa_id = ? AND pasaje_id = ?`, "2025-11-20",
			e.empresaID, recientes[0].ID)
		// another company keeping them ten years keeps its old passengers
		otra := nuevaEmpresa(t, e.st, "Interisleña", "beto")
		otra.abrir(t, 0)
		suyo := otra.ventaNombrada(t, 1)[0]
		otra.sqlDe(t, `UPDATE pasajeros SET fecha_viaje = ? WHERE pasaje_id = ?`, "2017-01-01", suyo.ID)
		otra.sqlDe(t, `UPDATE empresas SET dias_retencion_pasajeros = 3650 WHERE id = ?`, otra.empresaID)

		for _, want := range []int64{2, 1, 0} { // in batches of 2, each passenger once
			if n, err := e.st.AnonimizarPasajeros(ctx, 2); err != nil || n != want {
				t.Fatalf("anonimizados %d (%v), esperaba %d", n, err, want)
			}
		}
		p, err := e.st.PasajePorID(ctx, e.empresaID, viejos[1].ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Pasajero == nil || *p.Pasajero != (domain.Pasajero{Nombre: domain.NombreAnonimizado, FranjaEdad: domain.FranjaAdulto}) ||
			p.ClienteNombre != "Juan Pérez" {
			t.Fatalf("anonimizado: %+v %q", p.Pasajero, p.ClienteNombre)
		}
		for _, k := range []struct{ empresa, pasaje int64 }{{e.empresaID, recientes[0].ID}, {otra.empresaID, suyo.ID}} {
			q, err := e.st.PasajePorID(ctx, k.empresa, k.pasaje, 0)
			if err != nil {
				t.Fatal(err)
			}
			if q.Pasajero == nil || q.Pasajero.DocumentoNumero == "" || q.Pasajero.Nombre == domain.NombreAnonimizado {
				t.Fatalf("se anonimizó un pasajero que se conserva: %+v", q.Pasajero)
			}
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajeros WHERE anonimizado_en IS NOT NULL`); n != 3 {
			t.Fatalf("%d anonimizados", n)
		}
	})
}
