package store

import (
	"context"
	"encoding/json"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Empresa is a company (tenant).
type Empresa struct {
	ID        int64
	Nombre    string
	RUC       string
	Direccion string
	Telefono  string
	Email     string
	LogoURL   string
	Tipo      string
	Timezone  string
	// ColorPrimario and ColorSecundario theme the app: the per-company
	// settings color_primario and color_secundario when set, else the defaults.
	ColorPrimario   string
	ColorSecundario string
	DatosContacto   DatosContacto
	FechaFundacion  *time.Time
	Activa          bool
	// DiasVentaAnticipada is how many days ahead the company sells (default 365).
	DiasVentaAnticipada int
	// VentaGrande: when a sale asks for one confirmation at the counter (columns
	// venta_grande_pasajes and venta_grande_centavos; the defaults are
	// domain.VentaGrandePorDefecto).
	VentaGrande domain.VentaGrande
	// DiasRetencionPasajeros is how many days after the trip the company
	// keeps its passengers' data (default 365; AnonimizarPasajeros). Saving
	// 0 keeps the stored value.
	DiasRetencionPasajeros int
}

// DatosContacto are the company's additional contact data (column
// datos_contacto, a JSON object).
type DatosContacto struct {
	Gerente         string `json:"gerente"`
	Whatsapp        string `json:"whatsapp"`
	HorarioAtencion string `json:"horario_atencion"`
	SitioWeb        string `json:"sitio_web"`
}

// colorDeEmpresa is a theme colour: the company's setting, else def.
func colorDeEmpresa(clave, def string) string {
	return `COALESCE((SELECT ec.valor FROM empresa_configuraciones ec WHERE ec.empresa_id = empresas.id
		AND ec.clave = '` + clave + `'), ` + def + `)`
}

var empresaColumns = `id, nombre, ruc, direccion, telefono, email, logo_url, tipo, timezone, ` +
	colorDeEmpresa("color_primario", "color_primario") + `, ` + colorDeEmpresa("color_secundario", "'#10B981'") +
	`, datos_contacto, fecha_fundacion, activa, dias_venta_anticipada, venta_grande_pasajes, venta_grande_centavos, dias_retencion_pasajeros`

func scanEmpresa(sc sqldb.Scanner) (Empresa, error) {
	var (
		e        Empresa
		contacto string
	)
	err := sc.Scan(&e.ID, &e.Nombre, &e.RUC, &e.Direccion, &e.Telefono, &e.Email, &e.LogoURL, &e.Tipo,
		&e.Timezone, &e.ColorPrimario, &e.ColorSecundario, &contacto, &e.FechaFundacion, &e.Activa,
		&e.DiasVentaAnticipada, &e.VentaGrande.MasDePasajes, &e.VentaGrande.MontoMayorA, &e.DiasRetencionPasajeros)
	if err == nil && contacto != "" {
		// a malformed value left by hand reads as empty contact data
		_ = json.Unmarshal([]byte(contacto), &e.DatosContacto)
	}
	return e, err
}

// Empresa returns one company; ok is false when it does not exist.
func (s *Store) Empresa(ctx context.Context, id int64) (Empresa, bool, error) {
	e, err := empresa(ctx, s.db.Conn(), id)
	missing, err := sqldb.NoRows(err)
	return e, !missing && err == nil, err
}

// empresa reads one company through c; a missing one is sql.ErrNoRows.
func empresa(ctx context.Context, c sqldb.Conn, id int64) (Empresa, error) {
	e, err := scanEmpresa(c.QueryRow(ctx, `SELECT `+empresaColumns+` FROM empresas WHERE id = ?`, id))
	if err != nil {
		return e, wrap("leer empresa", err)
	}
	return e, nil
}

// EmpresaPublica is the company the public landing page speaks for: the first
// active one. ok is false on an installation without companies.
func (s *Store) EmpresaPublica(ctx context.Context) (Empresa, bool, error) {
	e, err := scanEmpresa(s.db.Conn().QueryRow(ctx,
		`SELECT `+empresaColumns+` FROM empresas WHERE activa = ? ORDER BY id LIMIT 1`, true))
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return e, false, wrap("leer empresa pública", err)
	}
	return e, !missing, nil
}

// EnsureEmpresa creates the company named e.Nombre unless it exists, and returns its id.
func (s *Store) EnsureEmpresa(ctx context.Context, e Empresa) (int64, error) {
	c := s.db.Conn()
	_, err := c.Exec(ctx, `INSERT INTO empresas (nombre, ruc, direccion, telefono, email, logo_url, tipo, timezone,
		color_primario, fecha_fundacion, activa, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (nombre) DO NOTHING`,
		e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.LogoURL, orDefault(e.Tipo, "operativa"),
		orDefault(e.Timezone, "America/Argentina/Buenos_Aires"), orDefault(e.ColorPrimario, "#3B82F6"),
		e.FechaFundacion, true, c.Now())
	if err != nil {
		return 0, wrap("crear empresa "+e.Nombre, err)
	}
	var id int64
	if err := c.QueryRow(ctx, `SELECT id FROM empresas WHERE nombre = ?`, e.Nombre).Scan(&id); err != nil {
		return 0, wrap("leer empresa "+e.Nombre, err)
	}
	return id, nil
}

// PrimeraEmpresa returns the id of the oldest company, or 0 when there is none.
func (s *Store) PrimeraEmpresa(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.Conn().QueryRow(ctx, `SELECT id FROM empresas ORDER BY id LIMIT 1`).Scan(&id)
	if _, err := sqldb.NoRows(err); err != nil {
		return 0, wrap("leer primera empresa", err)
	}
	return id, nil
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
