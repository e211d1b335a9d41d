package api

import (
	"net/http"
	"sync"
	"testing"
)

// abrir opens the caller's register with an amount in pesos.
func (e *env) abrir(token string, monto any) response {
	e.t.Helper()
	return e.do("POST", "/api/caja/abrir", token, map[string]any{"monto_apertura": monto, "observaciones": "Turno mañana"})
}

func TestOpenRegisterAndSecondOpenIsAConflict(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		r := e.abrir(tok, 10000)
		r.expect(t, http.StatusCreated, "Caja abierta exitosamente")
		var caja struct {
			ID            int64
			Estado        string
			MontoApertura float64 `json:"monto_apertura"`
			MontoActual   float64 `json:"monto_actual"`
		}
		r.decode(t, &caja)
		if caja.Estado != "abierta" || caja.MontoApertura != 10000 || caja.MontoActual != 10000 {
			t.Fatalf("caja: %+v", caja)
		}
		if got := e.count(`SELECT monto_apertura FROM cajas WHERE id = ?`, caja.ID); got != 1000000 {
			t.Fatalf("monto en centavos = %d", got)
		}
		e.abrir(tok, 5).expect(t, http.StatusConflict, "Ya tienes una caja abierta")
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'APERTURA_CAJA' AND usuario_id = ? AND created_at >= ?`, e.userID("vendedor"), e.now); got != 1 {
			t.Fatalf("auditoría APERTURA_CAJA = %d", got)
		}
		// another seller of the same company opens their own
		e.abrir(e.token("supervisor"), 0).expect(t, http.StatusCreated, "")
	})
}

func TestOpenRegisterRejectsBadAmounts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, -1).expect(t, http.StatusBadRequest, "Debe ser un monto válido (mayor o igual a cero)")
		e.abrir(tok, nil).expect(t, http.StatusBadRequest, "Debe ser un monto válido (mayor o igual a cero)")
		e.abrir(tok, "diez").expect(t, http.StatusBadRequest, "El campo monto_apertura debe ser un número válido")
		e.abrir(tok, 10.555).expect(t, http.StatusBadRequest, "El campo monto_apertura debe ser un número válido")
		e.abrir(tok, 100000000.01).expect(t, http.StatusBadRequest, "El campo monto_apertura no debe superar $ 100.000.000,00")
		e.do("POST", "/api/caja/abrir", tok, map[string]any{"monto_apertura": 1, "observaciones": 5}).
			expect(t, http.StatusBadRequest, "El campo observaciones tiene un valor inválido")
		if got := e.count(`SELECT COUNT(*) FROM cajas WHERE estado = 'abierta'`); got != 0 {
			t.Fatalf("se abrieron %d cajas con montos inválidos", got)
		}
	})
}

func TestParallelOpensLeaveExactlyOneRegister(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		statuses := parallel(10, func(int) int { return e.abrir(tok, 1000).Status })
		if statuses[http.StatusCreated] != 1 || statuses[http.StatusConflict] != 9 {
			t.Fatalf("resultados: %v", statuses)
		}
		if got := e.count(`SELECT COUNT(*) FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, e.userID("vendedor")); got != 1 {
			t.Fatalf("%d cajas abiertas", got)
		}
	})
}

// parallel runs fn n times at once and counts the results.
func parallel(n int, fn func(i int) int) map[int]int {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		out = map[int]int{}
	)
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			v := fn(i)
			mu.Lock()
			out[v]++
			mu.Unlock()
		}(i)
	}
	close(start)
	wg.Wait()
	return out
}

func TestMovementsBalanceAndClose(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "ingreso_extra", "monto": 10, "descripcion": "x"}).
			expect(t, http.StatusBadRequest, "No tienes una caja abierta")
		e.abrir(tok, 10000).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Débito"), "").expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "egreso_gasto", "monto": -50, "descripcion": "Negativo"}).
			expect(t, http.StatusBadRequest, "Debe ser un número mayor que cero")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "egreso_gasto", "monto": 1500.5, "descripcion": "Combustible"}).
			expect(t, http.StatusCreated, "Movimiento registrado exitosamente")
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "ingreso_extra", "monto": 500, "descripcion": "Venta de agua"}).
			expect(t, http.StatusCreated, "")
		for _, bad := range []map[string]any{
			{"tipo": "venta_pasaje", "monto": 10, "descripcion": "x"},
			{"tipo": "egreso_gasto", "monto": 0, "descripcion": "x"},
			{"tipo": "egreso_gasto", "monto": 10, "descripcion": "  "},
		} {
			e.do("POST", "/api/caja/movimiento", tok, bad).expect(t, http.StatusBadRequest, "")
		}
		if got := e.count(`SELECT monto FROM caja_movimientos WHERE descripcion = 'Combustible'`); got != 150050 {
			t.Fatalf("egreso guardado como %d", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE descripcion = 'Negativo'`); got != 0 {
			t.Fatalf("un monto negativo se guardó (%d)", got)
		}
		// General on the first demo section costs $ 4.500
		st := e.do("GET", "/api/caja/estado", tok, nil)
		st.expect(t, http.StatusOK, "")
		var estado struct {
			CajaAbierta bool `json:"cajaAbierta"`
			Caja        struct {
				MontoActual      float64 `json:"monto_actual"`
				TotalIngresos    float64 `json:"total_ingresos"`
				TotalEgresos     float64 `json:"total_egresos"`
				EfectivoEsperado float64 `json:"efectivo_esperado"`
			}
			Movimientos []struct{ Tipo string }
		}
		st.decode(t, &estado)
		if !estado.CajaAbierta || len(estado.Movimientos) != 4 || estado.Caja.TotalIngresos != 14000 ||
			estado.Caja.TotalEgresos != 1500.5 || estado.Caja.MontoActual != 22499.5 || estado.Caja.EfectivoEsperado != 17999.5 {
			t.Fatalf("estado: %+v", estado)
		}
		cuadre := e.do("POST", "/api/caja/cuadre", tok, map[string]any{"monto_contado": 17900})
		cuadre.expect(t, http.StatusOK, "")
		var c struct {
			Efectivo struct{ Esperado, Contado, Diferencia float64 }
			PorMedio []struct {
				Nombre   string
				Efectivo bool
				Esperado float64
			} `json:"por_medio"`
		}
		cuadre.decode(t, &c)
		if c.Efectivo.Esperado != 17999.5 || c.Efectivo.Diferencia != -99.5 || len(c.PorMedio) != 2 || c.PorMedio[1].Nombre != "Débito" ||
			c.PorMedio[1].Efectivo || c.PorMedio[1].Esperado != 4500 {
			t.Fatalf("cuadre: %+v", c)
		}

		cl := e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 17900, "observaciones": "Faltan monedas"})
		cl.expect(t, http.StatusOK, "Caja cerrada exitosamente")
		var cierre struct {
			TotalVentas float64 `json:"total_ventas"`
			Diferencia  float64
			Estado      string
		}
		cl.decode(t, &cierre)
		if cierre.TotalVentas != 13500 || cierre.Diferencia != -99.5 || cierre.Estado != "cerrada" {
			t.Fatalf("cierre: %+v", cierre)
		}
		if got := e.count(`SELECT COUNT(*) FROM cajas WHERE usuario_id = ? AND estado = 'cerrada' AND monto_cierre = 1790000 AND fecha_cierre >= ?
			AND diferencia = -9950 AND total_ventas = 1350000`, e.userID("vendedor"), e.now); got != 1 {
			t.Fatal("el cierre no quedó guardado")
		}
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CIERRE_CAJA' AND usuario_id = ? AND created_at >= ?`, e.userID("vendedor"), e.now); got != 1 {
			t.Fatalf("auditoría CIERRE_CAJA = %d", got)
		}
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 1}).expect(t, http.StatusBadRequest, "No tienes una caja abierta")
		var closed struct {
			CajaAbierta bool `json:"cajaAbierta"`
		}
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &closed)
		if closed.CajaAbierta {
			t.Fatal("la caja sigue abierta")
		}
	})
}

func TestRegisterIsPerUserAndCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 100).expect(t, http.StatusCreated, "")
		var other struct {
			CajaAbierta bool `json:"cajaAbierta"`
		}
		e.do("GET", "/api/caja/estado", e.token("vendedor2"), nil).decode(t, &other)
		if other.CajaAbierta {
			t.Fatal("vendedor2 ve la caja de vendedor")
		}
		e.do("POST", "/api/caja/cerrar", e.token("admin"), map[string]any{"monto_cierre": 100}).
			expect(t, http.StatusBadRequest, "No tienes una caja abierta")
		e.do("POST", "/api/caja/abrir", e.token("lancha"), map[string]any{"monto_apertura": 1}).
			expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
	})
}

func TestHistorialCajasListsTheCallersClosedRegisters(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vendedor := e.token("vendedor")
		e.abrir(vendedor, 1000).expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/cerrar", vendedor, map[string]any{"monto_cierre": 950.5}).expect(t, http.StatusOK, "")
		e.abrir(vendedor, 10).expect(t, http.StatusCreated, "")

		var h struct {
			Cajas []map[string]any `json:"cajas"`
			Total int64            `json:"total"`
		}
		r := e.do("GET", "/api/caja/historial", vendedor, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &h)
		// The fixture's three closed registers of past days, then the one just closed first.
		if h.Total != 4 || len(h.Cajas) != 4 || h.Cajas[0]["fecha_cierre"].(string) <= h.Cajas[1]["fecha_cierre"].(string) {
			t.Fatalf("historial = %+v", h)
		}
		c := h.Cajas[0]
		if c["monto_apertura"] != float64(1000) || c["monto_cierre"] != 950.5 || c["diferencia"] != -49.5 || c["efectivo_esperado"] != float64(1000) {
			t.Errorf("cifras = %v", c)
		}
		var otro struct {
			Cajas []map[string]any `json:"cajas"`
		}
		r = e.do("GET", "/api/caja/historial", e.token("vendedor2"), nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &otro)
		for _, k := range otro.Cajas {
			if k["id"] == c["id"] {
				t.Errorf("vendedor2 ve la caja %v de vendedor", k["id"])
			}
		}
		e.do("GET", "/api/caja/historial?limite=abc", vendedor, nil).expect(t, http.StatusBadRequest, "El parámetro limite debe ser un número entero mayor que cero")
		e.do("GET", "/api/caja/historial", e.token("lancha"), nil).expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
	})
}
