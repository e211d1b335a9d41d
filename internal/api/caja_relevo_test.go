package api

import (
	"context"
	"net/http"
	"testing"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// relevo is the body of a handover counted at monto to the user usuario with clave.
func relevo(monto any, usuario, clave string) map[string]any {
	return map[string]any{"monto_cierre": monto, "entrante": map[string]any{"nombre_usuario": usuario, "password": clave}}
}

// relevoJSON is the answer of POST /caja/relevo.
type relevoJSON struct {
	Cierre struct {
		ID                  int64    `json:"id"`
		Estado              string   `json:"estado"`
		UsuarioID           int64    `json:"usuario_id"`
		MontoCierre         *float64 `json:"monto_cierre"`
		Diferencia          *float64 `json:"diferencia"`
		PendienteAprobacion bool     `json:"pendiente_aprobacion"`
	} `json:"cierre"`
	Caja struct {
		ID            int64   `json:"id"`
		Estado        string  `json:"estado"`
		UsuarioID     int64   `json:"usuario_id"`
		MontoApertura float64 `json:"monto_apertura"`
		Observaciones string  `json:"observaciones"`
	} `json:"caja"`
	Sesion struct {
		Token   string `json:"token"`
		Usuario struct {
			NombreUsuario string `json:"nombre_usuario"`
		} `json:"usuario"`
	} `json:"sesion"`
}

// TestRelevoDeTurno (issue 36 item 28 h): on one screen the outgoing seller
// counts and closes their register and the incoming seller, with their own
// user and password, opens theirs with what the drawer keeps and goes on with
// a session of their own; every refusal changes no register, and a replayed
// key answers the same handover once.
func TestRelevoDeTurno(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		hash, err := e.svc.Hasher.Hash(demo.Password)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolVendedor, NombreUsuario: "sofia",
			Nombre: "Sofía", Apellido: "Luna", PasswordHash: hash, Activo: true}); err != nil {
			t.Fatal(err)
		}
		tok := e.token("vendedor")
		e.do("POST", "/api/caja/relevo", tok, relevo(1000, "sofia", demo.Password)).expect(t, http.StatusBadRequest, domain.MsgSinCajaAbierta)
		e.abrir(tok, 1000).expect(t, http.StatusCreated, "")
		e.sell(tok, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "") // $ 4.500 in cash: $ 5.500 in the drawer
		e.abrir(e.token("supervisor"), 0).expect(t, http.StatusCreated, "")

		cajas := func() int64 {
			return e.count(`SELECT COUNT(*) * 1000 + SUM(CASE WHEN estado = 'abierta' THEN 1 ELSE 0 END) * 100
				+ SUM(CASE WHEN fecha_conteo IS NULL THEN 0 ELSE 1 END) FROM cajas`)
		}
		antes := cajas()
		sobrante := relevo(5500, "sofia", demo.Password)
		sobrante["monto_apertura"] = 5500.01
		extra := relevo(5500, "sofia", demo.Password)
		extra["turno"] = "tarde"
		for _, r := range []struct {
			name    string
			body    map[string]any
			token   string
			status  int
			mensaje string
		}{
			{"contraseña equivocada", relevo(5500, "sofia", "clave-mala"), tok, http.StatusForbidden, domain.MsgCredencialesEntrante},
			{"usuario inexistente", relevo(5500, "nadie", demo.Password), tok, http.StatusForbidden, domain.MsgCredencialesEntrante},
			{"usuario de otra empresa", relevo(5500, "vendedor2", demo.Password), tok, http.StatusForbidden, domain.MsgCredencialesEntrante},
			{"el mismo vendedor", relevo(5500, "vendedor", demo.Password), tok, http.StatusBadRequest, domain.MsgRelevoMismoUsuario},
			{"entrante sin caja.abrir", relevo(5500, "lancha", demo.Password), tok, http.StatusForbidden, domain.MsgEntranteSinPermiso},
			{"entrante con caja abierta", relevo(5500, "supervisor", demo.Password), tok, http.StatusConflict, domain.MsgEntranteConCaja},
			{"apertura mayor que lo contado", sobrante, tok, http.StatusBadRequest, "El monto de apertura no puede superar el efectivo contado ($ 5.500,00)"},
			{"sin conteo", map[string]any{"entrante": map[string]any{"nombre_usuario": "sofia", "password": demo.Password}}, tok,
				http.StatusBadRequest, "Ingresa el efectivo contado (monto_cierre)"},
			{"campo desconocido", extra, tok, http.StatusBadRequest, ""},
			{"saliente sin caja.cerrar", relevo(5500, "sofia", demo.Password), e.token("lancha"), http.StatusForbidden, domain.MsgSinPermisos},
		} {
			t.Run(r.name, func(t *testing.T) {
				e.do("POST", "/api/caja/relevo", r.token, r.body).expect(t, r.status, r.mensaje)
			})
		}
		if n := cajas(); n != antes || e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRelevoCaja) != 0 {
			t.Fatalf("un relevo rechazado cambió las cajas: %d → %d", antes, n)
		}

		conClave := func(body map[string]any) response {
			return e.request("POST", "/api/caja/relevo", tok, body,
				func(r *http.Request) { r.Header.Set("Idempotency-Key", "relevo-1") })
		}
		body := relevo(5500, "sofia", demo.Password)
		body["monto_apertura"] = 2000
		ingresos := func() int64 {
			return e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND detalles = ?`, store.AccionLogin,
				e.userID("sofia"), "Inicio de sesión por relevo de turno de Diego Sosa")
		}
		ingresosAntes := ingresos()
		ok := conClave(body)
		ok.expect(t, http.StatusCreated, "Relevo de turno realizado: caja abierta para Sofía Luna")
		var rel relevoJSON
		ok.decode(t, &rel)
		if rel.Cierre.Estado != domain.CajaCerrada || rel.Cierre.UsuarioID != e.userID("vendedor") || *rel.Cierre.MontoCierre != 5500 ||
			*rel.Cierre.Diferencia != 0 || rel.Caja.Estado != domain.CajaAbierta || rel.Caja.UsuarioID != e.userID("sofia") ||
			rel.Caja.MontoApertura != 2000 || rel.Sesion.Token == "" || rel.Sesion.Usuario.NombreUsuario != "sofia" {
			t.Fatalf("relevo: %s", ok.Body)
		}
		// The screen goes on as the incoming seller, whose register is open.
		var estado struct {
			CajaAbierta bool `json:"cajaAbierta"`
			Caja        *struct {
				ID int64 `json:"id"`
			} `json:"caja"`
		}
		e.do("GET", "/api/caja/estado", rel.Sesion.Token, nil).decode(t, &estado)
		if !estado.CajaAbierta || estado.Caja.ID != rel.Caja.ID {
			t.Fatalf("estado del entrante: %+v", estado)
		}
		if n := e.count(`SELECT COUNT(*) FROM cajas WHERE id = ? AND estado = 'cerrada' AND monto_cierre = 550000 AND diferencia = 0`,
			rel.Cierre.ID); n != 1 {
			t.Fatal("la caja saliente no quedó cerrada con lo contado")
		}
		for accion, usuario := range map[string]string{store.AccionCierreCaja: "vendedor", store.AccionAperturaCaja: "sofia",
			store.AccionRelevoCaja: "vendedor"} {
			if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND created_at = ?`, accion,
				e.userID(usuario), e.now); n != 1 {
				t.Fatalf("auditoría %s de %s = %d", accion, usuario, n)
			}
		}
		if n := ingresos(); n != ingresosAntes+1 {
			t.Fatalf("inicio de sesión del entrante auditado %d veces", n-ingresosAntes)
		}

		// The same key answers the same handover, once, with a session again.
		otra := conClave(body)
		otra.expect(t, http.StatusCreated, "Relevo de turno realizado: caja abierta para Sofía Luna")
		var again relevoJSON
		otra.decode(t, &again)
		if again.Cierre.ID != rel.Cierre.ID || again.Caja.ID != rel.Caja.ID || again.Sesion.Token == "" ||
			e.count(`SELECT COUNT(*) FROM cajas WHERE usuario_id = ?`, e.userID("sofia")) != 1 {
			t.Fatalf("el reintento hizo otro relevo: %s", otra.Body)
		}
		e.do("GET", "/api/caja/estado", again.Sesion.Token, nil).expect(t, http.StatusOK, "")
		body["monto_apertura"] = 1000
		conClave(body).expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)

		// Back to the first seller past the tolerance, in a company that
		// closes blind: the count waits for a supervisor, the handover goes
		// on, and the answer gives away no difference.
		e.tolerancia("0")
		if _, err := e.st.GuardarConfiguracion(ctx, store.Actor{EmpresaID: 1}, 1,
			store.Configuracion{Clave: domain.ClaveCierreCiego, Valor: "true"}); err != nil {
			t.Fatal(err)
		}
		pend := e.do("POST", "/api/caja/relevo", rel.Sesion.Token, relevo(1500, "vendedor", demo.Password))
		pend.expect(t, http.StatusCreated, "Relevo de turno realizado: caja abierta para Diego Sosa; el cierre de la caja anterior queda pendiente de la aprobación de un supervisor")
		var p relevoJSON
		pend.decode(t, &p)
		if p.Cierre.ID != rel.Caja.ID || p.Cierre.Estado != domain.CajaAbierta || !p.Cierre.PendienteAprobacion ||
			p.Cierre.Diferencia != nil || *p.Cierre.MontoCierre != 1500 || p.Caja.UsuarioID != e.userID("vendedor") || p.Caja.MontoApertura != 1500 {
			t.Fatalf("relevo pendiente: %s", pend.Body)
		}
		var pendientes []struct {
			CajaID int64 `json:"caja_id"`
		}
		e.do("GET", "/api/caja/cierres-pendientes", e.token("supervisor"), nil).decode(t, &pendientes)
		if len(pendientes) != 1 || pendientes[0].CajaID != rel.Caja.ID {
			t.Fatalf("cierres pendientes: %+v", pendientes)
		}
	})
}
