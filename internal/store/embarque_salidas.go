package store

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Boarding into a departure (docs/features/salidas.md, "Embarque en una salida"):
// a ticket boarded into a departure records it (pasajes.salida_id) and holds
// one of its seats (salidas.a_bordo), taken by one conditional UPDATE against
// the boat's certified capacity in the boarding's transaction.

// AccionMoverSalida is the audit action of a passenger moved to another departure.
const AccionMoverSalida = "MOVER_PASAJERO_SALIDA"

// id is the departure's id for a ticket's salida_id: nil without a departure.
func (x *Salida) id() any {
	if x == nil {
		return nil
	}
	return x.ID
}

// salidaDelEmbarque reads the company's departure a ticket boards into (nil
// when id is 0): 404 when it is not the company's, 409 when it sailed, was
// cancelled or has no boat.
func salidaDelEmbarque(ctx context.Context, c sqldb.Conn, empresaID, id int64) (*Salida, error) {
	if id == 0 {
		return nil, nil
	}
	x, err := salida(ctx, c, empresaID, id)
	if err != nil {
		return nil, err
	}
	return &x, salidaAbierta(x)
}

// salidaAbierta refuses a departure that does not board: sailed, cancelled or without a boat.
func salidaAbierta(x Salida) error {
	switch {
	case x.Estado == domain.SalidaZarpo || x.Estado == domain.SalidaCancelada:
		return domain.Conflict(domain.MsgSalidaNoEmbarca(x.Hora, x.Estado))
	case x.EmbarcacionID == nil:
		return domain.Conflict(domain.MsgSalidaSinEmbarcacionAsignada)
	}
	return nil
}

// tomarAsiento takes a seat of departure x (none when nil) for the boarded
// ticket e: the ticket's section must be the departure's, and subirABordo
// takes the seat. None taken: the departure is full, or closed meanwhile;
// the caller's transaction rolls back.
func tomarAsiento(ctx context.Context, c sqldb.Conn, a Actor, x *Salida, e Embarque) error {
	if x == nil {
		return nil
	}
	if e.SeccionID != x.SeccionID {
		return domain.Conflict(domain.MsgSeccionDistinta(e.Seccion.Nombre, x.Seccion))
	}
	tomado, err := subirABordo(ctx, c, a, x.ID)
	if err != nil || tomado {
		return err
	}
	ahora, err := salida(ctx, c, a.EmpresaID, x.ID)
	if err != nil {
		return err
	}
	return firstErr(salidaAbierta(ahora), domain.Conflict(domain.MsgEmbarcacionCompleta(ahora.Capacidad)))
}

// subirABordo takes a seat of the company's departure id with one
// conditional UPDATE: a_bordo rises only while it is under the boat's
// capacity and the departure boards; the first boarding of a programada
// departure moves it to embarcando (by the crew member, now). False: no seat
// (full, closed, without a boat, or not the company's).
func subirABordo(ctx context.Context, c sqldb.Conn, a Actor, id int64) (bool, error) {
	prog := domain.SalidaProgramada
	res, err := c.Exec(ctx, `UPDATE salidas SET a_bordo = a_bordo + 1,
		estado_por = CASE WHEN estado = ? THEN ? ELSE estado_por END,
		estado_en = CASE WHEN estado = ? THEN ? ELSE estado_en END,
		estado = CASE WHEN estado = ? THEN ? ELSE estado END
		WHERE empresa_id = ? AND id = ? AND estado IN (?, ?)
		AND a_bordo < (SELECT b.capacidad FROM embarcaciones b WHERE b.id = salidas.embarcacion_id)`,
		prog, a.UsuarioID, prog, c.Now(), prog, domain.SalidaEmbarcando,
		a.EmpresaID, id, prog, domain.SalidaEmbarcando)
	if err != nil {
		return false, wrap("tomar asiento", err)
	}
	n, err := res.RowsAffected()
	return n == 1, wrap("tomar asiento", err)
}

// liberarAsiento frees a seat of departure id (a boarding undone or moved),
// unless the departure sailed: its list no longer changes.
func liberarAsiento(ctx context.Context, c sqldb.Conn, empresaID, id int64) error {
	res, err := c.Exec(ctx, `UPDATE salidas SET a_bordo = a_bordo - 1 WHERE empresa_id = ? AND id = ? AND estado <> ?
		AND a_bordo > 0`, empresaID, id, domain.SalidaZarpo)
	if err != nil {
		return wrap("liberar asiento", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return wrap("liberar asiento", err)
	}
	x, err := salida(ctx, c, empresaID, id)
	if err != nil {
		return err
	}
	if x.Estado == domain.SalidaZarpo {
		return domain.Conflict(domain.MsgSalidaZarpoSinCambios(x.Hora))
	}
	return domain.Conflict(domain.MsgPasajeCambioEstado)
}

// salidasDeEmbarcado are the departures a ticket boarded into, outbound and
// return (0: none).
func salidasDeEmbarcado(ctx context.Context, c sqldb.Conn, empresaID, id int64) (ida, vuelta int64, err error) {
	err = c.QueryRow(ctx, `SELECT COALESCE(salida_id, 0), COALESCE(salida_vuelta_id, 0) FROM pasajes
		WHERE empresa_id = ? AND id = ?`, empresaID, id).Scan(&ida, &vuelta)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return 0, 0, wrap("leer salida del pasaje", err)
	}
	return ida, vuelta, nil
}

// MovimientoSalida is a boarded passenger moved to another departure: both
// departures as they are after the move (Desde nil when the ticket had boarded
// without a departure).
type MovimientoSalida struct {
	PasajeID     int64   `json:"pasaje_id"`
	NumeroPasaje string  `json:"numero_pasaje"`
	Desde        *Salida `json:"desde"`
	Hasta        Salida  `json:"hasta"`
}

// MoverPasaje moves a boarded ticket to another departure of its section and
// direction that still boards, keeping the ticket and its boarding: it frees
// the old departure's seat (which must not have sailed) and takes one of the
// new one under the capacity rule, in one transaction, through idempotent,
// audited.
func (s *Store) MoverPasaje(ctx context.Context, a Actor, pasajeID, salidaID int64) (MovimientoSalida, error) {
	return idempotent(ctx, s, a, "pasajes.mover-salida", func(c sqldb.Conn) (MovimientoSalida, error) {
		e, desde, hasta, err := movimientoPosible(ctx, c, a.EmpresaID, pasajeID, salidaID)
		if err != nil {
			return MovimientoSalida{}, err
		}
		col := columnaSalida(e.Tramo)
		res, err := c.Exec(ctx, `UPDATE pasajes SET `+col+` = ? WHERE empresa_id = ? AND id = ? AND estado = ?
			AND COALESCE(`+col+`, 0) = ?`, salidaID, a.EmpresaID, pasajeID, domain.PasajeUsado, desde.id0())
		if err != nil {
			return MovimientoSalida{}, wrap("mover pasajero", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return MovimientoSalida{}, domain.Conflict(domain.MsgPasajeCambioEstado)
		}
		if err := moverAsientos(ctx, c, a, desde, hasta, e); err != nil {
			return MovimientoSalida{}, err
		}
		m, err := movimiento(ctx, c, a.EmpresaID, e, desde, hasta.ID)
		if err != nil {
			return m, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		return m, s.auditarCambio(ctx, c, a, AccionMoverSalida, desde, m)
	})
}

// id0 is the departure's id, 0 when nil.
func (x *Salida) id0() int64 {
	if x == nil {
		return 0
	}
	return x.ID
}

// columnaSalida is the ticket's column of a leg's departure.
func columnaSalida(tramo string) string {
	if tramo == domain.SentidoVuelta {
		return "salida_vuelta_id"
	}
	return "salida_id"
}

// tramoAMover reads the ticket's leg a move into a departure of sentido
// concerns: a round trip's return into a 'vuelta' departure, else the
// outbound (or only) leg; it must have boarded.
func tramoAMover(ctx context.Context, c sqldb.Conn, empresaID, pasajeID int64, sentido string) (Embarque, error) {
	e, found, err := scanEmbarque(c.QueryRow(ctx, `SELECT `+embarqueColumnas+` FROM pasajes WHERE empresa_id = ? AND id = ?`,
		empresaID, pasajeID))
	if err != nil || !found {
		return e, firstErr(wrap("leer pasaje a mover", err), domain.NotFound(domain.MsgPasajeNoEncontrado))
	}
	if e.Estado != domain.PasajeUsado || (e.IdaYVuelta && sentido == domain.SentidoVuelta && e.FechaEmbarqueVuelta == nil) {
		return e, domain.Conflict(domain.MsgPasajeSinEmbarcar)
	}
	if !e.IdaYVuelta || sentido != domain.SentidoVuelta {
		return e, nil
	}
	e, _, err = scanEmbarque(c.QueryRow(ctx, `SELECT `+embarqueColumnasVuelta+` FROM pasajes WHERE empresa_id = ? AND id = ?`,
		empresaID, pasajeID))
	e.Tramo = domain.SentidoVuelta
	return e, wrap("leer pasaje a mover", err)
}

// movimientoPosible checks a move: the ticket is the company's and its leg
// boarded, the new departure boards, and the old one (when any) is another
// one of the same direction that has not sailed.
func movimientoPosible(ctx context.Context, c sqldb.Conn, empresaID, pasajeID, salidaID int64) (Embarque, *Salida, *Salida, error) {
	if _, found, err := scanEmbarque(c.QueryRow(ctx, `SELECT `+embarqueColumnas+` FROM pasajes WHERE empresa_id = ? AND id = ?`,
		empresaID, pasajeID)); err != nil || !found {
		return Embarque{}, nil, nil, firstErr(wrap("leer pasaje a mover", err), domain.NotFound(domain.MsgPasajeNoEncontrado))
	}
	hasta, err := salidaDelEmbarque(ctx, c, empresaID, salidaID)
	if err != nil || hasta == nil {
		return Embarque{}, nil, nil, firstErr(err, domain.NotFound(domain.MsgSalidaNoEncontrada))
	}
	e, err := tramoAMover(ctx, c, empresaID, pasajeID, hasta.Sentido)
	if err != nil {
		return e, nil, nil, err
	}
	if e.SalidaID == nil {
		return e, nil, hasta, nil
	}
	desde, err := salida(ctx, c, empresaID, *e.SalidaID)
	switch {
	case err != nil:
		return e, nil, nil, err
	case desde.ID == hasta.ID:
		return e, nil, nil, domain.Conflict(domain.MsgMismaSalida)
	case desde.Estado == domain.SalidaZarpo:
		return e, nil, nil, domain.Conflict(domain.MsgSalidaZarpoSinCambios(desde.Hora))
	case desde.Sentido != hasta.Sentido:
		return e, nil, nil, domain.Conflict(domain.MsgSentidoDistinto(desde.Sentido))
	}
	return e, &desde, hasta, nil
}

// moverAsientos frees the old seat and takes the new one, the departure with
// the lower id first, so two moves in opposite directions never deadlock.
func moverAsientos(ctx context.Context, c sqldb.Conn, a Actor, desde, hasta *Salida, e Embarque) error {
	if desde == nil {
		return tomarAsiento(ctx, c, a, hasta, e)
	}
	if desde.ID < hasta.ID {
		if err := liberarAsiento(ctx, c, a.EmpresaID, desde.ID); err != nil {
			return err
		}
		return tomarAsiento(ctx, c, a, hasta, e)
	}
	if err := tomarAsiento(ctx, c, a, hasta, e); err != nil {
		return err
	}
	return liberarAsiento(ctx, c, a.EmpresaID, desde.ID)
}

// movimiento reads both departures after a move.
func movimiento(ctx context.Context, c sqldb.Conn, empresaID int64, e Embarque, desde *Salida, hastaID int64) (MovimientoSalida, error) {
	m := MovimientoSalida{PasajeID: e.ID, NumeroPasaje: e.NumeroPasaje}
	var err error
	if m.Hasta, err = salida(ctx, c, empresaID, hastaID); err != nil || desde == nil {
		return m, err
	}
	d, err := salida(ctx, c, empresaID, desde.ID)
	m.Desde = &d
	return m, err
}

// PasajeroABordo is a passenger boarded into a departure.
type PasajeroABordo struct {
	PasajeID      int64     `json:"pasaje_id"`
	NumeroPasaje  string    `json:"numero_pasaje"`
	ClienteNombre string    `json:"cliente_nombre"`
	FechaEmbarque time.Time `json:"fecha_embarque"`
}

// SalidaDetalle is a departure with the passengers over its boat's capacity:
// the last boarded ones, newest first, as many as Excedente.
type SalidaDetalle struct {
	Salida
	Excedentes []PasajeroABordo `json:"excedentes"`
}

// DetalleSalida reads one of the company's departures (404 otherwise) with
// the passengers who must be moved before it sails.
func (s *Store) DetalleSalida(ctx context.Context, empresaID, id int64) (SalidaDetalle, error) {
	x, err := salida(ctx, s.db.Conn(), empresaID, id)
	if err != nil {
		return SalidaDetalle{}, err
	}
	d := SalidaDetalle{Salida: x, Excedentes: []PasajeroABordo{}}
	if x.Excedente == 0 {
		return d, nil
	}
	d.Excedentes, err = sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (PasajeroABordo, error) {
		var p PasajeroABordo
		return p, sc.Scan(&p.PasajeID, &p.NumeroPasaje, &p.ClienteNombre, &p.FechaEmbarque)
	}, `SELECT id, numero_pasaje, cliente_nombre, fecha_embarque FROM pasajes WHERE empresa_id = ? AND salida_id = ?
		UNION ALL SELECT id, numero_pasaje, cliente_nombre, fecha_embarque_vuelta FROM pasajes
		WHERE empresa_id = ? AND salida_vuelta_id = ?
		ORDER BY 4 DESC, 1 DESC LIMIT ?`, empresaID, id, empresaID, id, x.Excedente)
	return d, wrap("pasajeros excedentes", err)
}
