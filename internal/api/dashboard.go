package api

import (
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// EstadisticasDashboard is the caller's dashboard: the seller figures for
// anyone who runs a register, {} for the others (their dashboards come later).
type EstadisticasDashboard struct {
	*EstadisticasVendedor
}

// EstadisticasVendedor are the seller dashboard's figures (operaciones §3).
type EstadisticasVendedor struct {
	MiCajaAbierta    bool            `json:"miCajaAbierta"`
	MiCajaInfo       *Caja           `json:"miCajaInfo"`
	MisVentasHoy     int64           `json:"misVentasHoy"`
	MisIngresosHoy   domain.Centavos `json:"misIngresosHoy"`
	MisUltimasVentas []VentaReciente `json:"misUltimasVentas"`
}

// VentaReciente is one of the seller's latest sales.
type VentaReciente struct {
	ID      int64           `json:"id"`
	Numero  string          `json:"numero_pasaje"`
	Cliente string          `json:"cliente"`
	Monto   domain.Centavos `json:"monto"`
	Hora    time.Time       `json:"hora"`
	Seccion string          `json:"seccion"`
}

func ventaRecienteDe(v store.VentaReciente) VentaReciente {
	return VentaReciente{ID: v.ID, Numero: v.Numero, Cliente: v.Cliente, Monto: v.Monto, Hora: v.Hora, Seccion: v.Seccion}
}

func estadisticasVendedorDe(st store.EstadisticasVendedor) *EstadisticasVendedor {
	out := &EstadisticasVendedor{MiCajaAbierta: st.MiCajaAbierta, MisVentasHoy: st.MisVentasHoy,
		MisIngresosHoy: st.MisIngresosHoy, MisUltimasVentas: mapRows(st.MisUltimasVentas, ventaRecienteDe)}
	if st.MiCajaInfo != nil {
		caja := cajaDe(*st.MiCajaInfo)
		out.MiCajaInfo = &caja
	}
	return out
}

// dashboardStats answers the figures of the caller's dashboard. Anyone who runs
// a register gets the seller figures; the other dashboards add theirs later.
func (s *Server) dashboardStats(r *http.Request) (EstadisticasDashboard, error) {
	a := actorFrom(r)
	if !a.Usuario.Permisos.Allows("caja", "ver") {
		return EstadisticasDashboard{}, nil
	}
	dia, err := s.Store.Hoy(r.Context(), a.EmpresaID())
	if err != nil {
		return EstadisticasDashboard{}, err
	}
	st, err := s.Store.EstadisticasDeVendedor(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
	return EstadisticasDashboard{estadisticasVendedorDe(st)}, err
}
