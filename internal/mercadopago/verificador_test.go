package mercadopago_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"testing"
	"time"

	"muelle/internal/mercadopago"
	"muelle/internal/mercadopago/mercadopagotest"
	"muelle/internal/webhooks"
	"muelle/internal/webhooks/webhookstest"
)

var (
	ahora        = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	nuevo, viejo = []byte("secreto-nuevo-de-la-empresa"), []byte("secreto-viejo-de-la-empresa")
	avisoPagado  = []byte(`{"action":"order.processed","api_version":"v1","type":"order","live_mode":false,` +
		`"data":{"id":"ORD01JQ4S4KY8HWQ6NA5PXB65B3D3","status":"processed","total_paid_amount":"1500.50"}}`)
)

// secretosDePrueba are company 2's secrets during a rotation (the new and
// the old one), company 3 without a secret, and counts the look-ups.
type secretosDePrueba struct{ leidos int }

func (s *secretosDePrueba) de(_ context.Context, empresaID int64) ([][]byte, error) {
	s.leidos++
	switch empresaID {
	case 2:
		return [][]byte{nuevo, viejo}, nil
	case 4:
		return nil, errors.New("la base no responde")
	}
	return nil, nil
}

// entregaMP is a delivery to company empresa's notification URL of cuerpo
// about data.id dataID, signed with secreto at hora.
func entregaMP(empresa, dataID string, cuerpo, secreto []byte, hora time.Time) *webhooks.Entrega {
	r := httptest.NewRequest("POST", "/api/webhooks/mercadopago?type=order&empresa="+empresa, nil)
	r.Header.Set("Content-Type", "application/json")
	webhookstest.Aviso{DataID: dataID, RequestID: "bb56a2f1-6aae-46ac-982e-9dcd3581d08e", Hora: hora}.Firmar(r, secreto)
	return webhooks.NuevaEntrega(cuerpo, r.URL.Query(), r.Header)
}

const ordenPagada = "ORD01JQ4S4KY8HWQ6NA5PXB65B3D3"

// A good notification is the company's event "<order>:<action>", whichever
// of its secrets signed it, and the headers kept are the signature's.
func TestVerificadorLeeElAvisoDeLaEmpresa(t *testing.T) {
	s := &secretosDePrueba{}
	v := mercadopago.Verificador{Secretos: s.de}
	for _, secreto := range [][]byte{nuevo, viejo} {
		e := entregaMP("2", ordenPagada, avisoPagado, secreto, ahora)
		ev, err := v.Verificar(ctx, e, ahora)
		if err != nil || ev != (webhooks.Evento{IDExterno: ordenPagada + ":order.processed", EmpresaID: 2, Tipo: "order.processed"}) {
			t.Fatalf("%+v, %v", ev, err)
		}
		if got := e.Usados(); !reflect.DeepEqual(got, map[string]string{"X-Signature": got["X-Signature"],
			"X-Request-Id": "bb56a2f1-6aae-46ac-982e-9dcd3581d08e"}) {
			t.Fatalf("encabezados usados: %v", got)
		}
	}
	hora := strconv.FormatInt(ahora.Add(-time.Minute).UnixMilli(), 10)
	e := entregaMP("2", ordenPagada, avisoPagado, nuevo, ahora)
	e = webhooks.NuevaEntrega(avisoPagado, e.Consulta, http.Header{"X-Request-Id": {"req-ms"}, "X-Signature": {
		"ts=" + hora + ",v1=" + webhooks.FirmarHMAC(nuevo, []byte(mercadopago.Manifiesto(ordenPagada, "req-ms", hora)))}})
	if _, err := v.Verificar(ctx, e, ahora); err != nil {
		t.Fatalf("ts en milisegundos: %v", err)
	}
}

// The signature and its time are checked before the body is parsed: a body
// that is not JSON gets the signature's error when the signature is bad,
// made with another secret, old or ahead, and the format's only when the
// signature is good.
func TestVerificadorFirmaAntesDeLeer(t *testing.T) {
	v := mercadopago.Verificador{Secretos: (&secretosDePrueba{}).de}
	noJSON := []byte("esto no es JSON")
	sinFirma := entregaMP("2", ordenPagada, noJSON, nuevo, ahora)
	sinFirma = webhooks.NuevaEntrega(noJSON, sinFirma.Consulta, http.Header{})
	for nombre, c := range map[string]struct {
		e    *webhooks.Entrega
		want error
	}{
		"sin firma":                  {sinFirma, webhooks.ErrFirma},
		"de otro secreto":            {entregaMP("2", ordenPagada, noJSON, []byte("otro-secreto-cualquiera"), ahora), webhooks.ErrFirma},
		"de otra empresa":            {entregaMP("3", ordenPagada, noJSON, nuevo, ahora), webhooks.ErrFirma},
		"de una empresa que no hay":  {entregaMP("99", ordenPagada, noJSON, nuevo, ahora), webhooks.ErrFirma},
		"vieja":                      {entregaMP("2", ordenPagada, noJSON, nuevo, ahora.Add(-6*time.Minute)), webhooks.ErrVencida},
		"del futuro":                 {entregaMP("2", ordenPagada, noJSON, nuevo, ahora.Add(6*time.Minute)), webhooks.ErrVencida},
		"buena sobre un cuerpo roto": {entregaMP("2", ordenPagada, noJSON, nuevo, ahora), webhooks.ErrFormato},
	} {
		if _, err := v.Verificar(ctx, c.e, ahora); !errors.Is(err, c.want) {
			t.Errorf("%s: %v; quiero %v", nombre, err, c.want)
		}
	}
}

// A delivery without a company, or with one that is not a positive integer,
// is refused as malformed before any secret is read; secrets that cannot be
// read are an error of their own (the route answers 500 and Mercado Pago
// retries), not a refusal.
func TestVerificadorExigeLaEmpresa(t *testing.T) {
	s := &secretosDePrueba{}
	v := mercadopago.Verificador{Secretos: s.de}
	for _, empresa := range []string{"", "0", "-2", "dos", "2.0"} {
		if _, err := v.Verificar(ctx, entregaMP(empresa, ordenPagada, avisoPagado, nuevo, ahora), ahora); !errors.Is(err, webhooks.ErrFormato) {
			t.Errorf("empresa %q: %v", empresa, err)
		}
	}
	if s.leidos != 0 {
		t.Fatalf("se leyeron %d veces los secretos", s.leidos)
	}
	_, err := v.Verificar(ctx, entregaMP("4", ordenPagada, avisoPagado, nuevo, ahora), ahora)
	if err == nil || errors.Is(err, webhooks.ErrFirma) || errors.Is(err, webhooks.ErrFormato) {
		t.Fatalf("secretos ilegibles: %v", err)
	}
}

// A well-signed body must be an order notification about the signed order:
// another order in the body (the signature covers the query, not the body),
// another topic or no action is malformed.
func TestVerificadorExigeElAvisoDeLaOrdenFirmada(t *testing.T) {
	v := mercadopago.Verificador{Secretos: (&secretosDePrueba{}).de}
	for nombre, cuerpo := range map[string]string{
		"otra orden":  `{"action":"order.processed","type":"order","data":{"id":"ORD01OTRA"}}`,
		"otro tópico": `{"action":"payment.updated","type":"payment","data":{"id":"` + ordenPagada + `"}}`,
		"sin acción":  `{"type":"order","data":{"id":"` + ordenPagada + `"}}`,
	} {
		if _, err := v.Verificar(ctx, entregaMP("2", ordenPagada, []byte(cuerpo), nuevo, ahora), ahora); !errors.Is(err, webhooks.ErrFormato) {
			t.Errorf("%s: %v", nombre, err)
		}
	}
}

// The fake's notifications are what the verifier reads: an order paid and
// then refunded are two events of the company, each delivered again the same.
func TestVerificadorLeeLosAvisosDelFake(t *testing.T) {
	f, c := conFake(t)
	o := pagada(t, f, c)
	v := mercadopago.Verificador{Secretos: (&secretosDePrueba{}).de}
	leer := func() webhooks.Evento {
		t.Helper()
		a := f.Aviso(o.ID, ahora)
		r := httptest.NewRequest("POST", mercadopagotest.RutaAviso("/api/webhooks/mercadopago", 2), nil)
		a.Firmar(r, nuevo)
		ev, err := v.Verificar(ctx, webhooks.NuevaEntrega(a.Cuerpo, r.URL.Query(), r.Header), ahora)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	if uno, dos := leer(), leer(); uno != dos || uno != (webhooks.Evento{IDExterno: o.ID + ":order.processed", EmpresaID: 2,
		Tipo: "order.processed"}) {
		t.Fatalf("%+v, %+v", uno, dos)
	}
	if _, err := c.ReembolsarOrden(ctx, o.ID, "reembolso-1", nil); err != nil {
		t.Fatal(err)
	}
	if ev := leer(); ev.IDExterno != o.ID+":order.refunded" {
		t.Fatalf("%+v", ev)
	}
}

// The fake posts its notification to a running server, signed so that the
// verifier accepts it.
func TestAvisarPagoPostea(t *testing.T) {
	f, c := conFake(t)
	o := pagada(t, f, c)
	v := mercadopago.Verificador{Secretos: (&secretosDePrueba{}).de}
	type verificado struct {
		ev  webhooks.Evento
		err error
	}
	recibido := make(chan verificado, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cuerpo, _ := io.ReadAll(r.Body)
		ev, err := v.Verificar(r.Context(), webhooks.NuevaEntrega(cuerpo, r.URL.Query(), r.Header), time.Now())
		recibido <- verificado{ev, err}
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	if status := f.AvisarPago(t, srv.URL+"/api/webhooks/mercadopago", nuevo, 2, o.ID); status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	if got := <-recibido; got.err != nil || got.ev != (webhooks.Evento{IDExterno: o.ID + ":order.processed", EmpresaID: 2,
		Tipo: "order.processed"}) {
		t.Fatalf("%+v", got)
	}
}
