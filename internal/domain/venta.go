package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode"
)

// Ticket states (operaciones §4).
const (
	PasajeActivo    = "activo"
	PasajeCancelado = "cancelado"
	PasajeUsado     = "usado"
)

// Sale limits and messages (operaciones §5, §9).
const (
	MaxPorTipo           = 50
	ClienteAnonimo       = "Cliente Anónimo"
	MsgSeccion           = "Debe seleccionar una sección"
	MsgAlMenosUnPasajero = "Debe agregar al menos un pasajero"
	MsgMedioPago         = "Debe seleccionar un medio de pago"
	MsgFechaViaje        = "Debe seleccionar una fecha de viaje"
	MsgFechaPasada       = "La fecha de viaje no puede ser anterior a hoy"
	MsgCantidadPorTipo   = "La cantidad por tipo de pasajero debe estar entre 1 y 50"

	// MaxLineasPorVenta and MaxPasajesPorVenta bound one sale (one transaction).
	MaxLineasPorVenta  = 20
	MaxPasajesPorVenta = 200
	MsgLineasPorVenta  = "Una venta admite como máximo 20 líneas"
	MsgPasajesPorVenta = "Una venta admite como máximo 200 pasajes"

	// DiasVentaAnticipadaDefault is how far ahead a company sells unless it
	// says otherwise (empresas.dias_venta_anticipada).
	DiasVentaAnticipadaDefault = 365
)

// Plazo is the range of travel dates on sale: from today to Hasta (YYYY-MM-DD).
type Plazo struct {
	Hoy, Hasta string
}

// PlazoVenta is the range on sale from hoy (YYYY-MM-DD) to dias days ahead.
func PlazoVenta(hoy string, dias int) Plazo {
	d, err := time.Parse(time.DateOnly, hoy)
	if err != nil {
		return Plazo{Hoy: hoy, Hasta: hoy}
	}
	return Plazo{Hoy: hoy, Hasta: d.AddDate(0, 0, max(dias, 0)).Format(time.DateOnly)}
}

// LineaVenta is a passenger type and how many tickets of it.
type LineaVenta struct {
	TipoViajeID int64 `json:"tipo_viaje_id"`
	Cantidad    int   `json:"cantidad"`
}

// ValidarVenta checks a sale's shape in the spec's order, returning the first
// failure. The 50-per-type limit applies to the sum of the lines of one type;
// a sale has at most MaxLineasPorVenta lines and MaxPasajesPorVenta tickets;
// the travel date lies within plazo.
func ValidarVenta(seccionID, medioPagoID int64, fechaViaje string, plazo Plazo, lineas []LineaVenta) error {
	if seccionID <= 0 {
		return Invalid(MsgSeccion)
	}
	if err := validarLineas(lineas); err != nil {
		return err
	}
	if medioPagoID <= 0 {
		return Invalid(MsgMedioPago)
	}
	return validarFechaViaje(fechaViaje, plazo)
}

// validarLineas checks the quantities: per line, per type summed over lines, per sale.
func validarLineas(lineas []LineaVenta) error {
	if len(lineas) > MaxLineasPorVenta {
		return Invalid(MsgLineasPorVenta)
	}
	porTipo, total := map[int64]int{}, 0
	for _, l := range lineas {
		if l.TipoViajeID <= 0 || l.Cantidad < 1 || l.Cantidad > MaxPorTipo {
			return Invalid(MsgCantidadPorTipo)
		}
		porTipo[l.TipoViajeID] += l.Cantidad
		if porTipo[l.TipoViajeID] > MaxPorTipo {
			return Invalid(MsgCantidadPorTipo)
		}
		total += l.Cantidad
	}
	if total == 0 {
		return Invalid(MsgAlMenosUnPasajero)
	}
	if total > MaxPasajesPorVenta {
		return Invalid(MsgPasajesPorVenta)
	}
	return nil
}

// validarFechaViaje checks a travel date YYYY-MM-DD within plazo.
func validarFechaViaje(fechaViaje string, plazo Plazo) error {
	if strings.TrimSpace(fechaViaje) == "" {
		return Invalid(MsgFechaViaje)
	}
	if _, err := time.Parse(time.DateOnly, fechaViaje); err != nil {
		return Invalid("La fecha de viaje debe tener el formato AAAA-MM-DD")
	}
	if fechaViaje < plazo.Hoy {
		return Invalid(MsgFechaPasada)
	}
	if fechaViaje > plazo.Hasta {
		hasta, _ := time.Parse(time.DateOnly, plazo.Hasta)
		return Invalid(fmt.Sprintf("La fecha de viaje no puede ser posterior al %s", hasta.Format("02/01/2006")))
	}
	return nil
}

// NombreCliente defaults an empty client name to 'Cliente Anónimo'.
func NombreCliente(nombre string) string {
	if n := NombreDado(nombre); n != "" {
		return n
	}
	return ClienteAnonimo
}

// NombreDado is the name a sale was given, trimmed: empty when none was, and
// when it is the placeholder 'Cliente Anónimo' in any case or accents (what
// an older web sent for an empty field), so a sale with a known document still
// takes its customer's name.
func NombreDado(nombre string) string {
	n := strings.TrimSpace(nombre)
	if NormalizarBusqueda(n) == NormalizarBusqueda(ClienteAnonimo) {
		return ""
	}
	return n
}

// NumeroPasaje builds a ticket number unique in its company: prefix, sale date
// and the company's sequence (e.g. LD-20261122-000042).
func NumeroPasaje(prefijo, fechaVenta string, secuencia int64) string {
	return fmt.Sprintf("%s-%s-%06d", prefijo, strings.ReplaceAll(fechaVenta, "-", ""), secuencia)
}

// NumeroPasajeEscrito reads a ticket number typed by hand into the form
// NumeroPasaje writes, so that 'ld20261122000042', 'LD 20261122 000042' and
// 'LD-20261122-000042' find the same ticket: in capitals, and when the text
// without spaces and dashes is a prefix, a sale date (YYYYMMDD, from 2000) and a
// sequence of 6 digits (or more, without a leading zero), with the dashes
// where NumeroPasaje puts them. Anything else comes back in capitals as typed.
func NumeroPasajeEscrito(texto string) string {
	escrito := strings.ToUpper(strings.TrimSpace(texto))
	junto := strings.Map(func(r rune) rune {
		if r == '-' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, escrito)
	digitos := 0 // how many digits end the text
	for digitos < len(junto) && junto[len(junto)-digitos-1] >= '0' && junto[len(junto)-digitos-1] <= '9' {
		digitos++
	}
	for largo := 6; largo+8 <= digitos; largo++ {
		finFecha := len(junto) - largo
		prefijo, fecha, secuencia := junto[:finFecha-8], junto[finFecha-8:finFecha], junto[finFecha:]
		if prefijo == "" || (largo > 6 && secuencia[0] == '0') {
			continue
		}
		// A sale date is of this millennium: a date of the year 0261 is a split too far to the right.
		if d, err := time.Parse("20060102", fecha); err == nil && d.Year() >= 2000 {
			return prefijo + "-" + fecha + "-" + secuencia
		}
	}
	return escrito
}

// PrefijoEmpresa is the initials of the company's first two words (at most), in capitals.
func PrefijoEmpresa(nombre string) string {
	var b strings.Builder
	for _, w := range strings.Fields(nombre) {
		if len([]rune(w)) < 3 { // skip "del", "de", "la"
			continue
		}
		b.WriteRune([]rune(strings.ToUpper(w))[0])
		if b.Len() >= 2 {
			break
		}
	}
	if b.Len() == 0 {
		return "P"
	}
	return b.String()
}

// CantidadPasajes names a count of tickets in the right number: "1 pasaje", "3 pasajes".
func CantidadPasajes(n int) string {
	if n == 1 {
		return "1 pasaje"
	}
	return fmt.Sprintf("%d pasajes", n)
}

// VentaGrande is when a sale is well above the usual and the counter asks for one
// confirmation before sending it (a stray Enter must not sell 20 tickets).
type VentaGrande struct {
	// MasDePasajes: a sale of more than this many tickets asks.
	MasDePasajes int
	// MontoMayorA: a sale whose total is above this asks.
	MontoMayorA Centavos
}

// VentaGrandePorDefecto is the threshold of a company that set none: more than 10
// tickets or more than $ 100.000,00.
var VentaGrandePorDefecto = VentaGrande{MasDePasajes: 10, MontoMayorA: 100_000_00}

// PideConfirmacion tells whether a sale of pasajes tickets for total needs the extra confirmation.
func (v VentaGrande) PideConfirmacion(pasajes int, total Centavos) bool {
	return pasajes > v.MasDePasajes || total > v.MontoMayorA
}

// TotalPasajes is how many tickets the lines make.
func TotalPasajes(lineas []LineaVenta) int {
	n := 0
	for _, l := range lineas {
		n += l.Cantidad
	}
	return n
}
