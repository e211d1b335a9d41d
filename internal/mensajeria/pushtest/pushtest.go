// Package pushtest is a push service for tests: an HTTPS server on loopback
// that takes Web Push requests for the browsers it made, decrypts each
// payload with the browser's private key (RFC 8291, aes128gcm), checks the
// VAPID signature (RFC 8292) and answers what the test asks (201 by default;
// 410 for a subscription gone). Tests switch PermitirPrivadas on and trust
// its certificate (TLS).
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var b64 = base64.RawURLEncoding

// Navegador is a browser's subscription: its endpoint on the service and
// the keys a payload is encrypted to, the private one kept here.
type Navegador struct {
	Endpoint string
	priv     *ecdh.PrivateKey
	auth     []byte
}

// P256dh is the subscription's public key as the browser sends it.
func (n *Navegador) P256dh() string { return b64.EncodeToString(n.priv.PublicKey().Bytes()) }

// Auth is the subscription's authentication secret as the browser sends it.
func (n *Navegador) Auth() string { return b64.EncodeToString(n.auth) }

// Recibido is one push request the service took.
type Recibido struct {
	Endpoint string
	Header   http.Header
	// Payload is the decrypted message; Err says why it could not be.
	Payload []byte
	Err     error
	// ClaveVAPID is the application server's public key (k=) whose
	// signature of the request's JWT was checked; ErrVAPID is its failure.
	ClaveVAPID string
	ErrVAPID   error
}

// Servicio is the push service.
type Servicio struct {
	srv        *httptest.Server
	mu         sync.Mutex
	navegador  map[string]*Navegador // by path
	respuestas map[string]int        // by path: the status to answer
	recibidos  []Recibido
	n          int
}

// Iniciar starts a service on loopback, closed when the test ends.
func Iniciar(t testing.TB) *Servicio {
	s := &Servicio{navegador: map[string]*Navegador{}, respuestas: map[string]int{}}
	s.srv = httptest.NewTLSServer(http.HandlerFunc(s.recibir))
	t.Cleanup(s.srv.Close)
	return s
}

// TLS trusts the service's certificate.
func (s *Servicio) TLS() *tls.Config {
	return s.srv.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
}

// Navegador subscribes a new browser to the service.
func (s *Servicio) Navegador(t testing.TB) *Navegador {
	t.Helper()
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	path := "/push/" + strconv.Itoa(s.n)
	n := &Navegador{Endpoint: s.srv.URL + path, priv: priv, auth: auth}
	s.navegador[path] = n
	return n
}

// Responder makes the service answer status to the browser's pushes.
func (s *Servicio) Responder(n *Navegador, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.respuestas[strings.TrimPrefix(n.Endpoint, s.srv.URL)] = status
}

// Recibidos are the pushes taken so far, in order.
func (s *Servicio) Recibidos() []Recibido {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Recibido(nil), s.recibidos...)
}

func (s *Servicio) recibir(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	n, status := s.navegador[r.URL.Path], s.respuestas[r.URL.Path]
	s.mu.Unlock()
	if n == nil || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	rec := Recibido{Endpoint: n.Endpoint, Header: r.Header.Clone()}
	rec.Payload, rec.Err = n.Descifrar(body)
	if r.Header.Get("Content-Encoding") != "aes128gcm" {
		rec.Err = errors.Join(rec.Err, fmt.Errorf("Content-Encoding %q", r.Header.Get("Content-Encoding")))
	}
	rec.ClaveVAPID, rec.ErrVAPID = verificarVAPID(r.Header.Get("Authorization"), s.srv.URL)
	s.mu.Lock()
	s.recibidos = append(s.recibidos, rec)
	s.mu.Unlock()
	if status == 0 {
		status = http.StatusCreated
	}
	w.WriteHeader(status)
}

// Descifrar opens an aes128gcm body encrypted to the browser (RFC 8291 §3,
// RFC 8188 §2): the header (salt, record size, the sender's public key),
// then one record whose padding ends at the delimiter 0x02.
func (n *Navegador) Descifrar(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("cuerpo corto")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || rs < 18 {
		return nil, errors.New("encabezado inválido")
	}
	asPublic, cifrado := body[21:21+idlen], body[21+idlen:]
	if len(cifrado) > int(rs) {
		return nil, errors.New("más de un registro")
	}
	remitente, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, fmt.Errorf("clave del remitente: %w", err)
	}
	secreto, err := n.priv.ECDH(remitente)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), n.priv.PublicKey().Bytes()...), asPublic...)
	ikm, err := hkdf.Key(sha256.New, secreto, n.auth, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	bloque, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(bloque)
	if err != nil {
		return nil, err
	}
	plano, err := gcm.Open(nil, nonce, cifrado, nil)
	if err != nil {
		return nil, fmt.Errorf("descifrar: %w", err)
	}
	fin := bytes.LastIndexFunc(plano, func(r rune) bool { return r != 0 })
	if fin < 0 || plano[fin] != 2 {
		return nil, errors.New("falta el delimitador del último registro")
	}
	return plano[:fin], nil
}

// verificarVAPID checks "vapid t=<JWT>, k=<public key>": the JWT is ES256,
// signed by k, for the service's origin (aud), unexpired and with a subject.
func verificarVAPID(h, origen string) (clave string, err error) {
	partes := map[string]string{}
	for _, p := range strings.Split(strings.TrimPrefix(h, "vapid "), ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		partes[k] = v
	}
	clave, token := partes["k"], partes["t"]
	raw, err := b64.DecodeString(clave)
	if err != nil {
		return clave, fmt.Errorf("k: %w", err)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return clave, fmt.Errorf("k: %w", err)
	}
	trozos := strings.Split(token, ".")
	if len(trozos) != 3 {
		return clave, errors.New("JWT mal formado")
	}
	firma, err := b64.DecodeString(trozos[2])
	if err != nil || len(firma) != 64 {
		return clave, errors.New("firma mal formada")
	}
	suma := sha256.Sum256([]byte(trozos[0] + "." + trozos[1]))
	if !ecdsa.Verify(pub, suma[:], new(big.Int).SetBytes(firma[:32]), new(big.Int).SetBytes(firma[32:])) {
		return clave, errors.New("firma VAPID inválida")
	}
	var encabezado struct{ Alg string }
	var reclamos struct {
		Aud, Sub string
		Exp      int64
	}
	e1, _ := b64.DecodeString(trozos[0])
	e2, _ := b64.DecodeString(trozos[1])
	if json.Unmarshal(e1, &encabezado) != nil || json.Unmarshal(e2, &reclamos) != nil {
		return clave, errors.New("JWT ilegible")
	}
	switch {
	case encabezado.Alg != "ES256":
		return clave, fmt.Errorf("alg %q", encabezado.Alg)
	case reclamos.Aud != origen:
		return clave, fmt.Errorf("aud %q, esperaba %q", reclamos.Aud, origen)
	case reclamos.Sub == "", time.Unix(reclamos.Exp, 0).Before(time.Now()):
		return clave, fmt.Errorf("sub %q exp %d", reclamos.Sub, reclamos.Exp)
	}
	return clave, nil
}
