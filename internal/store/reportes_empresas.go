package store

import (
	"context"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// ComparativoEmpresa is one company's figures over a report's period, beside
// the others' (the multi-company report, super_admin): tickets sold and their
// income with the cancelled ones apart, and the registers opened in the
// period by their state now, with the differences of the closed ones.
type ComparativoEmpresa struct {
	ID               int64
	Nombre           string
	Activa           bool
	Pasajes          int64
	Ingresos         domain.Centavos
	Cancelados       int64
	ImporteCancelado domain.Centavos
	CajasAbiertas    int64
	CajasCerradas    int64
	CajasConFaltante int64
	DiferenciaCajas  domain.Centavos
}

// ComparativoEmpresas compares every company (in creation order) over the
// period p, each on its own business days: a ticket counts by its sale
// (porViaje false) or by its travel date, a register by its opening. One
// statement reads the companies; two more per time zone in use add up their
// tickets and their registers.
func (s *Store) ComparativoEmpresas(ctx context.Context, p domain.Periodo, porViaje bool) ([]ComparativoEmpresa, error) {
	c := s.db.Conn()
	type empresa struct {
		ComparativoEmpresa
		zona string
	}
	empresas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (e empresa, err error) {
		return e, sc.Scan(&e.ID, &e.Nombre, &e.Activa, &e.zona)
	}, `SELECT id, nombre, activa, timezone FROM empresas ORDER BY id`)
	if err != nil {
		return nil, wrap("empresas del comparativo", err)
	}
	out := make([]ComparativoEmpresa, len(empresas))
	porID := make(map[int64]*ComparativoEmpresa, len(empresas))
	zonas := map[string]bool{}
	for i, e := range empresas {
		out[i] = e.ComparativoEmpresa
		porID[e.ID] = &out[i]
		zonas[e.zona] = true
	}
	for zona := range zonas {
		if err := s.comparativoDeZona(ctx, c, zona, p, porViaje, porID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// comparativoDeZona fills the figures of the companies of one time zone, whose
// business days have the same bounds.
func (s *Store) comparativoDeZona(ctx context.Context, c sqldb.Conn, zona string, p domain.Periodo, porViaje bool,
	porID map[int64]*ComparativoEmpresa) error {
	desde, hasta := p.Limites(domain.Location(zona))
	fecha, args := `p.created_at >= ? AND p.created_at < ?`, []any{desde, hasta}
	if porViaje {
		fecha, args = `p.fecha_viaje >= ? AND p.fecha_viaje <= ?`, []any{p.Desde, p.Hasta}
	}
	cancelado := domain.PasajeCancelado
	pasajes, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (f ComparativoEmpresa, err error) {
		return f, sc.Scan(&f.ID, &f.Pasajes, &f.Ingresos, &f.Cancelados, &f.ImporteCancelado)
	}, `SELECT p.empresa_id,
			COALESCE(SUM(CASE WHEN p.estado <> ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN p.estado <> ? THEN p.precio ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN p.estado = ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN p.estado = ? THEN p.precio ELSE 0 END), 0)
		FROM empresas e JOIN pasajes p ON p.empresa_id = e.id
		WHERE e.timezone = ? AND `+fecha+` GROUP BY p.empresa_id`,
		append([]any{cancelado, cancelado, cancelado, cancelado, zona}, args...)...)
	if err != nil {
		return wrap("pasajes del comparativo", err)
	}
	for _, f := range pasajes {
		if e := porID[f.ID]; e != nil {
			e.Pasajes, e.Ingresos, e.Cancelados, e.ImporteCancelado = f.Pasajes, f.Ingresos, f.Cancelados, f.ImporteCancelado
		}
	}
	cajas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (f ComparativoEmpresa, err error) {
		return f, sc.Scan(&f.ID, &f.CajasAbiertas, &f.CajasCerradas, &f.CajasConFaltante, &f.DiferenciaCajas)
	}, `SELECT c.empresa_id,
			COALESCE(SUM(CASE WHEN c.estado = ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN c.estado <> ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN c.diferencia < 0 THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(c.diferencia), 0)
		FROM empresas e JOIN cajas c ON c.empresa_id = e.id
		WHERE e.timezone = ? AND c.fecha_apertura >= ? AND c.fecha_apertura < ? GROUP BY c.empresa_id`,
		domain.CajaAbierta, domain.CajaAbierta, zona, desde, hasta)
	if err != nil {
		return wrap("cajas del comparativo", err)
	}
	for _, f := range cajas {
		if e := porID[f.ID]; e != nil {
			e.CajasAbiertas, e.CajasCerradas, e.CajasConFaltante, e.DiferenciaCajas =
				f.CajasAbiertas, f.CajasCerradas, f.CajasConFaltante, f.DiferenciaCajas
		}
	}
	return nil
}
