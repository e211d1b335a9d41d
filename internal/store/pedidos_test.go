package store_test

import (
	"context"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// conCobroQR gives the company a Mercado Pago QR method and its seller a
// point of sale there; it answers the method.
func (e *empresaDePrueba) conCobroQR(t *testing.T) int64 {
	t.Helper()
	tipo := domain.TipoMercadoPagoQR
	it, err := e.st.CrearItem(context.Background(), e.admin(), domain.CatMediosPago,
		domain.ItemCatalogo{Nombre: "Mercado Pago QR", Activo: true, Tipo: &tipo})
	if err != nil {
		t.Fatal(err)
	}
	e.sqlDe(t, `INSERT INTO mercadopago_cajas (empresa_id, usuario_id, id_externo, pos_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		e.empresaID, e.vendedor.UsuarioID, domain.IDExternoCajaMP(e.empresaID, e.vendedor.UsuarioID), "POS1", ahora)
	return it.ID
}

// pedido holds a sale of n general tickets of Norte for today with medio.
func (e *empresaDePrueba) pedido(t *testing.T, medio int64, n int) (int64, store.Cobro) {
	t.Helper()
	ctx := context.Background()
	id, err := e.st.CrearPedido(ctx, e.vendedor, e.venta(e.norte, medio, hoy, n))
	if err != nil {
		t.Fatal(err)
	}
	k, err := e.st.CobroPorPedido(ctx, e.empresaID, id)
	if err != nil {
		t.Fatal(err)
	}
	return id, k
}

// vendidosHoy is the Norte counter of today, after the nightly check found
// it equal to the tickets and the pending orders.
func (e *empresaDePrueba) vendidosHoy(t *testing.T) int64 {
	t.Helper()
	e.sinDiferencias(t)
	c, err := e.st.Disponibilidad(context.Background(), e.empresaID, e.norte, hoy)
	if err != nil {
		t.Fatal(err)
	}
	return c.Vendidos
}

func (e *empresaDePrueba) contar(t *testing.T, q string, args ...any) int64 {
	t.Helper()
	return storetest.Int(t, e.st, q, append([]any{e.empresaID}, args...)...)
}

func TestUnCobroQRRetieneLosLugaresSinTocarLaCajaYSeCompletaUnaVez(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := nuevaEmpresa(t, st, "Lanchas QR", "vqr")
		e.capacidad(t, e.norte, 3)
		caja := e.abrir(t, 0)
		tipo := domain.TipoMercadoPagoQR
		qr, err := st.CrearItem(ctx, e.admin(), domain.CatMediosPago, domain.ItemCatalogo{Nombre: "QR", Activo: true, Tipo: &tipo})
		if err != nil {
			t.Fatal(err)
		}
		_, err = st.CrearPedido(ctx, e.vendedor, e.venta(e.norte, qr.ID, hoy, 2))
		wantError(t, err, domain.KindConflict, domain.MsgPedidoSinCajaMP)
		medio := e.conCobroQR(t)
		_, err = st.CrearPedido(ctx, e.vendedor, e.venta(e.norte, e.efectivo, hoy, 2))
		wantError(t, err, domain.KindInvalid, "El medio de pago «Efectivo» no se cobra con QR: registre la venta directamente")
		if n := e.contar(t, `SELECT COUNT(*) FROM pedidos WHERE empresa_id = ?`); n != 0 {
			t.Fatalf("%d cobros tras los rechazos", n)
		}

		id, k := e.pedido(t, medio, 2)
		if k.EstadoPago != store.PagoCreando || k.Total != 300000 || k.PosExterno == "" || !k.VenceEn.Equal(ahora.Add(12*time.Minute)) {
			t.Fatalf("intento: %+v", k)
		}
		if e.vendidosHoy(t) != 2 || e.contar(t, `SELECT COUNT(*) FROM caja_movimientos WHERE empresa_id = ? AND tipo <> 'apertura'`) != 0 ||
			e.contar(t, `SELECT COUNT(*) FROM trabajos WHERE empresa_id = ? AND tipo = ?`, store.TrabajoPagoCrear) != 1 {
			t.Fatal("el cobro no retuvo los lugares, tocó la caja o no encoló su creación")
		}
		// the held seats count: one left
		_, err = st.Vender(ctx, e.vendedor, e.venta(e.norte, e.efectivo, hoy, 2))
		sinLugares(t, err, 1)
		// the register cannot be counted over a pending order
		_, err = st.CerrarCaja(ctx, e.vendedor, store.Contado{})
		wantError(t, err, domain.KindConflict, domain.MsgCobroPendiente)

		if ok, err := st.AnotarOrden(ctx, e.empresaID, k.PagoID, "ORD1", "qr-datos"); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if k, err = st.CobroPorOrden(ctx, e.empresaID, "ORD1"); err != nil || k.PedidoID != id || k.EstadoPago != store.PagoCreado {
			t.Fatal(k, err)
		}
		for range 2 { // a second confirmation (a webhook and the poller) completes nothing more
			if dev, err := st.CompletarPedido(ctx, k, store.PagoConfirmado{PagoExternoID: "PAY1", Monto: 300000}); err != nil || dev != nil {
				t.Fatal(dev, err)
			}
		}
		p, err := st.Pedido(ctx, e.vendedor, id)
		if err != nil || p.Estado != domain.PedidoCompletado || len(p.Pasajes) != 2 || *p.QRData != "qr-datos" {
			t.Fatalf("completado: %+v %v", p, err)
		}
		if e.vendidosHoy(t) != 2 || e.contar(t, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ?`) != 2 ||
			e.contar(t, `SELECT COUNT(*) FROM caja_movimientos WHERE empresa_id = ? AND caja_id = ? AND monto = 300000
				AND medio_pago_id = ?`, caja.ID, medio) != 1 ||
			e.contar(t, `SELECT COUNT(*) FROM pagos WHERE empresa_id = ? AND estado = 'pagado' AND pago_externo_id = 'PAY1'`) != 1 {
			t.Fatal("la venta completada no quedó una sola vez en pasajes, caja y pago")
		}
		if n := contarEventos(e.rec, events.PedidoCompletado); n != 1 {
			t.Fatalf("%d eventos pedidoCompletado", n)
		}
		if _, err := st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0}); err != nil {
			t.Fatalf("completado, la caja se cierra: %v", err)
		}
	})
}

func TestUnPagoQueNoPuedeCompletarSuCobroSeDevuelveUnaVez(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := nuevaEmpresa(t, st, "Lanchas QR", "vqr")
		e.abrir(t, 0)
		medio := e.conCobroQR(t)

		// released by its seller: seats back, and a payment learned later is refunded, once
		id, k := e.pedido(t, medio, 2)
		if ok, err := st.LiberarPedido(ctx, e.empresaID, id, domain.PedidoCancelado, domain.MsgPedidoCancelado); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if ok, err := st.LiberarPedido(ctx, e.empresaID, id, domain.PedidoCancelado, ""); err != nil || ok {
			t.Fatal("liberado dos veces", ok, err)
		}
		if e.vendidosHoy(t) != 0 {
			t.Fatal("la cancelación no devolvió los lugares")
		}
		// its order created at Mercado Pago after the release: stored (a payment of it is recognised), not waiting
		if ok, err := st.AnotarOrden(ctx, e.empresaID, k.PagoID, "ORDTARDE", "qr"); err != nil || ok {
			t.Fatal("la orden de un cobro liberado quedó esperando", ok, err)
		}
		if k, err := st.CobroPorOrden(ctx, e.empresaID, "ORDTARDE"); err != nil || k.PedidoID != id || k.EstadoPago != store.PagoCerrado {
			t.Fatal(k, err)
		}
		for range 2 {
			dev, err := st.CompletarPedido(ctx, k, store.PagoConfirmado{PagoExternoID: "PAY1", Monto: 300000})
			if err != nil || dev == nil || dev.Motivo != domain.MotivoPagoFueraDeTermino {
				t.Fatal(dev, err)
			}
		}
		if e.contar(t, `SELECT COUNT(*) FROM trabajos WHERE empresa_id = ? AND tipo = ?`, store.TrabajoReembolso) != 1 ||
			e.contar(t, `SELECT COUNT(*) FROM pagos WHERE empresa_id = ? AND estado = 'reembolsando'`) != 1 ||
			e.contar(t, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ?`) != 0 || contarEventos(e.rec, events.AlertaSistema) != 1 {
			t.Fatal("el pago tardío no quedó para devolverse una sola vez, con un aviso")
		}

		// another amount: refunded, the order released
		id, k = e.pedido(t, medio, 1)
		dev, err := st.CompletarPedido(ctx, k, store.PagoConfirmado{PagoExternoID: "PAY2", Monto: 150001})
		if err != nil || dev == nil || dev.Motivo != domain.MotivoPagoMontoDistinto {
			t.Fatal(dev, err)
		}
		if p, _ := st.Pedido(ctx, e.vendedor, id); p.Estado != domain.PedidoCancelado || e.vendidosHoy(t) != 0 {
			t.Fatalf("monto distinto: %+v", p)
		}

		// past vence_en: listed for the expiry job, and a payment then is refunded
		id, k = e.pedido(t, medio, 1)
		st.Now = func() time.Time { return ahora.Add(domain.EsperaOrdenMP + domain.GraciaPedido) }
		vencidos, err := st.CobrosVencidos(ctx, 10)
		if err != nil || len(vencidos) != 1 || vencidos[0].PedidoID != id {
			t.Fatalf("vencidos %+v %v", vencidos, err)
		}
		if _, err := st.CerrarCaja(ctx, e.vendedor, store.Contado{}); err != nil {
			t.Fatalf("un cobro vencido no retiene la caja: %v", err)
		}
		dev, err = st.CompletarPedido(ctx, k, store.PagoConfirmado{PagoExternoID: "PAY3", Monto: 150000})
		if err != nil || dev == nil || dev.Motivo != domain.MotivoPagoFueraDeTermino {
			t.Fatal(dev, err)
		}
		if p, _ := st.Pedido(ctx, e.vendedor, id); p.Estado != domain.PedidoVencido || e.vendidosHoy(t) != 0 ||
			e.contar(t, `SELECT COUNT(*) FROM trabajos WHERE empresa_id = ? AND tipo = ?`, store.TrabajoReembolso) != 3 {
			t.Fatalf("vencido: %+v", p)
		}
	})
}

// contarEventos counts the events named nombre rec received.
func contarEventos(rec *events.Recorder, nombre string) int {
	n := 0
	for _, ev := range rec.Events() {
		if ev.Nombre == nombre {
			n++
		}
	}
	return n
}
