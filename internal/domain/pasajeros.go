package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// One passenger per ticket (issue 40 item 3; docs/features/pasajeros.md).

// Document types of a passenger.
const (
	DocumentoDNI       = "DNI"
	DocumentoPasaporte = "PASAPORTE"
	DocumentoCI        = "CI"
	DocumentoOtro      = "OTRO"
)

// DocumentosPasajero are the document types a passenger may carry.
var DocumentosPasajero = []string{DocumentoDNI, DocumentoPasaporte, DocumentoCI, DocumentoOtro}

// Age bands (franja_edad): bebe 0–2, menor 3–11, adolescente 12–17, adulto 18–64, mayor 65 and over.
const (
	FranjaBebe        = "bebe"
	FranjaMenor       = "menor"
	FranjaAdolescente = "adolescente"
	FranjaAdulto      = "adulto"
	FranjaMayor       = "mayor"
)

// FranjasEdad are the age bands, youngest first.
var FranjasEdad = []string{FranjaBebe, FranjaMenor, FranjaAdolescente, FranjaAdulto, FranjaMayor}

// SexosPasajero are the sexes a passenger may declare (F, M, X as on the DNI).
var SexosPasajero = []string{"F", "M", "X"}

// Bounds of a passenger's fields.
const (
	MaxNombrePasajero    = 100
	MaxDocumentoPasajero = 20
	MaxNacionalidad      = 60
	// EdadMaximaPasajero bounds a date of birth: no more than this many years before the trip.
	EdadMaximaPasajero = 120
)

// Retention of passenger data (Ley 25.326): days after the trip, bounded.
const (
	DiasRetencionPasajerosDefault = 365
	MinDiasRetencionPasajeros     = 30
	MaxDiasRetencionPasajeros     = 3650
	MsgDiasRetencionPasajeros     = "Los días de conservación de los datos de pasajeros deben estar entre 30 y 3650"
	// NombreAnonimizado is the name an anonymised passenger keeps.
	NombreAnonimizado = "Pasajero anonimizado"
)

// Naming a ticket's passenger after its sale, and the rol de pasajeros that
// a section requiring names must have complete before its departure sails.
const (
	MsgPasajeroGuardado  = "Pasajero guardado"
	MsgPasajeroDeAnulado = "El pasaje está cancelado: su pasajero no se nombra"
)

// MsgZarpeSinNombres refuses sailing a departure whose section requires
// named passengers while n boarded tickets name none.
func MsgZarpeSinNombres(n int64) string {
	if n == 1 {
		return "Falta el nombre de 1 pasajero a bordo y la sección exige la lista completa: nómbrelo desde el manifiesto antes de zarpar"
	}
	return fmt.Sprintf("Faltan los nombres de %d pasajeros a bordo y la sección exige la lista completa: nómbrelos desde el manifiesto antes de zarpar", n)
}

// Refusals of a sale's passengers.
const (
	MsgMasPasajerosQuePasajes = "Hay más pasajeros que pasajes en la venta"
)

// Pasajero is the passenger a ticket names. Every field but Nombre is
// optional; an entry with every field empty names nobody (Vacio).
type Pasajero struct {
	Nombre          string `json:"nombre"`
	DocumentoTipo   string `json:"documento_tipo"`
	DocumentoNumero string `json:"documento_numero"`
	Nacionalidad    string `json:"nacionalidad"`
	FechaNacimiento string `json:"fecha_nacimiento"`
	FranjaEdad      string `json:"franja_edad"`
	Sexo            string `json:"sexo"`
}

// Vacio reports whether the entry names nobody (every field blank).
func (p Pasajero) Vacio() bool {
	return strings.TrimSpace(p.Nombre+p.DocumentoTipo+p.DocumentoNumero+p.Nacionalidad+p.FechaNacimiento+
		p.FranjaEdad+p.Sexo) == ""
}

// Documento is the passenger's document as a list shows it ("DNI 30123456"); empty without a number.
func (p Pasajero) Documento() string {
	if p.DocumentoNumero == "" {
		return ""
	}
	return strings.TrimSpace(p.DocumentoTipo + " " + p.DocumentoNumero)
}

// Normalizar trims passenger n (1-based, for the messages) of a trip on
// fechaViaje (YYYY-MM-DD) and checks it: a name (≤ 100), a document type
// among DocumentosPasajero when a number is given (DNI by default; a DNI is
// 7 or 8 digits, dots dropped; any number ≤ 20 letters and digits), a
// nationality ≤ 60, a date of birth not after the trip nor more than 120
// years before it, which sets the age band; else an age band among
// FranjasEdad; a sex among SexosPasajero. Document type, band and sex are
// read in any case.
func (p Pasajero) Normalizar(n int, fechaViaje string) (Pasajero, error) {
	p.Nombre = strings.Join(strings.Fields(p.Nombre), " ")
	p.DocumentoNumero = strings.ToUpper(strings.Join(strings.Fields(p.DocumentoNumero), ""))
	p.Nacionalidad = strings.TrimSpace(p.Nacionalidad)
	p.DocumentoTipo = strings.ToUpper(strings.TrimSpace(p.DocumentoTipo))
	p.FranjaEdad = strings.ToLower(strings.TrimSpace(p.FranjaEdad))
	p.Sexo = strings.ToUpper(strings.TrimSpace(p.Sexo))
	p.FechaNacimiento = strings.TrimSpace(p.FechaNacimiento)
	invalido := func(msg string) (Pasajero, error) { return p, Invalid(fmt.Sprintf("Pasajero %d: %s", n, msg)) }
	switch {
	case p.Nombre == "":
		return invalido("falta el nombre y apellido")
	case utf8.RuneCountInString(p.Nombre) > MaxNombrePasajero:
		return invalido("el nombre no debe exceder 100 caracteres")
	case utf8.RuneCountInString(p.Nacionalidad) > MaxNacionalidad:
		return invalido("la nacionalidad no debe exceder 60 caracteres")
	case p.Sexo != "" && !slices.Contains(SexosPasajero, p.Sexo):
		return invalido("el sexo debe ser F, M o X")
	}
	if msg := p.normalizarDocumento(); msg != "" {
		return invalido(msg)
	}
	if msg := p.normalizarEdad(fechaViaje); msg != "" {
		return invalido(msg)
	}
	return p, nil
}

// normalizarDocumento checks the document's type and number; the empty string when they are right.
func (p *Pasajero) normalizarDocumento() string {
	if p.DocumentoNumero == "" {
		if p.DocumentoTipo != "" {
			return "falta el número de documento"
		}
		return ""
	}
	if p.DocumentoTipo == "" {
		p.DocumentoTipo = DocumentoDNI
	}
	if !slices.Contains(DocumentosPasajero, p.DocumentoTipo) {
		return "el tipo de documento debe ser DNI, PASAPORTE, CI u OTRO"
	}
	if p.DocumentoTipo == DocumentoDNI {
		p.DocumentoNumero = strings.ReplaceAll(p.DocumentoNumero, ".", "")
		if l := len(p.DocumentoNumero); l < 7 || l > 8 || strings.ContainsFunc(p.DocumentoNumero, noEsDigito) {
			return "el DNI debe tener 7 u 8 dígitos"
		}
	}
	if utf8.RuneCountInString(p.DocumentoNumero) > MaxDocumentoPasajero ||
		strings.ContainsFunc(p.DocumentoNumero, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		return "el número de documento admite hasta 20 letras y números"
	}
	return ""
}

func noEsDigito(r rune) bool { return r < '0' || r > '9' }

// normalizarEdad checks the date of birth and the age band, setting the band
// from the date when there is one; the empty string when they are right.
func (p *Pasajero) normalizarEdad(fechaViaje string) string {
	if p.FechaNacimiento == "" {
		if p.FranjaEdad != "" && !slices.Contains(FranjasEdad, p.FranjaEdad) {
			return "la franja de edad debe ser bebe, menor, adolescente, adulto o mayor"
		}
		return ""
	}
	nacio, err := time.Parse(time.DateOnly, p.FechaNacimiento)
	if err != nil {
		return "la fecha de nacimiento debe tener el formato AAAA-MM-DD"
	}
	viaje, err := time.Parse(time.DateOnly, fechaViaje)
	if err != nil {
		viaje = nacio
	}
	edad := Edad(nacio, viaje)
	if nacio.After(viaje) || edad > EdadMaximaPasajero {
		return "la fecha de nacimiento no es válida para la fecha de viaje"
	}
	p.FranjaEdad = FranjaDeEdad(edad)
	return ""
}

// Edad is the age in whole years on day dia of someone born on nacio.
func Edad(nacio, dia time.Time) int {
	edad := dia.Year() - nacio.Year()
	if dia.Month() < nacio.Month() || dia.Month() == nacio.Month() && dia.Day() < nacio.Day() {
		edad--
	}
	return edad
}

// FranjaDeEdad is the age band of an age in years.
func FranjaDeEdad(edad int) string {
	switch {
	case edad < 3:
		return FranjaBebe
	case edad < 12:
		return FranjaMenor
	case edad < 18:
		return FranjaAdolescente
	case edad < 65:
		return FranjaAdulto
	}
	return FranjaMayor
}

// PasajerosVenta checks the passengers of a sale of cantidad tickets on
// fechaViaje, in the order of its tickets: at most one per ticket, each
// blank (naming nobody: nil in the answer) or normalized (Normalizar).
func PasajerosVenta(pasajeros []Pasajero, cantidad int, fechaViaje string) ([]*Pasajero, error) {
	if len(pasajeros) > cantidad {
		return nil, Invalid(MsgMasPasajerosQuePasajes)
	}
	out := make([]*Pasajero, cantidad)
	for i, p := range pasajeros {
		if p.Vacio() {
			continue
		}
		n, err := p.Normalizar(i+1, fechaViaje)
		if err != nil {
			return nil, err
		}
		out[i] = &n
	}
	return out, nil
}

// PasajeroDelCliente is the passenger of a one-ticket sale that names none:
// its customer (nombre as domain.NombreDado reads it, and documento), or nil
// when the sale has no customer's name.
func PasajeroDelCliente(nombre, documento string) *Pasajero {
	n := NombreDado(nombre)
	if n == "" {
		return nil
	}
	p := Pasajero{Nombre: strings.Join(strings.Fields(n), " ")}
	if doc := strings.TrimSpace(documento); doc != "" && utf8.RuneCountInString(doc) <= MaxDocumentoPasajero {
		p.DocumentoTipo, p.DocumentoNumero = DocumentoOtro, doc
		if l := len(doc); l >= 7 && l <= 8 && !strings.ContainsFunc(doc, noEsDigito) {
			p.DocumentoTipo = DocumentoDNI
		}
	}
	return &p
}

// SinNombre counts the tickets of pasajeros that name nobody.
func SinNombre(pasajeros []*Pasajero) int {
	n := 0
	for _, p := range pasajeros {
		if p == nil {
			n++
		}
	}
	return n
}

// MsgPasajerosRequeridos refuses a sale on a section that requires a named
// passenger per ticket when faltan of its total tickets name nobody.
func MsgPasajerosRequeridos(seccion string, faltan, total int) string {
	verbo := "faltan"
	if faltan == 1 {
		verbo = "falta"
	}
	return fmt.Sprintf("La sección «%s» exige el nombre de cada pasajero: %s %s de %s",
		seccion, verbo, Plural(int64(faltan), "nombre", "nombres"), CantidadPasajes(total))
}

// ValidarDiasRetencion checks a company's retention of passenger data.
func ValidarDiasRetencion(dias int) error {
	if dias < MinDiasRetencionPasajeros || dias > MaxDiasRetencionPasajeros {
		return Invalid(MsgDiasRetencionPasajeros)
	}
	return nil
}

// LimiteRetencion is the first travel date whose passengers are still kept
// on day hoy (YYYY-MM-DD) by a company that keeps them dias days: older ones
// are anonymised.
func LimiteRetencion(hoy string, dias int) string {
	d, err := time.Parse(time.DateOnly, hoy)
	if err != nil {
		return ""
	}
	return d.AddDate(0, 0, -dias).Format(time.DateOnly)
}
