// Package certificados serves Muelle over HTTPS: certificates obtained and
// renewed over ACME and kept in the database (acme.go), certificate files of
// the installation's own reloaded when they change on disk (archivos.go), and
// a local CA for a terminal without a public name (local.go). Every source
// gives the same TLS configuration (TLS 1.2 or later, HTTP/2) and never serves
// an expired certificate.
package certificados

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"time"
)

// Estado is what the service status shows of the certificate in use.
type Estado struct {
	Modo     string // ModoACME or ModoArchivos
	Dominios []string
	// Vence is when the certificate served runs out (zero: none yet).
	Vence time.Time
	// Error is the technical detail of the last failure to obtain, renew or
	// reload it ("": none since the last success).
	Error string
}

// Where the certificates come from.
const (
	ModoACME     = "acme"
	ModoArchivos = "archivos"
)

// Fuente is a source of certificates: the TLS configuration that serves them
// and their state.
type Fuente interface {
	TLSConfig() *tls.Config
	Estado() Estado
}

// errVencido: the certificate at hand ran out; the handshake fails instead.
var errVencido = errors.New("certificados: el certificado está vencido")

// configuracion is the TLS configuration of every source: TLS 1.2 or later,
// HTTP/2 and HTTP/1.1 (and extra protocols, such as ACME's TLS-ALPN), with
// certificados' certificate unless it ran out.
func configuracion(certificado func(*tls.ClientHelloInfo) (*tls.Certificate, error), ahora func() time.Time,
	log *slog.Logger, extra ...string) *tls.Config {
	return &tls.Config{MinVersion: tls.VersionTLS12, NextProtos: append([]string{"h2", "http/1.1"}, extra...),
		GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
			c, err := certificado(hello)
			if err != nil || c == nil {
				return c, err
			}
			leaf, err := hoja(c)
			if err != nil {
				return nil, err
			}
			if ahora().After(leaf.NotAfter) {
				log.Error("certificado HTTPS vencido: no se sirve; renuévelo", "nombre", hello.ServerName,
					"vencio", leaf.NotAfter)
				return nil, errVencido
			}
			return c, nil
		}}
}

// hoja is the certificate's leaf, parsed.
func hoja(c *tls.Certificate) (*x509.Certificate, error) {
	if c.Leaf != nil {
		return c.Leaf, nil
	}
	if len(c.Certificate) == 0 {
		return nil, errors.New("certificados: certificado vacío")
	}
	return x509.ParseCertificate(c.Certificate[0])
}

// ConHSTS tells browsers that reached h over HTTPS to use only HTTPS for a year.
func ConHSTS(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS != nil {
			w.Header().Set("Strict-Transport-Security", "max-age=31536000")
		}
		h.ServeHTTP(w, r)
	})
}

// Redirigir answers a plain-HTTP request with a permanent redirect to the
// same address over HTTPS on puertoHTTPS. The host is the one asked for when
// it is one of dominios (or dominios is empty), else the first of dominios.
func Redirigir(puertoHTTPS string, dominios []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(r.Host); err == nil {
			host = h
		}
		if len(dominios) > 0 && !slices.Contains(dominios, host) {
			host = dominios[0]
		}
		if puertoHTTPS != "" && puertoHTTPS != "443" {
			host = net.JoinHostPort(host, puertoHTTPS)
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusPermanentRedirect)
	})
}
