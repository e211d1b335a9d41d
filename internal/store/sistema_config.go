package store

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// The system configuration's settings in configuracion_sistema.
const (
	settingNombreSistema    = "sistema_nombre"
	settingTimezoneSistema  = "sistema_timezone"
	settingIdiomaSistema    = "sistema_idioma"
	settingFechaInstalacion = "fecha_instalacion"
)

// AccionConfiguracionSistema audits a change of the system configuration.
const AccionConfiguracionSistema = "CONFIGURACION_SISTEMA"

// ConfiguracionSistema reads the system's name, time zone and language, with
// the defaults of backoffice §9 for the ones never saved.
func (s *Store) ConfiguracionSistema(ctx context.Context) (domain.ConfiguracionSistema, error) {
	cfg := domain.ConfiguracionSistema{Nombre: domain.NombreSistemaPorDefecto, Timezone: domain.ZonaHorariaPorDefecto,
		Idioma: domain.IdiomaPorDefecto}
	for clave, dest := range map[string]*string{settingNombreSistema: &cfg.Nombre,
		settingTimezoneSistema: &cfg.Timezone, settingIdiomaSistema: &cfg.Idioma} {
		v, ok, err := s.Setting(ctx, clave)
		if err != nil {
			return cfg, err
		}
		if ok {
			*dest = v
		}
	}
	return cfg, nil
}

// GuardarConfiguracionSistema stores the system's name, time zone and
// language (already checked) in one transaction with its audit entry, and
// announces configActualizada after the commit.
func (s *Store) GuardarConfiguracionSistema(ctx context.Context, a Actor, cfg domain.ConfiguracionSistema) (domain.ConfiguracionSistema, error) {
	return idempotent(ctx, s, a, "guardar_configuracion_sistema", func(c sqldb.Conn) (domain.ConfiguracionSistema, error) {
		for _, kv := range [][2]string{{settingNombreSistema, cfg.Nombre}, {settingTimezoneSistema, cfg.Timezone},
			{settingIdiomaSistema, cfg.Idioma}} {
			_, err := c.Exec(ctx, `INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?)
				ON CONFLICT (clave) DO UPDATE SET valor = excluded.valor`, kv[0], kv[1])
			if err != nil {
				return cfg, wrap("guardar configuración del sistema", err)
			}
		}
		err := s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConfiguracionSistema,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Sistema %q, zona horaria %s, idioma %s", cfg.Nombre,
				cfg.Timezone, cfg.Idioma)})
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "configuracion_sistema"}})
		return cfg, err
	})
}

// FechaInstalacion is when the installation began: stored once, the first
// time it is asked, as the creation of its first company (or now when there
// is none yet).
func (s *Store) FechaInstalacion(ctx context.Context) (time.Time, error) {
	v, ok, err := s.Setting(ctx, settingFechaInstalacion)
	if err == nil && !ok {
		desde := s.Now()
		// ORDER BY … LIMIT 1 and not MIN(): SQLite types a bare column as a time, an aggregate as text.
		var primera time.Time
		err = s.db.Conn().QueryRow(ctx, `SELECT created_at FROM empresas ORDER BY created_at LIMIT 1`).Scan(&primera)
		ninguna, err := sqldb.NoRows(err)
		if err != nil {
			return time.Time{}, wrap("leer fecha de instalación", err)
		}
		if !ninguna {
			desde = primera.UTC()
		}
		v, err = s.SettingOrCreate(ctx, settingFechaInstalacion, desde.Format(time.RFC3339))
	}
	if err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339, v)
	return t, wrap("leer fecha de instalación", err)
}

// EstadisticasGlobales are the installation's figures over every company.
type EstadisticasGlobales struct {
	TotalEmpresas   int64
	EmpresasActivas int64
	TotalUsuarios   int64
	UsuariosActivos int64
	TotalPasajes    int64
	CajasAbiertas   int64
}

// ContarGlobales counts companies, users, tickets and open registers of the
// whole installation in one query.
func (s *Store) ContarGlobales(ctx context.Context) (EstadisticasGlobales, error) {
	var e EstadisticasGlobales
	err := s.db.Conn().QueryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM empresas), (SELECT COUNT(*) FROM empresas WHERE activa),
		(SELECT COUNT(*) FROM usuarios), (SELECT COUNT(*) FROM usuarios WHERE activo),
		(SELECT COUNT(*) FROM pasajes), (SELECT COUNT(*) FROM cajas WHERE estado = ?)`, domain.CajaAbierta).
		Scan(&e.TotalEmpresas, &e.EmpresasActivas, &e.TotalUsuarios, &e.UsuariosActivos, &e.TotalPasajes, &e.CajasAbiertas)
	return e, wrap("contar estadísticas globales", err)
}

// Latencia runs a real query on the database (a trivial one, on the read pool)
// and answers how long it took: the one database check of the service monitor,
// the dashboards and the system configuration.
func (s *Store) Latencia(ctx context.Context) (time.Duration, error) {
	start := time.Now()
	var uno int
	err := s.db.Conn().QueryRow(ctx, `SELECT 1`).Scan(&uno)
	return time.Since(start), wrap("comprobar base de datos", err)
}

// Destino says where the database is: engine, host, port and name. It
// never holds the user's password.
type Destino struct {
	Motor  string
	Host   string
	Puerto string
	Nombre string
}

// Destino is where the store's database is.
func (s *Store) Destino() Destino { return s.destino }

// destinoDe reads the engine, host, port and database name of a database URL,
// leaving the credentials out.
func destinoDe(raw string) Destino {
	if path, ok := SQLitePath(raw); ok {
		return Destino{Motor: "sqlite", Host: "local", Nombre: path}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return Destino{Motor: "postgres"}
	}
	d := Destino{Motor: "postgres", Host: u.Hostname(), Puerto: u.Port(), Nombre: strings.TrimPrefix(u.Path, "/")}
	if d.Puerto == "" {
		d.Puerto = "5432"
	}
	return d
}
