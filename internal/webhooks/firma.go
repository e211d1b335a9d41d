package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The pieces a verifier of a shared-secret signature is made of: the header
// read, the HMAC compared, the time checked.

// ToleranciaDefault is how far a signature's time may be from the server's
// clock, either way, unless the provider says otherwise (stripe-go's 5 minutes).
const ToleranciaDefault = 5 * time.Minute

// CamposFirma reads a signature header of comma-separated key=value parts
// (Mercado Pago's "ts=1704908010,v1=618c…", Stripe's "t=…,v1=…,v1=…"): the
// values of each key in order, spaces around the parts ignored. An empty
// header, a part without "=" or with an empty key or value is ErrFirma.
func CamposFirma(valor string) (map[string][]string, error) {
	if strings.TrimSpace(valor) == "" {
		return nil, fmt.Errorf("%w: sin encabezado de firma", ErrFirma)
	}
	campos := map[string][]string{}
	for parte := range strings.SplitSeq(valor, ",") {
		clave, v, ok := strings.Cut(strings.TrimSpace(parte), "=")
		if !ok || clave == "" || v == "" {
			return nil, fmt.Errorf("%w: encabezado de firma mal formado", ErrFirma)
		}
		campos[clave] = append(campos[clave], v)
	}
	return campos, nil
}

// HoraUnix is a signature's time written as whole seconds since 1970.
func HoraUnix(s string) (time.Time, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, fmt.Errorf("%w: hora de la firma ilegible", ErrFirma)
	}
	return time.Unix(n, 0), nil
}

// ComprobarHMAC is nil when one of firmas (hexadecimal, as the headers carry
// them) is the HMAC-SHA256 of mensaje under one of secretos (several while a
// secret is rotated: the new one and the old one); ErrFirma otherwise. Every
// signature is compared with every secret's, each comparison in constant
// time (hmac.Equal), so the time taken tells nothing about how close a
// forged signature came nor which secret matched.
func ComprobarHMAC(secretos [][]byte, mensaje []byte, firmas []string) error {
	buena := false
	for _, secreto := range secretos {
		if len(secreto) == 0 {
			continue
		}
		esperada := mac(secreto, mensaje)
		for _, f := range firmas {
			dada, err := hex.DecodeString(f)
			if err == nil && hmac.Equal(dada, esperada) {
				buena = true
			}
		}
	}
	if !buena {
		return fmt.Errorf("%w: ninguna firma coincide", ErrFirma)
	}
	return nil
}

// ComprobarHora is nil when ts is within tolerancia of ahora, before or
// after it (a clock ahead is refused like a replay); ErrVencida otherwise.
func ComprobarHora(ts, ahora time.Time, tolerancia time.Duration) error {
	if d := ahora.Sub(ts); d > tolerancia || d < -tolerancia {
		return fmt.Errorf("%w: %s de diferencia", ErrVencida, d.Round(time.Second))
	}
	return nil
}

// FirmarHMAC is the hexadecimal HMAC-SHA256 of mensaje under secreto: what a
// provider sends and what a test signs with.
func FirmarHMAC(secreto, mensaje []byte) string { return hex.EncodeToString(mac(secreto, mensaje)) }

func mac(secreto, mensaje []byte) []byte {
	h := hmac.New(sha256.New, secreto)
	h.Write(mensaje)
	return h.Sum(nil)
}
