package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// otraVendedora adds a second seller to company 1 and returns her id.
func (e *env) otraVendedora() int64 {
	e.t.Helper()
	_, err := e.st.EnsureUsuario(context.Background(), store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolVendedor,
		NombreUsuario: "vendedora", Nombre: "Sol", Apellido: "Vera", Email: "vendedora@muelle.demo", PasswordHash: "x",
		Activo: true})
	if err != nil {
		e.t.Fatal(err)
	}
	return e.userID("vendedora")
}

// marca writes what every session of company 1 receives (a new section:
// configActualizada), after a test's writes.
func (e *env) marca() {
	e.t.Helper()
	_, err := e.st.CrearItem(context.Background(), store.Actor{EmpresaID: 1}, domain.CatSecciones, domain.ItemCatalogo{Nombre: "Marca", Activo: true,
		Capacidad: new(int64(10))})
	if err != nil {
		e.t.Fatal(err)
	}
}

// hastaMarca reads a socket up to the marca, and returns the events before it
// with who each concerns (the usuario_id of its payload).
// The marca is the first change of the sections' table; another table's
// change (a background write) is skipped.
func (s *socket) hastaMarca() map[string][]int64 {
	s.t.Helper()
	out := map[string][]int64{}
	for {
		m, err := s.leer()
		if err != nil {
			s.t.Fatalf("esperando la marca (leídos %v): %v", out, err)
		}
		if m.Evento == events.ConfigActualizada {
			var c struct {
				Tabla string `json:"tabla"`
			}
			if json.Unmarshal(m.Datos, &c) == nil && c.Tabla == domain.CatSecciones.Tabla {
				return out
			}
			continue
		}
		// presence and the notifications (one user's, made in the background) are not the writes' events
		if m.ID == 0 || m.Evento == events.UsuarioConectado || m.Evento == events.Notificacion {
			continue
		}
		var d struct {
			UsuarioID int64 `json:"usuario_id"`
		}
		if err := json.Unmarshal(m.Datos, &d); err != nil {
			s.t.Fatal(err)
		}
		out[m.Evento] = append(out[m.Evento], d.UsuarioID)
	}
}

// The event stream applies the API's reads: a seller receives its own sale,
// tickets, boarding and register events and none of another seller's; the
// boarding crew the tickets (the boarding lists) but no sale summary and no
// register; the supervisor everything. No payload names the customer.
func TestSocketEventsFollowTheReadsOfTheAPI(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		yo, otra := e.userID("vendedor"), e.otraVendedora()
		sockets := map[string]*socket{}
		for _, u := range []string{"vendedor", "vendedora", "lancha", "supervisor"} {
			sockets[u] = conectar(t, base, e.token(u), 0)
			sockets[u].hasta("conectado")
		}
		var vendidos []pasajeJSON
		for _, u := range []string{"vendedor", "vendedora"} {
			tok := e.token(u)
			e.abrir(tok, 0).expect(t, http.StatusCreated, "")
			b := e.lote(map[string]int{"General": 1}, "Efectivo")
			b["cliente_nombre"], b["cliente_documento"], b["cliente_telefono"] = "Marta Ríos", "40111222", "1155550101"
			r := e.sell(tok, b, "")
			r.expect(t, http.StatusCreated, "")
			var d struct{ Pasajes []pasajeJSON }
			r.decode(t, &d)
			vendidos = append(vendidos, d.Pasajes...)
		}
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/validar-embarque", vendidos[0].ID), e.token("lancha"), nil).
			expect(t, http.StatusOK, "")
		e.marca()

		lancha := e.userID("lancha")
		want := map[string]map[string][]int64{
			"vendedor": {events.CajaAbierta: {yo}, events.PasajeCreado: {yo}, events.NuevaVenta: {yo},
				events.PasajeValidado: {lancha}},
			"vendedora": {events.CajaAbierta: {otra}, events.PasajeCreado: {otra}, events.NuevaVenta: {otra}},
			"lancha":    {events.PasajeCreado: {yo, otra}, events.PasajeValidado: {lancha}},
			"supervisor": {events.CajaAbierta: {yo, otra}, events.PasajeCreado: {yo, otra}, events.NuevaVenta: {yo, otra},
				events.PasajeValidado: {lancha}},
		}
		for u, s := range sockets {
			if got := s.hastaMarca(); fmt.Sprint(got) != fmt.Sprint(want[u]) {
				t.Errorf("%s recibió %v, se esperaba %v", u, got, want[u])
			}
		}
		// the company's events carry ids and figures, never the customer (a notification is one
		// user's, a supervisor's or admin's, who reads every ticket)
		for _, dato := range []string{"Marta", "40111222", "1155550101"} {
			if n := e.count(`SELECT COUNT(*) FROM eventos WHERE datos LIKE ? AND nombre <> ?`, "%"+dato+"%",
				events.Notificacion); n != 0 {
				t.Errorf("%d eventos llevan %q", n, dato)
			}
		}
	})
}

// A session whose password must change gets no socket: 403 before the
// upgrade, like every route but the password's; once changed, it connects.
func TestSocketRefusesASessionThatMustChangeItsPassword(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		_, temporal := e.crear(e.token("admin"), "nueva", domain.RolVendedor)
		tok := e.tokenDe(e.loginCon("nueva", temporal))
		c, resp, err := dial(base, tok, 0)
		if err == nil {
			c.CloseNow()
			t.Fatal("el socket se abrió con la contraseña por cambiar")
		}
		if resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Fatalf("respuesta %v, se esperaba 403", resp)
		}
		var env envelope
		if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Success || env.Message != domain.MsgDebeCambiarClave {
			t.Fatalf("sobre %+v (%v)", env, err)
		}
		e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_actual": temporal,
			"clave_nueva": "Muelle-Sur-2026!"}).expect(t, http.StatusOK, "")
		s := conectar(t, base, e.tokenDe(e.loginCon("nueva", "Muelle-Sur-2026!")), 0)
		s.hasta("conectado")
	})
}
