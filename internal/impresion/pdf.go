package impresion

import (
	"fmt"
	"math"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/image"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/extension"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"
	"github.com/skip2/go-qrcode"

	"muelle/internal/domain"
)

// The PDF ticket in millimetres: 80 mm paper, the default printer's
// (operaciones §9), a page as tall as what is printed on it.
const (
	pdfAncho  = 80
	pdfMargen = 4
	// pdfAltoMaximo bounds the page of a ticket whose texts are very long
	// (beyond it, a second page).
	pdfAltoMaximo = 400
	// pdfAltoLogo is the height of the row of the company's logo, when the
	// company has one the PDF can embed (logoDeDatos).
	pdfAltoLogo = 18
	// pdfLadoQR is the side of the QR code's image, its quiet zone included.
	pdfLadoQR = 56
	// pdfPixelesPorModulo: each module of the QR code is a square of this
	// many pixels of the image, so that a printer scales it without blur.
	pdfPixelesPorModulo = 8
)

// PDF renders one ticket as an 80 mm PDF page, as tall as its content, with
// its QR code (and its quiet zone of 4 modules) and the company's logo when it
// is an image embedded in logo_url.
func PDF(t Ticket) ([]byte, error) {
	qr, err := qrPDF(t.CodigoQR)
	if err != nil {
		return nil, err
	}
	centro := props.Text{Align: align.Center, Size: 9, Top: 1}
	negrita := props.Text{Align: align.Center, Size: 12, Style: fontstyle.Bold, Top: 1}
	var rows []core.Row
	if logo, ok := logoDeDatos(t.LogoURL); ok {
		rows = append(rows, image.NewFromBytesRow(pdfAltoLogo, logo.datos, logo.ext, props.Rect{Center: true, Percent: 100}))
	}
	rows = append(rows, text.NewAutoRow(t.Empresa, negrita), text.NewAutoRow("Pasaje "+t.NumeroPasaje, negrita))
	if t.Estado == "cancelado" {
		rows = append(rows, text.NewAutoRow("CANCELADO", negrita))
	}
	if t.Duplicado() {
		rows = append(rows, text.NewAutoRow(domain.MarcaDuplicado, negrita))
		if l := t.LeyendaDuplicado(); l != "" {
			rows = append(rows, text.NewAutoRow(l, negrita))
		}
	}
	rows = append(rows, row.New(2).Add(col.New()))
	for _, f := range t.Datos() {
		rows = append(rows, row.New().Add(
			text.NewCol(5, f[0], props.Text{Size: 9, Style: fontstyle.Bold, Top: 1}),
			text.NewCol(7, f[1], props.Text{Size: 9, Align: align.Right, Top: 1})))
	}
	// The QR image carries its own quiet zone, kept clear of the texts' descenders above it.
	rows = append(rows, row.New(2).Add(col.New()), image.NewFromBytesRow(pdfLadoQR, qr, extension.Png, props.Rect{Center: true, Percent: 100}),
		text.NewAutoRow(TextoLlegada, centro))

	m := maroto.New(configPDF(altoDeLaPagina(rows)).WithTitle("Pasaje "+t.NumeroPasaje, true).WithCreator("Muelle", true).Build())
	m.AddRows(rows...)
	doc, err := m.Generate()
	if err != nil {
		return nil, fmt.Errorf("impresion: pdf: %w", err)
	}
	return doc.GetBytes(), nil
}

// configPDF is the ticket's page, alto millimetres tall. Maroto makes the
// pages: the PDF library's own page break (at the bottom margin) is off.
func configPDF(alto float64) config.Builder {
	return config.NewBuilder().WithDimensions(pdfAncho, alto).WithLeftMargin(pdfMargen).WithRightMargin(pdfMargen).
		WithTopMargin(pdfMargen).WithBottomMargin(pdfMargen).WithDisableAutoPageBreak(true)
}

// altoDeLaPagina is the height of a page that holds rows and its margins, in
// millimetres rounded up to a tenth, at most pdfAltoMaximo. Rows of automatic
// height (texts that may wrap) are measured by laying them out once on a page
// of the maximum height: a row keeps the height it was laid out with.
func altoDeLaPagina(rows []core.Row) float64 {
	maroto.New(configPDF(pdfAltoMaximo).Build()).AddRows(rows...)
	alto := 2.0 * pdfMargen
	for _, r := range rows {
		alto += r.GetHeight(nil, nil) // the height of its layout above
	}
	return min(math.Ceil(alto*10)/10, pdfAltoMaximo)
}

// qrPDF is the QR code of a ticket's code as a PNG whose modules are squares of
// pdfPixelesPorModulo pixels, inside a white quiet zone of 4 modules.
func qrPDF(codigo string) ([]byte, error) {
	q, err := qrcode.New(codigo, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("impresion: código QR: %w", err)
	}
	q.DisableBorder = false // the quiet zone: 4 modules on each side
	png, err := q.PNG(-pdfPixelesPorModulo)
	if err != nil {
		return nil, fmt.Errorf("impresion: código QR: %w", err)
	}
	return png, nil
}
