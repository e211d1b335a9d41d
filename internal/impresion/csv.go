package impresion

import (
	"bufio"
	"encoding/csv"
	"io"
	"strings"
)

// ColumnasExportacion are the export's columns (operaciones §9).
var ColumnasExportacion = []string{"ID", "Fecha Viaje", "Cliente", "Teléfono", "Sección", "Tipo Viaje", "Precio",
	"Estado", "Vendedor", "Fecha Venta"}

// bom makes spreadsheet programs read the file as UTF-8.
const bom = "\uFEFF"

// FilaExportacion is one ticket of the export, in the columns' order.
type FilaExportacion struct {
	ID, FechaViaje, Cliente, Telefono, Seccion, TipoViaje, Precio, Estado, Vendedor, FechaVenta string
}

// EscribirCSV writes the ticket export: a UTF-8 BOM, the header, then one
// line per ticket (EscribirTabla).
func EscribirCSV(w io.Writer, filas []FilaExportacion) error {
	celdas := make([][]string, 0, len(filas))
	for _, f := range filas {
		celdas = append(celdas, []string{f.ID, f.FechaViaje, f.Cliente, f.Telefono, f.Seccion, f.TipoViaje, f.Precio,
			f.Estado, f.Vendedor, f.FechaVenta})
	}
	return EscribirTabla(w, ColumnasExportacion, celdas)
}

// EscribirTabla writes a CSV for spreadsheets: a UTF-8 BOM, the header, then
// one line per row, separated by semicolons. A cell that a spreadsheet would
// read as a formula is neutralised.
func EscribirTabla(w io.Writer, columnas []string, filas [][]string) error {
	bw := bufio.NewWriter(w)
	if _, err := bw.WriteString(bom); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	cw.Comma = ';'
	cw.UseCRLF = true
	if err := cw.Write(columnas); err != nil {
		return err
	}
	for _, fila := range filas {
		cells := make([]string, len(fila))
		for i, c := range fila {
			cells[i] = Neutralizar(c)
		}
		if err := cw.Write(cells); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// Neutralizar prefixes an apostrophe to a cell that starts with = + - @, a tab
// or a carriage return, so that a spreadsheet shows it as text instead of
// running it as a formula (CSV injection). Amounts are never negative here.
func Neutralizar(celda string) string {
	if celda != "" && strings.ContainsRune("=+-@\t\r", rune(celda[0])) {
		return "'" + celda
	}
	return celda
}
