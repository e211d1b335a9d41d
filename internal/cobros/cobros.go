// Package cobros makes the provider's calls of the sales that complete later
// (docs/features/venta-diferida.md): it creates a pending order's QR order at
// Mercado Pago, learns its outcome (the webhook as a hint, the poller when the
// webhook is lost, the expiry), completes or releases the order through the
// store, refunds a payment that could not complete one, and cancels an order
// at its seller's request. Every call is a job of the work queue or the
// seller's own request ('Cancelar cobro'); none is made inside a sale.
package cobros

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/jobs"
	"muelle/internal/mercadopago"
	"muelle/internal/store"
)

// Cobros runs the payments of the pending orders.
type Cobros struct {
	Store *store.Store
	Red   mercadopago.Red
	Log   *slog.Logger
}

// Poller's pace: every ConsultaRapida for the first VentanaRapida of an
// order's life, then every ConsultaLenta until it expires.
const (
	ConsultaRapida = 3 * time.Second
	VentanaRapida  = 2 * time.Minute
	ConsultaLenta  = 20 * time.Second
)

// loteVencidos bounds the expired orders one turn of the expiry job handles.
const loteVencidos = 50

// Registrar registers the payments' jobs on r.
func (k *Cobros) Registrar(r *jobs.Runner) {
	corto := func(int) time.Duration { return ConsultaRapida }
	// a lease past the outside call's whole time (externo: 60 s)
	r.Handle(store.TrabajoPagoCrear, jobs.Handler{Run: k.crear, Lease: 2 * time.Minute, MaxAttempts: 10, Backoff: corto})
	r.Handle(store.TrabajoPagoConsulta, jobs.Handler{Run: k.consultar, Lease: 2 * time.Minute, MaxAttempts: 3, Backoff: corto})
	r.Handle(store.TrabajoReembolso, jobs.Handler{Run: k.reembolsar, Lease: 2 * time.Minute, MaxAttempts: 50})
	r.Handle(store.TrabajoDevolucion, jobs.Handler{Run: k.devolver, Lease: 2 * time.Minute, MaxAttempts: 50})
	r.Every("vencer_cobros", 30*time.Second, k.Vencer)
	r.Every("conciliar_mercadopago", PeriodoConciliacion, k.Conciliar)
}

// cliente is the company's Mercado Pago client, with its stored token.
func (k *Cobros) cliente(ctx context.Context, empresaID int64) (*mercadopago.Cliente, error) {
	token, err := k.Store.TokenMercadoPago(ctx, empresaID)
	if err != nil {
		return nil, err
	}
	return k.Red.Nuevo(token)
}

// Idempotency keys at the provider: the attempt's id, stored before the call.
func claveOrden(pagoID int64) string     { return "muelle-pago-" + strconv.FormatInt(pagoID, 10) }
func claveCancelar(pagoID int64) string  { return "muelle-cancelar-" + strconv.FormatInt(pagoID, 10) }
func claveReembolso(pagoID int64) string { return "muelle-reembolso-" + strconv.FormatInt(pagoID, 10) }
func claveDevolucion(id int64) string    { return "muelle-devolucion-" + strconv.FormatInt(id, 10) }

// ReferenciaExterna is an attempt's external_reference at the provider.
func ReferenciaExterna(pagoID int64) string { return "MUELLEPAGO" + strconv.FormatInt(pagoID, 10) }

// crear creates the attempt's QR order at the provider with the attempt's
// key (a retry after a crash gets the same order back), stores it and starts
// the poller. A refusal releases the order with the reason its seller sees.
func (k *Cobros) crear(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	cb, err := k.cobroDe(ctx, t)
	if err != nil {
		return "", !esNegocio(err), err
	}
	pagoID := cb.PagoID
	if cb.EstadoPago != store.PagoCreando || cb.EstadoPedido != domain.PedidoPendiente {
		return "sin cambios: " + cb.EstadoPago, false, nil
	}
	cli, err := k.cliente(ctx, t.EmpresaID)
	if err == nil {
		var o mercadopago.Orden
		o, err = cli.CrearOrden(ctx, mercadopago.OrdenQR{ExternalReference: ReferenciaExterna(pagoID), ExternalPosID: cb.PosExterno,
			Total: cb.Total, Descripcion: "Muelle: " + domain.CantidadPasajes(cb.Cantidad), Vence: domain.EsperaOrdenMP}, claveOrden(pagoID))
		if err == nil {
			return k.creada(ctx, cli, cb, o)
		}
	}
	if temporal(err) {
		return "", true, err
	}
	k.log(cb, "no se pudo crear la orden de Mercado Pago", err)
	if _, errL := k.Store.LiberarPedido(ctx, cb.EmpresaID, cb.PedidoID, domain.PedidoCancelado, fallaVisible(err)); errL != nil {
		return "", true, errL
	}
	return "", false, firstErr(k.Store.MarcarPago(ctx, cb.EmpresaID, pagoID, store.PagoFallido, falla(err).Texto()), err)
}

// cobroDe is the payment attempt a job's key names (its id).
func (k *Cobros) cobroDe(ctx context.Context, t jobs.Trabajo) (store.Cobro, error) {
	pagoID, err := strconv.ParseInt(t.Clave, 10, 64)
	if err != nil {
		return store.Cobro{}, domain.Invalid(fmt.Sprintf("cobros: clave de trabajo %q", t.Clave))
	}
	return k.Store.CobroPorPago(ctx, t.EmpresaID, pagoID)
}

// creada stores the order the provider created and queues the poller's first look.
// An order whose sale was released while it was being created is cancelled
// there at once (a payment that still comes is refunded, its order known).
func (k *Cobros) creada(ctx context.Context, cli *mercadopago.Cliente, cb store.Cobro, o mercadopago.Orden) (string, bool, error) {
	espera, err := k.Store.AnotarOrden(ctx, cb.EmpresaID, cb.PagoID, o.ID, o.QRData)
	if err != nil {
		return "", true, err
	}
	if !espera {
		_, err := cli.CancelarOrden(ctx, o.ID, claveCancelar(cb.PagoID))
		k.log(cb, "no se pudo cancelar la orden de un cobro ya liberado", err)
		return "orden " + o.ID + " de un cobro liberado", false, nil
	}
	return "orden " + o.ID, false, k.programarConsulta(ctx, cb, 1)
}

// programarConsulta queues the poller's look number n at an attempt.
func (k *Cobros) programarConsulta(ctx context.Context, cb store.Cobro, n int) error {
	espera := ConsultaLenta
	if time.Duration(n)*ConsultaRapida <= VentanaRapida {
		espera = ConsultaRapida
	}
	_, err := k.Store.EncolarTrabajo(ctx, store.NuevoTrabajo{EmpresaID: cb.EmpresaID, Tipo: store.TrabajoPagoConsulta,
		Clave: fmt.Sprintf("%d:%d", cb.PagoID, n), En: k.Store.Now().Add(espera)})
	return err
}

// consultar is one look of the poller: the order fetched and acted on, and
// the next look queued while it waits and has not expired.
func (k *Cobros) consultar(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	pago, n, ok := strings.Cut(t.Clave, ":")
	pagoID, err1 := strconv.ParseInt(pago, 10, 64)
	vez, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil {
		return "", false, fmt.Errorf("cobros: clave de consulta %q", t.Clave)
	}
	cb, err := k.Store.CobroPorPago(ctx, t.EmpresaID, pagoID)
	if err != nil {
		return "", !esNegocio(err), err
	}
	if cb.EstadoPago != store.PagoCreado || cb.EstadoPedido != domain.PedidoPendiente {
		return "sin cambios: " + cb.EstadoPedido, false, nil
	}
	espera, err := k.Revisar(ctx, cb)
	if err != nil { // the next look tries again: a lost look must not stop the poller
		k.log(cb, "no se pudo consultar el cobro", err)
		espera = true
	}
	if espera && k.Store.Now().Before(cb.VenceEn) {
		return "esperando", false, k.programarConsulta(ctx, cb, vez+1)
	}
	return "revisado", false, nil
}

// Revisar fetches the attempt's order from the provider (any hint, the
// webhook or the poller, comes here: the provider's answer is the truth) and
// completes its order when paid, releases it when the provider closed it;
// true while the order still waits for the payment.
func (k *Cobros) Revisar(ctx context.Context, cb store.Cobro) (bool, error) {
	if cb.OrdenID == nil {
		return true, nil
	}
	cli, err := k.cliente(ctx, cb.EmpresaID)
	if err != nil {
		return false, err
	}
	o, err := cli.Orden(ctx, *cb.OrdenID)
	if err != nil {
		return false, err
	}
	return k.segunOrden(ctx, cb, o)
}

// segunOrden acts on the order as the provider answered it.
func (k *Cobros) segunOrden(ctx context.Context, cb store.Cobro, o mercadopago.Orden) (bool, error) {
	switch {
	case o.Procesada():
		return false, k.completar(ctx, cb, o)
	case o.Terminal():
		estado, falla := domain.PedidoCancelado, domain.MsgPedidoCerradoMP
		if o.Estado == mercadopago.EstadoVencida {
			estado, falla = domain.PedidoVencido, domain.MsgPedidoVencido
		}
		_, err := k.Store.LiberarPedido(ctx, cb.EmpresaID, cb.PedidoID, estado, falla)
		return false, err
	}
	return true, nil
}

// completar completes the order of a paid attempt, or queues the refund of
// a payment that cannot complete it (the store tells the supervisors).
func (k *Cobros) completar(ctx context.Context, cb store.Cobro, o mercadopago.Orden) error {
	dev, err := k.Store.CompletarPedido(ctx, cb, store.PagoConfirmado{PagoExternoID: o.PagoID, Monto: o.Pagado})
	if err == nil && dev != nil {
		k.Log.Warn("pago devuelto", "empresa", cb.EmpresaID, "pedido", cb.PedidoID, "motivo", dev.Motivo)
	}
	return err
}

// reembolsar refunds a payment that could not complete its order, with its
// own stored key (a retry refunds once), until the provider accepts it.
func (k *Cobros) reembolsar(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	cb, err := k.cobroDe(ctx, t)
	if err != nil {
		return "", !esNegocio(err), err
	}
	pagoID := cb.PagoID
	if cb.EstadoPago != store.PagoReembolsando || cb.OrdenID == nil {
		return "sin cambios: " + cb.EstadoPago, false, nil
	}
	cli, err := k.cliente(ctx, cb.EmpresaID)
	if err == nil {
		_, err = cli.ReembolsarOrden(ctx, *cb.OrdenID, claveReembolso(pagoID), nil)
	}
	if err != nil {
		k.log(cb, "no se pudo devolver el pago", err)
		// visible on the attempt while it is retried
		return "", true, firstErr(k.Store.MarcarPago(ctx, cb.EmpresaID, pagoID, store.PagoReembolsando, falla(err).Texto()), err)
	}
	return "devuelto", false, k.Store.MarcarPago(ctx, cb.EmpresaID, pagoID, store.PagoReembolsado, "")
}

// devolver refunds a cancelled ticket's price (part of its order's payment)
// through the provider with the refund's own key, until it accepts it; each
// failure is kept on the refund while it is retried.
func (k *Cobros) devolver(ctx context.Context, t jobs.Trabajo) (string, bool, error) {
	id, err := strconv.ParseInt(t.Clave, 10, 64)
	if err != nil {
		return "", false, err
	}
	r, err := k.Store.ReembolsoPasaje(ctx, t.EmpresaID, id)
	if err != nil || r.Estado == store.ReembolsoHecho {
		return "sin cambios", err != nil, err
	}
	cli, err := k.cliente(ctx, t.EmpresaID)
	if err == nil {
		_, err = cli.ReembolsarOrden(ctx, r.OrdenID, claveDevolucion(id), &r.Monto)
	}
	if err != nil {
		k.Log.Warn("no se pudo devolver un pasaje por Mercado Pago", "empresa", t.EmpresaID, "reembolso", id, "error", err)
		return "", true, firstErr(k.Store.MarcarReembolso(ctx, t.EmpresaID, id, store.ReembolsoPendiente, falla(err).Texto()), err)
	}
	return "devuelto", false, k.Store.MarcarReembolso(ctx, t.EmpresaID, id, store.ReembolsoHecho, "")
}

// Vencer releases the orders past their vence_en: each one's order is looked
// at first (a payment learned late is refunded by the completion), then
// cancelled at the provider when it still waits; a provider that does not
// answer keeps nobody's seats.
func (k *Cobros) Vencer(ctx context.Context) error {
	vencidos, err := k.Store.CobrosVencidos(ctx, loteVencidos)
	if err != nil {
		return err
	}
	var errs []error
	for _, cb := range vencidos {
		espera, err := k.Revisar(ctx, cb)
		if err != nil {
			k.log(cb, "no se pudo consultar un cobro vencido", err)
		}
		if !espera && err == nil {
			continue
		}
		if cb.OrdenID != nil && err == nil {
			if cli, errC := k.cliente(ctx, cb.EmpresaID); errC == nil {
				_, errC = cli.CancelarOrden(ctx, *cb.OrdenID, claveCancelar(cb.PagoID))
				k.log(cb, "no se pudo cancelar un cobro vencido", errC)
			}
		}
		if _, err := k.Store.LiberarPedido(ctx, cb.EmpresaID, cb.PedidoID, domain.PedidoVencido, domain.MsgPedidoVencido); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Cancelar is the seller's 'Cancelar cobro': the provider's order cancelled
// first, and only a cancellation it accepted releases the order; an order the
// provider says is paid completes instead (answered MsgPedidoYaPagado). An
// order not yet created there is released at once (its creation finds it
// released and a payment made anyway is refunded).
func (k *Cobros) Cancelar(ctx context.Context, empresaID, pedidoID int64) (string, error) {
	cb, err := k.Store.CobroPorPedido(ctx, empresaID, pedidoID)
	if err != nil {
		return "", err
	}
	if cb.EstadoPedido != domain.PedidoPendiente {
		return "", domain.Conflict(domain.MsgPedidoNoPendiente)
	}
	if cb.OrdenID != nil {
		if pagado, err := k.cancelarOrden(ctx, cb); err != nil || pagado {
			return domain.MsgPedidoYaPagado, err
		}
	}
	if ok, err := k.Store.LiberarPedido(ctx, empresaID, pedidoID, domain.PedidoCancelado, domain.MsgPedidoCancelado); err != nil || !ok {
		return "", firstErr(err, domain.Conflict(domain.MsgPedidoNoPendiente))
	}
	return domain.MsgPedidoCancelado, nil
}

// cancelarOrden cancels the attempt's order at the provider; true when the
// provider had it paid (then completed here).
func (k *Cobros) cancelarOrden(ctx context.Context, cb store.Cobro) (bool, error) {
	cli, err := k.cliente(ctx, cb.EmpresaID)
	if err != nil {
		return false, err
	}
	_, errCancelar := cli.CancelarOrden(ctx, *cb.OrdenID, claveCancelar(cb.PagoID))
	o, err := cli.Orden(ctx, *cb.OrdenID)
	if err != nil {
		k.log(cb, "no se pudo cancelar el cobro", firstErr(errCancelar, err))
		return false, domain.Fallida(domain.MsgPedidoNoSeCancelo, falla(err))
	}
	if o.Procesada() {
		return true, k.completar(ctx, cb, o)
	}
	if !o.Terminal() {
		k.log(cb, "Mercado Pago no canceló el cobro", errCancelar)
		return false, domain.Fallida(domain.MsgPedidoNoSeCancelo, falla(errCancelar))
	}
	return false, nil
}

// log records a provider's failure with its detail (never shown to a seller).
func (k *Cobros) log(cb store.Cobro, que string, err error) {
	if err != nil {
		k.Log.Warn(que, "empresa", cb.EmpresaID, "pedido", cb.PedidoID, "pago", cb.PagoID, "error", err)
	}
}

// temporal says a failure is worth retrying: a provider's temporary failure
// or one of the database; a business refusal is not.
func temporal(err error) bool {
	var e *externo.Error
	if errors.As(err, &e) {
		return e.Temporal
	}
	return !esNegocio(err)
}

func esNegocio(err error) bool {
	var d *domain.Error
	return errors.As(err, &d)
}

// falla is err as a stored failure: the provider's category and detail.
func falla(err error) domain.Falla {
	var e *externo.Error
	if errors.As(err, &e) {
		return e.Falla()
	}
	var d *domain.Error
	if errors.As(err, &d) {
		return domain.Falla{Categoria: d.Message}
	}
	return domain.Falla{Categoria: domain.MsgFallaInesperada, Detalle: fmt.Sprint(err)}
}

// fallaVisible is what the seller reads of a failure: Spanish, no detail.
func fallaVisible(err error) string {
	return domain.MsgPedidoNoSeCreo + ": " + falla(err).Categoria
}

func firstErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}
