package export

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"muelle/internal/pdftest"
)

// encodePDF writes n rows of a three-column table under a heading and returns the PDF.
func encodePDF(t *testing.T, h PDFHeading, columns []string, rows ...[]Cell) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := NewPDFEncoder(&b, Table{Title: "Reporte de Ventas", Columns: columns}, h)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPDFEncoderWritesTheHeadingTheTableAndPageNumbers(t *testing.T) {
	h := PDFHeading{Company: "Lanchas del Delta", Facts: []Fact{
		{"Período", "01/11/2026 al 30/11/2026"}, {"Fechas", "Fecha de venta"}, {"Total vendido", "$ 1.500,50"}}}
	var rows [][]Cell
	for i := range 120 {
		rows = append(rows, []Cell{Text(fmt.Sprintf("LD-%06d", i+1)), Text("Ana Pérez"), Money(150050)})
	}
	pdf := encodePDF(t, h, []string{"Pasaje", "Cliente", "Precio"}, rows...)
	paginas := pdftest.Valid(t, pdf)
	if paginas < 2 {
		t.Fatalf("120 filas en %d página", paginas)
	}
	texto := pdftest.Text(t, pdf)
	for _, want := range []string{"(Lanchas del Delta)", "(Reporte de Ventas)", "(Período)", "(01/11/2026 al 30/11/2026)",
		"(Fecha de venta)", "($ 1.500,50)", "(LD-000001)", "(LD-000120)", "(Ana Pérez)", "(1.500,50)",
		fmt.Sprintf("(Página 1 de %d)", paginas), fmt.Sprintf("(Página %d de %d)", paginas, paginas)} {
		if !strings.Contains(texto, want) {
			t.Errorf("el PDF no contiene %s", want)
		}
	}
	// the heading once, the column headers on every page
	if n := strings.Count(texto, "(Lanchas del Delta)"); n != 1 {
		t.Errorf("la empresa aparece %d veces", n)
	}
	if n := strings.Count(texto, "(Cliente)"); n != paginas {
		t.Errorf("los encabezados de columna aparecen %d veces en %d páginas", n, paginas)
	}
}

func TestPDFEncoderWithoutRowsHasItsHeadingAndHeaders(t *testing.T) {
	pdf := encodePDF(t, PDFHeading{Company: "Lanchas del Delta"}, []string{"Caja", "Diferencia"})
	if paginas := pdftest.Valid(t, pdf); paginas != 1 {
		t.Fatalf("%d páginas", paginas)
	}
	texto := pdftest.Text(t, pdf)
	for _, want := range []string{"(Reporte de Ventas)", "(Caja)", "(Diferencia)", "(Página 1 de 1)"} {
		if !strings.Contains(texto, want) {
			t.Errorf("el PDF no contiene %s", want)
		}
	}
}

func TestPDFEncoderEmbedsTheLogo(t *testing.T) {
	var logo bytes.Buffer
	if err := png.Encode(&logo, image.NewRGBA(image.Rect(0, 0, 40, 20))); err != nil {
		t.Fatal(err)
	}
	sin := encodePDF(t, PDFHeading{Company: "X"}, []string{"A"}, []Cell{Text("1")})
	con := encodePDF(t, PDFHeading{Company: "X", Logo: logo.Bytes(), LogoPNG: true}, []string{"A"}, []Cell{Text("1")})
	pdftest.Valid(t, con)
	if a, b := bytes.Count(sin, []byte("/Subtype /Image")), bytes.Count(con, []byte("/Subtype /Image")); b <= a {
		t.Fatalf("imágenes sin logo %d, con logo %d", a, b)
	}
}

// A wide table turns the page: more than six columns go landscape.
func TestPDFEncoderTurnsWideTables(t *testing.T) {
	ancho := func(columnas int) bool {
		pdf := encodePDF(t, PDFHeading{Company: "X"}, strings.Split("ABCDEFGHIJ"[:columnas], ""))
		return bytes.Contains(pdf, []byte("/MediaBox [0 0 841.89 595.28]"))
	}
	if ancho(6) || !ancho(7) {
		t.Fatal("la orientación no sigue a las columnas")
	}
}

func TestPDFEncoderRefusesRowsAfterClose(t *testing.T) {
	var b bytes.Buffer
	enc := NewPDFEncoder(&b, Table{Title: "x", Columns: []string{"A"}}, PDFHeading{})
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	if err := enc.Encode([]Cell{Text("1")}); err == nil {
		t.Fatal("una fila después de Close")
	}
	if err := NewPDFEncoder(failingWriter{}, Table{Title: "x", Columns: []string{"A"}}, PDFHeading{}).Close(); err == nil {
		t.Fatal("Close escribió en un destino que falla")
	}
}

// A column is as wide as its longest word needs, the sales report's ticket
// number above all (it never wraps: in equal columns it ran into the
// customer's name), and the columns fill the page's grid.
func TestPDFColumnsAreAsWideAsTheirLongestWord(t *testing.T) {
	columnas := []string{"Fecha de venta", "Fecha de viaje", "N° Pasaje", "Cliente", "Sección", "Tipo de viaje",
		"Medio de pago", "Vendedor", "Precio", "Estado"}
	fila := []Cell{Text("02/12/2026 10:30"), Text("02/12/2026"), Text("LD-20261202-000042"), Text("María Fernández"),
		Text("Tres Bocas"), Text("Ida y vuelta"), Text("Efectivo"), Text("vendedor"), Money(450000), Text("Cancelado")}
	anchos := anchosDeColumnas(columnas, fila)
	suma := 0
	for _, a := range anchos {
		suma += a
	}
	if suma != pdfGrilla {
		t.Fatalf("las columnas ocupan %d de %d", suma, pdfGrilla)
	}
	// A4 landscape less the margins, shared by the grid; Helvetica's digits are 0.556 em, plus 1 mm each side
	mmPorUnidad := (297.0 - 2*pdfMargenReporte) / pdfGrilla
	for i, c := range fila {
		necesita := float64(palabraMasLarga(c.Text))*0.556*pdfLetraTabla*0.3528 + 2
		if tiene := float64(anchos[i]) * mmPorUnidad; tiene < necesita {
			t.Errorf("%s: %.1f mm para «%s», que necesita %.1f mm", columnas[i], tiene, c.Text, necesita)
		}
	}
	if got := anchosDeColumnas([]string{"A", "B"}, nil); got[0] != pdfGrilla/2 || got[1] != pdfGrilla/2 {
		t.Errorf("dos columnas sin filas: %v", got)
	}
}

// TestPDFEncoderEndsWithThePlacesToSign: each signature named in the heading
// is a place to sign below the table, after its last row.
func TestPDFEncoderEndsWithThePlacesToSign(t *testing.T) {
	pdf := encodePDF(t, PDFHeading{Company: "Lanchas del Delta", Signatures: []string{"Firma del patrón"}},
		[]string{"Pasaje", "Pasajero"}, []Cell{Text("LD-000001"), Text("Ana Pérez")})
	pdftest.Valid(t, pdf)
	texto := pdftest.Text(t, pdf)
	fila, firma := strings.Index(texto, "(LD-000001)"), strings.Index(texto, "(Firma del patrón)")
	if fila < 0 || firma < fila || !strings.Contains(texto[firma:], "(Aclaración)") {
		t.Fatalf("la firma no sigue a la tabla: fila en %d, firma en %d", fila, firma)
	}
}
