package api

import (
	"context"
	"net/http"
	"net/url"
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
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	e, err := s.Store.ValidarPorCodigo(r.Context(), a, body.CodigoQR)
	return withMessage(e, domain.MsgEmbarqueValidado), err
}

func (s *Server) validarEmbarque(r *http.Request) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	e, err := s.Store.ValidarPorID(r.Context(), a, id)
	return withMessage(e, domain.MsgEmbarqueValidado), err
}

// hoy is the caller's company business day.
func (s *Server) hoy(r *http.Request) (domain.Dia, error) {
	return s.Store.Hoy(r.Context(), actorFrom(r).EmpresaID())
}

// figurasDelDia answers the figures fn computes for the caller's company, the
// caller and the business day.
func figurasDelDia[T any](s *Server, r *http.Request,
	fn func(ctx context.Context, empresaID, usuarioID int64, dia domain.Dia) (T, error)) (T, error) {
	dia, err := s.hoy(r)
	if err != nil {
		var zero T
		return zero, err
	}
	a := actorFrom(r)
	return fn(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
}

func (s *Server) estadisticasEmbarque(r *http.Request) (any, error) {
	return figurasDelDia(s, r, s.Store.EstadisticasDeEmbarque)
}

// pasajerosPorFecha is the passenger list of a date (default today), or with
// tipo=programado the trip status of today and tomorrow by section.
func (s *Server) pasajerosPorFecha(r *http.Request) (any, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return nil, err
	}
	q := r.URL.Query()
	tipo, err := queryEnum(q, "tipo", "programado")
	if err != nil {
		return nil, err
	}
	if tipo != "" {
		return s.viajesProgramados(r, dia)
	}
	f, err := filtroPasajeros(q, dia.Fecha)
	if err != nil {
		return nil, err
	}
	empresaID := actorFrom(r).EmpresaID()
	list, total, err := s.Store.PasajerosPorFecha(r.Context(), empresaID, f)
	if err != nil {
		return nil, err
	}
	conteo, err := s.Store.ConteoPorFecha(r.Context(), empresaID, f.Fecha)
	return map[string]any{"fecha": f.Fecha, "pasajes": pasajesRespuesta(list), "total": total, "stats": conteo}, err
}

// filtroPasajeros reads the passenger list's filters; the whole list by default.
func filtroPasajeros(q url.Values, hoy string) (f store.FiltroPasajeros, err error) {
	if f.Fecha, err = queryDate(q, "fecha", hoy); err != nil {
		return f, err
	}
	if f.SeccionID, err = queryInt64(q, "seccion_id"); err != nil {
		return f, err
	}
	if f.TipoViajeID, err = queryInt64(q, "tipo_viaje_id"); err != nil {
		return f, err
	}
	if f.Embarcado, err = queryBool(q, "embarcado"); err != nil {
		return f, err
	}
	f.Pagina, err = queryPagina(q, 0)
	return f, err
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
