package domain

import (
	"fmt"
	"strings"
	"time"
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
)

// LineaVenta is a passenger type and how many tickets of it.
type LineaVenta struct {
	TipoViajeID int64 `json:"tipo_viaje_id"`
	Cantidad    int   `json:"cantidad"`
}

// ValidarVenta checks a sale's shape in the spec's order, returning the first failure.
// hoy is today's date (YYYY-MM-DD) in the company's time zone.
func ValidarVenta(seccionID, medioPagoID int64, fechaViaje, hoy string, lineas []LineaVenta) error {
	if seccionID <= 0 {
		return Invalid(MsgSeccion)
	}
	total := 0
	for _, l := range lineas {
		if l.TipoViajeID <= 0 || l.Cantidad < 1 || l.Cantidad > MaxPorTipo {
			return Invalid(MsgCantidadPorTipo)
		}
		total += l.Cantidad
	}
	if total == 0 {
		return Invalid(MsgAlMenosUnPasajero)
	}
	if medioPagoID <= 0 {
		return Invalid(MsgMedioPago)
	}
	if strings.TrimSpace(fechaViaje) == "" {
		return Invalid(MsgFechaViaje)
	}
	if _, err := time.Parse(time.DateOnly, fechaViaje); err != nil {
		return Invalid("La fecha de viaje debe tener el formato AAAA-MM-DD")
	}
	if fechaViaje < hoy {
		return Invalid(MsgFechaPasada)
	}
	return nil
}

// NombreCliente defaults an empty client name to 'Cliente Anónimo'.
func NombreCliente(nombre string) string {
	if n := strings.TrimSpace(nombre); n != "" {
		return n
	}
	return ClienteAnonimo
}

// NumeroPasaje builds a ticket number unique in its company: prefix, sale date
// and the company's sequence (e.g. LD-20261122-000042).
func NumeroPasaje(prefijo, fechaVenta string, secuencia int64) string {
	return fmt.Sprintf("%s-%s-%06d", prefijo, strings.ReplaceAll(fechaVenta, "-", ""), secuencia)
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
