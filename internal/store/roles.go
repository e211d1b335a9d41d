package store

import (
	"context"
	"encoding/json"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// EnsureRolesIntegrados creates the built-in roles that are missing. Existing
// roles are left as they are: an administrator may have tuned them.
func (s *Store) EnsureRolesIntegrados(ctx context.Context) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		for _, nombre := range domain.RolesIntegrados {
			r, _ := domain.RolIntegrado(nombre)
			permisos, err := json.Marshal(r.Permisos)
			if err != nil {
				return err
			}
			_, err = c.Exec(ctx, `INSERT INTO roles (empresa_id, nombre, descripcion, nivel_jerarquico, permisos,
				color_badge, icono, integrado, activo, created_at)
				VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (nombre) WHERE empresa_id IS NULL DO NOTHING`,
				r.Nombre, r.Descripcion, r.NivelJerarquico, string(permisos), r.ColorBadge, r.Icono, true, true,
				c.Now())
			if err != nil {
				return wrap("crear rol "+nombre, err)
			}
		}
		return nil
	})
}

// rolIntegradoID returns the id of a built-in role.
func (s *Store) rolIntegradoID(ctx context.Context, c sqldb.Conn, nombre string) (int64, error) {
	var id int64
	err := c.QueryRow(ctx, `SELECT id FROM roles WHERE empresa_id IS NULL AND nombre = ?`, nombre).Scan(&id)
	if err != nil {
		return 0, wrap("rol "+nombre, err)
	}
	return id, nil
}

// Audit actions of role management.
const (
	AccionCreacionRol      = "CREACION_ROL"
	AccionActualizacionRol = "ACTUALIZACION_ROL"
	AccionEliminacionRol   = "ELIMINACION_ROL"
)

// RolFila is a role as role management lists it: its definition, whether it
// is built in, and how many users hold it.
type RolFila struct {
	ID int64
	domain.Rol
	Integrado bool
	Usuarios  int64
}

const rolColumns = `r.id, r.nombre, r.descripcion, r.nivel_jerarquico, r.permisos, r.color_badge, r.icono,
	r.activo, r.integrado, (SELECT COUNT(*) FROM usuarios u WHERE u.rol_id = r.id)`

func scanRol(sc sqldb.Scanner) (RolFila, error) {
	var (
		r        RolFila
		permisos string
	)
	err := sc.Scan(&r.ID, &r.Nombre, &r.Descripcion, &r.NivelJerarquico, &permisos, &r.ColorBadge, &r.Icono,
		&r.Activo, &r.Integrado, &r.Usuarios)
	if err != nil {
		return r, err
	}
	r.Permisos, err = domain.ParsePermisos(permisos)
	return r, err
}

// ListarRoles lists the roles of the installation (built-in and custom, all
// global), by level then name.
func (s *Store) ListarRoles(ctx context.Context) ([]RolFila, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanRol, `SELECT `+rolColumns+` FROM roles r WHERE r.empresa_id IS NULL
		ORDER BY r.nivel_jerarquico, r.nombre`)
	return out, wrap("listar roles", err)
}

// rol reads one global role through c; a missing one is a 404.
func rol(ctx context.Context, c sqldb.Conn, id int64) (RolFila, error) {
	r, err := scanRol(c.QueryRow(ctx, `SELECT `+rolColumns+` FROM roles r WHERE r.empresa_id IS NULL AND r.id = ?`, id))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return r, domain.NotFound(domain.MsgRolNoEncontrado)
		}
		return r, wrap("leer rol", err)
	}
	return r, nil
}

// CrearRol creates a custom role, normalized (domain.NormalizarRol), and
// audits it.
func (s *Store) CrearRol(ctx context.Context, a Actor, r domain.Rol) (RolFila, error) {
	r, err := domain.NormalizarRol(r)
	if err != nil {
		return RolFila{}, err
	}
	return idempotent(ctx, s, a, "crear-rol", func(c sqldb.Conn) (RolFila, error) {
		permisos, err := json.Marshal(r.Permisos)
		if err != nil {
			return RolFila{}, err
		}
		id, err := c.InsertID(ctx, `INSERT INTO roles (empresa_id, nombre, descripcion, nivel_jerarquico, permisos,
			color_badge, icono, integrado, activo, created_at) VALUES (NULL, ?, ?, ?, ?, ?, ?, FALSE, ?, ?)`,
			r.Nombre, r.Descripcion, r.NivelJerarquico, string(permisos), r.ColorBadge, r.Icono, r.Activo, c.Now())
		if sqldb.IsUniqueViolation(err) {
			return RolFila{}, domain.Conflict(domain.MsgRolNombreDuplicado)
		}
		if err != nil {
			return RolFila{}, wrap("crear rol", err)
		}
		creado, err := rol(ctx, c, id)
		if err != nil {
			return creado, err
		}
		return creado, s.auditarRol(ctx, c, a, AccionCreacionRol, nil, &creado)
	})
}

// ActualizarRol changes a role, normalized; a built-in role keeps its name,
// level and state (domain.CambioRolIntegrado). The users of the role get the
// new permissions at their next request: the session reads them fresh.
func (s *Store) ActualizarRol(ctx context.Context, a Actor, id int64, r domain.Rol) (RolFila, error) {
	r, err := domain.NormalizarRol(r)
	if err != nil {
		return RolFila{}, err
	}
	var out RolFila
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		antes, err := rol(ctx, c, id)
		if err != nil {
			return err
		}
		if antes.Integrado {
			if err := domain.CambioRolIntegrado(antes.Rol, r); err != nil {
				return err
			}
		}
		permisos, err := json.Marshal(r.Permisos)
		if err != nil {
			return err
		}
		_, err = c.Exec(ctx, `UPDATE roles SET nombre = ?, descripcion = ?, nivel_jerarquico = ?, permisos = ?,
			color_badge = ?, icono = ?, activo = ? WHERE empresa_id IS NULL AND id = ?`,
			r.Nombre, r.Descripcion, r.NivelJerarquico, string(permisos), r.ColorBadge, r.Icono, r.Activo, id)
		if sqldb.IsUniqueViolation(err) {
			return domain.Conflict(domain.MsgRolNombreDuplicado)
		}
		if err != nil {
			return wrap("actualizar rol", err)
		}
		if out, err = rol(ctx, c, id); err != nil {
			return err
		}
		return s.auditarRol(ctx, c, a, AccionActualizacionRol, &antes, &out)
	})
	return out, err
}

// EliminarRol deletes a custom role. When users hold it they move, in the same
// transaction, to the role reasignarA (another active role, never
// super_admin); without it the delete is refused, so no user is left without
// a role. Built-in roles are never deleted.
func (s *Store) EliminarRol(ctx context.Context, a Actor, id int64, reasignarA *int64) (movidos int64, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		r, err := rol(ctx, c, id)
		if err != nil {
			return err
		}
		if r.Integrado {
			return domain.Conflict(domain.MsgRolIntegradoEliminar)
		}
		if r.Usuarios > 0 {
			if err := moverUsuariosDeRol(ctx, c, r, reasignarA); err != nil {
				return err
			}
			movidos = r.Usuarios
		}
		if _, err := c.Exec(ctx, `DELETE FROM roles WHERE empresa_id IS NULL AND id = ?`, id); err != nil {
			return wrap("eliminar rol", err)
		}
		return s.auditarRol(ctx, c, a, AccionEliminacionRol, &r, nil)
	})
	return movidos, err
}

// moverUsuariosDeRol moves every user of r to the role destino.
func moverUsuariosDeRol(ctx context.Context, c sqldb.Conn, r RolFila, destino *int64) error {
	if destino == nil {
		e := domain.Conflict(domain.MsgRolEnUso(r.Usuarios))
		e.Data = map[string]int64{"usuarios": r.Usuarios}
		return e
	}
	d, err := rol(ctx, c, *destino)
	if err != nil {
		return err
	}
	if d.ID == r.ID || !d.Activo || d.Nombre == domain.RolSuperAdmin {
		return domain.Invalid(domain.MsgRolDestinoInvalido)
	}
	_, err = c.Exec(ctx, `UPDATE usuarios SET rol_id = ? WHERE rol_id = ?`, d.ID, r.ID)
	return wrap("reasignar usuarios del rol", err)
}

// auditarRol records a role change with its state before and after.
func (s *Store) auditarRol(ctx context.Context, c sqldb.Conn, a Actor, accion string, antes, despues *RolFila) error {
	detalles, err := json.Marshal(map[string]*RolFila{"antes": antes, "despues": despues})
	if err != nil {
		return err
	}
	return s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion,
		Detalles: string(detalles), IP: a.IP, Exito: true})
}
