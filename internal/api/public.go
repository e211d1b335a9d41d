package api

import (
	"context"
	"net/http"
	"time"

	"muelle/internal/domain"
)

// healthTimeout bounds how long the health check waits for the writer.
const healthTimeout = 3 * time.Second

// health answers 200 only when the database accepts a write, so that a load
// balancer takes a node whose database is down or read-only out of service.
func (s *Server) health(r *http.Request) (any, error) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.Store.PuedeEscribir(ctx); err != nil {
		s.Log.Error("base de datos no disponible", "err", err)
		return nil, domain.Unavailable(domain.MsgBaseNoDisponible)
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
