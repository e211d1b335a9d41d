package store

import (
	"context"

	"muelle/internal/store/sqldb"
)

// Audit actions (backoffice §9).
const (
	AccionLogin        = "LOGIN"
	AccionLogout       = "LOGOUT"
	AccionVentaPasaje  = "VENTA_PASAJE"
	AccionAperturaCaja = "APERTURA_CAJA"
	AccionCierreCaja   = "CIERRE_CAJA"
	// AccionConteoCaja is a blind count past the company's tolerance: the
	// register waits for a supervisor's AccionAprobacionCierre.
	AccionConteoCaja         = "CONTEO_CAJA"
	AccionAprobacionCierre   = "APROBACION_CIERRE_CAJA"
	AccionConsultaPasaje     = "CONSULTA_PASAJE"
	AccionValidacionEmbarque = "VALIDACION_EMBARQUE"
	// AccionSesionTerminada is a session the server ended by itself: a sync
	// from a device revoked after the session began.
	AccionSesionTerminada = "SESION_TERMINADA"
)

// Auditoria is one audit log entry. EmpresaID and UsuarioID are 0 when unknown.
type Auditoria struct {
	EmpresaID int64
	UsuarioID int64
	Accion    string
	Detalles  string
	IP        string
	Exito     bool
}

// nulo is NULL for a zero id (no company, no user) or an empty text, and v
// otherwise. Not generic: converting a type parameter to any allocates even
// for the small ids Go keeps preallocated.
func nulo(v any) any {
	switch x := v.(type) {
	case int64:
		if x == 0 {
			return nil
		}
	case string:
		if x == "" {
			return nil
		}
	}
	return v
}

// audit writes an entry with the given connection, inside the caller's
// transaction (on PostgreSQL sent with its next statement or its commit:
// sqldb.Conn.ExecLater).
func (s *Store) audit(ctx context.Context, c sqldb.Conn, a Auditoria) error {
	err := c.ExecLater(ctx, `INSERT INTO auditoria (empresa_id, usuario_id, accion, detalles, ip_address, exito, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		nulo(a.EmpresaID), nulo(a.UsuarioID), a.Accion, a.Detalles, a.IP, a.Exito, c.Now())
	if err != nil {
		return wrap("auditar "+a.Accion, err)
	}
	return nil
}

// Audit writes one entry on its own.
func (s *Store) Audit(ctx context.Context, a Auditoria) error { return s.audit(ctx, s.db.Conn(), a) }

// AuditoriaFila is an audit entry as read back.
type AuditoriaFila struct {
	ID        int64
	EmpresaID *int64
	UsuarioID *int64
	Accion    string
	Detalles  string
	IP        string
	Exito     bool
}

// AuditoriaPorAccion lists the entries of one action, newest first (used by tests
// and, later, by the audit screens).
func (s *Store) AuditoriaPorAccion(ctx context.Context, accion string) ([]AuditoriaFila, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (f AuditoriaFila, err error) {
		return f, sc.Scan(&f.ID, &f.EmpresaID, &f.UsuarioID, &f.Accion, &f.Detalles, &f.IP, &f.Exito)
	}, `SELECT id, empresa_id, usuario_id, accion, detalles, ip_address, exito
		FROM auditoria WHERE accion = ? ORDER BY id DESC`, accion)
	return out, wrap("listar auditoría", err)
}
