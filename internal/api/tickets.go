package api

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/impresion"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
)

// MsgSinDatosExportar answers an export with nothing in it (operaciones §8).
const MsgSinDatosExportar = "No hay datos para exportar"

// ConsultaTicket is the paper a printable page is laid out for, and the
// recorded print it is (POST /tickets/impresiones): its number is printed.
type ConsultaTicket struct {
	Papel string `query:"papel" enum:"58mm,80mm,A4,letter" description:"El papel; 80mm si falta"`
	ConsultaImpresion
}

// ConsultaImpresion names the recorded print a ticket's page or PDF is.
type ConsultaImpresion struct {
	Impresion int64 `query:"impresion" minimum:"1" description:"La impresión registrada (POST /tickets/impresiones) que es esta página: la primera es el original, las siguientes dicen DUPLICADO con su número; sin ella, un pasaje ya impreso sale como copia"`
}

// ConsultaTickets are the tickets of a print page (at most 50), its paper and
// their recorded prints.
type ConsultaTickets struct {
	IDs         []int64 `query:"ids" required:"true" collectionFormat:"csv" maxItems:"50" unidad:"pasajes" description:"Los ids de los pasajes, separados por comas"`
	Papel       string  `query:"papel" enum:"58mm,80mm,A4,letter" description:"El papel; 80mm si falta"`
	Impresiones []int64 `query:"impresiones" collectionFormat:"csv" maxItems:"50" unidad:"impresiones" description:"Las impresiones registradas de esos pasajes (POST /tickets/impresiones), separadas por comas"`
}

// ImprimirPasajes asks for a print of each ticket of ids, as the page (html)
// or the PDF, on papel.
type ImprimirPasajes struct {
	IDs     []int64 `json:"ids" minItems:"1" maxItems:"50" description:"Los ids de los pasajes que se imprimen, cada uno una vez"`
	Formato string  `json:"formato" maxLength:"4" enum:"html,pdf" description:"La página imprimible o el PDF"`
	Papel   string  `json:"papel,omitempty" maxLength:"6" enum:"58mm,80mm,A4,letter" description:"El papel; 80mm si falta (el PDF es de 80 mm)"`
}

// ImpresionPasaje is one recorded print: its number among the ticket's prints
// (1 the original; N ≥ 2 a duplicate), who and when.
type ImpresionPasaje struct {
	ID        int64     `json:"id"`
	PasajeID  int64     `json:"pasaje_id"`
	Numero    int       `json:"numero" minimum:"1"`
	Duplicado bool      `json:"duplicado" description:"Una reimpresión: dice DUPLICADO y 'Duplicado N'"`
	Leyenda   string    `json:"leyenda" description:"'Duplicado N', o vacío para el original"`
	Formato   string    `json:"formato" enum:"html,pdf,sin_conexion"`
	Papel     string    `json:"papel"`
	UsuarioID int64     `json:"usuario_id"`
	CreatedAt time.Time `json:"created_at"`
}

// registrarImpresiones records one print of each ticket (the number the page
// or the PDF then carries), atomically numbered and audited.
func (s *Server) registrarImpresiones(r *http.Request, body ImprimirPasajes) (reply[[]ImpresionPasaje], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[[]ImpresionPasaje]{}, err
	}
	if body.Formato != domain.ImpresionHTML && body.Formato != domain.ImpresionPDF {
		return reply[[]ImpresionPasaje]{}, domain.Invalid("El campo formato debe ser uno de: html, pdf")
	}
	if body.Papel != "" && !slices.Contains(impresion.Papeles, body.Papel) {
		return reply[[]ImpresionPasaje]{}, domain.Invalid("El campo papel debe ser uno de: " + strings.Join(impresion.Papeles, ", "))
	}
	papel := body.Papel
	if papel == "" || body.Formato == domain.ImpresionPDF {
		papel = impresion.PapelPorDefecto
	}
	ims, err := s.Store.RegistrarImpresiones(r.Context(), a, body.IDs, body.Formato, papel, vendedorDe(r))
	return withMessage(mapRows(ims, impresionDe), domain.MsgImpresionRegistrada), err
}

func impresionDe(im store.Impresion) ImpresionPasaje {
	return ImpresionPasaje{ID: im.ID, PasajeID: im.PasajeID, Numero: im.Numero, Duplicado: domain.EsDuplicado(im.Numero),
		Leyenda: domain.LeyendaDuplicado(im.Numero), Formato: im.Formato, Papel: im.Papel, UsuarioID: im.UsuarioID,
		CreatedAt: im.CreatedAt}
}

// zonaDe is the caller's company's time zone (dates are printed in it).
func (s *Server) zonaDe(r *http.Request) (store.Empresa, *time.Location, error) {
	e, _, err := s.Store.Empresa(r.Context(), actorFrom(r).EmpresaID())
	return e, domain.Location(e.Timezone), err
}

// columnasPasajes are the columns of the ticket export (operaciones §9).
var columnasPasajes = []string{"ID", "Fecha Viaje", "Cliente", "Teléfono", "Sección", "Tipo Viaje", "Precio",
	"Medio de Pago", "Estado", "Vendedor", "Fecha Venta"}

// exportarPasajes answers the list's filter as the CSV of operaciones §9
// (at most store.MaxExportacion tickets, newest first, each with its state
// as the screens name it), encoded row by row as it is sent, and the total
// row of the list's 'Total ventas' (the cancelled tickets left out).
func (s *Server) exportarPasajes(r *http.Request, c FiltroPasajes) (archivo, error) {
	f, err := s.filtroListado(r, c)
	if err != nil {
		return archivo{}, err
	}
	_, loc, err := s.zonaDe(r)
	if err != nil {
		return archivo{}, err
	}
	pasajes, totales, err := s.Store.ExportarPasajes(r.Context(), actorFrom(r).EmpresaID(), f)
	if err != nil {
		return archivo{}, err
	}
	if len(pasajes) == 0 {
		return archivo{}, domain.NotFound(MsgSinDatosExportar)
	}
	o, err := s.importesOcultos(r, f)
	if err != nil {
		return archivo{}, err
	}
	nombre := "pasajes_" + domain.DiaDe(s.Store.Now(), loc).Fecha + ".csv"
	return exportarCSV(nombre, export.Table{Title: "Pasajes", Columns: columnasPasajes}, func(enc export.Encoder) error {
		fila := make([]export.Cell, 0, len(columnasPasajes))
		for _, p := range pasajes {
			fila = append(fila[:0], export.Text(p.NumeroPasaje), export.Text(domain.FechaAR(p.FechaViaje)),
				export.Text(p.ClienteNombre), export.Text(p.ClienteTelefono), export.Text(p.SeccionNombre),
				export.Text(p.TipoViajeNombre), o.precio(p), export.Text(p.MedioPagoNombre), export.Text(estadoLegible(p.Estado)),
				export.Text(p.UsuarioNombre), export.Text(p.CreatedAt.In(loc).Format("02/01/2006 15:04")))
			if err := enc.Encode(fila); err != nil {
				return err
			}
		}
		if o.totales {
			return nil // a blind cashier's own register: no total that adds up the expected cash
		}
		return enc.Encode(filaTotal(columnasPasajes, totales.TotalVentas))
	}), nil
}

// precio is p's price as the export writes it: 'Oculto' when the list hides it.
func (o ocultos) precio(p store.Pasaje) export.Cell {
	if o.oculto(p) {
		return export.Text(MsgImporteOculto)
	}
	return export.Money(p.Precio)
}

// MsgImporteOculto stands for an amount a blind cashier is not shown.
const MsgImporteOculto = "Oculto"

// qrPasaje answers the ticket's QR code as a PNG.
func (s *Server) qrPasaje(r *http.Request) (archivo, error) {
	p, err := s.pasajeDelPedido(r)
	if err != nil {
		return archivo{}, err
	}
	png, err := impresion.QRPNG(p.CodigoQR, 320)
	return bytesDe(mediaPNG, "", png), err
}

// ticketDe is a ticket as printed for the company e.
var ticketDe = mensajeria.TicketImpreso

// imprimir renders tickets as a printable page for the paper of ?papel=,
// each marked by its print (impresiones: the recorded prints named).
func (s *Server) imprimir(r *http.Request, pasajes []store.Pasaje, papel string, impresiones []int64) (archivo, error) {
	if papel == "" {
		papel = impresion.PapelPorDefecto
	}
	ts, err := s.ticketsImpresos(r, pasajes, impresiones)
	if err != nil {
		return archivo{}, err
	}
	html, err := impresion.HTML(ts, papel)
	return bytesDe(mediaHTML, "", html), err
}

// ticketsImpresos are pasajes as printed, each with its print's mark.
func (s *Server) ticketsImpresos(r *http.Request, pasajes []store.Pasaje, impresiones []int64) ([]impresion.Ticket, error) {
	e, loc, err := s.zonaDe(r)
	if err != nil {
		return nil, err
	}
	ids := mapRows(pasajes, func(p store.Pasaje) int64 { return p.ID })
	numeros, err := s.Store.NumerosDeImpresion(r.Context(), actorFrom(r).EmpresaID(), ids, impresiones)
	if err != nil {
		return nil, err
	}
	referencias, err := s.Store.ReferenciasDePago(r.Context(), actorFrom(r).EmpresaID(), ids)
	if err != nil {
		return nil, err
	}
	return mapRows(pasajes, func(p store.Pasaje) impresion.Ticket {
		t := ticketDe(p, e, loc)
		t.Impresion, t.Referencia = numeros[p.ID], referencias[p.ID].Texto()
		return t
	}), nil
}

// unaImpresion is the print a single ticket's page names, as a list.
func unaImpresion(c ConsultaImpresion) []int64 {
	if c.Impresion == 0 {
		return nil
	}
	return []int64{c.Impresion}
}

// ticketHTML answers one ticket's printable page.
func (s *Server) ticketHTML(r *http.Request, c ConsultaTicket) (archivo, error) {
	p, err := s.pasajeDelPedido(r)
	if err != nil {
		return archivo{}, err
	}
	return s.imprimir(r, []store.Pasaje{p}, c.Papel, unaImpresion(c.ConsultaImpresion))
}

// ticketsLote answers the printable page of several tickets (?ids=1,2,3).
func (s *Server) ticketsLote(r *http.Request, c ConsultaTickets) (archivo, error) {
	pasajes, err := s.Store.PasajesPorIDs(r.Context(), actorFrom(r).EmpresaID(), c.IDs, vendedorDe(r))
	if err != nil {
		return archivo{}, err
	}
	return s.imprimir(r, pasajes, c.Papel, c.Impresiones)
}

// ticketPDF answers one ticket as a PDF download named ticket-{id}.pdf.
func (s *Server) ticketPDF(r *http.Request, c ConsultaImpresion) (archivo, error) {
	p, err := s.pasajeDelPedido(r)
	if err != nil {
		return archivo{}, err
	}
	ts, err := s.ticketsImpresos(r, []store.Pasaje{p}, unaImpresion(c))
	if err != nil {
		return archivo{}, err
	}
	t, err := s.conLogoGuardado(r, ts[0])
	if err != nil {
		return archivo{}, err
	}
	pdf, err := impresion.PDF(t)
	return bytesDe(mediaPDF, fmt.Sprintf("ticket-%d.pdf", p.ID), pdf), err
}

// conLogoGuardado hands the PDF the company's logo stored in the database as a
// data: URL (the PDF embeds nothing else; the printable page loads the path).
func (s *Server) conLogoGuardado(r *http.Request, t impresion.Ticket) (impresion.Ticket, error) {
	if !strings.HasPrefix(t.LogoURL, "/api/public/empresas/") {
		return t, nil
	}
	l, ok, err := s.Store.LogoDeEmpresa(r.Context(), actorFrom(r).EmpresaID())
	if err == nil && ok {
		t.LogoURL = "data:" + l.Tipo + ";base64," + base64.StdEncoding.EncodeToString(l.Datos)
	}
	return t, err
}
