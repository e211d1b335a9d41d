package api

import (
	"net/http"

	"muelle/internal/domain"
)

func (s *Server) empresaActual(r *http.Request) (any, error) {
	e, ok, err := s.Store.Empresa(r.Context(), actorFrom(r).EmpresaID())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.NotFound("Empresa no encontrada")
	}
	return e, nil
}
