package api

import (
	"context"
	"net/http"
	"time"

	"muelle/internal/domain"
)

// Salud is the answer of GET /health.
type Salud struct {
	Status   string `json:"status"`
	Database string `json:"database"`
}

// ContactoPublico is the contact block of the landing page; {} on an
// installation without companies.
type ContactoPublico struct {
	*EmpresaPublica
}

// EmpresaPublica is what the landing page shows of the company.
type EmpresaPublica struct {
	Nombre    string `json:"nombre"`
	Telefono  string `json:"telefono"`
	Email     string `json:"email"`
	Direccion string `json:"direccion"`
	LogoURL   string `json:"logo_url"`
}

// EstadisticasPublicas are the landing page's figures, all computed from data.
type EstadisticasPublicas struct {
	PasajerosAtendidos int64 `json:"pasajeros_atendidos"`
	RutasDisponibles   int64 `json:"rutas_disponibles"`
	AniosExperiencia   int   `json:"años_experiencia"`
	ViajesDiarios      int64 `json:"viajes_diarios"`
}

// healthTimeout bounds how long the health check waits for the writer.
const healthTimeout = 3 * time.Second

// health answers 200 only when the database accepts a write, so that a load
// balancer takes a node whose database is down or read-only out of service.
func (s *Server) health(r *http.Request) (Salud, error) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.Store.PuedeEscribir(ctx); err != nil {
		s.Log.Error("base de datos no disponible", "err", err)
		return Salud{}, domain.Unavailable(domain.MsgBaseNoDisponible)
	}
	return Salud{Status: "ok", Database: "ok"}, nil
}

// publicEmpresa is the contact block of the landing page.
func (s *Server) publicEmpresa(r *http.Request) (ContactoPublico, error) {
	e, ok, err := s.Store.EmpresaPublica(r.Context())
	if err != nil || !ok {
		return ContactoPublico{}, err
	}
	return ContactoPublico{&EmpresaPublica{Nombre: e.Nombre, Telefono: e.Telefono, Email: e.Email,
		Direccion: e.Direccion, LogoURL: e.LogoURL}}, nil
}

func (s *Server) publicStats(r *http.Request) (EstadisticasPublicas, error) {
	e, _, err := s.Store.EmpresaPublica(r.Context())
	if err != nil {
		return EstadisticasPublicas{}, err
	}
	st, err := s.Store.EstadisticasPublicas(r.Context(), e)
	return EstadisticasPublicas(st), err
}
