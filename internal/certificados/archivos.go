package certificados

import (
	"crypto/tls"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"
)

// Archivos serves the certificate of a PEM file pair of the installation's
// own (the full chain and its key): every handshake looks at the files, and
// when they changed on disk the new pair is loaded; a pair that does not load
// (half written, mismatched) leaves the previous one in service, logged and in
// the state.
type Archivos struct {
	cert, key string
	log       *slog.Logger
	ahora     func() time.Time

	mu     sync.Mutex
	actual *tls.Certificate
	firma  firmaArchivos
	error  string
}

var _ Fuente = (*Archivos)(nil)

// firmaArchivos tells whether the files changed: their sizes and times.
type firmaArchivos struct {
	cert, key os.FileInfo
}

func (f firmaArchivos) igual(otra firmaArchivos) bool {
	return mismo(f.cert, otra.cert) && mismo(f.key, otra.key)
}

func mismo(a, b os.FileInfo) bool {
	return a != nil && b != nil && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// AbrirArchivos loads the pair; it fails when it does not load, so a server
// never starts without a certificate.
func AbrirArchivos(cert, key string, log *slog.Logger) (*Archivos, error) {
	a := &Archivos{cert: cert, key: key, log: log, ahora: time.Now}
	firma, err := a.firmar()
	if err == nil {
		err = a.cargar(firma)
	}
	if err != nil {
		return nil, fmt.Errorf("no se pudo cargar el certificado de MUELLE_TLS_CERT y MUELLE_TLS_KEY: %w", err)
	}
	return a, nil
}

func (a *Archivos) firmar() (firmaArchivos, error) {
	cert, err := os.Stat(a.cert)
	if err != nil {
		return firmaArchivos{}, err
	}
	key, err := os.Stat(a.key)
	return firmaArchivos{cert: cert, key: key}, err
}

// cargar loads the pair as it is now on disk, known by firma.
func (a *Archivos) cargar(firma firmaArchivos) error {
	par, err := tls.LoadX509KeyPair(a.cert, a.key)
	if err != nil {
		return err
	}
	a.actual, a.firma, a.error = &par, firma, ""
	return nil
}

// certificado is the pair in service, reloaded first when the files changed.
func (a *Archivos) certificado(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	firma, err := a.firmar()
	if err == nil && !firma.igual(a.firma) {
		if err = a.cargar(firma); err == nil {
			a.log.Info("certificado HTTPS recargado", "certificado", a.cert)
		}
	}
	if err != nil && err.Error() != a.error {
		a.error = err.Error()
		a.log.Error("no se pudo recargar el certificado HTTPS: sigue el anterior", "certificado", a.cert, "err", err)
	}
	return a.actual, nil
}

// TLSConfig serves the pair.
func (a *Archivos) TLSConfig() *tls.Config { return configuracion(a.certificado, a.ahora, a.log) }

// Estado names the pair's names and addresses and when it runs out.
func (a *Archivos) Estado() Estado {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := Estado{Modo: ModoArchivos, Error: a.error}
	leaf, err := hoja(a.actual)
	if err != nil {
		return e
	}
	e.Dominios = append(e.Dominios, leaf.DNSNames...)
	for _, ip := range leaf.IPAddresses {
		e.Dominios = append(e.Dominios, ip.String())
	}
	e.Vence = leaf.NotAfter
	return e
}
