package store

import (
	"context"
	"strconv"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Refunds through the provider (issue 43 item 4; docs/features/venta-diferida.md):
// a ticket paid with Mercado Pago QR and cancelled gives its money back where
// it came from. The cancellation's transaction stores the refund, with its
// register movement and amount, and queues TrabajoDevolucion (package cobros),
// which calls the provider with the refund's id as its idempotency key until
// it accepts it.

// TrabajoDevolucion refunds a cancelled ticket's price through the provider.
const TrabajoDevolucion = "pago_devolver"

// States of a refund through the provider.
const (
	ReembolsoPendiente = "pendiente"
	ReembolsoHecho     = "hecho"
)

// encolarDevolucionPasaje stores and queues, in the cancellation's
// transaction, the refund through the provider of ticket p's price less what
// was kept (monto), when p was paid with a method confirmed outside: the paid
// attempt of the order its sale completed.
func (s *Store) encolarDevolucionPasaje(ctx context.Context, c sqldb.Conn, empresaID int64, p Pasaje, movID int64,
	monto domain.Centavos) error {
	if !domain.ConfirmacionExterna(p.MedioPagoTipo) || monto <= 0 {
		return nil
	}
	var pagoID int64
	err := c.QueryRow(ctx, `SELECT g.id FROM pasajes t
		JOIN pedidos o ON o.empresa_id = t.empresa_id AND o.movimiento_id = t.movimiento_id
		JOIN pagos g ON g.empresa_id = o.empresa_id AND g.pedido_id = o.id AND g.estado = ?
		WHERE t.empresa_id = ? AND t.id = ?`, PagoPagado, empresaID, p.ID).Scan(&pagoID)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return wrap("buscar el pago del pasaje", err) // none: not sold through an order, nothing to refund there
	}
	id, err := c.InsertID(ctx, `INSERT INTO reembolsos (empresa_id, pago_id, movimiento_id, monto, estado, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, empresaID, pagoID, movID, monto, ReembolsoPendiente, c.Now(), c.Now())
	if err != nil {
		return wrap("registrar devolución por Mercado Pago", err)
	}
	_, err = s.encolarTrabajo(ctx, c, NuevoTrabajo{EmpresaID: empresaID, Tipo: TrabajoDevolucion, Clave: strconv.FormatInt(id, 10)})
	return err
}

// ReembolsoPasaje is a refund through the provider as its job reads it.
type ReembolsoPasaje struct {
	ID      int64
	OrdenID string
	Monto   domain.Centavos
	Estado  string
}

// ReembolsoPasaje reads the company's refund id with its order at the provider.
func (s *Store) ReembolsoPasaje(ctx context.Context, empresaID, id int64) (ReembolsoPasaje, error) {
	var r ReembolsoPasaje
	err := s.db.Conn().QueryRow(ctx, `SELECT r.id, g.orden_id, r.monto, r.estado FROM reembolsos r
		JOIN pagos g ON g.empresa_id = r.empresa_id AND g.id = r.pago_id WHERE r.empresa_id = ? AND r.id = ?`,
		empresaID, id).Scan(&r.ID, &r.OrdenID, &r.Monto, &r.Estado)
	return r, wrap("leer devolución por Mercado Pago", err)
}

// MarcarReembolso records a refund's state and its last failure (” none).
func (s *Store) MarcarReembolso(ctx context.Context, empresaID, id int64, estado, falla string) error {
	_, err := s.db.Conn().Exec(ctx, `UPDATE reembolsos SET estado = ?, falla = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
		estado, falla, s.Now(), empresaID, id)
	return wrap("anotar devolución por Mercado Pago", err)
}
