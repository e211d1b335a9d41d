package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// crearLote sells a whole sale: every ticket or none.
func (s *Server) crearLote(r *http.Request) (any, error) {
	var v store.Venta
	if err := decode(r, &v); err != nil {
		return nil, err
	}
	pasajes, err := s.vender(r, v)
	if err != nil {
		return nil, err
	}
	var total domain.Centavos
	for _, p := range pasajes {
		total += p.Precio
	}
	return created(map[string]any{"pasajes": pasajesRespuesta(pasajes), "total": total}, "Pasaje(s) creado(s) exitosamente"), nil
}

// crearPasaje sells one ticket; a precio that differs from the price table is refused.
func (s *Server) crearPasaje(r *http.Request) (any, error) {
	var body struct {
		store.Venta
		TipoViajeID int64            `json:"tipo_viaje_id"`
		Precio      *domain.Centavos `json:"precio"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	v := body.Venta
	v.Lineas = []domain.LineaVenta{{TipoViajeID: body.TipoViajeID, Cantidad: 1}}
	v.PrecioEsperado = body.Precio
	pasajes, err := s.vender(r, v)
	if err != nil {
		return nil, err
	}
	return created(pasajesRespuesta(pasajes)[0], "Pasaje creado exitosamente"), nil
}

func (s *Server) vender(r *http.Request, v store.Venta) ([]store.Pasaje, error) {
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	return s.Store.Vender(r.Context(), a, v)
}

// nombreRef is the spec's {nombre} alias of a flat name.
type nombreRef struct {
	Nombre string `json:"nombre"`
}

// usuarioRef is the spec's {nombre_usuario} alias of a user.
type usuarioRef struct {
	NombreUsuario string `json:"nombre_usuario"`
}

// pasajeRespuesta is a ticket with the spec's nested aliases of its flat fields.
type pasajeRespuesta struct {
	store.Pasaje
	Cliente struct {
		Nombre   string `json:"nombre"`
		Telefono string `json:"telefono"`
	} `json:"cliente"`
	Seccion   nombreRef  `json:"seccion"`
	TipoViaje nombreRef  `json:"tipoViaje"`
	Usuario   usuarioRef `json:"usuario"`
}

func pasajesRespuesta(ps []store.Pasaje) []pasajeRespuesta {
	out := make([]pasajeRespuesta, len(ps))
	for i, p := range ps {
		out[i] = pasajeRespuesta{Pasaje: p, Seccion: nombreRef{p.SeccionNombre}, TipoViaje: nombreRef{p.TipoViajeNombre},
			Usuario: usuarioRef{p.NombreUsuario}}
		out[i].Cliente.Nombre, out[i].Cliente.Telefono = p.ClienteNombre, p.ClienteTelefono
	}
	return out
}
