package domain

import "strconv"

// Reprints are marked (issue 41 item 8; docs/features/impresion.md): the
// server numbers every print of a ticket from 1; print 1 is the original and
// every later one is a duplicate that says so, with its number.
const (
	// MarcaDuplicado is the word every reprint carries.
	MarcaDuplicado = "DUPLICADO"
	// MsgImpresionRegistrada answers a recorded print.
	MsgImpresionRegistrada = "Impresión registrada"
	// MsgImpresionNoEncontrada answers a print id that is not one of the
	// company's prints of the tickets asked for.
	MsgImpresionNoEncontrada = "Impresión no encontrada"
	// MsgImpresionesRepetidas refuses a print that names a ticket twice.
	MsgImpresionesRepetidas = "Un pasaje figura más de una vez en la impresión"
)

// Formatos de impresión: what a print was printed as.
const (
	ImpresionHTML        = "html"         // the printable page (58 mm, 80 mm, A4, letter)
	ImpresionPDF         = "pdf"          // the PDF download
	ImpresionSinConexion = "sin_conexion" // the receipt a device printed offline
)

// EsDuplicado says whether the print numbered n is a reprint.
func EsDuplicado(n int) bool { return n >= 2 }

// LeyendaDuplicado is the line a print numbered n carries: "" for the
// original (n ≤ 1), "Duplicado n" for a reprint.
func LeyendaDuplicado(n int) string {
	if !EsDuplicado(n) {
		return ""
	}
	return "Duplicado " + strconv.Itoa(n)
}
