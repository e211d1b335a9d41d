package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// capacidadDemo sets the demo section's capacity (company 1).
func (e *env) capacidadDemo(n int) {
	e.t.Helper()
	if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE secciones SET capacidad = ? WHERE id = ?`), n,
		e.idOf(1, domain.CatSecciones, seccionDemo)); err != nil {
		e.t.Fatal(err)
	}
}

// cupo answers the seats of the demo section on fecha.
func (e *env) cupo(token, fecha string) domain.Cupo {
	e.t.Helper()
	r := e.do("GET", fmt.Sprintf("/api/pasajes/disponibilidad?seccion_id=%d&fecha=%s", e.idOf(1, domain.CatSecciones, seccionDemo), fecha), token, nil)
	r.expect(e.t, http.StatusOK, "")
	var c domain.Cupo
	r.decode(e.t, &c)
	return c
}

// escrituraVenta counts what a sale writes: tickets, register movements and audit rows.
func (e *env) escrituraVenta() [3]int64 {
	return [3]int64{e.count(`SELECT COUNT(*) FROM pasajes`), e.count(`SELECT COUNT(*) FROM caja_movimientos`),
		e.count(`SELECT COUNT(*) FROM auditoria WHERE accion IN (?, ?)`, store.AccionVentaPasaje, store.AccionSobreventa)}
}

// conSobreventa is a sale body with a confirmation.
func conSobreventa(body map[string]any, confirmacion map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		out[k] = v
	}
	out["sobreventa"] = confirmacion
	return out
}

func TestASalePastTheDaySeatsNeedsASupervisorsConfirmation(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.capacidadDemo(3)
		tok := e.token("vendedor")
		e.cajaAbierta("vendedor")
		if c := e.cupo(tok, "2026-11-20"); !c.Limitado || c.Origen != domain.OrigenCupoSeccion || c.Capacidad != 3 || c.Quedan != 3 {
			t.Fatalf("cupo inicial %+v", c)
		}
		e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		if c := e.cupo(tok, "2026-11-20"); c.Vendidos != 2 || c.Quedan != 1 {
			t.Fatalf("tras vender 2: %+v", c)
		}

		// two more: refused with the seats in the data, nothing written
		antes := e.escrituraVenta()
		dos := e.lote(map[string]int{"General": 2}, "Efectivo")
		r := e.sell(tok, dos, "")
		r.expect(t, http.StatusConflict, "No quedan lugares para esa fecha y sección (quedan 1). Requiere confirmación de un supervisor.")
		var rechazo domain.RechazoSobreventa
		r.decode(t, &rechazo)
		if rechazo.Quedan != 1 || rechazo.Capacidad != 3 || rechazo.Solicitados != 2 || rechazo.Exceso != 1 {
			t.Fatalf("datos del rechazo %+v", rechazo)
		}
		// the seller's own confirmation, or their own credentials, are not a supervisor's
		e.sell(tok, conSobreventa(dos, map[string]string{}), "").expect(t, http.StatusForbidden, domain.MsgSobreventaSinPermiso)
		e.sell(tok, conSobreventa(dos, map[string]string{"nombre_usuario": "vendedor", "password": demo.Password}), "").
			expect(t, http.StatusForbidden, domain.MsgSobreventaSinPermiso)
		// a wrong password, another company's supervisor: refused, and counted as a failed login
		fallidos := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN' AND exito = ?`, false)
		e.sell(tok, conSobreventa(dos, map[string]string{"nombre_usuario": "supervisor", "password": "otra-clave-123"}), "").
			expect(t, http.StatusForbidden, domain.MsgCredencialesAprobador)
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN' AND exito = ?`, false) != fallidos+1 {
			t.Fatal("la contraseña equivocada no se contó como intento fallido")
		}
		e.sell(tok, conSobreventa(dos, map[string]string{"nombre_usuario": "admin2", "password": demo.Password}), "").
			expect(t, http.StatusForbidden, domain.MsgSobreventaSinPermiso)
		if got := e.escrituraVenta(); got != antes {
			t.Fatalf("una venta rechazada escribió: %v → %v", antes, got)
		}

		// the supervisor's credentials: it goes in, audited on the supervisor and notified
		r = e.sell(tok, conSobreventa(dos, map[string]string{"nombre_usuario": "supervisor", "password": demo.Password}), "sv-1")
		r.expect(t, http.StatusCreated, "")
		if got := e.escrituraVenta(); got[0] != antes[0]+2 || got[1] != antes[1]+1 {
			t.Fatalf("la venta confirmada no escribió sus pasajes y su movimiento: %v → %v", antes, got)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND detalles LIKE ?`,
			store.AccionSobreventa, e.userID("supervisor"), "Lucía Benítez confirmó 1 pasaje de más en "+seccionDemo+
				" el 20/11/2026 (capacidad 3, ya vendidos 2, venta de Diego Sosa)%"); n != 1 {
			t.Fatalf("auditoría de la sobreventa: %d", n)
		}
		// the supervisors and admins are told (the alert goes out with the sale's commit)
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE nombre = 'alertaSistema' AND datos LIKE '%"sobreventa"%'
			AND datos LIKE '%Lucía Benítez confirmó 1 pasaje de más%' AND roles LIKE '%supervisor%'`); n != 1 {
			t.Fatalf("%d alertas de sobreventa", n)
		}
		if c := e.cupo(tok, "2026-11-20"); c.Vendidos != 4 || c.Quedan != -1 {
			t.Fatalf("tras la sobreventa: %+v", c)
		}

		// now even one ticket needs it; a supervisor selling confirms it themself
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").
			expect(t, http.StatusConflict, domain.MsgSinLugares(0))
		e.cajaAbierta("supervisor")
		e.sell(e.token("supervisor"), e.lote(map[string]int{"General": 1}, "Efectivo"), "").
			expect(t, http.StatusConflict, domain.MsgSinLugares(0))
		e.sell(e.token("supervisor"), conSobreventa(e.lote(map[string]int{"General": 1}, "Efectivo"), map[string]string{}), "").
			expect(t, http.StatusCreated, "")
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionSobreventa); n != 2 {
			t.Fatalf("%d sobreventas auditadas", n)
		}
		// the single-ticket call follows the same rule
		single := map[string]any{"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo), "fecha_viaje": "2026-11-20",
			"medio_pago_id": e.idOf(1, domain.CatMediosPago, "Efectivo"), "tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, "General")}
		e.do("POST", "/api/pasajes", tok, single).expect(t, http.StatusConflict, domain.MsgSinLugares(0))
	})
}

func TestTheSeatsOfADayAreItsOutboundDeparturesBoats(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		a := store.Actor{EmpresaID: 1, UsuarioID: e.userID("admin")}
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		tok := e.token("vendedor")
		// no departure: the section's capacity; none set: no limit
		if c := e.cupo(tok, "2026-11-21"); c.Origen != domain.OrigenCupoSeccion || c.Capacidad != 60 {
			t.Fatalf("sin salidas: %+v", c)
		}
		e.capacidadDemo(0)
		if c := e.cupo(tok, "2026-11-21"); c.Limitado || c.Origen != domain.OrigenCupoLibre {
			t.Fatalf("sin capacidad: %+v", c)
		}
		b, err := e.st.CrearEmbarcacion(ctx, a, domain.Embarcacion{Nombre: "Chica", Matricula: "CH-1", Capacidad: 2,
			VencimientoCertificado: "2030-01-01", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, hora := range []string{"09:00", "18:00", "19:00"} {
			x, err := e.st.CrearSalidaExtra(ctx, a, store.NuevaSalida{SeccionID: seccion, EmbarcacionID: b.ID, Fecha: "2026-11-21", Hora: hora})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, x.ID)
		}
		// the 19:00 is a return leg: not counted
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE salidas SET sentido = 'vuelta' WHERE id = ?`), ids[2]); err != nil {
			t.Fatal(err)
		}
		if c := e.cupo(tok, "2026-11-21"); c.Origen != domain.OrigenCupoSalidas || c.Capacidad != 4 || c.Salidas != 2 {
			t.Fatalf("dos salidas de ida de 2: %+v", c)
		}
		if _, err := e.st.CambiarEstadoSalida(ctx, a, ids[1], domain.SalidaCancelada, false); err != nil {
			t.Fatal(err)
		}
		if c := e.cupo(tok, "2026-11-21"); c.Capacidad != 2 || c.Salidas != 1 {
			t.Fatalf("cancelada una: %+v", c)
		}
		// a sale for that date past the boat's 2 seats is refused
		e.cajaAbierta("vendedor")
		body := e.lote(map[string]int{"General": 3}, "Efectivo")
		body["fecha_viaje"] = "2026-11-21"
		e.sell(tok, body, "").expect(t, http.StatusConflict, domain.MsgSinLugares(2))
		// tenancy and shape
		e.do("GET", fmt.Sprintf("/api/pasajes/disponibilidad?seccion_id=%d", seccion), e.token("vendedor2"), nil).
			expect(t, http.StatusNotFound, domain.CatSecciones.Mensajes.NoEncontrado)
		e.do("GET", "/api/pasajes/disponibilidad?seccion_id=1&fecha=21-11-2026", tok, nil).expect(t, http.StatusBadRequest, "")
		e.do("GET", "/api/pasajes/disponibilidad", tok, nil).expect(t, http.StatusBadRequest, "")
		e.do("GET", fmt.Sprintf("/api/pasajes/disponibilidad?seccion_id=%d", seccion), e.token("lancha"), nil).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

func TestConcurrentSellersOfTheLastSeatOnlyOneSellsIt(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.capacidadDemo(1)
		vendedores := []string{"vendedor", "supervisor", "admin"}
		tokens := make([]string, len(vendedores))
		for i, u := range vendedores {
			e.cajaAbierta(u)
			tokens[i] = e.token(u)
		}
		body := e.lote(map[string]int{"General": 1}, "Efectivo")
		// 50 sales at once for the last seat: one sells it, the others are refused with the seats' words
		status := parallel(50, func(i int) int {
			r := e.request("POST", "/api/pasajes/lote", tokens[i%len(tokens)], body, nil)
			if r.Status == http.StatusConflict && r.Message == domain.MsgSinLugares(0) {
				return 1
			}
			return r.Status
		})
		if status[http.StatusCreated] != 1 || status[1] != 49 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE fecha_viaje = '2026-11-20' AND estado = 'activo'`) != 1 {
			t.Fatalf("el último lugar se vendió %d veces: %v", status[http.StatusCreated], status)
		}
		if c := e.cupo(tokens[0], "2026-11-20"); c.Vendidos != 1 || c.Quedan != 0 {
			t.Fatalf("lugares %+v", c)
		}
	})
}

func TestAnOfflineSalePastTheSeatsGoesInMarkedAndNotified(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.capacidadDemo(1)
		caja := e.cajaAbierta("vendedor")
		e.sell(e.token("vendedor"), e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		d := e.nuevoDispositivo("vendedor")
		id := nuevoID(t)
		r := e.syncOK(d, e.now, accion(id, "venta", e.now, e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))))
		if r.Resultados[0].Estado != domain.AccionAplicada {
			t.Fatalf("la venta sin conexión no entró: %+v", r.Resultados[0])
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); !strings.Contains(marcas, domain.MarcaSobreventa) {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND detalles LIKE ?`,
			store.AccionSobreventa, e.userID("vendedor"), "Una venta sin conexión de Diego Sosa dejó 1 pasaje de más%"); n != 1 {
			t.Fatalf("auditoría de la sobreventa sin conexión: %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE nombre = 'alertaSistema' AND datos LIKE '%Una venta sin conexión de Diego Sosa%'`); n != 1 {
			t.Fatalf("%d alertas de la sobreventa sin conexión", n)
		}
	})
}

func TestTheTripStatusCoversAnyDate(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		e.vendidos(2)
		var v struct {
			Hoy, Manana struct {
				Fecha     string
				Secciones []struct{ Total int64 }
			}
		}
		e.do("GET", "/api/pasajes/por-fecha?tipo=programado", admin, nil).decode(t, &v)
		if v.Hoy.Fecha != "2026-11-20" || v.Manana.Fecha != "2026-11-21" || len(v.Hoy.Secciones) != 1 || v.Hoy.Secciones[0].Total != 2 {
			t.Fatalf("hoy: %+v", v)
		}
		r := e.do("GET", "/api/pasajes/por-fecha?tipo=programado&fecha=2026-11-19", admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &v)
		// the day before: the demo's past sales; today as its next day
		if v.Hoy.Fecha != "2026-11-19" || v.Manana.Fecha != "2026-11-20" || len(v.Hoy.Secciones) == 0 || len(v.Manana.Secciones) != 1 {
			t.Fatalf("otra fecha: %+v", v)
		}
		e.do("GET", "/api/pasajes/por-fecha?tipo=programado&fecha=2027-03-01", admin, nil).decode(t, &v)
		if v.Hoy.Fecha != "2027-03-01" || v.Manana.Fecha != "2027-03-02" || len(v.Hoy.Secciones) != 0 || len(v.Manana.Secciones) != 0 {
			t.Fatalf("fecha futura: %+v", v)
		}
		e.do("GET", "/api/pasajes/por-fecha?tipo=programado&fecha=2027-02-30", admin, nil).expect(t, http.StatusBadRequest, "")
		e.do("GET", "/api/pasajes/por-fecha?tipo=programado&fecha=3000-01-01", admin, nil).expect(t, http.StatusBadRequest, "")
	})
}
