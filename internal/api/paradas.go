package api

import (
	"net/http"

	"muelle/internal/domain"
)

// Routes with stops (docs/features/salidas.md "Recorridos y paradas").

// Parada is a stop of a route: its name and the minutes from the first stop.
type Parada struct {
	Nombre  string `json:"nombre" maxLength:"60"`
	Minutos int32  `json:"minutos" description:"Minutos desde la primera parada: 0 la primera, creciendo, hasta 1440"`
}

// GuardarParadas is the body of PUT /config/secciones/{id}/paradas: the whole
// route, in order.
type GuardarParadas struct {
	Paradas []Parada `json:"paradas" description:"Las paradas en orden: entre 2 y 30"`
}

func paradasDe(ps []domain.Parada) []Parada {
	return mapRows(ps, func(p domain.Parada) Parada { return Parada{Nombre: p.Nombre, Minutos: int32(p.Minutos)} })
}

func (s *Server) listarParadas(r *http.Request) ([]Parada, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	ps, err := s.Store.Paradas(r.Context(), actorFrom(r).EmpresaID(), id)
	return paradasDe(ps), err
}

func (s *Server) guardarParadas(r *http.Request, body GuardarParadas) (reply[[]Parada], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[[]Parada]{}, err
	}
	ps, err := s.Store.ReemplazarParadas(r.Context(), a, id,
		mapRows(body.Paradas, func(p Parada) domain.Parada { return domain.Parada{Nombre: p.Nombre, Minutos: int(p.Minutos)} }))
	return withMessage(paradasDe(ps), domain.MsgParadasActualizadas), err
}
