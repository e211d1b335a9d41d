package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// The daily reconciliation of Mercado Pago QR payments (docs/features/venta-diferida.md):
// the orders Mercado Pago holds for a period against Muelle's payment attempts.

// States of a payment attempt the reconciliation reads (store.Pago…).
const (
	PagoPagado       = "pagado"
	PagoReembolsando = "reembolsando"
)

// OrdenConciliada is an order at Mercado Pago: its id and status.
type OrdenConciliada struct {
	Orden  string
	Estado string // Mercado Pago's (mercadopago.Estado…): processed, refunded, created, expired…
}

// PagoConciliado is a Muelle payment attempt with an order: the order, the
// attempt's state (store.Pago…) and when it was created.
type PagoConciliado struct {
	Orden  string
	Estado string
	Creado time.Time
}

// Conciliacion is what the treasurer must look at: orders paid at Mercado
// Pago that no sale (nor a refund under way) accounts for, and sales whose
// order Mercado Pago does not hold as paid (or refunded).
type Conciliacion struct {
	PagosSinVenta []string
	VentasSinPago []string
}

// Vacia says nothing is out of step.
func (c Conciliacion) Vacia() bool { return len(c.PagosSinVenta) == 0 && len(c.VentasSinPago) == 0 }

// Conciliar compares the orders mp Mercado Pago holds created from desde
// until hasta with the attempts propios (read over a wider period, so an
// order created at the edge finds its attempt): a paid order is accounted
// for by an attempt paid or being refunded; an attempt paid and created in
// the period must have its order paid, or refunded since.
func Conciliar(mp []OrdenConciliada, propios []PagoConciliado, desde, hasta time.Time) Conciliacion {
	estados := make(map[string]string, len(propios))
	for _, p := range propios {
		estados[p.Orden] = p.Estado
	}
	enMP := make(map[string]string, len(mp))
	var c Conciliacion
	for _, o := range mp {
		enMP[o.Orden] = o.Estado
		if e := estados[o.Orden]; o.Estado == "processed" && e != PagoPagado && e != PagoReembolsando {
			c.PagosSinVenta = append(c.PagosSinVenta, o.Orden)
		}
	}
	for _, p := range propios {
		e := enMP[p.Orden]
		enPeriodo := !p.Creado.Before(desde) && p.Creado.Before(hasta)
		if p.Estado == PagoPagado && enPeriodo && e != "processed" && e != "refunded" {
			c.VentasSinPago = append(c.VentasSinPago, p.Orden)
		}
	}
	slices.Sort(c.PagosSinVenta)
	slices.Sort(c.VentasSinPago)
	return c
}

// TituloConciliacionMP titles the supervisors' alert of a reconciliation
// that found something out of step.
const TituloConciliacionMP = "Conciliación de Mercado Pago"

// maxOrdenesMensaje bounds the order ids a reconciliation's alert names.
const maxOrdenesMensaje = 10

// MensajeConciliacion is the alert's text: the period (dd/mm/aaaa, in the
// company's zone) and each list with its count and up to ten ids.
func MensajeConciliacion(c Conciliacion, desde, hasta time.Time, zona *time.Location) string {
	lista := func(n int, uno, varios string, ids []string) string {
		texto := Plural(int64(n), uno, varios)
		if len(ids) > maxOrdenesMensaje {
			return texto + " (" + strings.Join(ids[:maxOrdenesMensaje], ", ") + ", …)"
		}
		return texto + " (" + strings.Join(ids, ", ") + ")"
	}
	var partes []string
	if len(c.PagosSinVenta) > 0 {
		partes = append(partes, lista(len(c.PagosSinVenta), "pago sin venta", "pagos sin venta", c.PagosSinVenta))
	}
	if len(c.VentasSinPago) > 0 {
		partes = append(partes, lista(len(c.VentasSinPago), "venta sin pago", "ventas sin pago", c.VentasSinPago))
	}
	return fmt.Sprintf("Del %s %s al %s %s: %s. Revíselos en su cuenta de Mercado Pago", desde.In(zona).Format("02/01/2006"),
		desde.In(zona).Format("15:04"), hasta.In(zona).Format("02/01/2006"), hasta.In(zona).Format("15:04"), strings.Join(partes, "; "))
}
