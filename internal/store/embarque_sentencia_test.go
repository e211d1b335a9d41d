package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// TestABoardingWithAKeyKeepsItsEffectsAndItsAnswer boards with an
// Idempotency-Key on both engines (on PostgreSQL the one statement of
// embarcarEnUnaSentencia): the ticket, one audit entry, one stored event with
// the ticket's reads, published with its id; a retry answers the same
// boarding and writes nothing; the same key for another ticket is 422 and
// boards nothing; two retries at once board once.
func TestABoardingWithAKeyKeepsItsEffectsAndItsAnswer(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		ps := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 3))
		a := e.vendedor
		a.Clave, a.Huella, a.IP = "scan-1", "huella-1", "10.0.0.9"
		primero, err := e.st.ValidarPorCodigo(ctx, a, ps[0].CodigoQR, hoy, 0)
		if err != nil {
			t.Fatal(err)
		}
		if primero.ID != ps[0].ID || primero.Estado != domain.PasajeUsado || primero.ValidadorID != a.UsuarioID ||
			primero.ValidadoPor == "" || primero.Seccion.Nombre != "Norte" || primero.FechaEmbarque.IsZero() {
			t.Fatalf("embarque: %+v", primero)
		}
		otra, err := e.st.ValidarPorCodigo(ctx, a, ps[0].CodigoQR, hoy, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !otra.FechaEmbarque.Equal(primero.FechaEmbarque) {
			t.Fatalf("la repetición cambió la hora: %v, %v", otra.FechaEmbarque, primero.FechaEmbarque)
		}
		otra.FechaEmbarque = primero.FechaEmbarque
		if !reflect.DeepEqual(otra, primero) {
			t.Fatalf("la repetición respondió otra cosa:\n%+v\n%+v", otra, primero)
		}
		a.Huella = "huella-2"
		_, err = e.st.ValidarPorCodigo(ctx, a, ps[1].CodigoQR, hoy, 0)
		wantError(t, err, domain.KindUnprocessable, domain.MsgClaveReusada)
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = ?`, ps[1].ID,
			domain.PasajeActivo); n != 1 {
			t.Fatal("la clave de otra solicitud embarcó el pasaje")
		}
		// two retries at once: one boarding
		a.Clave, a.Huella = "scan-2", "huella-3"
		var wg sync.WaitGroup
		res := make([]store.Embarque, 4)
		for i := range res {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if res[i], err = e.st.ValidarPorCodigo(ctx, a, ps[2].NumeroPasaje, hoy, 0); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		for _, r := range res {
			if r.ID != ps[2].ID || !r.FechaEmbarque.Equal(res[0].FechaEmbarque) {
				t.Fatalf("respuestas distintas: %+v", res)
			}
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND ip_address = ?`,
			store.AccionValidacionEmbarque, a.UsuarioID, a.IP); n != 2 {
			t.Fatalf("%d embarques auditados, se esperaban 2", n)
		}
		var lecturas, datos string
		if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT lecturas, datos FROM eventos WHERE nombre = ? ORDER BY id LIMIT 1`),
			events.PasajeValidado).Scan(&lecturas, &datos); err != nil {
			t.Fatal(err)
		}
		var l []domain.Lectura
		var d events.EventoPasaje
		if json.Unmarshal([]byte(lecturas), &l) != nil || json.Unmarshal([]byte(datos), &d) != nil ||
			!reflect.DeepEqual(l, []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: ps[0].UsuarioID},
				{Permiso: "validacion.embarque"}}) ||
			d != (events.EventoPasaje{PasajeID: ps[0].ID, NumeroPasaje: ps[0].NumeroPasaje, FechaViaje: hoy, UsuarioID: a.UsuarioID}) {
			t.Fatalf("evento guardado: %s %s", lecturas, datos)
		}
		validados := 0
		for _, ev := range e.rec.Events() {
			if ev.Nombre == events.PasajeValidado {
				validados++
				if ev.ID == 0 {
					t.Fatalf("evento publicado sin id: %+v", ev)
				}
			}
		}
		if validados != 2 || storetest.Int(t, e.st, `SELECT COUNT(*) FROM eventos WHERE nombre = ?`, events.PasajeValidado) != 2 {
			t.Fatalf("%d eventos pasajeValidado publicados, se esperaban 2", validados)
		}
	})
}
