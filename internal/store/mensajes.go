package store

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Outbox states and channels.
const (
	MensajePendiente = "pendiente"
	MensajeEnviado   = "enviado"
	MensajeFallido   = "fallido"

	CanalEmail    = "email"
	CanalWhatsApp = "whatsapp"

	// TipoPasajes is a message carrying tickets.
	TipoPasajes = "pasajes"
)

// MsgMensajeNoEncontrado answers a message id that is not the company's.
const MsgMensajeNoEncontrado = "Mensaje no encontrado"

// Mensaje is one row of the outbox.
type Mensaje struct {
	ID             int64      `json:"id"`
	EmpresaID      int64      `json:"-"`
	Canal          string     `json:"canal"`
	Tipo           string     `json:"tipo"`
	Destino        string     `json:"destino"`
	Cliente        string     `json:"cliente"`
	Estado         string     `json:"estado"`
	Intentos       int        `json:"intentos"`
	ProximoIntento time.Time  `json:"proximo_intento"`
	Error          string     `json:"error,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
	EnviadoAt      *time.Time `json:"enviado_at,omitempty"`
	PasajeIDs      []int64    `json:"pasaje_ids"`
}

// NuevoMensaje is a message asked for: the channel, kind, destination, the
// customer's name and the tickets it carries.
type NuevoMensaje struct {
	Canal, Tipo, Destino, Cliente string
	PasajeIDs                     []int64
	// VendedorID > 0 narrows the tickets to that seller's (a role that sees
	// only its own sales).
	VendedorID int64
	// SoloVentaPropia: the caller lacks the send permission and may send only
	// tickets it sold within domain.PlazoAnulacionPropia (the after-sale dialog).
	SoloVentaPropia bool
}

const columnasMensaje = `m.id, m.empresa_id, m.canal, m.tipo, m.destino, m.cliente, m.estado, m.intentos,
	m.proximo_intento, m.error, m.created_at, m.enviado_at`

func scanMensaje(sc sqldb.Scanner) (Mensaje, error) {
	var (
		m       Mensaje
		fallo   sql.NullString
		enviado sql.NullTime
	)
	err := sc.Scan(&m.ID, &m.EmpresaID, &m.Canal, &m.Tipo, &m.Destino, &m.Cliente, &m.Estado, &m.Intentos,
		&m.ProximoIntento, &fallo, &m.CreatedAt, &enviado)
	m.Error, m.ProximoIntento, m.CreatedAt = fallo.String, m.ProximoIntento.UTC(), m.CreatedAt.UTC()
	if enviado.Valid {
		t := enviado.Time.UTC()
		m.EnviadoAt = &t
	}
	return m, err
}

// despertadores are the outbox workers' wake-ups, by channel (AlEncolarMensaje).
type despertadores struct {
	mu       sync.RWMutex
	porCanal map[string][]func()
}

// AlEncolarMensaje registers despertar to run once a transaction that queued
// a message of canal has committed (EncolarMensaje, ReenviarMensaje): `muelle
// serve` wakes the channel's outbox job with it (jobs.Runner.HandleCola). A
// refused or rolled-back write and an idempotent replay run none (the
// transaction's AfterCommit).
func (s *Store) AlEncolarMensaje(canal string, despertar func()) {
	s.despertadores.mu.Lock()
	defer s.despertadores.mu.Unlock()
	if s.despertadores.porCanal == nil {
		s.despertadores.porCanal = map[string][]func(){}
	}
	s.despertadores.porCanal[canal] = append(s.despertadores.porCanal[canal], despertar)
}

// despertarSalida wakes the outbox workers of canal.
func (s *Store) despertarSalida(canal string) {
	s.despertadores.mu.RLock()
	despertar := s.despertadores.porCanal[canal]
	s.despertadores.mu.RUnlock()
	for _, d := range despertar {
		d()
	}
}

// EncolarMensaje writes a message to the outbox in its own transaction (with
// the actor's idempotency key: a retried request makes one message), and
// wakes the channel's worker once it has committed. Every ticket must be the
// company's (404 otherwise).
func (s *Store) EncolarMensaje(ctx context.Context, a Actor, n NuevoMensaje) (Mensaje, error) {
	return idempotent(ctx, s, a, "mensajes.encolar."+n.Canal, func(c sqldb.Conn) (Mensaje, error) {
		return s.encolar(ctx, c, a, n)
	})
}

// encolar inserts the message and its tickets inside the caller's
// transaction, and registers the wake-up of the channel's worker for after
// its commit.
func (s *Store) encolar(ctx context.Context, c sqldb.Conn, a Actor, n NuevoMensaje) (Mensaje, error) {
	// a caller limited to its own recent sale meets one 403 for anything else,
	// missing tickets included
	check := func() error { return pasajesDeLaEmpresa(ctx, c, a.EmpresaID, n.VendedorID, n.PasajeIDs) }
	if n.SoloVentaPropia {
		check = func() error { return ventaPropiaReciente(ctx, c, a, n.PasajeIDs) }
	}
	if err := check(); err != nil {
		return Mensaje{}, err
	}
	if n.Canal == CanalWhatsApp {
		if err := whatsAppVinculado(ctx, c, a.EmpresaID); err != nil {
			return Mensaje{}, err
		}
	}
	id, err := c.InsertID(ctx, `INSERT INTO mensajes (empresa_id, canal, tipo, destino, cliente, estado, intentos,
		proximo_intento, usuario_id, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		a.EmpresaID, n.Canal, n.Tipo, n.Destino, n.Cliente, MensajePendiente, c.Now(), a.UsuarioID, c.Now())
	if err != nil {
		return Mensaje{}, wrap("encolar mensaje", err)
	}
	for _, p := range n.PasajeIDs {
		if _, err := c.Exec(ctx, `INSERT INTO mensaje_pasajes (empresa_id, mensaje_id, pasaje_id) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, a.EmpresaID, id, p); err != nil {
			return Mensaje{}, wrap("encolar mensaje", err)
		}
	}
	c.AfterCommit(func() { s.despertarSalida(n.Canal) })
	return Mensaje{ID: id, EmpresaID: a.EmpresaID, Canal: n.Canal, Tipo: n.Tipo, Destino: n.Destino,
		Cliente: n.Cliente, Estado: MensajePendiente, ProximoIntento: c.Now(), CreatedAt: c.Now(),
		PasajeIDs: n.PasajeIDs}, nil
}

// pasajesDeLaEmpresa refuses with 404 any id that is not one of the company's
// tickets (of the seller, when vendedorID > 0).
func pasajesDeLaEmpresa(ctx context.Context, c sqldb.Conn, empresaID, vendedorID int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{empresaID}
	distintos := map[int64]bool{}
	for _, id := range ids {
		args, distintos[id] = append(args, id), true
	}
	q := `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND id IN (` + sqldb.Placeholders(len(ids)) + `)`
	if vendedorID > 0 {
		q, args = q+` AND usuario_id = ?`, append(args, vendedorID)
	}
	var n int
	err := c.QueryRow(ctx, q, args...).Scan(&n)
	if err != nil {
		return wrap("buscar pasajes", err)
	}
	if n != len(distintos) {
		return domain.NotFound(domain.MsgPasajeNoEncontrado)
	}
	return nil
}

// ventaPropiaReciente refuses with the 403 of a missing permission unless the
// actor sold every ticket within domain.PlazoAnulacionPropia.
func ventaPropiaReciente(ctx context.Context, c sqldb.Conn, a Actor, ids []int64) error {
	desde := c.Now().Add(-domain.PlazoAnulacionPropia)
	for _, id := range ids {
		var n int
		err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE id = ? AND empresa_id = ? AND usuario_id = ?
			AND created_at >= ?`, id, a.EmpresaID, a.UsuarioID, desde).Scan(&n)
		if err != nil {
			return wrap("buscar venta propia", err)
		}
		if n == 0 {
			return domain.Forbidden(domain.MsgSinPermisos)
		}
	}
	return nil
}

// ReclamarMensaje claims the oldest due message of the channels for lease:
// exactly one claimer gets each (FOR UPDATE SKIP LOCKED on PostgreSQL; on
// SQLite the conditional UPDATE's row count decides). A claim whose lease ran
// out (its worker died) is due again. ok is false when nothing is due.
func (s *Store) ReclamarMensaje(ctx context.Context, lease time.Duration, canales ...string) (m Mensaje, ok bool, err error) {
	if len(canales) == 0 {
		return Mensaje{}, false, nil
	}
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		args := []any{MensajePendiente}
		for _, canal := range canales {
			args = append(args, canal)
		}
		id, reclamado, err := reclamarFila(ctx, c, filaReclamable{tabla: "mensajes", vence: "proximo_intento",
			donde: `estado = ? AND canal IN (` + sqldb.Placeholders(len(canales)) + `)`, intentos: true}, lease, args...)
		if err != nil || !reclamado {
			return err
		}
		if m, err = mensajePorID(ctx, c, id); err != nil {
			return err
		}
		ok = true
		return nil
	})
	return m, ok, err
}

func mensajePorID(ctx context.Context, c sqldb.Conn, id int64) (Mensaje, error) {
	m, err := scanMensaje(c.QueryRow(ctx, `SELECT `+columnasMensaje+` FROM mensajes m WHERE m.id = ?`, id))
	if err != nil {
		return Mensaje{}, wrap("leer mensaje", err)
	}
	ids, err := sqldb.QueryIDs(ctx, c, `SELECT pasaje_id FROM mensaje_pasajes WHERE mensaje_id = ? ORDER BY pasaje_id`, id)
	m.PasajeIDs = ids
	return m, wrap("leer pasajes del mensaje", err)
}

// MarcarEnviado records that the claimed message was sent. false: the claim
// was lost (its lease ran out and another worker holds it).
// A mail sent proves the company's SMTP configuration as a test would: one
// saved and never tested stops being 'Configurado, sin probar', and a failed test is
// outdone.
func (s *Store) MarcarEnviado(ctx context.Context, m Mensaje) (bool, error) {
	ok, err := s.cerrarReclamo(ctx, m, func(c sqldb.Conn) error { return s.resultadoEnvioReporte(ctx, c, m, "", true) },
		`estado = ?, enviado_at = ?, error = NULL`, MensajeEnviado, s.Now())
	if !ok || err != nil || m.Canal != CanalEmail {
		return ok, err
	}
	_, err = s.db.Conn().Exec(ctx, `UPDATE configuracion_email SET ultima_prueba = ?, ultimo_error = NULL
		WHERE empresa_id = ? AND (ultima_prueba IS NULL OR ultimo_error IS NOT NULL)`, s.Now(), m.EmpresaID)
	return ok, wrap("registrar envío de email", err)
}

// MarcarFallido records that the claimed message failed for good with motivo.
func (s *Store) MarcarFallido(ctx context.Context, m Mensaje, motivo string) (bool, error) {
	return s.cerrarReclamo(ctx, m, func(c sqldb.Conn) error { return s.resultadoEnvioReporte(ctx, c, m, motivo, false) },
		`estado = ?, error = ?`, MensajeFallido, motivo)
}

// Reintentar leaves the claimed message pending until en, with motivo as its last error.
func (s *Store) Reintentar(ctx context.Context, m Mensaje, en time.Time, motivo string) (bool, error) {
	return s.cerrarReclamo(ctx, m, nil, `proximo_intento = ?, error = ?`, en, motivo)
}

// SoltarMensaje frees the claimed message at once, the attempt not counted:
// a send cut short by a shutdown is due again for another worker.
func (s *Store) SoltarMensaje(ctx context.Context, m Mensaje) (bool, error) {
	return s.cerrarReclamo(ctx, m, nil, `intentos = intentos - 1`)
}

// cerrarReclamo applies set to the message if this claim still holds it
// and, in the same transaction, despues (when set): each claim counts an
// attempt, so a claim taken over after its lease ran out has another count.
func (s *Store) cerrarReclamo(ctx context.Context, m Mensaje, despues func(sqldb.Conn) error, set string,
	args ...any) (ok bool, err error) {
	args = append(args, m.ID, m.Intentos, MensajePendiente)
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		res, err := c.Exec(ctx, `UPDATE mensajes SET `+set+`, reclamado_hasta = NULL
			WHERE id = ? AND intentos = ? AND estado = ? AND reclamado_hasta IS NOT NULL`, args...)
		if err != nil {
			return wrap("actualizar mensaje", err)
		}
		n, err := res.RowsAffected()
		if ok = n == 1; err != nil || !ok || despues == nil || m.Tipo != TipoReporte {
			return wrap("actualizar mensaje", err)
		}
		return despues(c)
	})
	return ok, err
}

// MensajesDePasaje lists the company's messages that carry the ticket, newest first.
func (s *Store) MensajesDePasaje(ctx context.Context, empresaID, pasajeID int64) ([]Mensaje, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanMensaje, `SELECT `+columnasMensaje+` FROM mensajes m
		JOIN mensaje_pasajes mp ON mp.mensaje_id = m.id
		WHERE m.empresa_id = ? AND mp.pasaje_id = ? ORDER BY m.id DESC`, empresaID, pasajeID)
	for i := range out {
		out[i].PasajeIDs = []int64{pasajeID}
	}
	return out, wrap("listar mensajes del pasaje", err)
}

// ReenviarMensaje makes a new pending copy of one of the company's messages
// (the old one keeps its history) with the actor's idempotency key, and
// wakes the channel's worker once it has committed.
// vendedorID and soloPropia narrow it as in NuevoMensaje.
func (s *Store) ReenviarMensaje(ctx context.Context, a Actor, id, vendedorID int64, soloPropia bool) (Mensaje, error) {
	return idempotent(ctx, s, a, "mensajes.reenviar", func(c sqldb.Conn) (Mensaje, error) {
		m, err := mensajePorID(ctx, c, id)
		missing, err := sqldb.NoRows(err)
		if err != nil {
			return Mensaje{}, err
		}
		if missing || m.EmpresaID != a.EmpresaID {
			return Mensaje{}, domain.NotFound(MsgMensajeNoEncontrado)
		}
		return s.encolar(ctx, c, a, NuevoMensaje{Canal: m.Canal, Tipo: m.Tipo, Destino: m.Destino,
			Cliente: m.Cliente, PasajeIDs: m.PasajeIDs, VendedorID: vendedorID, SoloVentaPropia: soloPropia})
	})
}
