package api

import (
	"net/http"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// UsuarioGestion is a user as user management shows it (backoffice §3).
type UsuarioGestion struct {
	ID                 int64        `json:"id"`
	NombreUsuario      string       `json:"nombre_usuario"`
	Nombre             string       `json:"nombre"`
	Apellido           string       `json:"apellido"`
	NombreCompleto     string       `json:"nombre_completo"`
	Email              string       `json:"email"`
	Telefono           string       `json:"telefono"`
	Rol                string       `json:"rol"`
	RolInfo            RolDeUsuario `json:"rolInfo"`
	Activo             bool         `json:"activo"`
	DebeCambiarClave   bool         `json:"debe_cambiar_clave"`
	EstadoClave        string       `json:"estado_clave" enum:"vigente,expirada,reinicio_pendiente"`
	ClaveTemporalHasta *time.Time   `json:"clave_temporal_hasta"`
	UltimoLogin        *time.Time   `json:"ultimo_login"`
	CreatedAt          time.Time    `json:"created_at"`
}

// RolDeUsuario is how a user's role is shown.
type RolDeUsuario struct {
	Nombre          string `json:"nombre"`
	NivelJerarquico int    `json:"nivel_jerarquico"`
	ColorBadge      string `json:"color_badge"`
	Icono           string `json:"icono"`
}

// GuardarUsuario is the body of POST and PUT /config/usuarios. On creation a
// password is required unless auto_generate_password; on an edit an empty
// password keeps the current one. activo defaults to true on creation and to
// the current state on an edit.
type GuardarUsuario struct {
	NombreUsuario        string `json:"nombre_usuario" maxLength:"50"`
	Email                string `json:"email" maxLength:"254"`
	Nombre               string `json:"nombre,omitempty" maxLength:"100"`
	Apellido             string `json:"apellido,omitempty" maxLength:"100"`
	Telefono             string `json:"telefono,omitempty" maxLength:"30"`
	Rol                  string `json:"rol" maxLength:"50"`
	Password             string `json:"password,omitempty" maxLength:"72"`
	Activo               *bool  `json:"activo,omitempty"`
	AutoGeneratePassword bool   `json:"auto_generate_password,omitempty"`
}

// UsuarioCreado is the answer of a creation: the user and, when the server
// generated the password, the temporary credentials, shown this once.
type UsuarioCreado struct {
	Usuario                UsuarioGestion          `json:"usuario"`
	CredencialesTemporales *CredencialesTemporales `json:"credenciales_temporales,omitempty"`
}

// CredencialesTemporales are a generated password and until when it is valid.
type CredencialesTemporales struct {
	Usuario          string    `json:"usuario"`
	PasswordTemporal string    `json:"password_temporal"`
	ValidaHasta      time.Time `json:"valida_hasta"`
}

// UsuarioEliminado says whether the user was deactivated instead of deleted.
type UsuarioEliminado struct {
	Desactivado bool `json:"desactivado"`
}

// RolesInfo is what user management needs to know about roles (backoffice §3).
type RolesInfo struct {
	RolActual        string             `json:"rolActual"`
	RolesDisponibles []RolDisponible    `json:"rolesDisponibles"`
	RolesPermitidos  []string           `json:"rolesPermitidos"`
	Estadisticas     []EstadisticaRol   `json:"estadisticas"`
	Restricciones    RestriccionesRoles `json:"restricciones"`
}

// RolDisponible is a role of the company; Otorgable says whether the caller
// may give it (domain.ValidarOtorgamiento: a level below its own and only
// permissions it holds), as the server checks on every create and edit.
type RolDisponible struct {
	Value           string `json:"value"`
	Label           string `json:"label"`
	Descripcion     string `json:"descripcion"`
	NivelJerarquico int    `json:"nivel_jerarquico"`
	Otorgable       bool   `json:"otorgable"`
}

// EstadisticaRol counts the company's users of a role.
type EstadisticaRol struct {
	Rol       string `json:"rol"`
	Total     int64  `json:"total"`
	Activos   int64  `json:"activos"`
	Inactivos int64  `json:"inactivos"`
}

// RestriccionesRoles are what the caller may do in user management.
type RestriccionesRoles struct {
	PuedeCrear                 bool `json:"puede_crear"`
	PuedeEditar                bool `json:"puede_editar"`
	PuedeEliminar              bool `json:"puede_eliminar"`
	MaxCambiosClavePasajeroMes int  `json:"max_cambios_clave_pasajero_mes"`
	VigenciaClaveTemporalHoras int  `json:"vigencia_clave_temporal_horas"`
}

func usuarioGestionDe(f store.FichaUsuario, now time.Time) UsuarioGestion {
	return UsuarioGestion{ID: f.ID, NombreUsuario: f.NombreUsuario, Nombre: f.Nombre, Apellido: f.Apellido,
		NombreCompleto: nombreCompleto(f.Nombre, f.Apellido), Email: f.Email, Telefono: f.Telefono, Rol: f.Rol,
		RolInfo: RolDeUsuario{Nombre: f.Rol, NivelJerarquico: f.RolNivel, ColorBadge: f.RolColor, Icono: f.RolIcono},
		Activo:  f.Activo, DebeCambiarClave: f.DebeCambiarClave,
		EstadoClave:        domain.EstadoClave(f.DebeCambiarClave, f.ClaveTemporalHasta, now),
		ClaveTemporalHasta: f.ClaveTemporalHasta, UltimoLogin: f.UltimoLogin, CreatedAt: f.CreatedAt}
}

func nombreCompleto(nombre, apellido string) string {
	switch {
	case nombre == "":
		return apellido
	case apellido == "":
		return nombre
	}
	return nombre + " " + apellido
}

// ConsultaEmpresa names the company whose users a super_admin manages.
type ConsultaEmpresa struct {
	EmpresaID int64 `query:"empresa_id" minimum:"1" description:"La empresa cuyos usuarios se gestionan (solo super_admin); la del llamante si falta"`
}

// empresaGestionada is the company whose users a request manages: the
// caller's, or for a super_admin the one named by ?empresa_id (404 when it
// does not exist). Anyone else naming another company is refused.
func (s *Server) empresaGestionada(r *http.Request, c ConsultaEmpresa) (int64, error) {
	a := actorFrom(r)
	id := c.EmpresaID
	if id == 0 || id == a.EmpresaID() {
		return a.EmpresaID(), nil
	}
	if a.Usuario.Rol != domain.RolSuperAdmin {
		return 0, domain.Forbidden(domain.MsgSinPermisos)
	}
	_, found, err := s.Store.Empresa(r.Context(), id)
	if err == nil && !found {
		err = domain.NotFound("Empresa no encontrada")
	}
	return id, err
}

// gestor is the caller of a user-management write, acting on the managed company.
func (s *Server) gestor(r *http.Request, c ConsultaEmpresa) (store.Gestor, error) {
	empresaID, err := s.empresaGestionada(r, c)
	if err != nil {
		return store.Gestor{}, err
	}
	w, err := writeActor(r)
	w.EmpresaID = empresaID
	return store.Gestor{Actor: w, Rol: actorFrom(r).Usuario.RolPropio()}, err
}

func (s *Server) listarUsuarios(r *http.Request, c ConsultaEmpresa) ([]UsuarioGestion, error) {
	empresaID, err := s.empresaGestionada(r, c)
	if err != nil {
		return nil, err
	}
	us, err := s.Store.ListarUsuarios(r.Context(), empresaID)
	now := s.Store.Now()
	return mapRows(us, func(f store.FichaUsuario) UsuarioGestion { return usuarioGestionDe(f, now) }), err
}

func (s *Server) rolesInfo(r *http.Request, c ConsultaEmpresa) (RolesInfo, error) {
	empresaID, err := s.empresaGestionada(r, c)
	if err != nil {
		return RolesInfo{}, err
	}
	roles, err := s.Store.RolesAsignables(r.Context(), empresaID)
	if err != nil {
		return RolesInfo{}, err
	}
	stats, err := s.Store.EstadisticasRoles(r.Context(), empresaID)
	u := actorFrom(r).Usuario
	info := RolesInfo{RolActual: u.Rol, RolesDisponibles: []RolDisponible{}, RolesPermitidos: []string{},
		Estadisticas:  mapRows(stats, func(e store.EstadisticaRol) EstadisticaRol { return EstadisticaRol(e) }),
		Restricciones: restriccionesDe(u)}
	for _, rol := range roles {
		otorgable := domain.ValidarOtorgamiento(u.RolPropio(), rol.Rol) == nil
		info.RolesDisponibles = append(info.RolesDisponibles, RolDisponible{Value: rol.Nombre, Label: rol.Nombre,
			Descripcion: rol.Descripcion, NivelJerarquico: rol.NivelJerarquico, Otorgable: otorgable})
		if otorgable {
			info.RolesPermitidos = append(info.RolesPermitidos, rol.Nombre)
		}
	}
	info.Restricciones.PuedeCrear = info.Restricciones.PuedeCrear && len(info.RolesPermitidos) > 0
	return info, err
}

func restriccionesDe(u store.UsuarioSesion) RestriccionesRoles {
	puede := func(accion string) bool { return domain.ConPermiso("usuarios."+accion).Permite(u.Rol, u.Permisos) }
	return RestriccionesRoles{PuedeCrear: puede("crear"), PuedeEditar: puede("editar"), PuedeEliminar: puede("eliminar"),
		MaxCambiosClavePasajeroMes: domain.MaxCambiosClavePasajeroMes,
		VigenciaClaveTemporalHoras: int(domain.VigenciaClaveTemporal / time.Hour)}
}

// datosGestion checks a user body and hashes its password, if any; the
// password must meet the policy with the user's own personal data and the
// name of the managed company.
func (s *Server) datosGestion(r *http.Request, g store.Gestor, body GuardarUsuario, password string,
	activo bool) (store.DatosGestionUsuario, error) {
	d, err := domain.NormalizarUsuario(domain.DatosUsuario{NombreUsuario: body.NombreUsuario, Email: body.Email,
		Nombre: body.Nombre, Apellido: body.Apellido, Telefono: body.Telefono, Rol: body.Rol})
	out := store.DatosGestionUsuario{DatosUsuario: d, Activo: activo}
	if err != nil || password == "" {
		return out, err
	}
	personales := d.Personales()
	if personales.Empresa, err = s.nombreEmpresa(r, g.EmpresaID); err != nil {
		return out, err
	}
	if v := domain.ValidarPassword(password, personales); !v.Valid {
		return out, domain.Invalid(domain.MsgPasswordNoCumple + ": " + v.Errors[0])
	}
	out.PasswordHash, err = s.Auth.Hasher.Hash(password)
	return out, err
}

// nombreEmpresa is the name of the company a request manages: the caller's
// own from the session, another one (a super_admin's) from the store.
func (s *Server) nombreEmpresa(r *http.Request, empresaID int64) (string, error) {
	if a := actorFrom(r); a.EmpresaID() == empresaID {
		return a.Usuario.EmpresaNombre, nil
	}
	e, _, err := s.Store.Empresa(r.Context(), empresaID)
	return e.Nombre, err
}

func (s *Server) crearUsuario(r *http.Request, body GuardarUsuario, c ConsultaEmpresa) (createdReply[UsuarioCreado], error) {
	g, err := s.gestor(r, c)
	if err != nil {
		return createdReply[UsuarioCreado]{}, err
	}
	password := body.Password
	if body.AutoGeneratePassword {
		password = auth.GenerarPassword(true)
	}
	if password == "" {
		return createdReply[UsuarioCreado]{}, domain.Invalid(domain.MsgContrasenaRequerida)
	}
	d, err := s.datosGestion(r, g, body, password, body.Activo == nil || *body.Activo)
	if err != nil {
		return createdReply[UsuarioCreado]{}, err
	}
	u, err := s.Store.CrearUsuario(r.Context(), g, d)
	if err != nil {
		return createdReply[UsuarioCreado]{}, err
	}
	out := UsuarioCreado{Usuario: usuarioGestionDe(u.FichaUsuario, s.Store.Now())}
	if body.AutoGeneratePassword && u.Nuevo {
		out.CredencialesTemporales = &CredencialesTemporales{Usuario: u.NombreUsuario, PasswordTemporal: password,
			ValidaHasta: *u.ClaveTemporalHasta}
	}
	return created(out, "Usuario creado exitosamente"), nil
}

func (s *Server) actualizarUsuario(r *http.Request, body GuardarUsuario, c ConsultaEmpresa) (reply[UsuarioGestion], error) {
	g, err := s.gestor(r, c)
	if err != nil {
		return reply[UsuarioGestion]{}, err
	}
	id, err := pathID(r, "id")
	if err != nil {
		return reply[UsuarioGestion]{}, err
	}
	if body.AutoGeneratePassword {
		return reply[UsuarioGestion]{}, domain.Invalid("auto_generate_password solo se usa al crear un usuario")
	}
	d, err := s.datosGestion(r, g, body, body.Password, body.Activo == nil || *body.Activo)
	if err != nil {
		return reply[UsuarioGestion]{}, err
	}
	if body.Activo == nil {
		d.Activo, err = s.activoActual(r, g.EmpresaID, id)
	}
	if err != nil {
		return reply[UsuarioGestion]{}, err
	}
	f, err := s.Store.ActualizarUsuario(r.Context(), g, id, d)
	return withMessage(usuarioGestionDe(f, s.Store.Now()), "Usuario actualizado exitosamente"), err
}

// activoActual is the current state of a user of the company (404 otherwise).
func (s *Server) activoActual(r *http.Request, empresaID, id int64) (bool, error) {
	u, found, err := s.Store.UsuarioPorID(r.Context(), id)
	if err == nil && (!found || u.EmpresaID != empresaID) {
		err = domain.NotFound(domain.MsgUsuarioNoEncontrado)
	}
	return u.Activo, err
}

func (s *Server) eliminarUsuario(r *http.Request, c ConsultaEmpresa) (reply[UsuarioEliminado], error) {
	g, err := s.gestor(r, c)
	if err != nil {
		return reply[UsuarioEliminado]{}, err
	}
	id, err := pathID(r, "id")
	if err != nil {
		return reply[UsuarioEliminado]{}, err
	}
	b, err := s.Store.EliminarUsuario(r.Context(), g, id)
	msg := "Usuario eliminado exitosamente"
	if b.Desactivado {
		msg = "El usuario tiene historial o es pasajero: se desactivó en lugar de eliminarse"
	}
	return withMessage(UsuarioEliminado(b), msg), err
}

// UsuarioBasico is a user as the log filters list it.
type UsuarioBasico struct {
	ID            int64  `json:"id"`
	NombreUsuario string `json:"nombre_usuario"`
	Nombre        string `json:"nombre"`
	Apellido      string `json:"apellido"`
}

func (s *Server) usuariosBasicos(r *http.Request) ([]UsuarioBasico, error) {
	us, err := s.Store.ListarUsuarios(r.Context(), actorFrom(r).EmpresaID())
	return mapRows(us, func(f store.FichaUsuario) UsuarioBasico {
		return UsuarioBasico{ID: f.ID, NombreUsuario: f.NombreUsuario, Nombre: f.Nombre, Apellido: f.Apellido}
	}), err
}

// ValidarPasswordDe is the body of POST /config/validar-password: the
// password and the personal data of the user it is meant for.
type ValidarPasswordDe struct {
	Password      string `json:"password" maxLength:"72"`
	NombreUsuario string `json:"nombre_usuario,omitempty" maxLength:"50"`
	Email         string `json:"email,omitempty" maxLength:"254"`
	Nombre        string `json:"nombre,omitempty" maxLength:"100"`
	Apellido      string `json:"apellido,omitempty" maxLength:"100"`
}

// ValidarContrasena is the body of POST /usuarios/validar-contrasena: a
// password for the session user.
type ValidarContrasena struct {
	Password string `json:"password" maxLength:"72"`
}

// ValidacionPassword is the policy's verdict on a password (backoffice §3).
type ValidacionPassword struct {
	Valid           bool                    `json:"valid"`
	Strength        string                  `json:"strength" enum:"very_weak,weak,medium,strong,very_strong"`
	Score           int                     `json:"score"`
	Checks          domain.ChequeosPassword `json:"checks"`
	Errors          []string                `json:"errors"`
	Suggestions     []string                `json:"suggestions"`
	StrengthMessage MensajeFuerza           `json:"strengthMessage"`
}

// MensajeFuerza is the strength in words.
type MensajeFuerza struct {
	Text string `json:"text"`
}

func validacionDe(v domain.ValidacionPassword) ValidacionPassword {
	return ValidacionPassword{Valid: v.Valid, Strength: v.Strength, Score: v.Score, Checks: v.Checks,
		Errors: v.Errors, Suggestions: v.Suggestions, StrengthMessage: MensajeFuerza{v.StrengthMessage}}
}

func (s *Server) validarPassword(r *http.Request, body ValidarPasswordDe) (ValidacionPassword, error) {
	return validacionDe(domain.ValidarPassword(body.Password, domain.DatosPersonales{
		NombreUsuario: body.NombreUsuario, Email: body.Email, Nombre: body.Nombre, Apellido: body.Apellido,
		Empresa: actorFrom(r).Usuario.EmpresaNombre})), nil
}

func (s *Server) validarContrasena(r *http.Request, body ValidarContrasena) (ValidacionPassword, error) {
	return validacionDe(domain.ValidarPassword(body.Password, auth.PersonalesDe(actorFrom(r).Usuario))), nil
}

// PasswordsGeneradas are passwords suggested by the server.
type PasswordsGeneradas struct {
	Passwords []string `json:"passwords"`
}

// ConsultaPasswords is how many passwords to suggest (3 by default, backoffice
// §9; at most auth.MaxPasswordsGeneradas) and whether they are easy to read.
type ConsultaPasswords struct {
	Count    int64 `query:"count" minimum:"1" maximum:"10" default:"3" description:"Cuántas contraseñas"`
	Readable *bool `query:"readable" default:"true" description:"true: sin caracteres que se confunden (0 y O, 1 y l)"`
}

func (s *Server) generarPasswords(_ *http.Request, c ConsultaPasswords) (PasswordsGeneradas, error) {
	out := PasswordsGeneradas{Passwords: []string{}}
	for range c.Count {
		out.Passwords = append(out.Passwords, auth.GenerarPassword(*c.Readable))
	}
	return out, nil
}

// CambiarContrasena is the body of PUT /usuarios/cambiar-contrasena; the
// current password is not needed while a change is forced.
type CambiarContrasena struct {
	ClaveActual string `json:"clave_actual,omitempty" maxLength:"72"`
	ClaveNueva  string `json:"clave_nueva" maxLength:"72"`
}

// ClaveCambiada answers a password change: every session of the user ended,
// and this token continues the caller's.
type ClaveCambiada struct {
	Token string `json:"token"`
}

func (s *Server) cambiarContrasena(r *http.Request, body CambiarContrasena) (reply[ClaveCambiada], error) {
	w, err := writeActor(r)
	if err != nil {
		return reply[ClaveCambiada]{}, err
	}
	token, err := s.Auth.CambiarClave(r.Context(), w, actorFrom(r).Usuario, body.ClaveActual, body.ClaveNueva)
	if err != nil {
		return reply[ClaveCambiada]{}, err
	}
	return withMessage(ClaveCambiada{Token: token}, "Contraseña cambiada exitosamente"), nil
}

// permitidasConCambioPendiente are the only routes a session whose password
// must change may call: see itself, check and change the password, log out.
var permitidasConCambioPendiente = map[string]bool{
	"GET /api/auth/me":                      true,
	"POST /api/auth/logout":                 true,
	"POST /api/usuarios/validar-contrasena": true,
	"PUT /api/usuarios/cambiar-contrasena":  true,
}

// cambioDeClavePendiente refuses every other call of a session whose user
// must change the password first.
func cambioDeClavePendiente(rt route, u store.UsuarioSesion) error {
	if u.DebeCambiarClave && !permitidasConCambioPendiente[rt.Method+" "+rt.Path] {
		return domain.Forbidden(domain.MsgDebeCambiarClave)
	}
	return nil
}
