package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// GuardarCliente is the body of POST and PUT /config/clientes; activo
// defaults to true.
type GuardarCliente struct {
	Nombre    string `json:"nombre" maxLength:"100"`
	Apellido  string `json:"apellido,omitempty" maxLength:"100"`
	Documento string `json:"documento" maxLength:"20"`
	Telefono  string `json:"telefono,omitempty" maxLength:"30"`
	Email     string `json:"email,omitempty" maxLength:"254"`
	Direccion string `json:"direccion,omitempty" maxLength:"200"`
	Activo    *bool  `json:"activo,omitempty"`
	// CondicionIVA and CUIT: what an invoice names the customer by. Absent
	// on a creation, a consumidor final; absent on an update, both kept.
	CondicionIVA string `json:"condicion_iva,omitempty" maxLength:"21" enum:"consumidor_final,responsable_inscripto,monotributo,exento" description:"Condición frente al IVA; consumidor_final si falta al crear, la guardada si falta al actualizar (con su CUIT)"`
	CUIT         string `json:"cuit,omitempty" maxLength:"13" description:"11 dígitos, con o sin guiones; obligatorio salvo para consumidor final"`
}

// Cliente is a company's customer (backoffice §3).
type Cliente struct {
	ID        int64  `json:"id"`
	Nombre    string `json:"nombre"`
	Apellido  string `json:"apellido"`
	Documento string `json:"documento"`
	Telefono  string `json:"telefono"`
	Email     string `json:"email"`
	Direccion string `json:"direccion"`
	Activo    bool   `json:"activo"`
	// EmailConfirmado and TelefonoConfirmado: saved by staff after checking the
	// ID (or proved by the customer); a portal code goes only to a confirmed contact.
	EmailConfirmado    bool   `json:"email_confirmado" description:"Confirmado por el personal o por el cliente; uno tipeado en una venta no lo está"`
	TelefonoConfirmado bool   `json:"telefono_confirmado"`
	CondicionIVA       string `json:"condicion_iva" enum:"consumidor_final,responsable_inscripto,monotributo,exento"`
	CUIT               string `json:"cuit" description:"11 dígitos; vacío para un consumidor final sin CUIT"`
}

// ListadoClientes is one page of customers and how many the filter matched.
type ListadoClientes struct {
	Clientes []Cliente `json:"clientes"`
	Total    int64     `json:"total"`
}

// PasajesCliente is one page of a customer's tickets, newest first.
type PasajesCliente struct {
	Pasajes []Pasaje `json:"pasajes"`
	Total   int64    `json:"total"`
}

// ClienteEliminado says whether a DELETE deactivated the customer instead
// (they have tickets).
type ClienteEliminado struct {
	Desactivado bool `json:"desactivado"`
}

func clienteDe(c domain.Cliente) Cliente { return Cliente(c) }

func (b GuardarCliente) cliente() domain.Cliente {
	return domain.Cliente{Nombre: b.Nombre, Apellido: b.Apellido, Documento: b.Documento, Telefono: b.Telefono,
		Email: b.Email, Direccion: b.Direccion, Activo: b.Activo == nil || *b.Activo, CondicionIVA: b.CondicionIVA, CUIT: b.CUIT}
}

// ConsultaClientes is the query of the customer list: a search, an exact
// document and the page (10 customers when limite is absent).
type ConsultaClientes struct {
	Search    string `query:"search" maxLength:"100" description:"Parte del nombre, apellido, documento, teléfono o correo, sin distinguir mayúsculas ni acentos"`
	Documento string `query:"documento" maxLength:"100" description:"Solo el cliente de este documento"`
	Pagina    int64  `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limite    int64  `query:"limite" minimum:"1" maximum:"500" default:"10" description:"Clientes por página"`
}

// ConsultaPasajesCliente is the page of a customer's tickets.
type ConsultaPasajesCliente struct {
	Pagina int64 `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limite int64 `query:"limite" minimum:"1" maximum:"500" default:"10" description:"Pasajes por página"`
}

// listarClientes answers a page of the company's customers.
func (s *Server) listarClientes(r *http.Request, c ConsultaClientes) (ListadoClientes, error) {
	f := store.FiltroClientes{Busqueda: c.Search, Documento: c.Documento, Pagina: paginaDe(c.Pagina, c.Limite)}
	list, total, err := s.Store.ListarClientes(r.Context(), actorFrom(r).EmpresaID(), f)
	return ListadoClientes{Clientes: mapRows(list, clienteDe), Total: total}, err
}

// verCliente answers one of the company's customers.
func (s *Server) verCliente(r *http.Request) (Cliente, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return Cliente{}, err
	}
	c, err := s.Store.ClientePorID(r.Context(), actorFrom(r).EmpresaID(), id)
	return clienteDe(c), err
}

// pasajesCliente answers a page of a customer's tickets; a role that sees
// only its own sales gets only the ones it sold (vendedorDe).
func (s *Server) pasajesCliente(r *http.Request, c ConsultaPasajesCliente) (PasajesCliente, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return PasajesCliente{}, err
	}
	list, total, err := s.Store.PasajesDeCliente(r.Context(), actorFrom(r).EmpresaID(), id, vendedorDe(r),
		paginaDe(c.Pagina, c.Limite))
	return PasajesCliente{Pasajes: mapRows(list, pasajeDe), Total: total}, err
}

func (s *Server) crearCliente(r *http.Request, body GuardarCliente) (createdReply[Cliente], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Cliente]{}, err
	}
	c, err := s.Store.CrearCliente(r.Context(), a, body.cliente())
	return created(clienteDe(c), domain.MsgClienteCreado), err
}

func (s *Server) actualizarCliente(r *http.Request, body GuardarCliente) (reply[Cliente], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Cliente]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Cliente]{}, err
	}
	c, err := s.Store.ActualizarCliente(r.Context(), a, id, body.cliente())
	return withMessage(clienteDe(c), domain.MsgClienteActualizado), err
}

// eliminarCliente deletes a customer, or deactivates one with tickets.
func (s *Server) eliminarCliente(r *http.Request) (reply[ClienteEliminado], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[ClienteEliminado]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[ClienteEliminado]{}, err
	}
	desactivado, err := s.Store.EliminarCliente(r.Context(), a, id)
	msg := domain.MsgClienteEliminado
	if desactivado {
		msg = domain.MsgClienteDesactivado
	}
	return withMessage(ClienteEliminado{Desactivado: desactivado}, msg), err
}
