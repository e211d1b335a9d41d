package impresion

import (
	"fmt"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/code"
	"github.com/johnfercher/maroto/v2/pkg/components/image"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"
)

// pdfAncho and pdfAlto are the PDF ticket's page in millimetres: 80 mm paper,
// the default printer's (operaciones §9).
const (
	pdfAncho = 80
	pdfAlto  = 200
	// pdfAltoLogo is the height of the row of the company's logo, when the
	// company has one the PDF can embed (logoDeDatos).
	pdfAltoLogo = 18
)

// PDF renders one ticket as an 80 mm PDF page with its QR code, and the
// company's logo when it is an image embedded in logo_url.
func PDF(t Ticket) ([]byte, error) {
	cfg := config.NewBuilder().WithDimensions(pdfAncho, pdfAlto).WithLeftMargin(4).WithRightMargin(4).
		WithTopMargin(4).WithTitle("Pasaje "+t.NumeroPasaje, true).WithCreator("Muelle", true).Build()
	centro := props.Text{Align: align.Center, Size: 9}
	negrita := props.Text{Align: align.Center, Size: 12, Style: fontstyle.Bold}
	var rows []core.Row
	if logo, ok := logoDeDatos(t.LogoURL); ok {
		rows = append(rows, image.NewFromBytesRow(pdfAltoLogo, logo.datos, logo.ext, props.Rect{Center: true, Percent: 100}))
	}
	rows = append(rows, text.NewRow(7, t.Empresa, negrita), text.NewRow(6, "Pasaje "+t.NumeroPasaje, negrita))
	if t.Estado == "cancelado" {
		rows = append(rows, text.NewRow(6, "CANCELADO", negrita))
	}
	for _, f := range [][2]string{{"Cliente", t.Cliente}, {"Sección", t.Seccion}, {"Pasajero", t.TipoViaje},
		{"Fecha de viaje", t.FechaViaje}, {"Precio", t.Precio}, {"Medio de pago", t.MedioPago},
		{"Vendedor", t.Vendedor}, {"Venta", t.FechaVenta}} {
		rows = append(rows, row.New(5).Add(
			text.NewCol(5, f[0], props.Text{Size: 9, Style: fontstyle.Bold}),
			text.NewCol(7, f[1], props.Text{Size: 9, Align: align.Right})))
	}
	rows = append(rows, code.NewQrRow(55, t.CodigoQR, props.Rect{Center: true, Percent: 100}),
		text.NewRow(10, TextoLlegada, centro))
	m := maroto.New(cfg)
	m.AddRows(rows...)
	doc, err := m.Generate()
	if err != nil {
		return nil, fmt.Errorf("impresion: pdf: %w", err)
	}
	return doc.GetBytes(), nil
}
