package api

import "net/http"

// dashboardStats answers the figures of the caller's dashboard. Anyone who runs
// a register gets the seller figures; the other dashboards add theirs later.
func (s *Server) dashboardStats(r *http.Request) (any, error) {
	a := actorFrom(r)
	if !a.Usuario.Permisos.Allows("caja", "ver") {
		return map[string]any{}, nil
	}
	dia, err := s.Store.Hoy(r.Context(), a.EmpresaID())
	if err != nil {
		return nil, err
	}
	return s.Store.EstadisticasDeVendedor(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
}
