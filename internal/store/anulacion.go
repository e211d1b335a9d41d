package store

import (
	"context"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Audit actions of a ticket's cancellation and reactivation.
const (
	AccionAnulacionPasaje    = "ANULACION_PASAJE"
	AccionReactivacionPasaje = "REACTIVACION_PASAJE"
)

// Anulacion is what a clerk types when a ticket is cancelled or reactivated:
// why, and the reference of the money moved by a method that takes one (the
// refund's own card authorization or transfer id; the new charge's when it is
// reactivated). A refund's reference is optional, a reactivation's follows
// the method's rule as a sale's does.
type Anulacion struct {
	Motivo     string
	Referencia domain.Referencia
}

// CancelarPasaje moves a ticket activo → cancelado and refunds its price from
// the acting user's open register (a devolucion_pasaje expense with the
// ticket's payment method, linked to the ticket). soloPropia (a caller without
// pasajes.anular) allows only the caller's own sale of the last
// domain.PlazoAnulacionPropia, by the transaction's clock.
func (s *Store) CancelarPasaje(ctx context.Context, a Actor, id int64, an Anulacion, soloPropia bool) (Pasaje, error) {
	var autoriza func(c sqldb.Conn, p Pasaje) error
	if soloPropia {
		autoriza = func(c sqldb.Conn, p Pasaje) error {
			return domain.AnulacionPropia(a.UsuarioID, p.UsuarioID, p.CreatedAt, c.Now())
		}
	}
	return s.cambiarEstado(ctx, a, id, an, domain.Cancelacion, "pasajes.cancelar",
		AccionAnulacionPasaje, events.PasajeCancelado, autoriza)
}

// ReactivarPasaje moves a ticket cancelado → activo and charges its price
// again into the acting user's open register (a reactivacion_pasaje income).
func (s *Store) ReactivarPasaje(ctx context.Context, a Actor, id int64, an Anulacion) (Pasaje, error) {
	return s.cambiarEstado(ctx, a, id, an, domain.Reactivacion, "pasajes.reactivar",
		AccionReactivacionPasaje, events.PasajeReactivado, nil)
}

// cambiarEstado runs one change of a ticket's state in one transaction: the
// conditional UPDATE (its row count settles two clerks acting at once), the
// register movement that moves the money, the points the ticket earned
// (reversed or earned again: puntosCambioEstado), the audit entry with who and why,
// and the events, published after commit. autoriza, when set, may refuse the
// ticket before anything changes.
func (s *Store) cambiarEstado(ctx context.Context, a Actor, id int64, an Anulacion, cambio domain.CambioEstado,
	operacion, accion, evento string, autoriza func(sqldb.Conn, Pasaje) error) (Pasaje, error) {
	motivo, err := domain.ValidarMotivo(an.Motivo)
	if err != nil {
		return Pasaje{}, err
	}
	an.Motivo = motivo
	return idempotent(ctx, s, a, operacion, func(c sqldb.Conn) (Pasaje, error) {
		return s.cambiarEstadoEn(ctx, c, a, id, an, cambio, accion, evento, autoriza)
	})
}

// cambiarEstadoEn is cambiarEstado inside the caller's transaction c, its
// motivo already checked (domain.ValidarMotivo): a departure's cancellation
// refunds its tickets with it (cancelacion_salida.go).
func (s *Store) cambiarEstadoEn(ctx context.Context, c sqldb.Conn, a Actor, id int64, an Anulacion, cambio domain.CambioEstado,
	accion, evento string, autoriza func(sqldb.Conn, Pasaje) error) (Pasaje, error) {
	motivo := an.Motivo
	p, err := s.pasajeDeEmpresa(ctx, c, a.EmpresaID, id)
	if err == nil && autoriza != nil {
		err = autoriza(c, p)
	}
	if err != nil {
		return Pasaje{}, err
	}
	if err := cambio.Permite(p.Estado); err != nil {
		return Pasaje{}, err
	}
	if cambio.Hasta == domain.PasajeActivo && domain.ConfirmacionExterna(p.MedioPagoTipo) {
		return Pasaje{}, domain.Conflict(domain.MsgReactivarCobroQR) // its money went back through the provider
	}
	ref, err := referenciaDelCambio(ctx, c, a.EmpresaID, p, cambio, an.Referencia)
	if err != nil {
		return Pasaje{}, err
	}
	caja, err := bloquearCajaAbierta(ctx, c, a)
	if err != nil || caja.id == 0 {
		return Pasaje{}, firstErr(err, domain.Invalid(cambio.SinCaja))
	}
	res, err := c.Exec(ctx, `UPDATE pasajes SET estado = ? WHERE empresa_id = ? AND id = ? AND estado = ?`,
		cambio.Hasta, a.EmpresaID, id, cambio.Desde)
	if err != nil {
		return Pasaje{}, wrap("cambiar estado del pasaje", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return Pasaje{}, s.rechazoCambio(ctx, c, a.EmpresaID, id, cambio, err)
	}
	if err := lugarAlCambiarEstado(ctx, c, a.EmpresaID, p, cambio); err != nil {
		return Pasaje{}, err
	}
	var retenido domain.RetencionPuntos
	if cambio.Hasta == domain.PasajeCancelado {
		if retenido, err = puntosAlCancelar(ctx, c, a, p); err != nil {
			return Pasaje{}, err
		}
	}
	monto, err := domain.Sumar(p.Precio, -retenido.Monto)
	if err != nil {
		return Pasaje{}, err
	}
	descripcion := cambio.Descripcion(p.NumeroPasaje) + notaRetencion(retenido)
	if err := caja.sumar(ctx, c, monto); err != nil {
		return Pasaje{}, err
	}
	movID, err := c.InsertID(ctx, `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto,
		descripcion, medio_pago_id, pasaje_id, created_at, referencia_ultimos4, referencia_autorizacion, referencia_transferencia)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.EmpresaID, caja.id, a.UsuarioID, cambio.Movimiento, monto, descripcion, p.MedioPagoID, id, c.Now(),
		nulo(ref.Ultimos4), nulo(ref.Autorizacion), nulo(ref.Transferencia))
	if err != nil {
		return Pasaje{}, wrap("registrar movimiento del pasaje", err)
	}
	if cambio.Hasta != domain.PasajeCancelado {
		if err := puntosAlReactivar(ctx, c, a, p, movID); err != nil {
			return Pasaje{}, err
		}
	} else if err := s.encolarDevolucionPasaje(ctx, c, a.EmpresaID, p, movID, monto); err != nil {
		return Pasaje{}, err
	}
	detalles := fmt.Sprintf("Pasaje %s: %s → %s, %s %s en caja #%d%s", p.NumeroPasaje, cambio.Desde, cambio.Hasta,
		cambio.Movimiento, monto, caja.id, notaRetencion(retenido))
	if motivo != "" {
		detalles += ". Motivo: " + motivo
	}
	err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion, IP: a.IP,
		Exito: true, Detalles: detalles})
	if err != nil {
		return Pasaje{}, err
	}
	c.Emit(events.Event{Nombre: evento, EmpresaID: a.EmpresaID, Lecturas: lecturasPasaje(p.UsuarioID), Datos: EventoPasaje{PasajeID: id, NumeroPasaje: p.NumeroPasaje, FechaViaje: p.FechaViaje,
		UsuarioID: a.UsuarioID}})
	c.Emit(events.Event{Nombre: events.MovimientoCaja, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID), Datos: EventoCaja{CajaID: caja.id, UsuarioID: a.UsuarioID, MovimientoID: movID}})
	p.Estado = cambio.Hasta
	return p, nil
}

// referenciaDelCambio checks the reference typed for a ticket's change of
// state against its payment method's rule: a refund's is optional (the card
// terminal may give none), a reactivation charges again and follows the rule
// as a sale does. Nothing typed on a refund reads nothing.
func referenciaDelCambio(ctx context.Context, c sqldb.Conn, empresaID int64, p Pasaje, cambio domain.CambioEstado,
	ref domain.Referencia) (domain.Referencia, error) {
	cobro := cambio.Hasta == domain.PasajeActivo
	if !cobro && ref.Vacia() {
		return ref, nil
	}
	regla := domain.ReglaReferencia{Medio: p.MedioPagoNombre}
	err := c.QueryRow(ctx, `SELECT referencia, referencia_obligatoria FROM medios_pago WHERE empresa_id = ? AND id = ?`,
		empresaID, p.MedioPagoID).Scan(&regla.Tipo, &regla.Obligatoria)
	if err != nil {
		return ref, wrap("leer la referencia del medio de pago", err)
	}
	regla.Obligatoria = regla.Obligatoria && cobro
	return regla.Validar(ref)
}

// notaRetencion tells, in a refund's register movement and audit entry, what it kept
// for points the ticket earned that were already spent.
func notaRetencion(r domain.RetencionPuntos) string {
	if r.Puntos == 0 {
		return ""
	}
	return fmt.Sprintf(" (se descuentan %s por %d puntos ya canjeados)", r.Monto, r.Puntos)
}

// pasajeDeEmpresa reads one ticket of the company inside a transaction (404 otherwise).
func (s *Store) pasajeDeEmpresa(ctx context.Context, c sqldb.Conn, empresaID, id int64) (Pasaje, error) {
	out, err := s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.id = ?`, empresaID, id)
	if err == nil && len(out) == 0 {
		err = domain.NotFound(domain.MsgPasajeNoEncontrado)
	}
	if err != nil {
		return Pasaje{}, err
	}
	return out[0], nil
}

// rechazoCambio explains a conditional UPDATE that changed nothing: another
// request changed the ticket's state first.
func (s *Store) rechazoCambio(ctx context.Context, c sqldb.Conn, empresaID, id int64, cambio domain.CambioEstado, err error) error {
	if err != nil {
		return wrap("cambiar estado del pasaje", err)
	}
	p, err := s.pasajeDeEmpresa(ctx, c, empresaID, id)
	if err != nil {
		return err
	}
	if err := cambio.Permite(p.Estado); err != nil {
		return err
	}
	return domain.Conflict(domain.MsgPasajeCambioEstado)
}
