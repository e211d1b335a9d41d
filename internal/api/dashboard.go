package api

import (
	"net/http"

	"muelle/internal/store"
)

// dashboardStats answers the figures of the caller's dashboard. Anyone who runs
// a register gets the seller figures; the other dashboards add theirs later.
func (s *Server) dashboardStats(r *http.Request) (any, error) {
	a := actorFrom(r)
	if !a.Usuario.Permisos.Allows("caja", "ver") {
		return map[string]any{}, nil
	}
	st, err := figurasDelDia(s, r, s.Store.EstadisticasDeVendedor)
	out := vendedorRespuesta{EstadisticasVendedor: st}
	if st.MiCajaInfo != nil {
		caja := cajaConUsuario(*st.MiCajaInfo)
		out.MiCajaInfo = &caja
	}
	return out, err
}

// vendedorRespuesta is the seller's figures with the register's usuario alias.
type vendedorRespuesta struct {
	store.EstadisticasVendedor
	MiCajaInfo *cajaRespuesta `json:"miCajaInfo"`
}

func (s *Server) lanchaStats(r *http.Request) (any, error) {
	return figurasDelDia(s, r, s.Store.EstadisticasDeLancha)
}

// recientesLimite is how many validations the boarding dashboard lists.
const recientesLimite = 10

func (s *Server) lanchaRecientes(r *http.Request) (any, error) {
	return s.Store.ValidacionesRecientes(r.Context(), actorFrom(r).EmpresaID(), recientesLimite)
}
