package impresion

import (
	"bytes"
	"compress/zlib"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"muelle/internal/domain"
)

func ticketDePrueba(cliente string) Ticket {
	loc, _ := time.LoadLocation("America/Argentina/Buenos_Aires")
	t := TicketDe("LD-20261120-000042", cliente, "Norte", "Jubilado", "2026-11-21", 150050, "Efectivo", "Ana Paz",
		time.Date(2026, 11, 20, 15, 4, 0, 0, time.UTC), "activo", "MUELLE1.eyJlIjoxfQ.firma", loc)
	t.Empresa = "Lanchas del Delta"
	return t
}

func TestMontoYFechaAR(t *testing.T) {
	for c, want := range map[int64]string{0: "0,00", 5: "0,05", 150050: "1.500,50", 123456789: "1.234.567,89",
		-150000: "-1.500,00", 99999: "999,99"} {
		if got := domain.Centavos(c).Numero(); got != want {
			t.Errorf("Numero(%d) = %q, esperaba %q", c, got, want)
		}
	}
	tk := ticketDePrueba("Ana")
	if tk.FechaViaje != "21/11/2026" || tk.FechaVenta != "20/11/2026 12:04" || tk.Precio != "$ 1.500,50" {
		t.Fatalf("ticket = %+v", tk)
	}
}

func TestNeutralizar(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+54 11": "'+54 11", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "Ana": "Ana", "": "", "1.500,00": "1.500,00"} {
		if got := Neutralizar(in); got != want {
			t.Errorf("Neutralizar(%q) = %q, esperaba %q", in, got, want)
		}
	}
}

func TestEscribirCSV(t *testing.T) {
	var b bytes.Buffer
	err := EscribirCSV(&b, []FilaExportacion{{ID: "LD-1", Cliente: "=HYPERLINK(\"x\")", Precio: "1.500,50",
		Estado: "activo", Telefono: "+5411; 2"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "\uFEFFID;Fecha Viaje;Cliente;Teléfono;Sección;Tipo Viaje;Precio;Estado;Vendedor;Fecha Venta\r\n" +
		"LD-1;;\"'=HYPERLINK(\"\"x\"\")\";\"'+5411; 2\";;;1.500,50;activo;;\r\n"
	if b.String() != want {
		t.Fatalf("csv:\n%q\nesperaba\n%q", b.String(), want)
	}
}

func TestHTMLEscapaYTieneTodoLoImpreso(t *testing.T) {
	for _, papel := range Papeles {
		out, err := HTML([]Ticket{ticketDePrueba(`<script>alert(1)</script>`), ticketDePrueba("Luis")}, papel)
		if err != nil {
			t.Fatal(err)
		}
		s := string(out)
		if strings.Contains(s, "<script") || !strings.Contains(s, "&lt;script&gt;alert(1)&lt;/script&gt;") {
			t.Fatalf("%s: el nombre no está escapado", papel)
		}
		for _, want := range []string{"Lanchas del Delta", "Pasaje LD-20261120-000042", "Norte", "Jubilado", "21/11/2026",
			"$ 1.500,50", "Efectivo", "Ana Paz", "20/11/2026 12:04", "30 minutos antes", "@page { size: " + hojas[papel].Pagina,
			`src="data:image/png;base64,`} {
			if !strings.Contains(s, want) {
				t.Errorf("%s: falta %q", papel, want)
			}
		}
		if n := strings.Count(s, `class="ticket"`); n != 2 {
			t.Errorf("%s: %d tickets", papel, n)
		}
	}
	if _, err := HTML(nil, "A5"); err == nil {
		t.Fatal("papel desconocido aceptado")
	}
}

func TestHTMLNoAceptaLogoPeligroso(t *testing.T) {
	tk := ticketDePrueba("Ana")
	tk.LogoURL = "javascript:alert(1)"
	out, err := HTML([]Ticket{tk}, "80mm")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "javascript:") {
		t.Fatal("logo javascript: sin neutralizar")
	}
}

func TestQRPNG(t *testing.T) {
	b, err := QRPNG("MUELLE1.abc.def", 256)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 256 {
		t.Fatalf("png: %v %v", err, img.Bounds())
	}
}

// PDFText returns the text of a PDF's content streams, inflated.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	var out strings.Builder
	re := regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)
	for _, m := range re.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		b, _ := io.ReadAll(r)
		out.Write(b)
	}
	return out.String()
}

func TestPDFEsUnPDFConElNumero(t *testing.T) {
	b, err := PDF(ticketDePrueba("Ana"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("no es un PDF: %.20q", b)
	}
	if err := api.Validate(bytes.NewReader(b), model.NewDefaultConfiguration()); err != nil {
		t.Fatalf("PDF inválido: %v", err)
	}
	text := pdfText(t, b)
	for _, want := range []string{"(Pasaje LD-20261120-000042)", "(Lanchas del Delta)", "(Ana Paz)"} {
		if !strings.Contains(text, want) {
			t.Errorf("el PDF no contiene %s", want)
		}
	}
}
