// Package arca is Muelle's client of ARCA's web services (docs/features/
// facturacion.md): the company's certificate and key, and WSAA's login
// ticket, cached per company, CUIT, service and environment. It talks over
// internal/externo; its fake server is internal/arca/arcatest.
package arca

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"regexp"
	"time"

	"muelle/internal/domain"
)

// Spanish refusals of an uploaded certificate and key.
const (
	MsgCertificadoIlegible = "El certificado no es un PEM X.509 válido (-----BEGIN CERTIFICATE-----)"
	MsgClaveIlegible       = "La clave privada no es un PEM válido (RSA o PKCS#8, sin contraseña)"
	MsgClaveNoCorresponde  = "La clave privada no corresponde al certificado"
	MsgCertificadoVencido  = "El certificado está vencido: genere uno nuevo en ARCA"
	MsgCertificadoOtroCUIT = "El certificado es de otro CUIT que el del perfil fiscal"
)

// Credenciales are a company's certificate and key as stored (sealed) in
// credenciales_servicios: both in PEM.
type Credenciales struct {
	Certificado string `json:"certificado"`
	Clave       string `json:"clave"`
}

// Certificado is a parsed certificate with its key.
type Certificado struct {
	Cert  *x509.Certificate
	Clave crypto.Signer
	// CUIT is the one the subject's serialNumber names ("CUIT 20123456786"); empty when none.
	CUIT string
}

var cuitSujeto = regexp.MustCompile(`^CUIT (\d{11})$`)

// LeerCertificado parses a certificate and its key in PEM, refusing with a
// Spanish message one that does not parse, a key that is not the
// certificate's or a certificate expired at ahora.
func LeerCertificado(cred Credenciales, ahora time.Time) (Certificado, error) {
	var out Certificado
	bloque, _ := pem.Decode([]byte(cred.Certificado))
	if bloque == nil || bloque.Type != "CERTIFICATE" {
		return out, domain.Invalid(MsgCertificadoIlegible)
	}
	cert, err := x509.ParseCertificate(bloque.Bytes)
	if err != nil {
		return out, domain.Invalid(MsgCertificadoIlegible)
	}
	clave, err := leerClave(cred.Clave)
	if err != nil {
		return out, err
	}
	if !mismaClave(cert.PublicKey, clave.Public()) {
		return out, domain.Invalid(MsgClaveNoCorresponde)
	}
	if ahora.After(cert.NotAfter) {
		return out, domain.Invalid(MsgCertificadoVencido)
	}
	out = Certificado{Cert: cert, Clave: clave}
	if m := cuitSujeto.FindStringSubmatch(cert.Subject.SerialNumber); m != nil {
		out.CUIT = m[1]
	}
	return out, nil
}

func leerClave(texto string) (crypto.Signer, error) {
	bloque, _ := pem.Decode([]byte(texto))
	if bloque == nil {
		return nil, domain.Invalid(MsgClaveIlegible)
	}
	if k, err := x509.ParsePKCS1PrivateKey(bloque.Bytes); err == nil {
		return k, nil
	}
	if k, err := x509.ParsePKCS8PrivateKey(bloque.Bytes); err == nil {
		if s, ok := k.(crypto.Signer); ok {
			return s, nil
		}
	}
	if k, err := x509.ParseECPrivateKey(bloque.Bytes); err == nil {
		return k, nil
	}
	return nil, domain.Invalid(MsgClaveIlegible)
}

// mismaClave reports whether the certificate's public key is the key's.
func mismaClave(cert, clave crypto.PublicKey) bool {
	switch c := cert.(type) {
	case *rsa.PublicKey:
		return c.Equal(clave)
	case *ecdsa.PublicKey:
		return c.Equal(clave)
	}
	return false
}
