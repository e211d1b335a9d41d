package certificados

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The local CA's files and the server certificate's, in the chosen folder.
const (
	ArchivoCA         = "muelle-ca.crt"
	archivoClaveCA    = "muelle-ca.key"
	ArchivoServidor   = "muelle.crt"
	ArchivoClaveLocal = "muelle.key"
)

// How long the local certificates last: the CA ten years; the server
// certificate 825 days, the longest iOS and macOS accept.
const (
	vigenciaCA       = 10 * 365 * 24 * time.Hour
	vigenciaServidor = 825 * 24 * time.Hour
)

// Local is what CrearLocal wrote: the CA to install on the devices (and its
// SHA-256 fingerprint, to check it on each one), whether it was made now, and
// the server's certificate (full chain) and key for MUELLE_TLS_CERT and
// MUELLE_TLS_KEY.
type Local struct {
	CA, Huella    string
	CANueva       bool
	Cert, Clave   string
	Nombres       []string
	VenceServidor time.Time
}

// CrearLocal makes, in dir, a CA of the installation's own (or reuses the
// one already there, so the devices that trust it keep trusting it) and a
// server certificate it signs for nombres (host names and IP addresses).
func CrearLocal(dir string, nombres []string, ahora time.Time) (Local, error) {
	if len(nombres) == 0 {
		return Local{}, errors.New("indique al menos un nombre o dirección con --nombres")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Local{}, err
	}
	out := Local{CA: filepath.Join(dir, ArchivoCA), Cert: filepath.Join(dir, ArchivoServidor),
		Clave: filepath.Join(dir, ArchivoClaveLocal), Nombres: nombres}
	ca, claveCA, nueva, err := autoridadLocal(dir, ahora)
	if err != nil {
		return Local{}, err
	}
	out.CANueva = nueva
	suma := sha256.Sum256(ca.Raw)
	out.Huella = strings.ToUpper(hex.EncodeToString(suma[:]))
	out.VenceServidor, err = certificadoServidor(out, ca, claveCA, ahora)
	return out, err
}

// autoridadLocal reads the CA in dir, or makes one.
func autoridadLocal(dir string, ahora time.Time) (*x509.Certificate, *ecdsa.PrivateKey, bool, error) {
	certPEM, errCert := os.ReadFile(filepath.Join(dir, ArchivoCA))
	clavePEM, errClave := os.ReadFile(filepath.Join(dir, archivoClaveCA))
	if errCert == nil && errClave == nil {
		ca, clave, err := leerPar(certPEM, clavePEM)
		if err != nil {
			return nil, nil, false, fmt.Errorf("la CA local de %s no se pudo leer: %w", dir, err)
		}
		return ca, clave, false, nil
	}
	clave, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, false, err
	}
	host, _ := os.Hostname()
	plantilla := &x509.Certificate{SerialNumber: serie(), NotBefore: ahora.Add(-time.Hour), NotAfter: ahora.Add(vigenciaCA),
		Subject:  pkix.Name{Organization: []string{"Muelle"}, CommonName: "Muelle CA local " + host},
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign, BasicConstraintsValid: true, IsCA: true,
		MaxPathLenZero: true}
	der, err := x509.CreateCertificate(rand.Reader, plantilla, plantilla, &clave.PublicKey, clave)
	if err != nil {
		return nil, nil, false, err
	}
	ca, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, false, err
	}
	if err := escribirPar(filepath.Join(dir, ArchivoCA), filepath.Join(dir, archivoClaveCA), [][]byte{der}, clave); err != nil {
		return nil, nil, false, err
	}
	return ca, clave, true, nil
}

// certificadoServidor signs a server certificate for l.Nombres with the CA
// and writes it (with the CA after it: the full chain) and its key.
func certificadoServidor(l Local, ca *x509.Certificate, claveCA *ecdsa.PrivateKey, ahora time.Time) (time.Time, error) {
	clave, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return time.Time{}, err
	}
	plantilla := &x509.Certificate{SerialNumber: serie(), NotBefore: ahora.Add(-time.Hour),
		NotAfter: ahora.Add(vigenciaServidor), Subject: pkix.Name{Organization: []string{"Muelle"}, CommonName: l.Nombres[0]},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	for _, n := range l.Nombres {
		if ip := net.ParseIP(n); ip != nil {
			plantilla.IPAddresses = append(plantilla.IPAddresses, ip)
		} else {
			plantilla.DNSNames = append(plantilla.DNSNames, n)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, plantilla, ca, &clave.PublicKey, claveCA)
	if err != nil {
		return time.Time{}, err
	}
	return plantilla.NotAfter, escribirPar(l.Cert, l.Clave, [][]byte{der, ca.Raw}, clave)
}

func serie() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		panic(err)
	}
	return n
}

// escribirPar writes the certificates (PEM, in order) and the key (PEM,
// readable by its owner only), each through a temporary file renamed into
// place, so a server reloading them never reads half a file.
func escribirPar(cert, key string, ders [][]byte, clave *ecdsa.PrivateKey) error {
	var certPEM []byte
	for _, der := range ders {
		certPEM = append(certPEM, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})...)
	}
	raw, err := x509.MarshalPKCS8PrivateKey(clave)
	if err != nil {
		return err
	}
	if err := escribirAtomico(key, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: raw}), 0o600); err != nil {
		return err
	}
	return escribirAtomico(cert, certPEM, 0o644)
}

func escribirAtomico(ruta string, datos []byte, modo os.FileMode) error {
	tmp := ruta + ".tmp"
	if err := os.WriteFile(tmp, datos, modo); err != nil {
		return err
	}
	return os.Rename(tmp, ruta)
}

// leerPar parses a CA certificate and its key.
func leerPar(certPEM, clavePEM []byte) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	bc, _ := pem.Decode(certPEM)
	bk, _ := pem.Decode(clavePEM)
	if bc == nil || bk == nil {
		return nil, nil, errors.New("PEM inválido")
	}
	ca, err := x509.ParseCertificate(bc.Bytes)
	if err != nil {
		return nil, nil, err
	}
	k, err := x509.ParsePKCS8PrivateKey(bk.Bytes)
	if err != nil {
		return nil, nil, err
	}
	clave, ok := k.(*ecdsa.PrivateKey)
	if !ok {
		return nil, nil, errors.New("la clave de la CA no es ECDSA")
	}
	return ca, clave, nil
}
