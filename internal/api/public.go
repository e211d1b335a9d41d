package api

import (
	"net/http"

	"muelle/internal/domain"
)

func (s *Server) health(r *http.Request) (any, error) {
	if err := s.Store.Ping(r.Context()); err != nil {
		s.Log.Error("base de datos no disponible", "err", err)
		return nil, &domain.Error{Kind: domain.KindUnavailable, Message: "Base de datos no disponible"}
	}
	return map[string]string{"status": "ok", "database": "ok"}, nil
}

// publicEmpresa is the contact block of the landing page.
func (s *Server) publicEmpresa(r *http.Request) (any, error) {
	e, ok, err := s.Store.EmpresaPublica(r.Context())
	if err != nil || !ok {
		return map[string]string{}, err
	}
	return map[string]string{"nombre": e.Nombre, "telefono": e.Telefono, "email": e.Email,
		"direccion": e.Direccion, "logo_url": e.LogoURL}, nil
}

func (s *Server) publicStats(r *http.Request) (any, error) {
	e, _, err := s.Store.EmpresaPublica(r.Context())
	if err != nil {
		return nil, err
	}
	return s.Store.EstadisticasPublicas(r.Context(), e)
}
