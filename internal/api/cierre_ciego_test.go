package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/pdftest"
	"muelle/internal/store"
)

// tolerancia sets company 1's close tolerance (centavos).
func (e *env) tolerancia(centavos string) {
	e.t.Helper()
	_, err := e.st.GuardarConfiguracion(context.Background(), store.Actor{EmpresaID: 1}, 1,
		store.Configuracion{Clave: domain.ClaveToleranciaCierre, Valor: centavos, Descripcion: "Tolerancia de cierre"})
	if err != nil {
		e.t.Fatal(err)
	}
}

// cajeroCiego makes 'vendedor' a cashier whose role lacks caja.ver_esperado.
func (e *env) cajeroCiego() string {
	e.t.Helper()
	rol := e.crearRol(rolBody("cajero", cajeroMatrix()))
	e.asignarRol("vendedor", rol.ID)
	return e.token("vendedor")
}

// sinEsperado fails when an answer carries any figure of the open register.
func sinEsperado(t *testing.T, r response, que string) {
	t.Helper()
	r.expect(t, http.StatusOK, "")
	for _, campo := range []string{"efectivo_esperado", "monto_actual", "total_ingresos", "total_egresos", "total_ventas",
		"por_medio", "esperado", "montoFinal", "diferencia\":-", "diferencia\":1"} {
		if strings.Contains(string(r.Body), campo) {
			t.Fatalf("%s muestra %q a un cierre ciego: %s", que, campo, r.Body)
		}
	}
}

type cierreJSON struct {
	Estado              string   `json:"estado"`
	PendienteAprobacion bool     `json:"pendiente_aprobacion"`
	EfectivoEsperado    *float64 `json:"efectivo_esperado"`
	Diferencia          *float64 `json:"diferencia"`
	MontoCierre         *float64 `json:"monto_cierre"`
	ID                  int64    `json:"id"`
	Conteo              struct {
		Efectivo, EfectivoEsperado, Discrepancia, Tolerancia float64
		Medios                                               []struct {
			MedioPagoID                   int64 `json:"medio_pago_id"`
			Contado, Esperado, Diferencia float64
		}
	} `json:"conteo"`
}

// TestCierreCiegoNuncaMuestraElEsperado walks every call a blind cashier makes
// before submitting the count: none carries the register's expected figures.
// Once the count is in, the answer shows the difference.
func TestCierreCiegoNuncaMuestraElEsperado(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("10000") // $ 100,00
		tok := e.cajeroCiego()
		ab := e.abrir(tok, 10000)
		ab.expect(t, http.StatusCreated, "Caja abierta exitosamente")
		if strings.Contains(string(ab.Body), "efectivo_esperado") {
			t.Fatalf("la apertura muestra el esperado: %s", ab.Body)
		}
		e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Débito"), "").expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "egreso_gasto", "monto": 1500.5, "descripcion": "Combustible"}).
			expect(t, http.StatusCreated, "")
		sinEsperado(t, e.do("GET", "/api/caja/estado", tok, nil), "el estado de la caja")
		sinEsperado(t, e.do("GET", "/api/caja/resumen", tok, nil), "el resumen de la caja")
		sinEsperado(t, e.do("GET", "/api/dashboard/stats", tok, nil), "el tablero del vendedor")
		// The history lists closed registers only: their figures are the counts already submitted.
		if r := e.do("GET", "/api/caja/historial", tok, nil); r.Status != http.StatusOK || strings.Contains(string(r.Body), `"monto_apertura":100.00`) {
			t.Fatalf("el historial muestra la caja abierta: %s", r.Body)
		}
		sinEsperado(t, e.do("GET", "/api/caja/denominaciones", tok, nil), "las denominaciones")
		e.do("POST", "/api/caja/cuadre", tok, map[string]any{"monto_contado": 1}).expect(t, http.StatusForbidden, domain.MsgCuadreCiego)
		e.do("GET", "/api/caja/cierres-pendientes", tok, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		var id int64
		var st struct{ Caja struct{ ID int64 } }
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &st)
		id = st.Caja.ID
		e.do("GET", fmt.Sprintf("/api/reportes/caja/%d", id), tok, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("GET", fmt.Sprintf("/api/reportes/caja/%d/pdf", id), tok, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		// The events stored for the register before the count carry ids, never figures.
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE nombre IN ('movimientoCaja', 'cajaAbierta') AND (datos LIKE '%esperado%' OR datos LIKE '%montoFinal%')`); n != 0 {
			t.Fatalf("%d eventos llevan el esperado", n)
		}
		// A supervisor, with caja.ver_esperado, sees their own register's figures.
		sup := e.token("supervisor")
		e.abrir(sup, 500).expect(t, http.StatusCreated, "")
		if r := e.do("GET", "/api/caja/estado", sup, nil); !strings.Contains(string(r.Body), `"efectivo_esperado":500`) {
			t.Fatalf("el supervisor no ve su esperado: %s", r.Body)
		}

		debito := e.count(`SELECT id FROM medios_pago WHERE empresa_id = 1 AND nombre = 'Débito'`)
		cuenta := []map[string]any{{"codigo": "b10000", "cantidad": 1}, {"codigo": "b2000", "cantidad": 3},
			{"codigo": "b1000", "cantidad": 1}, {"codigo": "b200", "cantidad": 2}, {"codigo": "m1", "cantidad": 0}}
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"denominaciones": cuenta, "monto_cierre": 17000}).
			expect(t, http.StatusBadRequest, fmt.Sprintf(domain.MsgConteoNoCoincide, domain.Centavos(1740000)))
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"denominaciones": []map[string]any{{"codigo": "b3", "cantidad": 1}}}).
			expect(t, http.StatusBadRequest, fmt.Sprintf(domain.MsgDenominacionDesconocida, "b3"))
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"denominaciones": []map[string]any{{"codigo": "b10", "cantidad": 100001}}}).
			expect(t, http.StatusBadRequest, domain.MsgDenominacionCantidad)
		// 17,400.00 counted of 17,499.50 expected, Débito exact: $ 99,50 within the $ 100,00 tolerance.
		cl := e.do("POST", "/api/caja/cerrar", tok, map[string]any{"denominaciones": cuenta,
			"medios": []map[string]any{{"medio_pago_id": debito, "contado": 4500}}})
		cl.expect(t, http.StatusOK, "Caja cerrada exitosamente")
		var c cierreJSON
		cl.decode(t, &c)
		if c.Estado != "cerrada" || c.PendienteAprobacion || *c.MontoCierre != 17400 || *c.Diferencia != -99.5 ||
			*c.EfectivoEsperado != 17499.5 || c.Conteo.Discrepancia != 99.5 || c.Conteo.Tolerancia != 100 ||
			len(c.Conteo.Medios) != 1 || c.Conteo.Medios[0].Esperado != 4500 || c.Conteo.Medios[0].Diferencia != 0 {
			t.Fatalf("cierre: %s", cl.Body)
		}
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND estado = 'cerrada' AND monto_cierre = 1740000 AND diferencia = -9950
			AND conteo LIKE '%b10000%' AND aprobado_por IS NULL`, id); n != 1 {
			t.Fatal("el cierre dentro de la tolerancia no quedó guardado")
		}
	})
}

// TestCierreFueraDeToleranciaEsperaAprobacion: a difference past the
// tolerance leaves the register open, taking nothing, until a supervisor of
// its company other than the cashier approves it, on the cashier's screen or
// from their own session; the approval is audited and notified.
func TestCierreFueraDeToleranciaEsperaAprobacion(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		tok := e.cajeroCiego()
		vendedor := e.userID("vendedor")
		pendiente := func(monto float64) int64 {
			t.Helper()
			e.abrir(tok, 0).expect(t, http.StatusCreated, "")
			e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
			cl := e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": monto})
			cl.expect(t, http.StatusOK, "La diferencia supera la tolerancia de la empresa: el cierre queda pendiente de la aprobación de un supervisor")
			var c cierreJSON
			cl.decode(t, &c)
			if c.Estado != "abierta" || !c.PendienteAprobacion || c.Diferencia != nil || *c.MontoCierre != monto {
				t.Fatalf("cierre pendiente: %s", cl.Body)
			}
			if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND diferencia = ?`, c.ID, int64(monto-4500)*100); n != 1 {
				t.Fatal("la diferencia del conteo no quedó guardada")
			}
			return c.ID
		}
		id := pendiente(4000)
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND estado = 'abierta' AND fecha_conteo IS NOT NULL AND monto_cierre = 400000`, id); n != 1 {
			t.Fatal("el conteo no quedó guardado")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CONTEO_CAJA' AND usuario_id = ?`, vendedor); n != 1 {
			t.Fatalf("auditoría CONTEO_CAJA = %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE nombre = 'alertaSistema' AND datos LIKE '%cierre_pendiente%'`); n != 1 {
			t.Fatalf("alertas de cierre pendiente = %d", n)
		}
		// Not final: nothing more goes in (no ticket, no movement), and a recount is refused.
		pasajes, movimientos := e.count(`SELECT COUNT(*) FROM pasajes`), e.count(`SELECT COUNT(*) FROM caja_movimientos`)
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusConflict, domain.MsgCierrePendiente)
		vendido := e.count(`SELECT MAX(id) FROM pasajes WHERE usuario_id = ?`, vendedor)
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", vendido), tok, map[string]any{"motivo": "Error"}).
			expect(t, http.StatusConflict, domain.MsgCierrePendiente)
		if e.count(`SELECT COUNT(*) FROM pasajes`) != pasajes || e.count(`SELECT COUNT(*) FROM caja_movimientos`) != movimientos ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo'`, vendido) != 1 {
			t.Fatal("una venta o una cancelación en una caja pendiente de aprobación escribió algo")
		}
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "ingreso_extra", "monto": 500, "descripcion": "x"}).
			expect(t, http.StatusConflict, domain.MsgCierrePendiente)
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 4500}).expect(t, http.StatusConflict, domain.MsgCierrePendiente)
		e.abrir(tok, 0).expect(t, http.StatusConflict, domain.MsgCajaYaAbierta)
		var st struct{ Caja cierreJSON }
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &st)
		if !st.Caja.PendienteAprobacion {
			t.Fatal("el estado no muestra el cierre pendiente")
		}

		aprobar := func(usuario, clave string) response {
			return e.do("POST", "/api/caja/aprobar-cierre", tok, map[string]any{"nombre_usuario": usuario, "password": clave})
		}
		aprobar("vendedor", demo.Password).expect(t, http.StatusForbidden, domain.MsgAprobacionPropia)
		aprobar("supervisor", "otra-clave-mala").expect(t, http.StatusForbidden, domain.MsgCredencialesAprobador)
		aprobar("lancha", demo.Password).expect(t, http.StatusForbidden, domain.MsgAprobadorSinPermiso)
		aprobar("admin2", demo.Password).expect(t, http.StatusForbidden, domain.MsgAprobadorSinPermiso)
		e.do("POST", "/api/caja/"+strconv.FormatInt(id, 10)+"/aprobar", e.token("admin2"), map[string]any{}).
			expect(t, http.StatusNotFound, "Caja no encontrada")
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND estado = 'abierta'`, id); n != 1 {
			t.Fatal("una aprobación rechazada cerró la caja")
		}

		ok := aprobar("supervisor", demo.Password)
		ok.expect(t, http.StatusOK, "Cierre aprobado: caja cerrada")
		supervisor := e.userID("supervisor")
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND estado = 'cerrada' AND aprobado_por = ? AND fecha_aprobacion IS NOT NULL`,
			id, supervisor); n != 1 {
			t.Fatal("la caja aprobada no quedó cerrada")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'APROBACION_CIERRE_CAJA' AND usuario_id = ? AND detalles LIKE ?`,
			supervisor, fmt.Sprintf("Cierre de la caja #%d%%", id)); n != 1 {
			t.Fatalf("auditoría de la aprobación = %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CIERRE_CAJA' AND usuario_id = ? AND detalles LIKE ?`,
			vendedor, fmt.Sprintf("Caja #%d cerrada con la aprobación de Lucía Benítez%%", id)); n != 1 {
			t.Fatalf("auditoría del cierre = %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE nombre = 'alertaSistema' AND datos LIKE '%cierre_aprobado%'`); n != 1 {
			t.Fatalf("alertas de cierre aprobado = %d", n)
		}
		// A closed register is never approved, reopened or edited again.
		e.do("POST", "/api/caja/"+strconv.FormatInt(id, 10)+"/aprobar", e.token("supervisor"), map[string]any{}).
			expect(t, http.StatusConflict, domain.MsgCierreYaAprobado)

		// From the supervisor's own session: the pending list, then the approval.
		id2 := pendiente(5000)
		var lista []struct {
			CajaID int64 `json:"caja_id"`
			Conteo struct{ Discrepancia float64 }
		}
		e.do("GET", "/api/caja/cierres-pendientes", e.token("supervisor"), nil).decode(t, &lista)
		if len(lista) != 1 || lista[0].CajaID != id2 || lista[0].Conteo.Discrepancia != 500 {
			t.Fatalf("cierres pendientes: %+v", lista)
		}
		var otra []any
		e.do("GET", "/api/caja/cierres-pendientes", e.token("admin2"), nil).decode(t, &otra)
		if len(otra) != 0 {
			t.Fatalf("otra empresa ve los cierres pendientes: %+v", otra)
		}
		e.do("POST", "/api/caja/"+strconv.FormatInt(id2, 10)+"/aprobar", e.token("supervisor"), map[string]any{"observaciones": "Recontado"}).
			expect(t, http.StatusOK, "Cierre aprobado: caja cerrada")
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND estado = 'cerrada' AND aprobado_por = ?`, id2, supervisor); n != 1 {
			t.Fatal("la aprobación desde la sesión del supervisor no cerró la caja")
		}
		// A correction of a closed register is a movement of the open one that names it.
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "ingreso_extra", "monto": 500,
			"descripcion": "Faltante hallado de la caja anterior", "caja_corregida_id": id}).expect(t, http.StatusCreated, "Movimiento registrado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_corregida_id = ? AND monto = 50000 AND caja_id <> ?`, id, id); n != 1 {
			t.Fatal("la corrección no nombra la caja cerrada")
		}
		abierta := e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, vendedor)
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "ingreso_extra", "monto": 1, "descripcion": "x",
			"caja_corregida_id": abierta}).expect(t, http.StatusBadRequest, domain.MsgCajaCorregidaAbierta)
		ajena := e.count(`SELECT MIN(id) FROM cajas WHERE empresa_id = 2`)
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "ingreso_extra", "monto": 1, "descripcion": "x",
			"caja_corregida_id": ajena}).expect(t, http.StatusNotFound, "Caja no encontrada")
	})
}

// movimientosJSON are a register's movements with their amounts (null: not shown).
type movimientosJSON []struct {
	Tipo  string   `json:"tipo"`
	Monto *float64 `json:"monto"`
}

// montosVisibles counts the movements of the list that show their amount.
func (m movimientosJSON) montosVisibles() int {
	n := 0
	for _, x := range m {
		if x.Monto != nil {
			n++
		}
	}
	return n
}

// TestCierreCiegoNoMuestraMontosQueSumenElEsperado (issue 36 item 9): before
// the count, a cashier without caja.ver_esperado gets no amount that adds up
// to the expected cash: the movements of the register's state and list come
// without theirs, the cajaAbierta event carries no opening amount, the
// seller's dashboard lists the sales without amounts nor their income. A
// supervisor sees them.
func TestCierreCiegoNoMuestraMontosQueSumenElEsperado(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		tok := e.cajeroCiego()
		e.abrir(tok, 10000).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "egreso_gasto", "monto": 1500.5, "descripcion": "Combustible"}).
			expect(t, http.StatusCreated, "")
		var estado struct{ Movimientos movimientosJSON }
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &estado)
		var lista movimientosJSON
		e.do("GET", "/api/caja/movimientos", tok, nil).decode(t, &lista)
		if len(estado.Movimientos) != 2 || estado.Movimientos.montosVisibles() != 0 || len(lista) != 2 || lista.montosVisibles() != 0 {
			t.Fatalf("movimientos con montos a un cierre ciego: %+v, %+v", estado.Movimientos, lista)
		}
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE nombre = 'cajaAbierta' AND datos LIKE '%monto%'`); n != 0 {
			t.Fatalf("%d eventos cajaAbierta llevan el monto de apertura", n)
		}
		var tablero struct {
			MisVentasHoy     int64    `json:"misVentasHoy"`
			MisIngresosHoy   *float64 `json:"misIngresosHoy"`
			MisUltimasVentas []struct {
				Numero string   `json:"numero_pasaje"`
				Monto  *float64 `json:"monto"`
			} `json:"misUltimasVentas"`
		}
		r := e.do("GET", "/api/dashboard/stats", tok, nil)
		r.decode(t, &tablero)
		ventas := tablero.MisUltimasVentas
		if tablero.MisVentasHoy != 2 || tablero.MisIngresosHoy != nil || len(ventas) < 2 || ventas[0].Numero == "" {
			t.Fatalf("el tablero del vendedor: %s", r.Body)
		}
		for _, v := range ventas {
			if v.Monto != nil {
				t.Fatalf("el tablero del vendedor muestra montos a un cierre ciego: %s", r.Body)
			}
		}
		// a supervisor sees the amounts of their own register
		sup := e.token("supervisor")
		e.abrir(sup, 500).expect(t, http.StatusCreated, "")
		e.sell(sup, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		var propia movimientosJSON
		e.do("GET", "/api/caja/movimientos", sup, nil).decode(t, &propia)
		if len(propia) != 1 || propia.montosVisibles() != 1 || *propia[0].Monto != 4500 {
			t.Fatalf("el supervisor no ve sus montos: %+v", propia)
		}
		// the count submitted and pending approval (the tolerance is 0): its answer gave the difference; the
		// register's state stays as blind as its figures until a supervisor closes it
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 1}).expect(t, http.StatusOK, "")
		e.do("GET", "/api/caja/movimientos", tok, nil).decode(t, &lista)
		if len(lista) != 2 || lista.montosVisibles() != 0 {
			t.Fatalf("pendiente de aprobación, movimientos %+v", lista)
		}
	})
}

// cifrasDelConteo are the fields of a register answer that, with the cash
// counted, give the expected cash.
var cifrasDelConteo = []string{"efectivo_esperado", "monto_actual", "total_ingresos", "total_egresos", "total_ventas",
	"por_medio", "montoFinal", "conteo"}

// sinCifrasDelConteo fails when the register object caja shows a figure that
// gives the expected cash: any of cifrasDelConteo, or a difference.
func sinCifrasDelConteo(t *testing.T, caja map[string]json.RawMessage, que string) {
	t.Helper()
	for _, campo := range cifrasDelConteo {
		if _, ok := caja[campo]; ok {
			t.Fatalf("%s muestra %q a un cierre ciego pendiente: %s", que, campo, caja[campo])
		}
	}
	if d, ok := caja["diferencia"]; ok && string(d) != "null" {
		t.Fatalf("%s muestra la diferencia %s a un cierre ciego pendiente", que, d)
	}
}

// TestCierreCiegoPendienteNoMuestraElEsperado (issue 36 item 28): the summary
// a blind cashier gets after a count past the tolerance, and every later read
// of the register, show what they counted and never what it should have held
// (the difference, the figures, the movements' amounts), until a supervisor
// approves it; the approval's answer shows them. A supervisor whose own count
// waits sees their figures.
func TestCierreCiegoPendienteNoMuestraElEsperado(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		tok := e.cajeroCiego()
		e.abrir(tok, 1000).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		debito := e.count(`SELECT id FROM medios_pago WHERE empresa_id = 1 AND nombre = 'Débito'`)
		cl := e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 5400,
			"medios": []map[string]any{{"medio_pago_id": debito, "contado": 10}}})
		cl.expect(t, http.StatusOK, "La diferencia supera la tolerancia de la empresa: el cierre queda pendiente de la aprobación de un supervisor")
		var cierre map[string]json.RawMessage
		cl.decode(t, &cierre)
		sinCifrasDelConteo(t, cierre, "el resumen del conteo")
		if string(cierre["monto_cierre"]) != "5400.00" || string(cierre["pendiente_aprobacion"]) != "true" {
			t.Fatalf("el resumen no muestra lo contado: %s", cl.Body)
		}
		id := e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, e.userID("vendedor"))
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND monto_cierre = 540000 AND efectivo_esperado = 550000
			AND diferencia = -10000 AND fecha_conteo IS NOT NULL`, id); n != 1 {
			t.Fatal("el conteo pendiente no quedó guardado con su diferencia")
		}

		var estado struct {
			Caja        map[string]json.RawMessage
			Movimientos movimientosJSON
		}
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &estado)
		sinCifrasDelConteo(t, estado.Caja, "el estado de la caja")
		if len(estado.Movimientos) != 1 || estado.Movimientos.montosVisibles() != 0 {
			t.Fatalf("el estado muestra montos de movimientos: %+v", estado.Movimientos)
		}
		var resumen map[string]json.RawMessage
		e.do("GET", "/api/caja/resumen", tok, nil).decode(t, &resumen)
		sinCifrasDelConteo(t, resumen, "el resumen de la caja")
		var lista movimientosJSON
		e.do("GET", "/api/caja/movimientos", tok, nil).decode(t, &lista)
		if lista.montosVisibles() != 0 {
			t.Fatalf("los movimientos muestran montos: %+v", lista)
		}
		var tablero struct{ MiCajaInfo map[string]json.RawMessage }
		e.do("GET", "/api/dashboard/stats", tok, nil).decode(t, &tablero)
		sinCifrasDelConteo(t, tablero.MiCajaInfo, "el tablero del vendedor")

		// The supervisor's approval on the cashier's screen: the close is final, its answer whole.
		ok := e.do("POST", "/api/caja/aprobar-cierre", tok, map[string]any{"nombre_usuario": "supervisor", "password": demo.Password})
		ok.expect(t, http.StatusOK, "Cierre aprobado: caja cerrada")
		var aprobado cierreJSON
		ok.decode(t, &aprobado)
		if aprobado.Estado != "cerrada" || *aprobado.Diferencia != -100 || *aprobado.EfectivoEsperado != 5500 ||
			aprobado.Conteo.Discrepancia != 110 {
			t.Fatalf("la aprobación: %s", ok.Body)
		}

		// A supervisor (caja.ver_esperado) whose own count waits sees its figures.
		sup := e.token("supervisor")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		e.sell(sup, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		var propio cierreJSON
		e.do("POST", "/api/caja/cerrar", sup, map[string]any{"monto_cierre": 4000}).decode(t, &propio)
		if !propio.PendienteAprobacion || propio.Diferencia == nil || *propio.Diferencia != -500 || *propio.EfectivoEsperado != 4500 {
			t.Fatalf("el supervisor no ve las cifras de su conteo: %+v", propio)
		}
		var suyo struct{ Caja cierreJSON }
		e.do("GET", "/api/caja/estado", sup, nil).decode(t, &suyo)
		if suyo.Caja.Diferencia == nil || *suyo.Caja.Diferencia != -500 {
			t.Fatalf("el supervisor no ve la diferencia de su conteo: %+v", suyo.Caja)
		}
	})
}

// TestReporteZNombraAprobadorYConteo (issue 36 item 28): the Z report of a
// close counted by denomination lists the bills and coins, and names who
// approved its difference and when; a close within the tolerance says no
// approval was needed. Its printout says the same.
func TestReporteZNombraAprobadorYConteo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		tok := e.cajeroCiego()
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		cuenta := []map[string]any{{"codigo": "m2", "cantidad": 3}, {"codigo": "b2000", "cantidad": 2}}
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"denominaciones": cuenta}).expect(t, http.StatusOK, "")
		e.do("POST", "/api/caja/aprobar-cierre", tok, map[string]any{"nombre_usuario": "supervisor", "password": demo.Password}).
			expect(t, http.StatusOK, "Cierre aprobado: caja cerrada")
		id := e.count(`SELECT MAX(id) FROM cajas WHERE usuario_id = ?`, e.userID("vendedor"))
		if n := e.count(`SELECT COUNT(*) FROM reportes_z WHERE caja_id = ? AND contenido LIKE '%"aprobado_por":{%Lucía Benítez%'
			AND contenido LIKE '%"codigo":"b2000","tipo":"billete","valor":2000.00,"cantidad":2,"subtotal":4000.00%'`, id); n != 1 {
			t.Fatal("el reporte Z guardado no nombra al aprobador ni el conteo")
		}
		var z struct {
			Cierre struct {
				Denominaciones []struct {
					Codigo   string
					Cantidad int32
					Subtotal float64
				}
				TotalDenominaciones float64 `json:"total_denominaciones"`
				Discrepancia        float64
				AprobadoPor         *struct {
					Nombre        string
					NombreUsuario string `json:"nombre_usuario"`
				} `json:"aprobado_por"`
				FechaAprobacion *string `json:"fecha_aprobacion"`
			}
		}
		admin := e.token("admin")
		r := e.do("GET", fmt.Sprintf("/api/reportes/caja/%d", id), admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &z)
		k := z.Cierre
		if len(k.Denominaciones) != 2 || k.Denominaciones[0].Codigo != "b2000" || k.Denominaciones[1].Subtotal != 6 ||
			k.TotalDenominaciones != 4006 || k.Discrepancia != 494 || k.AprobadoPor == nil ||
			k.AprobadoPor.Nombre != "Lucía Benítez" || k.AprobadoPor.NombreUsuario != "supervisor" || k.FechaAprobacion == nil {
			t.Fatalf("reporte Z: %s", r.Body)
		}
		pdf := e.do("GET", fmt.Sprintf("/api/reportes/caja/%d/pdf?formato=a4", id), admin, nil)
		if pdf.Status != http.StatusOK || !strings.Contains(pdftest.Text(t, pdf.Body), "Lucía Benítez \\(supervisor\\)") {
			t.Fatal("el PDF del reporte Z no nombra al aprobador")
		}

		// Within the tolerance: no approval, and a count typed as a total lists no bills.
		e.tolerancia("100000")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 10}).expect(t, http.StatusOK, "Caja cerrada exitosamente")
		id = e.count(`SELECT MAX(id) FROM cajas WHERE usuario_id = ?`, e.userID("vendedor"))
		r = e.do("GET", fmt.Sprintf("/api/reportes/caja/%d", id), admin, nil)
		var sin struct{ Cierre map[string]json.RawMessage }
		r.decode(t, &sin)
		if string(sin.Cierre["aprobado_por"]) != "null" || string(sin.Cierre["denominaciones"]) != "[]" {
			t.Fatalf("reporte Z sin aprobación: %s", r.Body)
		}
	})
}

// listadoCiego is the part of GET /pasajes a blind cashier's list hides.
type listadoCiego struct {
	Pasajes []struct {
		ID          int64
		Precio      *float64 `json:"precio"`
		PrecioTotal *float64 `json:"precio_total"`
	}
	TotalPasajes     int64    `json:"totalPasajes"`
	TotalVentas      *float64 `json:"totalVentas"`
	ImporteCancelado *float64 `json:"importeCancelado"`
}

// TestCierreCiegoOcultaMisVentas: 'Mis Ventas' of a blind cashier leaves out
// the amounts of the tickets sold into their open register (a count pending
// approval included), and the totals of a filter that may hold them, in the
// list and in its export; tickets of a closed register, and the cashier's
// tickets as a supervisor reads them, keep theirs.
func TestCierreCiegoOcultaMisVentas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		tok := e.cajeroCiego()
		vendedor := e.userID("vendedor")
		const dia = "fecha_inicio=2026-11-20&fecha_fin=2026-11-20"
		const hoy = dia + "&limit=100"
		listar := func(token, q string) listadoCiego {
			t.Helper()
			r := e.do("GET", "/api/pasajes?"+q, token, nil)
			r.expect(t, http.StatusOK, "")
			var l listadoCiego
			r.decode(t, &l)
			return l
		}
		// ocultos fails unless exactly the tickets of the register caja come without amounts.
		ocultos := func(l listadoCiego, caja int64) {
			t.Helper()
			for _, p := range l.Pasajes {
				de := e.count(`SELECT caja_id FROM pasajes WHERE id = ?`, p.ID)
				if (de == caja) != (p.Precio == nil) || (p.Precio == nil) != (p.PrecioTotal == nil) {
					t.Fatalf("pasaje %d de la caja %d (abierta: %d): precio %v", p.ID, de, caja, p.Precio)
				}
			}
		}
		supervisor := e.token("supervisor")
		antes := listar(supervisor, hoy+"&usuario_id="+strconv.FormatInt(vendedor, 10))
		e.abrir(tok, 1000).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Débito"), "").expect(t, http.StatusCreated, "")
		caja := e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, vendedor)

		l := listar(tok, hoy)
		if l.TotalPasajes != antes.TotalPasajes+3 || l.TotalVentas != nil || l.ImporteCancelado != nil {
			t.Fatalf("la lista del cajero ciego muestra los totales: %+v", l)
		}
		ocultos(l, caja)
		vendido := e.count(`SELECT MAX(id) FROM pasajes WHERE caja_id = ?`, caja)
		detalle := func(token string) *float64 {
			t.Helper()
			r := e.do("GET", "/api/pasajes/"+strconv.FormatInt(vendido, 10), token, nil)
			r.expect(t, http.StatusOK, "")
			var p struct {
				Precio      *float64 `json:"precio"`
				PrecioTotal *float64 `json:"precio_total"`
			}
			r.decode(t, &p)
			if (p.Precio == nil) != (p.PrecioTotal == nil) {
				t.Fatalf("detalle: %s", r.Data)
			}
			return p.Precio
		}
		if detalle(tok) != nil || detalle(e.token("supervisor")) == nil {
			t.Fatal("el detalle del pasaje de la caja abierta")
		}
		if l := listar(tok, ""); l.TotalVentas != nil || l.ImporteCancelado != nil {
			t.Fatalf("la lista sin fechas muestra los totales: %+v", l)
		}
		// A filter that ends before the register opened cannot add them up: its totals show.
		if l := listar(tok, "fecha_inicio=2026-11-01&fecha_fin=2026-11-19"); l.TotalVentas == nil || l.ImporteCancelado == nil {
			t.Fatalf("los totales de días anteriores: %+v", l)
		}
		ex := e.do("GET", "/api/pasajes/export?"+dia, tok, nil)
		if ex.Status != http.StatusOK || strings.Count(string(ex.Body), `;"Oculto";`) != 3 {
			t.Fatalf("la exportación del cajero ciego: %d %s", ex.Status, ex.Body)
		}
		// The supervisor reads the cashier's tickets with their amounts.
		del := listar(supervisor, hoy+"&usuario_id="+strconv.FormatInt(vendedor, 10))
		if del.TotalVentas == nil || *del.TotalVentas != *antes.TotalVentas+13500 {
			t.Fatalf("la lista del supervisor: %+v", del)
		}
		ocultos(del, 0)
		if ex := e.do("GET", "/api/pasajes/export?"+dia, supervisor, nil); strings.Contains(string(ex.Body), "Oculto") {
			t.Fatalf("la exportación del supervisor oculta importes: %s", ex.Body)
		}

		// Counted off the expected cash: pending approval, still hidden.
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 1}).expect(t, http.StatusOK, "")
		l = listar(tok, hoy)
		if l.TotalVentas != nil {
			t.Fatalf("la lista con el cierre pendiente muestra el total: %+v", l)
		}
		ocultos(l, caja)
		e.do("POST", "/api/caja/"+strconv.FormatInt(caja, 10)+"/aprobar", supervisor, map[string]any{}).expect(t, http.StatusOK, "")
		l = listar(tok, hoy)
		if l.TotalVentas == nil || *l.TotalVentas != *del.TotalVentas {
			t.Fatalf("la lista de una caja cerrada: %+v", l)
		}
		ocultos(l, 0)
		if p := detalle(tok); p == nil || *p != 4500 {
			t.Fatal("el detalle del pasaje de una caja cerrada no muestra su precio")
		}

		// A new register: its ticket hidden, the closed register's shown, the day's totals hidden.
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		nueva := e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, vendedor)
		l = listar(tok, hoy)
		if l.TotalPasajes != antes.TotalPasajes+4 || l.TotalVentas != nil || l.ImporteCancelado != nil {
			t.Fatalf("la lista con una caja nueva: %+v", l)
		}
		ocultos(l, nueva)
	})
}
