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

// salidasDeVenta creates a boat of capacidad seats and an outbound departure
// of company empresaID's demo section at each time of 2026-11-20 with it.
func (e *env) salidasDeVenta(empresaID int64, capacidad int64, horas ...string) []int64 {
	e.t.Helper()
	ctx := context.Background()
	admin := map[int64]string{1: "admin", 2: "admin2"}[empresaID]
	a := store.Actor{EmpresaID: empresaID, UsuarioID: e.userID(admin)}
	b, err := e.st.CrearEmbarcacion(ctx, a, domain.Embarcacion{Nombre: fmt.Sprintf("Delta %d", capacidad),
		Matricula: fmt.Sprintf("DV-%d-%d", empresaID, capacidad), Capacidad: capacidad, VencimientoCertificado: "2030-01-01", Activo: true})
	if err != nil {
		e.t.Fatal(err)
	}
	var ids []int64
	for _, hora := range horas {
		x, err := e.st.CrearSalidaExtra(ctx, a, store.NuevaSalida{SeccionID: e.idOf(empresaID, domain.CatSecciones, seccionDemo),
			EmbarcacionID: b.ID, Fecha: "2026-11-20", Hora: hora})
		if err != nil {
			e.t.Fatal(err)
		}
		ids = append(ids, x.ID)
	}
	return ids
}

// ventaDeSalida is a sale body of n General tickets for the departure salidaID.
func (e *env) ventaDeSalida(n int, salidaID any) map[string]any {
	body := e.lote(map[string]int{"General": n}, "Efectivo")
	body["salida_id"] = salidaID
	return body
}

// venta sells body and answers the sale (201 expected).
func (e *env) venta(tok string, body map[string]any) Venta {
	e.t.Helper()
	r := e.sell(tok, body, "")
	r.expect(e.t, http.StatusCreated, "")
	var v Venta
	r.decode(e.t, &v)
	return v
}

func (e *env) vendidosSalida(id int64) int64 {
	return e.count(`SELECT vendidos FROM salidas WHERE id = ?`, id)
}

func TestASaleForADepartureTakesItsBoatsSeatsAndPrintsIt(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ids := e.salidasDeVenta(1, 3, "10:30", "12:00")
		tok := e.token("vendedor")
		e.cajaAbierta("vendedor")

		// the quick sale's list: each departure with its boat, stop and seats
		r := e.do("GET", fmt.Sprintf("/api/pasajes/disponibilidad?seccion_id=%d&fecha=2026-11-20",
			e.idOf(1, domain.CatSecciones, seccionDemo)), tok, nil)
		r.expect(t, http.StatusOK, "")
		var disp Disponibilidad
		r.decode(t, &disp)
		if len(disp.SalidasDelDia) != 2 || disp.Capacidad != 6 {
			t.Fatalf("disponibilidad %+v", disp)
		}
		if s := disp.SalidasDelDia[0]; s.ID != ids[0] || s.Hora != "10:30" || s.Embarcacion != "Delta 3" ||
			s.ParadaEmbarque != "Tigre" || s.Capacidad != 3 || s.Quedan != 3 || s.Estado != domain.SalidaProgramada {
			t.Fatalf("salida de las 10:30 %+v", s)
		}

		// two tickets for the 10:30: its seats, the ticket and its QR carry it
		r = e.sell(tok, e.ventaDeSalida(2, ids[0]), "sal-1")
		r.expect(t, http.StatusCreated, "2 pasajes creados exitosamente")
		var v Venta
		r.decode(t, &v)
		want := SalidaDelPasaje{ID: ids[0], Hora: "10:30", Embarcacion: "Delta 3", ParadaEmbarque: "Tigre"}
		for _, p := range v.Pasajes {
			if p.Salida == nil || *p.Salida != want {
				t.Fatalf("pasaje %s con salida %+v", p.NumeroPasaje, p.Salida)
			}
			qr, err := domain.LeerCodigoQR(p.CodigoQR)
			if err != nil || qr.SalidaID != ids[0] || qr.Hora != "10:30" || qr.Embarcacion != "Delta 3" || qr.ParadaEmbarque != "Tigre" {
				t.Fatalf("QR %+v %v", qr, err)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_venta_id = ?`, ids[0]); n != 2 || e.vendidosSalida(ids[0]) != 2 {
			t.Fatalf("pasajes de la salida %d, vendidos %d", n, e.vendidosSalida(ids[0]))
		}
		// the ticket's detail shows it too; a replay sells nothing more
		d := e.do("GET", fmt.Sprintf("/api/pasajes/%d", v.Pasajes[0].ID), tok, nil)
		d.expect(t, http.StatusOK, "")
		var ficha Pasaje
		d.decode(t, &ficha)
		if ficha.Salida == nil || *ficha.Salida != want {
			t.Fatalf("detalle con salida %+v", ficha.Salida)
		}
		// the passenger's link shows it too
		pub := e.do("GET", pasajePublicoURL(v.Pasajes[0].NumeroPasaje, v.Pasajes[0].CodigoQR), "", nil)
		pub.expect(t, http.StatusOK, "")
		var publico PasajePublico
		pub.decode(t, &publico)
		if publico.Salida == nil || *publico.Salida != want {
			t.Fatalf("enlace del pasaje con salida %+v", publico.Salida)
		}
		e.sell(tok, e.ventaDeSalida(2, ids[0]), "sal-1").expect(t, http.StatusCreated, "")
		if e.vendidosSalida(ids[0]) != 2 {
			t.Fatalf("la repetición tomó lugares: %d", e.vendidosSalida(ids[0]))
		}

		// two more do not fit the 10:30 (the day still has room): refused with the departure's seats, nothing written
		antes := e.estado()
		r = e.sell(tok, e.ventaDeSalida(2, ids[0]), "")
		r.expect(t, http.StatusConflict, domain.MsgSinLugaresSalida("10:30", 1))
		var rechazo domain.RechazoSobreventa
		r.decode(t, &rechazo)
		if rechazo.Origen != domain.OrigenCupoSalida || rechazo.Capacidad != 3 || rechazo.Quedan != 1 || rechazo.Exceso != 1 {
			t.Fatalf("datos del rechazo %+v", rechazo)
		}
		e.sell(tok, conSobreventa(e.ventaDeSalida(2, ids[0]), map[string]string{}), "").
			expect(t, http.StatusForbidden, domain.MsgSobreventaSinPermiso)
		if after := e.estado(); after != antes || e.vendidosSalida(ids[0]) != 2 {
			t.Fatalf("una venta rechazada escribió (%s → %s), vendidos %d", antes, after, e.vendidosSalida(ids[0]))
		}
		// the 12:00 has room; a supervisor's confirmation takes the 10:30 past its boat, audited once
		e.sell(tok, e.ventaDeSalida(2, ids[1]), "").expect(t, http.StatusCreated, "")
		r = e.sell(tok, conSobreventa(e.ventaDeSalida(1, ids[0]), map[string]string{"nombre_usuario": "supervisor",
			"password": demo.Password}), "")
		r.expect(t, http.StatusCreated, "")
		if e.vendidosSalida(ids[0]) != 3 {
			t.Fatalf("vendidos tras la confirmación: %d", e.vendidosSalida(ids[0]))
		}
		r = e.sell(tok, conSobreventa(e.ventaDeSalida(1, ids[0]), map[string]string{"nombre_usuario": "supervisor",
			"password": demo.Password}), "")
		r.expect(t, http.StatusCreated, "")
		if e.vendidosSalida(ids[0]) != 4 || e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ?`,
			store.AccionSobreventa, e.userID("supervisor")) != 1 {
			t.Fatalf("sobreventa de la salida: vendidos %d", e.vendidosSalida(ids[0]))
		}

		// a cancellation gives its seat back, a reactivation takes it again
		sup := e.token("supervisor")
		e.cajaAbierta("supervisor")
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", v.Pasajes[0].ID), sup, map[string]any{"motivo": "Error"}).
			expect(t, http.StatusOK, "")
		if e.vendidosSalida(ids[0]) != 3 {
			t.Fatalf("la anulación no devolvió el lugar: %d", e.vendidosSalida(ids[0]))
		}
		// the nightly check finds every counter equal to its tickets, and a drift when there is one
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE salidas SET vendidos = vendidos + 1 WHERE id = ?`), ids[1]); err != nil {
			t.Fatal(err)
		}
		if err := e.st.ComprobarCupos(context.Background()); err == nil ||
			!strings.Contains(err.Error(), fmt.Sprintf("salida %d: 3 lugares contados, 2 pasajes", ids[1])) {
			t.Fatalf("la comprobación no vio la diferencia: %v", err)
		}
	})
}

func TestASaleForADepartureIsRefusedForAnotherCompanyDayOrAClosedDeparture(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ids := e.salidasDeVenta(1, 10, "10:30", "12:00")
		otra := e.salidasDeVenta(2, 10, "10:45")
		tok := e.token("vendedor")
		e.cajaAbierta("vendedor")
		antes := e.estado()
		e.sell(tok, e.ventaDeSalida(1, otra[0]), "").expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		otroDia := e.ventaDeSalida(1, ids[0])
		otroDia["fecha_viaje"] = "2026-11-21"
		e.sell(tok, otroDia, "").expect(t, http.StatusBadRequest, domain.MsgSalidaOtroDia)
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE salidas SET estado = 'zarpo' WHERE id = ?`), ids[1]); err != nil {
			t.Fatal(err)
		}
		e.sell(tok, e.ventaDeSalida(1, ids[1]), "").expect(t, http.StatusConflict, domain.MsgSalidaNoEmbarca("12:00", domain.SalidaZarpo))
		e.sell(tok, e.ventaDeSalida(1, 0), "").expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.sell(tok, e.ventaDeSalida(1, "10:30"), "").expect(t, http.StatusBadRequest, "")
		if after := e.estado(); after != antes || e.vendidosSalida(ids[0])+e.vendidosSalida(ids[1]) != 0 {
			t.Fatalf("una venta rechazada escribió (%s → %s)", antes, after)
		}
	})
}

func TestTheLastSeatOfADepartureGoesToOneSeller(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		// two departures of one seat each: the day has two, the 10:30 one
		ids := e.salidasDeVenta(1, 1, "10:30", "12:00")
		vendedores := []string{"vendedor", "supervisor", "admin"}
		tokens := make([]string, len(vendedores))
		for i, u := range vendedores {
			e.cajaAbierta(u)
			tokens[i] = e.token(u)
		}
		body := e.ventaDeSalida(1, ids[0])
		status := parallel(50, func(i int) int {
			r := e.request("POST", "/api/pasajes/lote", tokens[i%len(tokens)], body, nil)
			if r.Status == http.StatusConflict && r.Message == domain.MsgSinLugaresSalida("10:30", 0) {
				return 1
			}
			return r.Status
		})
		if status[http.StatusCreated] != 1 || status[1] != 49 || e.vendidosSalida(ids[0]) != 1 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_venta_id = ?`, ids[0]) != 1 {
			t.Fatalf("el último lugar de la salida se vendió %d veces: %v", status[http.StatusCreated], status)
		}
	})
}

func TestASoldTicketChangesItsDepartureBeforeBoarding(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ids := e.salidasDeVenta(1, 2, "10:30", "12:00")
		otra := e.salidasDeVenta(2, 2, "10:50")
		tok := e.token("vendedor")
		e.cajaAbierta("vendedor")
		v := e.venta(tok, e.ventaDeSalida(2, ids[0]))
		vd := e.venta(tok, e.lote(map[string]int{"General": 1}, "Efectivo"))
		sup := e.token("supervisor")
		cambiar := func(id int64) string { return fmt.Sprintf("/api/pasajes/%d/salida", id) }

		// refusals change nothing: the seller's role, another company's departure or ticket, the same one, a full one
		antes := e.estado()
		e.do("PUT", cambiar(v.Pasajes[0].ID), tok, map[string]any{"salida_id": ids[1]}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", cambiar(v.Pasajes[0].ID), sup, map[string]any{"salida_id": otra[0]}).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.do("PUT", cambiar(v.Pasajes[0].ID), e.token("admin2"), map[string]any{"salida_id": otra[0]}).
			expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		e.do("PUT", cambiar(v.Pasajes[0].ID), sup, map[string]any{"salida_id": ids[0]}).expect(t, http.StatusBadRequest, domain.MsgMismaSalidaVendida)
		e.do("PUT", cambiar(v.Pasajes[0].ID), sup, map[string]any{"salida_id": "x"}).expect(t, http.StatusBadRequest, "")
		if after := e.estado(); after != antes {
			t.Fatalf("un cambio rechazado escribió (%s → %s)", antes, after)
		}

		// to the 12:00: its seat moves with it, once for a replayed key
		m := e.doWith("PUT", cambiar(v.Pasajes[0].ID), sup, map[string]any{"salida_id": ids[1]}, map[string]string{"Idempotency-Key": "cs-1"})
		m.expect(t, http.StatusOK, domain.MsgSalidaDelPasajeCambiada)
		var p Pasaje
		m.decode(t, &p)
		if p.Salida == nil || p.Salida.ID != ids[1] || p.Salida.Hora != "12:00" || p.CodigoQR != v.Pasajes[0].CodigoQR {
			t.Fatalf("pasaje cambiado %+v", p.Salida)
		}
		e.doWith("PUT", cambiar(v.Pasajes[0].ID), sup, map[string]any{"salida_id": ids[1]}, map[string]string{"Idempotency-Key": "cs-1"}).
			expect(t, http.StatusOK, "")
		if e.vendidosSalida(ids[0]) != 1 || e.vendidosSalida(ids[1]) != 1 {
			t.Fatalf("vendidos 10:30 %d, 12:00 %d", e.vendidosSalida(ids[0]), e.vendidosSalida(ids[1]))
		}
		// a day's ticket takes the 12:00's last seat; the next one finds it full
		e.do("PUT", cambiar(vd.Pasajes[0].ID), sup, map[string]any{"salida_id": ids[1]}).expect(t, http.StatusOK, "")
		e.do("PUT", cambiar(v.Pasajes[1].ID), sup, map[string]any{"salida_id": ids[1]}).
			expect(t, http.StatusConflict, domain.MsgSinLugaresSalida("12:00", 0))
		if e.vendidosSalida(ids[0]) != 1 || e.vendidosSalida(ids[1]) != 2 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionCambioSalidaPasaje) != 2 {
			t.Fatalf("vendidos 10:30 %d, 12:00 %d", e.vendidosSalida(ids[0]), e.vendidosSalida(ids[1]))
		}
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestAnOfflineSaleForADepartureTakesItsSeatsNeverRefused(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ids := e.salidasDeVenta(1, 1, "10:30", "12:00", "14:00") // the day has 3 seats, each departure one
		caja := e.cajaAbierta("vendedor")
		e.venta(e.token("vendedor"), e.ventaDeSalida(1, ids[0]))
		d := e.nuevoDispositivo("vendedor")
		// the 10:30 filled while the device was offline: it goes in past the boat, marked
		llena := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		llena["salida_id"] = ids[0]
		id := nuevoID(t)
		// the 12:00 sailed meanwhile: the ticket stays for its day
		zarpada := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		zarpada["salida_id"] = ids[1]
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE salidas SET estado = 'zarpo' WHERE id = ?`), ids[1]); err != nil {
			t.Fatal(err)
		}
		r := e.syncOK(d, e.now, accion(id, "venta", e.now, llena), accion(nuevoID(t), "venta", e.now, zarpada))
		for _, x := range r.Resultados {
			if x.Estado != domain.AccionAplicada {
				t.Fatalf("la venta sin conexión no entró: %+v", x)
			}
		}
		if e.vendidosSalida(ids[0]) != 2 || e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_venta_id = ?`, ids[0]) != 2 ||
			e.vendidosSalida(ids[1]) != 0 {
			t.Fatalf("vendidos 10:30 %d, 12:00 %d", e.vendidosSalida(ids[0]), e.vendidosSalida(ids[1]))
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); !strings.Contains(marcas, domain.MarcaSobreventa) {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND detalles LIKE ?`, store.AccionSobreventa,
			"%(capacidad 1, ya vendidos 1)%"); n != 1 {
			t.Fatalf("auditoría de la salida llena: %d", n)
		}
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
