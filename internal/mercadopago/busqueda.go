package mercadopago

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"muelle/internal/externo"
)

// The reconciliation's search (GET /v1/orders): the QR orders created in a
// period, page by page.

// Bounds of a search: Mercado Pago's page and its longest period, and how
// many orders one search reads at most (a day of a terminal's counters is far
// below it).
const (
	PorPaginaBusqueda  = 50
	MaxPeriodoBusqueda = 720 * time.Hour
	MaxOrdenesBusqueda = 2000
)

// respuestaBusqueda is a page of the search.
type respuestaBusqueda struct {
	Data   []respuestaOrden `json:"data"`
	Paging struct {
		Total  int `json:"total"`
		Offset int `json:"offset"`
		Limit  int `json:"limit"`
	} `json:"paging"`
}

// BuscarOrdenesQR answers the QR orders created from desde until hasta (at
// most MaxPeriodoBusqueda apart), every page read; more than
// MaxOrdenesBusqueda is an error rather than a partial answer.
func (c *Cliente) BuscarOrdenesQR(ctx context.Context, desde, hasta time.Time) ([]Orden, error) {
	if !hasta.After(desde) || hasta.Sub(desde) > MaxPeriodoBusqueda {
		return nil, fmt.Errorf("mercadopago: período de búsqueda inválido %s – %s", desde, hasta)
	}
	var out []Orden
	for offset := 0; ; offset += PorPaginaBusqueda {
		q := url.Values{"begin_date": {desde.UTC().Format(time.RFC3339)}, "end_date": {hasta.UTC().Format(time.RFC3339)},
			"type": {TipoQR}, "limit": {strconv.Itoa(PorPaginaBusqueda)}, "offset": {strconv.Itoa(offset)}}
		var r respuestaBusqueda
		if err := c.llamar(ctx, externo.Pedido{Ruta: "/v1/orders", Consulta: q}, nil, &r); err != nil {
			return nil, err
		}
		for _, ro := range r.Data {
			o, err := ro.orden()
			if err != nil {
				return nil, errRespuesta("/v1/orders", err.Error())
			}
			out = append(out, o)
		}
		if len(out) > MaxOrdenesBusqueda {
			return nil, errRespuesta("/v1/orders", fmt.Sprintf("más de %d órdenes en el período", MaxOrdenesBusqueda))
		}
		if len(r.Data) < PorPaginaBusqueda || offset+len(r.Data) >= r.Paging.Total {
			return out, nil
		}
	}
}
