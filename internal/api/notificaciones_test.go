package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

type notificacionesJSON struct {
	Notificaciones []struct {
		ID     int64
		Tipo   string
		Titulo string
		Leida  bool
		Datos  json.RawMessage
	}
	NoLeidas int64 `json:"no_leidas"`
}

func (e *env) notificaciones(token, query string) notificacionesJSON {
	e.t.Helper()
	r := e.do("GET", "/api/notificaciones"+query, token, nil)
	r.expect(e.t, http.StatusOK, "")
	var n notificacionesJSON
	r.decode(e.t, &n)
	return n
}

// muestrasNotificacion are a payload of each kind the tests notify.
var muestrasNotificacion = map[string]events.DatosNotificacion{
	domain.NotifVenta: events.EventoVenta{Codigo: "LD-20261122-000001", Precio: 150050, Cantidad: 1, PasajeIDs: []int64{1},
		UsuarioID: 2, Usuario: "Ana Paz"},
	domain.NotifCajaAbierta: events.EventoCaja{CajaID: 4, UsuarioID: 2, Usuario: "Ana Paz"},
	domain.NotifCajaCerrada: events.EventoCaja{CajaID: 4, UsuarioID: 2, Usuario: "Ana Paz"},
	domain.NotifAlerta:      events.AvisoProgramaPausado{ProgramaID: 9},
}

func (e *env) notificar(usuario string, tipos ...string) {
	e.t.Helper()
	var ns []store.NuevaNotificacion
	for _, tipo := range tipos {
		ns = append(ns, store.NuevaNotificacion{EmpresaID: 1, UsuarioID: e.userID(usuario), Tipo: tipo,
			Titulo: "Aviso " + tipo, Mensaje: "m", Datos: muestrasNotificacion[tipo]})
	}
	if err := e.st.CrearNotificaciones(context.Background(), ns); err != nil {
		e.t.Fatal(err)
	}
}

// The notification centre's calls act on the session's own notifications:
// list with filters, mark one and all read, delete one, clear; another
// user's id is 404 and changes nothing; bad filters are 400.
func TestNotificationsAPI(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, supervisor := e.token("admin"), e.token("supervisor")
		e.notificar("admin", domain.NotifVenta, domain.NotifCajaAbierta, domain.NotifCajaCerrada, domain.NotifAlerta)
		e.notificar("supervisor", domain.NotifVenta)
		todas := e.notificaciones(admin, "")
		if len(todas.Notificaciones) != 4 || todas.NoLeidas != 4 || todas.Notificaciones[0].Tipo != domain.NotifAlerta ||
			string(todas.Notificaciones[0].Datos) != `{"programa_id":9}` ||
			string(todas.Notificaciones[3].Datos) != `{"codigo":"LD-20261122-000001","precio":1500.50,"cantidad":1,"pasaje_ids":[1],"usuario_id":2,"usuario":"Ana Paz"}` {
			t.Fatalf("lista = %+v", todas)
		}
		if n := e.notificaciones(admin, "?tipo=caja"); len(n.Notificaciones) != 2 {
			t.Fatalf("filtro caja = %+v", n)
		}
		ajena := e.notificaciones(supervisor, "").Notificaciones[0].ID
		for _, c := range []struct{ method, path string }{
			{"PUT", fmt.Sprintf("/api/notificaciones/%d/leida", ajena)},
			{"DELETE", fmt.Sprintf("/api/notificaciones/%d", ajena)},
		} {
			e.do(c.method, c.path, admin, nil).expect(t, http.StatusNotFound, domain.MsgNotificacionNoEncontrada)
		}
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE id = ? AND leida = ?`, ajena, false); n != 1 {
			t.Fatal("la notificación ajena cambió")
		}
		primera := todas.Notificaciones[0].ID
		e.do("PUT", fmt.Sprintf("/api/notificaciones/%d/leida", primera), admin, nil).
			expect(t, http.StatusOK, "Notificación marcada como leída")
		if n := e.notificaciones(admin, "?estado=leidas"); len(n.Notificaciones) != 1 || n.NoLeidas != 3 {
			t.Fatalf("leídas = %+v", n)
		}
		e.do("DELETE", fmt.Sprintf("/api/notificaciones/%d", primera), admin, nil).
			expect(t, http.StatusOK, "Notificación eliminada")
		r := e.do("PUT", "/api/notificaciones/leidas", admin, nil)
		r.expect(t, http.StatusOK, "Todas las notificaciones fueron marcadas como leídas")
		var cambiadas struct{ Cantidad int64 }
		if r.decode(t, &cambiadas); cambiadas.Cantidad != 3 {
			t.Fatalf("marcadas = %d", cambiadas.Cantidad)
		}
		if n := e.notificaciones(admin, "?estado=no_leidas"); len(n.Notificaciones) != 0 || n.NoLeidas != 0 {
			t.Fatalf("no leídas = %+v", n)
		}
		e.do("DELETE", "/api/notificaciones", admin, nil).expect(t, http.StatusOK, "Se eliminaron todas las notificaciones")
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE usuario_id = ?`, e.userID("admin")); n != 0 {
			t.Fatalf("quedan %d", n)
		}
		if n := e.notificaciones(supervisor, ""); len(n.Notificaciones) != 1 || n.NoLeidas != 1 {
			t.Fatalf("las del supervisor cambiaron: %+v", n)
		}
		e.do("GET", "/api/notificaciones?estado=todos", admin, nil).
			expect(t, http.StatusBadRequest, "El parámetro estado debe ser uno de: todas, no_leidas, leidas")
		e.do("GET", "/api/notificaciones?tipo=otro", admin, nil).expect(t, http.StatusBadRequest, "")
		e.do("GET", "/api/notificaciones", "", nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
	})
}

// Notifications stored before their payloads were typed (an alert's payload
// written from a map, keys in order; an event's) are answered with their
// datos as stored.
func TestStoredNotificationsAnswerTheirDatosAsStored(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		guardadas := []struct{ tipo, datos string }{
			{domain.NotifAlerta, `{"embarcacion_id":3,"vencimiento_certificado":"2026-12-01"}`},
			{domain.NotifAlerta, `{"programa_id":7}`},
			{domain.NotifCajaCerrada, `{"caja_id":4,"usuario_id":2,"usuario":"Ana Paz","montoFinal":100.00,"total_ventas":100.00,"diferencia":0.00}`},
		}
		for i, g := range guardadas {
			e.exec(t, `INSERT INTO notificaciones (empresa_id, usuario_id, tipo, titulo, mensaje, datos, leida, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, 1, e.userID("admin"), g.tipo, "Aviso", "m", g.datos, false,
				time.Date(2026, 11, 22, 10, i, 0, 0, time.UTC))
		}
		n := e.notificaciones(e.token("admin"), "")
		for i, g := range guardadas {
			if got := n.Notificaciones[len(guardadas)-1-i]; got.Tipo != g.tipo || string(got.Datos) != g.datos {
				t.Fatalf("%s %s, guardada %s %s", got.Tipo, got.Datos, g.tipo, g.datos)
			}
		}
	})
}

// A sale through the API becomes a notification for the company's admin,
// created after the commit by the running notifier.
func TestASaleNotifiesTheAdmin(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		s := conectar(t, base, e.token("admin"), 0)
		s.hasta("conectado")
		vendedor := e.token("vendedor")
		e.abrir(vendedor, 0).expect(t, http.StatusCreated, "")
		e.sell(vendedor, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		for {
			m := s.hasta("notificacion")
			if m[len(m)-1].Datos != nil && strings.Contains(string(m[len(m)-1].Datos), `"tipo":"venta"`) {
				break
			}
		}
		n := e.notificaciones(e.token("admin"), "?tipo=venta")
		if len(n.Notificaciones) != 1 || n.Notificaciones[0].Titulo != "Nueva venta" {
			t.Fatalf("notificaciones = %+v", n)
		}
		if v := e.notificaciones(vendedor, ""); len(v.Notificaciones) != 0 {
			t.Fatalf("el vendedor recibió %+v", v)
		}
	})
}
