package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

func TestGuardFormula(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+54 11": "'+54 11", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "Ana": "Ana", "": "", "1.500,00": "1.500,00", "a=1": "a=1",
		// after leading white space, and after each comma (a spreadsheet that splits at commas)
		" =1": "' =1", "\n@x": "'\n@x", "\u00a0=1": "'\u00a0=1",
		"Ana,=cmd|' /C calc'!A0": "Ana,'=cmd|' /C calc'!A0", "Ana, =1,b,+2,,-3": "Ana,' =1,b,'+2,,'-3",
		"1,5": "1,5", ",=x": ",'=x", "=a,=b": "'=a,'=b"} {
		if got := GuardFormula(in); got != want {
			t.Errorf("GuardFormula(%q) = %q, esperaba %q", in, got, want)
		}
	}
}

// encode writes rows as a CSV of columns and returns the file.
func encode(t *testing.T, columns []string, rows ...[]Cell) string {
	t.Helper()
	var b bytes.Buffer
	enc := NewCSVEncoder(&b, Table{Title: "Prueba", Columns: columns})
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestCSVEncoderWritesBOMHeaderAndGuardedRows(t *testing.T) {
	got := encode(t, []string{"ID", "Cliente", "Teléfono", "Precio", "Estado"},
		[]Cell{Text("LD-1"), Text("=HYPERLINK(\"x\")"), Text("+5411; 2"), Money(150050), Text("activo")},
		[]Cell{Text("LD-2"), Text(""), Text(""), Money(0), Text("anulado")})
	want := "\uFEFFID;Cliente;Teléfono;Precio;Estado\r\n" +
		"\"LD-1\";\"'=HYPERLINK(\"\"x\"\")\";\"'+5411; 2\";1.500,50;\"activo\"\r\n" +
		"\"LD-2\";\"\";\"\";0,00;\"anulado\"\r\n"
	if got != want {
		t.Fatalf("csv:\n%q\nesperaba\n%q", got, want)
	}
}

func TestCSVEncoderQuotes(t *testing.T) {
	got := encode(t, []string{"A", "B;C"},
		[]Cell{Text("uno; dos"), Text(`dijo "hola"`)},
		[]Cell{Text("línea\nnueva"), Text(" espacio")},
		[]Cell{Text("ñandú – Tigre"), Text("fin\r\n")})
	want := "\uFEFFA;\"B;C\"\r\n" +
		"\"uno; dos\";\"dijo \"\"hola\"\"\"\r\n" +
		"\"línea\r\nnueva\";\" espacio\"\r\n" +
		"\"ñandú – Tigre\";\"fin\r\n\"\r\n"
	if got != want {
		t.Fatalf("csv:\n%q\nesperaba\n%q", got, want)
	}
}

// A comma inside a cell cannot start a formula in a spreadsheet that splits
// the line at commas (issue 36 item 10): every text cell is quoted and each
// part after a comma guarded; amounts, counts and dates are not text.
func TestCSVEncoderGuardsAfterEachCommaAndQuotesEveryTextCell(t *testing.T) {
	got := encode(t, []string{"Cliente", "Nota", "Precio", "Pasajes", "Día"},
		[]Cell{Text("Ana,=cmd|' /C calc'!A0"), Text("  +1, @2"), Money(150050), Number(3),
			Date(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))})
	want := "\uFEFFCliente;Nota;Precio;Pasajes;Día\r\n" +
		"\"Ana,'=cmd|' /C calc'!A0\";\"'  +1,' @2\";1.500,50;3;20/11/2026\r\n"
	if got != want {
		t.Fatalf("csv:\n%q\nesperaba\n%q", got, want)
	}
}

// An amount comes from a number, not from a user: a negative one stays a
// number for the spreadsheet; text that looks the same is guarded.
func TestCSVEncoderGuardsTextNotMoney(t *testing.T) {
	got := encode(t, []string{"Monto", "Texto"}, []Cell{Money(-150000), Text("-1.500,00")})
	if want := "\uFEFFMonto;Texto\r\n-1.500,00;\"'-1.500,00\"\r\n"; got != want {
		t.Fatalf("csv: %q, esperaba %q", got, want)
	}
}

func TestCSVEncoderWithoutRowsIsTheHeader(t *testing.T) {
	if got := encode(t, []string{"A", "B"}); got != "\uFEFFA;B\r\n" {
		t.Fatalf("csv: %q", got)
	}
}

// The rows reach the writer while they are encoded, not at Close: an export
// streams.
func TestCSVEncoderStreamsBeforeClose(t *testing.T) {
	var b bytes.Buffer
	enc := NewCSVEncoder(&b, Table{Columns: []string{"N", "Cliente"}})
	row := []Cell{{}, Text(strings.Repeat("x", 100))}
	n := 0
	for ; b.Len() <= len(bom) && n < 1000; n++ {
		row[0] = Text(fmt.Sprint(n))
		if err := enc.Encode(row); err != nil {
			t.Fatal(err)
		}
	}
	if b.Len() <= len(bom) {
		t.Fatalf("nada escrito tras %d filas", n)
	}
	if n > 100 {
		t.Fatalf("la primera escritura llegó tras %d filas de 100 bytes", n)
	}
	antes := b.Len()
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "\uFEFFN;Cliente\r\n\"0\";\"xxx") || b.Len() <= antes {
		t.Fatalf("archivo: %d bytes antes de Close, %d después", antes, b.Len())
	}
	if lines := strings.Count(b.String(), "\r\n"); lines != n+1 {
		t.Fatalf("%d líneas, esperaba %d", lines, n+1)
	}
}

// Encoding a row allocates nothing beyond a guarded cell: memory does not
// grow with the rows, and the caller's row may be reused.
func TestCSVEncoderMemoryIsFlat(t *testing.T) {
	export := func(rows int) func() {
		return func() {
			enc := NewCSVEncoder(io.Discard, Table{Columns: []string{"ID", "Cliente", "Precio"}})
			row := []Cell{Text("LD-20261120-000001"), Text("Ana; Paz"), Money(0)}
			for range rows {
				if err := enc.Encode(row); err != nil {
					t.Fatal(err)
				}
			}
			if err := enc.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	row := []Cell{Text("Ana"), Text("Tigre – Tres Bocas"), {Text: "1.500,00", Kind: KindMoney}}
	enc := NewCSVEncoder(io.Discard, Table{Columns: []string{"A", "B", "C"}})
	if n := testing.AllocsPerRun(1000, func() { _ = enc.Encode(row) }); n != 0 {
		t.Errorf("Encode de una fila: %v asignaciones", n)
	}
	pocas, muchas := testing.AllocsPerRun(5, export(10)), testing.AllocsPerRun(5, export(10_000))
	if pocas != muchas {
		t.Errorf("asignaciones: %v con 10 filas, %v con 10.000", pocas, muchas)
	}
}

// failing refuses every write after the first ok bytes.
type failing struct{ ok int }

var errDisco = errors.New("disco lleno")

func (f *failing) Write(p []byte) (int, error) {
	if len(p) > f.ok {
		n := f.ok
		f.ok = 0
		return n, errDisco
	}
	f.ok -= len(p)
	return len(p), nil
}

func TestCSVEncoderErrorsAreSticky(t *testing.T) {
	enc := NewCSVEncoder(&failing{}, Table{Columns: []string{"A"}})
	if err := enc.Encode([]Cell{Text("x")}); !errors.Is(err, errDisco) {
		t.Fatalf("Encode tras un BOM fallido: %v", err)
	}
	if err := enc.Close(); !errors.Is(err, errDisco) {
		t.Fatalf("Close: %v", err)
	}
	enc = NewCSVEncoder(&failing{ok: 100}, Table{Columns: []string{"A"}})
	row := []Cell{Text(strings.Repeat("x", 1000))}
	var err error
	for i := 0; i < 100 && err == nil; i++ {
		err = enc.Encode(row)
	}
	if !errors.Is(err, errDisco) {
		t.Fatalf("Encode: %v", err)
	}
	if err := enc.Encode(row); !errors.Is(err, errDisco) {
		t.Fatalf("Encode tras el error: %v", err)
	}
	if err := enc.Close(); !errors.Is(err, errDisco) {
		t.Fatalf("Close tras el error: %v", err)
	}
}

// BenchmarkCSVEncoder writes exports of growing length: B/op and allocs/op
// stay the same whatever the rows (the encoder's buffer and one row), and
// ns/row is the cost of a ticket line.
func BenchmarkCSVEncoder(b *testing.B) {
	columns := []string{"ID", "Fecha Viaje", "Cliente", "Teléfono", "Sección", "Tipo Viaje", "Precio", "Estado",
		"Vendedor", "Fecha Venta"}
	row := []Cell{Text("LD-20261120-000042"), Text("20/11/2026"), Text("Ana; Paz"), Text("1144556677"),
		Text("Tigre – Tres Bocas"), Text("General"), {Text: "4.500,00", Kind: KindMoney}, Text("activo"),
		Text("Diego Sosa"), Text("20/11/2026 10:00")}
	for _, rows := range []int{100, 10_000, 100_000} {
		b.Run(fmt.Sprintf("filas=%d", rows), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				enc := NewCSVEncoder(io.Discard, Table{Columns: columns})
				for range rows {
					if err := enc.Encode(row); err != nil {
						b.Fatal(err)
					}
				}
				if err := enc.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/fila")
		})
	}
}
