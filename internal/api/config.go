package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// GuardarItemCatalogo is the body of a catalog's POST and PUT; activo
// defaults to true, capacidad counts only for sections.
type GuardarItemCatalogo struct {
	Nombre      string `json:"nombre" maxLength:"100"`
	Descripcion string `json:"descripcion,omitempty" maxLength:"500" multilinea:"true"`
	Capacidad   *int64 `json:"capacidad,omitempty"`
	// RequierePasajeros counts only for sections (false when absent).
	RequierePasajeros *bool `json:"requiere_pasajeros,omitempty" description:"Secciones: cada pasaje vendido debe nombrar a su pasajero"`
	// IdaYVuelta and DiasVuelta count only for trip types.
	IdaYVuelta *bool  `json:"ida_y_vuelta,omitempty" description:"Tipos de viaje: sus pasajes embarcan una vez de ida y una de vuelta"`
	DiasVuelta *int64 `json:"dias_vuelta,omitempty" minimum:"0" maximum:"365" description:"Tipos de viaje de ida y vuelta: la vuelta embarca hasta tantos días después del viaje; sin esto, sin límite"`
	// Referencia and ReferenciaObligatoria count only for payment methods.
	Referencia            *string `json:"referencia,omitempty" enum:"ninguna,tarjeta,transferencia" maxLength:"13" description:"Medios de pago: la referencia que registran sus ventas (tarjeta: últimos 4 dígitos y autorización; transferencia: su número); ninguna si falta"`
	ReferenciaObligatoria *bool   `json:"referencia_obligatoria,omitempty" description:"Medios de pago con referencia: una venta sin ella se rechaza"`
	// Tipo counts only for payment methods.
	Tipo   *string `json:"tipo,omitempty" enum:"efectivo,tarjeta,transferencia,mercadopago_qr,otro" maxLength:"14" description:"Medios de pago: su comportamiento (efectivo va a la caja; mercadopago_qr se cobra con el QR de Mercado Pago). Al crear, si falta, se deduce del nombre; al modificar, si falta, queda el que tenía"`
	Activo *bool   `json:"activo,omitempty"`
}

// ItemCatalogo is an entry of a catalog: a section, trip type or payment
// method (capacidad only for sections).
type ItemCatalogo domain.ItemCatalogo

// ItemEliminado says whether a DELETE deactivated the entry instead (it was in use).
type ItemEliminado struct {
	Desactivado bool `json:"desactivado"`
}

// GuardarPrecios is the body of PUT /config/precios: all of them or none.
type GuardarPrecios struct {
	Precios []Precio `json:"precios"`
}

// Precio is the price of a section for a trip type.
type Precio struct {
	SeccionID   int64           `json:"seccion_id"`
	TipoViajeID int64           `json:"tipo_viaje_id"`
	Precio      domain.Centavos `json:"precio"`
}

// PrecioVigente is the price of one section and trip type.
type PrecioVigente struct {
	Precio domain.Centavos `json:"precio"`
}

func itemDe(it domain.ItemCatalogo) ItemCatalogo { return ItemCatalogo(it) }

func precioDe(p store.Precio) Precio {
	return Precio{SeccionID: p.SeccionID, TipoViajeID: p.TipoViajeID, Precio: p.Precio}
}

// catalogo serves the list, create, update and delete calls of one catalog.
type catalogo struct {
	s   *Server
	cat domain.Catalogo
}

// ConsultaCatalogo is the query of a catalog's list.
type ConsultaCatalogo struct {
	Activos *bool `query:"activos" description:"true: solo las entradas activas"`
}

func (c catalogo) listar(r *http.Request, q ConsultaCatalogo) ([]ItemCatalogo, error) {
	items, err := c.s.Store.ListarCatalogo(r.Context(), actorFrom(r).EmpresaID(), c.cat, q.Activos != nil && *q.Activos)
	return mapRows(items, itemDe), err
}

// item normalizes an entry; a missing "activo" means active.
func (c catalogo) item(body GuardarItemCatalogo) (domain.ItemCatalogo, error) {
	return c.cat.Normalizar(domain.ItemCatalogo{Nombre: body.Nombre, Descripcion: body.Descripcion,
		Capacidad: body.Capacidad, RequierePasajeros: body.RequierePasajeros, IdaYVuelta: body.IdaYVuelta, DiasVuelta: body.DiasVuelta,
		Referencia: body.Referencia, ReferenciaObligatoria: body.ReferenciaObligatoria, Tipo: body.Tipo, Activo: body.Activo == nil || *body.Activo})
}

func (c catalogo) crear(r *http.Request, body GuardarItemCatalogo) (createdReply[ItemCatalogo], error) {
	it, err := c.item(body)
	if err != nil {
		return createdReply[ItemCatalogo]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[ItemCatalogo]{}, err
	}
	out, err := c.s.Store.CrearItem(r.Context(), a, c.cat, it)
	return created(itemDe(out), c.cat.Mensajes.Creado), err
}

func (c catalogo) actualizar(r *http.Request, body GuardarItemCatalogo) (reply[ItemCatalogo], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[ItemCatalogo]{}, err
	}
	it, err := c.item(body)
	if err != nil {
		return reply[ItemCatalogo]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[ItemCatalogo]{}, err
	}
	out, err := c.s.Store.ActualizarItem(r.Context(), a, c.cat, id, it)
	return withMessage(itemDe(out), c.cat.Mensajes.Actualizado), err
}

func (c catalogo) eliminar(r *http.Request) (reply[ItemEliminado], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[ItemEliminado]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[ItemEliminado]{}, err
	}
	desactivado, err := c.s.Store.EliminarItem(r.Context(), a, c.cat, id)
	msg := c.cat.Mensajes.Eliminado
	if desactivado {
		msg = c.cat.Mensajes.Desactivado
	}
	return withMessage(ItemEliminado{Desactivado: desactivado}, msg), err
}

func (s *Server) listarPrecios(r *http.Request) ([]Precio, error) {
	precios, err := s.Store.ListarPrecios(r.Context(), actorFrom(r).EmpresaID())
	return mapRows(precios, precioDe), err
}

func (s *Server) precio(r *http.Request) (PrecioVigente, error) {
	seccionID, err := pathID(r, "seccionId")
	if err != nil {
		return PrecioVigente{}, err
	}
	tipoID, err := pathID(r, "tipoViajeId")
	if err != nil {
		return PrecioVigente{}, err
	}
	p, ok, err := s.Store.PrecioDe(r.Context(), actorFrom(r).EmpresaID(), seccionID, tipoID)
	if err == nil && !ok {
		err = domain.NotFound("No hay un precio configurado para esa sección y tipo de viaje")
	}
	return PrecioVigente{Precio: p}, err
}

func (s *Server) guardarPrecios(r *http.Request, body GuardarPrecios) (reply[[]Precio], error) {
	if len(body.Precios) == 0 {
		return reply[[]Precio]{}, domain.Invalid("Indique al menos un precio")
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[[]Precio]{}, err
	}
	nuevos := mapRows(body.Precios, func(p Precio) store.Precio { return store.Precio(p) })
	precios, err := s.Store.GuardarPrecios(r.Context(), a, nuevos)
	return withMessage(mapRows(precios, precioDe), "Precios actualizados exitosamente"), err
}
