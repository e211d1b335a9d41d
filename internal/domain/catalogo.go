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
	Femenino      bool
	ConCapacidad  bool
}

// The three catalogs of backoffice §2.2.
var (
	CatSecciones  = Catalogo{"secciones", "seccion_id", "Sección", true, true}
	CatTiposViaje = Catalogo{"tipos_viaje", "tipo_viaje_id", "Tipo de viaje", false, false}
	CatMediosPago = Catalogo{"medios_pago", "medio_pago_id", "Medio de pago", false, false}
)

// Mensaje builds '<Nombre> creada/creado exitosamente' and its siblings.
func (c Catalogo) Mensaje(participio string) string {
	suffix := "o"
	if c.Femenino {
		suffix = "a"
	}
	return fmt.Sprintf("%s %s%s exitosamente", c.Nombre, participio, suffix)
}

// NoEncontrado is the 404 message of the catalog.
func (c Catalogo) NoEncontrado() string {
	return fmt.Sprintf("%s no encontrad%s", c.Nombre, map[bool]string{true: "a", false: "o"}[c.Femenino])
}

// Duplicado is the 409 message for a repeated name.
func (c Catalogo) Duplicado() string {
	art := "un"
	if c.Femenino {
		art = "una"
	}
	return fmt.Sprintf("Ya existe %s %s con ese nombre", art, strings.ToLower(c.Nombre))
}

// ItemCatalogo is an entry of a catalog.
type ItemCatalogo struct {
	ID          int64  `json:"id"`
	Nombre      string `json:"nombre"`
	Descripcion string `json:"descripcion"`
	Capacidad   *int64 `json:"capacidad,omitempty"`
	Activo      bool   `json:"activo"`
}

// Normalizar trims an entry and checks it: name required (≤ 100), description
// ≤ 500, capacity a whole number ≥ 0 for sections.
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
	if !c.ConCapacidad {
		it.Capacidad = nil
		return it, nil
	}
	if it.Capacidad == nil {
		zero := int64(0)
		it.Capacidad = &zero
	}
	if *it.Capacidad < 0 || *it.Capacidad > 10000 {
		return it, Invalid("La capacidad debe ser un número entre 0 y 10000")
	}
	return it, nil
}
