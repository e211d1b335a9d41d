package export

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/image"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/extension"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/orientation"
	"github.com/johnfercher/maroto/v2/pkg/consts/pagesize"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"
)

// PDFHeading is what a report's PDF states above its table: who (the company
// and its logo) and what (the period, the date basis, the key figures), as
// label and value pairs in the order given.
type PDFHeading struct {
	Company string
	// Logo is a PNG or JPEG image (LogoPNG says which), or nil.
	Logo    []byte
	LogoPNG bool
	Facts   []Fact
	// Signatures are the places to sign below the table, each named by who
	// signs ("Firma del patrón"): a line, the name and "Aclaración".
	Signatures []string
}

// Fact is one line of a PDF's heading: "Período", "01/11/2026 al 30/11/2026".
type Fact struct{ Label, Value string }

// The report's page, in millimetres and points.
const (
	pdfMargenReporte = 10
	pdfAltoLogo      = 16
	pdfLetraTabla    = 8
	// pdfColumnasVertical: a table of more columns goes on a landscape page.
	pdfColumnasVertical = 6
	// pdfGrilla is the page's grid: a column spans a share of it (anchosDeColumnas).
	pdfGrilla       = 120
	pdfPatronPagina = "Página {current} de {total}"
)

// PDFEncoder writes a table as an A4 PDF: the heading (logo, company, the
// table's title and the facts) on the first page, the column headers on top
// of every page, the rows below (a long text wraps in its cell, an amount is
// aligned right) and "Página n de m" at the foot of each page.
//
// A PDF is laid out in memory and written by Close, so unlike CSV and XLSX its
// memory grows with its rows: a handler bounds the rows of a PDF export.
type PDFEncoder struct {
	w        io.Writer
	doc      core.Maroto
	columnas []string
	// anchos are the columns' spans of the grid, set by the first row.
	anchos   []int
	conTabla bool
	firmas   []string
	err      error
}

var _ Encoder = (*PDFEncoder)(nil)

// NewPDFEncoder starts the PDF of t under h, to be written on w by Close.
func NewPDFEncoder(w io.Writer, t Table, h PDFHeading) *PDFEncoder {
	orientacion := orientation.Vertical
	if len(t.Columns) > pdfColumnasVertical {
		orientacion = orientation.Horizontal
	}
	cfg := config.NewBuilder().WithPageSize(pagesize.A4).WithOrientation(orientacion).
		WithLeftMargin(pdfMargenReporte).WithRightMargin(pdfMargenReporte).WithTopMargin(pdfMargenReporte).
		WithBottomMargin(pdfMargenReporte).WithMaxGridSize(pdfGrilla).
		WithPageNumber(props.PageNumber{Pattern: pdfPatronPagina, Place: props.RightBottom, Size: 8}).
		WithTitle(t.Title, true).WithCreator("Muelle", true).Build()
	e := &PDFEncoder{w: w, doc: maroto.New(cfg), columnas: t.Columns, firmas: h.Signatures}
	e.doc.AddRows(encabezadoPDF(t.Title, h, pdfGrilla)...)
	return e
}

// encabezadoPDF is the heading's rows, each as wide as the grid.
func encabezadoPDF(titulo string, h PDFHeading, grilla int) []core.Row {
	var rows []core.Row
	if len(h.Logo) > 0 {
		ext := extension.Jpg
		if h.LogoPNG {
			ext = extension.Png
		}
		rows = append(rows, image.NewFromBytesRow(pdfAltoLogo, h.Logo, ext, props.Rect{Percent: 100}))
	}
	rows = append(rows,
		text.NewAutoRow(h.Company, props.Text{Size: 14, Style: fontstyle.Bold, Top: 1}),
		text.NewAutoRow(titulo, props.Text{Size: 12, Style: fontstyle.Bold, Top: 1}))
	etiqueta := max(1, grilla/3)
	for _, f := range h.Facts {
		rows = append(rows, row.New().Add(
			text.NewCol(etiqueta, f.Label, props.Text{Size: 9, Style: fontstyle.Bold, Top: 1}),
			text.NewCol(max(1, grilla-etiqueta), f.Value, props.Text{Size: 9, Top: 1})))
	}
	return append(rows, row.New(4).Add(col.New(grilla)))
}

// Encode adds one row to the table.
func (e *PDFEncoder) Encode(row []Cell) error {
	if e.err != nil {
		return e.err
	}
	e.empezarTabla(row)
	e.doc.AddRows(e.fila(row))
	return e.err
}

// empezarTabla puts the column headers under the heading, and on top of every
// later page (maroto repeats its header rows on each new page). A column is
// aligned as its cells in row, the first: an amount or a count to the right.
func (e *PDFEncoder) empezarTabla(row []Cell) {
	if e.conTabla {
		return
	}
	e.conTabla = true
	e.anchos = anchosDeColumnas(e.columnas, row)
	cols := make([]core.Col, len(e.columnas))
	for i, c := range e.columnas {
		estilo := props.Text{Size: pdfLetraTabla, Style: fontstyle.Bold, Top: 1, Bottom: 1, Left: 1, Right: 1}
		if i < len(row) {
			estilo.Align = alineacion(row[i].Kind)
		}
		cols[i] = text.NewCol(e.anchos[i], c, estilo)
	}
	e.err = e.doc.RegisterHeader(conFondo(filaDe(cols), &props.Color{Red: 225, Green: 232, Blue: 240}))
}

// fila is the PDF row of one row of cells.
func (e *PDFEncoder) fila(celdas []Cell) core.Row {
	cols := make([]core.Col, len(e.columnas))
	for i := range e.columnas {
		var c Cell
		if i < len(celdas) {
			c = celdas[i]
		}
		cols[i] = text.NewCol(e.anchos[i], c.Text, props.Text{Size: pdfLetraTabla, Align: alineacion(c.Kind), Top: 1, Bottom: 1, Left: 1, Right: 1})
	}
	return filaDe(cols)
}

// anchosDeColumnas shares the grid among the columns by what they hold: a
// column's weight is its longest word, in its header or in the first row (a
// word never wraps, so a ticket number or a date needs its whole length; a
// name wraps at its spaces), at least pdfPesoMinimo and at most pdfPesoMaximo.
// Every column spans at least one unit of the grid.
func anchosDeColumnas(columnas []string, primera []Cell) []int {
	pesos, suma := make([]int, len(columnas)), 0
	for i, c := range columnas {
		peso := palabraMasLarga(c)
		if i < len(primera) {
			peso = max(peso, palabraMasLarga(primera[i].Text))
		}
		pesos[i] = min(max(peso, pdfPesoMinimo), pdfPesoMaximo)
		suma += pesos[i]
	}
	anchos, libre := make([]int, len(columnas)), pdfGrilla
	for i, p := range pesos {
		anchos[i] = max(1, p*pdfGrilla/max(1, suma))
		libre -= anchos[i]
	}
	for i := 0; libre > 0 && len(anchos) > 0; i = (i + 1) % len(anchos) { // the rounding's remainder, one unit each
		anchos[i]++
		libre--
	}
	return anchos
}

// The bounds of a column's weight, in characters.
const (
	pdfPesoMinimo = 6
	pdfPesoMaximo = 24
)

func palabraMasLarga(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		n = max(n, utf8.RuneCountInString(w))
	}
	return n
}

// filaDe is a row of automatic height (the tallest wrapped cell) of cols.
func filaDe(cols []core.Col) core.Row { return row.New().Add(cols...) }

func conFondo(r core.Row, color *props.Color) core.Row {
	return r.WithStyle(&props.Cell{BackgroundColor: color})
}

func alineacion(k Kind) align.Type {
	if k == KindMoney || k == KindNumber {
		return align.Right
	}
	return align.Left
}

// Close lays out the pages and writes the PDF to w. A PDF without rows still
// has its heading and column headers.
func (e *PDFEncoder) Close() error {
	err := e.err
	if err == nil {
		e.empezarTabla(nil)
		err = e.err
	}
	if err == nil {
		e.doc.AddRows(firmasPDF(e.firmas, pdfGrilla)...)
		var doc core.Document
		if doc, err = e.doc.Generate(); err == nil {
			_, err = e.w.Write(doc.GetBytes())
		}
	}
	e.err = errCerrado
	if err != nil {
		e.err = err
	}
	return err
}

// firmasPDF are the rows of the places to sign below the table: for each, a
// blank space, a line and who signs, and beside it the line of "Aclaración".
func firmasPDF(firmas []string, grilla int) []core.Row {
	var rows []core.Row
	mitad := grilla / 2
	for _, f := range firmas {
		rows = append(rows, row.New(14).Add(col.New(grilla)),
			row.New().Add(
				text.NewCol(mitad, "______________________________", props.Text{Size: 9}),
				text.NewCol(grilla-mitad, "______________________________", props.Text{Size: 9})),
			row.New().Add(
				text.NewCol(mitad, f, props.Text{Size: 9, Style: fontstyle.Bold}),
				text.NewCol(grilla-mitad, "Aclaración", props.Text{Size: 9})))
	}
	return rows
}
