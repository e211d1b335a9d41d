package api

import (
	"fmt"
	"net/http"
	"testing"

	"muelle/internal/domain"
)

// TestMedioPagoConTipo: the catalogue answers each payment method's tipo; a
// method created without one takes the name rule's, one given is kept; an
// update without it keeps the stored one; a tipo outside the list is a 400
// that writes nothing.
func TestMedioPagoConTipo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		crear := func(body map[string]any) response {
			return e.do("POST", "/api/config/medios-pago", admin, body)
		}
		var it struct {
			ID   int64
			Tipo string `json:"tipo"`
		}
		r := crear(map[string]any{"nombre": "Posnet", "tipo": "tarjeta"})
		r.expect(t, http.StatusCreated, "Medio de pago creado exitosamente")
		r.decode(t, &it)
		if it.Tipo != domain.TipoTarjeta {
			t.Fatalf("creado: %+v", it)
		}
		crear(map[string]any{"nombre": "Efectivo dólares"}).expect(t, http.StatusCreated, "Medio de pago creado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE empresa_id = 1 AND nombre = 'Efectivo dólares' AND tipo = 'efectivo'`); n != 1 {
			t.Fatal("un medio creado sin tipo no tomó el del nombre")
		}
		antes := e.count(`SELECT COUNT(*) FROM medios_pago`)
		crear(map[string]any{"nombre": "Puntos", "tipo": "puntos"}).expect(t, http.StatusBadRequest, domain.MsgTipoMedioPago)
		if e.count(`SELECT COUNT(*) FROM medios_pago`) != antes {
			t.Fatal("un medio rechazado se guardó")
		}
		put := fmt.Sprintf("/api/config/medios-pago/%d", it.ID)
		e.do("PUT", put, admin, map[string]any{"nombre": "Posnet", "tipo": "qr"}).expect(t, http.StatusBadRequest, domain.MsgTipoMedioPago)
		e.do("PUT", put, admin, map[string]any{"nombre": "Posnet Efectivo"}).expect(t, http.StatusOK, "Medio de pago actualizado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE id = ? AND tipo = 'tarjeta'`, it.ID); n != 1 {
			t.Fatal("una modificación sin tipo cambió el tipo")
		}
		e.do("PUT", put, admin, map[string]any{"nombre": "Posnet", "tipo": "otro"}).expect(t, http.StatusOK, "Medio de pago actualizado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE id = ? AND tipo = 'otro'`, it.ID); n != 1 {
			t.Fatal("el tipo no cambió")
		}
		var lista []struct {
			Nombre string `json:"nombre"`
			Tipo   string `json:"tipo"`
		}
		r = e.do("GET", "/api/config/medios-pago", admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &lista)
		tipos := map[string]string{}
		for _, m := range lista {
			tipos[m.Nombre] = m.Tipo
		}
		if tipos["Efectivo"] != "efectivo" || tipos["Débito"] != "tarjeta" || tipos["Mercado Pago"] != "otro" || tipos["Posnet"] != "otro" {
			t.Fatalf("lista: %v", tipos)
		}
	})
}
