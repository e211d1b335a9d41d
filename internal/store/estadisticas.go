package store

import (
	"context"

	"muelle/internal/domain"
)

// EstadisticasPublicas are the landing page's figures, all computed from data.
type EstadisticasPublicas struct {
	PasajerosAtendidos int64 `json:"pasajeros_atendidos"`
	RutasDisponibles   int64 `json:"rutas_disponibles"`
	AniosExperiencia   int   `json:"años_experiencia"`
	ViajesDiarios      int64 `json:"viajes_diarios"`
}

// EstadisticasPublicas computes the landing figures of a company (zero value: none yet).
func (s *Store) EstadisticasPublicas(_ context.Context, e Empresa) (EstadisticasPublicas, error) {
	var st EstadisticasPublicas
	if e.FechaFundacion != nil {
		st.AniosExperiencia = domain.AniosCumplidos(*e.FechaFundacion, s.Now())
	}
	return st, nil
}
