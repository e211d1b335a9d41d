package store

import (
	"context"
	"fmt"
	"time"

	"muelle/internal/domain"
)

// UsuarioSesion is a user as the session needs it: identity, role and company.
type UsuarioSesion struct {
	ID            int64
	EmpresaID     int64
	NombreUsuario string
	Nombre        string
	Apellido      string
	Email         string
	PasswordHash  string
	Activo        bool
	Rol           string
	Permisos      domain.Permisos
	EmpresaNombre string
	EmpresaLogo   string
	EmpresaActiva bool
}

// Habilitado reports whether the user may hold a session: active user, active company.
func (u UsuarioSesion) Habilitado() bool { return u.Activo && u.EmpresaActiva }

const usuarioSesionQuery = `SELECT u.id, u.empresa_id, u.nombre_usuario, u.nombre, u.apellido, u.email,
	u.password_hash, u.activo, r.nombre, r.permisos, e.nombre, e.logo_url, e.activa
	FROM usuarios u JOIN roles r ON r.id = u.rol_id JOIN empresas e ON e.id = u.empresa_id `

func (s *Store) usuarioSesion(ctx context.Context, where string, args ...any) (UsuarioSesion, bool, error) {
	var (
		u        UsuarioSesion
		permisos string
	)
	err := s.conn().row(ctx, usuarioSesionQuery+where, args...).Scan(&u.ID, &u.EmpresaID, &u.NombreUsuario,
		&u.Nombre, &u.Apellido, &u.Email, &u.PasswordHash, &u.Activo, &u.Rol, &permisos, &u.EmpresaNombre,
		&u.EmpresaLogo, &u.EmpresaActiva)
	missing, err := notFound(err)
	if err != nil || missing {
		return u, false, wrap("leer usuario", err)
	}
	if u.Permisos, err = domain.ParsePermisos(permisos); err != nil {
		return u, false, fmt.Errorf("store: permisos del rol %s: %w", u.Rol, err)
	}
	return u, true, nil
}

// UsuarioPorNombre finds a user by login name (unique in the installation).
func (s *Store) UsuarioPorNombre(ctx context.Context, nombreUsuario string) (UsuarioSesion, bool, error) {
	return s.usuarioSesion(ctx, `WHERE u.nombre_usuario = ?`, nombreUsuario)
}

// UsuarioPorID finds a user by id.
func (s *Store) UsuarioPorID(ctx context.Context, id int64) (UsuarioSesion, bool, error) {
	return s.usuarioSesion(ctx, `WHERE u.id = ?`, id)
}

// UsuarioDeToken finds the user a token speaks for, unless the token id was
// revoked: one query through three primary keys (the user, its role and
// company, the revocation), so that every request reads the revocation, the
// user's state and its role fresh. found is false for a revoked token too.
func (s *Store) UsuarioDeToken(ctx context.Context, jti string, id int64) (UsuarioSesion, bool, error) {
	return s.usuarioSesion(ctx, `WHERE u.id = ? AND NOT EXISTS (SELECT 1 FROM tokens_revocados tr WHERE tr.jti = ?)`,
		id, jti)
}

// NuevoUsuario is what creating a user needs.
type NuevoUsuario struct {
	EmpresaID     int64
	Rol           string // a built-in role name
	NombreUsuario string
	Nombre        string
	Apellido      string
	Email         string
	Telefono      string
	PasswordHash  string
	Activo        bool
}

// EnsureUsuario creates the user unless the login name exists; created is false
// when it already existed (nothing is changed then).
func (s *Store) EnsureUsuario(ctx context.Context, n NuevoUsuario) (created bool, err error) {
	err = s.inTx(ctx, func(c conn) error {
		rolID, err := s.rolIntegradoID(ctx, c, n.Rol)
		if err != nil {
			return err
		}
		res, err := c.exec(ctx, `INSERT INTO usuarios (empresa_id, rol_id, nombre_usuario, nombre, apellido, email,
			telefono, password_hash, activo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (nombre_usuario) DO NOTHING`,
			n.EmpresaID, rolID, n.NombreUsuario, n.Nombre, n.Apellido, n.Email, n.Telefono, n.PasswordHash,
			n.Activo, c.now)
		if err != nil {
			return fmt.Errorf("store: crear usuario %s: %w", n.NombreUsuario, err)
		}
		affected, err := res.RowsAffected()
		created = affected == 1
		return err
	})
	return created, err
}

// SetUsuarioActivo turns a user on or off inside its company.
func (s *Store) SetUsuarioActivo(ctx context.Context, empresaID, id int64, activo bool) error {
	_, err := s.conn().exec(ctx, `UPDATE usuarios SET activo = ? WHERE empresa_id = ? AND id = ?`,
		activo, empresaID, id)
	return wrap("cambiar estado de usuario", err)
}

// UltimoLogin returns the last successful login time of a user, if any.
func (s *Store) UltimoLogin(ctx context.Context, id int64) (*time.Time, error) {
	var t *time.Time
	err := s.conn().row(ctx, `SELECT ultimo_login FROM usuarios WHERE id = ?`, id).Scan(&t)
	return t, wrap("leer último login", err)
}
