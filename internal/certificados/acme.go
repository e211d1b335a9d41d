package certificados

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/caddyserver/certmagic"
	"github.com/mholt/acmez/v3"

	"muelle/internal/store"
)

// DirectorioLetsEncrypt is the ACME directory used when none is configured.
const DirectorioLetsEncrypt = certmagic.LetsEncryptProductionCA

// OpcionesACME configure the certificates obtained over ACME.
type OpcionesACME struct {
	Dominios []string
	// Directorio is the CA's ACME directory ("": Let's Encrypt).
	Directorio string
	// Email is the ACME account's contact ("": none).
	Email string
	// RaicesCA are the roots the CA's own address is checked against (nil:
	// the system's); tests point it at their ACME server's certificate.
	RaicesCA *x509.CertPool
	// PuertoHTTP and PuertoTLS are where the CA reaches the HTTP-01 and
	// TLS-ALPN-01 challenges (0: 80 and 443, as the CA requires in production).
	PuertoHTTP, PuertoTLS int
	// RevisarCada is how often the renewals are checked (0: certmagic's 10 minutes).
	RevisarCada time.Duration
}

// ACME keeps the certificates of the names over ACME: obtained at start in
// the background, renewed before they run out, retried with backoff when the
// CA fails, and kept in the database (almacen) so every instance serves the
// same ones and one asks the CA at a time.
type ACME struct {
	dominios []string
	config   *certmagic.Config
	emisor   *certmagic.ACMEIssuer
	cache    *certmagic.Cache
	log      *slog.Logger
	ahora    func() time.Time

	mu    sync.Mutex
	error string
}

var _ Fuente = (*ACME)(nil)

// IniciarACME starts managing the names of op until ctx ends; it returns once
// the work is under way (the certificates may come later: the state says).
func IniciarACME(ctx context.Context, st *store.Store, op OpcionesACME, log *slog.Logger) (*ACME, error) {
	if len(op.Dominios) == 0 {
		return nil, fmt.Errorf("indique al menos un nombre para HTTPS")
	}
	m := &ACME{dominios: op.Dominios, log: log, ahora: time.Now}
	registro := registroZap(log)
	m.cache = certmagic.NewCache(certmagic.CacheOptions{
		GetConfigForCert:   func(certmagic.Certificate) (*certmagic.Config, error) { return m.config, nil },
		RenewCheckInterval: op.RevisarCada, Logger: registro})
	// renewals at a third of the lifetime left, not at the random time ACME
	// renewal information (ARI) lets each instance pick: the instances on one
	// database agree on when a certificate is due, so one renews it and the
	// others load it from the database.
	m.config = certmagic.New(m.cache, certmagic.Config{Storage: nuevoAlmacen(st), OnEvent: m.alEvento, Logger: registro,
		DisableARI: true})
	directorio := op.Directorio
	if directorio == "" {
		directorio = DirectorioLetsEncrypt
	}
	m.emisor = certmagic.NewACMEIssuer(m.config, certmagic.ACMEIssuer{CA: directorio, Email: op.Email, Agreed: true,
		TrustedRoots: op.RaicesCA, AltHTTPPort: op.PuertoHTTP, AltTLSALPNPort: op.PuertoTLS, Logger: registro})
	m.config.Issuers = []certmagic.Issuer{m.emisor}
	if err := m.config.ManageAsync(ctx, op.Dominios); err != nil {
		m.cache.Stop()
		return nil, fmt.Errorf("no se pudieron gestionar los certificados de %v: %w", op.Dominios, err)
	}
	go func() {
		<-ctx.Done()
		m.cache.Stop()
	}()
	return m, nil
}

// TLSConfig serves the names' certificates and answers the TLS-ALPN-01 challenge.
func (m *ACME) TLSConfig() *tls.Config {
	return configuracion(m.config.GetCertificate, m.ahora, m.log, acmez.ACMETLS1Protocol)
}

// ManejadorHTTP answers the HTTP-01 challenges of any instance on the same
// database and hands every other request to h (the redirect to HTTPS).
func (m *ACME) ManejadorHTTP(h http.Handler) http.Handler { return m.emisor.HTTPChallengeHandler(h) }

// Estado is the earliest expiry among the names' certificates (zero while a
// name has none) and the last failure since the last success.
func (m *ACME) Estado() Estado {
	e := Estado{Modo: ModoACME, Dominios: m.dominios}
	m.mu.Lock()
	e.Error = m.error
	m.mu.Unlock()
	for _, d := range m.dominios {
		vence := ultimoVencimiento(m.cache.AllMatchingCertificates(d))
		if vence.IsZero() {
			return Estado{Modo: e.Modo, Dominios: e.Dominios, Error: e.Error}
		}
		if e.Vence.IsZero() || vence.Before(e.Vence) {
			e.Vence = vence
		}
	}
	return e
}

// ultimoVencimiento is the latest expiry among certs (zero: none).
func ultimoVencimiento(certs []certmagic.Certificate) time.Time {
	var out time.Time
	for _, c := range certs {
		if leaf, err := hoja(&c.Certificate); err == nil && leaf.NotAfter.After(out) {
			out = leaf.NotAfter
		}
	}
	return out
}

// alEvento logs what happened to a certificate and keeps the last failure
// for the state: a failure is retried by certmagic (obtaining with backoff,
// renewing at each check).
func (m *ACME) alEvento(_ context.Context, evento string, datos map[string]any) error {
	switch evento {
	case "cert_failed":
		m.mu.Lock()
		m.error = fmt.Sprint(datos["error"])
		m.mu.Unlock()
		m.log.Error("no se pudo obtener o renovar el certificado HTTPS; se reintentará", "nombre", datos["identifier"],
			"renovacion", datos["renewal"], "err", datos["error"])
	case "cert_obtained":
		m.mu.Lock()
		m.error = ""
		m.mu.Unlock()
		m.log.Info("certificado HTTPS obtenido", "nombre", datos["identifier"], "renovacion", datos["renewal"])
	}
	return nil
}
