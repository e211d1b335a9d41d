package api

import (
	"cmp"
	"context"
	"net/http"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/store"
)

// maxLimiteReporte is the largest page of a report's list (REPORTES.md: limite 1–100).
const maxLimiteReporte = 100

// VentasDetalladas is one page of the period's tickets, in every state,
// newest first (backoffice §2.15, the sales table).
type VentasDetalladas struct {
	Periodo    PeriodoReporte    `json:"periodo"`
	Ventas     []VentaDetallada  `json:"ventas"`
	Paginacion PaginacionReporte `json:"paginacion"`
}

// VentaDetallada is one ticket of the detailed sales: fecha_venta is the
// instant it was sold, fecha_viaje the day it travels; estado is the badge.
type VentaDetallada struct {
	ID              int64     `json:"id"`
	FechaVenta      time.Time `json:"fecha_venta"`
	FechaViaje      string    `json:"fecha_viaje" format:"date"`
	NumeroPasaje    string    `json:"numero_pasaje"`
	ClienteNombre   string    `json:"cliente_nombre"`
	SeccionNombre   string    `json:"seccion_nombre"`
	TipoViajeNombre string    `json:"tipo_viaje_nombre"`
	MedioPagoNombre string    `json:"medio_pago_nombre"`
	// Referencia is the payment's reference of its sale (absent: none).
	Referencia *ReferenciaPago `json:"referencia,omitempty"`
	// CobroMP is the Mercado Pago order and payment of a sale charged by QR (absent: none).
	CobroMP  *domain.CobroMP `json:"cobro_mp,omitempty"`
	Vendedor string          `json:"vendedor"`
	Precio   domain.Centavos `json:"precio"`
	Estado   string          `json:"estado" enum:"activo,usado,cancelado"`
}

// filtroVentas is the store's filter of the period p of zone loc on the basis base.
func filtroVentas(p domain.Periodo, loc *time.Location, base string) store.FiltroVentasPeriodo {
	return store.FiltroVentasPeriodo{Periodo: p, Loc: loc, PorViaje: base == BaseViaje}
}

// ventasDetalladas answers a page of the period's tickets.
func (s *Server) ventasDetalladas(r *http.Request, c ConsultaPaginaReporte) (VentasDetalladas, error) {
	p, loc, err := s.periodoReporte(r, c.ConsultaPeriodo)
	if err != nil {
		return VentasDetalladas{}, err
	}
	vs, total, err := s.Store.VentasDetalladas(r.Context(), actorFrom(r).EmpresaID(), filtroVentas(p, loc, c.Base),
		paginaDe(c.Pagina, c.Limite))
	if err != nil {
		return VentasDetalladas{}, err
	}
	return VentasDetalladas{Periodo: estePeriodo(p, c.Base), Ventas: mapRows(vs, ventaDetalladaDe),
		Paginacion: paginacionReporte(c.Pagina, c.Limite, total)}, nil
}

func ventaDetalladaDe(v store.VentaDetallada) VentaDetallada {
	return VentaDetallada{ID: v.ID, FechaVenta: v.FechaVenta.UTC(), FechaViaje: v.FechaViaje, NumeroPasaje: v.NumeroPasaje,
		ClienteNombre: v.ClienteNombre, SeccionNombre: v.SeccionNombre, TipoViajeNombre: v.TipoViajeNombre,
		MedioPagoNombre: v.MedioPagoNombre, Referencia: referenciaPagoDe(v.Referencia), CobroMP: v.Referencia.CobroMP,
		Vendedor: v.Vendedor, Precio: v.Precio, Estado: v.Estado}
}

// columnasVentas are the columns of the detailed sales' files (REPORTES.md).
var columnasVentas = []string{"Fecha de venta", "Fecha de viaje", "N° Pasaje", "Cliente", "Sección", "Tipo de viaje",
	"Medio de pago", "Referencia", "Vendedor", "Precio", "Estado"}

// estadosLegibles are the ticket states as a report's file shows them.
var estadosLegibles = map[string]string{domain.PasajeActivo: "Activo", domain.PasajeUsado: "Usado",
	domain.PasajeCancelado: "Cancelado"}

// exportarVentas is the company e's detailed sales of the period as a CSV, an
// XLSX or a PDF (archivoReporte), encoded row by row as the database sends them (the
// PDF, laid out in memory, holds the newest maxFilasPDF), then the period's
// total without the cancelled tickets (filaTotal). A period without tickets is
// a 404 before anything is sent.
func (s *Server) exportarVentas(ctx context.Context, e store.Empresa, c ConsultaExportarReporte) (archivo, error) {
	p, loc, err := s.periodoDe(e, c.ConsultaPeriodo)
	if err != nil {
		return archivo{}, err
	}
	f := filtroVentas(p, loc, c.Base)
	resumen, err := s.Store.ResumenVentas(ctx, e.ID, f)
	if err != nil {
		return archivo{}, err
	}
	if resumen.Total() == 0 {
		return archivo{}, domain.NotFound(MsgSinDatosExportar)
	}
	totales := []export.Fact{
		{Label: "Pasajes vendidos", Value: miles(resumen.Cantidad)},
		{Label: "Total de ventas", Value: resumen.Importe.String()},
		{Label: "Cancelados", Value: miles(resumen.Cancelados) + " por " + resumen.ImporteCancelado.String()},
	}
	var tope int64
	if c.Formato == FormatoPDF {
		tope = maxFilasPDF
		if total := resumen.Total(); total > maxFilasPDF {
			totales = append(totales, export.Fact{Label: "Detalle", Value: "las " + miles(maxFilasPDF) +
				" ventas más recientes de " + miles(total) + " (el detalle completo, en Excel o CSV)"})
		}
	}
	t := export.Table{Title: "Reporte de ventas", Columns: columnasVentas}
	return s.archivoReporte(ctx, e, c.Formato, "reporte-ventas", p, cmp.Or(c.Base, BaseVenta), t, totales, func(enc export.Encoder) error {
		fila := make([]export.Cell, 0, len(columnasVentas))
		if err := s.Store.RecorrerVentasDetalladas(ctx, e.ID, f, tope, func(v store.VentaDetallada) error {
			fila = append(fila[:0], export.Date(v.FechaVenta.In(loc)), fechaCelda(v.FechaViaje),
				export.Text(v.NumeroPasaje), export.Text(v.ClienteNombre), export.Text(v.SeccionNombre),
				export.Text(v.TipoViajeNombre), export.Text(v.MedioPagoNombre), export.Text(v.Referencia.Texto()), export.Text(v.Vendedor),
				export.Money(v.Precio), export.Text(estadoLegible(v.Estado)))
			return enc.Encode(fila)
		}); err != nil {
			return err
		}
		return enc.Encode(filaTotal(columnasVentas, resumen.Importe))
	})
}

// etiquetaTotal names the last row of a file of tickets (filaTotal).
const etiquetaTotal = "Total sin cancelados"

// filaTotal is the last row of a file of tickets whose columns are columnas:
// etiquetaTotal in the first column and importe, what the tickets
// that are not cancelled sold (a cancelled ticket was refunded: its price is
// no sale, and the screen leaves it out), in the column 'Precio'.
func filaTotal(columnas []string, importe domain.Centavos) []export.Cell {
	fila := make([]export.Cell, len(columnas))
	for i, c := range columnas {
		switch {
		case i == 0:
			fila[i] = export.Text(etiquetaTotal)
		case c == "Precio":
			fila[i] = export.Money(importe)
		default:
			fila[i] = export.Text("")
		}
	}
	return fila
}

// fechaCelda is the day fecha (YYYY-MM-DD) as a date cell, or as text if it is not one.
func fechaCelda(fecha string) export.Cell {
	d, err := time.Parse(time.DateOnly, fecha)
	if err != nil {
		return export.Text(fecha)
	}
	return export.Date(d)
}

func estadoLegible(estado string) string {
	if e, ok := estadosLegibles[estado]; ok {
		return e
	}
	return estado
}

// miles is n with es-AR thousands separators: 12.345.
func miles(n int64) string {
	d := strconv.FormatInt(n, 10)
	signo := ""
	if n < 0 {
		signo, d = "-", d[1:]
	}
	for i := len(d) - 3; i > 0; i -= 3 {
		d = d[:i] + "." + d[i:]
	}
	return signo + d
}
