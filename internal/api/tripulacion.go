package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// The crew roster of a departure (docs/features/manifiesto.md).

// TripulanteNuevo is one member of a roster as it is sent: a user of the
// company (its name when none is typed) or a name typed, and the function.
type TripulanteNuevo struct {
	UsuarioID *int64 `json:"usuario_id,omitempty" minimum:"1" description:"Un usuario de la empresa; sin nombre, se usa el suyo"`
	Nombre    string `json:"nombre,omitempty" maxLength:"100" description:"Nombre y apellido, si no es un usuario"`
	Funcion   string `json:"funcion" maxLength:"10" enum:"patron,marinero,auxiliar"`
}

// AsignarTripulacion is the body of a departure's crew roster: every member,
// in order, replacing the roster.
type AsignarTripulacion struct {
	Tripulantes []TripulanteNuevo `json:"tripulantes" maxItems:"20" unidad:"tripulantes"`
}

// tripulacion answers a departure's crew roster: each member a user of the
// company (usuario_id) or a name typed, the function on board and how it
// reads (store.TripulanteSalida, as the manifest shows it).
func (s *Server) tripulacion(r *http.Request) ([]store.TripulanteSalida, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	return s.Store.Tripulacion(r.Context(), actorFrom(r).EmpresaID(), id)
}

func (s *Server) asignarTripulacion(r *http.Request, body AsignarTripulacion) (reply[[]store.TripulanteSalida], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[[]store.TripulanteSalida]{}, err
	}
	ts, err := s.Store.AsignarTripulacion(r.Context(), a, id, mapRows(body.Tripulantes, func(t TripulanteNuevo) domain.Tripulante {
		return domain.Tripulante{UsuarioID: t.UsuarioID, Nombre: t.Nombre, Funcion: t.Funcion}
	}))
	return withMessage(ts, domain.MsgTripulacionGuardada), err
}
