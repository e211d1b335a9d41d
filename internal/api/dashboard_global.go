package api

import (
	"math"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// EstadisticasGlobales are the global dashboard's figures (operaciones §3, backoffice §3).
type EstadisticasGlobales struct {
	MetricasGlobales MetricasGlobales  `json:"metricas_globales"`
	Empresas         []EmpresaResumen  `json:"empresas"`
	Alertas          []Alerta          `json:"alertas"`
	Monitoreo        MonitoreoServidor `json:"monitoreo"`
}

// MetricasGlobales add up every company. volumen_movimientos_hoy is the amount
// sold today (tickets not cancelled), each company on its own business day.
type MetricasGlobales struct {
	TotalEmpresas          int64           `json:"total_empresas"`
	EmpresasActivas        int64           `json:"empresas_activas"`
	EmpresasInactivas      int64           `json:"empresas_inactivas"`
	VolumenMovimientosHoy  domain.Centavos `json:"volumen_movimientos_hoy"`
	PasajesHoySistema      int64           `json:"pasajes_hoy_sistema"`
	UsuariosActivosSistema int64           `json:"usuarios_activos_sistema"`
	CajasAbiertasSistema   int64           `json:"cajas_abiertas_sistema"`
}

// EmpresaResumen is one company of the global dashboard.
type EmpresaResumen struct {
	ID              int64           `json:"id"`
	Nombre          string          `json:"nombre"`
	Activa          bool            `json:"activa"`
	UsuariosActivos int64           `json:"usuarios_activos"`
	PasajesHoy      int64           `json:"pasajes_hoy"`
	IngresosHoy     domain.Centavos `json:"ingresos_hoy"`
	CajasAbiertas   int64           `json:"cajas_abiertas"`
	UltimaVenta     *time.Time      `json:"ultima_venta"`
}

// Alerta is one item of the alerts banner.
type Alerta struct {
	Tipo     string `json:"tipo" enum:"error,warning,info"`
	Mensaje  string `json:"mensaje"`
	Cantidad int64  `json:"cantidad"`
}

// MonitoreoServidor are this instance's live figures: uptime, database round
// trip, open event-stream sockets, and the API requests and server errors
// (5xx) of the last minute and since start.
type MonitoreoServidor struct {
	UptimeSegundos      int64   `json:"uptime_segundos"`
	LatenciaBDMs        float64 `json:"latencia_bd_ms"`
	SocketsAbiertos     int64   `json:"sockets_abiertos"`
	PeticionesPorMinuto int64   `json:"peticiones_por_minuto"`
	ErroresPorMinuto    int64   `json:"errores_por_minuto"`
	PeticionesTotales   int64   `json:"peticiones_totales"`
	ErroresTotales      int64   `json:"errores_totales"`
}

func empresaResumenDe(e store.EmpresaResumen) EmpresaResumen {
	return EmpresaResumen{ID: e.ID, Nombre: e.Nombre, Activa: e.Activa, UsuariosActivos: e.UsuariosActivos,
		PasajesHoy: e.PasajesHoy, IngresosHoy: e.IngresosHoy, CajasAbiertas: e.CajasAbiertas, UltimaVenta: e.UltimaVenta}
}

func alertaDe(a domain.Alerta) Alerta { return Alerta(a) }

// statsGlobales is the super_admin's dashboard across every company.
func (s *Server) statsGlobales(r *http.Request) (EstadisticasDashboard, error) {
	servicios, latencia := s.comprobarServicios(r.Context())
	empresas, err := s.Store.EmpresasResumen(r.Context())
	if err != nil {
		return EstadisticasDashboard{}, err
	}
	metricas, estado := metricasDe(empresas)
	estado.LatenciaBase = latencia
	return EstadisticasDashboard{EstadoServicios: servicios, EstadisticasGlobales: &EstadisticasGlobales{
		MetricasGlobales: metricas,
		Empresas:         mapRows(empresas, empresaResumenDe),
		Alertas:          mapRows(domain.Alertas(estado), alertaDe),
		Monitoreo:        s.monitoreoServidor(latencia),
	}}, nil
}

// metricasDe adds up the companies, and gathers what the alerts look at.
func metricasDe(empresas []store.EmpresaResumen) (MetricasGlobales, domain.EstadoSistema) {
	var m MetricasGlobales
	var estado domain.EstadoSistema
	for _, e := range empresas {
		m.TotalEmpresas++
		if e.Activa {
			m.EmpresasActivas++
		}
		// A read of what was sold: the sum is reported even past the bound of one amount.
		m.VolumenMovimientosHoy += e.IngresosHoy
		m.PasajesHoySistema += e.PasajesHoy
		m.UsuariosActivosSistema += e.UsuariosActivos
		m.CajasAbiertasSistema += e.CajasAbiertas
		if e.CajasLargas > 0 {
			estado.CajasLargas = append(estado.CajasLargas, domain.EmpresaConCajasLargas{Empresa: e.Nombre, Cajas: e.CajasLargas})
		}
	}
	m.EmpresasInactivas = m.TotalEmpresas - m.EmpresasActivas
	estado.EmpresasInactivas = m.EmpresasInactivas
	return m, estado
}

func (s *Server) monitoreoServidor(latencia time.Duration) MonitoreoServidor {
	ahora := time.Now()
	porMinuto, erroresPorMinuto := s.metricas.ultimoMinuto(ahora)
	m := MonitoreoServidor{
		UptimeSegundos:      int64(ahora.Sub(s.metricas.inicio).Seconds()),
		LatenciaBDMs:        math.Round(float64(latencia.Microseconds())/10) / 100,
		PeticionesPorMinuto: porMinuto,
		ErroresPorMinuto:    erroresPorMinuto,
		PeticionesTotales:   s.metricas.peticiones.Load(),
		ErroresTotales:      s.metricas.errores.Load(),
	}
	if s.SocketsAbiertos != nil {
		m.SocketsAbiertos = int64(s.SocketsAbiertos())
	}
	return m
}
