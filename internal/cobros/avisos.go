package cobros

import (
	"context"
	"strings"

	"muelle/internal/mercadopago"
	"muelle/internal/store"
	"muelle/internal/webhooks"
)

// Proveedor is Mercado Pago on the webhooks' inbox (POST
// /api/webhooks/mercadopago?empresa=…): each company's notifications are
// signed with its own secret; a verified one is only a hint, its order
// fetched from the API before anything changes (Revisar).
func (k *Cobros) Proveedor() webhooks.Proveedor {
	return webhooks.Proveedor{Nombre: store.ProveedorMercadoPago,
		Verificador: mercadopago.Verificador{Secretos: k.Store.SecretosWebhookMercadoPago}, Procesar: k.procesarAviso}
}

// procesarAviso looks at the order a notification names; one of no payment
// of the company (another system's, or a test) changes nothing.
func (k *Cobros) procesarAviso(ctx context.Context, e webhooks.Entrante) (string, bool, error) {
	ordenID, _, _ := strings.Cut(e.Evento.IDExterno, ":") // "<order id>:<action>" (mercadopago.Verificador)
	cb, err := k.Store.CobroPorOrden(ctx, e.Evento.EmpresaID, ordenID)
	if esNegocio(err) {
		return "orden sin cobro", false, nil
	}
	if err != nil {
		return "", true, err
	}
	if _, err := k.Revisar(ctx, cb); err != nil {
		return "", temporal(err), err
	}
	return "revisado", false, nil
}
