package store

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// The installation as a whole: the global settings of configuracion_sistema
// (plain and sealed), the system configuration (name, time zone, language),
// the installation date, the global figures and the database's checks and
// whereabouts for the service monitor.

// Setting reads a global system setting; ok is false when it is not set.
func (s *Store) Setting(ctx context.Context, clave string) (valor string, ok bool, err error) {
	err = s.db.Conn().QueryRow(ctx, `SELECT valor FROM configuracion_sistema WHERE clave = ?`, clave).Scan(&valor)
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return "", false, wrap("leer configuración "+clave, err)
	}
	return valor, !missing, nil
}

// SettingOrCreate returns the stored value of clave, storing valor first when the
// setting does not exist yet. Concurrent callers (several instances starting at
// once) all get the same stored value.
func (s *Store) SettingOrCreate(ctx context.Context, clave, valor string) (string, error) {
	_, err := s.db.Conn().Exec(ctx,
		`INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?) ON CONFLICT (clave) DO NOTHING`, clave, valor)
	if err != nil {
		return "", wrap("crear configuración "+clave, err)
	}
	stored, _, err := s.Setting(ctx, clave)
	return stored, err
}

// SetSetting stores a global system setting.
func (s *Store) SetSetting(ctx context.Context, clave, valor string) error {
	if err := guardarSetting(ctx, s.db.Conn(), clave, valor); err != nil {
		return wrap("guardar configuración "+clave, err)
	}
	return nil
}

// guardarSetting stores a global system setting through c.
func guardarSetting(ctx context.Context, c sqldb.Conn, clave, valor string) error {
	_, err := c.Exec(ctx, `INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?)
		ON CONFLICT (clave) DO UPDATE SET valor = excluded.valor`, clave, valor)
	return err
}

// contextoSetting binds a sealed system setting to its name.
func contextoSetting(clave string) string { return "configuracion_sistema/" + clave }

// SecretoOrCreate is SettingOrCreate for a secret: the value is stored sealed
// with the installation key. A value stored in plain form by an older version
// is sealed in place and keeps its value.
func (s *Store) SecretoOrCreate(ctx context.Context, clave, valor string) (string, error) {
	if s.secretos == nil {
		return "", errSinClaveInstalacion
	}
	sealed, err := s.secretos.Seal([]byte(valor), contextoSetting(clave))
	if err != nil {
		return "", err
	}
	stored, err := s.SettingOrCreate(ctx, clave, sealed)
	if err != nil {
		return "", err
	}
	if !secretbox.IsSealed(stored) {
		return stored, s.sellarSetting(ctx, clave, stored)
	}
	plain, err := s.secretos.Open(stored, contextoSetting(clave))
	if err != nil {
		return "", wrap("configuración "+clave, err)
	}
	return string(plain), nil
}

// sellarSetting stores a plain setting's value sealed, unless another
// instance already did.
func (s *Store) sellarSetting(ctx context.Context, clave, plain string) error {
	sealed, err := s.secretos.Seal([]byte(plain), contextoSetting(clave))
	if err != nil {
		return err
	}
	_, err = s.db.Conn().Exec(ctx, `UPDATE configuracion_sistema SET valor = ? WHERE clave = ? AND valor = ?`,
		sealed, clave, plain)
	return wrap("cifrar configuración "+clave, err)
}

// settingsSellados is the column of the sealed system settings.
func (s *Store) settingsSellados() columnaSellada[string] {
	return columnaSellada[string]{
		que:      "secretos de configuración",
		leer:     `SELECT clave, valor FROM configuracion_sistema WHERE valor LIKE 'v1:%' ORDER BY clave` + s.db.Dialect().ForUpdate(),
		escribir: `UPDATE configuracion_sistema SET valor = ? WHERE clave = ?`,
		contexto: contextoSetting,
	}
}

// resellarSettings re-seals, inside a rotation, every sealed system setting.
func (s *Store) resellarSettings(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box) (int, error) {
	return resellarColumna(ctx, c, vieja, nueva, s.settingsSellados())
}

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
			if err := guardarSetting(ctx, c, kv[0], kv[1]); err != nil {
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

// PuedeEscribir proves that the database accepts writes now: it writes a row
// of salud and rolls it back, on the connection writes use; when the database
// is unavailable it drops the idle connections and tries once more
// (sqldb.DB.ProbeWrite), so the health checks of a load balancer are enough
// to bring a node back.
func (s *Store) PuedeEscribir(ctx context.Context) error {
	return s.db.ProbeWrite(ctx, `INSERT INTO salud (id, comprobado_en) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET comprobado_en = excluded.comprobado_en`, s.Now())
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
