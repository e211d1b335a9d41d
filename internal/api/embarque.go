package api

import (
	"net/http"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func (s *Server) validarQR(r *http.Request) (any, error) {
	var body struct {
		CodigoQR string `json:"codigo_qr"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	e, err := s.Store.ValidarPorCodigo(r.Context(), storeActor(r), body.CodigoQR, key)
	return withMessage(e, domain.MsgEmbarqueValidado), err
}

func (s *Server) validarEmbarque(r *http.Request) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	e, err := s.Store.ValidarPorID(r.Context(), storeActor(r), id, key)
	return withMessage(e, domain.MsgEmbarqueValidado), err
}

// hoy is the caller's company business day.
func (s *Server) hoy(r *http.Request) (domain.Dia, error) {
	return s.Store.Hoy(r.Context(), actorFrom(r).EmpresaID())
}

func (s *Server) estadisticasEmbarque(r *http.Request) (any, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return nil, err
	}
	a := actorFrom(r)
	return s.Store.EstadisticasDeEmbarque(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
}

func (s *Server) lanchaStats(r *http.Request) (any, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return nil, err
	}
	a := actorFrom(r)
	return s.Store.EstadisticasDeLancha(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
}

// recientesLimite is how many validations the boarding dashboard lists.
const recientesLimite = 10

func (s *Server) lanchaRecientes(r *http.Request) (any, error) {
	return s.Store.ValidacionesRecientes(r.Context(), actorFrom(r).EmpresaID(), recientesLimite)
}

// pasajerosPorFecha is the passenger list of a date (default today), or with
// tipo=programado the trip status of today and tomorrow by section.
func (s *Server) pasajerosPorFecha(r *http.Request) (any, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return nil, err
	}
	q, empresaID := r.URL.Query(), actorFrom(r).EmpresaID()
	if q.Get("tipo") == "programado" {
		return s.viajesProgramados(r, dia)
	}
	f := store.FiltroPasajeros{Fecha: q.Get("fecha")}
	if f.Fecha == "" {
		f.Fecha = dia.Fecha
	}
	if _, err := time.Parse(time.DateOnly, f.Fecha); err != nil {
		return nil, domain.Invalid("La fecha debe tener el formato AAAA-MM-DD")
	}
	f.SeccionID, _ = strconv.ParseInt(q.Get("seccion_id"), 10, 64)
	f.TipoViajeID, _ = strconv.ParseInt(q.Get("tipo_viaje_id"), 10, 64)
	if e := q.Get("embarcado"); e == "true" || e == "false" {
		b := e == "true"
		f.Embarcado = &b
	}
	list, conteo, err := s.Store.PasajerosPorFecha(r.Context(), empresaID, f)
	return map[string]any{"fecha": f.Fecha, "pasajes": list, "stats": conteo}, err
}

func (s *Server) viajesProgramados(r *http.Request, hoy domain.Dia) (any, error) {
	t, _ := time.Parse(time.DateOnly, hoy.Fecha)
	manana := t.AddDate(0, 0, 1)
	out := map[string]any{}
	for key, fecha := range map[string]string{"hoy": hoy.Fecha, "manana": manana.Format(time.DateOnly)} {
		viajes, err := s.Store.EstadoViajes(r.Context(), actorFrom(r).EmpresaID(), fecha)
		if err != nil {
			return nil, err
		}
		out[key] = map[string]any{"fecha": fecha, "secciones": viajes}
	}
	return out, nil
}
