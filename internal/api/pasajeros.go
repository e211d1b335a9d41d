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

// CambiarSalida is the body of moving a sold ticket to another departure.
type CambiarSalida struct {
	SalidaID int64 `json:"salida_id" minimum:"1" description:"Una salida de la sección y la fecha de viaje del pasaje que siga embarcando y tenga lugar"`
}

// cambiarSalida moves an active ticket to another departure of its section
// and day before it boards (docs/features/salidas.md, "Venta de una salida").
func (s *Server) cambiarSalida(r *http.Request, body CambiarSalida) (reply[Pasaje], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Pasaje]{}, err
	}
	p, err := s.Store.CambiarSalidaDePasaje(r.Context(), a, id, body.SalidaID)
	return withMessage(pasajeDe(p), domain.MsgSalidaDelPasajeCambiada), err
}
