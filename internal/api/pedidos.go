package api

import (
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// A sale that completes later (docs/features/venta-diferida.md): the seller
// charges with Mercado Pago QR; the order holds the sale until the payment is
// confirmed (package cobros), then its tickets exist.

// Pedido is a pending order as its seller's counter shows it.
type Pedido struct {
	ID        int64           `json:"id"`
	Estado    string          `json:"estado" enum:"pendiente,completado,vencido,cancelado"`
	Total     domain.Centavos `json:"total"`
	Cantidad  int             `json:"cantidad"`
	MedioPago string          `json:"medio_pago_nombre"`
	// QRData is the QR the passenger scans (null until Mercado Pago created the order).
	QRData    *string    `json:"qr_data"`
	VenceEn   time.Time  `json:"vence_en"`
	CreatedAt time.Time  `json:"created_at"`
	CerradoEn *time.Time `json:"cerrado_en"`
	// Falla is why a released order did not complete ('' while pending or completed).
	Falla string `json:"falla"`
	// Venta is the completed sale, as POST /pasajes/lote answers it (null until completed).
	Venta *Venta `json:"venta"`
}

func pedidoDe(p store.Pedido) (Pedido, error) {
	out := Pedido{ID: p.ID, Estado: p.Estado, Total: p.Total, Cantidad: p.Cantidad, MedioPago: p.MedioPago, QRData: p.QRData,
		VenceEn: p.VenceEn, CreatedAt: p.CreatedAt, CerradoEn: p.CerradoEn, Falla: p.Falla}
	if len(p.Pasajes) > 0 {
		total, err := domain.Sumar(mapRows(p.Pasajes, func(p store.Pasaje) domain.Centavos { return p.Precio })...)
		if err != nil {
			return out, err
		}
		out.Venta = &Venta{Pasajes: mapRows(p.Pasajes, pasajeDe), Total: total}
	}
	return out, nil
}

// crearPedido holds a sale by a Mercado Pago QR method until it is paid.
func (s *Server) crearPedido(r *http.Request, body VenderPasajes) (createdReply[Pedido], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Pedido]{}, err
	}
	v := body.venta(mapRows(body.Lineas, func(l LineaVenta) domain.LineaVenta { return domain.LineaVenta(l) }))
	v.BeneficioID = body.BeneficioID
	if v.Sobreventa, err = s.confirmaSobreventa(r, a, body.Sobreventa); err != nil {
		return createdReply[Pedido]{}, err
	}
	id, err := s.Store.CrearPedido(r.Context(), a, v)
	if err != nil {
		return createdReply[Pedido]{}, err
	}
	p, err := s.pedidoPropio(r, id)
	return created(p, domain.MsgPedidoCreado), err
}

// verPedido answers one of the seller's orders.
func (s *Server) verPedido(r *http.Request) (Pedido, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return Pedido{}, err
	}
	return s.pedidoPropio(r, id)
}

// cancelarPedido is 'Cancelar cobro': the order cancelled at Mercado Pago
// and released, or completed when the passenger had paid already.
func (s *Server) cancelarPedido(r *http.Request) (reply[Pedido], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Pedido]{}, err
	}
	if _, err := s.pedidoPropio(r, id); err != nil {
		return reply[Pedido]{}, err
	}
	msg, err := s.Cobros.Cancelar(r.Context(), actorFrom(r).EmpresaID(), id)
	if err != nil {
		return reply[Pedido]{}, err
	}
	p, err := s.pedidoPropio(r, id)
	return withMessage(p, msg), err
}

// pedidoPropio reads an order of the caller's company that the caller
// created: anyone else's is 404, like another company's (store.Pedido).
func (s *Server) pedidoPropio(r *http.Request, id int64) (Pedido, error) {
	a := actorFrom(r)
	p, err := s.Store.Pedido(r.Context(), store.Actor{EmpresaID: a.EmpresaID(), UsuarioID: a.Usuario.ID}, id)
	if err != nil {
		return Pedido{}, err
	}
	return pedidoDe(p)
}
