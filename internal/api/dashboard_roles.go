package api

import (
	"context"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// EstadisticasAdmin are the company dashboard's figures (operaciones §3).
type EstadisticasAdmin struct {
	IngresosHoy         domain.Centavos     `json:"ingresosHoy"`
	PasajesHoy          int64               `json:"pasajesHoy"`
	TotalClientes       int64               `json:"totalClientes"`
	UsuariosActivos     int64               `json:"usuariosActivos"`
	CajasAbiertas       int64               `json:"cajasAbiertas"`
	DesempenoVendedores []DesempenoVendedor `json:"desempenoVendedores"`
}

// DesempenoVendedor is one seller of today's ranking, best first.
type DesempenoVendedor struct {
	ID           int64           `json:"id"`
	Vendedor     string          `json:"vendedor"`
	TotalPasajes int64           `json:"total_pasajes"`
	TotalVentas  domain.Centavos `json:"total_ventas"`
}

// EstadisticasSupervisor are the supervisor dashboard's figures (operaciones §3);
// the own register comes with the seller figures (miCajaInfo).
type EstadisticasSupervisor struct {
	VendedoresActivos      int64                 `json:"vendedoresActivos"`
	PasajesEmbarcados      int64                 `json:"pasajesEmbarcados"`
	VendedoresSupervisados []VendedorSupervisado `json:"vendedoresSupervisados"`
}

// VendedorSupervisado is one seller with the register and today's sales.
type VendedorSupervisado struct {
	ID            int64           `json:"id"`
	Vendedor      string          `json:"vendedor"`
	NombreUsuario string          `json:"nombre_usuario"`
	CajaEstado    string          `json:"caja_estado" enum:"abierta,cerrada"`
	FechaApertura *time.Time      `json:"fecha_apertura"`
	VentasHoy     int64           `json:"ventas_hoy"`
	TotalVentas   domain.Centavos `json:"total_ventas"`
}

// MonitoreoVendedores is the seller monitoring screen (backoffice §2.18).
type MonitoreoVendedores struct {
	Totales    TotalesVendedores     `json:"totales"`
	Vendedores []VendedorSupervisado `json:"vendedores"`
}

// TotalesVendedores are the monitoring's totals: sellers, with a register
// open (activos) or not, today's sales and their amount.
type TotalesVendedores struct {
	Vendedores int64           `json:"vendedores"`
	Activos    int64           `json:"activos"`
	Inactivos  int64           `json:"inactivos"`
	Ventas     int64           `json:"ventas"`
	Ingresos   domain.Centavos `json:"ingresos"`
}

func vendedorSupervisadoDe(v store.VendedorSupervisado) VendedorSupervisado {
	estado := domain.CajaCerrada
	if v.CajaID != nil {
		estado = domain.CajaAbierta
	}
	return VendedorSupervisado{ID: v.UsuarioID, Vendedor: v.Vendedor, NombreUsuario: v.NombreUsuario,
		CajaEstado: estado, FechaApertura: v.FechaApertura, VentasHoy: v.VentasHoy, TotalVentas: v.TotalVentas}
}

func monitoreoVendedoresDe(m store.MonitoreoVendedores) MonitoreoVendedores {
	return MonitoreoVendedores{Totales: TotalesVendedores(m.Totales), Vendedores: mapRows(m.Vendedores, vendedorSupervisadoDe)}
}

func desempenoDe(d store.DesempenoVendedor) DesempenoVendedor {
	return DesempenoVendedor{ID: d.UsuarioID, Vendedor: d.Vendedor, TotalPasajes: d.TotalPasajes, TotalVentas: d.TotalVentas}
}

// empresaDelDia runs fn for the caller's company and business day.
func empresaDelDia[T any](s *Server, r *http.Request, fn func(context.Context, int64, domain.Dia) (T, error)) (T, error) {
	return figurasDelDia(s, r, func(ctx context.Context, empresaID, _ int64, dia domain.Dia) (T, error) {
		return fn(ctx, empresaID, dia)
	})
}

func (s *Server) statsAdmin(r *http.Request) (EstadisticasDashboard, error) {
	st, err := empresaDelDia(s, r, s.Store.EstadisticasDeAdmin)
	if err != nil {
		return EstadisticasDashboard{}, err
	}
	servicios := s.serviciosDeEmpresa(r.Context(), actorFrom(r).EmpresaID())
	return EstadisticasDashboard{EstadoServicios: servicios, EstadisticasAdmin: &EstadisticasAdmin{
		IngresosHoy: st.IngresosHoy, PasajesHoy: st.PasajesHoy, TotalClientes: st.TotalClientes,
		UsuariosActivos: st.UsuariosActivos, CajasAbiertas: st.CajasAbiertas,
		DesempenoVendedores: mapRows(st.Ranking, desempenoDe),
	}}, err
}

func (s *Server) statsSupervisor(r *http.Request) (EstadisticasDashboard, error) {
	propias, err := s.statsVendedor(r)
	if err != nil {
		return EstadisticasDashboard{}, err
	}
	st, err := empresaDelDia(s, r, s.Store.EstadisticasDeSupervisor)
	return EstadisticasDashboard{EstadisticasVendedor: propias, EstadisticasSupervisor: &EstadisticasSupervisor{
		VendedoresActivos: st.Totales.Activos, PasajesEmbarcados: st.Embarcados,
		VendedoresSupervisados: mapRows(st.Vendedores, vendedorSupervisadoDe),
	}}, err
}

// monitoreoVendedores is the seller monitoring of the caller's company.
func (s *Server) monitoreoVendedores(r *http.Request) (MonitoreoVendedores, error) {
	m, err := empresaDelDia(s, r, s.Store.VendedoresSupervisados)
	return monitoreoVendedoresDe(m), err
}
