package export

import (
	"bufio"
	"io"
	"strings"
	"unicode"
)

// bom makes spreadsheet programs read the file as UTF-8.
const bom = "\uFEFF"

// CSVEncoder writes a table as a CSV for spreadsheets in es-AR: a UTF-8 BOM,
// the header, then one line per row, separated by semicolons (the comma is the
// decimal separator), lines ended by CRLF. Every text cell is quoted (quotes
// doubled, line breaks as CRLF), and guarded where a spreadsheet would run it,
// or a part of it after a comma, as a formula (GuardFormula); amounts, counts
// and dates are ours and go as they are, as does the header, quoted only
// where it holds a semicolon, a quote or a line break. Rows go out as the
// buffer fills: memory stays that buffer and one row.
type CSVEncoder struct {
	w   *bufio.Writer
	err error
}

var _ Encoder = (*CSVEncoder)(nil)

// NewCSVEncoder starts a CSV of t on w: the BOM and the header (not guarded:
// they are ours) are written first.
func NewCSVEncoder(w io.Writer, t Table) *CSVEncoder {
	e := &CSVEncoder{w: bufio.NewWriter(w)}
	if _, e.err = io.WriteString(w, bom); e.err != nil {
		return e
	}
	for i, c := range t.Columns {
		if i > 0 {
			e.w.WriteByte(';')
		}
		if strings.ContainsAny(c, ";\"\r\n") || strings.HasPrefix(c, " ") {
			escribirEntreComillas(e.w, c, false)
		} else {
			e.w.WriteString(c)
		}
	}
	_, e.err = e.w.WriteString("\r\n")
	return e
}

// Encode writes one row.
func (e *CSVEncoder) Encode(row []Cell) error {
	if e.err != nil {
		return e.err
	}
	for i, c := range row {
		if i > 0 {
			e.w.WriteByte(';')
		}
		if c.Kind == KindText {
			escribirEntreComillas(e.w, c.Text, true)
		} else {
			e.w.WriteString(c.Text)
		}
	}
	_, e.err = e.w.WriteString("\r\n")
	return e.err
}

// Close writes what is still buffered. The file is complete once it returns nil.
func (e *CSVEncoder) Close() error {
	if e.err != nil {
		return e.err
	}
	e.err = e.w.Flush()
	return e.err
}

// GuardFormula prefixes an apostrophe to each part of a cell, the cell itself
// and what follows each comma, that a spreadsheet would run as a formula: one
// starting with = + - or @ after any leading white space, or with a tab or a
// carriage return. A spreadsheet that splits the line at its commas then
// still shows every piece as text (CSV injection: `Ana,=cmd|' /C calc'!A0`).
func GuardFormula(celda string) string {
	var b strings.Builder
	guardar(&b, celda)
	return b.String()
}

// escritor is what the guard and the quoting write to.
type escritor interface {
	io.ByteWriter
	io.StringWriter
}

// guardar writes celda with GuardFormula's apostrophes, allocating nothing.
func guardar(w escritor, celda string) {
	for primera := true; ; primera = false {
		parte, resto, coma := strings.Cut(celda, ",")
		if !primera {
			w.WriteByte(',')
		}
		if esFormula(parte) {
			w.WriteByte('\'')
		}
		w.WriteString(parte)
		if !coma {
			return
		}
		celda = resto
	}
}

// esFormula reports whether a spreadsheet would read parte as a formula.
func esFormula(parte string) bool {
	if parte != "" && (parte[0] == '\t' || parte[0] == '\r') {
		return true
	}
	t := strings.TrimLeftFunc(parte, unicode.IsSpace)
	return t != "" && strings.IndexByte("=+-@", t[0]) >= 0
}

// comillas writes what it is given between quotes: a quote doubled, a line
// break as CRLF (a lone carriage return dropped, as encoding/csv does).
type comillas struct{ w *bufio.Writer }

func (c comillas) WriteByte(b byte) error {
	switch b {
	case '"':
		c.w.WriteByte('"')
	case '\r':
		return nil
	case '\n':
		c.w.WriteByte('\r')
	}
	return c.w.WriteByte(b)
}

func (c comillas) WriteString(s string) (int, error) {
	n := len(s)
	for s != "" {
		i := strings.IndexAny(s, "\"\r\n")
		if i < 0 {
			break
		}
		c.w.WriteString(s[:i])
		if err := c.WriteByte(s[i]); err != nil {
			return n - len(s), err
		}
		s = s[i+1:]
	}
	_, err := c.w.WriteString(s)
	return n, err
}

// escribirEntreComillas writes s quoted, guarded when guardado.
func escribirEntreComillas(w *bufio.Writer, s string, guardado bool) {
	w.WriteByte('"')
	if guardado {
		guardar(comillas{w}, s)
	} else {
		comillas{w}.WriteString(s)
	}
	w.WriteByte('"')
}
