package mercadopago_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/externo/externotest"
	"muelle/internal/mercadopago"
	"muelle/internal/mercadopago/mercadopagotest"
)

const tokenPrueba = "APP_USR-1234567890-prueba"

var ctx = context.Background()

// conFake is a fake Mercado Pago and a client of it with the right token.
func conFake(t *testing.T) (*mercadopagotest.Fake, *mercadopago.Cliente) {
	t.Helper()
	f := mercadopagotest.Iniciar(t, tokenPrueba)
	return f, clienteDe(t, f.Red(t), tokenPrueba)
}

// clienteDe is a client of red with token, its own connections.
func clienteDe(t *testing.T, red mercadopago.Red, token string) *mercadopago.Cliente {
	t.Helper()
	c, err := red.Nuevo(token)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// venta is the order of a sale of $ 1.500,50 at the seller 7's POS of company 2.
func venta(referencia string) mercadopago.OrdenQR {
	return mercadopago.OrdenQR{ExternalReference: referencia, ExternalPosID: domain.IDExternoCajaMP(2, 7),
		Total: 150050, Descripcion: "Pasajes Muelle", Vence: 10 * time.Minute}
}

// esperarFalla fails unless err is an *externo.Error of that category and
// status, temporary and sent as said.
func esperarFalla(t *testing.T, err error, categoria string, status int, temporal, enviado bool) {
	t.Helper()
	var e *externo.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), se esperaba un *externo.Error", err, err)
	}
	if e.Categoria != categoria || e.Status != status || e.Temporal != temporal || e.Enviado != enviado {
		t.Fatalf("%q %d (temporal %v, enviado %v; %v), se esperaba %q %d (temporal %v, enviado %v)", e.Categoria,
			e.Status, e.Temporal, e.Enviado, e.Detalle, categoria, status, temporal, enviado)
	}
}

// An order is created as Mercado Pago documents it: the amounts as strings
// with two decimals, one item and one payment of the total, the expiration
// in ISO 8601, the dynamic QR of the seller's POS, and the key in
// X-Idempotency-Key; the answer is read into the order.
func TestCrearOrden(t *testing.T) {
	f, c := conFake(t)
	o, err := c.CrearOrden(ctx, venta("VENTA-1"), "pago-1")
	if err != nil {
		t.Fatal(err)
	}
	if o.ID == "" || o.Estado != mercadopago.EstadoCreada || o.ExternalReference != "VENTA-1" || o.Total != 150050 ||
		o.QRData == "" || o.PagoID == "" || o.Pagado != 0 || o.Procesada() || o.Terminal() {
		t.Fatalf("orden %+v", o)
	}
	g := f.Orden(o.ID)
	if g.TotalAmount != "1500.50" || g.Transactions.Payments[0].Amount != "1500.50" || g.Transactions.Payments[0].ID != o.PagoID ||
		len(g.Items) != 1 || g.Items[0].UnitPrice != "1500.50" || g.Items[0].Quantity != 1 || g.Items[0].Title != "Pasajes Muelle" ||
		g.ExpirationTime != "PT10M" || g.Config.QR.Mode != "dynamic" || g.Config.QR.ExternalPosID != "MUELLE2U7" ||
		g.Type != "qr" || g.Clave != "pago-1" || g.Description != "Pasajes Muelle" {
		t.Fatalf("la orden recibida: %+v", g)
	}
	if got := mercadopago.DuracionISO(90*time.Minute + 5*time.Second); got != "PT1H30M5S" {
		t.Fatalf("DuracionISO = %s", got)
	}
}

// The same key with the same order is one order however many times it is
// sent; the same key with another order is refused (409), and the fake
// refuses an order without a key (400).
func TestCrearOrdenEsIdempotente(t *testing.T) {
	f, c := conFake(t)
	uno, err := c.CrearOrden(ctx, venta("VENTA-1"), "pago-1")
	if err != nil {
		t.Fatal(err)
	}
	otra, err := c.CrearOrden(ctx, venta("VENTA-1"), "pago-1")
	if err != nil || otra.ID != uno.ID {
		t.Fatalf("repetida: %+v, %v; quiero %s", otra, err, uno.ID)
	}
	if n, m := len(f.Ordenes()), f.Contar("POST /v1/orders"); n != 1 || m != 2 {
		t.Fatalf("%d órdenes en %d pedidos; quiero 1 en 2", n, m)
	}
	_, err = c.CrearOrden(ctx, venta("VENTA-2"), "pago-1")
	esperarFalla(t, err, domain.MsgServicioError, http.StatusConflict, false, true)

	api, err := externo.Nuevo(externo.Config{Servicio: "Mercado Pago", URL: f.URL, Red: f.Servidor.Red(t)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = api.Hacer(ctx, externo.Pedido{Metodo: http.MethodPost, Ruta: "/v1/orders", Cuerpo: []byte(`{}`),
		Encabezados: http.Header{"Authorization": {"Bearer " + tokenPrueba}}})
	esperarFalla(t, err, domain.MsgServicioError, http.StatusBadRequest, false, true)
	if n := len(f.Ordenes()); n != 1 {
		t.Fatalf("%d órdenes; quiero 1", n)
	}
}

// An order that cannot be right is never sent: no key, a reference Mercado
// Pago refuses, no POS, no amount, an expiration out of its range.
func TestCrearOrdenRechazaAntesDeEnviar(t *testing.T) {
	f, c := conFake(t)
	mal := func(cambiar func(*mercadopago.OrdenQR)) mercadopago.OrdenQR {
		o := venta("VENTA-1")
		cambiar(&o)
		return o
	}
	for nombre, o := range map[string]mercadopago.OrdenQR{
		"referencia con espacios": mal(func(o *mercadopago.OrdenQR) { o.ExternalReference = "VENTA 1" }),
		"sin caja":                mal(func(o *mercadopago.OrdenQR) { o.ExternalPosID = "" }),
		"sin monto":               mal(func(o *mercadopago.OrdenQR) { o.Total = 0 }),
		"vence ya":                mal(func(o *mercadopago.OrdenQR) { o.Vence = time.Second }),
	} {
		t.Run(nombre, func(t *testing.T) {
			_, err := c.CrearOrden(ctx, o, "pago-1")
			esperarFalla(t, err, domain.MsgServicioError, 0, false, false)
		})
	}
	_, err := c.CrearOrden(ctx, venta("VENTA-1"), "")
	esperarFalla(t, err, domain.MsgServicioError, 0, false, false)
	if n := f.Contar("POST /v1/orders"); n != 0 {
		t.Fatalf("%d pedidos; quiero ninguno", n)
	}
}

// A lost answer (the connection cut after Mercado Pago created the order)
// is a temporary failure that was sent: its retry with the same key finds
// the order created, and there is one. A 5xx or a 429 is temporary, a 4xx
// is not, and a refused token is its own category.
func TestCrearOrdenFallas(t *testing.T) {
	f, c := conFake(t)
	f.FallarProximas("POST /v1/orders", 1, 0)
	_, err := c.CrearOrden(ctx, venta("VENTA-1"), "pago-1")
	esperarFalla(t, err, domain.MsgServicioSinConexion, 0, true, true)
	o, err := c.CrearOrden(ctx, venta("VENTA-1"), "pago-1")
	if err != nil || len(f.Ordenes()) != 1 || f.Ordenes()[0].ID != o.ID {
		t.Fatalf("reintento: %+v, %v; órdenes %d", o, err, len(f.Ordenes()))
	}

	f.FallarProximas("POST /v1/orders", 1, http.StatusServiceUnavailable)
	f.FallarProximas("POST /v1/orders", 1, http.StatusTooManyRequests)
	f.FallarProximas("POST /v1/orders", 1, http.StatusBadRequest)
	for _, status := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		_, err = c.CrearOrden(ctx, venta("VENTA-2"), "pago-2")
		esperarFalla(t, err, domain.MsgServicioError, status, true, true)
	}
	_, err = c.CrearOrden(ctx, venta("VENTA-2"), "pago-2")
	esperarFalla(t, err, domain.MsgServicioError, http.StatusBadRequest, false, true)
	if _, err = c.CrearOrden(ctx, venta("VENTA-2"), "pago-2"); err != nil || len(f.Ordenes()) != 2 {
		t.Fatalf("tras las fallas: %v, %d órdenes", err, len(f.Ordenes()))
	}

	_, err = clienteDe(t, f.Red(t), "APP_USR-otro-token-123").Orden(ctx, o.ID)
	esperarFalla(t, err, domain.MsgMercadoPagoTokenRechazado, http.StatusUnauthorized, false, true)
}

// The order read back tells its payment: paid whole, paid another amount,
// expired; an unknown order is a 404 that is not retried.
func TestOrdenLeeElPago(t *testing.T) {
	f, c := conFake(t)
	crear := func(ref string) mercadopago.Orden {
		o, err := c.CrearOrden(ctx, venta(ref), "pago-"+ref)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	pagada, otroMonto, vencida := crear("V1"), crear("V2"), crear("V3")
	f.Pagar(pagada.ID)
	f.PagarMonto(otroMonto.ID, 100000)
	f.Expirar(vencida.ID)
	for _, c := range []struct {
		id              string
		estado          string
		pagado          domain.Centavos
		procesada, term bool
	}{{pagada.ID, "processed", 150050, true, true}, {otroMonto.ID, "processed", 100000, true, true},
		{vencida.ID, "expired", 0, false, true}} {
		o, err := clienteDe(t, f.Red(t), tokenPrueba).Orden(ctx, c.id)
		if err != nil || o.Estado != c.estado || o.Pagado != c.pagado || o.Total != 150050 || o.Procesada() != c.procesada ||
			o.Terminal() != c.term || o.PagoID == "" {
			t.Errorf("%s: %+v, %v", c.id, o, err)
		}
	}
	_, err := c.Orden(ctx, "ORD00000000000000000000000099")
	esperarFalla(t, err, domain.MsgServicioError, http.StatusNotFound, false, true)
}

// A created order is canceled once per key (the repeat answers the same);
// a paid one is not (409), and reading it tells why.
func TestCancelarOrden(t *testing.T) {
	f, c := conFake(t)
	o, err := c.CrearOrden(ctx, venta("V1"), "pago-1")
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		cancelada, err := c.CancelarOrden(ctx, o.ID, "cancelar-1")
		if err != nil || cancelada.Estado != mercadopago.EstadoCancelada || !cancelada.Terminal() {
			t.Fatalf("%+v, %v", cancelada, err)
		}
	}
	pagada, err := c.CrearOrden(ctx, venta("V2"), "pago-2")
	if err != nil {
		t.Fatal(err)
	}
	f.Pagar(pagada.ID)
	_, err = c.CancelarOrden(ctx, pagada.ID, "cancelar-2")
	esperarFalla(t, err, domain.MsgServicioError, http.StatusConflict, false, true)
	if leida, err := c.Orden(ctx, pagada.ID); err != nil || !leida.Procesada() {
		t.Fatalf("%+v, %v", leida, err)
	}
	if _, err := c.CancelarOrden(ctx, "ORD-1", "cancelar-3"); err == nil || f.Contar("POST /v1/orders/ORD-1/cancel") != 0 {
		t.Fatalf("un id inválido se envió: %v", err)
	}
}

// pagada is an order of $ 1.500,50 created and paid.
func pagada(t *testing.T, f *mercadopagotest.Fake, c *mercadopago.Cliente) mercadopago.Orden {
	t.Helper()
	o, err := c.CrearOrden(ctx, venta("V1"), "pago-1")
	if err != nil {
		t.Fatal(err)
	}
	f.Pagar(o.ID)
	return o
}

// A whole refund refunds all that was paid, once per key.
func TestReembolsarOrdenEntera(t *testing.T) {
	f, c := conFake(t)
	o := pagada(t, f, c)
	for range 2 {
		r, err := c.ReembolsarOrden(ctx, o.ID, "reembolso-1", nil)
		if err != nil || r.Estado != mercadopago.EstadoReembolsada || r.Reembolsado != 150050 || !r.Terminal() {
			t.Fatalf("%+v, %v", r, err)
		}
	}
	if g := f.Orden(o.ID); len(g.Transactions.Refunds) != 1 || g.Transactions.Refunds[0].Amount != "1500.50" {
		t.Fatalf("reembolsos: %+v", g.Transactions.Refunds)
	}
}

// A partial refund refunds its amount of the payment, once per key; another
// key refunds again; past what remains is refused and not retried.
func TestReembolsarOrdenParcial(t *testing.T) {
	f, c := conFake(t)
	o := pagada(t, f, c)
	quinientos := domain.Centavos(50000)
	for range 2 {
		r, err := c.ReembolsarOrden(ctx, o.ID, "reembolso-1", &quinientos)
		if err != nil || r.Estado != mercadopago.EstadoProcesada || r.DetalleEstado != "partially_refunded" ||
			r.Reembolsado != 50000 || r.Pagado != 150050 {
			t.Fatalf("%+v, %v", r, err)
		}
	}
	r, err := c.ReembolsarOrden(ctx, o.ID, "reembolso-2", &quinientos)
	if err != nil || r.Reembolsado != 100000 {
		t.Fatalf("%+v, %v", r, err)
	}
	mil := domain.Centavos(100000)
	_, err = c.ReembolsarOrden(ctx, o.ID, "reembolso-3", &mil)
	esperarFalla(t, err, domain.MsgServicioError, http.StatusBadRequest, false, true)
	g := f.Orden(o.ID)
	if len(g.Transactions.Refunds) != 2 || g.Transactions.Refunds[0].TransactionID != o.PagoID ||
		g.Transactions.Refunds[1].Amount != "500.00" {
		t.Fatalf("reembolsos: %+v", g.Transactions.Refunds)
	}
}

// servidorQueResponde is a Mercado Pago that answers every request with cuerpo.
func servidorQueResponde(t *testing.T, cuerpo *string) *mercadopago.Cliente {
	t.Helper()
	s := externotest.Iniciar(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(*cuerpo))
	}))
	return clienteDe(t, mercadopago.Red{URL: s.URL, Red: s.Red(t)}, tokenPrueba)
}

// Amounts are read exactly, written as strings or as numbers; a malformed
// one, or an order without id, is an answer Muelle cannot read: refused, not
// retried. An order created for another reference or total is refused too.
func TestOrdenLeeMontosExactos(t *testing.T) {
	var cuerpo string
	c := servidorQueResponde(t, &cuerpo)
	for monto, want := range map[string]domain.Centavos{`"1500.50"`: 150050, `"1500.5"`: 150050, `"1500"`: 150000,
		`1500.5`: 150050, `"0.01"`: 1} {
		cuerpo = `{"id":"ORD1","status":"processed","total_amount":` + monto + `,"total_paid_amount":` + monto + `}`
		o, err := c.Orden(ctx, "ORD1")
		if err != nil || o.Total != want || o.Pagado != want {
			t.Errorf("%s: %+v, %v", monto, o, err)
		}
	}
	for _, monto := range []string{`"12,50"`, `"1e3"`, `"-5.00"`, `"1.234"`, `""`, `"abc"`, `null`, `"100000000.01"`} {
		cuerpo = `{"id":"ORD1","status":"created","total_amount":` + monto + `}`
		_, err := c.Orden(ctx, "ORD1")
		esperarFalla(t, err, domain.MsgServicioError, 0, false, true)
	}
	cuerpo = `{"status":"created","total_amount":"10.00"}`
	_, err := c.Orden(ctx, "ORD1")
	esperarFalla(t, err, domain.MsgServicioError, 0, false, true)

	cuerpo = `{"id":"ORD1","status":"created","external_reference":"OTRA","total_amount":"1500.50"}`
	_, err = c.CrearOrden(ctx, venta("VENTA-1"), "pago-1")
	esperarFalla(t, err, domain.MsgServicioError, 0, false, true)
}
