package api

import (
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// IniciarSesion is the body of POST /auth/login.
type IniciarSesion struct {
	NombreUsuario string `json:"nombre_usuario" maxLength:"50"`
	Password      string `json:"password" maxLength:"72"`
}

// Sesion is the answer of a successful login.
type Sesion struct {
	Token   string  `json:"token"`
	Usuario Usuario `json:"usuario"`
}

// Usuario is the session user of the spec (operaciones §3).
type Usuario struct {
	ID            int64          `json:"id"`
	NombreUsuario string         `json:"nombre_usuario"`
	Nombre        string         `json:"nombre"`
	Apellido      string         `json:"apellido"`
	Email         string         `json:"email"`
	Rol           string         `json:"rol"`
	RolInfo       RolInfo        `json:"rolInfo"`
	Empresa       EmpresaUsuario `json:"empresa"`
	// Modulos are the codes of the modules the company has effective now.
	Modulos []string `json:"modulos" enum:"core,venta_pasajes,caja,embarque,reportes,clientes,whatsapp,email,notificaciones,puntos,portal_clientes,facturacion"`
	// AvisosModulos: for an administrator, the company's modules that expire
	// soon or expired (empty for the other roles).
	AvisosModulos []AvisoModulo `json:"avisos_modulos"`
	// DebeCambiarClave: the session may do nothing but change the password.
	DebeCambiarClave bool   `json:"debe_cambiar_clave"`
	EstadoClave      string `json:"estado_clave" enum:"vigente,expirada,reinicio_pendiente"`
}

// RolInfo is the user's role with its permissions.
type RolInfo struct {
	Nombre   string          `json:"nombre"`
	Permisos domain.Permisos `json:"permisos"`
}

// EmpresaUsuario is the company of the session user.
type EmpresaUsuario struct {
	ID      int64  `json:"id"`
	Nombre  string `json:"nombre"`
	LogoURL string `json:"logo_url"`
}

func usuarioDe(u store.UsuarioSesion, now time.Time) Usuario {
	return Usuario{DebeCambiarClave: u.DebeCambiarClave, EstadoClave: u.EstadoClave(now), ID: u.ID, NombreUsuario: u.NombreUsuario, Nombre: u.Nombre, Apellido: u.Apellido,
		Email: u.Email, Rol: u.Rol, RolInfo: RolInfo{Nombre: u.Rol, Permisos: u.Permisos},
		Empresa: EmpresaUsuario{ID: u.EmpresaID, Nombre: u.EmpresaNombre, LogoURL: u.EmpresaLogo}}
}

func (s *Server) login(r *http.Request, body IniciarSesion) (reply[Sesion], error) {
	ses, err := s.Auth.Login(r.Context(), body.NombreUsuario, body.Password, clientIP(r))
	if err != nil {
		return reply[Sesion]{}, err
	}
	u, err := s.usuarioConModulos(r, ses.Usuario)
	return withMessage(Sesion{Token: ses.Token, Usuario: u}, "Inicio de sesión exitoso"), err
}

func (s *Server) logout(r *http.Request) (reply[NoData], error) {
	a := actorFrom(r)
	if err := s.Auth.Logout(r.Context(), a.Claims, clientIP(r)); err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage("Sesión cerrada"), nil
}

func (s *Server) me(r *http.Request) (Usuario, error) {
	return s.usuarioConModulos(r, actorFrom(r).Usuario)
}

// usuarioConModulos is the session user with its company's effective modules.
func (s *Server) usuarioConModulos(r *http.Request, su store.UsuarioSesion) (Usuario, error) {
	u := usuarioDe(su, s.Store.Now())
	return u, s.conModulos(r.Context(), &u, su)
}
