package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// CertificadoDispositivo is what a staff device's certificate carries (see
// docs/features/offline.md). The certificate is
//
//	MUELLEDISP1.<payload>.<firma>
//
// of the same family as the ticket's code (CodigoQR): <payload> is the
// base64url (no padding) of this JSON, <firma> the base64url Ed25519
// signature, by the company's key, of "MUELLEDISP1." + <payload>. Whoever
// holds the company's public key trusts the device's key K from Desde until
// Hasta (one year), without asking the server.
type CertificadoDispositivo struct {
	EmpresaID int64  `json:"e"`
	Codigo    string `json:"d"`
	// Clave is the device's Ed25519 public key, 32 bytes in base64url.
	Clave string    `json:"k"`
	Desde time.Time `json:"desde"`
	Hasta time.Time `json:"hasta"`
}

const prefijoCertificado = "MUELLEDISP1."

// VigenciaCertificado is how long a device's certificate holds.
const VigenciaCertificado = 365 * 24 * time.Hour

// Device codes: LargoCodigoDispositivo characters of Crockford's base32.
const (
	LargoCodigoDispositivo = 4
	alfabetoCrockford      = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
)

// MaxNombreDispositivo bounds a device's name, in characters.
const MaxNombreDispositivo = 60

// Messages of the devices.
const (
	MsgDispositivoNoEncontrado  = "Dispositivo no encontrado"
	MsgDispositivoRegistrado    = "Dispositivo registrado"
	MsgDispositivoRenombrado    = "Dispositivo renombrado"
	MsgDispositivoRevocado      = "Dispositivo revocado"
	MsgDispositivoYaRegistrado  = "Este dispositivo ya está registrado"
	MsgSinCodigoDispositivo     = "No se pudo asignar un código al dispositivo: intentá de nuevo"
	MsgNombreDispositivo        = "El nombre del dispositivo es obligatorio"
	MsgNombreDispositivoLargo   = "El nombre del dispositivo admite hasta 60 caracteres"
	MsgClaveDispositivoInvalida = "La clave pública del dispositivo no es válida"
	MsgCertificadoInvalido      = "El certificado del dispositivo no es válido"
	MsgCertificadoDeOtraEmpresa = "El certificado del dispositivo es de otra empresa"
	MsgCertificadoNoVigente     = "El certificado del dispositivo no está vigente"
	MsgFirmaLoteInvalida        = "El envío no está firmado por este dispositivo: vuelva a registrarlo desde el propio equipo"
)

// Refusals of a device's certificate.
var (
	ErrCertificado            = errors.New(MsgCertificadoInvalido)
	ErrCertificadoOtraEmpresa = errors.New(MsgCertificadoDeOtraEmpresa)
	ErrCertificadoVencido     = errors.New(MsgCertificadoNoVigente)
)

// Bounds of device registration (issue 36 item 16): a user keeps at most
// MaxDispositivosPorUsuario active devices (a new one revokes the one they
// used least lately), a company at most MaxDispositivosPorEmpresa (a
// registration past it is refused until an admin revokes one), and a user
// registers at most MaxRegistrosDispositivoPorDia in 24 hours, revoked ones
// included, so that no one fills the company's 32⁴ codes (a revoked device
// keeps its code).
const (
	MaxDispositivosPorUsuario     = 10
	MaxDispositivosPorEmpresa     = 200
	MaxRegistrosDispositivoPorDia = 20
)

// Refusals of a registration past the bounds.
var (
	MsgTopeDispositivosEmpresa = fmt.Sprintf("La empresa ya tiene %d dispositivos activos, el máximo: "+
		"un administrador debe revocar los que no se usan antes de registrar otro", MaxDispositivosPorEmpresa)
	MsgTopeRegistrosDispositivo = fmt.Sprintf("Ya registraste %d dispositivos en las últimas 24 horas, el máximo: "+
		"probá mañana o pedile a un administrador que revise tus dispositivos", MaxRegistrosDispositivoPorDia)
)

// CupoDispositivos is what a registration finds: the active devices of the
// user and of the company, and the user's registrations of the last 24 hours.
type CupoDispositivos struct {
	ActivosUsuario, ActivosEmpresa, RegistrosDia int
}

// Registrar decides a registration: refused past the daily bound (429) or,
// while the user has room, past the company's (409); reemplazar when the user
// is at their bound, so that their least used device is revoked (the
// company's count stays the same).
func (c CupoDispositivos) Registrar() (reemplazar bool, err error) {
	switch {
	case c.RegistrosDia >= MaxRegistrosDispositivoPorDia:
		return false, TooMany(MsgTopeRegistrosDispositivo)
	case c.ActivosUsuario >= MaxDispositivosPorUsuario:
		return true, nil
	case c.ActivosEmpresa >= MaxDispositivosPorEmpresa:
		return false, Conflict(MsgTopeDispositivosEmpresa)
	}
	return false, nil
}

// MsgDispositivoReemplazado is the message of a registration that revoked
// the user's device nombre (codigo) to stay within their bound.
func MsgDispositivoReemplazado(nombre, codigo string) string {
	return fmt.Sprintf("%s. Se revocó «%s» (%s), el que menos usabas: cada usuario tiene hasta %d dispositivos activos",
		MsgDispositivoRegistrado, nombre, codigo, MaxDispositivosPorUsuario)
}

// AccesoRegistroDispositivo is who may register a device: the staff who
// sell (pasajes.crear) or board (validacion.embarque), the two that work offline.
var AccesoRegistroDispositivo = ConAlgunPermiso("pasajes.crear", "validacion.embarque")

// NuevoCodigoDispositivo draws a random device code (uniqueness in the
// company is the store's: it draws again on a collision).
func NuevoCodigoDispositivo() (string, error) {
	b := make([]byte, LargoCodigoDispositivo)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = alfabetoCrockford[b[i]%byte(len(alfabetoCrockford))] // 256 is a multiple of 32: uniform
	}
	return string(b), nil
}

// NombreDispositivo trims and checks a device's name.
func NombreDispositivo(nombre string) (string, error) {
	nombre = strings.TrimSpace(nombre)
	switch {
	case nombre == "":
		return "", Invalid(MsgNombreDispositivo)
	case utf8.RuneCountInString(nombre) > MaxNombreDispositivo:
		return "", Invalid(MsgNombreDispositivoLargo)
	}
	return nombre, nil
}

// ClaveDispositivo checks a device's public key as sent: the base64url (no
// padding, canonical) of exactly 32 bytes.
func ClaveDispositivo(clave string) (ed25519.PublicKey, error) {
	raw, err := b64.Strict().DecodeString(clave)
	if err != nil || len(raw) != ed25519.PublicKeySize || b64.EncodeToString(raw) != clave {
		return nil, Invalid(MsgClaveDispositivoInvalida)
	}
	return raw, nil
}

// FirmarCertificado builds the certificate of a device's key pub, coded
// codigo in the company empresaID, valid from desde for VigenciaCertificado,
// signed with the company's key priv.
func FirmarCertificado(priv ed25519.PrivateKey, empresaID int64, codigo string, pub ed25519.PublicKey,
	desde time.Time) (string, CertificadoDispositivo, error) {
	desde = desde.UTC().Truncate(time.Second)
	c := CertificadoDispositivo{EmpresaID: empresaID, Codigo: codigo, Clave: b64.EncodeToString(pub), Desde: desde,
		Hasta: desde.Add(VigenciaCertificado)}
	cert, err := firmarCarga(priv, prefijoCertificado, c)
	return cert, c, err
}

// VerificarCertificado checks a device's certificate for the company
// empresaID at ahora: signed by the company's key pub (ErrCertificado), of
// that company (ErrCertificadoOtraEmpresa) and within its validity
// (ErrCertificadoVencido). It answers what the certificate carries.
func VerificarCertificado(pub ed25519.PublicKey, empresaID int64, certificado string, ahora time.Time) (CertificadoDispositivo, error) {
	c, err := leerCertificado(certificado)
	switch {
	case err != nil || !firmaValida(pub, certificado):
		return c, ErrCertificado
	case c.EmpresaID != empresaID:
		return c, ErrCertificadoOtraEmpresa
	case ahora.Before(c.Desde) || !ahora.Before(c.Hasta):
		return c, ErrCertificadoVencido
	}
	return c, nil
}

// leerCertificado parses a certificate's payload without checking its signature.
func leerCertificado(certificado string) (CertificadoDispositivo, error) {
	var c CertificadoDispositivo
	rest, ok := strings.CutPrefix(strings.TrimSpace(certificado), prefijoCertificado)
	payload, _, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 {
		return c, ErrCertificado
	}
	raw, err := b64.DecodeString(payload)
	if err != nil || json.Unmarshal(raw, &c) != nil || c.EmpresaID <= 0 || len(c.Codigo) != LargoCodigoDispositivo {
		return c, ErrCertificado
	}
	if _, err := ClaveDispositivo(c.Clave); err != nil {
		return c, ErrCertificado
	}
	return c, nil
}

// ActoLote is what a device signs of one act of a sync batch: its id, its
// kind and its moment on the device's clock (ms).
type ActoLote struct {
	ID, Tipo   string
	OcurridoEn int64
}

// prefijoLote opens the text a device signs of a sync batch.
const prefijoLote = "MUELLESYNC1"

// MensajeLote is the text a device signs of a sync batch (POST /sync): its
// clock and each act, one line each, so that only the holder of the device's
// private key, never a copy of its certificate, syncs in its name.
func MensajeLote(reloj int64, actos []ActoLote) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%d\n", prefijoLote, reloj)
	for _, a := range actos {
		fmt.Fprintf(&b, "%s|%s|%d\n", a.ID, a.Tipo, a.OcurridoEn)
	}
	return []byte(b.String())
}

// VerificarFirmaLote checks firma (base64url, no padding) of mensaje with the
// device's public key clave (its certificate's).
func VerificarFirmaLote(clave string, mensaje []byte, firma string) error {
	pub, err := ClaveDispositivo(clave)
	if err != nil {
		return Invalid(MsgFirmaLoteInvalida)
	}
	sig, err := b64.Strict().DecodeString(firma)
	if err != nil || !ed25519.Verify(pub, mensaje, sig) {
		return Invalid(MsgFirmaLoteInvalida)
	}
	return nil
}
