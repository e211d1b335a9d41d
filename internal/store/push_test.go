package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// suscribirNavegadores subscribes n browsers of the actor (the store does not
// check the keys: the API does).
func suscribirNavegadores(t *testing.T, st *store.Store, a store.Actor, n int) {
	t.Helper()
	for i := range n {
		sus := domain.SuscripcionPush{Endpoint: fmt.Sprintf("https://push.example.com/%d/%d", a.UsuarioID, i),
			P256dh: []byte{4, byte(i)}, Auth: []byte{byte(i)}}
		if err := st.SuscribirPush(context.Background(), a, sus); err != nil {
			t.Fatal(err)
		}
	}
}

// The notifications' transaction queues one push per pushed notification and
// subscribed browser of its user, and wakes the push worker once committed;
// workers claiming at once get each push exactly once; a claim whose lease
// ran out is taken over, and the first claimer can no longer close it.
func TestPushesQueuedWithTheirNotificationsAndClaimedOnce(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		sara, beto := e.usuario(t, domain.RolSupervisor, "sara"), e.usuario(t, domain.RolAdmin, "beto")
		suscribirNavegadores(t, e.st, sara, 3)
		var despertado atomic.Int32
		e.st.AlEncolarMensaje(store.CanalPush, func() { despertado.Add(1) })
		var ns []store.NuevaNotificacion
		for i := range 5 {
			ns = append(ns, store.NuevaNotificacion{EmpresaID: e.empresaID, UsuarioID: sara.UsuarioID,
				Tipo: domain.NotifAlerta, Titulo: fmt.Sprintf("Alerta %d", i), Mensaje: "m", Datos: store.EventoAlerta{}})
		}
		ns = append(ns,
			store.NuevaNotificacion{EmpresaID: e.empresaID, UsuarioID: sara.UsuarioID, Tipo: domain.NotifEmbarque, Titulo: "t", Mensaje: "m",
				Datos: store.EventoPasaje{}},
			store.NuevaNotificacion{EmpresaID: e.empresaID, UsuarioID: beto.UsuarioID, Tipo: domain.NotifVenta, Titulo: "t", Mensaje: "m",
				Datos: store.EventoVenta{}})
		if err := e.st.CrearNotificaciones(ctx, ns); err != nil {
			t.Fatal(err)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM push_envios`); n != 15 || despertado.Load() != 1 {
			t.Fatalf("encolados %d (esperaba 5 alertas × 3 navegadores), despertado %d veces", n, despertado.Load())
		}

		var (
			mu     sync.Mutex
			vistos = map[int64]int{}
			wg     sync.WaitGroup
		)
		for range 4 {
			wg.Go(func() {
				for {
					p, ok, err := e.st.ReclamarPush(ctx, time.Minute)
					if err != nil || !ok {
						if err != nil {
							t.Error(err)
						}
						return
					}
					mu.Lock()
					vistos[p.ID]++
					mu.Unlock()
					if !p.Vigente || p.Tag != domain.TagErrorSistema {
						t.Errorf("push %+v", p)
					}
					if ok, err := e.st.TerminarPush(ctx, p); !ok || err != nil {
						t.Errorf("terminar %d: %v %v", p.ID, ok, err)
					}
				}
			})
		}
		wg.Wait()
		if len(vistos) != 15 {
			t.Fatalf("reclamados %d pushes distintos", len(vistos))
		}
		for id, n := range vistos {
			if n != 1 {
				t.Fatalf("push %d reclamado %d veces", id, n)
			}
		}

		if err := e.st.CrearNotificaciones(ctx, ns[:1]); err != nil {
			t.Fatal(err)
		}
		reclamados := map[int64]store.EnvioPush{}
		for range 3 {
			p, _, _ := e.st.ReclamarPush(ctx, time.Minute)
			reclamados[p.ID] = p
		}
		if _, ok, _ := e.st.ReclamarPush(ctx, time.Minute); ok || len(reclamados) != 3 {
			t.Fatal("un push reclamado se reclamó de nuevo antes de vencer su plazo")
		}
		e.st.Now = func() time.Time { return ahora.Add(2 * time.Minute) }
		segundo, ok, err := e.st.ReclamarPush(ctx, time.Minute)
		primero := reclamados[segundo.ID]
		if err != nil || !ok || primero.ID == 0 || segundo.Intentos != primero.Intentos+1 {
			t.Fatalf("retomado %+v %v %v", segundo, ok, err)
		}
		if ok, _ := e.st.TerminarPush(ctx, primero); ok {
			t.Fatal("un reclamo vencido cerró el push")
		}
		if ok, _ := e.st.OlvidarSuscripcionPush(ctx, segundo); !ok ||
			storetest.Int(t, e.st, `SELECT COUNT(*) FROM push_suscripciones WHERE usuario_id = ?`, sara.UsuarioID) != 2 {
			t.Fatal("la suscripción vencida no se borró")
		}
	})
}

// The VAPID key pair is made once per installation, stored sealed, and read
// back the same by a second store on the database (another instance).
func TestVAPIDKeyIsOnePerInstallation(t *testing.T) {
	t.Parallel()
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	a, b := storetest.PostgresPair(t)
	ctx := context.Background()
	var (
		claves [2]store.ClaveVAPID
		wg     sync.WaitGroup
	)
	for i, st := range []*store.Store{a, b} {
		wg.Go(func() {
			var err error
			if claves[i], err = st.ClaveVAPID(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if claves[0] != claves[1] || len(claves[0].Publica) != 87 || len(claves[0].Privada) != 43 {
		t.Fatalf("claves %+v", claves)
	}
	if n := storetest.Int(t, a, `SELECT COUNT(*) FROM configuracion_sistema WHERE clave = 'push_vapid_clave_privada'
		AND valor LIKE 'v1:%'`); n != 1 {
		t.Fatal("la clave privada no está guardada cifrada")
	}
}
