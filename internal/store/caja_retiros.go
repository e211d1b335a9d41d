package store

import (
	"context"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Audit actions of a drop to the safe: on the cashier, and on the supervisor who authorized it.
const (
	AccionRetiroCaja     = "RETIRO_CAJA"
	AccionAutorizoRetiro = "AUTORIZACION_RETIRO_CAJA"
)

// Retiro is a drop of cash from the user's open register to the safe.
type Retiro struct {
	Monto       domain.Centavos
	Descripcion string
	// Autorizante is the supervisor whose credentials were typed on the cashier's screen.
	Autorizante Aprobador
}

// RetirarEfectivo takes cash out of the user's open register to the safe: a
// retiro_caja movement (an expense of cash: it lowers the expected cash),
// authorized by a supervisor of the register's company other than the cashier,
// more than zero and no more than the cash the drawer should hold, with the
// authorizer kept on the movement, audited on both, in one transaction (and
// once per Idempotency-Key). A register pending approval takes none.
func (s *Store) RetirarEfectivo(ctx context.Context, a Actor, r Retiro) (Movimiento, error) {
	switch {
	case r.Autorizante.UsuarioID == a.UsuarioID:
		return Movimiento{}, domain.Forbidden(domain.MsgRetiroPropio)
	case r.Autorizante.EmpresaID != a.EmpresaID || !domain.ApruebaCaja(r.Autorizante.Rol, r.Autorizante.Permisos):
		return Movimiento{}, domain.Forbidden(domain.MsgAutorizanteSinPermiso)
	}
	return idempotent(ctx, s, a, "caja.retiro", func(c sqldb.Conn) (Movimiento, error) {
		cb, err := bloquearCajaAbierta(ctx, c, a)
		if err != nil || cb.id == 0 {
			return Movimiento{}, firstErr(err, domain.Invalid(domain.MsgSinCajaAbierta))
		}
		caja, _, err := s.caja(ctx, c, `WHERE c.id = ?`, cb.id)
		if err != nil {
			return Movimiento{}, err
		}
		if err := domain.ValidarRetiro(r.Monto, caja.EfectivoEsperado); err != nil {
			return Movimiento{}, err
		}
		if err := cb.sumar(ctx, c, r.Monto); err != nil {
			return Movimiento{}, err
		}
		descripcion := descripcionRetiro(r)
		id, err := c.InsertID(ctx, `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto,
			descripcion, created_at, autorizado_por) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, cb.id, a.UsuarioID, domain.MovRetiroCaja, r.Monto, descripcion, c.Now(), r.Autorizante.UsuarioID)
		if err != nil {
			return Movimiento{}, wrap("registrar retiro", err)
		}
		detalle := fmt.Sprintf("Retiro de %s de la caja #%d de %s a caja fuerte, autorizado por %s", r.Monto, cb.id,
			caja.UsuarioNombre, r.Autorizante.Nombre)
		for _, au := range []Auditoria{
			{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionRetiroCaja, IP: a.IP, Exito: true, Detalles: detalle},
			{EmpresaID: a.EmpresaID, UsuarioID: r.Autorizante.UsuarioID, Accion: AccionAutorizoRetiro, IP: a.IP, Exito: true, Detalles: detalle},
		} {
			if err := s.audit(ctx, c, au); err != nil {
				return Movimiento{}, err
			}
		}
		c.Emit(events.Event{Nombre: events.MovimientoCaja, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID),
			Datos: EventoCaja{CajaID: cb.id, UsuarioID: a.UsuarioID, MovimientoID: id}})
		return Movimiento{ID: id, Tipo: domain.MovRetiroCaja, Monto: r.Monto, Descripcion: descripcion, CreatedAt: c.Now()}, nil
	})
}

// descripcionRetiro names the drop and who authorized it, then the cashier's note.
func descripcionRetiro(r Retiro) string {
	d := domain.DescripcionRetiro + ", autorizado por " + r.Autorizante.Nombre
	if r.Descripcion != "" {
		d += ": " + r.Descripcion
	}
	return d
}
