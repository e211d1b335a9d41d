package api

import (
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"

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

// TestTipoDeMedioConMovimientosEsFijo: a method's tipo is fixed once it has
// register movements (409, nothing written), while its name and reference
// may still change; a method without movements changes its tipo freely.
func TestTipoDeMedioConMovimientosEsFijo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		e.cajaAbierta("vendedor")
		e.sell(e.token("vendedor"), e.lote(map[string]int{"General": 1}, "Crédito"), "").expect(t, http.StatusCreated, "")
		credito := e.idOf(1, domain.CatMediosPago, "Crédito")
		put := fmt.Sprintf("/api/config/medios-pago/%d", credito)
		e.do("PUT", put, admin, map[string]any{"nombre": "Crédito", "tipo": "efectivo"}).
			expect(t, http.StatusConflict, domain.MsgTipoConMovimientos)
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE id = ? AND tipo = 'tarjeta'`, credito); n != 1 {
			t.Fatal("cambió el tipo de un medio con movimientos")
		}
		e.do("PUT", put, admin, map[string]any{"nombre": "Crédito 1 pago", "tipo": "tarjeta", "referencia": "tarjeta"}).
			expect(t, http.StatusOK, "Medio de pago actualizado exitosamente")
		var nuevo struct{ ID int64 }
		r := e.do("POST", "/api/config/medios-pago", admin, map[string]any{"nombre": "Posnet", "tipo": "tarjeta"})
		r.expect(t, http.StatusCreated, "Medio de pago creado exitosamente")
		r.decode(t, &nuevo)
		e.do("PUT", fmt.Sprintf("/api/config/medios-pago/%d", nuevo.ID), admin, map[string]any{"nombre": "Posnet",
			"tipo": "otro"}).expect(t, http.StatusOK, "Medio de pago actualizado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM medios_pago WHERE id = ? AND tipo = 'otro'`, nuevo.ID); n != 1 {
			t.Fatal("un medio sin movimientos no cambió su tipo")
		}
	})
}

// TestMedioQRNoSeCobraEnElMostrador: a method of tipo mercadopago_qr is
// confirmed by Mercado Pago, so the quick sale (whole and single ticket)
// refuses it with 400 writing nothing, and an offline sale by it goes to
// the conflicts; a method named anything, of tipo efectivo, goes to the
// drawer and its tickets' refunds leave it.
func TestMedioQRNoSeCobraEnElMostrador(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for nombre, tipo := range map[string]string{"QR Mercado Pago": "mercadopago_qr", "Cash": "efectivo"} {
			e.do("POST", "/api/config/medios-pago", admin, map[string]any{"nombre": nombre, "tipo": tipo}).
				expect(t, http.StatusCreated, "Medio de pago creado exitosamente")
		}
		msg := "El medio de pago «QR Mercado Pago» se cobra con el QR de Mercado Pago: use Cobrar con QR"
		tok := e.token("vendedor")
		caja := e.cajaAbierta("vendedor")
		pasajes, movs := e.count(`SELECT COUNT(*) FROM pasajes`), e.count(`SELECT COUNT(*) FROM caja_movimientos`)
		e.sell(tok, e.lote(map[string]int{"General": 1}, "QR Mercado Pago"), "qr-1").expect(t, http.StatusBadRequest, msg)
		e.do("POST", "/api/pasajes", tok, map[string]any{"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo),
			"fecha_viaje": "2026-11-21", "medio_pago_id": e.idOf(1, domain.CatMediosPago, "QR Mercado Pago"),
			"tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, "General"), "precio": 4500, "cliente_nombre": "Ana"}).
			expect(t, http.StatusBadRequest, msg)
		d := e.nuevoDispositivo("vendedor")
		offline := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		offline["medio_pago_id"] = e.idOf(1, domain.CatMediosPago, "QR Mercado Pago")
		r := e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now.Add(-time.Minute), offline)).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != msg || r.ConflictoID == nil {
			t.Fatalf("venta offline: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND tipo = 'venta_rechazada' AND detalle = ?`,
			*r.ConflictoID, msg); n != 1 {
			t.Fatal("el conflicto no dice por qué")
		}
		if e.count(`SELECT COUNT(*) FROM pasajes`) != pasajes || e.count(`SELECT COUNT(*) FROM caja_movimientos`) != movs {
			t.Fatal("una venta con QR rechazada escribió")
		}

		var vendidos struct{ Pasajes []pasajeJSON }
		v := e.sell(tok, e.lote(map[string]int{"General": 1}, "Cash"), "")
		v.expect(t, http.StatusCreated, "")
		v.decode(t, &vendidos)
		var det map[string]any
		g := e.do("GET", fmt.Sprintf("/api/pasajes/%d", vendidos.Pasajes[0].ID), tok, nil)
		g.expect(t, http.StatusOK, "")
		g.decode(t, &det)
		if det["medio_pago_efectivo"] != true {
			t.Fatalf("un pasaje en 'Cash' (efectivo) no sale del cajón: %v", det)
		}
		var estado struct {
			Caja struct {
				EfectivoEsperado float64 `json:"efectivo_esperado"`
			}
		}
		s := e.do("GET", "/api/caja/estado", tok, nil)
		s.expect(t, http.StatusOK, "")
		s.decode(t, &estado)
		if estado.Caja.EfectivoEsperado != 4500 {
			t.Fatalf("efectivo esperado %v: 'Cash' no cuenta en el cajón", estado.Caja.EfectivoEsperado)
		}
	})
}

// The body's tipo takes the kinds the catalogue answers.
func TestGuardarItemCatalogoTomaLosTiposDeMedioPago(t *testing.T) {
	cuerpo, _ := reflect.TypeFor[GuardarItemCatalogo]().FieldByName("Tipo")
	item, _ := reflect.TypeFor[domain.ItemCatalogo]().FieldByName("Tipo")
	if cuerpo.Tag.Get("enum") != item.Tag.Get("enum") {
		t.Fatalf("%q ≠ %q", cuerpo.Tag.Get("enum"), item.Tag.Get("enum"))
	}
}
