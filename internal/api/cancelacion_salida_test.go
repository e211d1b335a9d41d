package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ventaConContacto sells n tickets for the departure salidaID to a customer with that e-mail.
func (e *env) ventaConContacto(tok string, n int, salidaID int64, nombre, email string) Venta {
	e.t.Helper()
	body := e.ventaDeSalida(n, salidaID)
	body["cliente_nombre"], body["cliente_email"] = nombre, email
	return e.venta(tok, body)
}

func TestCancellingADepartureMovesItsPassengersAndTellsThem(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.correoActivo(1)
		ids := e.salidasDeVenta(1, 10, "10:30", "12:00", "14:00")
		tok := e.token("vendedor")
		e.cajaAbierta("vendedor")
		ana := e.ventaConContacto(tok, 2, ids[0], "Ana Paz", "ana@example.com")
		e.ventaConContacto(tok, 1, ids[0], "Luis Gil", "")
		e.sell(tok, e.ventaDeSalida(8, ids[1]), "").expect(t, http.StatusCreated, "")
		sup := e.token("supervisor")
		cancelar := fmt.Sprintf("/api/salidas/%d/cancelar", ids[0])

		// a plain cancellation would strand them; the 12:00 has 2 seats for 3; the crew may not cancel
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", ids[0]), sup, map[string]any{"estado": "cancelada"}).
			expect(t, http.StatusConflict, domain.MsgSalidaConVendidos(3))
		antes := e.estado()
		e.do("POST", cancelar, sup, map[string]any{"motivo": "Sudestada", "salida_destino_id": ids[1]}).
			expect(t, http.StatusConflict, domain.MsgDestinoSinLugar("12:00", 2, 3))
		e.do("POST", cancelar, sup, map[string]any{"motivo": "Sudestada", "salida_destino_id": ids[0]}).
			expect(t, http.StatusBadRequest, domain.MsgDestinoMismaSalida)
		e.do("POST", cancelar, e.token("lancha"), map[string]any{"motivo": "Sudestada", "salida_destino_id": ids[2]}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", cancelar, e.token("admin2"), map[string]any{"motivo": "Sudestada", "salida_destino_id": ids[2]}).
			expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		if after := e.estado(); after != antes {
			t.Fatalf("una cancelación rechazada escribió (%s → %s)", antes, after)
		}

		// to the 14:00: moved once (a replay answers the same), counted, told, audited
		r := e.doWith("POST", cancelar, sup, map[string]any{"motivo": "Sudestada", "salida_destino_id": ids[2]},
			map[string]string{"Idempotency-Key": "cancelar-1030"})
		r.expect(t, http.StatusOK, "Salida cancelada: 3 pasajes movidos a otra salida")
		var out SalidaCancelada
		r.decode(t, &out)
		if out.Salida.Estado != domain.SalidaCancelada || out.Movidos != 3 || out.Avisos != 1 {
			t.Fatalf("respuesta %+v", out)
		}
		e.doWith("POST", cancelar, sup, map[string]any{"motivo": "Sudestada", "salida_destino_id": ids[2]},
			map[string]string{"Idempotency-Key": "cancelar-1030"}).expect(t, http.StatusOK, "")
		if e.vendidosSalida(ids[0]) != 0 || e.vendidosSalida(ids[2]) != 3 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_venta_id = ? AND estado = 'activo'`, ids[2]) != 3 {
			t.Fatalf("vendidos 10:30 %d, 14:00 %d", e.vendidosSalida(ids[0]), e.vendidosSalida(ids[2]))
		}
		texto := e.textoEncolado(store.TipoAvisoCliente, "ana@example.com")
		for _, want := range []string{"Hola Ana Paz", "canceló la salida de las 10:30 del 20/11/2026", "Motivo: Sudestada",
			ana.Pasajes[0].NumeroPasaje + ", " + ana.Pasajes[1].NumeroPasaje, "viaja en la salida de las 14:00"} {
			if !strings.Contains(texto, want) {
				t.Fatalf("el aviso no dice %q: %s", want, texto)
			}
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionCancelacionSalida) != 1 {
			t.Fatal("la cancelación no se auditó una vez")
		}
		// cancelled: nothing more
		e.do("POST", cancelar, sup, map[string]any{"motivo": "Otra vez"}).expect(t, http.StatusConflict, "")
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestCancellingADepartureRefundsItsPassengersFromTheRegister(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ids := e.salidasDeVenta(1, 40, "10:30")
		tok := e.token("vendedor")
		e.cajaAbierta("vendedor")
		for range 3 {
			e.sell(tok, e.ventaDeSalida(10, ids[0]), "").expect(t, http.StatusCreated, "")
		}
		sup := e.token("supervisor")
		cancelar := fmt.Sprintf("/api/salidas/%d/cancelar", ids[0])
		// refunding needs an open register
		e.do("POST", cancelar, sup, map[string]any{"motivo": "Avería"}).expect(t, http.StatusBadRequest, "")
		caja := e.cajaAbierta("supervisor")
		r := e.doWith("POST", cancelar, sup, map[string]any{"motivo": "Avería"}, map[string]string{"Idempotency-Key": "reembolso-1"})
		r.expect(t, http.StatusOK, "Salida cancelada: 30 pasajes anulados y reembolsados")
		var out SalidaCancelada
		r.decode(t, &out)
		if out.Reembolsados != 30 || out.Reembolso != 30*450000 || out.Avisos != 0 {
			t.Fatalf("respuesta %+v", out)
		}
		e.doWith("POST", cancelar, sup, map[string]any{"motivo": "Avería"}, map[string]string{"Idempotency-Key": "reembolso-1"}).
			expect(t, http.StatusOK, "")
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_id = ? AND tipo = ?`, caja, domain.MovDevolucionPasaje); n != 30 {
			t.Fatalf("%d devoluciones en la caja del supervisor", n)
		}
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_venta_id = ? AND estado = 'cancelado'`, ids[0]) != 30 ||
			e.vendidosSalida(ids[0]) != 0 {
			t.Fatal("los pasajes no quedaron anulados con sus lugares devueltos")
		}
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
