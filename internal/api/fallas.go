package api

import (
	"net/http"

	"muelle/internal/domain"
)

// DetalleTecnico is the data of a failed send's error answer for an
// administrator: the technical text behind its category.
type DetalleTecnico struct {
	Detalle string `json:"detalle"`
}

// conDetalle adds a failure's technical detail (domain.Error.Detalle) to its
// error answer when the caller may read it (domain.VeDetallesTecnicos).
func conDetalle(r *http.Request, err error) error {
	e, ok := domain.AsError(err)
	if !ok || e.Detalle == "" || e.Data != nil || !domain.VeDetallesTecnicos(actorFrom(r).Usuario.Rol) {
		return err
	}
	c := *e
	c.Data = DetalleTecnico{Detalle: e.Detalle}
	return &c
}

// fallaPara is a stored failure as the caller may read it: its category, and
// its detail only for an administrator.
func fallaPara(r *http.Request, texto string) domain.Falla {
	f := domain.ClasificarFalla(texto)
	if !domain.VeDetallesTecnicos(actorFrom(r).Usuario.Rol) {
		f.Detalle = ""
	}
	return f
}
