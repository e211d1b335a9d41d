package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// catalogo serves the list, create, update and delete calls of one catalog.
type catalogo struct {
	s   *Server
	cat domain.Catalogo
}

func (c catalogo) listar(r *http.Request) (any, error) {
	return c.s.Store.ListarCatalogo(r.Context(), actorFrom(r).EmpresaID(), c.cat, r.URL.Query().Get("activos") == "true")
}

// item decodes and normalizes an entry; a missing "activo" means active.
func (c catalogo) item(r *http.Request) (domain.ItemCatalogo, error) {
	body := domain.ItemCatalogo{Activo: true}
	if err := decode(r, &body); err != nil {
		return body, err
	}
	return c.cat.Normalizar(body)
}

func (c catalogo) crear(r *http.Request) (any, error) {
	it, err := c.item(r)
	if err != nil {
		return nil, err
	}
	out, err := c.s.Store.CrearItem(r.Context(), actorFrom(r).EmpresaID(), c.cat, it)
	return created(out, c.cat.Mensajes.Creado), err
}

func (c catalogo) actualizar(r *http.Request) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	it, err := c.item(r)
	if err != nil {
		return nil, err
	}
	out, err := c.s.Store.ActualizarItem(r.Context(), actorFrom(r).EmpresaID(), c.cat, id, it)
	return withMessage(out, c.cat.Mensajes.Actualizado), err
}

func (c catalogo) eliminar(r *http.Request) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	desactivado, err := c.s.Store.EliminarItem(r.Context(), actorFrom(r).EmpresaID(), c.cat, id)
	msg := c.cat.Mensajes.Eliminado
	if desactivado {
		msg = c.cat.Mensajes.Desactivado
	}
	return withMessage(map[string]bool{"desactivado": desactivado}, msg), err
}

func (s *Server) listarPrecios(r *http.Request) (any, error) {
	return s.Store.ListarPrecios(r.Context(), actorFrom(r).EmpresaID())
}

func (s *Server) precio(r *http.Request) (any, error) {
	seccionID, err := pathID(r, "seccionId")
	if err != nil {
		return nil, err
	}
	tipoID, err := pathID(r, "tipoViajeId")
	if err != nil {
		return nil, err
	}
	p, ok, err := s.Store.PrecioDe(r.Context(), actorFrom(r).EmpresaID(), seccionID, tipoID)
	if err == nil && !ok {
		err = domain.NotFound("No hay un precio configurado para esa sección y tipo de viaje")
	}
	return map[string]domain.Centavos{"precio": p}, err
}

func (s *Server) guardarPrecios(r *http.Request) (any, error) {
	var body struct {
		Precios []store.Precio `json:"precios"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	if len(body.Precios) == 0 {
		return nil, domain.Invalid("Indique al menos un precio")
	}
	empresaID := actorFrom(r).EmpresaID()
	if err := s.Store.GuardarPrecios(r.Context(), empresaID, body.Precios); err != nil {
		return nil, err
	}
	precios, err := s.Store.ListarPrecios(r.Context(), empresaID)
	return withMessage(precios, "Precios actualizados exitosamente"), err
}
