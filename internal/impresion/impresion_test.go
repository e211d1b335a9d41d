package impresion

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
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

// The payment's reference prints under the method only when the sale recorded one.
func TestTicketConReferenciaDePago(t *testing.T) {
	sin := ticketDePrueba("Ana")
	con := ticketDePrueba("Luis")
	con.MedioPago, con.Referencia = "Débito", domain.Referencia{Ultimos4: "4242", Autorizacion: "A1B2C3"}.Texto()
	html, err := HTML([]Ticket{sin}, PapelPorDefecto)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(html), "<dt>Referencia</dt>") {
		t.Fatal("un pasaje sin referencia imprime el rótulo 'Referencia'")
	}
	if html, err = HTML([]Ticket{con}, PapelPorDefecto); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "<dt>Medio de pago</dt><dd>Débito</dd>\n<dt>Referencia</dt><dd>•••• 4242 · Aut. A1B2C3</dd>") {
		t.Fatalf("la referencia no está bajo el medio de pago:\n%s", html)
	}
	b, err := PDF(con)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdftest.Text(t, b); !strings.Contains(text, "(Referencia)") || !strings.Contains(text, "4242 ") || !strings.Contains(text, "Aut. A1B2C3)") {
		t.Fatalf("el PDF no imprime la referencia: %s", text)
	}
}

func TestPDFEsUnPDFConElNumero(t *testing.T) {
	b, err := PDF(ticketDePrueba("Ana"))
	if err != nil {
		t.Fatal(err)
	}
	pdftest.Valid(t, b)
	text := pdftest.Text(t, b)
	for _, want := range []string{"(Pasaje LD-20261120-000042)", "(Lanchas del Delta)", "(Ana Paz)"} {
		if !strings.Contains(text, want) {
			t.Errorf("el PDF no contiene %s", want)
		}
	}
}

// logoPNG is a data: URL of a w×h PNG image.
func logoPNG(t *testing.T, w, h int) string {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

func TestLogoDelTicketSinPedirNadaAfuera(t *testing.T) {
	dataPNG := logoPNG(t, 40, 20)
	grande := logoPNG(t, 3000, 2000)
	cases := []struct {
		nombre, logo, img string // img "": no logo on the page
	}{
		{"imagen embebida", dataPNG, `<img class="logo" src="` + strings.ReplaceAll(dataPNG, "+", "&#43;") + `" alt="">`},
		{"ruta de este servidor, escapada", `/logos/a"b<c>.png`, `<img class="logo" src="/logos/a%22b%3cc%3e.png" alt="">`},
		{"URL remota", "https://example.com/logo.png", ""},
		{"sin esquema", "//example.com/logo.png", ""},
		{"svg embebido", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=", ""},
		{"dice png y no lo es", "data:image/png;base64,aG9sYQ==", ""},
		{"demasiados píxeles", grande, ""},
		{"archivo del servidor", "file:///etc/passwd", ""},
	}
	for _, c := range cases {
		tk := ticketDePrueba("Ana")
		tk.LogoURL = c.logo
		out, err := HTML([]Ticket{tk}, "80mm")
		if err != nil {
			t.Fatal(err)
		}
		if got := string(out); (c.img == "" && strings.Contains(got, `class="logo"`)) || !strings.Contains(got, c.img) {
			t.Errorf("%s: el HTML no muestra %q como se esperaba", c.nombre, c.img)
		}
	}
}

func TestPDFConLogoEmbebido(t *testing.T) {
	imagenes := func(tk Ticket) int {
		b, err := PDF(tk)
		if err != nil {
			t.Fatal(err)
		}
		pdftest.Valid(t, b)
		if !strings.Contains(pdftest.Text(t, b), "(Pasaje LD-20261120-000042)") {
			t.Fatal("el PDF no contiene el número del pasaje")
		}
		return bytes.Count(b, []byte("/Subtype /Image"))
	}
	tk := ticketDePrueba("Ana")
	sinLogo := imagenes(tk)
	tk.LogoURL = logoPNG(t, 40, 20)
	if con := imagenes(tk); con <= sinLogo {
		t.Fatalf("imágenes con logo %d, sin logo %d", con, sinLogo)
	}
	tk.LogoURL = "https://example.com/logo.png"
	if remoto := imagenes(tk); remoto != sinLogo {
		t.Fatalf("un logo remoto no se descarga: %d imágenes, %d sin logo", remoto, sinLogo)
	}
}

// paginaPDF is the one page of a PDF ticket: its size and the heights (from
// the page's bottom edge) of its lines of text, in millimetres.
type paginaPDF struct {
	ancho, alto float64
	lineas      []float64
}

const mmPorPunto = 25.4 / 72

func leerPaginaPDF(t *testing.T, b []byte) paginaPDF {
	t.Helper()
	pdftest.Valid(t, b)
	dims, err := api.PageDims(bytes.NewReader(b), model.NewDefaultConfiguration())
	if err != nil || len(dims) != 1 {
		t.Fatalf("páginas: %v %v", dims, err)
	}
	p := paginaPDF{ancho: dims[0].Width * mmPorPunto, alto: dims[0].Height * mmPorPunto}
	for _, m := range regexp.MustCompile(`BT [\d.]+ ([\d.]+) Td`).FindAllStringSubmatch(pdftest.Text(t, b), -1) {
		y, _ := strconv.ParseFloat(m[1], 64)
		p.lineas = append(p.lineas, y*mmPorPunto)
	}
	if len(p.lineas) == 0 {
		t.Fatal("el PDF no tiene texto")
	}
	return p
}

// The page is as tall as what is printed on it: no blank half page, whatever
// the ticket carries (a logo, a name that wraps, the cancelled mark).
func TestPDFTieneElAltoDeSuContenido(t *testing.T) {
	paginaDe := func(tk Ticket) paginaPDF {
		t.Helper()
		logo := 0.0 // the logo's row, above the first line
		if _, ok := logoDeDatos(tk.LogoURL); ok {
			logo = pdfAltoLogo
		}
		b, err := PDF(tk)
		if err != nil {
			t.Fatal(err)
		}
		p := leerPaginaPDF(t, b)
		// the last line sits on the bottom margin, the first under the top one
		if abajo := slices.Min(p.lineas); abajo > pdfMargen+1 {
			t.Errorf("la última línea está a %.1f mm del borde inferior", abajo)
		}
		if arriba := p.alto - slices.Max(p.lineas) - logo; arriba > pdfMargen+6 {
			t.Errorf("la primera línea está a %.1f mm del borde superior", arriba)
		}
		if math.Abs(p.ancho-pdfAncho) > 0.1 {
			t.Errorf("ancho %.1f mm", p.ancho)
		}
		return p
	}
	base := paginaDe(ticketDePrueba("Ana"))
	if base.alto < pdfLadoQR+40 || base.alto > 140 {
		t.Fatalf("alto %.1f mm", base.alto)
	}
	conLogo := ticketDePrueba("Ana")
	conLogo.LogoURL = logoPNG(t, 40, 20)
	if d := paginaDe(conLogo).alto - base.alto; math.Abs(d-pdfAltoLogo) > 0.2 {
		t.Errorf("el logo agrega %.1f mm, esperaba %d", d, pdfAltoLogo)
	}
	largo := ticketDePrueba(strings.Repeat("Juana Inés de la Cruz ", 6))
	if d := paginaDe(largo).alto - base.alto; d < 6 {
		t.Errorf("un nombre de tres líneas agrega %.1f mm", d)
	}
	cancelado := ticketDePrueba("Ana")
	cancelado.Estado = "cancelado"
	if d := paginaDe(cancelado).alto - base.alto; d < 4 {
		t.Errorf("CANCELADO agrega %.1f mm", d)
	}
}

// The QR code keeps a quiet zone of 4 modules on every side, inside its image:
// nothing printed reaches into it.
func TestPDFQRConZonaDeSilencio(t *testing.T) {
	b, err := PDF(ticketDePrueba("Ana"))
	if err != nil {
		t.Fatal(err)
	}
	paginas, err := api.ExtractImagesRaw(bytes.NewReader(b), nil, model.NewDefaultConfiguration())
	if err != nil || len(paginas) != 1 || len(paginas[0]) != 1 {
		t.Fatalf("imágenes: %v %v", paginas, err)
	}
	var img image.Image
	for _, im := range paginas[0] {
		if img, _, err = image.Decode(im); err != nil {
			t.Fatalf("imagen %s: %v", im.FileType, err)
		}
	}
	r := img.Bounds()
	if r.Dx() != r.Dy() {
		t.Fatalf("el QR no es cuadrado: %v", r)
	}
	oscuro := func(x, y int) bool {
		g := color.GrayModel.Convert(img.At(x, y)).(color.Gray)
		return g.Y < 128
	}
	// the dark part's bounds: the symbol, finder patterns at three corners
	x0, y0, x1, y1 := r.Max.X, r.Max.Y, r.Min.X-1, r.Min.Y-1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if oscuro(x, y) {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	// a module's side: the top-left finder's outer ring is 7 modules wide
	anillo := 0
	for x := x0; x < r.Max.X && oscuro(x, y0); x++ {
		anillo++
	}
	if anillo == 0 || anillo%7 != 0 {
		t.Fatalf("patrón de posición de %d píxeles", anillo)
	}
	modulo := anillo / 7
	for lado, px := range map[string]int{"a la izquierda": x0 - r.Min.X, "arriba": y0 - r.Min.Y,
		"a la derecha": r.Max.X - 1 - x1, "abajo": r.Max.Y - 1 - y1} {
		if px < 4*modulo {
			t.Errorf("zona de silencio %s: %.1f módulos", lado, float64(px)/float64(modulo))
		}
	}
	if simbolo := (x1 - x0 + 1) / modulo; float64(pdfLadoQR)/float64(simbolo+8) < 0.8 {
		t.Errorf("módulos de %.2f mm: demasiado chicos para un lector", float64(pdfLadoQR)/float64(simbolo+8))
	}
}

func TestTicketDeUnaSalidaImprimeHoraEmbarcacionYEmbarque(t *testing.T) {
	dia := ticketDePrueba("Ana")
	if slices.ContainsFunc(dia.Datos(), func(d [2]string) bool { return d[0] == "Salida" }) {
		t.Fatal("un pasaje del día imprime una salida")
	}
	con := ticketDePrueba("Luis")
	con.Salida = domain.SalidaPasaje{SalidaID: 9, Hora: "10:30", Embarcacion: "Delta I", ParadaEmbarque: "Tigre"}
	html, err := HTML([]Ticket{con}, PapelPorDefecto)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "<dt>Fecha de viaje</dt><dd>21/11/2026</dd>\n<dt>Salida</dt><dd>10:30</dd>\n"+
		"<dt>Embarcación</dt><dd>Delta I</dd>\n<dt>Embarque</dt><dd>Tigre</dd>") {
		t.Fatalf("la salida no está bajo la fecha de viaje:\n%s", html)
	}
	b, err := PDF(con)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdftest.Text(t, b); !strings.Contains(text, "(Salida)") || !strings.Contains(text, "10:30") || !strings.Contains(text, "Delta I") {
		t.Fatalf("el PDF no imprime la salida: %s", text)
	}
}
