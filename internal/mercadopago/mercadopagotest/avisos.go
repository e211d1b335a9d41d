package mercadopagotest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"muelle/internal/mercadopago"
	"muelle/internal/webhooks/webhookstest"
)

// notificacion is an order notification's body, as Mercado Pago posts it.
type notificacion struct {
	Action        string     `json:"action"`
	APIVersion    string     `json:"api_version"`
	ApplicationID string     `json:"application_id"`
	Data          datosAviso `json:"data"`
	DateCreated   string     `json:"date_created"`
	LiveMode      bool       `json:"live_mode"`
	Type          string     `json:"type"`
	UserID        string     `json:"user_id"`
}

// datosAviso is the order as a notification carries it.
type datosAviso struct {
	ID                string        `json:"id"`
	ExternalReference string        `json:"external_reference"`
	Status            string        `json:"status"`
	StatusDetail      string        `json:"status_detail"`
	TotalPaidAmount   string        `json:"total_paid_amount,omitempty"`
	Transactions      Transacciones `json:"transactions"`
	Type              string        `json:"type"`
	Version           int           `json:"version"`
}

// Aviso is the notification Mercado Pago sends about the order id as it is
// now (action "order.<status>": order.processed, order.expired, …), at hora,
// with a request id of its own. Its Firmar signs a request with the company's
// secret (data.id in the query, x-request-id and x-signature); the request
// goes to the company's notification URL (RutaAviso).
func (f *Fake) Aviso(id string, hora time.Time) webhookstest.Aviso {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	o := f.buscarOrden(id)
	if o == nil {
		f.t.Fatalf("mercadopagotest: no hay orden %s", id)
	}
	f.avisos++
	n := notificacion{Action: "order." + o.Status, APIVersion: "v1", ApplicationID: "8877665544332211",
		DateCreated: hora.UTC().Format(time.RFC3339Nano), Type: mercadopago.TipoAvisoOrden, UserID: o.UserID,
		Data: datosAviso{ID: o.ID, ExternalReference: o.ExternalReference, Status: o.Status, StatusDetail: o.StatusDetail,
			TotalPaidAmount: o.TotalPaidAmount, Transactions: copiar(o).Transactions, Type: o.Type, Version: o.version}}
	cuerpo, err := json.Marshal(n)
	if err != nil {
		f.t.Fatal(err)
	}
	return webhookstest.Aviso{DataID: o.ID, RequestID: "req-" + strconv.Itoa(f.avisos), Hora: hora, Cuerpo: cuerpo}
}

// RutaAviso is the company's notification URL at base, as the company sets
// it at Mercado Pago: base?empresa=<id>, with the type=order Mercado Pago adds
// (data.id is added by the signature).
func RutaAviso(base string, empresaID int64) string {
	return base + "?" + url.Values{"empresa": {strconv.FormatInt(empresaID, 10)}, "type": {mercadopago.TipoAvisoOrden}}.Encode()
}

// AvisarPago posts the notification of the order id, signed with secreto
// now, to the company's notification URL at base (a running plain-HTTP
// server: httptest.NewServer, and the webhooks' route), and answers the
// status it got.
func (f *Fake) AvisarPago(t testing.TB, base string, secreto []byte, empresaID int64, id string) int {
	t.Helper()
	a := f.Aviso(id, time.Now())
	req, err := http.NewRequest(http.MethodPost, RutaAviso(base, empresaID), bytes.NewReader(a.Cuerpo))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "MercadoPago WebHook v1.0")
	a.Firmar(req, secreto)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
