package domain

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Catalogo describes one of the company's lists: sections, trip types, payment methods.
type Catalogo struct {
	Tabla         string // table name, also the store's key
	ColumnaPasaje string // the pasajes column that references it
	Nombre        string // "Sección", "Tipo de viaje", "Medio de pago"
	ConCapacidad  bool
	// ConIdaYVuelta: its entries may be round trips (trip types: ida_y_vuelta, dias_vuelta).
	ConIdaYVuelta bool
	// ConReferencia: its entries say which payment reference their sales
	// record and whether it is required (payment methods: referencia).
	ConReferencia bool
	// ConTipo: its entries have a kind that decides their behaviour
	// (payment methods: TiposMedioPago).
	ConTipo  bool
	Mensajes MensajesCatalogo
}

// MensajesCatalogo are a catalog's user-facing messages, spelled out whole.
type MensajesCatalogo struct {
	Creado       string
	Actualizado  string
	Eliminado    string
	Desactivado  string // deleted an entry already in use
	NoEncontrado string // 404
	Duplicado    string // 409, a repeated name
	Inactivo     string // a sale with an inactive entry; %s is the entry's name
}

// The three catalogs of backoffice §2.2.
var (
	CatSecciones = Catalogo{Tabla: "secciones", ColumnaPasaje: "seccion_id", Nombre: "Sección", ConCapacidad: true,
		Mensajes: MensajesCatalogo{
			Creado:       "Sección creada exitosamente",
			Actualizado:  "Sección actualizada exitosamente",
			Eliminado:    "Sección eliminada exitosamente",
			Desactivado:  "Sección desactivada exitosamente: ya tiene pasajes o movimientos registrados",
			NoEncontrado: "Sección no encontrada",
			Duplicado:    "Ya existe una sección con ese nombre",
			Inactivo:     "Sección «%s» está inactiva",
		}}
	CatTiposViaje = Catalogo{Tabla: "tipos_viaje", ColumnaPasaje: "tipo_viaje_id", Nombre: "Tipo de viaje", ConIdaYVuelta: true,
		Mensajes: MensajesCatalogo{
			Creado:       "Tipo de viaje creado exitosamente",
			Actualizado:  "Tipo de viaje actualizado exitosamente",
			Eliminado:    "Tipo de viaje eliminado exitosamente",
			Desactivado:  "Tipo de viaje desactivado exitosamente: ya tiene pasajes o movimientos registrados",
			NoEncontrado: "Tipo de viaje no encontrado",
			Duplicado:    "Ya existe un tipo de viaje con ese nombre",
			Inactivo:     "Tipo de viaje «%s» está inactivo",
		}}
	CatMediosPago = Catalogo{Tabla: "medios_pago", ColumnaPasaje: "medio_pago_id", Nombre: "Medio de pago", ConReferencia: true, ConTipo: true,
		Mensajes: MensajesCatalogo{
			Creado:       "Medio de pago creado exitosamente",
			Actualizado:  "Medio de pago actualizado exitosamente",
			Eliminado:    "Medio de pago eliminado exitosamente",
			Desactivado:  "Medio de pago desactivado exitosamente: ya tiene pasajes o movimientos registrados",
			NoEncontrado: "Medio de pago no encontrado",
			Duplicado:    "Ya existe un medio de pago con ese nombre",
			Inactivo:     "Medio de pago «%s» está inactivo",
		}}
)

// Inactivo is the refusal of a sale that uses the inactive entry nombre.
func (c Catalogo) Inactivo(nombre string) error {
	return Invalid(fmt.Sprintf(c.Mensajes.Inactivo, nombre))
}

// ItemCatalogo is an entry of a catalog.
type ItemCatalogo struct {
	ID          int64  `json:"id"`
	Nombre      string `json:"nombre"`
	Descripcion string `json:"descripcion"`
	Capacidad   *int64 `json:"capacidad,omitempty"`
	// RequierePasajeros (sections only): a sale names the passenger of each
	// of its tickets (docs/features/pasajeros.md).
	RequierePasajeros *bool `json:"requiere_pasajeros,omitempty"`
	// IdaYVuelta (trip types only): its tickets board once 'ida' and once
	// 'vuelta'; DiasVuelta limits the return to that many days after the
	// travel date (nil: open-dated).
	IdaYVuelta *bool  `json:"ida_y_vuelta,omitempty"`
	DiasVuelta *int64 `json:"dias_vuelta,omitempty"`
	// Referencia and ReferenciaObligatoria (payment methods only): the kind
	// of reference its sales record (TiposReferencia) and whether it is required.
	Referencia            *string `json:"referencia,omitempty"`
	ReferenciaObligatoria *bool   `json:"referencia_obligatoria,omitempty"`
	// Tipo (payment methods only): the kind that decides its behaviour (one
	// of TiposMedioPago). Absent when writing: on create the name rule's
	// kind (TipoMedioPagoPorNombre), on update the stored one.
	Tipo   *string `json:"tipo,omitempty" enum:"efectivo,tarjeta,transferencia,mercadopago_qr,otro"`
	Activo bool    `json:"activo"`
}

// MsgDiasVuelta refuses a return limit out of 0…365 days.
const MsgDiasVuelta = "Los días para la vuelta deben ser un número entre 0 y 365"

// normalizarIdaYVuelta keeps the round-trip fields of a trip type (false and
// no limit by default; a limit only for a round trip) and drops them elsewhere.
func (c Catalogo) normalizarIdaYVuelta(it ItemCatalogo) (ItemCatalogo, error) {
	if !c.ConIdaYVuelta {
		it.IdaYVuelta, it.DiasVuelta = nil, nil
		return it, nil
	}
	if it.IdaYVuelta == nil || !*it.IdaYVuelta {
		no := false
		it.IdaYVuelta, it.DiasVuelta = &no, nil
		return it, nil
	}
	if it.DiasVuelta != nil && (*it.DiasVuelta < 0 || *it.DiasVuelta > 365) {
		return it, Invalid(MsgDiasVuelta)
	}
	return it, nil
}

// normalizarReferencia keeps a payment method's reference (ninguna and not
// required by default) and drops it elsewhere.
func (c Catalogo) normalizarReferencia(it ItemCatalogo) (ItemCatalogo, error) {
	if !c.ConReferencia {
		it.Referencia, it.ReferenciaObligatoria = nil, nil
		return it, nil
	}
	tipo, obligatoria, err := NormalizarTipoReferencia(valor(it.Referencia), valor(it.ReferenciaObligatoria))
	it.Referencia, it.ReferenciaObligatoria = &tipo, &obligatoria
	return it, err
}

// normalizarTipo keeps a payment method's kind, trimmed and checked when
// given, and drops it elsewhere.
func (c Catalogo) normalizarTipo(it ItemCatalogo) (ItemCatalogo, error) {
	if !c.ConTipo || it.Tipo == nil {
		it.Tipo = nil
		return it, nil
	}
	tipo := strings.TrimSpace(*it.Tipo)
	it.Tipo = &tipo
	if !EsTipoMedioPago(tipo) {
		return it, Invalid(MsgTipoMedioPago)
	}
	return it, nil
}

// valor is *p, or the zero value when p is nil.
func valor[T any](p *T) T {
	var v T
	if p != nil {
		v = *p
	}
	return v
}

// MsgCapacidad refuses a section without a capacity of 1 to 10000.
const MsgCapacidad = "La capacidad debe ser un número entre 1 y 10000"

// Normalizar trims an entry and checks it: name required (≤ 100), description
// ≤ 500, capacity a whole number from 1 to 10000 for sections, a payment
// method's reference and its kind (when given) among the known ones.
func (c Catalogo) Normalizar(it ItemCatalogo) (ItemCatalogo, error) {
	it.Nombre, it.Descripcion = strings.TrimSpace(it.Nombre), strings.TrimSpace(it.Descripcion)
	switch {
	case it.Nombre == "":
		return it, Invalid("El nombre es obligatorio")
	case utf8.RuneCountInString(it.Nombre) > 100:
		return it, Invalid("No debe exceder 100 caracteres")
	case utf8.RuneCountInString(it.Descripcion) > 500:
		return it, Invalid("No debe exceder 500 caracteres")
	}
	it, err := c.normalizarIdaYVuelta(it)
	if err == nil {
		it, err = c.normalizarReferencia(it)
	}
	if err == nil {
		it, err = c.normalizarTipo(it)
	}
	if err != nil || !c.ConCapacidad {
		it.Capacidad, it.RequierePasajeros = nil, nil
		return it, err
	}
	nombrados := it.RequierePasajeros != nil && *it.RequierePasajeros
	it.RequierePasajeros = &nombrados
	// A section of capacity 0 could never board anyone: it is refused, as a missing one.
	if it.Capacidad == nil || *it.Capacidad < 1 || *it.Capacidad > 10000 {
		return it, Invalid(MsgCapacidad)
	}
	return it, nil
}
