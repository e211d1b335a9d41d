// Package impresion renders tickets for people: printable HTML for label and
// page printers, a PDF and the QR code as a PNG (exports of lists are
// internal/export's). It knows nothing of HTTP or SQL: callers hand it a Ticket.
package impresion

import (
	"encoding/base64"
	"fmt"
	"time"

	"github.com/skip2/go-qrcode"

	"muelle/internal/domain"
)

// TextoLlegada is the ticket's notice to passengers (operaciones §9).
const TextoLlegada = "Por favor, preséntese 30 minutos antes de la salida."

// Ticket is one ticket as it is printed: every field already in the words a
// passenger reads.
type Ticket struct {
	Empresa      string
	LogoURL      string
	NumeroPasaje string
	Cliente      string
	Seccion      string
	TipoViaje    string
	FechaViaje   string // dd/mm/aaaa
	Precio       string // $ 1.500,00
	MedioPago    string
	Vendedor     string
	FechaVenta   string // dd/mm/aaaa hh:mm in the company's time zone
	Estado       string
	CodigoQR     string
	// Salida is the departure it was sold for (domain.SalidaPasaje; the zero
	// value: sold for the day, nothing printed).
	Salida domain.SalidaPasaje
	// Referencia is the payment's reference as reports print it
	// (domain.Referencia.Texto: "•••• 4242 · Aut. A1B2C3"), "" when none.
	Referencia string
	// Impresion is the print this is (domain.LeyendaDuplicado): 0 or 1 the
	// original, N ≥ 2 'DUPLICADO' and 'Duplicado N', a negative number a copy
	// of a ticket already printed that is no print of its own: 'DUPLICADO'
	// alone.
	Impresion int
}

// Datos are the ticket's facts as printed, label and value, in order: the
// payment's reference under its method only when the sale recorded one.
func (t Ticket) Datos() [][2]string {
	datos := [][2]string{{"Cliente", t.Cliente}, {"Sección", t.Seccion}, {"Pasajero", t.TipoViaje},
		{"Fecha de viaje", t.FechaViaje}}
	if s := t.Salida; s.SalidaID != 0 {
		datos = append(datos, [2]string{"Salida", s.Hora})
		if s.Embarcacion != "" {
			datos = append(datos, [2]string{"Embarcación", s.Embarcacion})
		}
		if s.ParadaEmbarque != "" {
			datos = append(datos, [2]string{"Embarque", s.ParadaEmbarque})
		}
	}
	datos = append(datos, [2]string{"Precio", t.Precio}, [2]string{"Medio de pago", t.MedioPago})
	if t.Referencia != "" {
		datos = append(datos, [2]string{"Referencia", t.Referencia})
	}
	return append(datos, [2]string{"Vendedor", t.Vendedor}, [2]string{"Venta", t.FechaVenta})
}

// Duplicado is whether t is printed as a duplicate.
func (t Ticket) Duplicado() bool { return t.Impresion < 0 || domain.EsDuplicado(t.Impresion) }

// LeyendaDuplicado is the line under DUPLICADO: 'Duplicado N', or "".
func (t Ticket) LeyendaDuplicado() string { return domain.LeyendaDuplicado(t.Impresion) }

// TicketDe builds a printed ticket from the raw values; loc is the company's time zone.
func TicketDe(numero, cliente, seccion, tipoViaje, fechaViaje string, precio domain.Centavos, medio, vendedor string,
	venta time.Time, estado, codigo string, loc *time.Location) Ticket {
	return Ticket{NumeroPasaje: numero, Cliente: cliente, Seccion: seccion, TipoViaje: tipoViaje,
		FechaViaje: domain.FechaAR(fechaViaje), Precio: precio.String(), MedioPago: medio, Vendedor: vendedor,
		FechaVenta: venta.In(loc).Format("02/01/2006 15:04"), Estado: estado, CodigoQR: codigo}
}

// QRPNG is the QR code of a ticket's code as a PNG of size×size pixels, with
// medium error correction (a crumpled label still scans).
func QRPNG(codigo string, size int) ([]byte, error) {
	png, err := qrcode.Encode(codigo, qrcode.Medium, size)
	if err != nil {
		return nil, fmt.Errorf("impresion: código QR: %w", err)
	}
	return png, nil
}

// qrDataURL is the QR code as a data: URL for an <img>.
func qrDataURL(codigo string) (string, error) {
	png, err := QRPNG(codigo, 320)
	if err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), nil
}
