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

// dashboardStats answers the figures of the caller's dashboard. Anyone who runs
// a register gets the seller figures; the other dashboards add theirs later.
func (s *Server) dashboardStats(r *http.Request) (EstadisticasDashboard, error) {
	if !actorFrom(r).Usuario.Permisos.Allows("caja", "ver") {
		return EstadisticasDashboard{}, nil
	}
	st, err := figurasDelDia(s, r, s.Store.EstadisticasDeVendedor)
	return EstadisticasDashboard{estadisticasVendedorDe(st)}, err
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
