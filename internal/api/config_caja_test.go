package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// TestConfigCajaDeLaEmpresa (issue 36 item 28): the company admin switches
// the blind close on for their company and sets the tolerance in pesos; the
// change is bounded, audited, and enforced for that company only, whatever
// the built-in seller role says.
func TestConfigCajaDeLaEmpresa(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		admin := e.token("admin")
		var cfg domain.ConfigCaja
		e.do("GET", "/api/config/caja", admin, nil).decode(t, &cfg)
		if cfg != (domain.ConfigCaja{}) {
			t.Fatalf("configuración inicial: %+v", cfg)
		}
		claves := func() int64 {
			return e.count(`SELECT COUNT(*) FROM empresa_configuraciones WHERE empresa_id = 1 AND (clave = ? OR (clave = ? AND valor <> '0'))`,
				domain.ClaveCierreCiego, domain.ClaveToleranciaCierre)
		}
		// Refused: out of bounds, incomplete, without configuracion.editar; nothing written.
		e.do("PUT", "/api/config/caja", admin, map[string]any{"cierre_ciego": true, "tolerancia_cierre": 1000000.01}).
			expect(t, http.StatusBadRequest, domain.MsgToleranciaCierre)
		e.do("PUT", "/api/config/caja", admin, map[string]any{"cierre_ciego": true, "tolerancia_cierre": -1}).
			expect(t, http.StatusBadRequest, domain.MsgToleranciaCierre)
		e.do("PUT", "/api/config/caja", admin, map[string]any{"cierre_ciego": true}).
			expect(t, http.StatusBadRequest, "El campo tolerancia_cierre es obligatorio")
		e.do("PUT", "/api/config/caja", admin, map[string]any{"cierre_ciego": true, "tolerancia_cierre": nil}).
			expect(t, http.StatusBadRequest, MsgConfigCajaIncompleta)
		e.do("PUT", "/api/config/caja", e.token("vendedor"), map[string]any{"cierre_ciego": false, "tolerancia_cierre": 0}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := claves(); n != 0 {
			t.Fatalf("un pedido rechazado escribió %d configuraciones", n)
		}

		ok := e.do("PUT", "/api/config/caja", admin, map[string]any{"cierre_ciego": true, "tolerancia_cierre": 50.5})
		ok.expect(t, http.StatusOK, "Configuración de caja guardada exitosamente")
		ok.decode(t, &cfg)
		if cfg != (domain.ConfigCaja{CierreCiego: true, Tolerancia: 5050}) {
			t.Fatalf("guardada: %s", ok.Body)
		}
		if n := e.count(`SELECT COUNT(*) FROM empresa_configuraciones WHERE empresa_id = 1 AND
			((clave = ? AND valor = 'true') OR (clave = ? AND valor = '5050'))`, domain.ClaveCierreCiego, domain.ClaveToleranciaCierre); n != 2 {
			t.Fatalf("configuraciones guardadas = %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1 AND usuario_id = ? AND detalles = ?`,
			store.AccionConfiguracionCaja, e.userID("admin"),
			"Caja: cierre ciego activado, tolerancia $ 50,50 (antes: cierre ciego desactivado, tolerancia $ 0,00)"); n != 1 {
			t.Fatalf("auditoría CONFIGURACION_CAJA = %d", n)
		}

		// The built-in seller (with caja.ver_esperado) counts blind in company 1 now; a supervisor does not.
		vendedor := e.token("vendedor")
		e.abrir(vendedor, 100).expect(t, http.StatusCreated, "")
		e.sell(vendedor, e.lote(map[string]int{"General": 1}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		sinEsperado(t, e.do("GET", "/api/caja/estado", vendedor, nil), "el estado de un vendedor de una empresa ciega")
		e.do("POST", "/api/caja/cuadre", vendedor, map[string]any{}).expect(t, http.StatusForbidden, domain.MsgCuadreCiego)
		sup := e.token("supervisor")
		e.abrir(sup, 100).expect(t, http.StatusCreated, "")
		if r := e.do("GET", "/api/caja/estado", sup, nil); !strings.Contains(string(r.Body), `"efectivo_esperado":100.00`) {
			t.Fatalf("el supervisor no ve su esperado: %s", r.Body)
		}
		// Another company is untouched.
		otra := e.token("vendedor2")
		e.abrir(otra, 100).expect(t, http.StatusCreated, "")
		if r := e.do("GET", "/api/caja/estado", otra, nil); !strings.Contains(string(r.Body), `"efectivo_esperado":100.00`) {
			t.Fatalf("el cierre ciego de una empresa alcanzó a otra: %s", r.Body)
		}
		var ajena domain.ConfigCaja
		e.do("GET", "/api/config/caja", e.token("admin2"), nil).decode(t, &ajena)
		if ajena.CierreCiego || ajena.Tolerancia != domain.MontoMaximo { // the tests' tolerance
			t.Fatalf("la otra empresa ve %+v", ajena)
		}

		// $ 50,00 short of $ 4.600,00: within the $ 50,50 tolerance, the close is final at once.
		cl := e.do("POST", "/api/caja/cerrar", vendedor, map[string]any{"monto_cierre": 4550})
		cl.expect(t, http.StatusOK, "Caja cerrada exitosamente")
		var cierre map[string]json.RawMessage
		cl.decode(t, &cierre)
		if string(cierre["diferencia"]) != "-50.00" || string(cierre["estado"]) != `"cerrada"` {
			t.Fatalf("cierre dentro de la tolerancia: %s", cl.Body)
		}
	})
}
