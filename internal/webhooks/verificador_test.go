package webhooks_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"muelle/internal/webhooks"
	"muelle/internal/webhooks/webhookstest"
)

var (
	ahora          = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	nuevo, viejo   = []byte("secreto-nuevo"), []byte("secreto-viejo")
	verificador    = webhookstest.Verificador{Secretos: [][]byte{nuevo, viejo}}
	cuerpoDePrueba = []byte(`{"id":"evt-1","type":"order","empresa_id":2}`)
)

// entrega is a delivery of cuerpo signed with secreto at hora, with other headers beside the signature's.
func entrega(cuerpo []byte, secreto []byte, hora time.Time) *webhooks.Entrega {
	r := httptest.NewRequest("POST", "/api/webhooks/prueba?type=order", nil)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", "MercadoPago WebHook v1.0")
	webhookstest.Aviso{DataID: "ORD01ABC", RequestID: "req-1", Hora: hora, Cuerpo: cuerpo}.Firmar(r, secreto)
	return webhooks.NuevaEntrega(cuerpo, r.URL.Query(), r.Header)
}

// A good delivery is read into its event, and the headers kept are exactly
// the ones the verifier read.
func TestVerificadorLeeElEventoYAnotaSusEncabezados(t *testing.T) {
	e := entrega(cuerpoDePrueba, nuevo, ahora)
	ev, err := verificador.Verificar(context.Background(), e, ahora)
	if err != nil || ev != (webhooks.Evento{IDExterno: "evt-1", EmpresaID: 2, Tipo: "order"}) {
		t.Fatalf("%+v, %v", ev, err)
	}
	if got := e.Usados(); !reflect.DeepEqual(got, map[string]string{"X-Signature": got["X-Signature"], "X-Request-Id": "req-1"}) ||
		!strings.HasPrefix(got["X-Signature"], "ts=") {
		t.Fatalf("encabezados usados: %v", got)
	}
}

// The signature and its time are checked before the body is parsed: a body
// that is not JSON gets the signature's error when the signature is bad or
// old, and the format's only when the signature is good.
func TestVerificadorFirmaAntesDeLeer(t *testing.T) {
	noJSON := []byte("esto no es JSON")
	sinFirma := webhooks.NuevaEntrega(noJSON, nil, http.Header{})
	malFormada := webhooks.NuevaEntrega(noJSON, nil, http.Header{"X-Signature": {"v1=abc"}})
	for nombre, c := range map[string]struct {
		e    *webhooks.Entrega
		want error
	}{
		"sin firma":                  {sinFirma, webhooks.ErrFirma},
		"sin ts":                     {malFormada, webhooks.ErrFirma},
		"de otro secreto":            {entrega(noJSON, []byte("otro"), ahora), webhooks.ErrFirma},
		"vieja":                      {entrega(noJSON, nuevo, ahora.Add(-6*time.Minute)), webhooks.ErrVencida},
		"del futuro":                 {entrega(noJSON, nuevo, ahora.Add(6*time.Minute)), webhooks.ErrVencida},
		"buena sobre un cuerpo roto": {entrega(noJSON, nuevo, ahora), webhooks.ErrFormato},
	} {
		if _, err := verificador.Verificar(context.Background(), c.e, ahora); !errors.Is(err, c.want) {
			t.Errorf("%s: %v; quiero %v", nombre, err, c.want)
		}
	}
}

// A signature over other query-string data (the signed data.id changed
// after signing) is refused; so is one whose request id was changed.
func TestVerificadorFirmaLaConsultaYElPedido(t *testing.T) {
	e := entrega(cuerpoDePrueba, nuevo, ahora)
	e.Consulta.Set("data.id", "ORD01OTRA")
	if _, err := verificador.Verificar(context.Background(), e, ahora); !errors.Is(err, webhooks.ErrFirma) {
		t.Fatalf("data.id cambiado: %v", err)
	}
	r := httptest.NewRequest("POST", "/", nil)
	webhookstest.Aviso{DataID: "ORD01ABC", RequestID: "req-1", Hora: ahora}.Firmar(r, nuevo)
	r.Header.Set("X-Request-Id", "req-2")
	if _, err := verificador.Verificar(context.Background(), webhooks.NuevaEntrega(cuerpoDePrueba, r.URL.Query(), r.Header),
		ahora); !errors.Is(err, webhooks.ErrFirma) {
		t.Fatalf("x-request-id cambiado: %v", err)
	}
}

// During a rotation both secrets sign; once the old one is dropped, its
// signatures are refused.
func TestVerificadorDuranteUnaRotacion(t *testing.T) {
	for _, s := range [][]byte{nuevo, viejo} {
		if _, err := verificador.Verificar(context.Background(), entrega(cuerpoDePrueba, s, ahora), ahora); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	soloNuevo := webhookstest.Verificador{Secretos: [][]byte{nuevo}}
	if _, err := soloNuevo.Verificar(context.Background(), entrega(cuerpoDePrueba, viejo, ahora), ahora); !errors.Is(err, webhooks.ErrFirma) {
		t.Fatalf("el secreto retirado: %v", err)
	}
}

// The inbox refuses, as a format error, an event it could not keep: no id,
// an id or kind too long, a header the verifier used too long.
func TestBuzonRechazaLoQueNoPuedeGuardar(t *testing.T) {
	b := webhooks.NuevoBuzon(nil, nil)
	p := webhooks.Proveedor{Nombre: "prueba", Verificador: verificador}
	cuerpo := func(id, tipo string) []byte { return []byte(`{"id":"` + id + `","type":"` + tipo + `"}`) }
	r, err := b.Verificar(context.Background(), p, entrega(cuerpoDePrueba, nuevo, ahora), ahora)
	if err != nil || r.Proveedor != "prueba" || r.Evento.IDExterno != "evt-1" || string(r.Cuerpo) != string(cuerpoDePrueba) ||
		len(r.Encabezados) != 2 {
		t.Fatalf("%+v, %v", r, err)
	}
	// a request id too long to keep, but signed
	req := httptest.NewRequest("POST", "/", nil)
	webhookstest.Aviso{DataID: "ORD01ABC", RequestID: strings.Repeat("r", webhooks.MaxEncabezado+1), Hora: ahora}.Firmar(req, nuevo)
	for nombre, e := range map[string]*webhooks.Entrega{
		"sin id":            entrega(cuerpo("", "order"), nuevo, ahora),
		"id largo":          entrega(cuerpo(strings.Repeat("i", webhooks.MaxIDExterno+1), "order"), nuevo, ahora),
		"tipo largo":        entrega(cuerpo("evt-2", strings.Repeat("t", webhooks.MaxTipo+1)), nuevo, ahora),
		"encabezado largo":  webhooks.NuevaEntrega(cuerpoDePrueba, req.URL.Query(), req.Header),
		"empresa imposible": entrega([]byte(`{"id":"evt-3","type":"order","empresa_id":-1}`), nuevo, ahora),
	} {
		if _, err := b.Verificar(context.Background(), p, e, ahora); !errors.Is(err, webhooks.ErrFormato) {
			t.Errorf("%s: %v; quiero ErrFormato", nombre, err)
		}
	}
}
