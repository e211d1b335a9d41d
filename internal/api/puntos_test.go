package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// puntosJSON is the answer of GET /puntos/cliente/{id} as a client reads it.
type puntosJSON struct {
	Cliente struct {
		ID        int64
		Documento string
	}
	BalancePuntos      int64 `json:"balance_puntos"`
	PuntosDisponibles  int64 `json:"puntos_disponibles"`
	DeudaPuntos        int64 `json:"deuda_puntos"`
	CanjeBloqueado     bool  `json:"canje_bloqueado"`
	EsViajeroFrecuente bool  `json:"es_viajero_frecuente"`
	ViajesRecientes    int64 `json:"viajes_recientes"`
	Nivel              struct {
		Nombre   string
		Progreso float64
	}
	Lotes []struct {
		ID              int64
		Puntos          int64
		Restante        int64
		FechaExpiracion *time.Time `json:"fecha_expiracion"`
	}
	Historial []struct {
		ID              int64
		TipoMovimiento  string `json:"tipo_movimiento"`
		Puntos          int64
		Pendiente       int64
		Descripcion     string
		FechaExpiracion *time.Time `json:"fecha_expiracion"`
		Usuario         *struct{ Nombre string }
		Pasaje          *struct {
			ID           int64
			NumeroPasaje string `json:"numero_pasaje"`
		}
	}
	TotalMovimientos int64 `json:"total_movimientos"`
}

// puntosDe reads a customer's points as admin of company 1.
func (e *env) puntosDe(clienteID int64) puntosJSON {
	e.t.Helper()
	r := e.do("GET", fmt.Sprintf("/api/puntos/cliente/%d", clienteID), e.token("admin"), nil)
	r.expect(e.t, http.StatusOK, "")
	var p puntosJSON
	r.decode(e.t, &p)
	return p
}

// precioGeneral is the General fare of company 1's demo section, in pesos:
// the points one ticket earns at 1 point per peso.
func (e *env) precioGeneral() int64 {
	return e.count(`SELECT precio FROM precios WHERE empresa_id = 1 AND seccion_id = ? AND tipo_viaje_id = ?`,
		e.idOf(1, domain.CatSecciones, seccionDemo), e.idOf(1, domain.CatTiposViaje, "General")) / 100
}

// venderA sells n General tickets with the document as vendedor.
func (e *env) venderA(documento string, n int, key string) []pasajeClienteJSON {
	e.t.Helper()
	b := e.lote(map[string]int{"General": n}, "Efectivo")
	b["cliente_nombre"], b["cliente_documento"] = "Cliente Puntos", documento
	r := e.sell(e.token("vendedor"), b, key)
	r.expect(e.t, http.StatusCreated, "")
	var d struct{ Pasajes []pasajeClienteJSON }
	r.decode(e.t, &d)
	return d.Pasajes
}

// ajustar posts an adjustment as usuario.
func (e *env) ajustar(usuario string, clienteID, puntos int64, key string) response {
	e.t.Helper()
	return e.doWith("POST", "/api/puntos/ajustar", e.token(usuario), map[string]any{"cliente_id": clienteID,
		"puntos": puntos, "motivo": "Corrección", "descripcion": "Prueba"}, map[string]string{"Idempotency-Key": key})
}

// configurarPuntos saves company 1's points configuration as admin.
func (e *env) configurarPuntos(cambios map[string]any) {
	e.t.Helper()
	cfg := map[string]any{"activo": true, "puntos_por_peso": 1, "puntos_minimos_canje": 100, "vencimiento_puntos_dias": 365,
		"multiplicador_viajero_frecuente": 1.5, "viajes_para_frecuente": 10, "dias_para_frecuente": 365,
		"anulacion_puntos_canjeados": "descontar"}
	for k, v := range cambios {
		cfg[k] = v
	}
	e.do("PUT", "/api/puntos/configuracion", e.token("admin"), cfg).expect(e.t, http.StatusOK, domain.MsgConfigPuntosActualizada)
}

// cuadra fails unless the customer's points are explained by the ledger:
// the sum of the movements is what the lots hold less the debt, and each
// lot's remainder is its points plus its allocations (no lot past its date
// left unexpired).
func (e *env) cuadra(clienteID int64) {
	e.t.Helper()
	movs := e.count(`SELECT COALESCE(SUM(puntos), 0) FROM puntos_movimientos WHERE cliente_id = ?`, clienteID)
	lotes := e.count(`SELECT COALESCE(SUM(restante), 0) FROM puntos_lotes WHERE cliente_id = ?`, clienteID)
	deuda := e.count(`SELECT COALESCE(SUM(pendiente), 0) FROM puntos_movimientos WHERE cliente_id = ?`, clienteID)
	if movs != lotes-deuda {
		e.t.Fatalf("cliente %d: movimientos suman %d, lotes %d y deuda %d", clienteID, movs, lotes, deuda)
	}
	if p := e.puntosDe(clienteID); p.BalancePuntos != movs {
		e.t.Fatalf("cliente %d: saldo %d, movimientos %d", clienteID, p.BalancePuntos, movs)
	}
	if n := e.count(`SELECT COUNT(*) FROM puntos_lotes l WHERE l.cliente_id = ? AND l.restante <> l.puntos +
		COALESCE((SELECT SUM(a.puntos) FROM puntos_asignaciones a WHERE a.lote_id = l.id), 0)`, clienteID); n != 0 {
		e.t.Fatalf("cliente %d: %d lotes no cuadran con sus asignaciones", clienteID, n)
	}
}

// canjear spends a customer's points through the store's redemption.
func (e *env) canjear(clienteID, puntos int64, origen string) error {
	_, err := e.st.CanjearPuntos(context.Background(), store.Actor{UsuarioID: e.userID("vendedor"), EmpresaID: 1},
		clienteID, puntos, origen, "Canje de prueba")
	return err
}

func TestPointsAreEarnedOnceOnASaleAndOnItsRetry(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		precio := e.precioGeneral()
		first := e.venderA("70111222", 2, "venta-puntos")
		again := e.venderA("70111222", 2, "venta-puntos")
		if again[0].ID != first[0].ID {
			t.Fatal("el reintento vendió de nuevo")
		}
		cliente := *first[0].ClienteID
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE cliente_id = ? AND tipo = 'compra'`, cliente); n != 2 {
			t.Fatalf("%d compras (una por pasaje)", n)
		}
		// a sale without a document earns nothing
		e.sell(e.token("vendedor"), e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos`); n != 2 {
			t.Fatalf("%d movimientos: una venta sin cliente sumó puntos", n)
		}
		p := e.puntosDe(cliente)
		if p.BalancePuntos != 2*precio || p.PuntosDisponibles != 2*precio || p.DeudaPuntos != 0 || len(p.Lotes) != 2 ||
			len(p.Historial) != 2 || p.TotalMovimientos != 2 || p.ViajesRecientes != 2 || p.EsViajeroFrecuente {
			t.Fatalf("puntos %+v, quería %d", p, 2*precio)
		}
		h := p.Historial[1]
		if h.TipoMovimiento != domain.MovCompra || h.Puntos != precio || h.Pasaje == nil || h.Pasaje.ID != first[0].ID ||
			h.Usuario == nil || h.FechaExpiracion == nil || !h.FechaExpiracion.Equal(e.now.AddDate(0, 0, 365)) {
			t.Fatalf("movimiento %+v", h)
		}
		if want := domain.NivelDe(2 * precio).Nombre; p.Nivel.Nombre != want {
			t.Fatalf("nivel %s, quería %s", p.Nivel.Nombre, want)
		}
		// the seller reads it too (clientes.ver); another company's admin does not
		e.do("GET", fmt.Sprintf("/api/puntos/cliente/%d", cliente), e.token("vendedor"), nil).expect(t, http.StatusOK, "")
		e.do("GET", fmt.Sprintf("/api/puntos/cliente/%d", cliente), e.token("admin2"), nil).
			expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		e.ajustar("admin2", cliente, 50, "").expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE empresa_id = 2`); n != 0 {
			t.Fatalf("%d movimientos en la empresa 2", n)
		}
		e.cuadra(cliente)
	})
}

func TestPointsOfAnOfflineSaleAreEarnedOnceHoweverOftenItSyncs(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		venta := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		venta["cliente_documento"] = "70333444"
		act := accion(nuevoID(t), "venta", e.now.Add(-10*time.Minute), venta)
		for range 3 {
			e.syncOK(d, e.now, act)
		}
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { e.sync(d, e.now, act) })
		}
		wg.Wait()
		cliente := e.count(`SELECT id FROM clientes WHERE empresa_id = 1 AND documento = '70333444'`)
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE cliente_id = ?`, cliente); n != 1 {
			t.Fatalf("%d movimientos de la venta sincronizada", n)
		}
		if p := e.puntosDe(cliente); p.BalancePuntos != 4500 {
			t.Fatalf("saldo %d, quería 4500 (1 punto por peso del precio cobrado)", p.BalancePuntos)
		}
	})
}

func TestCancellingATicketReversesItsPointsAndReactivatingEarnsThemAgain(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		sup := e.token("supervisor")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		precio := e.precioGeneral()
		ps := e.venderA("70555666", 2, "")
		cliente := *ps[0].ClienteID
		vence := e.puntosDe(cliente).Lotes[0].FechaExpiracion
		e.now = e.now.Add(time.Minute)
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", ps[0].ID), sup, map[string]any{"motivo": "Error"}).expect(t, http.StatusOK, "")
		p := e.puntosDe(cliente)
		if p.BalancePuntos != precio || len(p.Lotes) != 1 || p.Historial[0].TipoMovimiento != domain.MovReversionCompra ||
			p.Historial[0].Puntos != -precio || p.Historial[0].Pasaje.ID != ps[0].ID {
			t.Fatalf("tras cancelar: %+v", p)
		}
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/reactivar", ps[0].ID), sup, map[string]any{"motivo": "Vuelve"}).expect(t, http.StatusOK, "")
		p = e.puntosDe(cliente)
		if p.BalancePuntos != 2*precio || len(p.Lotes) != 2 || p.Historial[0].TipoMovimiento != domain.MovCompra {
			t.Fatalf("tras reactivar: %+v", p)
		}
		// the points earned again keep the first expiry: cancelling never extends it
		for _, l := range p.Lotes {
			if !l.FechaExpiracion.Equal(*vence) {
				t.Fatalf("lote %+v vence distinto de %v", l, vence)
			}
		}
		// and a second cancel reverses the points earned again, once
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", ps[0].ID), sup, map[string]any{"motivo": "Otra vez"}).expect(t, http.StatusOK, "")
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE pasaje_id = ? AND tipo = 'reversion_compra'`, ps[0].ID); n != 2 {
			t.Fatalf("%d reversiones", n)
		}
		if p := e.puntosDe(cliente); p.BalancePuntos != precio {
			t.Fatalf("saldo %d tras cancelar otra vez", p.BalancePuntos)
		}
		e.cuadra(cliente)
	})
}

func TestSpentPointsOfACancelledTicketLeaveANegativeBalanceThatBlocksRedemption(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		sup := e.token("supervisor")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		precio := e.precioGeneral()
		ps := e.venderA("70777888", 1, "")
		cliente := *ps[0].ClienteID
		if err := e.canjear(cliente, precio, "prueba:1"); err != nil {
			t.Fatal(err)
		}
		if p := e.puntosDe(cliente); p.BalancePuntos != 0 || len(p.Lotes) != 0 {
			t.Fatalf("tras canjear todo: %+v", p)
		}
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", ps[0].ID), sup, map[string]any{"motivo": "Devolución"}).expect(t, http.StatusOK, "")
		p := e.puntosDe(cliente)
		if p.BalancePuntos != -precio || p.DeudaPuntos != precio || !p.CanjeBloqueado || p.Nivel.Nombre != domain.NivelBronce ||
			p.Historial[0].Pendiente != precio {
			t.Fatalf("tras cancelar lo gastado: %+v", p)
		}
		err := e.canjear(cliente, 1, "prueba:2")
		if de, ok := domain.AsError(err); !ok || de.Kind != domain.KindConflict || de.Message != domain.MsgPuntosSaldoNegativo {
			t.Fatalf("canje con saldo negativo: %v", err)
		}
		// a negative adjustment cannot go below zero either
		e.ajustar("admin", cliente, -1, "").expect(t, http.StatusConflict,
			fmt.Sprintf("El ajuste dejaría el saldo en negativo: el cliente tiene %d puntos", -precio))
		// new points pay the debt first: the next sale's, then an adjustment's
		e.venderA("70777888", 1, "")
		if p := e.puntosDe(cliente); p.BalancePuntos != 0 || p.DeudaPuntos != 0 || p.CanjeBloqueado || len(p.Lotes) != 0 {
			t.Fatalf("tras la venta que salda la deuda: %+v", p)
		}
		e.ajustar("admin", cliente, 30, "ajuste-1").expect(t, http.StatusOK, domain.MsgPuntosAjustados)
		p = e.puntosDe(cliente)
		if p.BalancePuntos != 30 || p.DeudaPuntos != 0 || p.CanjeBloqueado || len(p.Lotes) != 1 || p.Lotes[0].Restante != 30 {
			t.Fatalf("tras saldar la deuda: %+v", p)
		}
		e.cuadra(cliente)
	})
}

func TestAnOverdrawingRedemptionIsRefusedAndWritesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		precio := e.precioGeneral()
		cliente := *e.venderA("70999000", 1, "")[0].ClienteID
		err := e.canjear(cliente, precio+1, "prueba:1")
		want := fmt.Sprintf("%s: el cliente tiene %d y se necesitan %d", domain.MsgPuntosInsuficientes, precio, precio+1)
		if de, ok := domain.AsError(err); !ok || de.Kind != domain.KindConflict || de.Message != want {
			t.Fatalf("canje de más: %v", err)
		}
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE tipo = 'canje'`); n != 0 {
			t.Fatalf("%d canjes escritos", n)
		}
		// the same origin redeems once
		for range 2 {
			if err := e.canjear(cliente, 10, "venta:1"); err != nil {
				t.Fatal(err)
			}
		}
		if p := e.puntosDe(cliente); p.BalancePuntos != precio-10 {
			t.Fatalf("saldo %d tras canjear dos veces el mismo origen", p.BalancePuntos)
		}
		// two redemptions at once that together overdraw: one of them is refused
		mitad := (precio-10)/2 + 1
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() { errs[i] = e.canjear(cliente, mitad, fmt.Sprintf("concurrente:%d", i)) })
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("dos canjes que juntos exceden el saldo: %v", errs)
		}
		if p := e.puntosDe(cliente); p.BalancePuntos != precio-10-mitad {
			t.Fatalf("saldo %d tras los canjes concurrentes", p.BalancePuntos)
		}
		e.cuadra(cliente)
	})
}

func TestTheFrequentTravellerMultiplierStartsAtTheThreshold(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.configurarPuntos(map[string]any{"viajes_para_frecuente": 2, "dias_para_frecuente": 30, "multiplicador_viajero_frecuente": 2})
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		precio := e.precioGeneral()
		cliente := *e.venderA("71000111", 1, "")[0].ClienteID
		if p := e.puntosDe(cliente); p.EsViajeroFrecuente || p.BalancePuntos != precio {
			t.Fatalf("tras 1 viaje: %+v", p)
		}
		e.venderA("71000111", 1, "")
		// two trips in 30 days: a frequent traveller from now on, the second sale still earned the plain points
		p := e.puntosDe(cliente)
		if !p.EsViajeroFrecuente || p.ViajesRecientes != 2 || p.BalancePuntos != 2*precio {
			t.Fatalf("tras 2 viajes: %+v", p)
		}
		e.venderA("71000111", 1, "")
		p = e.puntosDe(cliente)
		if p.BalancePuntos != 4*precio || !strings.Contains(p.Historial[0].Descripcion, "viajero frecuente ×2,00") {
			t.Fatalf("tercer viaje sin multiplicador: %+v", p)
		}
		// 31 days later the two trips are out of the window
		e.now = e.now.AddDate(0, 0, 31)
		if p := e.puntosDe(cliente); p.EsViajeroFrecuente || p.ViajesRecientes != 0 {
			t.Fatalf("fuera de la ventana: %+v", p)
		}
	})
}

func TestARedemptionTakesTheSoonestToExpireLotFirst(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c, err := e.st.CrearCliente(context.Background(), store.Actor{EmpresaID: 1}, domain.Cliente{Nombre: "Lotes", Documento: "71222333"})
		if err != nil {
			t.Fatal(err)
		}
		cliente := c.ID
		e.configurarPuntos(map[string]any{"vencimiento_puntos_dias": 100})
		e.ajustar("admin", cliente, 300, "a").expect(t, http.StatusOK, "")
		// earned later, expires sooner
		e.configurarPuntos(map[string]any{"vencimiento_puntos_dias": 10})
		e.ajustar("admin", cliente, 200, "b").expect(t, http.StatusOK, "")
		if err := e.canjear(cliente, 250, "prueba:lotes"); err != nil {
			t.Fatal(err)
		}
		p := e.puntosDe(cliente)
		if len(p.Lotes) != 1 || p.Lotes[0].Puntos != 300 || p.Lotes[0].Restante != 250 ||
			!p.Lotes[0].FechaExpiracion.Equal(e.now.AddDate(0, 0, 100)) {
			t.Fatalf("lotes tras el canje: %+v", p.Lotes)
		}
		canje := e.count(`SELECT id FROM puntos_movimientos WHERE tipo = 'canje'`)
		if n := e.count(`SELECT COUNT(*) FROM puntos_asignaciones a JOIN puntos_lotes l ON l.id = a.lote_id
			WHERE a.movimiento_id = ? AND ((l.puntos = 200 AND a.puntos = -200) OR (l.puntos = 300 AND a.puntos = -50))`, canje); n != 2 {
			t.Fatalf("asignaciones del canje: %d de 2", n)
		}
	})
}

func TestTheExpiryJobExpiresEachLotOnceRunTwiceOrConcurrently(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		var clientes []int64
		for i := range 3 {
			c, err := e.st.CrearCliente(context.Background(), store.Actor{EmpresaID: 1},
				domain.Cliente{Nombre: "Vence", Documento: fmt.Sprintf("7200000%d", i)})
			if err != nil {
				t.Fatal(err)
			}
			clientes = append(clientes, c.ID)
			e.ajustar("admin", c.ID, 100, "").expect(t, http.StatusOK, "")
			e.ajustar("admin", c.ID, 50, "").expect(t, http.StatusOK, "")
		}
		ctx := context.Background()
		// nothing is due yet
		if n, err := e.st.VencerPuntos(ctx, 100); err != nil || n != 0 {
			t.Fatalf("vencidos antes de tiempo: %d %v", n, err)
		}
		e.now = e.now.AddDate(0, 0, 366)
		// two workers at once, then again
		var (
			wg    sync.WaitGroup
			total [2]int64
		)
		for i := range 2 {
			wg.Go(func() {
				n, err := e.st.VencerPuntos(ctx, 100)
				if err != nil {
					t.Error(err)
				}
				total[i] = n
			})
		}
		wg.Wait()
		if total[0]+total[1] != 6 {
			t.Fatalf("lotes vencidos por los dos: %v, quería 6", total)
		}
		if n, err := e.st.VencerPuntos(ctx, 100); err != nil || n != 0 {
			t.Fatalf("segunda pasada: %d %v", n, err)
		}
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE tipo = 'expiracion'`); n != 6 {
			t.Fatalf("%d vencimientos, uno por lote", n)
		}
		for _, c := range clientes {
			if p := e.puntosDe(c); p.BalancePuntos != 0 || len(p.Lotes) != 0 || p.Historial[0].TipoMovimiento != domain.MovExpiracion {
				t.Fatalf("cliente %d tras vencer: %+v", c, p)
			}
			e.cuadra(c)
		}
	})
}

func TestPointsAdjustmentIsForAdminsAndAudited(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c, err := e.st.CrearCliente(context.Background(), store.Actor{EmpresaID: 1}, domain.Cliente{Nombre: "Ajuste", Documento: "73000000"})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range []string{"supervisor", "vendedor"} {
			e.ajustar(u, c.ID, 10, "").expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		adm := e.token("admin")
		for _, tc := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"cliente_id": c.ID, "puntos": 0, "motivo": "x"}, domain.MsgAjustePuntosCero},
			{map[string]any{"cliente_id": c.ID, "puntos": 10, "motivo": "  "}, domain.MsgAjusteMotivo},
			{map[string]any{"cliente_id": c.ID, "puntos": 1_000_000_001, "motivo": "x"}, domain.MsgAjustePuntosMaximo},
		} {
			e.do("POST", "/api/puntos/ajustar", adm, tc.body).expect(t, http.StatusBadRequest, tc.msg)
		}
		// a replayed key adjusts once
		for range 2 {
			r := e.ajustar("admin", c.ID, 120, "ajuste-unico")
			r.expect(t, http.StatusOK, domain.MsgPuntosAjustados)
			var p puntosJSON
			r.decode(t, &p)
			if p.BalancePuntos != 120 {
				t.Fatalf("saldo %d", p.BalancePuntos)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE cliente_id = ? AND tipo = 'ajuste' AND motivo = 'Corrección'`, c.ID); n != 1 {
			t.Fatalf("%d ajustes", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'AJUSTE_PUNTOS' AND usuario_id = ?`, e.userID("admin")); n != 1 {
			t.Fatalf("%d auditorías del ajuste", n)
		}
		e.ajustar("admin", c.ID, -20, "").expect(t, http.StatusOK, domain.MsgPuntosAjustados)
		if p := e.puntosDe(c.ID); p.BalancePuntos != 100 || p.Historial[0].Puntos != -20 || p.Historial[0].Usuario == nil {
			t.Fatalf("tras ajuste negativo: %+v", p)
		}
	})
}

func TestPointsConfigurationAndBenefits(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		adm := e.token("admin")
		var cfg ConfiguracionPuntos
		e.do("GET", "/api/puntos/configuracion", e.token("supervisor"), nil).decode(t, &cfg)
		if !cfg.Activo || cfg.PuntosPorPeso != 100 || cfg.PuntosMinimosCanje != 100 || cfg.VencimientoPuntosDias == nil ||
			*cfg.VencimientoPuntosDias != 365 || cfg.MultiplicadorViajeroFrecuente != 150 || cfg.ViajesParaFrecuente != 10 {
			t.Fatalf("configuración por defecto %+v", cfg)
		}
		body := map[string]any{"activo": true, "puntos_por_peso": 2.5, "puntos_minimos_canje": 50, "vencimiento_puntos_dias": nil,
			"multiplicador_viajero_frecuente": 1.25, "viajes_para_frecuente": 5, "dias_para_frecuente": 90,
			"anulacion_puntos_canjeados": "descontar"}
		e.do("PUT", "/api/puntos/configuracion", e.token("supervisor"), body).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		bad := map[string]any{}
		for k, v := range body {
			bad[k] = v
		}
		bad["multiplicador_viajero_frecuente"] = 0.5
		e.do("PUT", "/api/puntos/configuracion", adm, bad).expect(t, http.StatusBadRequest, domain.MsgConfigMultiplicador)
		bad["multiplicador_viajero_frecuente"], bad["puntos_por_peso"] = 1.5, 1.234
		e.do("PUT", "/api/puntos/configuracion", adm, bad).expect(t, http.StatusBadRequest, "")
		if n := e.count(`SELECT COUNT(*) FROM puntos_configuracion`); n != 0 {
			t.Fatal("una configuración inválida se guardó")
		}
		e.do("PUT", "/api/puntos/configuracion", adm, body).expect(t, http.StatusOK, domain.MsgConfigPuntosActualizada)
		e.do("GET", "/api/puntos/configuracion", adm, nil).decode(t, &cfg)
		if cfg.PuntosPorPeso != 250 || cfg.VencimientoPuntosDias != nil || cfg.MultiplicadorViajeroFrecuente != 125 {
			t.Fatalf("configuración guardada %+v", cfg)
		}
		// company 2 still has the defaults
		e.do("GET", "/api/puntos/configuracion", e.token("admin2"), nil).decode(t, &cfg)
		if cfg.PuntosPorPeso != 100 {
			t.Fatal("la configuración de la empresa 1 alcanzó a la 2")
		}
		// benefits: create, toggle, edit, list, delete
		e.do("POST", "/api/puntos/beneficios", adm, map[string]any{"nombre": "Sin tipo"}).expect(t, http.StatusBadRequest, domain.MsgBeneficioTipo)
		r := e.do("POST", "/api/puntos/beneficios", adm, map[string]any{"nombre": "10% off", "tipo": "descuento_porcentaje",
			"valor": 10, "puntos_requeridos": 500, "maximo_usos": 3, "fecha_inicio": "2026-11-01", "fecha_fin": "2026-12-31"})
		r.expect(t, http.StatusCreated, domain.MsgBeneficioCreado)
		var b Beneficio
		r.decode(t, &b)
		path := fmt.Sprintf("/api/puntos/beneficios/%d", b.ID)
		e.do("PUT", path, adm, map[string]any{"activo": false}).expect(t, http.StatusOK, domain.MsgBeneficioActualizado)
		e.do("PUT", path, adm, map[string]any{"nombre": "Falta el resto"}).expect(t, http.StatusBadRequest, domain.MsgBeneficioTipo)
		e.do("PUT", path, adm, map[string]any{"nombre": "15% off", "tipo": "descuento_porcentaje", "valor": 150,
			"puntos_requeridos": 500}).expect(t, http.StatusBadRequest, domain.MsgBeneficioPorcentaje)
		e.do("PUT", path, e.token("admin2"), map[string]any{"activo": true}).expect(t, http.StatusNotFound, domain.MsgBeneficioNoEncontrado)
		e.do("DELETE", path, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgBeneficioNoEncontrado)
		var lista []Beneficio
		e.do("GET", "/api/puntos/beneficios", adm, nil).decode(t, &lista)
		if len(lista) != 1 || lista[0].Activo || lista[0].Nombre != "10% off" || *lista[0].MaximoUsos != 3 || lista[0].Valor != 1000 {
			t.Fatalf("beneficios %+v", lista)
		}
		e.do("GET", "/api/puntos/beneficios", e.token("admin2"), nil).decode(t, &lista)
		if len(lista) != 0 {
			t.Fatal("la empresa 2 ve los beneficios de la 1")
		}
		e.do("DELETE", path, adm, nil).expect(t, http.StatusOK, domain.MsgBeneficioEliminado)
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion IN ('CONFIGURACION_PUNTOS', 'CREACION_BENEFICIO',
			'ACTUALIZACION_BENEFICIO', 'ELIMINACION_BENEFICIO')`); n != 4 {
			t.Fatalf("%d auditorías", n)
		}
	})
}

// beneficioDePrueba creates a benefit of company 1 as admin.
func (e *env) beneficioDePrueba(body map[string]any) int64 {
	e.t.Helper()
	r := e.do("POST", "/api/puntos/beneficios", e.token("admin"), body)
	r.expect(e.t, http.StatusCreated, domain.MsgBeneficioCreado)
	var b Beneficio
	r.decode(e.t, &b)
	return b.ID
}

// clienteConPuntos creates a customer of company 1 with puntos adjusted in.
func (e *env) clienteConPuntos(documento string, puntos int64) int64 {
	e.t.Helper()
	c, err := e.st.CrearCliente(context.Background(), store.Actor{EmpresaID: 1}, domain.Cliente{Nombre: "Canje", Documento: documento})
	if err != nil {
		e.t.Fatal(err)
	}
	e.ajustar("admin", c.ID, puntos, "").expect(e.t, http.StatusOK, domain.MsgPuntosAjustados)
	return c.ID
}

// ventaConBeneficio is the body of a sale of n General tickets to documento redeeming beneficio.
func (e *env) ventaConBeneficio(documento string, n int, beneficio int64) map[string]any {
	b := e.lote(map[string]int{"General": n}, "Efectivo")
	b["cliente_nombre"], b["cliente_documento"], b["beneficio_id"] = "Canje", documento, beneficio
	return b
}

func TestACounterRedemptionIsDiscountedOnTheServerAndGivenBackByTheCancel(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vend := e.token("vendedor")
		e.abrir(vend, 0).expect(t, http.StatusCreated, "")
		cliente := e.clienteConPuntos("74000000", 2000)
		ben := e.beneficioDePrueba(map[string]any{"nombre": "10% de descuento", "tipo": "descuento_porcentaje", "valor": 10,
			"puntos_requeridos": 1000, "maximo_usos": 5})
		lista := domain.Centavos(e.precioGeneral() * 100)
		cobrado := lista - lista/10
		// the client cannot send a discount of its own
		body := e.ventaConBeneficio("74000000", 2, ben)
		body["descuento"] = 999
		e.sell(vend, body, "").expect(t, http.StatusBadRequest, "El campo descuento no está permitido")
		r := e.sell(vend, e.ventaConBeneficio("74000000", 2, ben), "canje-1")
		r.expect(t, http.StatusCreated, "2 pasajes creados exitosamente")
		var v struct {
			Pasajes []struct {
				ID     int64
				Precio float64
			}
			Total float64
		}
		r.decode(t, &v)
		if len(v.Pasajes) != 2 || v.Pasajes[0].Precio != float64(cobrado)/100 || v.Total != float64(2*cobrado)/100 {
			t.Fatalf("venta %+v, cada pasaje debía cobrarse %s", v, cobrado)
		}
		// the retry redeems nothing more
		e.sell(vend, e.ventaConBeneficio("74000000", 2, ben), "canje-1").expect(t, http.StatusCreated, "")
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'venta_pasaje' AND monto = ?
			AND descripcion LIKE '%«10% de descuento»%'`, 2*cobrado); n != 1 {
			t.Fatalf("%d movimientos de caja por el importe cobrado", n)
		}
		if n := e.count(`SELECT usos FROM puntos_beneficios WHERE id = ?`, ben); n != 1 {
			t.Fatalf("usos %d", n)
		}
		ganados := 2 * domain.ConfigPuntosPorDefecto().PuntosGanados(cobrado, false)
		if p := e.puntosDe(cliente); p.BalancePuntos != 2000-1000+ganados {
			t.Fatalf("saldo %d, quería %d", p.BalancePuntos, 2000-1000+ganados)
		}
		// cancelling one ticket refunds what it was charged; the redemption stands while the other is active
		e.now = e.now.Add(time.Minute)
		sup := e.token("supervisor")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		for i, ps := range v.Pasajes {
			e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", ps.ID), sup, map[string]any{"motivo": "Devolución"}).expect(t, http.StatusOK, "")
			devuelto := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE tipo = 'reversion_canje' AND cliente_id = ?`, cliente)
			if want := int64(i); devuelto != want {
				t.Fatalf("tras cancelar %d pasajes: %d devoluciones del canje", i+1, devuelto)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'devolucion_pasaje' AND monto = ?`, cobrado); n != 2 {
			t.Fatalf("%d devoluciones por el importe cobrado", n)
		}
		p := e.puntosDe(cliente)
		if p.BalancePuntos != 2000 || p.DeudaPuntos != 0 || p.Historial[0].TipoMovimiento != domain.MovReversionCanje || p.Historial[0].Puntos != 1000 {
			t.Fatalf("tras cancelar la venta: %+v", p)
		}
		if n := e.count(`SELECT usos FROM puntos_beneficios WHERE id = ?`, ben); n != 0 {
			t.Fatalf("usos %d tras devolver el canje", n)
		}
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/reactivar", v.Pasajes[0].ID), sup, map[string]any{"motivo": "Vuelve"}).
			expect(t, http.StatusConflict, domain.MsgReactivarConCanje)
		e.cuadra(cliente)
	})
}

func TestARedemptionTheCustomerCannotAffordSellsNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vend := e.token("vendedor")
		e.abrir(vend, 0).expect(t, http.StatusCreated, "")
		e.clienteConPuntos("74111000", 150)
		ben := e.beneficioDePrueba(map[string]any{"nombre": "Pasaje gratis", "tipo": "pasaje_gratis", "valor": 0, "puntos_requeridos": 1000})
		antes := e.count(`SELECT COUNT(*) FROM pasajes`)
		e.sell(vend, e.ventaConBeneficio("74111000", 1, ben), "").
			expect(t, http.StatusConflict, "Puntos insuficientes: el cliente tiene 150 y se necesitan 1000")
		sin := e.ventaConBeneficio("", 1, ben)
		e.sell(vend, sin, "").expect(t, http.StatusBadRequest, domain.MsgBeneficioSinCliente)
		ajeno := e.ventaConBeneficio("74111000", 1, ben)
		var otra int64
		otra = e.beneficioDe2()
		ajeno["beneficio_id"] = otra
		e.sell(vend, ajeno, "").expect(t, http.StatusNotFound, domain.MsgBeneficioNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM pasajes`); n != antes {
			t.Fatalf("%d pasajes vendidos", n-antes)
		}
		if n := e.count(`SELECT usos FROM puntos_beneficios WHERE id = ?`, ben); n != 0 {
			t.Fatalf("usos %d", n)
		}
		// the counter's list says so before the sale
		var lista []BeneficioCliente
		e.do("GET", fmt.Sprintf("/api/puntos/cliente/%d/beneficios", e.count(`SELECT id FROM clientes WHERE documento = '74111000'`)),
			vend, nil).decode(t, &lista)
		if len(lista) != 1 || lista[0].Alcanza || !strings.HasPrefix(lista[0].Motivo, domain.MsgPuntosInsuficientes) {
			t.Fatalf("beneficios del cliente %+v", lista)
		}
	})
}

// beneficioDe2 is a benefit of company 2.
func (e *env) beneficioDe2() int64 {
	e.t.Helper()
	b, err := e.st.CrearBeneficio(context.Background(), store.Actor{EmpresaID: 2}, domain.Beneficio{Nombre: "Ajeno",
		Tipo: domain.BeneficioDescuentoFijo, Valor: 100, PuntosRequeridos: 1, Activo: true})
	if err != nil {
		e.t.Fatal(err)
	}
	return b.ID
}

func TestMaximoUsosHoldsUnderConcurrentSales(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vendedores := []string{"vendedor", "supervisor", "admin"}
		for _, u := range vendedores {
			e.abrir(e.token(u), 0).expect(t, http.StatusCreated, "")
		}
		ben := e.beneficioDePrueba(map[string]any{"nombre": "Único", "tipo": "descuento_fijo", "valor": 100,
			"puntos_requeridos": 200, "maximo_usos": 1})
		status := make([]response, len(vendedores))
		var wg sync.WaitGroup
		for i, u := range vendedores {
			doc := fmt.Sprintf("7450000%d", i)
			e.clienteConPuntos(doc, 500)
			tok, body := e.token(u), e.ventaConBeneficio(doc, 1, ben)
			wg.Go(func() { status[i] = e.sell(tok, body, "") })
		}
		wg.Wait()
		ok := 0
		for _, r := range status {
			switch {
			case r.Status == http.StatusCreated:
				ok++
			case r.Status != http.StatusConflict || r.Message != domain.MsgBeneficioAgotado:
				t.Errorf("venta: %d %q", r.Status, r.Message)
			}
		}
		if ok != 1 {
			t.Fatalf("%d ventas canjearon un beneficio de un solo uso", ok)
		}
		if n := e.count(`SELECT usos FROM puntos_beneficios WHERE id = ?`, ben); n != 1 {
			t.Fatalf("usos %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE tipo = 'canje' AND beneficio_id = ?`, ben); n != 1 {
			t.Fatalf("%d canjes", n)
		}
	})
}

func TestASaleEarnsNothingWithThePointsSwitchedOffOrTheModuleDisabled(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		e.configurarPuntos(map[string]any{"activo": false})
		e.venderA("75000000", 1, "")
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos`); n != 0 {
			t.Fatalf("%d movimientos con los puntos desactivados", n)
		}
		// nor is a benefit redeemed
		e.clienteConPuntos("75000001", 500)
		ben := e.beneficioDePrueba(map[string]any{"nombre": "Apagado", "tipo": "descuento_fijo", "valor": 10, "puntos_requeridos": 100})
		e.sell(e.token("vendedor"), e.ventaConBeneficio("75000001", 1, ben), "").expect(t, http.StatusConflict, domain.MsgPuntosInactivos)
		e.configurarPuntos(map[string]any{"activo": true})
		modulo := e.count(`SELECT id FROM modulos WHERE codigo = 'puntos'`)
		if _, _, err := e.st.ActualizarModuloEmpresa(context.Background(), store.Actor{UsuarioID: e.userID("superadmin")}, 1, modulo,
			store.CambioModulo{Habilitado: false}); err != nil {
			t.Fatal(err)
		}
		e.venderA("75000000", 1, "")
		if n := e.count(`SELECT COUNT(*) FROM puntos_movimientos WHERE tipo <> 'ajuste'`); n != 0 {
			t.Fatalf("%d movimientos con el módulo deshabilitado", n)
		}
		e.do("GET", "/api/puntos/configuracion", e.token("admin"), nil).expect(t, http.StatusForbidden, "")
	})
}

func TestAFreeTicketRedeemedAtTheCounterChargesNothingAndCancelsCleanly(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vend := e.token("vendedor")
		e.abrir(vend, 0).expect(t, http.StatusCreated, "")
		cliente := e.clienteConPuntos("76000000", 800)
		ben := e.beneficioDePrueba(map[string]any{"nombre": "Pasaje gratis", "tipo": "pasaje_gratis", "valor": 0, "puntos_requeridos": 500})
		lista := domain.Centavos(e.precioGeneral() * 100)
		body := map[string]any{"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo), "tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, "General"),
			"medio_pago_id": e.idOf(1, domain.CatMediosPago, "Efectivo"), "fecha_viaje": "2026-11-20", "precio": lista,
			"cliente_nombre": "Gratis", "cliente_documento": "76000000", "beneficio_id": ben}
		r := e.do("POST", "/api/pasajes", vend, body)
		r.expect(t, http.StatusCreated, "Pasaje creado exitosamente")
		var ps struct {
			ID     int64
			Precio float64
		}
		r.decode(t, &ps)
		if ps.Precio != 0 {
			t.Fatalf("pasaje gratis cobrado %v", ps.Precio)
		}
		// a free ticket earns nothing; the redemption took its points
		if p := e.puntosDe(cliente); p.BalancePuntos != 300 {
			t.Fatalf("saldo %d, quería 300", p.BalancePuntos)
		}
		e.now = e.now.Add(time.Minute)
		sup := e.token("supervisor")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", ps.ID), sup, map[string]any{"motivo": "No viaja"}).expect(t, http.StatusOK, "")
		if p := e.puntosDe(cliente); p.BalancePuntos != 800 {
			t.Fatalf("saldo %d tras cancelar, quería 800", p.BalancePuntos)
		}
		e.cuadra(cliente)
	})
}

// TestCancellingASaleWithABenefitLeavesEveryBalanceWhereItWas sells, for each
// kind of benefit, a ticket redeeming it and cancels it, twice: the
// customer's points (balance, available, debt), the benefit's uses and the
// register end where they started (issue 36 item 3: a 'puntos extra'
// benefit minted its points on every cycle).
func TestCancellingASaleWithABenefitLeavesEveryBalanceWhereItWas(t *testing.T) {
	for i, tipo := range domain.TiposBeneficio {
		t.Run(tipo, func(t *testing.T) {
			eachEnv(t, func(t *testing.T, e *env) {
				vend, sup := e.token("vendedor"), e.token("supervisor")
				e.abrir(vend, 0).expect(t, http.StatusCreated, "")
				e.abrir(sup, 0).expect(t, http.StatusCreated, "")
				doc := fmt.Sprintf("7700000%d", i)
				cliente := e.clienteConPuntos(doc, 800)
				ben := e.beneficioDePrueba(map[string]any{"nombre": "Beneficio " + tipo, "tipo": tipo, "valor": 10,
					"puntos_requeridos": 300})
				antes := e.puntosDe(cliente)
				for ciclo := range 2 {
					r := e.sell(vend, e.ventaConBeneficio(doc, 1, ben), "")
					r.expect(t, http.StatusCreated, "")
					var v struct{ Pasajes []struct{ ID int64 } }
					r.decode(t, &v)
					if p := e.puntosDe(cliente); p.BalancePuntos == antes.BalancePuntos {
						t.Fatalf("ciclo %d: la venta con el beneficio no movió los puntos (%d)", ciclo, p.BalancePuntos)
					}
					e.now = e.now.Add(time.Minute)
					e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", v.Pasajes[0].ID), sup, map[string]any{"motivo": "Devolución"}).
						expect(t, http.StatusOK, "")
					p := e.puntosDe(cliente)
					if p.BalancePuntos != antes.BalancePuntos || p.PuntosDisponibles != antes.PuntosDisponibles ||
						p.DeudaPuntos != antes.DeudaPuntos {
						t.Fatalf("ciclo %d: saldo %d, disponibles %d, deuda %d; antes %d, %d, %d", ciclo, p.BalancePuntos,
							p.PuntosDisponibles, p.DeudaPuntos, antes.BalancePuntos, antes.PuntosDisponibles, antes.DeudaPuntos)
					}
				}
				if n := e.count(`SELECT usos FROM puntos_beneficios WHERE id = ?`, ben); n != 0 {
					t.Fatalf("usos %d tras cancelar las ventas", n)
				}
				cobrado := e.count(`SELECT COALESCE(SUM(monto), 0) FROM caja_movimientos WHERE id IN
					(SELECT movimiento_id FROM pasajes WHERE cliente_id = ?)`, cliente)
				devuelto := e.count(`SELECT COALESCE(SUM(monto), 0) FROM caja_movimientos WHERE tipo = 'devolucion_pasaje'
					AND pasaje_id IN (SELECT id FROM pasajes WHERE cliente_id = ?)`, cliente)
				if cobrado != devuelto {
					t.Fatalf("la caja cobró %d y devolvió %d", cobrado, devuelto)
				}
				e.cuadra(cliente)
			})
		})
	}
}

// TestCancellingATicketWhosePointsWereSpentRefundsThePriceLessTheirValue
// earns a ticket's points, spends them on a benefit and cancels the ticket
// (issue 36 item 2): the refund is the price less what the benefit gave for
// the points spent, the customer owes no points for them, and the ticket
// cannot be reactivated.
func TestCancellingATicketWhosePointsWereSpentRefundsThePriceLessTheirValue(t *testing.T) {
	cases := []struct {
		name   string
		previo int64 // points the customer had before the paid ticket (spent first: they expire first)
	}{
		{"todos sus puntos en un pasaje gratis", 0},
		{"parte de sus puntos en un pasaje gratis", 1000},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			eachEnv(t, func(t *testing.T, e *env) {
				vend, sup := e.token("vendedor"), e.token("supervisor")
				e.abrir(vend, 0).expect(t, http.StatusCreated, "")
				e.abrir(sup, 0).expect(t, http.StatusCreated, "")
				precio, doc := e.precioGeneral(), fmt.Sprintf("7800000%d", i)
				if tc.previo > 0 {
					e.clienteConPuntos(doc, tc.previo)
					e.now = e.now.Add(time.Minute)
				}
				pagado := e.venderA(doc, 1, "")[0]
				cliente := *pagado.ClienteID
				if p := e.puntosDe(cliente); p.BalancePuntos != tc.previo+precio {
					t.Fatalf("tiene %d puntos, quería %d", p.BalancePuntos, tc.previo+precio)
				}
				// a free ticket (worth the price) for as many points as the paid ticket earned
				ben := e.beneficioDePrueba(map[string]any{"nombre": "Gratis", "tipo": "pasaje_gratis", "valor": 0,
					"puntos_requeridos": precio})
				e.sell(vend, e.ventaConBeneficio(doc, 1, ben), "").expect(t, http.StatusCreated, "")
				e.now = e.now.Add(time.Minute)
				e.doWith("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", pagado.ID), sup, map[string]any{"motivo": "Devolución"},
					map[string]string{"Idempotency-Key": "cancelar-pagado"}).expect(t, http.StatusOK, "")
				// what the paid ticket's own lot lost to the free ticket: 1 peso a point
				puntosRetenidos := precio - tc.previo
				retenido := puntosRetenidos
				var (
					monto        int64
					desc, numero string
				)
				if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT m.monto, m.descripcion, p.numero_pasaje FROM caja_movimientos m
					JOIN pasajes p ON p.id = m.pasaje_id WHERE m.tipo = 'devolucion_pasaje' AND m.pasaje_id = ?`), pagado.ID).
					Scan(&monto, &desc, &numero); err != nil {
					t.Fatal(err)
				}
				want := fmt.Sprintf("Devolución del pasaje %s (se descuentan %s por %d puntos ya canjeados)", numero,
					domain.Centavos(retenido*100), puntosRetenidos)
				if monto != (precio-retenido)*100 || desc != want {
					t.Fatalf("devolución %d %q, quería %d %q", monto, desc, (precio-retenido)*100, want)
				}
				// a retry refunds nothing more
				e.doWith("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", pagado.ID), sup, map[string]any{"motivo": "Devolución"},
					map[string]string{"Idempotency-Key": "cancelar-pagado"}).expect(t, http.StatusOK, "")
				if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'devolucion_pasaje' AND pasaje_id = ?`, pagado.ID); n != 1 {
					t.Fatalf("%d devoluciones", n)
				}
				// the money paid for the spent points: the customer owes none of them
				if p := e.puntosDe(cliente); p.BalancePuntos != 0 || p.DeudaPuntos != 0 || p.CanjeBloqueado {
					t.Fatalf("tras cancelar: saldo %d, deuda %d", p.BalancePuntos, p.DeudaPuntos)
				}
				if n := e.count(`SELECT valor FROM puntos_movimientos WHERE pasaje_id = ? AND tipo = 'reversion_compra'`, pagado.ID); n != retenido*100 {
					t.Fatalf("la reversión guarda %d retenidos, quería %d", n, retenido*100)
				}
				e.do("PUT", fmt.Sprintf("/api/pasajes/%d/reactivar", pagado.ID), sup, map[string]any{"motivo": "Vuelve"}).
					expect(t, http.StatusConflict, domain.MsgReactivarConPuntosRetenidos)
				if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'reactivacion_pasaje'`); n != 0 {
					t.Fatalf("%d cobros de reactivación", n)
				}
				e.cuadra(cliente)
			})
		})
	}
}

// TestACompanyMayRefuseToCancelATicketWhosePointsWereSpent: with
// anulacion_puntos_canjeados 'rechazar', the cancellation of a ticket whose
// points were redeemed is refused with the reason, and nothing changes.
func TestACompanyMayRefuseToCancelATicketWhosePointsWereSpent(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.configurarPuntos(map[string]any{"anulacion_puntos_canjeados": "rechazar"})
		r := e.do("GET", "/api/puntos/configuracion", e.token("admin"), nil)
		var cfg ConfiguracionPuntos
		r.decode(t, &cfg)
		if cfg.AnulacionPuntosCanjeados != domain.AnulacionRechazar {
			t.Fatalf("configuración %+v", cfg)
		}
		vend, sup := e.token("vendedor"), e.token("supervisor")
		e.abrir(vend, 0).expect(t, http.StatusCreated, "")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		precio := e.precioGeneral()
		pagado := e.venderA("78100000", 1, "")[0]
		ben := e.beneficioDePrueba(map[string]any{"nombre": "Gratis", "tipo": "pasaje_gratis", "valor": 0, "puntos_requeridos": precio})
		e.sell(vend, e.ventaConBeneficio("78100000", 1, ben), "").expect(t, http.StatusCreated, "")
		estado := func() string {
			return fmt.Sprint(e.estado(), e.count(`SELECT COUNT(*) FROM puntos_movimientos`),
				e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'cancelado'`))
		}
		antes := estado()
		e.now = e.now.Add(time.Minute)
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", pagado.ID), sup, map[string]any{"motivo": "Devolución"}).
			expect(t, http.StatusConflict, fmt.Sprintf(domain.MsgAnulacionPuntosCanjeados, precio))
		if estado() != antes {
			t.Fatalf("la cancelación rechazada escribió: %s → %s", antes, estado())
		}
		// a choice the server does not know is refused
		e.do("PUT", "/api/puntos/configuracion", e.token("admin"), map[string]any{"activo": true, "puntos_por_peso": 1,
			"puntos_minimos_canje": 100, "vencimiento_puntos_dias": 365, "multiplicador_viajero_frecuente": 1.5,
			"viajes_para_frecuente": 10, "dias_para_frecuente": 365, "anulacion_puntos_canjeados": "devolver"}).
			expect(t, http.StatusBadRequest, "")
		// back to the default: the refund is reduced instead
		e.configurarPuntos(map[string]any{"anulacion_puntos_canjeados": "descontar"})
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", pagado.ID), sup, map[string]any{"motivo": "Devolución"}).
			expect(t, http.StatusOK, "")
		if n := e.count(`SELECT monto FROM caja_movimientos WHERE tipo = 'devolucion_pasaje' AND pasaje_id = ?`, pagado.ID); n != 0 {
			t.Fatalf("devolución %d", n)
		}
	})
}

// TestThePointsConfigurationOfTheSpecTakesTheDefaultCancellation: the spec's
// body does not name anulacion_puntos_canjeados; without it the configuration
// is saved with descontar, and the answer names it.
func TestThePointsConfigurationOfTheSpecTakesTheDefaultCancellation(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.configurarPuntos(map[string]any{"anulacion_puntos_canjeados": "rechazar"})
		body := map[string]any{"activo": true, "puntos_por_peso": 1, "puntos_minimos_canje": 100, "vencimiento_puntos_dias": 365,
			"multiplicador_viajero_frecuente": 1.5, "viajes_para_frecuente": 10, "dias_para_frecuente": 365}
		r := e.do("PUT", "/api/puntos/configuracion", e.token("admin"), body)
		r.expect(t, http.StatusOK, domain.MsgConfigPuntosActualizada)
		var cfg ConfiguracionPuntos
		r.decode(t, &cfg)
		if cfg.AnulacionPuntosCanjeados != "descontar" {
			t.Fatalf("anulación = %q", cfg.AnulacionPuntosCanjeados)
		}
	})
}
