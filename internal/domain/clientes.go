package domain

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Customer messages (backoffice §2.11, §8).
const (
	MsgClienteNoEncontrado   = "Cliente no encontrado"
	MsgClienteDuplicado      = "Ya existe un cliente con ese documento"
	MsgClienteNombre         = "El nombre del cliente es obligatorio"
	MsgClienteDocumento      = "El documento del cliente es obligatorio"
	MsgClienteCreado         = "Cliente creado correctamente"
	MsgClienteActualizado    = "Cliente actualizado correctamente"
	MsgClienteEliminado      = "Cliente eliminado correctamente"
	MsgClienteDesactivado    = "El cliente tiene pasajes: se desactivó en lugar de eliminarse"
	MaxDocumentoCliente      = 20
	MsgDocumentoClienteLargo = "El documento no debe exceder 20 caracteres"
)

// RolesClientes are the roles that create, edit and delete customers
// (backoffice §6); super_admin passes every check anyway.
var RolesClientes = []string{RolSuperAdmin, RolAdmin, RolSupervisor}

// Cliente is a company's customer (backoffice §3).
type Cliente struct {
	ID        int64
	Nombre    string
	Apellido  string
	Documento string
	Telefono  string
	Email     string
	Direccion string
	Activo    bool
	// EmailConfirmado and TelefonoConfirmado: the contact was confirmed
	// (saved by staff after checking the ID, or proved by the customer), so
	// a portal code may go to it; a contact typed at a sale is not (issue 36
	// item 1).
	EmailConfirmado    bool
	TelefonoConfirmado bool
	// CondicionIVA is the customer's IVA condition (CondicionConsumidorFinal
	// unless staff say otherwise) and CUIT its CUIT, required for any other
	// condition: what an invoice names them by (ReceptorDeFactura).
	CondicionIVA string
	CUIT         string
}

// Normalizar trims the customer's fields and checks the required ones.
func (c Cliente) Normalizar() (Cliente, error) {
	for _, f := range []*string{&c.Nombre, &c.Apellido, &c.Documento, &c.Telefono, &c.Email, &c.Direccion} {
		*f = strings.TrimSpace(*f)
	}
	switch {
	case c.Nombre == "":
		return c, Invalid(MsgClienteNombre)
	case c.Documento == "":
		return c, Invalid(MsgClienteDocumento)
	case len([]rune(c.Documento)) > MaxDocumentoCliente:
		return c, Invalid(MsgDocumentoClienteLargo)
	}
	return c.normalizarFiscal()
}

// Busqueda is the text the customer is searched by: names, document, e-mail
// and phone, normalized (NormalizarBusqueda).
func (c Cliente) Busqueda() string {
	return NormalizarBusqueda(strings.Join([]string{c.Nombre, c.Apellido, c.Documento, c.Email, c.Telefono}, " "))
}

// NormalizarBusqueda lowercases s and removes its accents ('Gómez' → 'gomez'),
// so that a search matches whatever the case and accents typed.
func NormalizarBusqueda(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(strings.TrimSpace(s))) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
