package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
)

// CodigoQR is what a ticket's QR code carries. The code is
//
//	MUELLE1.<payload>.<firma>
//
// where <payload> is the base64url (no padding) of the JSON {"e": empresa_id,
// "n": numero_pasaje, "f": fecha_viaje, "r": 16 random bytes in hex} and, for a
// ticket sold for a departure, its "s": id, "h": time, "b": boat and "p":
// boarding stop (omitted otherwise), and <firma>
// is the base64url Ed25519 signature, by the company's key, of the bytes
// "MUELLE1." + <payload>. A device that holds the company's public key can check
// a code offline; the random part makes codes unguessable.
type CodigoQR struct {
	EmpresaID    int64  `json:"e"`
	NumeroPasaje string `json:"n"`
	FechaViaje   string `json:"f"`
	Nonce        string `json:"r"`
	SalidaPasaje
}

// SalidaPasaje is the departure a ticket was sold for, as it prints and
// travels in its QR code (salida_venta.go): the zero value is none.
type SalidaPasaje struct {
	SalidaID       int64  `json:"s,omitempty"`
	Hora           string `json:"h,omitempty"`
	Embarcacion    string `json:"b,omitempty"`
	ParadaEmbarque string `json:"p,omitempty"`
}

const prefijoQR = "MUELLE1."

var b64 = base64.RawURLEncoding

// FirmarCodigoQR builds a signed code for a ticket with a fresh random part.
func FirmarCodigoQR(priv ed25519.PrivateKey, empresaID int64, numero, fechaViaje string) (string, error) {
	return FirmarCodigoQRDeSalida(priv, empresaID, numero, fechaViaje, SalidaPasaje{})
}

// FirmarCodigoQRDeSalida is FirmarCodigoQR for a ticket sold for the departure salida.
func FirmarCodigoQRDeSalida(priv ed25519.PrivateKey, empresaID int64, numero, fechaViaje string, salida SalidaPasaje) (string, error) {
	nonce := make([]byte, 16)
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return firmarCarga(priv, prefijoQR, CodigoQR{EmpresaID: empresaID, NumeroPasaje: numero, FechaViaje: fechaViaje,
		Nonce: hex.EncodeToString(nonce), SalidaPasaje: salida})
}

// firmarCarga is the signed code of the family: prefijo, the base64url JSON of
// carga, a dot, and the base64url Ed25519 signature of what comes before it.
func firmarCarga(priv ed25519.PrivateKey, prefijo string, carga any) (string, error) {
	payload, err := json.Marshal(carga)
	if err != nil {
		return "", err
	}
	signed := prefijo + b64.EncodeToString(payload)
	return signed + "." + b64.EncodeToString(ed25519.Sign(priv, []byte(signed))), nil
}

// firmaValida reports whether a signed code of the family (firmarCarga), its
// surrounding blanks trimmed, carries pub's signature.
func firmaValida(pub ed25519.PublicKey, codigo string) bool {
	codigo = strings.TrimSpace(codigo)
	i := strings.LastIndexByte(codigo, '.')
	if i < 0 {
		return false
	}
	sig, err := b64.DecodeString(codigo[i+1:])
	return err == nil && len(pub) == ed25519.PublicKeySize && ed25519.Verify(pub, []byte(codigo[:i]), sig)
}

// ErrCodigoQR is any malformed or wrongly signed code.
var ErrCodigoQR = errors.New("código QR inválido")

// LeerCodigoQR parses a code without checking its signature (to find the company).
func LeerCodigoQR(codigo string) (CodigoQR, error) {
	var c CodigoQR
	rest, ok := strings.CutPrefix(strings.TrimSpace(codigo), prefijoQR)
	payload, _, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 {
		return c, ErrCodigoQR
	}
	raw, err := b64.DecodeString(payload)
	if err != nil || json.Unmarshal(raw, &c) != nil || c.EmpresaID <= 0 || c.NumeroPasaje == "" {
		return c, ErrCodigoQR
	}
	return c, nil
}

// VerificarCodigoQR checks a code's signature with the company's public key.
func VerificarCodigoQR(pub ed25519.PublicKey, codigo string) (CodigoQR, error) {
	c, err := LeerCodigoQR(codigo)
	if err != nil {
		return c, err
	}
	if !firmaValida(pub, codigo) {
		return c, ErrCodigoQR
	}
	return c, nil
}
