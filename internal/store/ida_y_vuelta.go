package store

import (
	"context"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Round trips (docs/features/salidas.md, "Ida y vuelta"): a ticket sold with a round-trip trip type (pasajes.ida_y_vuelta)
// boards once 'ida' (activo → usado, fecha_embarque, salida_id as any
// ticket) and once 'vuelta' (fecha_embarque_vuelta, usuario_embarque_vuelta_id,
// salida_vuelta_id; the ticket stays usado), each with one conditional UPDATE.

// embarcarTramo boards the leg a scan is for. Into a 'vuelta' departure: a
// round trip's return, else a one-way ticket (one-way tickets board either
// direction). Into an 'ida' departure: the outbound leg only (a second one is
// 'ya embarcado'). Without a departure: the outbound leg, and once it boarded
// a round trip's return.
func (s *Store) embarcarTramo(ctx context.Context, c sqldb.Conn, a Actor, cond condicionEmbarque, x *Salida) (Embarque, bool, error) {
	if x != nil && x.Sentido == domain.SentidoVuelta {
		e, ok, err := s.embarcarVuelta(ctx, c, a, cond, x)
		if err != nil || ok {
			return e, ok, err
		}
		return embarcarIda(ctx, c, a, cond, x, true)
	}
	e, ok, err := embarcarIda(ctx, c, a, cond, x, false)
	if err != nil || ok || x != nil {
		return e, ok, err
	}
	return s.embarcarVuelta(ctx, c, a, cond, nil)
}

// embarcarVuelta boards a round trip's return whose outbound leg boarded, on
// or before its vuelta_hasta (the company's today), into departure x (none
// when nil). The travel date does not count: the return is open-dated.
func (s *Store) embarcarVuelta(ctx context.Context, c sqldb.Conn, a Actor, cond condicionEmbarque, x *Salida) (Embarque, bool, error) {
	hoy, err := hoyDe(ctx, c, a.EmpresaID, cond.soloFecha)
	if err != nil {
		return Embarque{}, false, err
	}
	e, ok, err := scanEmbarque(c.QueryRow(ctx, `UPDATE pasajes SET fecha_embarque_vuelta = ?, usuario_embarque_vuelta_id = ?,
		salida_vuelta_id = ? WHERE empresa_id = ? AND estado = ? AND ida_y_vuelta = ? AND fecha_embarque_vuelta IS NULL
		AND (vuelta_hasta IS NULL OR vuelta_hasta >= ?) AND `+cond.where+` RETURNING `+embarqueColumnasVuelta,
		c.Now(), a.UsuarioID, x.id(), a.EmpresaID, domain.PasajeUsado, true, hoy, cond.arg))
	e.Tramo = domain.SentidoVuelta
	return e, ok, wrap("validar embarque de vuelta", err)
}

// hoyDe is the company's day: soloFecha when the request carries it (today), else read.
func hoyDe(ctx context.Context, c sqldb.Conn, empresaID int64, soloFecha string) (string, error) {
	if soloFecha != "" {
		return soloFecha, nil
	}
	loc, err := zonaDe(ctx, c, empresaID)
	if err != nil {
		return "", err
	}
	return domain.DiaDe(c.Now(), loc).Fecha, nil
}

// rechazoIdaYVuelta explains a round trip that did not board, when its legs
// say why (explicado): the return before the outbound leg, a return past its
// last day, or a second return ('ya embarcado' with the return's boarding).
func (s *Store) rechazoIdaYVuelta(ctx context.Context, c sqldb.Conn, empresaID int64, cond condicionEmbarque, x *Salida,
	e Embarque) (Embarque, bool, error) {
	vuelta := x == nil || x.Sentido == domain.SentidoVuelta
	switch {
	case e.Estado == domain.PasajeActivo && x != nil && x.Sentido == domain.SentidoVuelta:
		return e, true, domain.Conflict(domain.MsgFaltaIda)
	case e.Estado != domain.PasajeUsado || !vuelta:
		return e, false, nil
	case e.FechaEmbarqueVuelta == nil:
		hoy, err := hoyDe(ctx, c, empresaID, cond.soloFecha)
		if err == nil && e.VueltaHasta != nil && *e.VueltaHasta < hoy {
			err = domain.Conflict(domain.MsgVueltaVencida(*e.VueltaHasta))
		}
		return e, true, firstErr(err, domain.Conflict(domain.MsgPasajeCambioEstado))
	}
	v, found, err := scanEmbarque(c.QueryRow(ctx, `SELECT `+embarqueColumnasVuelta+` FROM pasajes WHERE empresa_id = ? AND `+
		cond.where, empresaID, cond.arg))
	if err != nil || !found {
		return e, true, firstErr(wrap("leer vuelta", err), domain.NotFound(domain.MsgPasajeNoEncontrado))
	}
	return v, true, rechazo(v, "")
}

// detalleEmbarque is the audit's words for a boarding: its leg for a round trip.
func detalleEmbarque(e Embarque) string {
	if e.Tramo == domain.SentidoVuelta {
		return "Embarque de vuelta del pasaje " + e.NumeroPasaje
	}
	if e.Tramo == domain.SentidoIda {
		return "Embarque de ida del pasaje " + e.NumeroPasaje
	}
	return "Embarque del pasaje " + e.NumeroPasaje
}
