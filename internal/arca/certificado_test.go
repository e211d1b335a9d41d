package arca_test

import (
	"testing"
	"time"

	"muelle/internal/arca"
	"muelle/internal/arca/arcatest"
	"muelle/internal/domain"
)

// TestLeerCertificadoChecksTheKeyAndTheExpiry: a certificate and its key
// parse (the CUIT read from the subject); garbage, another key or an expired
// certificate are refused with their Spanish message.
func TestLeerCertificadoChecksTheKeyAndTheExpiry(t *testing.T) {
	vence := time.Now().Add(90 * 24 * time.Hour)
	cert, clave, err := arcatest.Certificado("muelle-delta", "20123456786", vence)
	if err != nil {
		t.Fatal(err)
	}
	_, otraClave, err := arcatest.Certificado("otro", "20123456786", vence)
	if err != nil {
		t.Fatal(err)
	}
	c, err := arca.LeerCertificado(arca.Credenciales{Certificado: string(cert), Clave: string(clave)}, time.Now())
	if err != nil || c.CUIT != "20123456786" || c.Cert.Subject.CommonName != "muelle-delta" {
		t.Fatalf("%+v, %v", c, err)
	}
	casos := []struct {
		cert, clave string
		ahora       time.Time
		msg         string
	}{
		{"no es un certificado", string(clave), time.Now(), arca.MsgCertificadoIlegible},
		{string(clave), string(clave), time.Now(), arca.MsgCertificadoIlegible},
		{string(cert), "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n", time.Now(), arca.MsgClaveIlegible},
		{string(cert), string(otraClave), time.Now(), arca.MsgClaveNoCorresponde},
		{string(cert), string(clave), vence.Add(time.Hour), arca.MsgCertificadoVencido},
	}
	for i, k := range casos {
		_, err := arca.LeerCertificado(arca.Credenciales{Certificado: k.cert, Clave: k.clave}, k.ahora)
		if e, ok := domain.AsError(err); !ok || e.Kind != domain.KindInvalid || e.Message != k.msg {
			t.Errorf("caso %d: %v; se esperaba %q", i, err, k.msg)
		}
	}
}

// TestTRAIsTheLoginTicketRequest: the TRA names the service and a window of
// ten minutes either side, in ARCA's -03:00.
func TestTRAIsTheLoginTicketRequest(t *testing.T) {
	ahora := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	tra, err := arca.TRA("wsfe", ahora)
	if err != nil {
		t.Fatal(err)
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<loginTicketRequest version="1.0"><header><uniqueId>1796299200</uniqueId>` +
		`<generationTime>2026-12-03T08:50:00-03:00</generationTime><expirationTime>2026-12-03T09:10:00-03:00</expirationTime>` +
		`</header><service>wsfe</service></loginTicketRequest>`
	if string(tra) != want {
		t.Fatalf("TRA:\n%s\nse esperaba:\n%s", tra, want)
	}
}
