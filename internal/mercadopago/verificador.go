package mercadopago

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"muelle/internal/webhooks"
)

// Mercado Pago's webhooks (docs/features/mercadopago.md, "Notifications"):
// each company's application posts to the URL the company configured,
// https://…/api/webhooks/mercadopago?empresa=<id>, adding data.id and type
// to its query; the header x-signature "ts=<unix seconds>,v1=<hex
// HMAC-SHA256>" signs Manifiesto with the company's secret.

// Proveedor is the webhooks' provider name: POST /api/webhooks/mercadopago.
const Proveedor = "mercadopago"

// TipoAvisoOrden is the notifications' type (topic) of the Orders API.
const TipoAvisoOrden = "order"

// Manifiesto is the text Mercado Pago signs: "id:<data.id>;request-id:<x-request-id>;ts:<ts>;",
// data.id lowercased, a part whose value is missing left out.
func Manifiesto(dataID, requestID, ts string) string {
	var b strings.Builder
	for _, p := range [][2]string{{"id", strings.ToLower(dataID)}, {"request-id", requestID}, {"ts", ts}} {
		if p[1] != "" {
			b.WriteString(p[0] + ":" + p[1] + ";")
		}
	}
	return b.String()
}

// ComprobarFirma checks a delivery signed like Mercado Pago's: x-signature
// with one ts and one or more v1, the HMAC of Manifiesto (data.id from the
// query string, x-request-id) under any of secretos, and ts within tolerancia
// of ahora (webhooks.ToleranciaDefault when 0). It reads the headers and the
// query, never the body.
func ComprobarFirma(e *webhooks.Entrega, secretos [][]byte, ahora time.Time, tolerancia time.Duration) error {
	campos, err := webhooks.CamposFirma(e.Encabezado("X-Signature"))
	if err != nil {
		return err
	}
	if len(campos["ts"]) != 1 || len(campos["v1"]) == 0 {
		return fmt.Errorf("%w: falta ts o v1", webhooks.ErrFirma)
	}
	ts := campos["ts"][0]
	hora, err := horaFirma(ts)
	if err != nil {
		return err
	}
	mensaje := Manifiesto(e.Consulta.Get("data.id"), e.Encabezado("X-Request-Id"), ts)
	if err := webhooks.ComprobarHMAC(secretos, []byte(mensaje), campos["v1"]); err != nil {
		return err
	}
	if tolerancia <= 0 {
		tolerancia = webhooks.ToleranciaDefault
	}
	return webhooks.ComprobarHora(hora, ahora, tolerancia)
}

// unixEnMilisegundos: a ts this large is in milliseconds. Mercado Pago
// documents seconds, but its notifications simulator has been seen sending milliseconds;
// both are read (the signature covers ts as written either way).
const unixEnMilisegundos = 1e12

// horaFirma reads ts, in seconds or milliseconds since 1970.
func horaFirma(ts string) (time.Time, error) {
	t, err := webhooks.HoraUnix(ts)
	if err == nil && t.Unix() >= unixEnMilisegundos {
		t = time.UnixMilli(t.Unix())
	}
	return t, err
}

// Verificador is the webhooks.Verificador of Mercado Pago's order
// notifications. The company is the query's empresa (a positive integer,
// else webhooks.ErrFormato before anything else); its secrets come from
// Secretos, which answers none, without error, for a company unknown or
// without a secret stored (refused as webhooks.ErrFirma) and an error only
// when they could not be read (the route answers 500 and Mercado Pago
// retries). Then the signature (ComprobarFirma, within Tolerancia) and only
// then the body, which must be an order notification for the signed data.id.
type Verificador struct {
	Secretos   func(ctx context.Context, empresaID int64) ([][]byte, error)
	Tolerancia time.Duration
}

// Verificar implements webhooks.Verificador. The event's IDExterno is
// "<order id>:<action>" (order.processed, order.refunded, …): every delivery
// of one notification has it, and each change of an order is an event of its
// own. Tipo is the action.
func (v Verificador) Verificar(ctx context.Context, e *webhooks.Entrega, ahora time.Time) (webhooks.Evento, error) {
	empresaID, err := strconv.ParseInt(e.Consulta.Get("empresa"), 10, 64)
	if err != nil || empresaID <= 0 {
		return webhooks.Evento{}, fmt.Errorf("%w: empresa %q en la consulta", webhooks.ErrFormato, e.Consulta.Get("empresa"))
	}
	secretos, err := v.Secretos(ctx, empresaID)
	if err != nil {
		return webhooks.Evento{}, fmt.Errorf("mercadopago: secretos de la empresa %d: %w", empresaID, err)
	}
	if len(secretos) == 0 {
		return webhooks.Evento{}, fmt.Errorf("%w: la empresa %d no tiene clave de notificaciones", webhooks.ErrFirma, empresaID)
	}
	if err := ComprobarFirma(e, secretos, ahora, v.Tolerancia); err != nil {
		return webhooks.Evento{}, err
	}
	return leerAviso(e.Cuerpo, e.Consulta.Get("data.id"), empresaID)
}

// avisoOrden is the part of an order notification the inbox keeps apart;
// the job reads the order itself from the API.
type avisoOrden struct {
	Action string `json:"action"`
	Type   string `json:"type"`
	Data   struct {
		ID string `json:"id"`
	} `json:"data"`
}

// leerAviso parses a verified body: an order notification whose data.id is
// the signed one (the signature covers the query, not the body).
func leerAviso(cuerpo []byte, dataID string, empresaID int64) (webhooks.Evento, error) {
	var a avisoOrden
	if err := json.NewDecoder(bytes.NewReader(cuerpo)).Decode(&a); err != nil {
		return webhooks.Evento{}, fmt.Errorf("%w: %v", webhooks.ErrFormato, err)
	}
	switch {
	case a.Type != TipoAvisoOrden:
		return webhooks.Evento{}, fmt.Errorf("%w: tipo %q", webhooks.ErrFormato, a.Type)
	case a.Action == "" || a.Data.ID == "" || !strings.EqualFold(a.Data.ID, dataID):
		return webhooks.Evento{}, fmt.Errorf("%w: acción %q, orden %q (firmada %q)", webhooks.ErrFormato, a.Action, a.Data.ID, dataID)
	}
	return webhooks.Evento{IDExterno: a.Data.ID + ":" + a.Action, EmpresaID: empresaID, Tipo: a.Action}, nil
}
