package realtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// reloj is a store clock a test moves forward while sockets read it.
type reloj struct{ desfase atomic.Int64 }

func (r *reloj) ahora() time.Time {
	return time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC).Add(time.Duration(r.desfase.Load()))
}

// enVivo wires the store's committed events to the hub, like Iniciar on one
// instance (on PostgreSQL too: the LISTEN path is the store's, tested there).
func enVivo(st *store.Store, h *Hub) *reloj {
	r := &reloj{}
	st.Now = r.ahora
	local := &events.Local{}
	local.Subscribe(h.Recibir)
	st.Events = local
	return r
}

// publicar stores events in one transaction and returns their ids (the
// hub's presence events, published meanwhile, left out).
func publicar(t *testing.T, st *store.Store, evs ...events.Event) []int64 {
	t.Helper()
	var ids []int64
	rec := &events.Recorder{}
	st.Events.(*events.Local).Subscribe(rec.Record)
	if err := st.PublicarEventos(context.Background(), evs...); err != nil {
		t.Fatal(err)
	}
	for _, ev := range rec.Events() {
		if ev.Nombre != events.UsuarioConectado && ev.Nombre != events.UsuarioDesconectado {
			ids = append(ids, ev.ID)
		}
	}
	if len(ids) != len(evs) {
		t.Fatalf("publicados %d eventos, esperaba %d", len(ids), len(evs))
	}
	return ids
}

// A client that reconnects after a gap sends the last id it received and
// gets the events of its rooms it missed, in order and each once, then
// "conectado" with the id to resume from, then the live ones. When the gap
// cannot be filled (more than maxReanudar events, or the event it names was
// swept after EventosVigencia) it gets "resync" instead: it must refetch
// everything, and goes on live from there.
func TestResumeAfterAGap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		b := nuevoBanco(t, st)
		reloj := enVivo(st, b.hub)
		// a seller: the presence events (for supervisors) never reach it
		b.usuario("vendedor", 12, 1, domain.RolVendedor, "pasajes.ver")

		s := b.conectar("vendedor", 0)
		conectado := s.hasta("conectado")
		if len(conectado) != 1 {
			t.Fatalf("al conectar sin desde llegó %v", nombres(conectado))
		}
		vivo := publicar(t, st, events.Event{Nombre: "enVivo", EmpresaID: 1})
		m := s.hasta("enVivo")
		if len(m) != 1 || m[0].ID != vivo[0] || m[0].ID <= conectado[0].UltimoID {
			t.Fatalf("en vivo: %+v tras conectado %d", m, conectado[0].UltimoID)
		}
		ultimo := m[0].ID
		s.cerrar()

		// while it is away
		perdidos := publicar(t, st,
			events.Event{Nombre: "perdido1", EmpresaID: 1},
			events.Event{Nombre: "deOtroUsuario", EmpresaID: 1, UsuarioID: 13},
			events.Event{Nombre: "deOtraEmpresa", EmpresaID: 2},
			events.Event{Nombre: "deAdmins", EmpresaID: 1, Roles: []string{domain.RolAdmin}},
			events.Event{Nombre: "perdido2", EmpresaID: 1, UsuarioID: 12},
			events.Event{Nombre: events.SesionRevocada, EmpresaID: 1, UsuarioID: 99},
			events.Event{Nombre: "ventaAjena", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: 13}}},
			events.Event{Nombre: "ventaPropia", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: 12}}})
		s = b.conectar("vendedor", ultimo)
		recibidos := s.hasta("conectado")
		if got, want := nombres(recibidos), []string{"perdido1", "perdido2", "ventaPropia", "conectado"}; !slices.Equal(got, want) {
			t.Fatalf("al reanudar llegó %v, esperaba %v", got, want)
		}
		if ids := []int64{recibidos[0].ID, recibidos[1].ID, recibidos[2].ID}; !slices.Equal(ids,
			[]int64{perdidos[0], perdidos[4], perdidos[7]}) {
			t.Fatalf("ids reanudados %v de %v", ids, perdidos)
		}
		if c := recibidos[3].UltimoID; c < perdidos[7] {
			t.Fatalf("conectado con ultimo_id %d, antes del último evento %d", c, perdidos[7])
		}
		despues := publicar(t, st, events.Event{Nombre: "despues", EmpresaID: 1})
		if m := s.hasta("despues"); len(m) != 1 || m[0].ID != despues[0] {
			t.Fatalf("tras reanudar llegó %v", nombres(m))
		}
		ultimo = despues[0]
		s.cerrar()

		// a gap of more events than a resume sends
		muchos := make([]events.Event, maxReanudar+1)
		for i := range muchos {
			muchos[i] = events.Event{Nombre: "relleno", EmpresaID: 1}
		}
		publicar(t, st, muchos...)
		s = b.conectar("vendedor", ultimo)
		if got := nombres(s.hasta("conectado")); !slices.Equal(got, []string{"resync", "conectado"}) {
			t.Fatalf("un hueco de %d eventos dio %v", len(muchos), got)
		}
		tras := publicar(t, st, events.Event{Nombre: "trasResync", EmpresaID: 1})
		if m := s.hasta("trasResync"); len(m) != 1 || m[0].ID != tras[0] {
			t.Fatalf("tras resync llegó %v", nombres(m))
		}
		s.cerrar()

		// a gap longer than the events are kept: the event named was swept
		reloj.desfase.Store(int64(store.EventosVigencia + time.Hour))
		if _, err := st.PurgarEventos(context.Background(), 10*maxReanudar); err != nil {
			t.Fatal(err)
		}
		s = b.conectar("vendedor", tras[0])
		if got := nombres(s.hasta("conectado")); !slices.Equal(got, []string{"resync", "conectado"}) {
			t.Fatalf("un hueco barrido dio %v", got)
		}
	})
}

// Live events that arrive while a client catches up are held and sent after
// what it missed, each event once: one already resent is dropped, held or
// arriving late (another instance's, announced after the resume read it).
func TestResumeSendsEachEventOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		h := NewHub(st, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		enVivo(st, h)
		base := publicar(t, st, events.Event{Nombre: "visto", EmpresaID: 1})[0]
		perdidos := publicar(t, st, events.Event{Nombre: "perdido1", EmpresaID: 1},
			events.Event{Nombre: "perdido2", EmpresaID: 1})
		c := clienteSinSocket(12, false)
		c.salida = make(chan []byte, 10)
		h.registrar(c)
		// live while catching up: a copy of a missed one and one the resume read will not see
		h.Entregar([]events.Event{{ID: perdidos[1], Nombre: "perdido2", EmpresaID: 1},
			{ID: perdidos[1] + 100, Nombre: "nuevo", EmpresaID: 1}})
		if err := h.ponerAlDia(context.Background(), c, base); err != nil {
			t.Fatal(err)
		}
		// arriving late, after the resume: a copy of a missed one, then a new one
		h.Entregar([]events.Event{{ID: perdidos[0], Nombre: "perdido1", EmpresaID: 1},
			{ID: perdidos[1] + 101, Nombre: "otroNuevo", EmpresaID: 1}})
		close(c.salida)
		var got []Mensaje
		for b := range c.salida {
			var m Mensaje
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			got = append(got, m)
		}
		if want := []string{"perdido1", "perdido2", "nuevo", "conectado", "otroNuevo"}; !slices.Equal(nombres(got), want) {
			t.Fatalf("recibió %v, esperaba %v", nombres(got), want)
		}
		if got[3].UltimoID != perdidos[1]+100 {
			t.Fatalf("conectado con ultimo_id %d, esperaba el del retenido %d", got[3].UltimoID, perdidos[1]+100)
		}
	})
}
