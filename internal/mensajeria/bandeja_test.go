package mensajeria_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// canalDePrueba is a channel that counts what it sends, by destination, and
// tells when a send begins; retener holds each send until its context ends.
type canalDePrueba struct {
	mu      sync.Mutex
	envios  map[string]int
	empezo  chan struct{}
	retener bool
}

func nuevoCanal() *canalDePrueba {
	return &canalDePrueba{envios: map[string]int{}, empezo: make(chan struct{}, 100)}
}

func (c *canalDePrueba) Enviar(ctx context.Context, m mensajeria.Mensaje) error {
	c.empezo <- struct{}{}
	if c.retener {
		<-ctx.Done()
		return mensajeria.Temporal(ctx.Err())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.envios[m.Destino]++
	return nil
}

func (c *canalDePrueba) enviados(destino string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.envios[destino]
}

// bandeja is the e-mail outbox of st sending through c.
func bandeja(st *store.Store, c *canalDePrueba) mensajeria.Bandeja {
	return mensajeria.Bandeja{Store: st, Canal: store.CanalEmail, Lease: time.Minute, Salida: mensajeria.Salida{
		Armar: func(_ context.Context, m store.Mensaje) (mensajeria.Mensaje, error) {
			return mensajeria.Mensaje{Destino: m.Destino}, nil
		},
		Abrir: func(context.Context, int64) (mensajeria.Canal, error) { return c, nil }}}
}

// runner is a job runner over st with the outbox b, started until the test
// ends or parar is called.
func runner(t *testing.T, st *store.Store, b mensajeria.Bandeja, espera time.Duration) (*jobs.Runner, func()) {
	r := jobs.Nuevo(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	r.Espera, r.Gracia = espera, 50*time.Millisecond
	b.Registrar(r, mensajeria.TipoCorreo)
	ctx, cancel := context.WithCancel(context.Background())
	listo := make(chan struct{})
	go func() { r.Start(ctx); close(listo) }()
	parar := func() { cancel(); <-listo }
	t.Cleanup(parar)
	return r, parar
}

// remitente seeds a company with a user and returns who queues its mail.
func remitente(t *testing.T, st *store.Store) store.Actor {
	t.Helper()
	ctx := context.Background()
	empresaID, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: empresaID, Rol: domain.RolAdmin,
		NombreUsuario: "ana", Nombre: "Ana", Apellido: "Paz", PasswordHash: "x", Activo: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := st.UsuarioPorNombre(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return store.Actor{UsuarioID: u.ID, EmpresaID: empresaID}
}

func encolar(t *testing.T, st *store.Store, a store.Actor, destino string) store.Mensaje {
	t.Helper()
	m, err := st.EncolarMensaje(context.Background(), a, store.NuevoMensaje{Canal: store.CanalEmail,
		Tipo: store.TipoPasajes, Destino: destino})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// esperar polls cond for up to 20 s.
func esperar(t *testing.T, que string, cond func() bool) {
	t.Helper()
	for fin := time.Now().Add(20 * time.Second); time.Now().Before(fin); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("no llegó %s", que)
}

// Two instances' runners drain one outbox (a source of its own,
// HandleCola): each message is sent exactly once, recorded sent at its first
// attempt, and counted under the outbox's kind.
func TestDosInstanciasEnvianCadaMensajeUnaVez(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a := remitente(t, st)
		const n = 30
		for i := range n {
			encolar(t, st, a, fmt.Sprintf("p%02d@example.com", i))
		}
		c := nuevoCanal()
		var runners []*jobs.Runner
		for range 2 {
			r, _ := runner(t, st, bandeja(st, c), time.Hour)
			runners = append(runners, r)
		}
		esperar(t, "todos los mensajes enviados", func() bool {
			return storetest.Int(t, st, `SELECT COUNT(*) FROM mensajes WHERE estado = ?`, store.MensajeEnviado) == n
		})
		for i := range n {
			if k := c.enviados(fmt.Sprintf("p%02d@example.com", i)); k != 1 {
				t.Errorf("p%02d enviado %d veces", i, k)
			}
		}
		if k := storetest.Int(t, st, `SELECT COUNT(*) FROM mensajes WHERE intentos = 1 AND reclamado_hasta IS NULL`); k != n {
			t.Fatalf("%d de %d mensajes cerrados al primer intento", k, n)
		}
		var corridas int64
		for _, r := range runners {
			for _, e := range r.Estados() {
				if e.Nombre == mensajeria.TipoCorreo {
					corridas += e.Corridas
				}
			}
		}
		if corridas != n {
			t.Fatalf("los estados de %q cuentan %d envíos; fueron %d", mensajeria.TipoCorreo, corridas, n)
		}
	})
}

// A message queued while the runner waits is sent at once: the store wakes
// the outbox's loop after the commit, long before the runner would look again.
func TestUnMensajeEncoladoDespiertaASuCola(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a := remitente(t, st)
		c := nuevoCanal()
		encolar(t, st, a, "primero@example.com")
		runner(t, st, bandeja(st, c), time.Hour)
		// the loop drained what was due at its start and now waits an hour
		esperar(t, "el primer mensaje", func() bool { return c.enviados("primero@example.com") == 1 })
		encolar(t, st, a, "segundo@example.com")
		esperar(t, "el mensaje encolado después", func() bool { return c.enviados("segundo@example.com") == 1 })
	})
}

// A shutdown in the middle of a send cancels it after the grace and releases
// the message: pending, unclaimed, its attempt not counted.
func TestApagarAMitadDeUnEnvioLiberaElMensaje(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a := remitente(t, st)
		c := nuevoCanal()
		c.retener = true
		m := encolar(t, st, a, "largo@example.com")
		_, parar := runner(t, st, bandeja(st, c), time.Hour)
		<-c.empezo
		parar()
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM mensajes WHERE id = ? AND estado = ? AND intentos = 0
			AND reclamado_hasta IS NULL`, m.ID, store.MensajePendiente); n != 1 {
			t.Fatal("el mensaje cortado por el apagado no quedó libre y sin intento contado")
		}
	})
}
