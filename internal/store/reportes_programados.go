package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Audit actions of the report schedules.
const (
	AccionCreacionPrograma      = "CREACION_ENVIO_PROGRAMADO"
	AccionActualizacionPrograma = "ACTUALIZACION_ENVIO_PROGRAMADO"
	AccionEliminacionPrograma   = "ELIMINACION_ENVIO_PROGRAMADO"
)

// ProgramaReporte is a report schedule of a company: what it sends
// (domain.ReporteProgramado), whose permission it sends with (UsuarioID, the
// last to save it), whether it runs, when it is due and how its sends went.
type ProgramaReporte struct {
	ID             int64      `json:"id"`
	EmpresaID      int64      `json:"-"`
	UsuarioID      int64      `json:"-"`
	Usuario        string     `json:"usuario"`
	Tipo           string     `json:"tipo" enum:"cajas_diario,ventas_semanal,ventas_mensual"`
	Formato        string     `json:"formato" enum:"pdf,xlsx"`
	Hora           int        `json:"hora"`
	Destinatarios  []string   `json:"destinatarios"`
	Asunto         string     `json:"asunto"`
	Activo         bool       `json:"activo"`
	FallosSeguidos int        `json:"fallos_seguidos"`
	ProximoEnvio   time.Time  `json:"proximo_envio"`
	DiaEnvio       string     `json:"-"`
	UltimoEnvio    *time.Time `json:"ultimo_envio"`
	UltimoError    string     `json:"ultimo_error"`
}

// Pedido is what the schedule asks for.
func (p ProgramaReporte) Pedido() domain.ReporteProgramado {
	return domain.ReporteProgramado{Tipo: p.Tipo, Formato: p.Formato, Hora: p.Hora, Destinatarios: p.Destinatarios,
		Asunto: p.Asunto}
}

const columnasPrograma = `p.id, p.empresa_id, p.usuario_id, u.nombre_usuario, p.tipo, p.formato, p.hora,
	p.destinatarios, p.asunto, p.activo, p.fallos_seguidos, p.proximo_envio, p.dia_envio, p.ultimo_envio, p.ultimo_error`

const desdeProgramas = ` FROM reportes_programados p JOIN usuarios u ON u.id = p.usuario_id`

func scanPrograma(sc sqldb.Scanner) (ProgramaReporte, error) {
	var (
		p             ProgramaReporte
		destinatarios string
		ultimo        sql.NullTime
		fallo         sql.NullString
	)
	err := sc.Scan(&p.ID, &p.EmpresaID, &p.UsuarioID, &p.Usuario, &p.Tipo, &p.Formato, &p.Hora, &destinatarios,
		&p.Asunto, &p.Activo, &p.FallosSeguidos, &p.ProximoEnvio, &p.DiaEnvio, &ultimo, &fallo)
	if err != nil {
		return p, err
	}
	p.ProximoEnvio, p.UltimoError = p.ProximoEnvio.UTC(), fallo.String
	if ultimo.Valid {
		t := ultimo.Time.UTC()
		p.UltimoEnvio = &t
	}
	return p, json.Unmarshal([]byte(destinatarios), &p.Destinatarios)
}

// ProgramasDeEmpresa lists the company's report schedules, oldest first.
func (s *Store) ProgramasDeEmpresa(ctx context.Context, empresaID int64) ([]ProgramaReporte, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanPrograma, `SELECT `+columnasPrograma+desdeProgramas+`
		WHERE p.empresa_id = ? ORDER BY p.id LIMIT 200`, empresaID)
	return out, wrap("listar envíos programados", err)
}

// ProgramaDeEmpresa is one of the company's schedules (404 for another's).
func (s *Store) ProgramaDeEmpresa(ctx context.Context, empresaID, id int64) (ProgramaReporte, error) {
	return programaPorID(ctx, s.db.Conn(), empresaID, id)
}

func programaPorID(ctx context.Context, c sqldb.Conn, empresaID, id int64) (ProgramaReporte, error) {
	p, err := scanPrograma(c.QueryRow(ctx, `SELECT `+columnasPrograma+desdeProgramas+`
		WHERE p.id = ? AND p.empresa_id = ?`, id, empresaID))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return p, domain.NotFound(domain.MsgProgramaNoEncontrado)
		}
		return p, wrap("leer envío programado", err)
	}
	return p, nil
}

// Agenda is when a schedule is next due: the instant, and the business day
// whose period it will report.
type Agenda struct {
	Proximo time.Time
	Dia     string
}

// CrearPrograma saves a new, running schedule of the actor (who owns it) due
// at agenda, audited, with the actor's idempotency key.
func (s *Store) CrearPrograma(ctx context.Context, a Actor, p domain.ReporteProgramado, agenda Agenda) (ProgramaReporte, error) {
	return idempotent(ctx, s, a, "reportes.programar", func(c sqldb.Conn) (ProgramaReporte, error) {
		if err := topeProgramas(ctx, c, a.EmpresaID); err != nil {
			return ProgramaReporte{}, err
		}
		destinatarios, err := json.Marshal(p.Destinatarios)
		if err != nil {
			return ProgramaReporte{}, err
		}
		id, err := c.InsertID(ctx, `INSERT INTO reportes_programados (empresa_id, usuario_id, tipo, formato, hora,
			destinatarios, asunto, activo, fallos_seguidos, proximo_envio, dia_envio, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`, a.EmpresaID, a.UsuarioID, p.Tipo, p.Formato, p.Hora,
			string(destinatarios), p.Asunto, true, agenda.Proximo, agenda.Dia, c.Now(), c.Now())
		if err != nil {
			return ProgramaReporte{}, wrap("crear envío programado", err)
		}
		out, err := programaPorID(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		return out, s.auditarCambio(ctx, c, a, AccionCreacionPrograma, nil, out)
	})
}

// topeProgramas refuses a new schedule of a company that has
// domain.MaxProgramasPorEmpresa (409), counted with the company's row locked
// (PostgreSQL; SQLite's write transactions are exclusive already) so that
// parallel creations count one after the other.
func topeProgramas(ctx context.Context, c sqldb.Conn, empresaID int64) error {
	var id, n int64
	if err := c.QueryRow(ctx, `SELECT id FROM empresas WHERE id = ?`+c.Dialect().ForNoKeyUpdate(), empresaID).Scan(&id); err != nil {
		return wrap("bloquear empresa", err)
	}
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM reportes_programados WHERE empresa_id = ?`, empresaID).Scan(&n); err != nil {
		return wrap("contar envíos programados", err)
	}
	if n >= domain.MaxProgramasPorEmpresa {
		return domain.Conflict(domain.MsgTopeProgramas)
	}
	return nil
}

// ActualizarPrograma replaces one of the company's schedules (404 for
// another's): the actor becomes its owner; activo pauses or resumes it, and
// resuming clears its failures; the schedule is due again at agenda.
func (s *Store) ActualizarPrograma(ctx context.Context, a Actor, id int64, p domain.ReporteProgramado, activo bool,
	agenda Agenda) (ProgramaReporte, error) {
	return idempotent(ctx, s, a, "reportes.reprogramar", func(c sqldb.Conn) (ProgramaReporte, error) {
		antes, err := programaPorID(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		destinatarios, err := json.Marshal(p.Destinatarios)
		if err != nil {
			return ProgramaReporte{}, err
		}
		fallos := antes.FallosSeguidos
		if activo && !antes.Activo {
			fallos = 0
		}
		_, err = c.Exec(ctx, `UPDATE reportes_programados SET usuario_id = ?, tipo = ?, formato = ?, hora = ?,
			destinatarios = ?, asunto = ?, activo = ?, fallos_seguidos = ?, proximo_envio = ?, dia_envio = ?,
			updated_at = ? WHERE id = ? AND empresa_id = ?`, a.UsuarioID, p.Tipo, p.Formato, p.Hora,
			string(destinatarios), p.Asunto, activo, fallos, agenda.Proximo, agenda.Dia, c.Now(), id, a.EmpresaID)
		if err != nil {
			return ProgramaReporte{}, wrap("actualizar envío programado", err)
		}
		out, err := programaPorID(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		return out, s.auditarCambio(ctx, c, a, AccionActualizacionPrograma, antes, out)
	})
}

// EliminarPrograma deletes one of the company's schedules (404 for another's);
// the mails it already queued still go.
func (s *Store) EliminarPrograma(ctx context.Context, a Actor, id int64) error {
	_, err := idempotent(ctx, s, a, "reportes.desprogramar", func(c sqldb.Conn) (bool, error) {
		antes, err := programaPorID(ctx, c, a.EmpresaID, id)
		if err != nil {
			return false, err
		}
		if _, err := c.Exec(ctx, `DELETE FROM reportes_programados WHERE id = ? AND empresa_id = ?`, id, a.EmpresaID); err != nil {
			return false, wrap("eliminar envío programado", err)
		}
		return true, s.auditarCambio(ctx, c, a, AccionEliminacionPrograma, antes, nil)
	})
	return err
}

// ReclamarPrograma claims the running schedule due the longest for lease:
// exactly one claimer gets each (as ReclamarMensaje), so a send runs once
// however many instances look. ok is false when none is due.
func (s *Store) ReclamarPrograma(ctx context.Context, lease time.Duration) (p ProgramaReporte, ok bool, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		id, reclamado, err := reclamarFila(ctx, c, filaReclamable{tabla: "reportes_programados", vence: "proximo_envio",
			donde: "activo = ?"}, lease, true)
		if err != nil || !reclamado {
			return err
		}
		var empresaID int64
		if err := c.QueryRow(ctx, `SELECT empresa_id FROM reportes_programados WHERE id = ?`, id).Scan(&empresaID); err != nil {
			return wrap("leer envío programado", err)
		}
		p, err = programaPorID(ctx, c, empresaID, id)
		ok = err == nil
		return err
	})
	return p, ok, err
}

// ComprobarDueño refuses (403) the send of a schedule whose owner is gone,
// off, of another company or no longer holds domain.PermisoEnviosProgramados,
// or whose company lost the reports module: a schedule sends with its
// owner's permission, checked again at each send.
func (s *Store) ComprobarDueño(ctx context.Context, p ProgramaReporte) error {
	u, found, err := s.UsuarioPorID(ctx, p.UsuarioID)
	if err != nil {
		return err
	}
	if !found || !u.Habilitado() || u.EmpresaID != p.EmpresaID ||
		!domain.ConPermiso(domain.PermisoEnviosProgramados).Permite(u.Rol, u.Permisos) {
		return domain.Forbidden(domain.MsgSinPermisos)
	}
	m, err := s.ModulosActivosDe(ctx, p.EmpresaID, u.ModulosVersion)
	if err != nil {
		return err
	}
	return m.Exigir(domain.ModuloReportes, s.Now())
}

// EnviarPrograma queues the claimed schedule's report to each of its
// recipients, as its owner, and makes it due next at agenda, in one
// transaction. false: the claim was lost (another instance holds it now).
// Recipients that would pass the company's daily cap of report mails send
// nothing (429, domain.TopeReportesDelDia): the caller records the failure.
func (s *Store) EnviarPrograma(ctx context.Context, p ProgramaReporte, r ReporteEmail, agenda Agenda) (bool, error) {
	var ok bool
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		if err := topeReportes(ctx, c, p.EmpresaID, r.Zona, len(p.Destinatarios), true); err != nil {
			return err
		}
		var err error
		ok, err = soltarPrograma(ctx, c, p, `ultimo_envio = ?, proximo_envio = ?, dia_envio = ?`, c.Now(),
			agenda.Proximo, agenda.Dia)
		if err != nil || !ok {
			return err
		}
		dueño := Actor{UsuarioID: p.UsuarioID, EmpresaID: p.EmpresaID}
		for _, d := range p.Destinatarios {
			if _, err := s.encolarReporte(ctx, c, dueño, d, r, p.ID); err != nil {
				return err
			}
		}
		return nil
	})
	return ok, err
}

// FallarPrograma records a failed send of the claimed schedule: it retries
// at reintento, unless it failed domain.FallosParaPausar times in a row (or
// pausar) and is paused, its owner notified.
func (s *Store) FallarPrograma(ctx context.Context, p ProgramaReporte, motivo string, reintento time.Time, pausar bool) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		ok, err := soltarPrograma(ctx, c, p, `proximo_envio = ?`, reintento)
		if err != nil || !ok {
			return err
		}
		return s.contarFalloPrograma(ctx, c, p.ID, motivo, pausar)
	})
}

// soltarPrograma applies set to the schedule and releases the claim, if the
// claim still holds it.
func soltarPrograma(ctx context.Context, c sqldb.Conn, p ProgramaReporte, set string, args ...any) (bool, error) {
	args = append(args, p.ID)
	res, err := c.Exec(ctx, `UPDATE reportes_programados SET `+set+`, reclamado_hasta = NULL
		WHERE id = ? AND reclamado_hasta IS NOT NULL`, args...)
	if err != nil {
		return false, wrap("actualizar envío programado", err)
	}
	n, err := res.RowsAffected()
	return n == 1, wrap("actualizar envío programado", err)
}

// contarFalloPrograma counts a failure of the schedule with its reason, and
// pauses it (notifying its owner) on the domain.FallosParaPausar-th in a
// row, or at once when pausar.
func (s *Store) contarFalloPrograma(ctx context.Context, c sqldb.Conn, id int64, motivo string, pausar bool) error {
	var empresaID, usuarioID int64
	var fallos int
	var activo bool
	var asunto string
	err := c.QueryRow(ctx, `UPDATE reportes_programados SET fallos_seguidos = fallos_seguidos + 1, ultimo_error = ?
		WHERE id = ? RETURNING empresa_id, usuario_id, fallos_seguidos, activo, asunto`, motivo, id).
		Scan(&empresaID, &usuarioID, &fallos, &activo, &asunto)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return wrap("contar fallo de envío programado", err) // a deleted schedule counts nothing
	}
	if !activo || (!pausar && fallos < domain.FallosParaPausar) {
		return nil
	}
	if _, err := c.Exec(ctx, `UPDATE reportes_programados SET activo = ? WHERE id = ?`, false, id); err != nil {
		return wrap("pausar envío programado", err)
	}
	texto := domain.MensajeProgramaPausado(asunto)
	if pausar {
		texto = domain.MsgEnvioProgramadoPausado + " \"" + asunto + "\": " + motivo
	}
	return s.notificar(ctx, c, []NuevaNotificacion{{EmpresaID: empresaID, UsuarioID: usuarioID,
		Tipo: domain.NotifAlerta, Titulo: domain.MsgEnvioProgramadoPausado, Mensaje: texto,
		Datos: events.AvisoProgramaPausado{ProgramaID: id}}})
}

// resultadoEnvioReporte counts the delivery of a schedule's mail: a mail sent
// clears the schedule's failures, one failed for good counts one.
func (s *Store) resultadoEnvioReporte(ctx context.Context, c sqldb.Conn, m Mensaje, motivo string, enviado bool) error {
	var programa sql.NullInt64
	err := c.QueryRow(ctx, `SELECT programa_id FROM mensaje_reportes WHERE mensaje_id = ?`, m.ID).Scan(&programa)
	if missing, err := sqldb.NoRows(err); err != nil || missing || !programa.Valid {
		return wrap("leer programa del mensaje", err)
	}
	if enviado {
		_, err := c.Exec(ctx, `UPDATE reportes_programados SET fallos_seguidos = 0, ultimo_error = NULL WHERE id = ?`,
			programa.Int64)
		return wrap("registrar envío programado", err)
	}
	// the schedule keeps the failure's category only: its detail (a host, the
	// server's answer) stays with the message and the log
	return s.contarFalloPrograma(ctx, c, programa.Int64, domain.ClasificarFalla(motivo).Categoria, false)
}
