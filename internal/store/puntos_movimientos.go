package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// The points ledger (docs/features/puntos.md). Every change of a
// customer's points is a movement (puntos_movimientos) keyed by its origin
// and kind, so each posts once; a credit makes a lot (puntos_lotes) with its
// expiry and what remains of it; a debit takes from the lots that expire
// first and records what it took (puntos_asignaciones); what a debit could
// not take is its pendiente, the customer's debt, paid by the next credits.
// Every write of a customer's points first locks the customer's row, so two
// writers of one customer (two instances' expiry jobs, a sale and a
// cancellation) take turns.

// The ledger.

// asiento is one movement to post.
type asiento struct {
	clienteID   int64
	tipo        string
	puntos      int64
	origen      string
	pasajeID    *int64
	beneficioID *int64
	usuarioID   int64 // 0: none (the expiry job)
	motivo      string
	descripcion string
	valor       domain.Centavos // the money value: a canje's discount (see migration 40)
	momento     time.Time
}

// origenCompra is the origin of a ticket's purchase points: the ticket and
// the register movement that made it active (its sale or its reactivation),
// so each activation earns once; its reversal has the same origin.
func origenCompra(pasajeID, movimientoCajaID int64) string {
	return fmt.Sprintf("pasaje:%d:%d", pasajeID, movimientoCajaID)
}

// origenVencimiento is the origin of a lot's expiry: one per lot.
func origenVencimiento(loteID int64) string { return fmt.Sprintf("lote:%d", loteID) }

// bloquearCliente locks the customer's row for the rest of the transaction
// (PostgreSQL; SQLite's write transactions are exclusive already): every
// write of a customer's points takes it first. NO KEY UPDATE, so that a
// concurrent sale inserting tickets of this customer (whose foreign key takes
// KEY SHARE) waits for nothing and is no deadlock. Another company's customer
// is not found.
func bloquearCliente(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) error {
	var id int64
	err := c.QueryRow(ctx, `SELECT id FROM clientes WHERE empresa_id = ? AND id = ?`+c.Dialect().ForNoKeyUpdate(),
		empresaID, clienteID).Scan(&id)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return firstErr(wrap("bloquear cliente", err), domain.NotFound(domain.MsgClienteNoEncontrado))
	}
	return nil
}

// asentar posts a movement once: false when its origin and kind were
// posted already (a retry).
func asentar(ctx context.Context, c sqldb.Conn, empresaID int64, m asiento) (int64, bool, error) {
	var usuario *int64
	if m.usuarioID != 0 {
		usuario = &m.usuarioID
	}
	var id int64
	err := c.QueryRow(ctx, `INSERT INTO puntos_movimientos (empresa_id, cliente_id, tipo, puntos, origen, pasaje_id,
		beneficio_id, usuario_id, motivo, descripcion, valor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (empresa_id, origen, tipo) DO NOTHING RETURNING id`, empresaID, m.clienteID, m.tipo, m.puntos,
		m.origen, m.pasajeID, m.beneficioID, usuario, m.motivo, m.descripcion, m.valor, m.momento.UTC()).Scan(&id)
	missing, err := sqldb.NoRows(err)
	return id, !missing && err == nil, wrap("asentar movimiento de puntos", err)
}

// acreditar posts a credit and its lot (expiring at vence, nil never), then
// pays the customer's debt from the lots. The customer is locked.
func acreditar(ctx context.Context, c sqldb.Conn, empresaID int64, m asiento, vence *time.Time) (int64, error) {
	id, err := acreditarLote(ctx, c, empresaID, m, vence)
	if err != nil {
		return id, err
	}
	return id, saldarDeuda(ctx, c, empresaID, m.clienteID)
}

// acreditarLote posts a credit and its lot, leaving the debt to the caller
// (a sale settles it once after all its tickets' lots).
func acreditarLote(ctx context.Context, c sqldb.Conn, empresaID int64, m asiento, vence *time.Time) (int64, error) {
	id, nuevo, err := asentar(ctx, c, empresaID, m)
	if err != nil || !nuevo {
		return id, err
	}
	var venceEn *time.Time
	if vence != nil {
		v := vence.UTC()
		venceEn = &v
	}
	if _, err := c.Exec(ctx, `INSERT INTO puntos_lotes (empresa_id, cliente_id, movimiento_id, puntos, restante, vence_en,
		created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, empresaID, m.clienteID, id, m.puntos, m.puntos, venceEn, m.momento.UTC()); err != nil {
		return id, wrap("crear lote de puntos", err)
	}
	return id, nil
}

// asignar records that movement movID changed lot loteID's remainder by
// puntos (negative: took) and applies it.
func asignar(ctx context.Context, c sqldb.Conn, empresaID, movID, loteID, puntos int64) error {
	if _, err := c.Exec(ctx, `UPDATE puntos_lotes SET restante = restante + ? WHERE id = ?`, puntos, loteID); err != nil {
		return wrap("descontar de lote de puntos", err)
	}
	_, err := c.Exec(ctx, `INSERT INTO puntos_asignaciones (empresa_id, movimiento_id, lote_id, puntos, created_at)
		VALUES (?, ?, ?, ?, ?)`, empresaID, movID, loteID, puntos, c.Now())
	return wrap("asignar puntos de lote", err)
}

// loteVivo is a lot with points left, not expired.
type loteVivo struct{ id, restante int64 }

// tomar takes up to puntos from the customer's lots not expired, the soonest
// to expire first (lots that never expire last), for movement movID, and
// returns what it took. The customer is locked.
func tomar(ctx context.Context, c sqldb.Conn, empresaID, clienteID, movID, puntos int64) (int64, error) {
	if puntos <= 0 {
		return 0, nil
	}
	lotes, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l loteVivo, err error) {
		return l, sc.Scan(&l.id, &l.restante)
	}, `SELECT id, restante FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ? AND restante > 0
		AND (vence_en IS NULL OR vence_en > ?) ORDER BY vence_en IS NULL, vence_en, id`, empresaID, clienteID, c.Now())
	if err != nil {
		return 0, wrap("leer lotes de puntos", err)
	}
	var tomado int64
	for _, l := range lotes {
		if tomado == puntos {
			break
		}
		x := min(l.restante, puntos-tomado)
		if err := asignar(ctx, c, empresaID, movID, l.id, -x); err != nil {
			return tomado, err
		}
		tomado += x
	}
	return tomado, nil
}

// debitar takes puntos for movement movID from the lots; what they lack is
// the movement's pendiente (debt), which it returns.
func debitar(ctx context.Context, c sqldb.Conn, empresaID, clienteID, movID, puntos int64) (int64, error) {
	tomado, err := tomar(ctx, c, empresaID, clienteID, movID, puntos)
	if err != nil || tomado == puntos {
		return 0, err
	}
	_, err = c.Exec(ctx, `UPDATE puntos_movimientos SET pendiente = pendiente + ? WHERE id = ?`, puntos-tomado, movID)
	return puntos - tomado, wrap("anotar deuda de puntos", err)
}

// saldarDeuda pays the customer's debt, oldest first, from the lots.
func saldarDeuda(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) error {
	deudas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l loteVivo, err error) {
		return l, sc.Scan(&l.id, &l.restante)
	}, `SELECT id, pendiente FROM puntos_movimientos WHERE empresa_id = ? AND cliente_id = ? AND pendiente > 0 ORDER BY id`,
		empresaID, clienteID)
	if err != nil {
		return wrap("leer deuda de puntos", err)
	}
	for _, d := range deudas {
		tomado, err := tomar(ctx, c, empresaID, clienteID, d.id, d.restante)
		if err != nil {
			return err
		}
		if tomado > 0 {
			if _, err := c.Exec(ctx, `UPDATE puntos_movimientos SET pendiente = pendiente - ? WHERE id = ?`, tomado, d.id); err != nil {
				return wrap("saldar deuda de puntos", err)
			}
		}
		if tomado < d.restante {
			return nil
		}
	}
	return nil
}

// saldoPuntos is what the customer's lots not expired hold and what the
// customer owes; the balance is the first less the second.
func saldoPuntos(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) (disponible, deuda int64, err error) {
	err = c.QueryRow(ctx, `SELECT COALESCE((SELECT SUM(restante) FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ?
		AND restante > 0 AND (vence_en IS NULL OR vence_en > ?)), 0),
		COALESCE((SELECT SUM(pendiente) FROM puntos_movimientos WHERE empresa_id = ? AND cliente_id = ? AND pendiente > 0), 0)`,
		empresaID, clienteID, c.Now(), empresaID, clienteID).Scan(&disponible, &deuda)
	return disponible, deuda, wrap("leer saldo de puntos", err)
}

// The customer's points.

// LotePuntos is a lot with points left and not expired.
type LotePuntos struct {
	ID       int64
	Puntos   int64
	Restante int64
	VenceEn  *time.Time
	CreadoEn time.Time
}

// MovimientoPuntos is one movement of a customer's history.
type MovimientoPuntos struct {
	ID              int64
	Tipo            string
	Puntos          int64
	Pendiente       int64 // what the movement still owes (debt)
	Motivo          string
	Descripcion     string
	CreadoEn        time.Time
	FechaExpiracion *time.Time // of the lot a credit made
	UsuarioNombre   *string    // who made it (nil: the system)
	PasajeID        *int64
	NumeroPasaje    *string
}

// PuntosCliente is a customer's points (backoffice §3 "Customer points data").
type PuntosCliente struct {
	Cliente domain.Cliente
	// Saldo is Disponible less Deuda: negative while the customer owes
	// points, and then no redemption is allowed.
	Saldo, Disponible, Deuda int64
	Nivel                    domain.Nivel
	EsFrecuente              bool
	Viajes                   int64 // in the frequent-traveller window up to now
	Lotes                    []LotePuntos
	Movimientos              []MovimientoPuntos // newest first, at most domain.MaxMovimientosMostrados
	TotalMovimientos         int64
}

// PuntosDeCliente reads one of the company's customers' points; another
// company's customer is not found.
func (s *Store) PuntosDeCliente(ctx context.Context, empresaID, clienteID int64) (PuntosCliente, error) {
	return puntosCliente(ctx, s.db.Conn(), empresaID, clienteID)
}

func puntosCliente(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) (PuntosCliente, error) {
	var (
		out PuntosCliente
		err error
	)
	if out.Cliente, err = cliente(ctx, c, empresaID, clienteID); err != nil {
		return out, err
	}
	cfg, err := configPuntos(ctx, c, empresaID)
	if err != nil {
		return out, err
	}
	if out.Disponible, out.Deuda, err = saldoPuntos(ctx, c, empresaID, clienteID); err != nil {
		return out, err
	}
	out.Saldo = out.Disponible - out.Deuda
	out.Nivel = domain.NivelDe(out.Saldo)
	if out.Viajes, err = viajesDeCliente(ctx, c, empresaID, clienteID, cfg, c.Now(), 0); err != nil {
		return out, err
	}
	out.EsFrecuente = cfg.EsFrecuente(out.Viajes)
	out.Lotes, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l LotePuntos, err error) {
		var vence sql.NullTime
		err = sc.Scan(&l.ID, &l.Puntos, &l.Restante, &vence, &l.CreadoEn)
		l.VenceEn, l.CreadoEn = instanteDe(vence), l.CreadoEn.UTC()
		return l, err
	}, `SELECT id, puntos, restante, vence_en, created_at FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ?
		AND restante > 0 AND (vence_en IS NULL OR vence_en > ?) ORDER BY vence_en IS NULL, vence_en, id`,
		empresaID, clienteID, c.Now())
	if err != nil {
		return out, wrap("leer lotes de puntos", err)
	}
	out.Movimientos, out.TotalMovimientos, err = sqldb.QueryPage(ctx, c, scanMovimientoPuntos,
		sqldb.Page{Limit: domain.MaxMovimientosMostrados}, sqldb.List{
			Columns: `m.id, m.tipo, m.puntos, m.pendiente, m.motivo, m.descripcion, m.created_at, l.vence_en,
				u.nombre_usuario, u.nombre, u.apellido, m.pasaje_id, p.numero_pasaje`,
			From: `FROM puntos_movimientos m LEFT JOIN puntos_lotes l ON l.movimiento_id = m.id
				LEFT JOIN usuarios u ON u.id = m.usuario_id LEFT JOIN pasajes p ON p.id = m.pasaje_id
				WHERE m.empresa_id = ? AND m.cliente_id = ?`,
			OrderBy: `ORDER BY m.id DESC`, Args: []any{empresaID, clienteID}})
	return out, wrap("leer movimientos de puntos", err)
}

func scanMovimientoPuntos(sc sqldb.Scanner) (MovimientoPuntos, error) {
	var (
		m                         MovimientoPuntos
		vence                     sql.NullTime
		usuario, nombre, apellido sql.NullString
	)
	err := sc.Scan(&m.ID, &m.Tipo, &m.Puntos, &m.Pendiente, &m.Motivo, &m.Descripcion, &m.CreadoEn, &vence, &usuario,
		&nombre, &apellido, &m.PasajeID, &m.NumeroPasaje)
	m.CreadoEn, m.FechaExpiracion = m.CreadoEn.UTC(), instanteDe(vence)
	if usuario.Valid {
		n := nombreCompleto(nombre.String, apellido.String, usuario.String)
		m.UsuarioNombre = &n
	}
	return m, err
}
