package impresion

import (
	"bytes"
	"fmt"
	"html/template"
)

// Papeles are the paper sizes a ticket prints on (operaciones §9).
var Papeles = []string{"58mm", "80mm", "A4", "letter"}

// PapelPorDefecto is the default printer's paper (operaciones §9).
const PapelPorDefecto = "80mm"

// hoja is how a ticket sits on one paper: the @page size, the ticket's width
// and the QR code's side, big enough to scan from 58 mm paper.
type hoja struct {
	Pagina, Ancho, QR, Fuente string
}

var hojas = map[string]hoja{
	"58mm":   {Pagina: "58mm 160mm", Ancho: "54mm", QR: "40mm", Fuente: "11px"},
	"80mm":   {Pagina: "80mm 190mm", Ancho: "74mm", QR: "50mm", Fuente: "12px"},
	"A4":     {Pagina: "A4", Ancho: "100mm", QR: "60mm", Fuente: "14px"},
	"letter": {Pagina: "letter", Ancho: "100mm", QR: "60mm", Fuente: "14px"},
}

// ticketHTML is a ticket with its QR code ready for the template.
type ticketHTML struct {
	Ticket
	QR   template.URL // a data: URL built here, never from user input
	Logo template.URL // logoHTML of the company's logo_url
}

var plantilla = template.Must(template.New("tickets").Parse(`<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>{{if eq (len .Tickets) 1}}Pasaje {{(index .Tickets 0).NumeroPasaje}}{{else}}Pasajes{{end}}</title>
<style>
@page { size: {{.Hoja.Pagina}}; margin: 2mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Courier New", Courier, monospace; font-size: {{.Hoja.Fuente}}; line-height: 1.4; color: #000; }
.ticket { width: {{.Hoja.Ancho}}; margin: 0 auto; padding: 2mm 0; break-after: page; page-break-after: always; }
.ticket:last-child { break-after: auto; page-break-after: auto; }
.centro { text-align: center; }
.logo { max-width: 60%; max-height: 18mm; }
.empresa { font-size: 1.3em; font-weight: bold; margin: 1mm 0; }
.numero { font-size: 1.15em; font-weight: bold; letter-spacing: 0.5px; }
.qr { width: {{.Hoja.QR}}; height: {{.Hoja.QR}}; image-rendering: pixelated; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5mm 2mm; margin: 2mm 0; }
dt { font-weight: bold; }
dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.aviso { border-top: 1px dashed #000; padding-top: 1.5mm; font-size: 0.9em; }
.cancelado { font-weight: bold; border: 2px solid #000; padding: 1mm; }
.duplicado { font-weight: bold; border: 2px solid #000; padding: 1mm; margin-top: 1mm; }
</style>
</head>
<body>
{{range .Tickets}}<section class="ticket">
<div class="centro">
{{if .Logo}}<img class="logo" src="{{.Logo}}" alt="">{{end}}
<div class="empresa">{{.Empresa}}</div>
<div class="numero">Pasaje {{.NumeroPasaje}}</div>
{{if eq .Estado "cancelado"}}<div class="cancelado">CANCELADO</div>{{end}}
{{if .Duplicado}}<div class="duplicado">DUPLICADO{{with .LeyendaDuplicado}}<br>{{.}}{{end}}</div>{{end}}
</div>
<dl>
{{range .Datos}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>
{{end}}</dl>
<div class="centro"><img class="qr" src="{{.QR}}" alt="Código QR del pasaje {{.NumeroPasaje}}"></div>
<p class="aviso centro">{{$.Aviso}}</p>
</section>
{{end}}</body>
</html>
`))

// HTML renders tickets as one printable page, one ticket per label or sheet
// of papel. Every text is escaped; the page carries no script (the window
// that opens it prints it).
func HTML(tickets []Ticket, papel string) ([]byte, error) {
	h, ok := hojas[papel]
	if !ok {
		return nil, fmt.Errorf("impresion: papel desconocido %q", papel)
	}
	data := struct {
		Tickets []ticketHTML
		Hoja    hoja
		Aviso   string
	}{Hoja: h, Aviso: TextoLlegada}
	for _, t := range tickets {
		qr, err := qrDataURL(t.CodigoQR)
		if err != nil {
			return nil, err
		}
		data.Tickets = append(data.Tickets, ticketHTML{Ticket: t, QR: template.URL(qr), Logo: logoHTML(t.LogoURL)})
	}
	var b bytes.Buffer
	if err := plantilla.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("impresion: html: %w", err)
	}
	return b.Bytes(), nil
}
