package export

import (
	"archive/zip"
	"errors"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Number formats of the XLSX cells: a spreadsheet shows them with the reader's
// own separators (es-AR: 1.500,50) and sums the values behind them.
const (
	formatoMoneda = `"$ "#,##0.00;-"$ "#,##0.00`
	formatoFecha  = "dd/mm/yyyy"
	// formatoFechaHora is a day as formatoFecha, with its time.
	formatoFechaHora = "dd/mm/yyyy hh:mm"
	formatoEntero    = "#,##0"
)

// maxNombreHoja is the longest sheet name a spreadsheet accepts.
const maxNombreHoja = 31

// XLSXEncoder writes a table as one sheet of an .xlsx workbook: the header row
// in bold and frozen, then one row per Encode with typed cells (text as text,
// never a formula; an amount as a number in pesos with a money format; a count
// as an integer; a day as a date). Rows are streamed by excelize's
// StreamWriter, which keeps at most its chunk in memory and spills the rest to
// a temporary file; Close zips the workbook straight onto w and removes that
// file.
type XLSXEncoder struct {
	w       io.Writer
	file    *excelize.File
	sheet   *excelize.StreamWriter
	estilos estilosXLSX
	fila    int
	valores []any
	err     error
}

type estilosXLSX struct{ encabezado, moneda, fecha, fechaHora, entero int }

var _ Encoder = (*XLSXEncoder)(nil)

// NewXLSXEncoder starts a workbook of t, to be written on w by Close. The
// sheet is named after t.Title (cut to 31 characters, without the characters
// a sheet name cannot hold).
func NewXLSXEncoder(w io.Writer, t Table) *XLSXEncoder {
	e := &XLSXEncoder{w: w, file: excelize.NewFile(), fila: 1, valores: make([]any, 0, len(t.Columns))}
	// excelize builds the zip in a buffer of its own and copies it to w; its zip
	// writer is made on w instead, so the workbook is never whole in memory (the
	// buffer stays empty; it only matters for entries past 4 GB, never ours).
	e.file.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	nombre := NombreHoja(t.Title)
	if e.err = e.file.SetSheetName("Sheet1", nombre); e.err != nil {
		return e
	}
	if e.estilos, e.err = crearEstilos(e.file); e.err != nil {
		return e
	}
	if e.sheet, e.err = e.file.NewStreamWriter(nombre); e.err != nil {
		return e
	}
	if e.err = e.sheet.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); e.err != nil {
		return e
	}
	if len(t.Columns) > 0 {
		e.err = e.sheet.SetColWidth(1, len(t.Columns), 18)
	}
	for _, c := range t.Columns {
		e.valores = append(e.valores, excelize.Cell{StyleID: e.estilos.encabezado, Value: c})
	}
	e.escribirFila()
	return e
}

func crearEstilos(f *excelize.File) (estilosXLSX, error) {
	var s estilosXLSX
	var err error
	formatos := []struct {
		id    *int
		style excelize.Style
	}{
		{&s.encabezado, excelize.Style{Font: &excelize.Font{Bold: true}}},
		{&s.moneda, excelize.Style{CustomNumFmt: ptr(formatoMoneda)}},
		{&s.fecha, excelize.Style{CustomNumFmt: ptr(formatoFecha)}},
		{&s.fechaHora, excelize.Style{CustomNumFmt: ptr(formatoFechaHora)}},
		{&s.entero, excelize.Style{CustomNumFmt: ptr(formatoEntero)}},
	}
	for _, fm := range formatos {
		if *fm.id, err = f.NewStyle(&fm.style); err != nil {
			return s, err
		}
	}
	return s, nil
}

func ptr[T any](v T) *T { return &v }

// Encode writes one row.
func (e *XLSXEncoder) Encode(row []Cell) error {
	if e.err != nil {
		return e.err
	}
	e.valores = e.valores[:0]
	for _, c := range row {
		e.valores = append(e.valores, e.valor(c))
	}
	e.escribirFila()
	return e.err
}

// valor is the typed value of c with its number format.
func (e *XLSXEncoder) valor(c Cell) excelize.Cell {
	switch c.Kind {
	case KindMoney:
		return excelize.Cell{StyleID: e.estilos.moneda, Value: float64(c.Money) / 100}
	case KindNumber:
		return excelize.Cell{StyleID: e.estilos.entero, Value: c.Number}
	case KindDate:
		return excelize.Cell{StyleID: e.estilos.fecha, Value: c.Date}
	case KindDateTime:
		return excelize.Cell{StyleID: e.estilos.fechaHora, Value: c.Date}
	default:
		return excelize.Cell{Value: c.Text}
	}
}

func (e *XLSXEncoder) escribirFila() {
	if e.err != nil {
		return
	}
	celda, err := excelize.CoordinatesToCellName(1, e.fila)
	if err != nil {
		e.err = err
		return
	}
	e.err = e.sheet.SetRow(celda, e.valores)
	e.fila++
}

// Close ends the sheet and writes the workbook to w. The file is complete once
// it returns nil; the temporary file is removed either way, and the encoder
// refuses any later row.
func (e *XLSXEncoder) Close() error {
	err := e.err
	if err == nil {
		err = e.sheet.Flush()
	}
	if err == nil {
		err = e.file.Write(e.w)
	}
	if cerr := e.file.Close(); err == nil {
		err = cerr
	}
	e.err = errCerrado
	if err != nil {
		e.err = err
	}
	return err
}

// errCerrado is what a row written after Close gets.
var errCerrado = errors.New("export: el archivo ya se cerró")

// NombreHoja is title as a sheet name: without the characters a sheet name
// cannot hold (: \ / ? * [ ]), at most 31 characters, "Hoja1" when empty.
func NombreHoja(title string) string {
	nombre := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) || r < ' ' {
			return ' '
		}
		return r
	}, title)
	nombre = strings.TrimSpace(strings.Trim(nombre, "'"))
	if r := []rune(nombre); len(r) > maxNombreHoja {
		nombre = strings.TrimSpace(string(r[:maxNombreHoja]))
	}
	if nombre == "" {
		return "Hoja1"
	}
	return nombre
}
