package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/cobros"
	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/mercadopago"
	"muelle/internal/mercadopago/mercadopagotest"
	"muelle/internal/store"
	"muelle/internal/webhooks"
)

// cobrosQR is company 1 set up to charge with Mercado Pago QR against the
// fake: its token and secret stored, the sellers' points of sale created, a
// method of tipo mercadopago_qr, the seller's register open; the payments'
// jobs and the webhooks' inbox on a runner the test drains (Vaciar).
type cobrosQR struct {
	e        *env
	fake     *mercadopagotest.Fake
	tareas   *jobs.Runner
	vendedor string
}

func conCobrosQR(t *testing.T, e *env) *cobrosQR {
	t.Helper()
	q := &cobrosQR{e: e, fake: mercadopagotest.Iniciar(t, tokenMP), vendedor: e.token("vendedor")}
	e.srv.MercadoPago = q.fake.Red(t)
	e.srv.Cobros = &cobros.Cobros{Store: e.st, Red: e.srv.MercadoPago, Log: e.srv.Log}
	q.tareas = e.tareasCon(func(r *jobs.Runner) {
		e.srv.Cobros.Registrar(r)
		e.srv.Webhooks = webhooks.NuevoBuzon(e.st, r)
		e.srv.Webhooks.Registrar(e.srv.Cobros.Proveedor())
	})
	admin := e.token("admin")
	e.do("PUT", "/api/config/mercadopago", admin, map[string]any{"local": localMP(), "access_token": tokenMP,
		"webhook_secret": secretoMP}).expect(t, http.StatusOK, domain.MsgMercadoPagoGuardado)
	e.do("POST", "/api/config/mercadopago/probar", admin, nil).expect(t, http.StatusOK, domain.MsgMercadoPagoCuenta(mercadopagotest.Apodo))
	e.do("POST", "/api/config/mercadopago/cajas", admin, nil).expect(t, http.StatusOK, domain.MsgMercadoPagoCajasCreadas)
	e.do("POST", "/api/config/medios-pago", admin, map[string]any{"nombre": "Mercado Pago QR", "descripcion": "", "activo": true,
		"tipo": domain.TipoMercadoPagoQR}).expect(t, http.StatusCreated, domain.CatMediosPago.Mensajes.Creado)
	e.abrir(q.vendedor, 0).expect(t, http.StatusCreated, "Caja abierta exitosamente")
	return q
}

// cobrar charges n general tickets with the QR method under key.
func (q *cobrosQR) cobrar(n int, key string) response {
	q.e.t.Helper()
	return q.e.doWith("POST", "/api/pedidos", q.vendedor, q.e.lote(map[string]int{"General": n}, "Mercado Pago QR"),
		map[string]string{"Idempotency-Key": key})
}

// pedido reads the seller's order id.
func (q *cobrosQR) pedido(t *testing.T, id int64) Pedido {
	t.Helper()
	var p Pedido
	q.e.do("GET", "/api/pedidos/"+strconv.FormatInt(id, 10), q.vendedor, nil).decode(t, &p)
	return p
}

// vaciar runs the due jobs of tipo.
func (q *cobrosQR) vaciar(t *testing.T, tipo string) int {
	t.Helper()
	n, err := q.tareas.Vaciar(context.Background(), tipo)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// creado charges n tickets and lets the job create its order at Mercado Pago.
func (q *cobrosQR) creado(t *testing.T, n int, key string) (Pedido, string) {
	t.Helper()
	var p Pedido
	q.cobrar(n, key).decode(t, &p)
	q.vaciar(t, store.TrabajoPagoCrear)
	ordenes := q.fake.Ordenes()
	return q.pedido(t, p.ID), ordenes[len(ordenes)-1].ID
}

// avisar posts Mercado Pago's notification of the order, as it is now, signed with secreto.
func (q *cobrosQR) avisar(t *testing.T, orden string, secreto string) response {
	t.Helper()
	a := q.fake.Aviso(orden, q.e.now)
	return avisar(t, q.e.srv.Handler(), mercadopagotest.RutaAviso("/api/webhooks/mercadopago", 1), "203.0.113.9", a.Cuerpo,
		firmado(a, []byte(secreto)))
}

func TestUnCobroQRSeCompletaConElPagoUnaSolaVez(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		ventas, pasajes := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'venta_pasaje'`), e.count(`SELECT COUNT(*) FROM pasajes`)
		// a double click: one order, one attempt, one call
		var wg sync.WaitGroup
		ids := make([]int64, 2)
		for i := range ids {
			wg.Go(func() {
				var p Pedido
				r := q.cobrar(2, "qr-1")
				if r.Status != http.StatusCreated || r.Message != domain.MsgPedidoCreado || json.Unmarshal(r.Data, &p) != nil {
					t.Errorf("cobrar: %d %q", r.Status, r.Message)
				}
				ids[i] = p.ID
			})
		}
		wg.Wait()
		p := q.pedido(t, ids[0])
		if ids[0] != ids[1] || p.Estado != domain.PedidoPendiente || p.Total != 900000 || p.QRData != nil || p.Venta != nil {
			t.Fatalf("pendiente: %v %+v", ids, p)
		}
		q.e.doWith("POST", "/api/pedidos", q.vendedor, q.e.lote(map[string]int{"General": 3}, "Mercado Pago QR"),
			map[string]string{"Idempotency-Key": "qr-1"}).expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if q.vaciar(t, store.TrabajoPagoCrear) != 1 || q.vaciar(t, store.TrabajoPagoCrear) != 0 || q.fake.Contar("POST /v1/orders") != 1 {
			t.Fatalf("%d órdenes creadas", q.fake.Contar("POST /v1/orders"))
		}
		orden := q.fake.Ordenes()[0]
		if orden.TotalAmount != "9000.00" || orden.Config.QR.ExternalPosID != domain.IDExternoCajaMP(1, e.userID("vendedor")) ||
			orden.Clave == "" {
			t.Fatalf("la orden: %+v", orden)
		}
		if p = q.pedido(t, p.ID); p.QRData == nil || *p.QRData == "" {
			t.Fatalf("sin QR: %+v", p)
		}
		// the register is untouched while it waits
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'venta_pasaje'`); n != ventas {
			t.Fatalf("%d ventas en caja antes del pago (había %d)", n, ventas)
		}

		// a notification with a bad signature is refused before it is read
		q.avisar(t, orden.ID, "otra-clave-de-16-caracteres").expect(t, http.StatusUnauthorized, "La firma del aviso no es válida")
		q.fake.Pagar(orden.ID)
		// the notification twice (and a third, older one, out of order): one sale
		q.avisar(t, orden.ID, secretoMP).expect(t, http.StatusOK, "")
		q.avisar(t, orden.ID, secretoMP).expect(t, http.StatusOK, "")
		q.vaciar(t, webhooks.TipoTrabajo(store.ProveedorMercadoPago))
		p = q.pedido(t, p.ID)
		if p.Estado != domain.PedidoCompletado || p.Venta == nil || len(p.Venta.Pasajes) != 2 || p.Venta.Total != 900000 {
			t.Fatalf("completado: %+v", p)
		}
		q.e.now = q.e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta) // the poller finds it completed
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN medios_pago mp ON mp.id = m.medio_pago_id
			WHERE m.empresa_id = 1 AND m.tipo = 'venta_pasaje' AND m.monto = 900000 AND mp.tipo = 'mercadopago_qr'`); n != 1 {
			t.Fatalf("%d ventas por Mercado Pago en caja", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes`); n != pasajes+2 {
			t.Fatalf("%d pasajes (había %d)", n, pasajes)
		}
		// the register and its X report show the sale with its order and payment at Mercado Pago
		cobroMP := `"cobro_mp":{"orden":"` + orden.ID + `","pago":"`
		if r := e.do("GET", "/api/caja/movimientos", q.vendedor, nil); !strings.Contains(string(r.Body), cobroMP) {
			t.Fatalf("movimientos sin el cobro de Mercado Pago: %s", r.Body)
		}
		caja := strconv.FormatInt(e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, e.userID("vendedor")), 10)
		if r := e.do("GET", "/api/reportes/caja/"+caja, e.token("supervisor"), nil); !strings.Contains(string(r.Body), cobroMP) {
			t.Fatalf("reporte X sin el cobro de Mercado Pago: %s", r.Body)
		}
		if r := e.do("GET", "/api/reportes/ventas-detalladas?"+delDia20, e.token("admin"), nil); !strings.Contains(string(r.Body), cobroMP) {
			t.Fatalf("reporte de ventas sin el cobro de Mercado Pago: %s", r.Body)
		}
		if r := e.exportarVentas(delDia20 + "&formato=csv"); !strings.Contains(string(r.Body), "Mercado Pago: orden "+orden.ID+" · pago ") {
			t.Fatalf("exportación de ventas sin el cobro de Mercado Pago: %.300s", r.Body)
		}
		// another seller, another company: 404
		e.do("GET", "/api/pedidos/"+strconv.FormatInt(p.ID, 10), e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgPedidoNoEncontrado)
		e.do("POST", "/api/pedidos/"+strconv.FormatInt(p.ID, 10)+"/cancelar", e.token("supervisor"), nil).expect(t, http.StatusNotFound,
			domain.MsgPedidoNoEncontrado)
		e.do("POST", "/api/pedidos", e.token("lancha"), q.e.lote(map[string]int{"General": 1}, "Mercado Pago QR")).
			expect(t, http.StatusForbidden, "")
		// a method that is not a QR one
		e.do("POST", "/api/pedidos", q.vendedor, q.e.lote(map[string]int{"General": 1}, "Efectivo")).
			expect(t, http.StatusBadRequest, "El medio de pago «Efectivo» no se cobra con QR: registre la venta directamente")
	})
}

func TestElSondeoCompletaSinAvisoYUnCobroVencidoLiberaLosLugares(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		// the process killed between the call and storing its answer: the retry, with the same key, finds one order
		q.fake.FallarProximas("POST /v1/orders", 1, 0)
		var p Pedido
		q.cobrar(1, "qr-2").decode(t, &p)
		q.vaciar(t, store.TrabajoPagoCrear)
		if k, _ := e.st.CobroPorPedido(context.Background(), 1, p.ID); k.EstadoPago != store.PagoCreando {
			t.Fatalf("tras el corte: %+v", k)
		}
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoCrear)
		if len(q.fake.Ordenes()) != 1 || q.pedido(t, p.ID).QRData == nil {
			t.Fatalf("%d órdenes tras el reintento", len(q.fake.Ordenes()))
		}
		// paid, no notification: the poller completes it
		q.fake.Pagar(q.fake.Ordenes()[0].ID)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoCompletado {
			t.Fatalf("sin aviso: %+v", p)
		}

		// expired at Mercado Pago: released, its seat free again
		p, orden := q.creado(t, 1, "qr-3")
		q.fake.Expirar(orden)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoVencido || p.Falla != domain.MsgPedidoVencido {
			t.Fatalf("vencido: %+v", p)
		}
		var cupo domain.Cupo
		e.do("GET", "/api/pasajes/disponibilidad?seccion_id="+strconv.FormatInt(e.idOf(1, domain.CatSecciones, seccionDemo), 10)+
			"&fecha=2026-11-20", q.vendedor, nil).decode(t, &cupo)
		if cupo.Vendidos != 1 {
			t.Fatalf("lugares tras vencer: %+v", cupo)
		}
		// refused at Mercado Pago (the payer's bank): released, saying so, not that it expired
		p, orden = q.creado(t, 1, "qr-rechazado")
		q.fake.Rechazar(orden)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoCancelado || p.Falla != domain.MsgPedidoCerradoMP {
			t.Fatalf("rechazado: %+v", p)
		}
		// the seller cancels: cancelled at Mercado Pago first, then released
		p, orden = q.creado(t, 1, "qr-4")
		r := e.do("POST", "/api/pedidos/"+strconv.FormatInt(p.ID, 10)+"/cancelar", q.vendedor, nil)
		r.expect(t, http.StatusOK, domain.MsgPedidoCancelado)
		if q.fake.Orden(orden).Status != "canceled" || q.pedido(t, p.ID).Estado != domain.PedidoCancelado {
			t.Fatalf("cancelado: %+v", q.fake.Orden(orden))
		}
		e.do("POST", "/api/pedidos/"+strconv.FormatInt(p.ID, 10)+"/cancelar", q.vendedor, nil).expect(t, http.StatusConflict, domain.MsgPedidoNoPendiente)
		// a cancel when the passenger had paid: completed instead
		p, orden = q.creado(t, 1, "qr-5")
		q.fake.Pagar(orden)
		e.do("POST", "/api/pedidos/"+strconv.FormatInt(p.ID, 10)+"/cancelar", q.vendedor, nil).expect(t, http.StatusOK, domain.MsgPedidoYaPagado)
		if q.pedido(t, p.ID).Estado != domain.PedidoCompletado {
			t.Fatal("pagado y cancelado: no se completó")
		}
	})
}

func TestUnPagoFueraDeTerminoSeDevuelveUnaVezAunqueFalleLaPrimera(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		pasajes := e.count(`SELECT COUNT(*) FROM pasajes`)
		p, orden := q.creado(t, 2, "qr-6")
		// Mercado Pago does not answer; at vence_en the order is released anyway
		q.fake.FallarProximas("GET /v1/orders/"+orden, 1, http.StatusServiceUnavailable)
		e.now = e.now.Add(domain.EsperaOrdenMP + domain.GraciaPedido)
		if err := e.srv.Cobros.Vencer(context.Background()); err != nil {
			t.Fatal(err)
		}
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoVencido {
			t.Fatalf("vencido sin respuesta: %+v", p)
		}
		// the passenger pays after the seller moved on: refunded, once, the supervisors told
		q.fake.Pagar(orden)
		q.avisar(t, orden, secretoMP).expect(t, http.StatusOK, "")
		q.avisar(t, orden, secretoMP).expect(t, http.StatusOK, "")
		q.vaciar(t, webhooks.TipoTrabajo(store.ProveedorMercadoPago))
		q.fake.FallarProximas("POST /v1/orders/"+orden+"/refund", 1, http.StatusInternalServerError)
		q.vaciar(t, store.TrabajoReembolso)
		if n := e.count(`SELECT COUNT(*) FROM pagos WHERE empresa_id = 1 AND estado = 'reembolsando' AND falla <> ''`); n != 1 {
			t.Fatal("la devolución fallida no quedó visible")
		}
		e.now = e.now.Add(jobs.BackoffDoble(1))
		q.vaciar(t, store.TrabajoReembolso)
		e.now = e.now.Add(jobs.BackoffDoble(2))
		q.vaciar(t, store.TrabajoReembolso)
		if q.fake.Orden(orden).Status != "refunded" || q.fake.Contar("POST /v1/orders/"+orden+"/refund") != 2 ||
			e.count(`SELECT COUNT(*) FROM pagos WHERE empresa_id = 1 AND estado = 'reembolsado'`) != 1 {
			t.Fatalf("devuelto: %+v", q.fake.Orden(orden))
		}
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE empresa_id = 1 AND nombre = 'alertaSistema' AND datos LIKE ?`,
			"%"+domain.TituloPagoDevuelto+"%"); n != 1 {
			t.Fatalf("%d avisos a los supervisores", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes`); n != pasajes {
			t.Fatalf("%d pasajes tras un cobro vencido (había %d)", n, pasajes)
		}
	})
}

func TestUnPasajeCobradoConQRYCanceladoSeDevuelvePorMercadoPago(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		p, orden := q.creado(t, 2, "qr-7")
		q.fake.Pagar(orden)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoCompletado {
			t.Fatalf("sin completar: %+v", p)
		}
		// one ticket cancelled: its price back through Mercado Pago (a first failure kept and retried), the register records it
		cancelar := func(id int64) {
			e.do("PUT", "/api/pasajes/"+strconv.FormatInt(id, 10)+"/cancelar", e.token("supervisor"),
				map[string]string{"motivo": "No viaja"}).expect(t, http.StatusOK, "")
		}
		e.abrir(e.token("supervisor"), 0).expect(t, http.StatusCreated, "")
		cancelar(p.Venta.Pasajes[0].ID)
		q.fake.FallarProximas("POST /v1/orders/"+orden+"/refund", 1, http.StatusBadGateway)
		q.vaciar(t, store.TrabajoDevolucion)
		if n := e.count(`SELECT COUNT(*) FROM reembolsos WHERE empresa_id = 1 AND estado = 'pendiente' AND falla <> ''`); n != 1 {
			t.Fatal("la devolución fallida no quedó visible")
		}
		e.now = e.now.Add(jobs.BackoffDoble(1))
		q.vaciar(t, store.TrabajoDevolucion)
		if o := q.fake.Orden(orden); o.Status != "processed" || q.fake.Contar("POST /v1/orders/"+orden+"/refund") != 2 ||
			e.count(`SELECT COUNT(*) FROM reembolsos WHERE empresa_id = 1 AND estado = 'hecho' AND monto = 450000`) != 1 {
			t.Fatalf("devolución parcial: %+v", o)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN medios_pago mp ON mp.id = m.medio_pago_id
			WHERE m.empresa_id = 1 AND m.tipo = 'devolucion_pasaje' AND mp.tipo = 'mercadopago_qr' AND m.monto = 450000`); n != 1 {
			t.Fatalf("%d devoluciones por Mercado Pago en caja", n)
		}
		// reactivating it would charge money that went back: refused
		e.do("PUT", "/api/pasajes/"+strconv.FormatInt(p.Venta.Pasajes[0].ID, 10)+"/reactivar", e.token("supervisor"),
			map[string]string{"motivo": "Vuelve"}).expect(t, http.StatusConflict, domain.MsgReactivarCobroQR)
		// the other ticket: the rest of the payment
		cancelar(p.Venta.Pasajes[1].ID)
		q.vaciar(t, store.TrabajoDevolucion)
		if o := q.fake.Orden(orden); o.Status != "refunded" || e.count(`SELECT COUNT(*) FROM reembolsos WHERE estado = 'hecho'`) != 2 {
			t.Fatalf("devolución total: %+v", o)
		}
	})
}

func TestLaConciliacionDiariaAvisaPagosSinVentaYVentasSinPago(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		q.fake.Ahora = func() time.Time { return e.now }
		p, orden := q.creado(t, 1, "qr-8")
		q.fake.Pagar(orden)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if q.pedido(t, p.ID).Estado != domain.PedidoCompletado {
			t.Fatal("sin completar")
		}
		// a payment at the counter's POS Muelle never asked for, and a sale whose order Mercado Pago does not hold
		cli, err := q.fake.Red(t).Nuevo(tokenMP)
		if err != nil {
			t.Fatal(err)
		}
		ajena, err := cli.CrearOrden(context.Background(), mercadopago.OrdenQR{ExternalReference: "AJENA1",
			ExternalPosID: domain.IDExternoCajaMP(1, e.userID("vendedor")), Total: 100000, Descripcion: "Ajena",
			Vence: domain.EsperaOrdenMP}, "clave-ajena")
		if err != nil {
			t.Fatal(err)
		}
		q.fake.Pagar(ajena.ID)
		e.sqlExec(t, `INSERT INTO pagos (empresa_id, pedido_id, proveedor, estado, monto, orden_id, created_at, updated_at)
			VALUES (1, ?, 'mercadopago', 'pagado', 100, 'ORDFANTASMA', ?, ?)`, p.ID, e.now, e.now)

		e.now = e.now.Add(2 * cobros.MargenConciliacion)
		if err := e.srv.Cobros.Conciliar(context.Background()); err != nil {
			t.Fatal(err)
		}
		var datos string
		if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT datos FROM eventos WHERE empresa_id = 1 AND nombre = 'alertaSistema'
			AND datos LIKE ?`), "%"+domain.TituloConciliacionMP+"%").Scan(&datos); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(datos, "1 pago sin venta ("+ajena.ID+")") || !strings.Contains(datos, "1 venta sin pago (ORDFANTASMA)") ||
			strings.Contains(datos, orden) {
			t.Fatalf("la conciliación dice: %s", datos)
		}
	})
}

// TestLosUltimosLugaresVanATantosCobrosQRComoQuedan: fifty QR charges at once
// for the last three seats hold exactly three (a pending order holds its seats
// as a sale does), the others are refused with the seats' words and write
// nothing, and no order reaches Mercado Pago but those three.
func TestLosUltimosLugaresVanATantosCobrosQRComoQuedan(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		e.capacidadDemo(3)
		body := e.lote(map[string]int{"General": 1}, "Mercado Pago QR")
		status := parallel(50, func(i int) int {
			r := e.request("POST", "/api/pedidos", q.vendedor, body, func(req *http.Request) { req.Header.Set("Idempotency-Key", "qr-lugar-"+strconv.Itoa(i)) })
			if r.Status == http.StatusConflict && r.Message == domain.MsgSinLugares(0) {
				return 1
			}
			return r.Status
		})
		if status[http.StatusCreated] != 3 || status[1] != 47 {
			t.Fatalf("respuestas: %v", status)
		}
		if n := e.count(`SELECT COUNT(*) FROM pedidos WHERE estado = ?`, domain.PedidoPendiente); n != 3 {
			t.Fatalf("%d cobros pendientes", n)
		}
		if c := e.cupo(q.vendedor, "2026-11-20"); c.Vendidos != 3 || c.Quedan != 0 {
			t.Fatalf("lugares %+v", c)
		}
		if q.vaciar(t, store.TrabajoPagoCrear) != 3 || len(q.fake.Ordenes()) != 3 {
			t.Fatalf("%d órdenes en Mercado Pago", len(q.fake.Ordenes()))
		}
	})
}

// TestUnCobroQRDeUnaSalidaTomaSusLugaresYSusPasajesSonDeEsaSalida: a QR
// order for a departure holds the departure's seats while pending, its
// tickets are for it once paid, and one that expires gives them back.
func TestUnCobroQRDeUnaSalidaTomaSusLugaresYSusPasajesSonDeEsaSalida(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		q := conCobrosQR(t, e)
		ids := e.salidasDeVenta(1, 3, "10:30", "12:00") // the day has 6 seats, the 10:30 three
		cobrar := func(n int, key string) (Pedido, string) {
			body := e.lote(map[string]int{"General": n}, "Mercado Pago QR")
			body["salida_id"] = ids[0]
			var p Pedido
			e.doWith("POST", "/api/pedidos", q.vendedor, body, map[string]string{"Idempotency-Key": key}).decode(t, &p)
			q.vaciar(t, store.TrabajoPagoCrear)
			ordenes := q.fake.Ordenes()
			return q.pedido(t, p.ID), ordenes[len(ordenes)-1].ID
		}
		p, orden := cobrar(2, "qr-salida-1")
		if e.vendidosSalida(ids[0]) != 2 {
			t.Fatalf("el cobro pendiente no tomó los lugares de la salida: %d", e.vendidosSalida(ids[0]))
		}
		// the departure's last seat is held: a second order of 2 is refused with the departure's seats
		body := e.lote(map[string]int{"General": 2}, "Mercado Pago QR")
		body["salida_id"] = ids[0]
		e.do("POST", "/api/pedidos", q.vendedor, body).expect(t, http.StatusConflict, domain.MsgSinLugaresSalida("10:30", 1))
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
		// paid: its tickets are for the departure, the seats counted once
		q.fake.Pagar(orden)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoCompletado {
			t.Fatalf("no se completó: %+v", p)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_venta_id = ?`, ids[0]); n != 2 || e.vendidosSalida(ids[0]) != 2 {
			t.Fatalf("%d pasajes de la salida, vendidos %d", n, e.vendidosSalida(ids[0]))
		}
		// one that expires gives its seat back
		p, orden = cobrar(1, "qr-salida-2")
		q.fake.Expirar(orden)
		e.now = e.now.Add(cobros.ConsultaRapida)
		q.vaciar(t, store.TrabajoPagoConsulta)
		if p = q.pedido(t, p.ID); p.Estado != domain.PedidoVencido || e.vendidosSalida(ids[0]) != 2 {
			t.Fatalf("vencido %+v, vendidos %d", p, e.vendidosSalida(ids[0]))
		}
		if err := e.st.ComprobarCupos(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
