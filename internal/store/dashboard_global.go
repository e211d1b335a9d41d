package store

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// EmpresaResumen is one company as the global dashboard lists it.
type EmpresaResumen struct {
	ID              int64
	Nombre          string
	Activa          bool
	Timezone        string
	UsuariosActivos int64
	CajasAbiertas   int64
	// CajasLargas are the registers open longer than domain.CajaAbiertaLarga.
	CajasLargas int64
	PasajesHoy  int64
	IngresosHoy domain.Centavos
	UltimaVenta *time.Time
}

// EmpresasResumen lists every company (in creation order) with its active
// users, open registers, latest sale and the tickets and income of its own
// business day. One statement reads the companies; one more per time zone in
// use counts today's tickets.
func (s *Store) EmpresasResumen(ctx context.Context) ([]EmpresaResumen, error) {
	c := s.db.Conn()
	empresas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (e EmpresaResumen, err error) {
		return e, sc.Scan(&e.ID, &e.Nombre, &e.Activa, &e.Timezone, &e.UsuariosActivos, &e.CajasAbiertas,
			&e.CajasLargas, &e.UltimaVenta)
	}, `SELECT e.id, e.nombre, e.activa, e.timezone,
			(SELECT COUNT(*) FROM usuarios u WHERE u.empresa_id = e.id AND u.activo = ?),
			(SELECT COUNT(*) FROM cajas c WHERE c.empresa_id = e.id AND c.estado = ?),
			(SELECT COUNT(*) FROM cajas c WHERE c.empresa_id = e.id AND c.estado = ? AND c.fecha_apertura < ?),
			ultima.created_at
		FROM empresas e
		LEFT JOIN pasajes ultima ON ultima.id =
			(SELECT p.id FROM pasajes p WHERE p.empresa_id = e.id ORDER BY p.created_at DESC, p.id DESC LIMIT 1)
		ORDER BY e.id`,
		true, domain.CajaAbierta, domain.CajaAbierta, c.Now().Add(-domain.CajaAbiertaLarga))
	if err != nil {
		return nil, wrap("empresas", err)
	}
	porID := make(map[int64]*EmpresaResumen, len(empresas))
	zonas := map[string]bool{}
	for i := range empresas {
		porID[empresas[i].ID] = &empresas[i]
		zonas[empresas[i].Timezone] = true
	}
	for zona := range zonas {
		if err := s.ventasHoyPorZona(ctx, c, zona, porID); err != nil {
			return nil, err
		}
	}
	return empresas, nil
}

// ventasHoyPorZona fills the tickets and income of today for the companies of
// one time zone, whose business day is the same.
func (s *Store) ventasHoyPorZona(ctx context.Context, c sqldb.Conn, zona string, porID map[int64]*EmpresaResumen) error {
	dia := domain.DiaDe(c.Now(), domain.Location(zona))
	rows, err := c.Query(ctx, `SELECT p.empresa_id, COUNT(*), SUM(p.precio)
		FROM empresas e JOIN pasajes p ON p.empresa_id = e.id
		WHERE e.timezone = ? AND p.estado <> ? AND p.created_at >= ? AND p.created_at < ?
		GROUP BY p.empresa_id`, zona, domain.PasajeCancelado, dia.Desde, dia.Hasta)
	if err != nil {
		return wrap("ventas de hoy por empresa", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, pasajes int64
		var ingresos domain.Centavos
		if err := rows.Scan(&id, &pasajes, &ingresos); err != nil {
			return wrap("ventas de hoy por empresa", err)
		}
		if e := porID[id]; e != nil {
			e.PasajesHoy, e.IngresosHoy = pasajes, ingresos
		}
	}
	return wrap("ventas de hoy por empresa", rows.Err())
}
