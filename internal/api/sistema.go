package api

import (
	"context"
	"net"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Proceso describes the running server for the system configuration: the
// build's version, the environment it runs as, the address it listens on
// and when it started.
type Proceso struct {
	Version   string
	Ambiente  string
	Direccion string
	Inicio    time.Time
}

// GuardarConfiguracionSistema is the body of PUT /config/sistema.
type GuardarConfiguracionSistema struct {
	Nombre   string `json:"nombre" maxLength:"100"`
	Timezone string `json:"timezone" maxLength:"64"`
	Idioma   string `json:"idioma" maxLength:"2"`
}

// ConfiguracionSistema is the system configuration screen (backoffice §3
// System config): what may be edited, the installation's figures, where the
// database and the server are (never a password) and the security settings
// in force.
type ConfiguracionSistema struct {
	Sistema      DatosSistema        `json:"sistema"`
	Estadisticas EstadisticasSistema `json:"estadisticas"`
	Servicios    ServiciosSistema    `json:"servicios"`
	Seguridad    SeguridadSistema    `json:"seguridad"`
}

// DatosSistema are the system's name, time zone and language (editable) and
// its version, environment and installation date.
type DatosSistema struct {
	Nombre           string    `json:"nombre"`
	Version          string    `json:"version"`
	Ambiente         string    `json:"ambiente"`
	Timezone         string    `json:"timezone"`
	Idioma           string    `json:"idioma"`
	FechaInstalacion time.Time `json:"fecha_instalacion"`
}

// EstadisticasSistema are the installation's figures over every company.
type EstadisticasSistema struct {
	TotalEmpresas   int64 `json:"total_empresas"`
	EmpresasActivas int64 `json:"empresas_activas"`
	TotalUsuarios   int64 `json:"total_usuarios"`
	UsuariosActivos int64 `json:"usuarios_activos"`
	TotalPasajes    int64 `json:"total_pasajes"`
	CajasAbiertas   int64 `json:"cajas_abiertas"`
}

// ServiciosSistema are the database, the server and the backups.
type ServiciosSistema struct {
	BaseDatos BaseDatos       `json:"base_datos"`
	Servidor  Servidor        `json:"servidor"`
	Respaldo  RespaldoSistema `json:"respaldo"`
	// Tareas are this instance's jobs of the work outside a request.
	Tareas []Tarea `json:"tareas"`
}

// RespaldoSistema is the last backup of an SQLite installation that worked
// (muelle backup or the schedule of MUELLE_BACKUP_DIR; ultimo null: none
// yet) and, when the last attempt failed, error and its technical detalle.
type RespaldoSistema struct {
	Ultimo  *time.Time `json:"ultimo"`
	Archivo string     `json:"archivo"`
	Error   string     `json:"error"`
	Detalle string     `json:"detalle,omitempty"`
}

// BaseDatos is where the database is and whether it answered a query.
type BaseDatos struct {
	Estado     string  `json:"estado" enum:"conectada,desconectada"`
	Nombre     string  `json:"nombre"`
	Host       string  `json:"host"`
	Puerto     string  `json:"puerto"`
	NombreBD   string  `json:"nombre_bd"`
	LatenciaMs float64 `json:"latencia_ms"`
}

// Servidor is the port the server listens on, the mode it runs in, how long
// it has run (seconds), whether this request reached it over HTTPS (to this
// server or to a trusted proxy) and the reverse proxies it trusts to name the
// client (MUELLE_PROXIES_CONFIABLES: addresses and CIDR networks, normalized).
type Servidor struct {
	Puerto            string   `json:"puerto"`
	Modo              string   `json:"modo"`
	Uptime            int64    `json:"uptime"`
	HTTPS             bool     `json:"https"`
	ProxiesConfiables []string `json:"proxies_confiables"`
}

// SeguridadSistema are the security settings in force: the token's lifetime
// (seconds), the failed logins that lock a login name and for how long
// (minutes), the password hash's bcrypt cost and the limit of concurrent
// requests (0: none).
type SeguridadSistema struct {
	JWTExpiracion            int64 `json:"jwt_expiracion"`
	IntentosLoginMax         int   `json:"intentos_login_max"`
	BloqueoLoginMinutos      int64 `json:"bloqueo_login_minutos"`
	BcryptRounds             int   `json:"bcrypt_rounds"`
	RateLimitActivo          bool  `json:"rate_limit_activo"`
	MaxPeticionesSimultaneas int   `json:"max_peticiones_simultaneas"`
}

func (s *Server) configuracionSistema(r *http.Request) (ConfiguracionSistema, error) {
	ctx := r.Context()
	cfg, err := s.Store.ConfiguracionSistema(ctx)
	if err != nil {
		return ConfiguracionSistema{}, err
	}
	instalacion, err := s.Store.FechaInstalacion(ctx)
	if err != nil {
		return ConfiguracionSistema{}, err
	}
	globales, err := s.Store.ContarGlobales(ctx)
	if err != nil {
		return ConfiguracionSistema{}, err
	}
	respaldo, err := s.Store.UltimoRespaldo(ctx)
	if err != nil {
		return ConfiguracionSistema{}, err
	}
	seguridad, err := s.seguridad(ctx)
	bd, _ := s.baseDatos(ctx)
	return ConfiguracionSistema{
		Sistema: DatosSistema{Nombre: cfg.Nombre, Version: s.Proceso.Version, Ambiente: s.Proceso.Ambiente,
			Timezone: cfg.Timezone, Idioma: cfg.Idioma, FechaInstalacion: instalacion},
		Estadisticas: EstadisticasSistema(globales),
		Servicios: ServiciosSistema{BaseDatos: bd, Servidor: s.servidor(r), Respaldo: respaldoSistema(respaldo),
			Tareas: s.tareas()},
		Seguridad: seguridad,
	}, err
}

func (s *Server) guardarConfiguracionSistema(r *http.Request, body GuardarConfiguracionSistema) (reply[ConfiguracionSistema], error) {
	cfg, err := domain.ConfiguracionSistema(body).Normalizar()
	if err != nil {
		return reply[ConfiguracionSistema]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[ConfiguracionSistema]{}, err
	}
	if _, err := s.Store.GuardarConfiguracionSistema(r.Context(), a, cfg); err != nil {
		return reply[ConfiguracionSistema]{}, err
	}
	out, err := s.configuracionSistema(r)
	return withMessage(out, domain.MsgConfiguracionActualizada), err
}

// baseDatos says where the database is and times a real query on it: the one
// database check of the system configuration, the service monitor and the
// dashboards. It also answers the latency measured.
func (s *Server) baseDatos(ctx context.Context) (BaseDatos, time.Duration) {
	d := s.Store.Destino()
	out := BaseDatos{Estado: "conectada", Nombre: d.Motor, Host: d.Host, Puerto: d.Puerto, NombreBD: d.Nombre}
	latencia, err := s.Store.Latencia(ctx)
	if err != nil {
		s.Log.Error("base de datos no disponible", "err", err)
		out.Estado = "desconectada"
	}
	out.LatenciaMs = milisegundosDecimales(latencia)
	return out, latencia
}

func milisegundosDecimales(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (s *Server) servidor(r *http.Request) Servidor {
	_, puerto, err := net.SplitHostPort(s.Proceso.Direccion)
	if err != nil {
		puerto = ""
	}
	out := Servidor{Puerto: puerto, Modo: s.Proceso.Ambiente, HTTPS: solicitudHTTPS(r), ProxiesConfiables: s.Proxies.Entradas()}
	if !s.Proceso.Inicio.IsZero() {
		out.Uptime = int64(time.Since(s.Proceso.Inicio) / time.Second)
	}
	return out
}

// respaldoSistema answers a failed attempt's reason as its category, the
// technical text as its detail (the page is the super administrator's).
func respaldoSistema(e store.EstadoRespaldo) RespaldoSistema {
	out := RespaldoSistema{Ultimo: e.Ultimo, Archivo: e.Archivo}
	if e.Error != "" {
		out.Error, out.Detalle = domain.MsgRespaldoFallido, e.Error
	}
	return out
}

func (s *Server) seguridad(ctx context.Context) (SeguridadSistema, error) {
	intentos, bloqueo, err := s.Auth.PoliticaLogin(ctx)
	return SeguridadSistema{JWTExpiracion: int64(s.Auth.Tokens.TTL() / time.Second), IntentosLoginMax: intentos,
		BloqueoLoginMinutos: int64(bloqueo / time.Minute), BcryptRounds: s.Auth.Hasher.Cost,
		RateLimitActivo: s.Limits.MaxConcurrent > 0, MaxPeticionesSimultaneas: s.Limits.MaxConcurrent}, err
}
