package store

import (
	"context"
	"fmt"
	"time"
)

// Empresa is a company (tenant).
type Empresa struct {
	ID             int64
	Nombre         string
	RUC            string
	Direccion      string
	Telefono       string
	Email          string
	LogoURL        string
	Tipo           string
	Timezone       string
	ColorPrimario  string
	FechaFundacion *time.Time
	Activa         bool
}

const empresaColumns = `id, nombre, ruc, direccion, telefono, email, logo_url, tipo, timezone,
	color_primario, fecha_fundacion, activa`

func scanEmpresa(sc scanner) (Empresa, error) {
	var e Empresa
	err := sc.Scan(&e.ID, &e.Nombre, &e.RUC, &e.Direccion, &e.Telefono, &e.Email, &e.LogoURL, &e.Tipo,
		&e.Timezone, &e.ColorPrimario, &e.FechaFundacion, &e.Activa)
	return e, err
}

// Empresa returns one company; ok is false when it does not exist.
func (s *Store) Empresa(ctx context.Context, id int64) (Empresa, bool, error) {
	e, err := empresa(ctx, s.conn(), id)
	missing, err := notFound(err)
	return e, !missing && err == nil, err
}

// empresa reads one company through c; a missing one is sql.ErrNoRows.
func empresa(ctx context.Context, c conn, id int64) (Empresa, error) {
	e, err := scanEmpresa(c.row(ctx, `SELECT `+empresaColumns+` FROM empresas WHERE id = ?`, id))
	if err != nil {
		return e, fmt.Errorf("store: leer empresa: %w", err)
	}
	return e, nil
}

// EmpresaPublica is the company the public landing page speaks for: the first
// active one. ok is false on an installation without companies.
func (s *Store) EmpresaPublica(ctx context.Context) (Empresa, bool, error) {
	e, err := scanEmpresa(s.conn().row(ctx,
		`SELECT `+empresaColumns+` FROM empresas WHERE activa = ? ORDER BY id LIMIT 1`, true))
	missing, err := notFound(err)
	if err != nil {
		return e, false, fmt.Errorf("store: leer empresa pública: %w", err)
	}
	return e, !missing, nil
}

// EnsureEmpresa creates the company named e.Nombre unless it exists, and returns its id.
func (s *Store) EnsureEmpresa(ctx context.Context, e Empresa) (int64, error) {
	c := s.conn()
	_, err := c.exec(ctx, `INSERT INTO empresas (nombre, ruc, direccion, telefono, email, logo_url, tipo, timezone,
		color_primario, fecha_fundacion, activa, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (nombre) DO NOTHING`,
		e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.LogoURL, orDefault(e.Tipo, "operativa"),
		orDefault(e.Timezone, "America/Argentina/Buenos_Aires"), orDefault(e.ColorPrimario, "#3B82F6"),
		e.FechaFundacion, true, c.now)
	if err != nil {
		return 0, fmt.Errorf("store: crear empresa %s: %w", e.Nombre, err)
	}
	var id int64
	if err := c.row(ctx, `SELECT id FROM empresas WHERE nombre = ?`, e.Nombre).Scan(&id); err != nil {
		return 0, fmt.Errorf("store: leer empresa %s: %w", e.Nombre, err)
	}
	return id, nil
}

// PrimeraEmpresa returns the id of the oldest company, or 0 when there is none.
func (s *Store) PrimeraEmpresa(ctx context.Context) (int64, error) {
	var id int64
	err := s.conn().row(ctx, `SELECT id FROM empresas ORDER BY id LIMIT 1`).Scan(&id)
	if _, err := notFound(err); err != nil {
		return 0, fmt.Errorf("store: leer primera empresa: %w", err)
	}
	return id, nil
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
