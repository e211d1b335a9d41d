package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Routes with stops (issue 40 item 1; docs/features/salidas.md "Recorridos y
// paradas"). A section is a route: an ordered list of stops (piers), each at
// its minutes from the first. The section stays the unit the sale, the fares
// and the seats use.

// Bounds of a route's stops.
const (
	MinParadas          = 2
	MaxParadas          = 30
	MaxNombreParada     = 60
	MaxMinutosRecorrido = 24 * 60
)

// MinutosUltimaParadaPorDefecto are the minutes of the last stop of a route
// the server makes by itself (a new section, or an existing one at migration
// 52): an hour, until the company types the real ones.
const MinutosUltimaParadaPorDefecto = 60

// ParadaTerminal names the first stop of a route whose section's name is not
// two names joined by a dash ("Tigre – Tres Bocas").
const ParadaTerminal = "Terminal"

// ParadaDestino names the last stop when the section itself is named like
// the first one ("Terminal").
const ParadaDestino = "Destino"

// Parada is a stop of a route: its name and the minutes from the first stop.
type Parada struct {
	Nombre  string `json:"nombre"`
	Minutos int    `json:"minutos"`
}

// HoraParada is a stop of a departure or timetable row with its time of day
// (HH:MM, the company's; past midnight it wraps to 00:00 and on).
type HoraParada struct {
	Nombre string `json:"nombre"`
	Hora   string `json:"hora"`
}

// Messages of stops.
const (
	MsgParadasCantidad     = "El recorrido debe tener entre 2 y 30 paradas"
	MsgParadaNombre        = "Cada parada debe tener un nombre de hasta 60 caracteres"
	MsgParadaPrimera       = "La primera parada debe estar a 0 minutos"
	MsgParadasActualizadas = "Paradas actualizadas exitosamente"
)

// MsgParadaNombreInvalido refuses a stop's name with a control or invisible character.
func MsgParadaNombreInvalido(n int) string {
	return fmt.Sprintf("El nombre de la parada %d tiene caracteres no permitidos", n)
}

// MsgParadaRepetida refuses a name given twice in one route.
func MsgParadaRepetida(nombre string) string {
	return fmt.Sprintf("La parada «%s» está repetida en el recorrido", nombre)
}

// MsgParadaMinutos refuses minutes that do not grow or pass a day.
func MsgParadaMinutos(nombre string) string {
	return fmt.Sprintf("Los minutos de «%s» deben ser mayores que los de la parada anterior y no superar 1440 (24 horas)", nombre)
}

// NormalizarParadas trims the stops' names and checks a route: 2 to 30 stops,
// names of 1 to 60 characters without control or invisible characters,
// unique in the route whatever the case, the first at minute 0 and the
// minutes strictly increasing up to 24 hours.
func NormalizarParadas(ps []Parada) ([]Parada, error) {
	if len(ps) < MinParadas || len(ps) > MaxParadas {
		return nil, Invalid(MsgParadasCantidad)
	}
	out := make([]Parada, len(ps))
	vistos := make(map[string]bool, len(ps))
	for i, p := range ps {
		p.Nombre = strings.TrimSpace(p.Nombre)
		switch {
		case p.Nombre == "" || utf8.RuneCountInString(p.Nombre) > MaxNombreParada:
			return nil, Invalid(MsgParadaNombre)
		case !utf8.ValidString(p.Nombre) || strings.ContainsFunc(p.Nombre, controlOFormato):
			return nil, Invalid(MsgParadaNombreInvalido(i + 1))
		}
		clave := strings.ToLower(p.Nombre)
		if vistos[clave] {
			return nil, Invalid(MsgParadaRepetida(p.Nombre))
		}
		vistos[clave] = true
		switch {
		case i == 0 && p.Minutos != 0:
			return nil, Invalid(MsgParadaPrimera)
		case i > 0 && (p.Minutos <= out[i-1].Minutos || p.Minutos > MaxMinutosRecorrido):
			return nil, Invalid(MsgParadaMinutos(p.Nombre))
		}
		out[i] = p
	}
	return out, nil
}

// separadoresParada are the dashes that join a section's two names: an en
// dash or a hyphen, with a space on each side.
var separadoresParada = []string{" – ", " - "}

// ParadasIniciales are the two stops the server gives a section by itself
// (when it is created, and to every section at migration 52, whose SQL does
// the same): when the name is two names joined by one dash ("Tigre – Tres
// Bocas", "Tigre - Tres Bocas"), those two; else "Terminal" and the
// section's name ("Destino" when the section is itself named "Terminal").
// Names are cut to 60 characters; the last stop is at
// MinutosUltimaParadaPorDefecto.
func ParadasIniciales(seccion string) []Parada {
	seccion = strings.Trim(seccion, " ")
	n := 0
	for _, sep := range separadoresParada {
		n += strings.Count(seccion, sep)
	}
	if n == 1 {
		for _, sep := range separadoresParada {
			a, b, ok := strings.Cut(seccion, sep)
			a, b = strings.Trim(a, " "), strings.Trim(b, " ")
			if ok && a != "" && b != "" && utf8.RuneCountInString(a) <= MaxNombreParada &&
				utf8.RuneCountInString(b) <= MaxNombreParada && strings.ToLower(a) != strings.ToLower(b) {
				return []Parada{{Nombre: a}, {Nombre: b, Minutos: MinutosUltimaParadaPorDefecto}}
			}
		}
	}
	destino := strings.TrimRight(cortar(seccion, MaxNombreParada), " ")
	if strings.ToLower(destino) == strings.ToLower(ParadaTerminal) || destino == "" {
		destino = ParadaDestino
	}
	return []Parada{{Nombre: ParadaTerminal}, {Nombre: destino, Minutos: MinutosUltimaParadaPorDefecto}}
}

// cortar keeps the first n characters of s.
func cortar(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// HorasDeParadas are the stops of a departure (or timetable row) leaving at
// hora (HH:MM) in the direction sentido, with each one's time: 'ida' runs the
// route in order, at hora + minutos; 'vuelta' runs it backwards, at
// hora + (total − minutos), total being the last stop's minutes. Times past
// midnight wrap. A route without stops, or a bad hora, gives none.
func HorasDeParadas(hora, sentido string, ps []Parada) []HoraParada {
	t, err := time.Parse("15:04", hora)
	if err != nil || len(ps) == 0 {
		return nil
	}
	base := t.Hour()*60 + t.Minute()
	total := ps[len(ps)-1].Minutos
	out := make([]HoraParada, len(ps))
	for i := range ps {
		p, m := ps[i], ps[i].Minutos
		if sentido == SentidoVuelta {
			p = ps[len(ps)-1-i]
			m = total - p.Minutos
		}
		min := (base + m) % (24 * 60)
		out[i] = HoraParada{Nombre: p.Nombre, Hora: fmt.Sprintf("%02d:%02d", min/60, min%60)}
	}
	return out
}

// controlOFormato reports a control or format character, which no name or
// reference typed by hand may hold.
func controlOFormato(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }
