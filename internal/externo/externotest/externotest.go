// Package externotest is the HTTPS server an outside service's fake
// (internal/<servicio>/<servicio>test) and the tests of internal/externo
// start: on loopback, with a certificate of its own that no system trusts,
// answering with the handler the test gives. Red reaches it the way an
// installation reaches a real service: the guarded dialer with private
// addresses allowed, and its certificate added to the system's roots.
package externotest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"muelle/internal/externo"
)

// Servidor is a running HTTPS server.
type Servidor struct {
	// URL is https://127.0.0.1:port, the base URL a client is given.
	URL string
	// CA is the server's certificate in PEM: what an installation names to
	// trust a server with a private CA.
	CA  []byte
	srv *httptest.Server
}

// Iniciar starts a server answering with h, closed when the test ends. A
// handler that holds a request must let go when its context ends.
func Iniciar(t testing.TB, h http.Handler) *Servidor {
	t.Helper()
	cert, ca, err := Certificado()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return &Servidor{URL: srv.URL, CA: ca, srv: srv}
}

// Red reaches the server: private addresses allowed (it listens on
// loopback) and its certificate trusted besides the system's roots.
func (s *Servidor) Red(t testing.TB) externo.Red {
	t.Helper()
	conf, err := externo.ConfigTLS(s.CA)
	if err != nil {
		t.Fatal(err)
	}
	return externo.Red{PermitirPrivadas: true, TLS: conf}
}

// Certificado is a new self-signed certificate for 127.0.0.1 and localhost,
// valid for a day, and the same certificate in PEM.
func Certificado() (tls.Certificate, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "muelle externotest"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, IsCA: true, BasicConstraintsValid: true,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	parsed, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: parsed},
		pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), nil
}
