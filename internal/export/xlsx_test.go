package export

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// encodeXLSX writes rows as a workbook of columns and opens it back with the library.
func encodeXLSX(t *testing.T, title string, columns []string, rows ...[]Cell) *excelize.File {
	t.Helper()
	var b bytes.Buffer
	enc := NewXLSXEncoder(&b, Table{Title: title, Columns: columns})
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

func TestXLSXEncoderWritesTypedCellsUnderAFrozenHeader(t *testing.T) {
	dia := time.Date(2026, 11, 25, 23, 30, 0, 0, time.FixedZone("ART", -3*3600))
	f := encodeXLSX(t, "Ventas: noviembre/2026", []string{"Pasaje", "Cliente", "Precio", "Cantidad", "Fecha"},
		[]Cell{Text("LD-1"), Text("=HYPERLINK(\"x\")"), Money(150050), Number(3), Date(dia)},
		[]Cell{Text("LD-2"), Text("+54 9 11 5555-1234"), Money(-450000), Number(1234), Date(dia.AddDate(0, 0, 1))})

	hoja := "Ventas  noviembre 2026"
	if got := f.GetSheetList(); len(got) != 1 || got[0] != hoja {
		t.Fatalf("hojas %q, esperaba [%q]", got, hoja)
	}
	panes, err := f.GetPanes(hoja)
	if err != nil || !panes.Freeze || panes.YSplit != 1 || panes.XSplit != 0 {
		t.Fatalf("el encabezado no queda fijo: %+v %v", panes, err)
	}
	filas, err := f.GetRows(hoja)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Pasaje", "Cliente", "Precio", "Cantidad", "Fecha"},
		{"LD-1", "=HYPERLINK(\"x\")", "$ 1,500.50", "3", "25/11/2026"},
		{"LD-2", "+54 9 11 5555-1234", "-$ 4,500.00", "1,234", "26/11/2026"},
	}
	if len(filas) != len(want) {
		t.Fatalf("filas %q", filas)
	}
	for i := range want {
		if strings.Join(filas[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("fila %d = %q, esperaba %q", i+1, filas[i], want[i])
		}
	}
	// the values behind the formats: numbers a spreadsheet sums, text that never runs
	crudas, err := f.GetRows(hoja, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := crudas[1][2] + "|" + crudas[2][2] + "|" + crudas[2][3]; got != "1500.5|-4500|1234" {
		t.Errorf("valores de montos y cantidades %q", got)
	}
	for celda, tipo := range map[string]excelize.CellType{"A1": excelize.CellTypeInlineString, "B2": excelize.CellTypeInlineString,
		"C2": excelize.CellTypeUnset, "D3": excelize.CellTypeUnset, "E2": excelize.CellTypeUnset} {
		if got, err := f.GetCellType(hoja, celda); err != nil || got != tipo {
			t.Errorf("%s: tipo %v, esperaba %v (%v)", celda, got, tipo, err)
		}
	}
	if formula, _ := f.GetCellFormula(hoja, "B2"); formula != "" {
		t.Errorf("B2 quedó como fórmula %q", formula)
	}
	estilo, err := f.GetCellStyle(hoja, "A1")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := f.GetStyle(estilo); err != nil || s.Font == nil || !s.Font.Bold {
		t.Errorf("el encabezado no está en negrita: %+v %v", s, err)
	}
}

func TestXLSXEncoderWritesMomentsAsDates(t *testing.T) {
	ba := time.FixedZone("ART", -3*3600)
	cierre := time.Date(2026, 10, 13, 21, 5, 0, 0, ba)
	f := encodeXLSX(t, "Cajas", []string{"Cierre"}, []Cell{DateTime(cierre)})
	if c := DateTime(cierre); c.Text != "13/10/2026 21:05" {
		t.Fatalf("texto %q", c.Text)
	}
	filas, err := f.GetRows("Cajas")
	if err != nil || filas[1][0] != "13/10/2026 21:05" {
		t.Fatalf("la fecha se lee %q (%v)", filas, err)
	}
	// a number of days a spreadsheet sorts and subtracts, with the company's wall clock
	crudas, err := f.GetRows("Cajas", excelize.Options{RawCellValue: true})
	if err != nil || !strings.HasPrefix(crudas[1][0], "46308.87847") {
		t.Fatalf("valor de la fecha %q (%v)", crudas, err)
	}
	estilo, err := f.GetCellStyle("Cajas", "A2")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := f.GetStyle(estilo); err != nil || s.CustomNumFmt == nil || *s.CustomNumFmt != "dd/mm/yyyy hh:mm" {
		t.Fatalf("formato %+v %v", s, err)
	}
}

func TestXLSXEncoderWithoutRowsIsTheHeader(t *testing.T) {
	f := encodeXLSX(t, "", []string{"A", "B"})
	filas, err := f.GetRows("Hoja1")
	if err != nil || len(filas) != 1 || strings.Join(filas[0], "|") != "A|B" {
		t.Fatalf("filas %q %v", filas, err)
	}
}

func TestNombreHoja(t *testing.T) {
	for in, want := range map[string]string{
		"":                            "Hoja1",
		"Cajas [Z] 1/2":               "Cajas  Z  1 2",
		"'Pasajeros'":                 "Pasajeros",
		strings.Repeat("ñ", 40):       strings.Repeat("ñ", 31),
		"Reporte de ventas diciembre": "Reporte de ventas diciembre",
	} {
		if got := NombreHoja(in); got != want {
			t.Errorf("NombreHoja(%q) = %q, esperaba %q", in, got, want)
		}
	}
}

// A failed write stays failed, and a row after Close is refused.
func TestXLSXEncoderErrorsAreSticky(t *testing.T) {
	enc := NewXLSXEncoder(failingWriter{}, Table{Title: "x", Columns: []string{"A"}})
	if err := enc.Encode([]Cell{Text("1")}); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err == nil {
		t.Fatal("Close escribió en un destino que falla")
	}
	if err := enc.Encode([]Cell{Text("2")}); err == nil {
		t.Fatal("una fila después de un error")
	}
	var b bytes.Buffer
	ok := NewXLSXEncoder(&b, Table{Title: "x", Columns: []string{"A"}})
	if err := ok.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ok.Encode([]Cell{Text("2")}); err == nil {
		t.Fatal("una fila después de Close")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// 100,000 rows keep the heap flat: the stream writer spills to a temporary
// file past its chunk, and the finished workbook goes straight to w.
func TestXLSXEncoderStreamsWithFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("100.000 filas")
	}
	const filas = 100_000
	var antes, pico runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	enc := NewXLSXEncoder(io.Discard, Table{Title: "Ventas", Columns: []string{"Pasaje", "Cliente", "Precio", "Fecha"}})
	dia := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	fila := make([]Cell, 4)
	maxHeap := antes.HeapInuse
	for i := range filas {
		fila[0], fila[1], fila[2], fila[3] = Text("LD-000123"), Text("Ana Pérez Gómez"), Money(150050), Date(dia)
		if err := enc.Encode(fila); err != nil {
			t.Fatal(err)
		}
		if i%10_000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&pico)
			maxHeap = max(maxHeap, pico.HeapInuse)
		}
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&pico)
	maxHeap = max(maxHeap, pico.HeapInuse)
	if crecio := int64(maxHeap) - int64(antes.HeapInuse); crecio > 50<<20 {
		t.Fatalf("el heap creció %d MB con %d filas", crecio>>20, filas)
	}
	t.Logf("heap vivo: +%d MB con %d filas", (int64(maxHeap)-int64(antes.HeapInuse))>>20, filas)
}
