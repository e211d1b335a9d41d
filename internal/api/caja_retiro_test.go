package api

import (
	"net/http"
	"strings"
	"testing"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// retiro is the body of a drop of monto authorized by usuario with clave.
func retiro(monto any, usuario, clave string) map[string]any {
	return map[string]any{"monto": monto, "descripcion": "Sobre 14", "nombre_usuario": usuario, "password": clave}
}

// TestRetiroACajaFuerte (issue 36 item 28): a drop of cash to the safe is a
// register movement that lowers the expected cash, authorized by a supervisor
// of the company other than the cashier, bounded (> 0, no more than the
// cash), audited on both, done once per Idempotency-Key; every refusal writes
// nothing.
func TestRetiroACajaFuerte(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 1000).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "") // $ 5.500 in cash
		movimientos := func() int64 { return e.count(`SELECT COUNT(*) FROM caja_movimientos`) }
		antes := movimientos()
		rechazos := []struct {
			body    map[string]any
			token   string
			status  int
			mensaje string
		}{
			{retiro(0, "supervisor", demo.Password), tok, http.StatusBadRequest, domain.MsgMontoMayorQueCero},
			{retiro(-5, "supervisor", demo.Password), tok, http.StatusBadRequest, domain.MsgMontoMayorQueCero},
			{retiro(5500.01, "supervisor", demo.Password), tok, http.StatusBadRequest, domain.MsgRetiroSinEfectivo},
			{retiro(100, "supervisor", "clave-mala"), tok, http.StatusForbidden, domain.MsgCredencialesAprobador},
			{retiro(100, "vendedor", demo.Password), tok, http.StatusForbidden, domain.MsgRetiroPropio},
			{retiro(100, "lancha", demo.Password), tok, http.StatusForbidden, domain.MsgAutorizanteSinPermiso},
			{retiro(100, "admin2", demo.Password), tok, http.StatusForbidden, domain.MsgAutorizanteSinPermiso},
			{retiro(100, "supervisor", demo.Password), e.token("lancha"), http.StatusForbidden, domain.MsgSinPermisos},
			{retiro(100, "supervisor", demo.Password), e.token("admin"), http.StatusBadRequest, domain.MsgSinCajaAbierta},
		}
		for _, r := range rechazos {
			e.do("POST", "/api/caja/retiro", r.token, r.body).expect(t, r.status, r.mensaje)
		}
		if n := movimientos(); n != antes {
			t.Fatalf("un retiro rechazado escribió %d movimientos", n-antes)
		}

		conClave := func(monto any) response {
			return e.request("POST", "/api/caja/retiro", tok, retiro(monto, "supervisor", demo.Password),
				func(r *http.Request) { r.Header.Set("Idempotency-Key", "retiro-1") })
		}
		ok := conClave(5000)
		ok.expect(t, http.StatusCreated, "Retiro registrado exitosamente")
		var mov struct {
			ID          int64    `json:"id"`
			Tipo        string   `json:"tipo"`
			Sentido     string   `json:"sentido"`
			Monto       *float64 `json:"monto"`
			Descripcion string   `json:"descripcion"`
		}
		ok.decode(t, &mov)
		if mov.Tipo != domain.MovRetiroCaja || mov.Sentido != domain.SentidoEgreso || *mov.Monto != 5000 ||
			mov.Descripcion != "Retiro a caja fuerte, autorizado por Lucía Benítez: Sobre 14" {
			t.Fatalf("retiro: %s", ok.Body)
		}
		// The same key answers the same drop, once.
		otra := conClave(5000)
		otra.expect(t, http.StatusCreated, "Retiro registrado exitosamente")
		if !strings.Contains(string(otra.Body), `"id":`) || e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'retiro_caja'`) != 1 {
			t.Fatalf("el reintento retiró dos veces: %s", otra.Body)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE id = ? AND tipo = 'retiro_caja' AND monto = 500000
			AND medio_pago_id IS NULL AND autorizado_por = ? AND usuario_id = ?`, mov.ID, e.userID("supervisor"), e.userID("vendedor")); n != 1 {
			t.Fatal("el retiro no quedó guardado con quien lo autorizó")
		}
		for accion, usuario := range map[string]string{store.AccionRetiroCaja: "vendedor", store.AccionAutorizoRetiro: "supervisor"} {
			if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND detalles LIKE ?`, accion,
				e.userID(usuario), "Retiro de $ 5.000,00 de la caja #% de Diego Sosa a caja fuerte, autorizado por Lucía Benítez"); n != 1 {
				t.Fatalf("auditoría %s de %s = %d", accion, usuario, n)
			}
		}
		// The expected cash went down by the drop: what is left is all that can go.
		var estado struct {
			Caja struct {
				EfectivoEsperado float64 `json:"efectivo_esperado"`
			}
		}
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &estado)
		if estado.Caja.EfectivoEsperado != 500 {
			t.Fatalf("efectivo esperado %v, want 500", estado.Caja.EfectivoEsperado)
		}
		e.do("POST", "/api/caja/retiro", tok, retiro(500.01, "supervisor", demo.Password)).expect(t, http.StatusBadRequest, domain.MsgRetiroSinEfectivo)
		e.do("POST", "/api/caja/retiro", tok, retiro(500, "supervisor", demo.Password)).expect(t, http.StatusCreated, "")

		// A register whose count waits for approval takes no drop.
		e.tolerancia("0")
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 1}).expect(t, http.StatusOK, "")
		e.do("POST", "/api/caja/retiro", tok, retiro(1, "supervisor", demo.Password)).expect(t, http.StatusConflict, domain.MsgCierrePendiente)
	})
}
