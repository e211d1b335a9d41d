package export

import (
	"encoding/csv"
	"io"
	"strings"
)

// bom makes spreadsheet programs read the file as UTF-8.
const bom = "\uFEFF"

// CSVEncoder writes a table as a CSV for spreadsheets in es-AR: a UTF-8 BOM,
// the header, then one line per row, separated by semicolons (the comma is the
// decimal separator), lines ended by CRLF, quoted where a cell holds a
// semicolon, a quote or a line break. A text cell that a spreadsheet would run
// as a formula is neutralised (GuardFormula). Rows go out as the buffer of
// encoding/csv fills: memory stays that buffer and one row.
type CSVEncoder struct {
	cw    *csv.Writer
	cells []string
	err   error
}

var _ Encoder = (*CSVEncoder)(nil)

// NewCSVEncoder starts a CSV of t on w: the BOM and the header (not guarded:
// they are ours) are written first.
func NewCSVEncoder(w io.Writer, t Table) *CSVEncoder {
	e := &CSVEncoder{cells: make([]string, 0, len(t.Columns))}
	if _, e.err = io.WriteString(w, bom); e.err != nil {
		return e
	}
	e.cw = csv.NewWriter(w)
	e.cw.Comma = ';'
	e.cw.UseCRLF = true
	e.err = e.cw.Write(t.Columns)
	return e
}

// Encode writes one row.
func (e *CSVEncoder) Encode(row []Cell) error {
	if e.err != nil {
		return e.err
	}
	e.cells = e.cells[:0]
	for _, c := range row {
		if c.Kind == KindText {
			e.cells = append(e.cells, GuardFormula(c.Text))
		} else {
			e.cells = append(e.cells, c.Text)
		}
	}
	e.err = e.cw.Write(e.cells)
	return e.err
}

// Close writes what is still buffered. The file is complete once it returns nil.
func (e *CSVEncoder) Close() error {
	if e.err != nil {
		return e.err
	}
	e.cw.Flush()
	e.err = e.cw.Error()
	return e.err
}

// GuardFormula prefixes an apostrophe to a cell that starts with = + - @, a
// tab or a carriage return, so that a spreadsheet shows it as text instead of
// running it as a formula (CSV injection).
func GuardFormula(celda string) string {
	if celda != "" && strings.ContainsRune("=+-@\t\r", rune(celda[0])) {
		return "'" + celda
	}
	return celda
}
