package store

import (
	"context"
	"strings"
	"time"

	"muelle/internal/store/sqldb"
)

// FiltroAuditoria selects the entries of the audit reports and logs, over
// every company: company, user and action (0 or "": any) and the entries
// written in [Desde, Hasta) (zero: unbounded), newest first.
type FiltroAuditoria struct {
	EmpresaID int64
	UsuarioID int64
	Accion    string
	Desde     time.Time
	Hasta     time.Time
	Pagina    Pagina
}

// RegistroAuditoria is an audit entry with the names of its user and company
// ("" when the entry has none).
type RegistroAuditoria struct {
	ID            int64
	UsuarioID     *int64
	EmpresaID     *int64
	NombreUsuario string
	Nombre        string
	Apellido      string
	EmpresaNombre string
	Accion        string
	Detalles      string
	IP            string
	Exito         bool
	CreatedAt     time.Time
}

func (f FiltroAuditoria) where() (string, []any) {
	w, args := `WHERE 1 = 1`, []any{}
	add := func(cond string, v any) { w, args = w+` AND `+cond, append(args, v) }
	if f.EmpresaID > 0 {
		add(`a.empresa_id = ?`, f.EmpresaID)
	}
	if f.UsuarioID > 0 {
		add(`a.usuario_id = ?`, f.UsuarioID)
	}
	if f.Accion != "" {
		add(`a.accion = ?`, f.Accion)
	}
	if !f.Desde.IsZero() {
		add(`a.created_at >= ?`, f.Desde)
	}
	if !f.Hasta.IsZero() {
		add(`a.created_at < ?`, f.Hasta)
	}
	return w, args
}

// conteoAdelante bounds how many entries past the page a count reads: on a
// million entries an exact total would read them all for every page.
const conteoAdelante = 10000

// ConteoAuditoria is how many entries a filter matched: exact, or at least
// Total when the filter matched more than the count reads.
type ConteoAuditoria struct {
	Total  int64
	Exacto bool
}

// ListarAuditoria answers one page of the audit entries of the filter and how
// many it matched, counted through the indexes of migration 15 up to
// conteoAdelante entries past the page. The page joins the names of its rows only.
func (s *Store) ListarAuditoria(ctx context.Context, f FiltroAuditoria) ([]RegistroAuditoria, ConteoAuditoria, error) {
	c := s.db.Conn()
	where, args := f.where()
	tope := f.Pagina.Desplazamiento + conteoAdelante
	var n int64
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM auditoria a `+where+` LIMIT ?) t`,
		append(append([]any{}, args...), tope+1)...).Scan(&n)
	if err != nil {
		return nil, ConteoAuditoria{}, wrap("contar auditoría", err)
	}
	conteo := ConteoAuditoria{Total: min(n, tope), Exacto: n <= tope}
	if n == 0 || (f.Pagina.Limite > 0 && f.Pagina.Desplazamiento >= n) {
		return []RegistroAuditoria{}, conteo, nil
	}
	q := `SELECT a.id, a.usuario_id, a.empresa_id, COALESCE(u.nombre_usuario, ''), COALESCE(u.nombre, ''),
		COALESCE(u.apellido, ''), COALESCE(e.nombre, ''), a.accion, a.detalles, a.ip_address, a.exito, a.created_at
		FROM (SELECT * FROM auditoria a ` + where + ` ORDER BY a.created_at DESC, a.id DESC`
	if f.Pagina.Limite > 0 {
		q, args = q+` LIMIT ? OFFSET ?`, append(args, f.Pagina.Limite, f.Pagina.Desplazamiento)
	}
	q += `) a LEFT JOIN usuarios u ON u.id = a.usuario_id LEFT JOIN empresas e ON e.id = a.empresa_id
		ORDER BY a.created_at DESC, a.id DESC`
	out, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (r RegistroAuditoria, err error) {
		err = sc.Scan(&r.ID, &r.UsuarioID, &r.EmpresaID, &r.NombreUsuario, &r.Nombre, &r.Apellido, &r.EmpresaNombre,
			&r.Accion, &r.Detalles, &r.IP, &r.Exito, &r.CreatedAt)
		r.CreatedAt = r.CreatedAt.UTC()
		return r, err
	}, q, args...)
	return out, conteo, wrap("listar auditoría", err)
}

// ResumenAuditoria are the figures of the audit entries since a time: how
// many, how many logins and ticket sales, how many distinct users, the count
// per action and the most active users.
type ResumenAuditoria struct {
	TotalEventos      int64
	Logins            int64
	VentasPasajes     int64
	UsuariosDistintos int64
	TiposEventos      []TotalAccion
	UsuariosActivos   []UsuarioActivo
}

// TotalAccion is how many entries an action has.
type TotalAccion struct {
	Accion string
	Total  int64
}

// UsuarioActivo is a user and how many entries they wrote.
type UsuarioActivo struct {
	UsuarioID     int64
	NombreUsuario string
	Nombre        string
	Apellido      string
	Total         int64
}

// maxUsuariosActivos is how many of the most active users the summary lists.
const maxUsuariosActivos = 5

// ResumirAuditoria sums the audit entries written since desde (over every
// company), through the date index.
func (s *Store) ResumirAuditoria(ctx context.Context, desde time.Time) (ResumenAuditoria, error) {
	c := s.db.Conn()
	var r ResumenAuditoria
	err := c.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN accion = ? THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN accion = ? THEN 1 ELSE 0 END), 0), COUNT(DISTINCT usuario_id)
		FROM auditoria WHERE created_at >= ?`, AccionLogin, AccionVentaPasaje, desde).
		Scan(&r.TotalEventos, &r.Logins, &r.VentasPasajes, &r.UsuariosDistintos)
	if err != nil {
		return r, wrap("resumir auditoría", err)
	}
	r.TiposEventos, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (t TotalAccion, err error) {
		return t, sc.Scan(&t.Accion, &t.Total)
	}, `SELECT accion, COUNT(*) FROM auditoria WHERE created_at >= ? GROUP BY accion ORDER BY COUNT(*) DESC, accion`, desde)
	if err != nil {
		return r, wrap("resumir auditoría por acción", err)
	}
	r.UsuariosActivos, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (u UsuarioActivo, err error) {
		return u, sc.Scan(&u.UsuarioID, &u.NombreUsuario, &u.Nombre, &u.Apellido, &u.Total)
	}, `SELECT u.id, u.nombre_usuario, u.nombre, u.apellido, t.total
		FROM (SELECT usuario_id, COUNT(*) AS total FROM auditoria WHERE created_at >= ? AND usuario_id IS NOT NULL
			GROUP BY usuario_id ORDER BY COUNT(*) DESC, usuario_id LIMIT ?) t
		JOIN usuarios u ON u.id = t.usuario_id ORDER BY t.total DESC, u.id`, desde, maxUsuariosActivos)
	return r, wrap("resumir usuarios más activos", err)
}

// AccionesAuditadas lists the distinct actions of the audit trail in
// alphabetical order. A recursive query walks the action index from one
// action to the next, so it reads one index entry per action, not per row.
func (s *Store) AccionesAuditadas(ctx context.Context) ([]string, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (a string, err error) { return a, sc.Scan(&a) },
		`WITH RECURSIVE acciones (accion) AS (
			SELECT MIN(accion) FROM auditoria
			UNION ALL
			SELECT (SELECT MIN(x.accion) FROM auditoria x WHERE x.accion > acciones.accion)
			FROM acciones WHERE acciones.accion IS NOT NULL)
		SELECT accion FROM acciones WHERE accion IS NOT NULL`)
	return out, wrap("listar acciones auditadas", err)
}

// EmpresaNombre is a company's id and name, for a filter.
type EmpresaNombre struct {
	ID     int64
	Nombre string
}

// NombresEmpresas lists every company by name (the audit filters' choices).
func (s *Store) NombresEmpresas(ctx context.Context) ([]EmpresaNombre, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (e EmpresaNombre, err error) {
		return e, sc.Scan(&e.ID, &e.Nombre)
	}, `SELECT id, nombre FROM empresas ORDER BY nombre, id`)
	return out, wrap("listar empresas", err)
}

// UsuarioAuditable is a user the user logs may be filtered by.
type UsuarioAuditable struct {
	ID            int64
	NombreUsuario string
	Nombre        string
	Apellido      string
	Rol           string
	EmpresaNombre string
}

// maxUsuariosAuditables bounds the users a search of the user logs answers.
const maxUsuariosAuditables = 50

// BuscarUsuariosAuditables finds users of every company by login, first or
// last name (case-insensitive; "" lists the first ones by login).
func (s *Store) BuscarUsuariosAuditables(ctx context.Context, busqueda string) ([]UsuarioAuditable, error) {
	like := "%" + escapeLike(strings.ToLower(strings.TrimSpace(busqueda))) + "%"
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (u UsuarioAuditable, err error) {
		return u, sc.Scan(&u.ID, &u.NombreUsuario, &u.Nombre, &u.Apellido, &u.Rol, &u.EmpresaNombre)
	}, `SELECT u.id, u.nombre_usuario, u.nombre, u.apellido, r.nombre, COALESCE(e.nombre, '')
		FROM usuarios u JOIN roles r ON r.id = u.rol_id LEFT JOIN empresas e ON e.id = u.empresa_id
		WHERE LOWER(u.nombre_usuario) LIKE ? ESCAPE '\' OR LOWER(u.nombre) LIKE ? ESCAPE '\'
			OR LOWER(u.apellido) LIKE ? ESCAPE '\'
		ORDER BY u.nombre_usuario LIMIT ?`, like, like, like, maxUsuariosAuditables)
	return out, wrap("buscar usuarios", err)
}
