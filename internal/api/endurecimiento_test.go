package api

import (
	"fmt"
	"net/http"
	"testing"

	"muelle/internal/domain"
)

// escrito counts what a sale could have written: tickets, register
// movements and sale audits.
func (e *env) escrito() [3]int64 {
	return [3]int64{e.count(`SELECT COUNT(*) FROM pasajes`), e.count(`SELECT COUNT(*) FROM caja_movimientos`),
		e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'VENTA_PASAJE'`)}
}

func TestASaleIsBoundedBySumPerTypeLinesAndTickets(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		gen := e.idOf(1, domain.CatTiposViaje, "General")
		body := e.lote(map[string]int{"General": 1}, "Efectivo")
		antes := e.escrito()
		// three lines of 50 of one type are 150 tickets of that type
		body["lineas"] = []map[string]any{{"tipo_viaje_id": gen, "cantidad": 50}, {"tipo_viaje_id": gen, "cantidad": 50},
			{"tipo_viaje_id": gen, "cantidad": 50}}
		e.sell(tok, body, "").expect(t, http.StatusBadRequest, domain.MsgCantidadPorTipo)
		lineas := make([]map[string]any, domain.MaxLineasPorVenta+1)
		for i := range lineas {
			lineas[i] = map[string]any{"tipo_viaje_id": gen, "cantidad": 1}
		}
		body["lineas"] = lineas
		e.sell(tok, body, "").expect(t, http.StatusBadRequest, domain.MsgLineasPorVenta)
		if e.escrito() != antes {
			t.Fatalf("una venta rechazada escribió: %v → %v", antes, e.escrito())
		}
		// 50 of a type over two lines is the limit, and is sold
		body["lineas"] = []map[string]any{{"tipo_viaje_id": gen, "cantidad": 30}, {"tipo_viaje_id": gen, "cantidad": 20}}
		e.sell(tok, body, "").expect(t, http.StatusCreated, "")
		if got := e.count(`SELECT COUNT(*) FROM pasajes`) - antes[0]; got != 50 {
			t.Fatalf("%d pasajes, esperaba 50", got)
		}
	})
}

func TestTheTravelDateIsBoundedByTheCompanySetting(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		body := e.lote(map[string]int{"General": 1}, "Efectivo")
		body["fecha_viaje"] = "2027-11-21" // today is 2026-11-20: a year ahead and one day
		e.sell(tok, body, "").expect(t, http.StatusBadRequest, "La fecha de viaje no puede ser posterior al 20/11/2027")
		body["fecha_viaje"] = "2027-11-20"
		e.sell(tok, body, "").expect(t, http.StatusCreated, "")
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE empresas SET dias_venta_anticipada = ? WHERE id = ?`), 10, 1); err != nil {
			t.Fatal(err)
		}
		body["fecha_viaje"] = "2026-12-01"
		e.sell(tok, body, "").expect(t, http.StatusBadRequest, "La fecha de viaje no puede ser posterior al 30/11/2026")
	})
}

// precioMaximo sets the demo section's General price to domain.MontoMaximo.
func (e *env) precioMaximo() {
	e.t.Helper()
	sec, gen := e.idOf(1, domain.CatSecciones, seccionDemo), e.idOf(1, domain.CatTiposViaje, "General")
	e.do("PUT", "/api/config/precios", e.token("admin"), map[string]any{"precios": []map[string]any{
		{"seccion_id": sec, "tipo_viaje_id": gen, "precio": 100000000}}}).expect(e.t, http.StatusOK, "")
	e.do("PUT", "/api/config/precios", e.token("admin"), map[string]any{"precios": []map[string]any{
		{"seccion_id": sec, "tipo_viaje_id": gen, "precio": 100000000.01}}}).
		expect(e.t, http.StatusBadRequest, "El campo precio no debe superar $ 100.000.000,00")
}

func TestASaleWhoseTotalWouldOverflowIsRefusedBeforeWriting(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.precioMaximo()
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		antes := e.escrito()
		e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusBadRequest, domain.MsgTotalMaximo)
		if e.escrito() != antes {
			t.Fatalf("una venta rechazada escribió: %v → %v", antes, e.escrito())
		}
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		// the register now holds the maximum: one more sale would push its totals past it
		e.sell(tok, e.lote(map[string]int{"Jubilado": 1}, "Efectivo"), "").expect(t, http.StatusBadRequest, domain.MsgTotalMaximo)
		e.do("GET", "/api/caja/resumen", tok, nil).expect(t, http.StatusOK, "")
	})
}

func TestARegisterNeverOverflowsAndStaysReadable(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0.5).expect(t, http.StatusCreated, "")
		mov := func(tipo string, monto any) response {
			return e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": tipo, "monto": monto, "descripcion": "x"})
		}
		mov("ingreso_extra", 99999999.5).expect(t, http.StatusCreated, "")
		movs := e.count(`SELECT COUNT(*) FROM caja_movimientos`)
		mov("ingreso_extra", 0.01).expect(t, http.StatusBadRequest, domain.MsgTotalMaximo)
		mov("egreso_gasto", 100000000).expect(t, http.StatusBadRequest, domain.MsgTotalMaximo)
		mov("ingreso_extra", 1e15).expect(t, http.StatusBadRequest, "El campo monto no debe superar $ 100.000.000,00")
		if got := e.count(`SELECT COUNT(*) FROM caja_movimientos`); got != movs {
			t.Fatalf("movimientos rechazados se guardaron: %d → %d", movs, got)
		}
		var resumen struct {
			Saldo float64 `json:"monto_actual"`
		}
		r := e.do("GET", "/api/caja/resumen", tok, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &resumen)
		if resumen.Saldo != 100000000 {
			t.Fatalf("saldo %v", resumen.Saldo)
		}
		e.do("GET", "/api/caja/estado", tok, nil).expect(t, http.StatusOK, "")
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 100000000}).expect(t, http.StatusOK, "")
	})
}

func TestAKeyReusedWithAnotherRequestIs422AndChangesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		h := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
		e.doWith("POST", "/api/caja/abrir", tok, map[string]any{"monto_apertura": 100}, h("abrir")).
			expect(t, http.StatusCreated, "")
		// sale: the same body replays the first answer; another body is refused
		a := e.lote(map[string]int{"General": 1}, "Efectivo")
		first := e.sell(tok, a, "venta")
		first.expect(t, http.StatusCreated, "")
		antes := e.escrito()
		b := e.lote(map[string]int{"General": 2}, "Efectivo")
		e.sell(tok, b, "venta").expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		again := e.sell(tok, a, "venta")
		again.expect(t, http.StatusCreated, "")
		if string(again.Data) != string(first.Data) {
			t.Fatalf("la repetición no devolvió la primera respuesta:\n%s\n%s", first.Data, again.Data)
		}
		// register: another amount, or the sale's key on a movement, is refused
		movA := map[string]any{"tipo": "ingreso_extra", "monto": 10, "descripcion": "x"}
		e.doWith("POST", "/api/caja/movimiento", tok, movA, h("mov")).expect(t, http.StatusCreated, "")
		movB := map[string]any{"tipo": "ingreso_extra", "monto": 20, "descripcion": "x"}
		e.doWith("POST", "/api/caja/movimiento", tok, movB, h("mov")).expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		e.doWith("POST", "/api/caja/movimiento", tok, movA, h("venta")).expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		e.doWith("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 1}, h("abrir")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if got := e.escrito(); got[0] != antes[0] || got[1] != antes[1]+1 || got[2] != antes[2] {
			t.Fatalf("escrito %v, esperaba solo un movimiento más que %v", got, antes)
		}
		if e.count(`SELECT COUNT(*) FROM cajas WHERE estado = 'abierta'`) != 1 {
			t.Fatal("una clave reusada cerró la caja")
		}
		// boarding: the key of a boarding with an unknown code is refused, not "validated"
		var venta struct{ Pasajes []pasajeJSON }
		first.decode(t, &venta)
		lancha := e.token("lancha")
		e.doWith("POST", "/api/pasajes/validar-qr", lancha, map[string]string{"codigo_qr": venta.Pasajes[0].CodigoQR}, h("scan")).
			expect(t, http.StatusOK, "Embarque validado exitosamente")
		usados := e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`)
		e.doWith("POST", "/api/pasajes/validar-qr", lancha, map[string]string{"codigo_qr": "NO-EXISTE"}, h("scan")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		e.doWith("POST", fmt.Sprintf("/api/pasajes/%d/validar-embarque", venta.Pasajes[0].ID+1), lancha, nil, h("scan")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if got := e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`); got != usados {
			t.Fatalf("una clave reusada embarcó: %d → %d", usados, got)
		}
	})
}
