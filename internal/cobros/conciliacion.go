package cobros

import (
	"context"
	"errors"
	"time"

	"muelle/internal/domain"
)

// The daily reconciliation (issue 43 item 5): per company with Mercado Pago,
// the QR orders Mercado Pago holds for the last day against Muelle's payment
// attempts; what is out of step is told to the supervisors (the treasurer).

// Period of a reconciliation: the day before MargenConciliacion ago (an order
// younger than that may still be completing), its attempts read with
// BordeConciliacion more on each side.
const (
	PeriodoConciliacion = 24 * time.Hour
	MargenConciliacion  = time.Hour
	BordeConciliacion   = time.Hour
)

// Conciliar is one turn of the job conciliar_mercadopago: every company's
// reconciliation; one company's failure does not stop the others.
func (k *Cobros) Conciliar(ctx context.Context) error {
	ids, err := k.Store.EmpresasConMercadoPago(ctx)
	if err != nil {
		return err
	}
	hasta := k.Store.Now().Add(-MargenConciliacion)
	desde := hasta.Add(-PeriodoConciliacion)
	var errs []error
	for _, id := range ids {
		if err := k.conciliar(ctx, id, desde, hasta); err != nil {
			k.Log.Warn("no se pudo conciliar Mercado Pago", "empresa", id, "error", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// conciliar reconciles one company's period and tells its supervisors what
// is out of step.
func (k *Cobros) conciliar(ctx context.Context, empresaID int64, desde, hasta time.Time) error {
	cli, err := k.cliente(ctx, empresaID)
	if err != nil {
		return err
	}
	ordenes, err := cli.BuscarOrdenesQR(ctx, desde, hasta)
	if err != nil {
		return err
	}
	propios, err := k.Store.CobrosConOrden(ctx, empresaID, desde.Add(-BordeConciliacion), hasta.Add(BordeConciliacion))
	if err != nil {
		return err
	}
	mp := make([]domain.OrdenConciliada, len(ordenes))
	for i, o := range ordenes {
		mp[i] = domain.OrdenConciliada{Orden: o.ID, Estado: o.Estado}
	}
	c := domain.Conciliar(mp, propios, desde, hasta)
	if c.Vacia() {
		return nil
	}
	return k.Store.AvisarConciliacion(ctx, empresaID, c, desde, hasta)
}
