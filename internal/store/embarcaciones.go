package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// Audit actions of boats, timetables and departures.
const (
	AccionCreacionEmbarcacion      = "CREACION_EMBARCACION"
	AccionActualizacionEmbarcacion = "ACTUALIZACION_EMBARCACION"
	AccionCreacionHorario          = "CREACION_HORARIO"
	AccionActualizacionHorario     = "ACTUALIZACION_HORARIO"
	AccionEliminacionHorario       = "ELIMINACION_HORARIO"
	AccionGeneracionSalidas        = "GENERACION_SALIDAS"
	AccionCreacionSalida           = "CREACION_SALIDA_EXTRA"
	AccionEstadoSalida             = "CAMBIO_ESTADO_SALIDA"
	AccionEmbarcacionSalida        = "CAMBIO_EMBARCACION_SALIDA"
	AccionTripulacionSalida        = "TRIPULACION_SALIDA"
)

// Tables named by the configActualizada events of this area.
const (
	TablaEmbarcaciones = "embarcaciones"
	TablaHorarios      = "horarios"
	TablaSalidas       = "salidas"
)

const embarcacionColumnas = `SELECT id, nombre, matricula, capacidad, asientos, de_pie, vencimiento_certificado, activo
	FROM embarcaciones `

func scanEmbarcacion(sc sqldb.Scanner) (domain.Embarcacion, error) {
	var e domain.Embarcacion
	err := sc.Scan(&e.ID, &e.Nombre, &e.Matricula, &e.Capacidad, &e.Asientos, &e.DePie, &e.VencimientoCertificado, &e.Activo)
	return e, err
}

// ListarEmbarcaciones lists a company's boats by name.
func (s *Store) ListarEmbarcaciones(ctx context.Context, empresaID int64) ([]domain.Embarcacion, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanEmbarcacion,
		embarcacionColumnas+`WHERE empresa_id = ? ORDER BY nombre, id`, empresaID)
	return out, wrap("listar embarcaciones", err)
}

// embarcacion reads one of the company's boats; another company's is 404.
func embarcacion(ctx context.Context, c sqldb.Conn, empresaID, id int64) (domain.Embarcacion, error) {
	e, err := scanEmbarcacion(c.QueryRow(ctx, embarcacionColumnas+`WHERE empresa_id = ? AND id = ?`, empresaID, id))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return e, domain.NotFound(domain.MsgEmbarcacionNoEncontrada)
		}
		return e, wrap("leer embarcación", err)
	}
	return e, nil
}

// embarcacionAsignable reads a boat that a departure of fecha may take:
// active, and with its certificate valid on that date.
func embarcacionAsignable(ctx context.Context, c sqldb.Conn, empresaID, id int64, fecha string) (domain.Embarcacion, error) {
	e, err := embarcacion(ctx, c, empresaID, id)
	switch {
	case err != nil:
		return e, err
	case !e.Activo:
		return e, domain.Invalid(domain.MsgEmbarcacionInactiva(e.Nombre))
	case !domain.CertificadoVigente(e.VencimientoCertificado, fecha):
		return e, domain.Invalid(domain.MsgCertificadoVencido(e.Nombre, e.VencimientoCertificado, fecha))
	}
	return e, nil
}

// CrearEmbarcacion adds a boat to the actor's company (normalized by
// domain.NormalizarEmbarcacion), through idempotent, audited.
func (s *Store) CrearEmbarcacion(ctx context.Context, a Actor, e domain.Embarcacion) (domain.Embarcacion, error) {
	e, err := domain.NormalizarEmbarcacion(e)
	if err != nil {
		return e, err
	}
	return idempotent(ctx, s, a, "embarcaciones.crear", func(c sqldb.Conn) (domain.Embarcacion, error) {
		id, err := c.InsertID(ctx, `INSERT INTO embarcaciones (empresa_id, nombre, matricula, capacidad, asientos, de_pie,
			vencimiento_certificado, activo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, e.Nombre, e.Matricula, e.Capacidad, e.Asientos, e.DePie, e.VencimientoCertificado, e.Activo,
			c.Now(), c.Now())
		if sqldb.IsUniqueViolation(err) {
			return e, domain.Conflict(domain.MsgEmbarcacionDuplicada)
		}
		if err != nil {
			return e, wrap("crear embarcación", err)
		}
		out, err := embarcacion(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaEmbarcaciones}})
		return out, s.auditarCambio(ctx, c, a, AccionCreacionEmbarcacion, nil, out)
	})
}

// ActualizarEmbarcacion changes a boat of the actor's company, through
// idempotent, audited with the boat before and after. A new expiry date is
// warned about anew (aviso_vencimiento names the expiry already warned).
func (s *Store) ActualizarEmbarcacion(ctx context.Context, a Actor, id int64, e domain.Embarcacion) (domain.Embarcacion, error) {
	return idempotent(ctx, s, a, "embarcaciones.actualizar", func(c sqldb.Conn) (domain.Embarcacion, error) {
		antes, err := embarcacion(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		// another company's boat is a 404 before its body is judged
		if e, err = domain.NormalizarEmbarcacion(e); err != nil {
			return e, err
		}
		_, err = c.Exec(ctx, `UPDATE embarcaciones SET nombre = ?, matricula = ?, capacidad = ?, asientos = ?, de_pie = ?,
			vencimiento_certificado = ?, activo = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
			e.Nombre, e.Matricula, e.Capacidad, e.Asientos, e.DePie, e.VencimientoCertificado, e.Activo, c.Now(),
			a.EmpresaID, id)
		if sqldb.IsUniqueViolation(err) {
			return e, domain.Conflict(domain.MsgEmbarcacionDuplicada)
		}
		if err != nil {
			return e, wrap("actualizar embarcación", err)
		}
		out, err := embarcacion(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaEmbarcaciones}})
		return out, s.auditarCambio(ctx, c, a, AccionActualizacionEmbarcacion, antes, out)
	})
}

// ActivarEmbarcacion activates or deactivates a boat, through idempotent,
// audited. An inactive boat keeps the departures it has; it takes no new one.
func (s *Store) ActivarEmbarcacion(ctx context.Context, a Actor, id int64, activo bool) (domain.Embarcacion, error) {
	return idempotent(ctx, s, a, "embarcaciones.activar", func(c sqldb.Conn) (domain.Embarcacion, error) {
		antes, err := embarcacion(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		if _, err := c.Exec(ctx, `UPDATE embarcaciones SET activo = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
			activo, c.Now(), a.EmpresaID, id); err != nil {
			return antes, wrap("activar embarcación", err)
		}
		out := antes
		out.Activo = activo
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaEmbarcaciones}})
		return out, s.auditarCambio(ctx, c, a, AccionActualizacionEmbarcacion, antes, out)
	})
}

// certificadoPorAvisar is a boat whose certificate expiry is still to be warned about.
type certificadoPorAvisar struct {
	id, empresaID                  int64
	nombre, matricula, vence, zona string
}

// AvisarCertificados warns each company's admins, by a notification, of every
// active boat whose certificate expires within domain.DiasAvisoCertificado
// days (or has expired) of the company's day: once per boat and expiry date.
// The conditional UPDATE of aviso_vencimiento, in the transaction that
// writes the notifications, decides: run twice, or by several instances at
// once, each expiry is warned once. It answers how many boats it warned about.
func (s *Store) AvisarCertificados(ctx context.Context) (int, error) {
	now := s.Now()
	// a wide bound in UTC; each company's day is checked in Go
	hasta := now.AddDate(0, 0, domain.DiasAvisoCertificado+2).UTC().Format(time.DateOnly)
	pendientes, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (certificadoPorAvisar, error) {
		var p certificadoPorAvisar
		err := sc.Scan(&p.id, &p.empresaID, &p.nombre, &p.matricula, &p.vence, &p.zona)
		return p, err
	}, `SELECT b.id, b.empresa_id, b.nombre, b.matricula, b.vencimiento_certificado, e.timezone
		FROM embarcaciones b JOIN empresas e ON e.id = b.empresa_id
		WHERE b.activo = ? AND e.activa = ? AND b.vencimiento_certificado <= ?
		AND (b.aviso_vencimiento IS NULL OR b.aviso_vencimiento <> b.vencimiento_certificado)
		ORDER BY b.id`, true, true, hasta)
	if err != nil {
		return 0, wrap("leer certificados por vencer", err)
	}
	avisados := 0
	admins := map[int64][]int64{}
	for _, p := range pendientes {
		hoy := domain.DiaDe(now, domain.Location(p.zona)).Fecha
		if hoy < domain.AvisoCertificadoDesde(p.vence) {
			continue
		}
		ids, ok := admins[p.empresaID]
		if !ok {
			if ids, err = s.usuariosConRoles(ctx, p.empresaID, []string{domain.RolAdmin}); err != nil {
				return avisados, err
			}
			admins[p.empresaID] = ids
		}
		ok, err := s.avisarCertificado(ctx, p, hoy, ids)
		if err != nil {
			return avisados, err
		}
		if ok {
			avisados++
		}
	}
	return avisados, nil
}

// avisarCertificado claims one boat's warning and notifies its admins in one transaction.
func (s *Store) avisarCertificado(ctx context.Context, p certificadoPorAvisar, hoy string, admins []int64) (bool, error) {
	avisado := false
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		avisado = false
		res, err := c.Exec(ctx, `UPDATE embarcaciones SET aviso_vencimiento = vencimiento_certificado
			WHERE id = ? AND vencimiento_certificado = ?
			AND (aviso_vencimiento IS NULL OR aviso_vencimiento <> vencimiento_certificado)`, p.id, p.vence)
		if err != nil {
			return wrap("marcar aviso de certificado", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		avisado = true
		ns := make([]NuevaNotificacion, 0, len(admins))
		for _, u := range admins {
			ns = append(ns, NuevaNotificacion{EmpresaID: p.empresaID, UsuarioID: u, Tipo: domain.NotifAlerta,
				Titulo:  domain.TituloCertificadoPorVencer,
				Mensaje: domain.MensajeCertificadoPorVencer(p.nombre, p.matricula, p.vence, hoy),
				Datos:   events.AvisoCertificado{EmbarcacionID: p.id, VencimientoCertificado: p.vence}})
		}
		if len(ns) == 0 {
			return nil
		}
		return s.notificar(ctx, c, ns)
	})
	return avisado, err
}

// tareaSalidas: every hour, every active company's departures for the coming
// days are generated (GenerarSalidas) and the certificates about to expire
// warned of (AvisarCertificados, and the companies' ARCA certificates:
// AvisarCertificadosFiscales); all are idempotent.
func (s *Store) tareaSalidas(r *jobs.Runner) {
	r.Every("generar_salidas", time.Hour, s.generarSalidasYAvisos)
}

// generarSalidasYAvisos is one turn of tareaSalidas: a company that fails
// does not stop the others; the errors are returned together.
func (s *Store) generarSalidasYAvisos(ctx context.Context) error {
	ids, err := sqldb.QueryIDs(ctx, s.db.Conn(), `SELECT id FROM empresas WHERE activa = ? ORDER BY id`, true)
	if err != nil {
		return wrap("leer las empresas para generar salidas", err)
	}
	var errs []error
	for _, id := range ids {
		if _, err := s.GenerarSalidas(ctx, id); err != nil {
			errs = append(errs, fmt.Errorf("salidas de la empresa %d: %w", id, err))
		}
	}
	if _, err := s.AvisarCertificados(ctx); err != nil {
		errs = append(errs, fmt.Errorf("avisar certificados por vencer: %w", err))
	}
	if _, err := s.AvisarCertificadosFiscales(ctx); err != nil {
		errs = append(errs, fmt.Errorf("avisar certificados de ARCA por vencer: %w", err))
	}
	return errors.Join(errs...)
}
