package api

import (
	"net/http"

	"muelle/internal/store"
)

// usuarioJSON is the session user of the spec (operaciones §3).
type usuarioJSON struct {
	ID            int64       `json:"id"`
	NombreUsuario string      `json:"nombre_usuario"`
	Nombre        string      `json:"nombre"`
	Apellido      string      `json:"apellido"`
	Email         string      `json:"email"`
	Rol           string      `json:"rol"`
	RolInfo       rolInfoJSON `json:"rolInfo"`
	Empresa       empresaRef  `json:"empresa"`
}

type rolInfoJSON struct {
	Nombre   string `json:"nombre"`
	Permisos any    `json:"permisos"`
}

type empresaRef struct {
	ID      int64  `json:"id"`
	Nombre  string `json:"nombre"`
	LogoURL string `json:"logo_url"`
}

func usuarioDe(u store.UsuarioSesion) usuarioJSON {
	return usuarioJSON{ID: u.ID, NombreUsuario: u.NombreUsuario, Nombre: u.Nombre, Apellido: u.Apellido,
		Email: u.Email, Rol: u.Rol, RolInfo: rolInfoJSON{Nombre: u.Rol, Permisos: u.Permisos},
		Empresa: empresaRef{ID: u.EmpresaID, Nombre: u.EmpresaNombre, LogoURL: u.EmpresaLogo}}
}

func (s *Server) login(r *http.Request) (any, error) {
	var body struct {
		NombreUsuario string `json:"nombre_usuario"`
		Password      string `json:"password"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	ses, err := s.Auth.Login(r.Context(), body.NombreUsuario, body.Password, clientIP(r))
	if err != nil {
		return nil, err
	}
	return withMessage(map[string]any{"token": ses.Token, "usuario": usuarioDe(ses.Usuario)},
		"Inicio de sesión exitoso"), nil
}

func (s *Server) logout(r *http.Request) (any, error) {
	a := actorFrom(r)
	if err := s.Auth.Logout(r.Context(), a.Claims, clientIP(r)); err != nil {
		return nil, err
	}
	return withMessage(nil, "Sesión cerrada"), nil
}

func (s *Server) me(r *http.Request) (any, error) {
	return usuarioDe(actorFrom(r).Usuario), nil
}
