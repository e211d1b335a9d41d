package store

import (
	"context"
	"database/sql"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Cancelling and reactivating a ticket.

// puntosAlCancelar follows a ticket's cancellation in its transaction,
// before the refund is counted: it reverses what the ticket earned (and, with
// the sale's last ticket, undoes the benefit its sale redeemed), and answers
// what the refund keeps for points the ticket earned that were already spent
// (domain.RetenerPuntosGastados).
func puntosAlCancelar(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje) (domain.RetencionPuntos, error) {
	r, err := revertirCompras(ctx, c, a, p)
	if err != nil {
		return r, err
	}
	return r, devolverCanje(ctx, c, a, p)
}

// puntosAlReactivar earns again what a reactivated ticket earned, refused
// once its sale's redemption was given back (the discount would be free) or
// its cancellation kept money for spent points (they were paid for in
// money). movID is the reactivation's register movement.
func puntosAlReactivar(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje, movID int64) error {
	if cv, ok, err := canjeDelPasaje(ctx, c, a.EmpresaID, p.ID); err != nil || (ok && cv.devuelto) {
		return firstErr(err, domain.Conflict(domain.MsgReactivarConCanje))
	}
	var retenido bool
	if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM puntos_movimientos WHERE empresa_id = ? AND pasaje_id = ?
		AND tipo = ? AND valor > 0)`, a.EmpresaID, p.ID, domain.MovReversionCompra).Scan(&retenido); err != nil || retenido {
		return firstErr(wrap("leer devolución del pasaje", err), domain.Conflict(domain.MsgReactivarConPuntosRetenidos))
	}
	return reganarCompra(ctx, c, a, p, movID)
}

// compraDePasaje is a purchase a ticket earned, with its lot.
type compraDePasaje struct {
	clienteID, puntos, loteID int64
	origen                    string
	venceEn                   sql.NullTime
}

// revertirCompras reverses each purchase of the ticket not reversed yet:
// what its lot earned less what of it expired, taken from the lot itself
// first, then from the customer's other lots. What is missing (points already
// spent) refuses the cancellation when the company chose so
// (domain.AnulacionRechazar); otherwise it is paid from the refund at the value the spending benefit gave them
// (retenerPuntosGastados), and what that does not cover stays as the
// reversal's debt, so the balance goes negative. It answers what the refund
// keeps.
func revertirCompras(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje) (domain.RetencionPuntos, error) {
	var total domain.RetencionPuntos
	compras, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (x compraDePasaje, err error) {
		return x, sc.Scan(&x.clienteID, &x.puntos, &x.loteID, &x.origen)
	}, `SELECT m.cliente_id, m.puntos, l.id, m.origen FROM puntos_movimientos m JOIN puntos_lotes l ON l.movimiento_id = m.id
		WHERE m.empresa_id = ? AND m.pasaje_id = ? AND m.tipo = ? AND NOT EXISTS (SELECT 1 FROM puntos_movimientos r
		WHERE r.empresa_id = m.empresa_id AND r.origen = m.origen AND r.tipo = ?) ORDER BY m.id`,
		a.EmpresaID, p.ID, domain.MovCompra, domain.MovReversionCompra)
	if err != nil {
		return total, wrap("leer puntos del pasaje", err)
	}
	for _, x := range compras {
		if err := bloquearCliente(ctx, c, a.EmpresaID, x.clienteID); err != nil {
			return total, err
		}
		l, err := loteARevertir(ctx, c, x.loteID, x.puntos)
		if err != nil {
			return total, err
		}
		id := p.ID
		revID, nuevo, err := asentar(ctx, c, a.EmpresaID, asiento{clienteID: x.clienteID, tipo: domain.MovReversionCompra,
			puntos: -l.objetivo, origen: x.origen, pasajeID: &id, usuarioID: a.UsuarioID,
			descripcion: "Pasaje " + p.NumeroPasaje + " cancelado", momento: c.Now()})
		if err != nil || !nuevo {
			return total, err
		}
		faltan, err := quitarLote(ctx, c, a.EmpresaID, x.clienteID, revID, l)
		if err != nil || faltan == 0 {
			return total, err
		}
		if cfg, err := configPuntos(ctx, c, a.EmpresaID); err != nil || cfg.AnulacionCanjeados == domain.AnulacionRechazar {
			return total, firstErr(err, domain.Conflict(fmt.Sprintf(domain.MsgAnulacionPuntosCanjeados, faltan)))
		}
		r, err := retenerPuntosGastados(ctx, c, revID, x.loteID, faltan, p.Precio-total.Monto)
		if err != nil {
			return total, err
		}
		if total.Monto, err = domain.Sumar(total.Monto, r.Monto); err != nil {
			return total, err
		}
		total.Puntos += r.Puntos
	}
	return total, nil
}

// retenerPuntosGastados pays from the refund, up to tope, the faltan points
// of lot loteID that reversal revID could not take back because redemptions
// spent them: each redemption not given back that took from the lot, newest
// first, values them at the discount its benefit gave per point. The points
// paid for leave the reversal's points and debt; the reversal keeps the money
// as its valor.
func retenerPuntosGastados(ctx context.Context, c sqldb.Conn, revID, loteID, faltan int64, tope domain.Centavos) (
	domain.RetencionPuntos, error) {
	gastos, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (g domain.GastoPuntos, err error) {
		return g, sc.Scan(&g.Tomados, &g.Puntos, &g.Valor)
	}, `SELECT -SUM(a.puntos), -m.puntos, m.valor FROM puntos_asignaciones a JOIN puntos_movimientos m ON m.id = a.movimiento_id
		WHERE a.lote_id = ? AND m.tipo = ? AND NOT EXISTS (SELECT 1 FROM puntos_movimientos r WHERE r.empresa_id = m.empresa_id
		AND r.origen = m.origen AND r.tipo = ?) GROUP BY m.id, m.puntos, m.valor ORDER BY m.id DESC`,
		loteID, domain.MovCanje, domain.MovReversionCanje)
	if err != nil {
		return domain.RetencionPuntos{}, wrap("leer canjes del lote", err)
	}
	r := domain.RetenerPuntosGastados(tope, faltan, gastos)
	if r.Puntos == 0 {
		return r, nil
	}
	_, err = c.Exec(ctx, `UPDATE puntos_movimientos SET puntos = puntos + ?, pendiente = pendiente - ?, valor = ?,
		descripcion = descripcion || ? WHERE id = ?`, r.Puntos, r.Puntos, r.Monto,
		fmt.Sprintf(": %d puntos ya canjeados se descontaron de la devolución (%s)", r.Puntos, r.Monto), revID)
	return r, wrap("descontar puntos canjeados de la devolución", err)
}

// lotePorRevertir is a credit's lot to take back: what it earned less what
// of it expired (objetivo), and what remains of it.
type lotePorRevertir struct{ id, objetivo, restante int64 }

// loteARevertir reads lot loteID, which credited puntos, to take it back.
func loteARevertir(ctx context.Context, c sqldb.Conn, loteID, puntos int64) (lotePorRevertir, error) {
	l := lotePorRevertir{id: loteID}
	var vencido int64
	err := c.QueryRow(ctx, `SELECT l.restante, COALESCE((SELECT -SUM(x.puntos) FROM puntos_asignaciones x
		JOIN puntos_movimientos e ON e.id = x.movimiento_id WHERE x.lote_id = l.id AND e.tipo = ?), 0)
		FROM puntos_lotes l WHERE l.id = ?`, domain.MovExpiracion, loteID).Scan(&l.restante, &vencido)
	l.objetivo = puntos - vencido
	return l, wrap("leer lote a revertir", err)
}

// quitarLote takes back l.objetivo for movement revID: from the lot itself
// first, then from the customer's other lots; what is missing (points
// already spent) stays as the movement's debt, and is returned. The customer
// is locked.
func quitarLote(ctx context.Context, c sqldb.Conn, empresaID, clienteID, revID int64, l lotePorRevertir) (int64, error) {
	propio := min(l.restante, l.objetivo)
	if propio > 0 {
		if err := asignar(ctx, c, empresaID, revID, l.id, -propio); err != nil {
			return 0, err
		}
	}
	return debitar(ctx, c, empresaID, clienteID, revID, l.objetivo-propio)
}

// reganarCompra earns again, on a reactivation, the points of the ticket's
// last purchase, with that purchase's expiry (a cancel and reactivate never
// extends it).
func reganarCompra(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje, movID int64) error {
	compras, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (x compraDePasaje, err error) {
		return x, sc.Scan(&x.clienteID, &x.puntos, &x.venceEn)
	}, `SELECT m.cliente_id, m.puntos, l.vence_en FROM puntos_movimientos m JOIN puntos_lotes l ON l.movimiento_id = m.id
		WHERE m.empresa_id = ? AND m.pasaje_id = ? AND m.tipo = ? ORDER BY m.id DESC LIMIT 1`,
		a.EmpresaID, p.ID, domain.MovCompra)
	if err != nil || len(compras) == 0 {
		return wrap("leer puntos del pasaje", err)
	}
	x := compras[0]
	if err := bloquearCliente(ctx, c, a.EmpresaID, x.clienteID); err != nil {
		return err
	}
	id := p.ID
	_, err = acreditar(ctx, c, a.EmpresaID, asiento{clienteID: x.clienteID, tipo: domain.MovCompra, puntos: x.puntos,
		origen: origenCompra(p.ID, movID), pasajeID: &id, usuarioID: a.UsuarioID,
		descripcion: "Pasaje " + p.NumeroPasaje + " reactivado", momento: c.Now()}, instanteDe(x.venceEn))
	return err
}
