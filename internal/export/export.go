// Package export writes tables as files people download: the ticket list and
// the audit report today (CSV), the reports' spreadsheets (XLSX) and
// printable documents next. Each format is an Encoder fed one row at a time, so an
// export of any length holds one row in memory, never the whole file. It knows
// nothing of HTTP or SQL: the caller reads the rows and hands them over.
package export

import (
	"strconv"
	"time"

	"muelle/internal/domain"
)

// Encoder writes one table in one file format. The table's header is given
// when the encoder is made (NewCSVEncoder(w, t)); Encode writes a row, and
// Close finishes the file once after the last row (a CSV flushes what it
// buffered; an XLSX would write its closing parts, a PDF its trailer). An
// error is sticky: once a write failed, every later call returns it.
//
// Encode does not keep row: the caller may reuse the slice for the next one.
type Encoder interface {
	Encode(row []Cell) error
	Close() error
}

// Table is what an encoder needs to know before the first row: the table's
// title (a PDF's heading, an XLSX sheet's name; a CSV has no place for it) and
// its column headers, in order.
type Table struct {
	Title   string
	Columns []string
}

// Kind is what a cell holds. Every format writes Text; a format that keeps
// types (XLSX) also writes the value behind it, so that a spreadsheet sums
// amounts without parsing "1.500,50".
type Kind uint8

const (
	// KindText is text as the user reads it: a name, a date already written
	// as dd/mm/aaaa, a state. It comes from users, so CSV guards it against
	// formula injection.
	KindText Kind = iota
	// KindMoney is an amount: Text is domain.Centavos.Numero, Money the cents.
	KindMoney
	// KindNumber is a count: Text is its digits, Number the count.
	KindNumber
	// KindDate is a day: Text is dd/mm/aaaa, Date the day (midnight, in the
	// zone the caller chose: a spreadsheet's dates have no zone).
	KindDate
	// KindDateTime is a moment: Text is dd/mm/aaaa hh:mm, Date the wall clock
	// time (in the zone the caller chose, kept as UTC: a spreadsheet's dates
	// have no zone).
	KindDateTime
)

// Cell is one value of a row: the words a reader sees, and for an amount the
// amount itself. Make cells with Text and Money.
type Cell struct {
	Text   string
	Kind   Kind
	Money  domain.Centavos
	Number int64
	Date   time.Time
}

// Text is a cell of text.
func Text(s string) Cell { return Cell{Text: s} }

// Money is a cell of an amount, written as domain.Centavos.Numero ("1.500,50").
func Money(c domain.Centavos) Cell { return Cell{Text: c.Numero(), Kind: KindMoney, Money: c} }

// Number is a cell of a count.
func Number(n int64) Cell { return Cell{Text: strconv.FormatInt(n, 10), Kind: KindNumber, Number: n} }

// Date is a cell of the day d, written as dd/mm/aaaa. The day is read from d's
// own zone: convert to the company's zone first.
func Date(d time.Time) Cell {
	dia := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	return Cell{Text: d.Format("02/01/2006"), Kind: KindDate, Date: dia}
}

// DateTime is a cell of the moment t, written as dd/mm/aaaa hh:mm. The wall
// clock is read from t's own zone: convert to the company's zone first.
func DateTime(t time.Time) Cell {
	reloj := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC)
	return Cell{Text: t.Format("02/01/2006 15:04"), Kind: KindDateTime, Date: reloj}
}
