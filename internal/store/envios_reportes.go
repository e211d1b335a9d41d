package store

import (
	"context"
	"database/sql"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// TipoReporte is an outbox message carrying a report (mensaje_reportes).
const TipoReporte = "reporte"

// ArchivoReporte is a report's file as a message carries it.
type ArchivoReporte struct {
	Nombre, Tipo string
	Datos        []byte
}

// ReporteEmail is the report a message carries: its subject, its HTML body
// and its file (none when the period had no rows; the body says so).
type ReporteEmail struct {
	Asunto, Cuerpo string
	Archivo        *ArchivoReporte
	// Zona is the company's time zone: the daily cap counts its business day.
	Zona string
}

// EncolarReporte writes to the outbox the mail of the report r to destino,
// with the actor's idempotency key (a retried request makes one message), and
// wakes the e-mail worker once it has committed.
func (s *Store) EncolarReporte(ctx context.Context, a Actor, destino string, r ReporteEmail) (Mensaje, error) {
	return idempotent(ctx, s, a, "mensajes.reporte", func(c sqldb.Conn) (Mensaje, error) {
		if err := topeReportes(ctx, c, a.EmpresaID, r.Zona, 1, true); err != nil {
			return Mensaje{}, err
		}
		return s.encolarReporte(ctx, c, a, destino, r, 0)
	})
}

// ComprobarTopeReportes refuses (429) n more report mails of the company
// past domain.MaxReportesEmailPorDia today, before their file is built: the
// write (EncolarReporte, EnviarPrograma) counts again, for good.
func (s *Store) ComprobarTopeReportes(ctx context.Context, empresaID int64, zona string, n int) error {
	return topeReportes(ctx, s.db.Conn(), empresaID, zona, n, false)
}

// topeReportes applies domain.TopeReportesDelDia to the company's report
// messages of its business day in zona (the caller read the company) in the
// outbox (migration 50's index), each recipient one; a write counts with the
// company's row locked (bloquear, on PostgreSQL; SQLite's write transactions
// are exclusive already), so that parallel sends count one after the other.
func topeReportes(ctx context.Context, c sqldb.Conn, empresaID int64, zona string, n int, bloquear bool) error {
	if bloquear && c.Dialect().Postgres() {
		var id int64
		if err := c.QueryRow(ctx, `SELECT id FROM empresas WHERE id = ?`+c.Dialect().ForNoKeyUpdate(), empresaID).Scan(&id); err != nil {
			return wrap("bloquear empresa", err)
		}
	}
	loc := domain.Location(zona)
	now := c.Now()
	dia := domain.DiaDe(now, loc)
	var enviados int64
	// tipo written out: a partial index serves only a query that names its condition
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM mensajes WHERE empresa_id = ? AND tipo = '`+TipoReporte+`'
		AND created_at >= ? AND created_at < ?`, empresaID, dia.Desde, dia.Hasta).Scan(&enviados); err != nil {
		return wrap("contar reportes del día", err)
	}
	return domain.TopeReportesDelDia(enviados, int64(n), dia, now, loc)
}

// encolarReporte inserts one report's message inside the caller's
// transaction; programaID > 0 ties it to the schedule that sent it.
func (s *Store) encolarReporte(ctx context.Context, c sqldb.Conn, a Actor, destino string, r ReporteEmail,
	programaID int64) (Mensaje, error) {
	m, err := s.encolar(ctx, c, a, NuevoMensaje{Canal: CanalEmail, Tipo: TipoReporte, Destino: destino})
	if err != nil {
		return Mensaje{}, err
	}
	var nombre, tipo sql.NullString
	var datos []byte
	if r.Archivo != nil {
		nombre, tipo = sql.NullString{String: r.Archivo.Nombre, Valid: true}, sql.NullString{String: r.Archivo.Tipo, Valid: true}
		datos = r.Archivo.Datos
	}
	programa := sql.NullInt64{Int64: programaID, Valid: programaID > 0}
	_, err = c.Exec(ctx, `INSERT INTO mensaje_reportes (empresa_id, mensaje_id, asunto, cuerpo, archivo_nombre,
		archivo_tipo, archivo, programa_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, m.EmpresaID, m.ID, r.Asunto, r.Cuerpo, nombre, tipo, datos, programa)
	m.PasajeIDs = []int64{}
	return m, wrap("encolar reporte", err)
}

// ReporteDeMensaje is the report the message carries.
func (s *Store) ReporteDeMensaje(ctx context.Context, mensajeID int64) (ReporteEmail, error) {
	var (
		r            ReporteEmail
		nombre, tipo sql.NullString
		datos        []byte
	)
	err := s.db.Conn().QueryRow(ctx, `SELECT asunto, cuerpo, archivo_nombre, archivo_tipo, archivo
		FROM mensaje_reportes WHERE mensaje_id = ?`, mensajeID).Scan(&r.Asunto, &r.Cuerpo, &nombre, &tipo, &datos)
	if err != nil {
		return r, wrap("leer reporte del mensaje", err)
	}
	if nombre.Valid {
		r.Archivo = &ArchivoReporte{Nombre: nombre.String, Tipo: tipo.String, Datos: datos}
	}
	return r, nil
}

// Destinatario is a suggested recipient of a report: a user of the company.
type Destinatario struct {
	ID     int64  `json:"id"`
	Nombre string `json:"nombre"`
	Email  string `json:"email"`
}

// DestinatariosDeReportes are the company's active users with an e-mail
// whose role is not pasajero (backoffice §2.15), by user name; each reads
// by its full name (its user name when it has none).
func (s *Store) DestinatariosDeReportes(ctx context.Context, empresaID int64) ([]Destinatario, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (Destinatario, error) {
		var d Destinatario
		return d, sc.Scan(&d.ID, &d.Nombre, &d.Email)
	}, `SELECT u.id, COALESCE(NULLIF(TRIM(u.nombre || ' ' || u.apellido), ''), u.nombre_usuario), u.email FROM usuarios u JOIN roles r ON r.id = u.rol_id
		WHERE u.empresa_id = ? AND u.activo = ? AND u.email <> '' AND r.nombre <> ?
		ORDER BY u.nombre_usuario LIMIT 200`, empresaID, true, domain.RolPasajero)
	return out, wrap("listar destinatarios de reportes", err)
}
