package api

import (
	"net/http"

	"muelle/internal/domain"
)

// A ticket's named passenger after its sale (docs/features/pasajeros.md).

// nombrarPasajero names (or renames) the passenger of a ticket: how a
// departure whose section requires names completes its rol before it sails.
func (s *Server) nombrarPasajero(r *http.Request, body PasajeroVenta) (reply[PasajeroPasaje], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[PasajeroPasaje]{}, err
	}
	p, err := s.Store.NombrarPasajero(r.Context(), a, id, domain.Pasajero(body))
	return withMessage(PasajeroPasaje(p), domain.MsgPasajeroGuardado), err
}
