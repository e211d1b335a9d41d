package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
)

// exigirReferencia makes company 1's payment method nombre of kind tipo,
// required, as an administrator would in the configuration.
func (e *env) exigirReferencia(nombre, tipo string) int64 {
	e.t.Helper()
	id := e.idOf(1, domain.CatMediosPago, nombre)
	e.do("PUT", fmt.Sprintf("/api/config/medios-pago/%d", id), e.token("admin"), map[string]any{"nombre": nombre,
		"referencia": tipo, "referencia_obligatoria": true}).expect(e.t, http.StatusOK, "Medio de pago actualizado exitosamente")
	return id
}

// TestMedioPagoConReferencia: a payment method says the kind of reference its
// sales record and whether it is required; the configuration refuses a kind
// it does not know and a required reference of no kind, writing nothing; a
// seller may not change it; another company's method is a 404; a replayed
// creation creates once.
func TestMedioPagoConReferencia(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		crear := func(key string, body map[string]any) response {
			return e.doWith("POST", "/api/config/medios-pago", admin, body, map[string]string{"Idempotency-Key": key})
		}
		posnet := map[string]any{"nombre": "Posnet", "referencia": "tarjeta", "referencia_obligatoria": true}
		r := crear("m1", posnet)
		r.expect(t, http.StatusCreated, "Medio de pago creado exitosamente")
		var it struct {
			ID                    int64
			Referencia            string `json:"referencia"`
			ReferenciaObligatoria bool   `json:"referencia_obligatoria"`
		}
		r.decode(t, &it)
		if it.Referencia != "tarjeta" || !it.ReferenciaObligatoria {
			t.Fatalf("creado: %+v", it)
		}
		crear("m1", posnet).expect(t, http.StatusCreated, "Medio de pago creado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE empresa_id = 1 AND nombre = 'Posnet'
			AND referencia = 'tarjeta' AND referencia_obligatoria = ?`, true); n != 1 {
			t.Fatalf("%d medios Posnet tras repetir la clave", n)
		}
		// a method without a kind is 'ninguna', not required
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE empresa_id = 1 AND nombre = 'Efectivo'
			AND referencia = 'ninguna' AND referencia_obligatoria = ?`, false); n != 1 {
			t.Fatal("Efectivo no es 'ninguna'")
		}
		antes := e.count(`SELECT COUNT(*) FROM medios_pago`)
		crear("m2", map[string]any{"nombre": "Vale", "referencia": "ninguna", "referencia_obligatoria": true}).
			expect(t, http.StatusBadRequest, domain.MsgObligatoriaSinTipo)
		crear("m3", map[string]any{"nombre": "Cheque", "referencia": "cheque"}).
			expect(t, http.StatusBadRequest, domain.MsgTipoReferencia)
		if e.count(`SELECT COUNT(*) FROM medios_pago`) != antes {
			t.Fatal("un medio rechazado se guardó")
		}
		put := fmt.Sprintf("/api/config/medios-pago/%d", it.ID)
		e.do("PUT", put, e.token("vendedor"), map[string]any{"nombre": "Posnet", "referencia": "ninguna"}).
			expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		otra := e.idOf(2, domain.CatMediosPago, "Débito")
		e.do("PUT", fmt.Sprintf("/api/config/medios-pago/%d", otra), admin, map[string]any{"nombre": "Débito",
			"referencia": "tarjeta", "referencia_obligatoria": true}).expect(t, http.StatusNotFound, "Medio de pago no encontrado")
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE id = ? AND referencia_obligatoria = ?`, otra, false); n != 1 {
			t.Fatal("cambió el medio de otra empresa")
		}
	})
}

// TestVentaConReferencia: a sale by a method that requires a reference is
// refused without it or with it malformed, writing nothing; with it, the
// reference is stored on the sale's register movement once (a replay sells
// nothing more), the ticket list finds the sale by any part of it, and the
// register's movements and report list it by method.
func TestVentaConReferencia(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		debito := e.exigirReferencia("Débito", "tarjeta")
		transferencia := e.exigirReferencia("Transferencia", "transferencia")
		tok := e.token("vendedor")
		caja := e.cajaAbierta("vendedor")
		venta := func(medio string, ref map[string]any) map[string]any {
			body := e.lote(map[string]int{"General": 1}, medio)
			if ref != nil {
				body["referencia"] = ref
			}
			return body
		}
		pasajes := e.count(`SELECT COUNT(*) FROM pasajes`)
		for _, c := range []struct {
			medio string
			ref   map[string]any
			msg   string
		}{
			{"Débito", nil, "El medio de pago «Débito» requiere los últimos 4 dígitos de la tarjeta y el código de autorización"},
			{"Débito", map[string]any{"ultimos4": "4242"}, "El medio de pago «Débito» requiere los últimos 4 dígitos de la tarjeta y el código de autorización"},
			{"Débito", map[string]any{"ultimos4": "42a2", "autorizacion": "X1"}, domain.MsgUltimos4},
			{"Débito", map[string]any{"ultimos4": "4242", "autorizacion": "AB-12"}, domain.MsgAutorizacion},
			{"Débito", map[string]any{"ultimos4": "4242", "autorizacion": "AB\u000712"}, "El campo autorizacion contiene caracteres no permitidos"},
			{"Débito", map[string]any{"ultimos4": "42424"}, "El campo ultimos4 no debe exceder 4 caracteres"},
			{"Transferencia", nil, "El medio de pago «Transferencia» requiere el número de transferencia"},
			{"Efectivo", map[string]any{"transferencia": "123"}, "El medio de pago «Efectivo» no lleva esa referencia"},
		} {
			e.sell(tok, venta(c.medio, c.ref), "").expect(t, http.StatusBadRequest, c.msg)
		}
		if e.count(`SELECT COUNT(*) FROM pasajes`) != pasajes {
			t.Fatal("una venta rechazada creó pasajes")
		}
		e.sell(e.token("lancha"), venta("Débito", map[string]any{"ultimos4": "4242", "autorizacion": "a1b2c3"}), "").
			expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		ajena := venta("Débito", map[string]any{"ultimos4": "4242", "autorizacion": "a1b2c3"})
		ajena["medio_pago_id"] = e.idOf(2, domain.CatMediosPago, "Débito")
		e.sell(tok, ajena, "").expect(t, http.StatusNotFound, "Medio de pago no encontrado")

		tarjeta := venta("Débito", map[string]any{"ultimos4": "4242", "autorizacion": " a1b2c3 "})
		var d struct{ Pasajes []pasajeJSON }
		e.sell(tok, tarjeta, "ref-1").decode(t, &d)
		var replay struct{ Pasajes []pasajeJSON }
		e.sell(tok, tarjeta, "ref-1").decode(t, &replay)
		if len(d.Pasajes) != 1 || replay.Pasajes[0].ID != d.Pasajes[0].ID {
			t.Fatalf("venta %+v, repetición %+v", d, replay)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN pasajes p ON p.movimiento_id = m.id
			WHERE p.id = ? AND m.medio_pago_id = ? AND m.referencia_ultimos4 = '4242' AND m.referencia_autorizacion = 'A1B2C3'
			AND m.referencia_transferencia IS NULL`, d.Pasajes[0].ID, debito); n != 1 {
			t.Fatalf("%d movimientos con la referencia de la tarjeta", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE referencia_autorizacion = 'A1B2C3'`); n != 1 {
			t.Fatalf("la repetición registró %d movimientos", n)
		}
		e.sell(tok, venta("Transferencia", map[string]any{"transferencia": "COELSA-0001"}), "").expect(t, http.StatusCreated, "")
		e.sell(tok, venta("Efectivo", nil), "").expect(t, http.StatusCreated, "")
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE medio_pago_id = ? AND referencia_transferencia = 'COELSA-0001'`,
			transferencia); n != 1 {
			t.Fatalf("%d movimientos con la transferencia", n)
		}

		// the ticket list finds the sale by each part of its reference, whole
		buscar := func(ref string) []int64 {
			var l struct{ Pasajes []pasajeJSON }
			r := e.do("GET", "/api/pasajes?fecha_inicio=2026-11-01&referencia="+url.QueryEscape(ref), e.token("admin"), nil)
			r.expect(t, http.StatusOK, "")
			r.decode(t, &l)
			ids := []int64{}
			for _, p := range l.Pasajes {
				ids = append(ids, p.ID)
			}
			return ids
		}
		for _, ref := range []string{"4242", "a1b2c3", "A1B2C3"} {
			if got := buscar(ref); len(got) != 1 || got[0] != d.Pasajes[0].ID {
				t.Fatalf("referencia %q: %v", ref, got)
			}
		}
		if got := buscar("COELSA-0001"); len(got) != 1 || got[0] == d.Pasajes[0].ID {
			t.Fatalf("transferencia: %v", got)
		}
		if got := buscar("424"); len(got) != 0 {
			t.Fatalf("una parte de la referencia encontró %v", got)
		}

		// the register's movements and its report list the references by method
		var movs []struct {
			MedioPagoNombre *string `json:"medio_pago_nombre"`
			Referencia      *struct {
				Ultimos4      string `json:"ultimos4"`
				Autorizacion  string `json:"autorizacion"`
				Transferencia string `json:"transferencia"`
			} `json:"referencia"`
		}
		e.do("GET", "/api/caja/movimientos", tok, nil).decode(t, &movs)
		if len(movs) != 3 || movs[0].Referencia == nil || movs[0].Referencia.Autorizacion != "A1B2C3" ||
			movs[1].Referencia.Transferencia != "COELSA-0001" || movs[2].Referencia != nil {
			t.Fatalf("movimientos: %+v", movs)
		}
		var rep struct {
			Referencias []struct {
				MedioPago  string `json:"medio_pago"`
				Monto      float64
				Referencia map[string]string
			}
		}
		e.do("GET", fmt.Sprintf("/api/reportes/caja/%d", caja), e.token("admin"), nil).decode(t, &rep)
		if len(rep.Referencias) != 2 || rep.Referencias[0].MedioPago != "Débito" || rep.Referencias[0].Referencia["ultimos4"] != "4242" ||
			rep.Referencias[1].MedioPago != "Transferencia" || rep.Referencias[1].Referencia["transferencia"] != "COELSA-0001" {
			t.Fatalf("referencias del reporte: %+v", rep.Referencias)
		}

		// the printed ticket says its reference under the method; the register's PDF lists them for the slips
		impreso := e.do("GET", fmt.Sprintf("/api/tickets/%d", d.Pasajes[0].ID), tok, nil)
		if impreso.Status != http.StatusOK || !strings.Contains(string(impreso.Body), "<dt>Referencia</dt><dd>•••• 4242 · Aut. A1B2C3</dd>") {
			t.Fatalf("el ticket impreso no dice su referencia: %d %s", impreso.Status, impreso.Body)
		}
		if pdf := e.do("GET", fmt.Sprintf("/api/tickets/ticket/%d/pdf", d.Pasajes[0].ID), tok, nil); pdf.Status != http.StatusOK ||
			!strings.Contains(pdftest.Text(t, pdf.Body), "Aut. A1B2C3)") {
			t.Fatal("el PDF del ticket no dice su referencia")
		}
		pdf := e.do("GET", fmt.Sprintf("/api/reportes/caja/%d/pdf?formato=a4", caja), e.token("admin"), nil)
		if texto := pdftest.Text(t, pdf.Body); pdf.Status != http.StatusOK || !strings.Contains(texto, "(Pagos con referencia)") ||
			!strings.Contains(texto, "Aut. A1B2C3)") || !strings.Contains(texto, "(Transf. COELSA-0001)") {
			t.Fatalf("el reporte X en PDF no lista las referencias: %s", texto)
		}
	})
}

// TestVentaOfflineConReferencia: an offline sale carries its reference to its
// register movement; one with a malformed reference is refused into the
// conflicts. The receipt the device printed is the ticket's print 1, so the
// first print from the server says 'Duplicado 2'; a replay records nothing more.
func TestVentaOfflineConReferencia(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.exigirReferencia("Débito", "tarjeta")
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		vendida := e.now.Add(-20 * time.Minute)
		body := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		body["medio_pago_id"] = e.idOf(1, domain.CatMediosPago, "Débito")
		body["referencia"] = map[string]any{"ultimos4": "1111", "autorizacion": "Z9"}
		venta := accion(nuevoID(t), "venta", vendida, body)
		r := e.syncOK(d, e.now, venta).Resultados[0]
		if r.Estado != "aplicada" || len(r.Pasajes) != 1 {
			t.Fatalf("%+v", r)
		}
		e.syncOK(d, e.now, venta)
		pasaje := r.Pasajes[0].ID
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN pasajes p ON p.movimiento_id = m.id
			WHERE p.id = ? AND m.referencia_ultimos4 = '1111' AND m.referencia_autorizacion = 'Z9'`, pasaje); n != 1 {
			t.Fatalf("%d movimientos con la referencia", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasaje_impresiones WHERE pasaje_id = ? AND numero = 1 AND formato = 'sin_conexion'
			AND usuario_id = ? AND created_at = ?`, pasaje, e.userID("vendedor"), vendida); n != 1 {
			t.Fatalf("%d impresiones del dispositivo (tras repetir la sincronización)", n)
		}
		var ims []impresionJSON
		e.doWith("POST", "/api/tickets/impresiones", e.token("vendedor"), map[string]any{"ids": []int64{pasaje}, "formato": "html"},
			map[string]string{"Idempotency-Key": "reimp-1"}).decode(t, &ims)
		if len(ims) != 1 || ims[0].Numero != 2 || !ims[0].Duplicado || ims[0].Leyenda != "Duplicado 2" {
			t.Fatalf("la primera impresión del servidor: %+v", ims)
		}

		mal := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		mal["medio_pago_id"] = e.idOf(1, domain.CatMediosPago, "Débito")
		mal["referencia"] = map[string]any{"ultimos4": "11a1", "autorizacion": "Z9"}
		rech := e.syncOK(d, e.now, accion(nuevoID(t), "venta", vendida, mal)).Resultados[0]
		if rech.Estado != "rechazada" || rech.Mensaje != domain.MsgUltimos4 || rech.ConflictoID == nil {
			t.Fatalf("%+v", rech)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 1 {
			t.Fatalf("%d pasajes: la venta rechazada se guardó", n)
		}
	})
}

// TestDevolucionYReactivacionConReferencia: cancelling a card ticket takes the
// refund's own reference (optional, checked by the method's kind); reactivating
// it charges again and needs the reference the method requires. A refused
// change writes nothing; the register lists each movement with its own.
func TestDevolucionYReactivacionConReferencia(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.exigirReferencia("Débito", "tarjeta")
		tok := e.token("vendedor")
		caja := e.cajaAbierta("vendedor")
		body := e.lote(map[string]int{"General": 1}, "Débito")
		body["referencia"] = map[string]any{"ultimos4": "4242", "autorizacion": "V1"}
		var d struct{ Pasajes []pasajeJSON }
		e.sell(tok, body, "").decode(t, &d)
		id := d.Pasajes[0].ID
		cancelar := fmt.Sprintf("/api/pasajes/%d/cancelar", id)
		reactivar := fmt.Sprintf("/api/pasajes/%d/reactivar", id)
		movimientos := func() int64 { return e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE pasaje_id = ?`, id) }
		estado := func() int64 { return e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'cancelado'`, id) }

		for _, c := range []struct {
			ref map[string]any
			msg string
		}{
			{map[string]any{"ultimos4": "42"}, domain.MsgUltimos4},
			{map[string]any{"transferencia": "T-1"}, "El medio de pago «Débito» no lleva esa referencia"},
		} {
			e.do("PUT", cancelar, tok, map[string]any{"motivo": "Desistió", "referencia": c.ref}).expect(t, http.StatusBadRequest, c.msg)
		}
		if movimientos() != 0 || estado() != 0 {
			t.Fatal("una devolución rechazada cambió el pasaje o la caja")
		}
		e.do("PUT", cancelar, tok, map[string]any{"motivo": "Desistió", "referencia": map[string]any{"ultimos4": "4242", "autorizacion": "r9"}}).
			expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE pasaje_id = ? AND tipo = ?
			AND referencia_ultimos4 = '4242' AND referencia_autorizacion = 'R9'`, id, domain.MovDevolucionPasaje); n != 1 {
			t.Fatalf("%d devoluciones con su propia referencia", n)
		}

		// reactivating charges again (a supervisor, into the supervisor's register): the method requires its reference
		e.cajaAbierta("supervisor")
		supervisor := e.token("supervisor")
		e.do("PUT", reactivar, supervisor, map[string]any{"motivo": "Volvió"}).
			expect(t, http.StatusBadRequest, "El medio de pago «Débito» requiere los últimos 4 dígitos de la tarjeta y el código de autorización")
		if movimientos() != 1 || estado() != 1 {
			t.Fatal("una reactivación rechazada cambió el pasaje o la caja")
		}
		e.do("PUT", reactivar, supervisor, map[string]any{"motivo": "Volvió", "referencia": map[string]any{"ultimos4": "4242", "autorizacion": "V2"}}).
			expect(t, http.StatusOK, domain.MsgPasajeReactivadoOK)
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE pasaje_id = ? AND referencia_autorizacion = 'V2'`, id); n != 1 {
			t.Fatalf("%d cobros de la reactivación con su referencia", n)
		}

		// a cash ticket cancels as before, without a reference
		efectivo := e.lote(map[string]int{"General": 1}, "Efectivo")
		var c struct{ Pasajes []pasajeJSON }
		e.sell(tok, efectivo, "").decode(t, &c)
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", c.Pasajes[0].ID), tok, map[string]any{}).
			expect(t, http.StatusOK, domain.MsgPasajeCanceladoOK)

		var rep struct {
			Referencias []struct {
				Monto      float64
				Referencia map[string]string
			}
		}
		e.do("GET", fmt.Sprintf("/api/reportes/caja/%d", caja), e.token("admin"), nil).decode(t, &rep)
		var auts []string
		for _, m := range rep.Referencias {
			auts = append(auts, fmt.Sprintf("%v:%s", m.Monto, m.Referencia["autorizacion"]))
		}
		if strings.Join(auts, " ") != fmt.Sprintf("%v:V1 %v:R9", rep.Referencias[0].Monto, -rep.Referencias[0].Monto) {
			t.Fatalf("el reporte X no lista cada movimiento con su referencia: %v", auts)
		}
	})
}
