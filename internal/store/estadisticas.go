package store

import (
	"context"

	"muelle/internal/domain"
)

// EstadisticasPublicas are the landing page's figures, all computed from data.
type EstadisticasPublicas struct {
	PasajerosAtendidos int64
	RutasDisponibles   int64
	AniosExperiencia   int
	ViajesDiarios      int64
}

// diasPromedioViajes is the window over which daily trips are averaged.
const diasPromedioViajes = 30

// EstadisticasPublicas computes the landing figures of a company: passengers
// served (tickets not cancelled), active sections, whole years since it was
// founded, and trips a day (section × travel date with passengers, averaged
// over the last 30 days that had any). A zero company gives zeros.
func (s *Store) EstadisticasPublicas(ctx context.Context, e Empresa) (EstadisticasPublicas, error) {
	var st EstadisticasPublicas
	if e.ID == 0 {
		return st, nil
	}
	c := s.db.Conn()
	if e.FechaFundacion != nil {
		st.AniosExperiencia = domain.AniosCumplidos(*e.FechaFundacion, c.Now())
	}
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND estado <> ?`, e.ID, domain.PasajeCancelado).
		Scan(&st.PasajerosAtendidos)
	if err != nil {
		return st, wrap("pasajeros atendidos", err)
	}
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM secciones WHERE empresa_id = ? AND activo = TRUE`, e.ID).Scan(&st.RutasDisponibles); err != nil {
		return st, wrap("rutas disponibles", err)
	}
	var viajes, dias int64
	err = c.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT fecha_viaje) FROM (
			SELECT DISTINCT fecha_viaje, seccion_id FROM pasajes WHERE empresa_id = ? AND estado <> ? AND created_at >= ?
		) viajes`, e.ID, domain.PasajeCancelado, c.Now().AddDate(0, 0, -diasPromedioViajes)).Scan(&viajes, &dias)
	if err != nil {
		return st, wrap("viajes diarios", err)
	}
	if dias > 0 {
		st.ViajesDiarios = (viajes + dias/2) / dias
	}
	return st, nil
}
