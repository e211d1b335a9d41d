package store

import (
	"context"
	"encoding/json"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
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
	// ModulosVersion is the company's modulos_version: the module check
	// reloads its cached state when it is newer.
	ModulosVersion int64
	Telefono       string
	RolNivel       int
	// DebeCambiarClave: the user must change the password before anything else.
	DebeCambiarClave bool
	// ClaveTemporalHasta is when a temporary password stops being valid (nil: not temporary).
	ClaveTemporalHasta *time.Time
	// SesionVersion is compared with the token's: a token of an older version is refused.
	SesionVersion int64
	// UltimaActividad is the last request recorded for the token it was read
	// with (UsuarioDeToken; nil: none recorded).
	UltimaActividad *time.Time
}

// EstadoClave is the state of the user's password at now.
func (u UsuarioSesion) EstadoClave(now time.Time) string {
	return domain.EstadoClave(u.DebeCambiarClave, u.ClaveTemporalHasta, now)
}

// RolPropio is the user's role as the grant rules read it: name, level and permissions.
func (u UsuarioSesion) RolPropio() domain.Rol {
	return domain.Rol{Nombre: u.Rol, NivelJerarquico: u.RolNivel, Permisos: u.Permisos}
}

// Habilitado reports whether the user may hold a session: active user, active company.
func (u UsuarioSesion) Habilitado() bool { return u.Activo && u.EmpresaActiva }

// usuarioSesionQuery reads a UsuarioSesion; its last column is the token's
// activity, joined by UsuarioDeToken only (NULL otherwise).
const usuarioSesionQuery = `SELECT u.id, u.empresa_id, u.nombre_usuario, u.nombre, u.apellido, u.email,
	u.password_hash, u.activo, r.nombre, r.permisos, r.activo, e.nombre, e.logo_url, e.activa, e.modulos_version,
	u.telefono, r.nivel_jerarquico, u.debe_cambiar_clave, u.clave_temporal_hasta, u.sesion_version,
	sa.ultima_actividad
	FROM usuarios u JOIN roles r ON r.id = u.rol_id JOIN empresas e ON e.id = u.empresa_id
	LEFT JOIN sesiones_actividad sa ON sa.jti = ? `

func (s *Store) usuarioSesion(ctx context.Context, jti, where string, args ...any) (UsuarioSesion, bool, error) {
	var (
		u         UsuarioSesion
		permisos  string
		rolActivo bool
	)
	err := s.db.Conn().QueryRow(ctx, usuarioSesionQuery+where, append([]any{jti}, args...)...).Scan(&u.ID, &u.EmpresaID,
		&u.NombreUsuario, &u.Nombre, &u.Apellido, &u.Email, &u.PasswordHash, &u.Activo, &u.Rol, &permisos,
		&rolActivo, &u.EmpresaNombre, &u.EmpresaLogo, &u.EmpresaActiva, &u.ModulosVersion, &u.Telefono,
		&u.RolNivel, &u.DebeCambiarClave, &u.ClaveTemporalHasta, &u.SesionVersion, &u.UltimaActividad)
	missing, err := sqldb.NoRows(err)
	if err != nil || missing {
		return u, false, wrap("leer usuario", err)
	}
	if u.Permisos, err = domain.ParsePermisos(permisos); err != nil {
		return u, false, wrap("permisos del rol "+u.Rol, err)
	}
	if !rolActivo { // an inactive role grants nothing
		u.Permisos = domain.Permisos{}
	}
	return u, true, nil
}

// UsuarioPorNombre finds a user by login name (unique in the installation).
func (s *Store) UsuarioPorNombre(ctx context.Context, nombreUsuario string) (UsuarioSesion, bool, error) {
	return s.usuarioSesion(ctx, "", `WHERE u.nombre_usuario = ?`, nombreUsuario)
}

// UsuarioPorID finds a user by id.
func (s *Store) UsuarioPorID(ctx context.Context, id int64) (UsuarioSesion, bool, error) {
	return s.usuarioSesion(ctx, "", `WHERE u.id = ?`, id)
}

// UsuarioDeToken finds the user a token speaks for, unless the token id was
// revoked: one query through four primary keys (the user, its role and
// company, the revocation, the token's activity), so that every request reads
// the revocation, the user's state and its role fresh. found is false for a
// revoked token too.
func (s *Store) UsuarioDeToken(ctx context.Context, jti string, id int64) (UsuarioSesion, bool, error) {
	ctx, soltar, err := s.db.InTurn(ctx)
	if err != nil {
		return UsuarioSesion{}, false, err
	}
	defer soltar()
	return s.usuarioSesion(ctx, jti, `WHERE u.id = ? AND NOT EXISTS (SELECT 1 FROM tokens_revocados tr WHERE tr.jti = ?)`,
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
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		created, err = s.insertarUsuario(ctx, c, n)
		return err
	})
	return created, err
}

// insertarUsuario writes the user inside the caller's transaction unless the
// login name exists; created is false then.
func (s *Store) insertarUsuario(ctx context.Context, c sqldb.Conn, n NuevoUsuario) (created bool, err error) {
	rolID, err := s.rolIntegradoID(ctx, c, n.Rol)
	if err != nil {
		return false, err
	}
	res, err := c.Exec(ctx, `INSERT INTO usuarios (empresa_id, rol_id, nombre_usuario, nombre, apellido, email,
		telefono, password_hash, activo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (nombre_usuario) DO NOTHING`,
		n.EmpresaID, rolID, n.NombreUsuario, n.Nombre, n.Apellido, n.Email, n.Telefono, n.PasswordHash,
		n.Activo, c.Now())
	if err != nil {
		return false, wrap("crear usuario "+n.NombreUsuario, err)
	}
	affected, err := res.RowsAffected()
	return affected == 1, err
}

// SetUsuarioActivo turns a user on or off inside its company; the user's
// open sockets are checked again at once.
func (s *Store) SetUsuarioActivo(ctx context.Context, empresaID, id int64, activo bool) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		_, err := c.Exec(ctx, `UPDATE usuarios SET activo = ? WHERE empresa_id = ? AND id = ?`, activo, empresaID, id)
		emitirRevocacion(c, empresaID, id)
		return wrap("cambiar estado de usuario", err)
	})
}

// UltimoLogin returns the last successful login time of a user, if any.
func (s *Store) UltimoLogin(ctx context.Context, id int64) (*time.Time, error) {
	var t *time.Time
	err := s.db.Conn().QueryRow(ctx, `SELECT ultimo_login FROM usuarios WHERE id = ?`, id).Scan(&t)
	return t, wrap("leer último login", err)
}

// Audit actions of user management (backoffice §9).
const (
	AccionCreacionUsuario      = "CREACION_USUARIO"
	AccionActualizacionUsuario = "ACTUALIZACION_USUARIO"
	AccionCambioRol            = "CAMBIO_ROL"
	AccionCambioClave          = "CAMBIO_CLAVE"
	// AccionRolDenegado records a refused grant of a role (exito false).
	AccionRolDenegado = "ROL_DENEGADO"
)

// FichaUsuario is a user as the management screens show it.
type FichaUsuario struct {
	ID                 int64
	NombreUsuario      string
	Nombre             string
	Apellido           string
	Email              string
	Telefono           string
	Activo             bool
	Rol                string
	RolNivel           int
	RolColor           string
	RolIcono           string
	DebeCambiarClave   bool
	ClaveTemporalHasta *time.Time
	UltimoLogin        *time.Time
	CreatedAt          time.Time
}

const fichaUsuarioQuery = `SELECT u.id, u.nombre_usuario, u.nombre, u.apellido, u.email, u.telefono, u.activo,
	r.nombre, r.nivel_jerarquico, r.color_badge, r.icono, u.debe_cambiar_clave, u.clave_temporal_hasta,
	u.ultimo_login, u.created_at FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.empresa_id = ?`

func scanFichaUsuario(sc sqldb.Scanner) (f FichaUsuario, err error) {
	return f, sc.Scan(&f.ID, &f.NombreUsuario, &f.Nombre, &f.Apellido, &f.Email, &f.Telefono, &f.Activo, &f.Rol,
		&f.RolNivel, &f.RolColor, &f.RolIcono, &f.DebeCambiarClave, &f.ClaveTemporalHasta, &f.UltimoLogin,
		&f.CreatedAt)
}

// ListarUsuarios lists a company's users by login name.
func (s *Store) ListarUsuarios(ctx context.Context, empresaID int64) ([]FichaUsuario, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanFichaUsuario, fichaUsuarioQuery+` ORDER BY u.nombre_usuario`, empresaID)
	return out, wrap("listar usuarios", err)
}

func fichaUsuario(ctx context.Context, c sqldb.Conn, empresaID, id int64) (FichaUsuario, error) {
	f, err := scanFichaUsuario(c.QueryRow(ctx, fichaUsuarioQuery+` AND u.id = ?`, empresaID, id))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return f, domain.NotFound(domain.MsgUsuarioNoEncontrado)
		}
		return f, wrap("leer usuario", err)
	}
	return f, nil
}

// RolAsignable is a role a company's users may hold: a built-in one or one of
// the company's own, with its level and permissions.
type RolAsignable struct {
	ID int64
	domain.Rol
}

const rolesAsignablesQuery = `SELECT id, nombre, descripcion, nivel_jerarquico, permisos FROM roles
	WHERE (empresa_id IS NULL OR empresa_id = ?) AND activo = TRUE`

func scanRolAsignable(sc sqldb.Scanner) (r RolAsignable, err error) {
	var permisos string
	if err = sc.Scan(&r.ID, &r.Nombre, &r.Descripcion, &r.NivelJerarquico, &permisos); err != nil {
		return r, err
	}
	r.Permisos, err = domain.ParsePermisos(permisos)
	return r, err
}

// RolesAsignables lists the active roles of a company, highest level first.
func (s *Store) RolesAsignables(ctx context.Context, empresaID int64) ([]RolAsignable, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanRolAsignable, rolesAsignablesQuery+` ORDER BY nivel_jerarquico, nombre`,
		empresaID)
	return out, wrap("listar roles", err)
}

func rolAsignable(ctx context.Context, c sqldb.Conn, empresaID int64, nombre string) (RolAsignable, error) {
	r, err := scanRolAsignable(c.QueryRow(ctx, rolesAsignablesQuery+` AND nombre = ? ORDER BY empresa_id`, empresaID, nombre))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return r, domain.Invalid(domain.MsgRolInexistente)
		}
		return r, wrap("leer rol", err)
	}
	return r, nil
}

// EstadisticaRol counts a company's users of one role.
type EstadisticaRol struct {
	Rol       string
	Total     int64
	Activos   int64
	Inactivos int64
}

// EstadisticasRoles counts a company's users per role.
func (s *Store) EstadisticasRoles(ctx context.Context, empresaID int64) ([]EstadisticaRol, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (e EstadisticaRol, err error) {
		err = sc.Scan(&e.Rol, &e.Total, &e.Activos)
		e.Inactivos = e.Total - e.Activos
		return e, err
	}, `SELECT r.nombre, COUNT(*), SUM(CASE WHEN u.activo THEN 1 ELSE 0 END)
		FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.empresa_id = ?
		GROUP BY r.nombre, r.nivel_jerarquico ORDER BY r.nivel_jerarquico, r.nombre`, empresaID)
	return out, wrap("contar usuarios por rol", err)
}

// Gestor is who manages users: the actor of the write (its EmpresaID is the
// company whose users are managed) and its role (level and permissions).
type Gestor struct {
	Actor
	Rol domain.Rol
}

// DatosGestionUsuario is what creating or editing a user sets. PasswordHash
// "" keeps the current password on an edit; a password set here is someone
// else's choice, so it is temporary: valid 24 hours and to be changed at the
// first login.
type DatosGestionUsuario struct {
	domain.DatosUsuario
	Activo       bool
	PasswordHash string
}

// usuarioAuditado is the before/after image of a user in the audit.
type usuarioAuditado struct {
	ID            int64  `json:"id"`
	NombreUsuario string `json:"nombre_usuario"`
	Email         string `json:"email"`
	Nombre        string `json:"nombre"`
	Apellido      string `json:"apellido"`
	Telefono      string `json:"telefono"`
	Rol           string `json:"rol"`
	Activo        bool   `json:"activo"`
	ClaveCambiada bool   `json:"clave_restablecida,omitempty"`
}

func auditado(f FichaUsuario) *usuarioAuditado {
	return &usuarioAuditado{ID: f.ID, NombreUsuario: f.NombreUsuario, Email: f.Email, Nombre: f.Nombre,
		Apellido: f.Apellido, Telefono: f.Telefono, Rol: f.Rol, Activo: f.Activo}
}

// auditarCambio writes an audit entry of the actor with the before and after images.
func (s *Store) auditarCambio(ctx context.Context, c sqldb.Conn, a Actor, accion string, antes, despues any) error {
	detalles, err := json.Marshal(map[string]any{"antes": antes, "despues": despues})
	if err != nil {
		return err
	}
	return s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion,
		Detalles: string(detalles), IP: a.IP, Exito: true})
}

// UsuarioCreado is a created user; Nuevo is false on an idempotent replay
// (the password given then is not the one stored, so it must not be shown).
type UsuarioCreado struct {
	FichaUsuario
	Nuevo bool `json:"-"`
}

// CrearUsuario creates a user of the gestor's company with a role the gestor
// may grant and a temporary password, and audits CREACION_USUARIO; a refused
// role is audited ROL_DENEGADO.
func (s *Store) CrearUsuario(ctx context.Context, g Gestor, d DatosGestionUsuario) (UsuarioCreado, error) {
	u, err := idempotent(ctx, s, g.Actor, "usuarios.crear", func(c sqldb.Conn) (UsuarioCreado, error) {
		rol, err := rolOtorgable(ctx, c, g, solicitudRol{NombreUsuario: d.NombreUsuario, RolPedido: d.Rol})
		if err != nil {
			return UsuarioCreado{}, err
		}
		f, err := s.insertarConClaveTemporal(ctx, c, g.Actor, rol.ID, d)
		return UsuarioCreado{f, true}, err
	})
	return u, s.auditarRolDenegado(ctx, g.Actor, err)
}

// insertarConClaveTemporal writes a user of a.EmpresaID whose password someone
// else chose: temporary (valid domain.VigenciaClaveTemporal, to be changed at
// the first login). It audits CREACION_USUARIO in the caller's transaction.
func (s *Store) insertarConClaveTemporal(ctx context.Context, c sqldb.Conn, a Actor, rolID int64, d DatosGestionUsuario) (FichaUsuario, error) {
	id, err := c.InsertID(ctx, `INSERT INTO usuarios (empresa_id, rol_id, nombre_usuario, nombre, apellido, email,
		telefono, password_hash, activo, debe_cambiar_clave, clave_temporal_hasta, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE, ?, ?)`, a.EmpresaID, rolID, d.NombreUsuario, d.Nombre,
		d.Apellido, d.Email, d.Telefono, d.PasswordHash, d.Activo, c.Now().Add(domain.VigenciaClaveTemporal), c.Now())
	if sqldb.IsUniqueViolation(err) {
		return FichaUsuario{}, domain.Conflict(domain.MsgUsuarioDuplicado)
	}
	if err != nil {
		return FichaUsuario{}, wrap("crear usuario", err)
	}
	f, err := fichaUsuario(ctx, c, a.EmpresaID, id)
	if err != nil {
		return f, err
	}
	return f, s.auditarCambio(ctx, c, a, AccionCreacionUsuario, nil, auditado(f))
}

// rolOtorgable reads the role asked for by name among the company's and checks
// that the gestor may grant it (domain.ValidarOtorgamiento: level and
// permissions), read in the write's transaction.
func rolOtorgable(ctx context.Context, c sqldb.Conn, g Gestor, sol solicitudRol) (RolAsignable, error) {
	rol, err := rolAsignable(ctx, c, g.EmpresaID, sol.RolPedido)
	if err != nil {
		return rol, err
	}
	if err := domain.ValidarOtorgamiento(g.Rol, rol.Rol); err != nil {
		return rol, denegarRol(err, sol, domain.PermisosFaltantes(g.Rol, rol.Rol))
	}
	return rol, nil
}

// gestionable reads a user of the gestor's company (404 otherwise) that the
// gestor may manage: itself or a user of a lower level.
func gestionable(ctx context.Context, c sqldb.Conn, g Gestor, id int64) (FichaUsuario, error) {
	f, err := fichaUsuario(ctx, c, g.EmpresaID, id)
	if err == nil && !domain.PuedeGestionar(g.Rol.NivelJerarquico, f.RolNivel, id == g.UsuarioID) {
		return f, domain.Forbidden(domain.MsgUsuarioNoEditable)
	}
	return f, err
}

// ActualizarUsuario edits a user: a new role must be one the gestor may grant
// (no one changes their own role, a passenger's role never changes), a new
// password is temporary, and deactivating the user or resetting its password
// ends its sessions at once. It audits ACTUALIZACION_USUARIO, and CAMBIO_ROL
// when the role changed; a refused role is audited ROL_DENEGADO.
func (s *Store) ActualizarUsuario(ctx context.Context, g Gestor, id int64, d DatosGestionUsuario) (FichaUsuario, error) {
	f, err := idempotent(ctx, s, g.Actor, "usuarios.actualizar", func(c sqldb.Conn) (FichaUsuario, error) {
		antes, err := gestionable(ctx, c, g, id)
		if err != nil {
			return antes, err
		}
		rol, err := s.rolDeEdicion(ctx, c, g, antes, d)
		if err != nil {
			return antes, err
		}
		if id == g.UsuarioID && !d.Activo {
			return antes, domain.Forbidden(domain.MsgNoDesactivarseASiMismo)
		}
		desactivado := antes.Activo && !d.Activo
		if err := actualizarFila(ctx, c, g.EmpresaID, id, rol.ID, d, desactivado); err != nil {
			return antes, err
		}
		if d.PasswordHash != "" || desactivado {
			emitirRevocacion(c, g.EmpresaID, id)
		}
		despues, err := fichaUsuario(ctx, c, g.EmpresaID, id)
		if err != nil {
			return despues, err
		}
		return despues, s.auditarEdicion(ctx, c, g, antes, despues, d.PasswordHash != "")
	})
	return f, s.auditarRolDenegado(ctx, g.Actor, err)
}

// rolDeEdicion is the role a user keeps or gets in an edit.
func (s *Store) rolDeEdicion(ctx context.Context, c sqldb.Conn, g Gestor, antes FichaUsuario, d DatosGestionUsuario) (RolAsignable, error) {
	if d.Rol == antes.Rol {
		return rolAsignable(ctx, c, g.EmpresaID, d.Rol)
	}
	sol := solicitudRol{UsuarioID: antes.ID, NombreUsuario: antes.NombreUsuario, RolActual: antes.Rol, RolPedido: d.Rol}
	switch {
	case antes.ID == g.UsuarioID:
		return RolAsignable{}, denegarRol(domain.Forbidden(domain.MsgRolPropio), sol, nil)
	case antes.Rol == domain.RolPasajero:
		return RolAsignable{}, denegarRol(domain.Forbidden(domain.MsgRolPasajeroFijo), sol, nil)
	}
	return rolOtorgable(ctx, c, g, sol)
}

// actualizarFila writes an edit; a new password or a deactivation raises the
// session version, which ends every session of the user.
func actualizarFila(ctx context.Context, c sqldb.Conn, empresaID, id, rolID int64, d DatosGestionUsuario, desactivado bool) error {
	set := `rol_id = ?, nombre_usuario = ?, nombre = ?, apellido = ?, email = ?, telefono = ?, activo = ?`
	args := []any{rolID, d.NombreUsuario, d.Nombre, d.Apellido, d.Email, d.Telefono, d.Activo}
	if d.PasswordHash != "" {
		set += `, password_hash = ?, debe_cambiar_clave = TRUE, clave_temporal_hasta = ?`
		args = append(args, d.PasswordHash, c.Now().Add(domain.VigenciaClaveTemporal))
	}
	if d.PasswordHash != "" || desactivado {
		set += `, sesion_version = sesion_version + 1`
	}
	_, err := c.Exec(ctx, `UPDATE usuarios SET `+set+` WHERE empresa_id = ? AND id = ?`, append(args, empresaID, id)...)
	if sqldb.IsUniqueViolation(err) {
		return domain.Conflict(domain.MsgUsuarioDuplicado)
	}
	return wrap("actualizar usuario", err)
}

func (s *Store) auditarEdicion(ctx context.Context, c sqldb.Conn, g Gestor, antes, despues FichaUsuario, claveNueva bool) error {
	d := auditado(despues)
	d.ClaveCambiada = claveNueva
	if err := s.auditarCambio(ctx, c, g.Actor, AccionActualizacionUsuario, auditado(antes), d); err != nil {
		return err
	}
	if antes.Rol == despues.Rol {
		return nil
	}
	type rolDe struct {
		UsuarioID int64  `json:"usuario_id"`
		Rol       string `json:"rol"`
	}
	return s.auditarCambio(ctx, c, g.Actor, AccionCambioRol, rolDe{antes.ID, antes.Rol}, rolDe{despues.ID, despues.Rol})
}

// Baja is the outcome of removing a user: deleted, or deactivated because it
// has history or is a passenger.
type Baja struct {
	Desactivado bool
}

// EliminarUsuario deletes a user of the gestor's company, or deactivates it
// (ending its sessions) when it is a passenger or has history: sales,
// registers, boardings or audit entries of its own.
func (s *Store) EliminarUsuario(ctx context.Context, g Gestor, id int64) (Baja, error) {
	return idempotent(ctx, s, g.Actor, "usuarios.eliminar", func(c sqldb.Conn) (Baja, error) {
		antes, err := gestionable(ctx, c, g, id)
		if err != nil {
			return Baja{}, err
		}
		if id == g.UsuarioID {
			return Baja{}, domain.Forbidden(domain.MsgNoDesactivarseASiMismo)
		}
		historial, err := tieneHistorial(ctx, c, id)
		if err != nil {
			return Baja{}, err
		}
		if historial || antes.Rol == domain.RolPasajero {
			return Baja{Desactivado: true}, s.desactivar(ctx, c, g, antes)
		}
		for _, tabla := range []string{"idempotencia", "notificaciones"} {
			if _, err := c.Exec(ctx, `DELETE FROM `+tabla+` WHERE usuario_id = ?`, id); err != nil {
				return Baja{}, wrap("eliminar los datos propios del usuario", err)
			}
		}
		if _, err := c.Exec(ctx, `DELETE FROM usuarios WHERE empresa_id = ? AND id = ?`, g.EmpresaID, id); err != nil {
			return Baja{}, wrap("eliminar usuario", err)
		}
		return Baja{}, s.auditarCambio(ctx, c, g.Actor, AccionActualizacionUsuario, auditado(antes), nil)
	})
}

func (s *Store) desactivar(ctx context.Context, c sqldb.Conn, g Gestor, antes FichaUsuario) error {
	_, err := c.Exec(ctx, `UPDATE usuarios SET activo = FALSE, sesion_version = sesion_version + 1
		WHERE empresa_id = ? AND id = ?`, g.EmpresaID, antes.ID)
	if err != nil {
		return wrap("desactivar usuario", err)
	}
	emitirRevocacion(c, g.EmpresaID, antes.ID)
	despues := auditado(antes)
	despues.Activo = false
	return s.auditarCambio(ctx, c, g.Actor, AccionActualizacionUsuario, auditado(antes), despues)
}

// tieneHistorial reports whether a user sold, opened a register, moved money,
// boarded a passenger, acted in the audit, sent a message, scheduled a report,
// registered a device or synced an offline act: what names them stays. Their
// idempotency keys and their own notifications do not count (deleted with them).
func tieneHistorial(ctx context.Context, c sqldb.Conn, id int64) (bool, error) {
	var n int64
	err := c.QueryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM pasajes WHERE usuario_id = ? OR usuario_embarque_id = ?) +
		(SELECT COUNT(*) FROM cajas WHERE usuario_id = ?) +
		(SELECT COUNT(*) FROM caja_movimientos WHERE usuario_id = ?) +
		(SELECT COUNT(*) FROM auditoria WHERE usuario_id = ?) +
		(SELECT COUNT(*) FROM mensajes WHERE usuario_id = ?) +
		(SELECT COUNT(*) FROM reportes_programados WHERE usuario_id = ?) +
		(SELECT COUNT(*) FROM dispositivos WHERE usuario_id = ? OR revocado_por = ?) +
		(SELECT COUNT(*) FROM acciones_offline WHERE usuario_id = ?) +
		(SELECT COUNT(*) FROM conflictos_offline WHERE primero_usuario_id = ? OR segundo_usuario_id = ? OR resuelto_por = ?)`,
		id, id, id, id, id, id, id, id, id, id, id, id, id).Scan(&n)
	return n > 0, wrap("buscar historial del usuario", err)
}

// CambiarClave sets the user's own new password (already checked and hashed):
// it is no longer temporary and no change is pending. It raises the session
// version, which ends every session of the user (their sockets are checked
// at once), and answers the new version for the caller's fresh token. A
// passenger may change it at most 3 times per calendar month (UTC). It
// audits CAMBIO_CLAVE.
func (s *Store) CambiarClave(ctx context.Context, a Actor, hash string, esPasajero bool) (sesionVersion int64, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		if esPasajero {
			if err := limiteCambiosClave(ctx, c, a.UsuarioID); err != nil {
				return err
			}
		}
		err := c.QueryRow(ctx, `UPDATE usuarios SET password_hash = ?, debe_cambiar_clave = FALSE,
			clave_temporal_hasta = NULL, sesion_version = sesion_version + 1 WHERE id = ?
			RETURNING sesion_version`, hash, a.UsuarioID).Scan(&sesionVersion)
		if err != nil {
			return wrap("cambiar contraseña", err)
		}
		emitirRevocacion(c, a.EmpresaID, a.UsuarioID)
		return s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCambioClave,
			IP: a.IP, Exito: true, Detalles: "Cambio de contraseña"})
	})
	return sesionVersion, err
}

func limiteCambiosClave(ctx context.Context, c sqldb.Conn, usuarioID int64) error {
	y, m, _ := c.Now().UTC().Date()
	var n int64
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM auditoria WHERE usuario_id = ? AND accion = ? AND exito = TRUE
		AND created_at >= ?`, usuarioID, AccionCambioClave, time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)).Scan(&n)
	if err != nil {
		return wrap("contar cambios de contraseña", err)
	}
	if n >= domain.MaxCambiosClavePasajeroMes {
		return domain.TooMany(domain.MsgLimiteCambiosClave)
	}
	return nil
}
