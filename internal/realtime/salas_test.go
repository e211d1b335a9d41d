package realtime

import (
	"slices"
	"testing"

	"github.com/coder/websocket"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// A socket's rooms are its session's company, user, role and reads: every
// event reaches exactly the sockets whose session it is for, and nothing a
// client sends changes that. The session read again (a new role) does; a
// session that ended closes the socket.
func TestRoomsComeFromTheSessionOnly(t *testing.T) {
	storetest.Each(t, probarSalas)
}

func probarSalas(t *testing.T, st *store.Store) {
	b := nuevoBanco(t, st)
	b.usuario("admin1", 11, 1, domain.RolAdmin, "pasajes.ver", "caja.ver")
	b.usuario("vendedor1", 12, 1, domain.RolVendedor, "pasajes.ver")
	b.usuario("admin2", 21, 2, domain.RolAdmin, "pasajes.ver", "caja.ver")
	admin1, vendedor1, admin2 := b.conectar("admin1", 0), b.conectar("vendedor1", 0), b.conectar("admin2", 0)
	for _, s := range []*sock{admin1, vendedor1, admin2} {
		s.hasta("conectado")
	}
	marca := func(id int64) []events.Event {
		return []events.Event{{ID: id, Nombre: "marca", EmpresaID: 1}, {ID: id + 1, Nombre: "marca", EmpresaID: 2}}
	}
	// recibe reads a socket up to the next marca and checks what came before it.
	recibe := func(s *sock, quien string, want ...string) {
		t.Helper()
		got := nombres(s.hasta("marca"))
		if want = append(want, "marca"); !slices.Equal(got, want) {
			t.Errorf("%s recibió %v, esperaba %v", quien, got, want)
		}
	}

	b.hub.Entregar(append([]events.Event{
		{ID: 1, Nombre: "empresa", EmpresaID: 1},
		{ID: 2, Nombre: "usuario", EmpresaID: 1, UsuarioID: 12},
		{ID: 3, Nombre: "roles", EmpresaID: 1, Roles: []string{domain.RolAdmin}},
		{ID: 4, Nombre: "lectura", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "caja.ver"}}},
		{ID: 5, Nombre: "ventaAjena", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: 99}}},
		{ID: 6, Nombre: "ventaPropia", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: 12}}},
		{ID: 7, Nombre: "otraEmpresa", EmpresaID: 2},
		// the user's id in another company's event reaches no one
		{ID: 8, Nombre: "usuarioEnOtra", EmpresaID: 2, UsuarioID: 12},
	}, marca(9)...))
	recibe(admin1, "admin1", "empresa", "roles", "lectura", "ventaAjena", "ventaPropia")
	recibe(vendedor1, "vendedor1", "empresa", "usuario", "ventaPropia")
	recibe(admin2, "admin2", "otraEmpresa")

	// asking for another role is refused; asking for one's own, or for another
	// company, changes nothing
	vendedor1.enviar(Pedido{Evento: "join-role-room", Rol: domain.RolAdmin})
	if m := vendedor1.hasta("rechazado"); m[len(m)-1].Mensaje != MsgSalaRechazada {
		t.Fatalf("rechazo = %+v", m)
	}
	vendedor1.enviar(Pedido{Evento: "join-role-room", Rol: domain.RolVendedor})
	admin2.enviar(map[string]any{"evento": "join-role-room", "rol": domain.RolAdmin, "empresa_id": 1})
	admin2.enviar(map[string]any{"evento": "authenticate", "token": "admin1", "userId": 11, "empresaId": 1})
	// a last refused request: once its answer is read, the hub has read them all
	for _, s := range []*sock{vendedor1, admin2} {
		s.enviar(Pedido{Evento: "join-role-room", Rol: domain.RolSuperAdmin})
		if m := s.hasta("rechazado"); len(m) != 1 {
			t.Fatalf("antes del rechazo llegó %v", nombres(m))
		}
	}
	b.hub.Entregar(append([]events.Event{{ID: 20, Nombre: "roles", EmpresaID: 1, Roles: []string{domain.RolAdmin}}},
		marca(21)...))
	recibe(admin1, "admin1", "roles")
	recibe(vendedor1, "vendedor1 tras pedir la sala de admin")
	recibe(admin2, "admin2 tras pedir la empresa 1")

	// the session read again: a new role and its permissions change what reaches it
	b.usuario("vendedor1", 12, 1, domain.RolSupervisor, "pasajes.ver", "caja.ver")
	b.hub.Entregar([]events.Event{{ID: 30, Nombre: events.SesionRevocada, EmpresaID: 1, UsuarioID: 12}})
	b.esperar("el rol nuevo del socket", func() bool {
		c := b.hub.usuarios[12][0]
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.rol == domain.RolSupervisor
	})
	b.hub.Entregar(append([]events.Event{
		{ID: 31, Nombre: "supervisores", EmpresaID: 1, Roles: []string{domain.RolSupervisor}},
		{ID: 32, Nombre: "lectura", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "caja.ver"}}},
		{ID: 33, Nombre: "ventaAjena", EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: 99}}},
	}, marca(34)...))
	recibe(vendedor1, "vendedor1 como supervisor", "supervisores", "lectura", "ventaAjena")
	recibe(admin1, "admin1", "lectura", "ventaAjena")

	// a session that ended closes its socket at the next check, the others stay
	b.ses.revocar("vendedor1")
	b.hub.Entregar([]events.Event{{ID: 40, Nombre: events.SesionRevocada, EmpresaID: 1, UsuarioID: 12}})
	if code := vendedor1.cierre(); code != websocket.StatusPolicyViolation {
		t.Fatalf("sesión revocada: cierre %v", code)
	}
	b.hub.Entregar(marca(41))
	recibe(admin1, "admin1 tras el cierre del vendedor")
	b.esperar("que el hub suelte el socket cerrado", func() bool { return len(b.hub.usuarios[12]) == 0 })
	if n := b.hub.Sockets(); n != 2 {
		t.Fatalf("%d sockets abiertos, esperaba 2", n)
	}
}
