package store

import (
	"context"
	"database/sql"
	"errors"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Selling a departure (issue 40 item 2; docs/features/salidas.md, "Venta de
// una salida"): a sale with Venta.SalidaID takes its seats from the day's
// counter (cupos.go) and from the departure's, salidas.vendidos, bounded by
// its boat's certified capacity; its tickets carry the departure
// (pasajes.salida_venta_id) in their columns and in their signed QR code.

// salidaVendibleColumnas reads a departure s as a sale does (scanSalidaVendible).
const salidaVendibleColumnas = `SELECT s.id, s.seccion_id, s.sentido, CAST(s.fecha AS TEXT), s.hora, s.estado,
	COALESCE(b.capacidad, 0), s.vendidos, COALESCE(b.nombre, ''), ` + paradaDeEmbarque + `
	FROM salidas s LEFT JOIN embarcaciones b ON b.id = s.embarcacion_id `

func scanSalidaVendible(sc sqldb.Scanner) (s domain.SalidaVendible, err error) {
	return s, sc.Scan(&s.ID, &s.SeccionID, &s.Sentido, &s.Fecha, &s.Hora, &s.Estado, &s.Capacidad, &s.Vendidos,
		&s.Embarcacion, &s.ParadaEmbarque)
}

// leerSalidaVendible reads the company's departure id as a sale reads it:
// another company's or missing is 404.
func leerSalidaVendible(ctx context.Context, c sqldb.Conn, empresaID, id int64) (domain.SalidaVendible, error) {
	s, err := scanSalidaVendible(c.QueryRow(ctx, salidaVendibleColumnas+`WHERE s.empresa_id = ? AND s.id = ?`, empresaID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return s, domain.NotFound(domain.MsgSalidaNoEncontrada)
	}
	return s, wrap("leer salida", err)
}

// SalidasDeVenta are the departures of a section and date of the company
// that the quick sale offers, by time, whatever their state (at most
// MaxSalidasListado).
func (s *Store) SalidasDeVenta(ctx context.Context, empresaID, seccionID int64, fecha string) ([]domain.SalidaVendible, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanSalidaVendible, salidaVendibleColumnas+`WHERE s.empresa_id = ?
		AND s.seccion_id = ? AND s.fecha = ? ORDER BY s.hora, s.sentido, s.id LIMIT ?`, empresaID, seccionID, fecha, MaxSalidasListado)
	return out, wrap("listar salidas de la venta", err)
}

// salidaDelPasaje is the columns of the departure a ticket p was sold for
// (pasajeColumns): its id, time, boat and boarding stop (0 and an empty text when none).
const salidaDelPasaje = `COALESCE(p.salida_venta_id, 0),
	CASE WHEN p.salida_venta_id IS NULL THEN '' ELSE (SELECT s.hora FROM salidas s WHERE s.id = p.salida_venta_id) END,
	CASE WHEN p.salida_venta_id IS NULL THEN '' ELSE COALESCE((SELECT b.nombre FROM salidas s JOIN embarcaciones b
		ON b.id = s.embarcacion_id WHERE s.id = p.salida_venta_id), '') END,
	CASE WHEN p.salida_venta_id IS NULL THEN '' ELSE (SELECT ` + paradaDeEmbarque + ` FROM salidas s WHERE s.id = p.salida_venta_id) END`

// paradaDeEmbarque is the stop a departure s leaves from: its route's first,
// or its last for a 'vuelta' (empty without stops).
const paradaDeEmbarque = `COALESCE((SELECT pa.nombre FROM paradas pa WHERE pa.empresa_id = s.empresa_id
	AND pa.seccion_id = s.seccion_id ORDER BY CASE WHEN s.sentido = 'vuelta' THEN -pa.orden ELSE pa.orden END LIMIT 1), '')`

// tomarSalida takes the seats of a sale for a departure (p.SalidaID; none:
// nothing), after its day's seats, in its transaction: the departure must be
// the sale's section and day and still board; past its boat's capacity the
// sale needs the same confirmation as past the day's seats (409
// domain.SinLugaresSalida without one), and then takes them past it. It sets
// p.salida and answers the oversale to record when the day's seats did not
// (sv nil).
func tomarSalida(ctx context.Context, c sqldb.Conn, a Actor, p *ventaPreparada, sv *sobreventa) (*sobreventa, error) {
	if p.SalidaID == nil {
		return sv, nil
	}
	s, err := leerSalidaVendible(ctx, c, a.EmpresaID, *p.SalidaID)
	if err != nil {
		return nil, err
	}
	if err := domain.ValidarSalidaVenta(s, p.SeccionID, p.FechaViaje); err != nil {
		return nil, err
	}
	n := int64(p.cantidad())
	tomados, err := sumarVendidosSalida(ctx, c, a.EmpresaID, s.ID, n, false)
	if err != nil {
		return nil, err
	}
	if !tomados {
		// the departure changed or filled meanwhile: its state and seats now (the UPDATE waited for its row)
		if s, err = leerSalidaVendible(ctx, c, a.EmpresaID, s.ID); err != nil {
			return nil, err
		}
		if err := domain.ValidarSalidaVenta(s, p.SeccionID, p.FechaViaje); err != nil {
			return nil, err
		}
		if sv, err = confirmarSalidaLlena(ctx, c, a, p, s, n, sv); err != nil {
			return nil, err
		}
	}
	p.salida = &s
	return sv, nil
}

// salidaOffline takes the seats of an offline sale made for a departure
// (p.SalidaID), at its sync: it was sold and printed already, so it is never
// refused. A departure of the sale's section and day that still boards takes
// them, past its boat when full (answered as the oversale to record, sv when
// the day's was one already); one that is not the company's, of another
// section or day, sailed or cancelled leaves the tickets for their day.
func salidaOffline(ctx context.Context, c sqldb.Conn, a Actor, p *ventaPreparada, sv *sobreventa) (*sobreventa, error) {
	if p.SalidaID == nil {
		return sv, nil
	}
	s, err := leerSalidaVendible(ctx, c, a.EmpresaID, *p.SalidaID)
	if e, ok := domain.AsError(err); ok && e.Kind == domain.KindNotFound {
		return sv, nil
	}
	if err != nil {
		return nil, err
	}
	if domain.ValidarSalidaVenta(s, p.SeccionID, p.FechaViaje) != nil {
		return sv, nil
	}
	n := int64(p.cantidad())
	if _, err := sumarVendidosSalida(ctx, c, a.EmpresaID, s.ID, n, true); err != nil {
		return nil, err
	}
	p.salida = &s
	if cupo := domain.CupoSalida(s); sv == nil && cupo.Exceso(n) > 0 {
		sv = &sobreventa{cupo: cupo, exceso: cupo.Exceso(n)}
	}
	return sv, nil
}

// confirmarSalidaLlena takes n seats past the full departure s for a sale
// that a user allowed to oversell confirmed (403 when not allowed, 409
// without a confirmation).
func confirmarSalidaLlena(ctx context.Context, c sqldb.Conn, a Actor, p *ventaPreparada, s domain.SalidaVendible, n int64,
	sv *sobreventa) (*sobreventa, error) {
	ap := p.Sobreventa
	if ap == nil {
		return nil, domain.SinLugaresSalida(s, n)
	}
	if ap.EmpresaID != a.EmpresaID || !domain.PuedeSobrevender(ap.Rol, ap.Permisos) {
		return nil, domain.Forbidden(domain.MsgSobreventaSinPermiso)
	}
	if _, err := sumarVendidosSalida(ctx, c, a.EmpresaID, s.ID, n, true); err != nil {
		return nil, err
	}
	if sv == nil {
		cupo := domain.CupoSalida(s)
		sv = &sobreventa{cupo: cupo, exceso: cupo.Exceso(n), confirmo: ap}
	}
	return sv, nil
}

// sumarVendidosSalida adds n seats sold to a departure that still boards,
// only within its boat's capacity unless pasarCapacidad (a departure
// without a boat has no limit of its own); it reports whether they were taken.
func sumarVendidosSalida(ctx context.Context, c sqldb.Conn, empresaID, salidaID, n int64, pasarCapacidad bool) (bool, error) {
	res, err := c.Exec(ctx, `UPDATE salidas SET vendidos = vendidos + ? WHERE empresa_id = ? AND id = ?
		AND estado IN ('programada', 'embarcando') AND (? OR embarcacion_id IS NULL
			OR vendidos + ? <= (SELECT b.capacidad FROM embarcaciones b WHERE b.id = salidas.embarcacion_id))`,
		n, empresaID, salidaID, pasarCapacidad, n)
	if err != nil {
		return false, wrap("tomar lugares de la salida", err)
	}
	filas, err := res.RowsAffected()
	return filas == 1, wrap("tomar lugares de la salida", err)
}

// sumarASalidaVendida gives back (n < 0) or takes again (n > 0) the seats
// of a ticket sold for the departure salidaID (0: none, nothing), never
// refused: a cancellation or a reactivation, in its transaction.
func sumarASalidaVendida(ctx context.Context, c sqldb.Conn, empresaID, salidaID, n int64) error {
	if salidaID == 0 {
		return nil
	}
	_, err := c.Exec(ctx, `UPDATE salidas SET vendidos = vendidos + ? WHERE empresa_id = ? AND id = ?`, n, empresaID, salidaID)
	return wrap("sumar lugares de la salida", err)
}

// marcarSalidaVendida records the departure of a sale's tickets (those of
// its movement), sent with the next statement on PostgreSQL.
func marcarSalidaVendida(ctx context.Context, c sqldb.Conn, empresaID, movID int64, p ventaPreparada) error {
	if p.salida == nil {
		return nil
	}
	return wrap("marcar salida de los pasajes", c.ExecLater(ctx, `UPDATE pasajes SET salida_venta_id = ?
		WHERE empresa_id = ? AND movimiento_id = ?`, p.salida.ID, empresaID, movID))
}

// AccionCambioSalidaPasaje audits a sold ticket moved to another departure
// before it boards.
const AccionCambioSalidaPasaje = "CAMBIO_SALIDA_PASAJE"

// CambiarSalidaDePasaje moves an active ticket of the company (404 otherwise;
// 409 once boarded or cancelled) to the departure salidaID of its section and
// travel date that still boards, taking a seat there within its boat (409
// domain.SinLugaresSalida) and giving back the one it held (a day's ticket
// held none), through idempotent, audited. The ticket keeps its code: the one
// the passenger holds still boards.
func (s *Store) CambiarSalidaDePasaje(ctx context.Context, a Actor, pasajeID, salidaID int64) (Pasaje, error) {
	return idempotent(ctx, s, a, "pasajes.salida", func(c sqldb.Conn) (Pasaje, error) {
		p, err := s.pasajeDeEmpresa(ctx, c, a.EmpresaID, pasajeID)
		if err != nil {
			return p, err
		}
		if p.Estado != domain.PasajeActivo {
			return p, domain.Conflict(domain.MsgCambioSalidaNoActivo)
		}
		if p.Salida.SalidaID == salidaID {
			return p, domain.Invalid(domain.MsgMismaSalidaVendida)
		}
		d, err := leerSalidaVendible(ctx, c, a.EmpresaID, salidaID)
		if err != nil {
			return p, err
		}
		if err := domain.ValidarSalidaVenta(d, p.SeccionID, p.FechaViaje); err != nil {
			return p, err
		}
		// the ticket's row first, as a cancellation locks it before the seats
		res, err := c.Exec(ctx, `UPDATE pasajes SET salida_venta_id = ? WHERE empresa_id = ? AND id = ? AND estado = ?
			AND COALESCE(salida_venta_id, 0) = ?`, d.ID, a.EmpresaID, pasajeID, domain.PasajeActivo, p.Salida.SalidaID)
		if err != nil {
			return p, wrap("cambiar salida del pasaje", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return p, domain.Conflict(domain.MsgPasajeCambioEstado)
		}
		if err := cambiarAsientoVendido(ctx, c, a, p, d); err != nil {
			return p, err
		}
		antes := p.Salida
		p.Salida = d.DelPasaje()
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		return p, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCambioSalidaPasaje,
			IP: a.IP, Exito: true, Detalles: domain.DetalleCambioSalida(p.NumeroPasaje, antes.Hora, d.Hora)})
	})
}

// cambiarAsientoVendido gives back the seat ticket p held (none for a day's
// ticket) and takes one in the departure d within its boat, in departure-id
// order so that two opposite changes never wait on each other.
func cambiarAsientoVendido(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje, d domain.SalidaVendible) error {
	devolver := func() error { return sumarASalidaVendida(ctx, c, a.EmpresaID, p.Salida.SalidaID, -1) }
	tomar := func() error {
		tomado, err := sumarVendidosSalida(ctx, c, a.EmpresaID, d.ID, 1, false)
		if err != nil || tomado {
			return err
		}
		if d, err = leerSalidaVendible(ctx, c, a.EmpresaID, d.ID); err != nil {
			return err
		}
		return firstErr(domain.ValidarSalidaVenta(d, p.SeccionID, p.FechaViaje), domain.SinLugaresSalida(d, 1))
	}
	pasos := []func() error{tomar, devolver}
	if p.Salida.SalidaID != 0 && p.Salida.SalidaID < d.ID {
		pasos = []func() error{devolver, tomar}
	}
	for _, paso := range pasos {
		if err := paso(); err != nil {
			return err
		}
	}
	return nil
}
