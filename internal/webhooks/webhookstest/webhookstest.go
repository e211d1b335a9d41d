// Package webhookstest is a provider of webhooks for the tests, signed the
// way Mercado Pago signs its own (issue 43), so the inbox is proven against
// the shape its first real provider has. It is never wired into muelle serve.
package webhookstest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"muelle/internal/mercadopago"
	"muelle/internal/webhooks"
)

// Nombre is the test provider's name: POST /api/webhooks/prueba.
const Nombre = "prueba"

// Verificador checks a delivery signed like Mercado Pago's
// (mercadopago.ComprobarFirma: x-signature over the manifest of the query's
// data.id and x-request-id, with any of Secretos, within Tolerancia). Only
// then is the body read, as {"id": "<event id>", "type": "<kind>",
// "empresa_id": n?}.
type Verificador struct {
	Secretos   [][]byte
	Tolerancia time.Duration
}

// Verificar implements webhooks.Verificador.
func (v Verificador) Verificar(_ context.Context, e *webhooks.Entrega, ahora time.Time) (webhooks.Evento, error) {
	if err := mercadopago.ComprobarFirma(e, v.Secretos, ahora, v.Tolerancia); err != nil {
		return webhooks.Evento{}, err
	}
	return leer(e.Cuerpo)
}

// cuerpo is the body of the test provider's event.
type cuerpo struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	EmpresaID int64  `json:"empresa_id"`
}

// leer parses a verified body into its event.
func leer(b []byte) (webhooks.Evento, error) {
	var c cuerpo
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return webhooks.Evento{}, fmt.Errorf("%w: %v", webhooks.ErrFormato, err)
	}
	return webhooks.Evento{IDExterno: c.ID, Tipo: c.Type, EmpresaID: c.EmpresaID}, nil
}

// Aviso is a delivery the test provider sends.
type Aviso struct {
	DataID    string // the query string's data.id
	RequestID string // the x-request-id header
	Hora      time.Time
	Cuerpo    []byte
}

// Firmar signs r as the delivery a with secreto: data.id in its query
// string, x-request-id and x-signature in its headers.
func (a Aviso) Firmar(r *http.Request, secreto []byte) {
	q := r.URL.Query()
	q.Set("data.id", a.DataID)
	r.URL.RawQuery = q.Encode()
	ts := strconv.FormatInt(a.Hora.Unix(), 10)
	r.Header.Set("X-Request-Id", a.RequestID)
	r.Header.Set("X-Signature", "ts="+ts+",v1="+webhooks.FirmarHMAC(secreto, []byte(mercadopago.Manifiesto(a.DataID, a.RequestID, ts))))
}
