package api

import (
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// EstadisticasDashboard is the caller's dashboard, shaped by role
// (operaciones §3): the global figures for super_admin, the company figures
// for admin, the sellers and the own register for supervisor, the seller
// figures for anyone else who runs a register, {} for the others.
type EstadisticasDashboard struct {
	*EstadisticasVendedor
	*EstadisticasAdmin
	*EstadisticasSupervisor
	*EstadisticasGlobales
	// EstadoServicios is shown to super_admin (the service monitor's cards) and
	// to admin (its own company's e-mail and WhatsApp only).
	EstadoServicios []Servicio `json:"estado_servicios,omitempty"`
}

// EstadisticasVendedor are the seller dashboard's figures (operaciones §3).
type EstadisticasVendedor struct {
	MiCajaAbierta bool  `json:"miCajaAbierta"`
	MiCajaInfo    *Caja `json:"miCajaInfo"`
	MisVentasHoy  int64 `json:"misVentasHoy"`
	// MisIngresosHoy and each sale's monto are null for a blind cashier whose
	// register is open (cajaPara): they add up to the expected cash.
	MisIngresosHoy   *domain.Centavos `json:"misIngresosHoy"`
	MisUltimasVentas []VentaReciente  `json:"misUltimasVentas"`
}

// VentaReciente is one of the seller's latest sales.
type VentaReciente struct {
	ID      int64            `json:"id"`
	Numero  string           `json:"numero_pasaje"`
	Cliente string           `json:"cliente"`
	Monto   *domain.Centavos `json:"monto"`
	Hora    time.Time        `json:"hora"`
	Seccion string           `json:"seccion"`
}

func ventaRecienteDe(v store.VentaReciente) VentaReciente {
	return VentaReciente{ID: v.ID, Numero: v.Numero, Cliente: v.Cliente, Monto: &v.Monto, Hora: v.Hora, Seccion: v.Seccion}
}

func estadisticasVendedorDe(r *http.Request, st store.EstadisticasVendedor) *EstadisticasVendedor {
	out := &EstadisticasVendedor{MiCajaAbierta: st.MiCajaAbierta, MisVentasHoy: st.MisVentasHoy,
		MisIngresosHoy: &st.MisIngresosHoy, MisUltimasVentas: mapRows(st.MisUltimasVentas, ventaRecienteDe)}
	if st.MiCajaInfo != nil {
		caja := cajaPara(r, *st.MiCajaInfo)
		out.MiCajaInfo = &caja
		if ciego(r, *st.MiCajaInfo) {
			out.MisIngresosHoy = nil
			for i := range out.MisUltimasVentas {
				out.MisUltimasVentas[i].Monto = nil
			}
		}
	}
	return out
}

// EstadisticasLancha is the boarding dashboard's figures (operaciones §3).
type EstadisticasLancha struct {
	EmbarcadosHoy        int64      `json:"embarcados_hoy"`
	MisEmbarcadosHoy     int64      `json:"mis_embarcados_hoy"`
	PendientesHoy        int64      `json:"pendientes_hoy"`
	TotalPasajesHoy      int64      `json:"total_pasajes_hoy"`
	UltimaValidacion     *time.Time `json:"ultima_validacion"`
	PorcentajeCompletado int64      `json:"porcentaje_completado"`
}

// ValidacionReciente is one of the company's latest boardings.
type ValidacionReciente struct {
	ID            int64     `json:"id"`
	NumeroPasaje  string    `json:"numero_pasaje"`
	FechaEmbarque time.Time `json:"fecha_embarque"`
	ClienteNombre string    `json:"cliente_nombre"`
	SeccionNombre string    `json:"seccion_nombre"`
	ValidadoPor   string    `json:"validado_por"`
}

func validacionRecienteDe(v store.ValidacionReciente) ValidacionReciente {
	return ValidacionReciente{ID: v.ID, NumeroPasaje: v.NumeroPasaje, FechaEmbarque: v.FechaEmbarque,
		ClienteNombre: v.ClienteNombre, SeccionNombre: v.SeccionNombre, ValidadoPor: v.ValidadoPor}
}

// dashboardStats answers the figures of the caller's dashboard, by role.
func (s *Server) dashboardStats(r *http.Request) (EstadisticasDashboard, error) {
	u := actorFrom(r).Usuario
	switch {
	case u.Rol == domain.RolSuperAdmin:
		return s.statsGlobales(r)
	case u.Rol == domain.RolAdmin:
		return s.statsAdmin(r)
	case u.Rol == domain.RolSupervisor:
		return s.statsSupervisor(r)
	case u.Permisos.Allows("caja", "ver"):
		st, err := s.statsVendedor(r)
		return EstadisticasDashboard{EstadisticasVendedor: st}, err
	}
	return EstadisticasDashboard{}, nil
}

func (s *Server) statsVendedor(r *http.Request) (*EstadisticasVendedor, error) {
	st, err := figurasDelDia(s, r, s.Store.EstadisticasDeVendedor)
	return estadisticasVendedorDe(r, st), err
}

func (s *Server) lanchaStats(r *http.Request) (EstadisticasLancha, error) {
	st, err := figurasDelDia(s, r, s.Store.EstadisticasDeLancha)
	return EstadisticasLancha(st), err
}

// recientesLimite is how many validations the boarding dashboard lists.
const recientesLimite = 10

func (s *Server) lanchaRecientes(r *http.Request) ([]ValidacionReciente, error) {
	recientes, err := s.Store.ValidacionesRecientes(r.Context(), actorFrom(r).EmpresaID(), recientesLimite)
	return mapRows(recientes, validacionRecienteDe), err
}
