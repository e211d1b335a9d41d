package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"muelle/internal/events"
	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// ConfigEmail is a company's SMTP configuration (backoffice §2.9). Password
// is the plain password, opened from its sealed column; the API never
// returns it.
type ConfigEmail struct {
	Activo          bool
	Host            string
	Puerto          int
	Seguro          bool // implicit TLS (465); false: STARTTLS (587)
	Usuario         string
	Password        string
	EmailRemitente  string
	NombreRemitente string
	Plantilla       string
	UltimaPrueba    *time.Time
	UltimoError     string // the last test's failure; empty when it worked
}

// contextoPasswordSMTP binds a company's sealed SMTP password to its row.
func contextoPasswordSMTP(empresaID int64) string {
	return "configuracion_email.smtp_password/" + strconv.FormatInt(empresaID, 10)
}

// passwordsSMTP is the column of the companies' sealed SMTP passwords.
func (s *Store) passwordsSMTP() columnaSellada[int64] {
	return columnaSellada[int64]{
		que: "contraseñas SMTP",
		leer: `SELECT empresa_id, smtp_password FROM configuracion_email WHERE smtp_password <> '' ORDER BY empresa_id` +
			s.db.Dialect().ForUpdate(),
		escribir: `UPDATE configuracion_email SET smtp_password = ? WHERE empresa_id = ?`,
		contexto: contextoPasswordSMTP,
	}
}

// resellarPasswordsSMTP re-seals, inside a rotation, every company's SMTP password.
func (s *Store) resellarPasswordsSMTP(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box) (int, error) {
	return resellarColumna(ctx, c, vieja, nueva, s.passwordsSMTP())
}

// ConfiguracionEmail reads the company's SMTP configuration, its password
// opened; found is false when the company has none.
func (s *Store) ConfiguracionEmail(ctx context.Context, empresaID int64) (cfg ConfigEmail, found bool, err error) {
	var (
		sealed string
		prueba sql.NullTime
		fallo  sql.NullString
	)
	err = s.db.Conn().QueryRow(ctx, `SELECT activo, smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password,
		email_remitente, nombre_remitente, plantilla_pasaje, ultima_prueba, ultimo_error
		FROM configuracion_email WHERE empresa_id = ?`, empresaID).Scan(&cfg.Activo, &cfg.Host, &cfg.Puerto,
		&cfg.Seguro, &cfg.Usuario, &sealed, &cfg.EmailRemitente, &cfg.NombreRemitente, &cfg.Plantilla, &prueba, &fallo)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return ConfigEmail{}, false, wrap("leer configuración de email", err)
	}
	if prueba.Valid {
		t := prueba.Time.UTC()
		cfg.UltimaPrueba = &t
	}
	cfg.UltimoError = fallo.String
	if sealed != "" {
		if s.secretos == nil {
			return ConfigEmail{}, false, errSinClaveInstalacion
		}
		plain, err := s.secretos.Open(sealed, contextoPasswordSMTP(empresaID))
		if err != nil {
			return ConfigEmail{}, false, wrap("abrir contraseña SMTP", err)
		}
		cfg.Password = string(plain)
	}
	return cfg, true, nil
}

// GuardarConfiguracionEmail stores the company's SMTP configuration; an empty
// password keeps the stored one while host, port and user stay the same, and
// forgets it when any of them changes (a password never goes to a server it
// was not typed for). Saving forgets the last test's result.
func (s *Store) GuardarConfiguracionEmail(ctx context.Context, a Actor, cfg ConfigEmail) error {
	if s.secretos == nil {
		return errSinClaveInstalacion
	}
	sealed := ""
	if cfg.Password != "" {
		var err error
		if sealed, err = s.secretos.Seal([]byte(cfg.Password), contextoPasswordSMTP(a.EmpresaID)); err != nil {
			return err
		}
	}
	_, err := idempotent(ctx, s, a, "configuracion_email.guardar", func(c sqldb.Conn) (struct{}, error) {
		_, err := c.Exec(ctx, `INSERT INTO configuracion_email (empresa_id, activo, smtp_host, smtp_port, smtp_secure,
			smtp_user, smtp_password, email_remitente, nombre_remitente, plantilla_pasaje, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (empresa_id) DO UPDATE SET activo = excluded.activo, smtp_host = excluded.smtp_host,
			smtp_port = excluded.smtp_port, smtp_secure = excluded.smtp_secure, smtp_user = excluded.smtp_user,
			smtp_password = CASE WHEN excluded.smtp_password <> '' THEN excluded.smtp_password
				WHEN configuracion_email.smtp_host = excluded.smtp_host AND configuracion_email.smtp_port = excluded.smtp_port
					AND configuracion_email.smtp_user = excluded.smtp_user THEN configuracion_email.smtp_password
				ELSE '' END,
			email_remitente = excluded.email_remitente, nombre_remitente = excluded.nombre_remitente,
			plantilla_pasaje = excluded.plantilla_pasaje, ultima_prueba = NULL, ultimo_error = NULL,
			updated_at = excluded.updated_at`,
			a.EmpresaID, cfg.Activo, cfg.Host, cfg.Puerto, cfg.Seguro, cfg.Usuario, sealed, cfg.EmailRemitente,
			cfg.NombreRemitente, cfg.Plantilla, c.Now())
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "configuracion_email"}})
		return struct{}{}, wrap("guardar configuración de email", err)
	})
	return err
}

// RegistrarPruebaEmail records when the company's configuration was last
// tried and how it went (fallo empty: it worked).
func (s *Store) RegistrarPruebaEmail(ctx context.Context, empresaID int64, fallo string) error {
	var motivo any
	if fallo != "" {
		motivo = fallo
	}
	_, err := s.db.Conn().Exec(ctx, `UPDATE configuracion_email SET ultima_prueba = ?, ultimo_error = ? WHERE empresa_id = ?`,
		s.Now(), motivo, empresaID)
	return wrap("registrar prueba de email", err)
}

// ResumenCorreo is the e-mail service as the service monitor shows it: the
// active companies' SMTP configurations and their last tests (or one
// company's, for its admin's dashboard).
type ResumenCorreo struct {
	// Activas counts the active companies with an active configuration;
	// ProbadasBien those whose last test worked, ConError those whose last test failed.
	Activas, ProbadasBien, ConError int64
	// Ultima is the most recent test of those configurations (nil: none tested).
	Ultima *PruebaCorreo
}

// PruebaCorreo is a company's last e-mail test (Error empty: it worked).
type PruebaCorreo struct {
	Empresa string
	Fecha   time.Time
	Error   string
}

// ResumirCorreo reads the e-mail service's state now, in two queries: of
// every company (empresaID 0), or of that one only.
func (s *Store) ResumirCorreo(ctx context.Context, empresaID int64) (ResumenCorreo, error) {
	var r ResumenCorreo
	activas, args := `FROM configuracion_email c JOIN empresas e ON e.id = c.empresa_id WHERE c.activo = ? AND e.activa = ?`,
		[]any{true, true}
	if empresaID != 0 {
		activas, args = activas+` AND c.empresa_id = ?`, append(args, empresaID)
	}
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN c.ultima_prueba IS NOT NULL AND c.ultimo_error IS NULL THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN c.ultimo_error IS NOT NULL THEN 1 ELSE 0 END), 0) `+activas, args...).
		Scan(&r.Activas, &r.ProbadasBien, &r.ConError)
	if err != nil || r.Activas == 0 {
		return r, wrap("resumir configuraciones de email", err)
	}
	var (
		p     PruebaCorreo
		fallo sql.NullString
	)
	err = s.db.Conn().QueryRow(ctx, `SELECT e.nombre, c.ultima_prueba, c.ultimo_error `+activas+`
		AND c.ultima_prueba IS NOT NULL ORDER BY c.ultima_prueba DESC LIMIT 1`, args...).Scan(&p.Empresa, &p.Fecha, &fallo)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return r, wrap("leer la última prueba de email", err)
	}
	p.Fecha, p.Error = p.Fecha.UTC(), fallo.String
	r.Ultima = &p
	return r, nil
}
