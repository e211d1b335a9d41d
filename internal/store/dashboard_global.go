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
// business day. One statement reads the companies; the figures of one more
// per time zone in use count today's tickets.
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
	zonas := map[string][]int64{}
	for i, e := range empresas {
		porID[e.ID] = &empresas[i]
		zonas[e.Timezone] = append(zonas[e.Timezone], e.ID)
	}
	for zona, ids := range zonas {
		if err := s.ventasHoyPorZona(ctx, domain.DiaDe(c.Now(), domain.Location(zona)), ids, porID); err != nil {
			return nil, err
		}
	}
	return empresas, nil
}

// ventasHoyPorZona fills the tickets and income of the business day dia for
// the companies ids of one time zone, whose business day it is: the figures
// of the day by company.
func (s *Store) ventasHoyPorZona(ctx context.Context, dia domain.Dia, ids []int64, porID map[int64]*EmpresaResumen) error {
	cifras, err := s.Cifras(ctx, vendidasEl(dia, ConsultaCifras{Empresas: ids, Por: []Dimension{PorEmpresa}}))
	for _, cf := range cifras {
		if e := porID[cf.EmpresaID]; e != nil {
			e.PasajesHoy, e.IngresosHoy = cf.Cantidad, cf.Importe
		}
	}
	return err
}
