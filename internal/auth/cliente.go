package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// The customer portal's sessions (docs/features/portal-cliente.md). A
// customer's token is its own kind: signed with a key derived
// from the installation's token secret for customers alone, with its own
// audience, so a staff token never verifies as a customer's nor the other
// way round, whatever the claims say.

// AudienciaCliente is the audience of every customer token.
const AudienciaCliente = "muelle-cliente"

// ClaimsCliente is a customer session's token payload.
type ClaimsCliente struct {
	ClienteID     int64 `json:"clienteId"`
	EmpresaID     int64 `json:"empresaId"`
	SesionVersion int64 `json:"sv"`
	jwt.RegisteredClaims
}

// claveCliente is the signing key of customer tokens: HMAC of the staff
// secret, so neither key signs the other kind.
func (t *Tokens) claveCliente() []byte {
	m := hmac.New(sha256.New, t.secret)
	m.Write([]byte("muelle/tokens-de-clientes/v1"))
	return m.Sum(nil)
}

// claveCodigos keys the hash of customers' one-time codes: HMAC of the
// staff secret under its own label, so 6 digits are not found by hashing
// the million candidates without the installation's secret.
func (t *Tokens) claveCodigos() []byte {
	m := hmac.New(sha256.New, t.secret)
	m.Write([]byte("muelle/codigos-de-clientes/v1"))
	return m.Sum(nil)
}

// HashCodigoCliente is what is stored of a one-time code: the HMAC, keyed
// by the installation's secret, of the customer and the code (the code
// itself is never kept).
func (t *Tokens) HashCodigoCliente(clienteID int64, codigo string) string {
	m := hmac.New(sha256.New, t.claveCodigos())
	fmt.Fprintf(m, "cliente:%d:%s", clienteID, strings.TrimSpace(codigo))
	return hex.EncodeToString(m.Sum(nil))
}

// EmitirCliente signs a customer token.
func (t *Tokens) EmitirCliente(c ClaimsCliente, now time.Time) (string, ClaimsCliente, error) {
	c.ID = RandomHex(16)
	c.Audience = jwt.ClaimStrings{AudienciaCliente}
	c.IssuedAt = jwt.NewNumericDate(now)
	c.ExpiresAt = jwt.NewNumericDate(now.Add(t.ttl))
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.claveCliente())
	if err != nil {
		return "", c, fmt.Errorf("auth: firmar token de cliente: %w", err)
	}
	return s, c, nil
}

// LeerCliente verifies a customer token: its key, algorithm, audience and expiry.
func (t *Tokens) LeerCliente(token string, now time.Time) (ClaimsCliente, error) {
	var c ClaimsCliente
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.claveCliente(), nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithAudience(AudienciaCliente),
		jwt.WithExpirationRequired(), jwt.WithTimeFunc(func() time.Time { return now }))
	if errors.Is(err, jwt.ErrTokenExpired) {
		return c, ErrExpired
	}
	if err != nil || c.ClienteID <= 0 || c.EmpresaID <= 0 {
		return c, fmt.Errorf("auth: token de cliente inválido: %w", err)
	}
	return c, nil
}

// EsTokenDePersonal reports whether token is a valid staff token (the portal
// answers it 403, not 401).
func (s *Service) EsTokenDePersonal(token string) bool {
	_, err := s.Tokens.Parse(token, s.Store.Now())
	return err == nil
}

// SesionCliente is a customer's successful login or setup.
type SesionCliente struct {
	Token   string
	Cliente store.ClientePortal
}

// VerificarCliente checks a document before the password step and answers
// it normalized. It reads no customer: whatever the document's state (no
// customer, no password, a password) the answer is the same (issue 36 item
// 11), and the portal offers both 'Ingresar' and creating or recovering the
// password. Each check counts as an attempt of the client address.
func (s *Service) VerificarCliente(ctx context.Context, documento, ip string) (string, error) {
	documento, err := domain.NormalizarDocumento(documento)
	if err != nil {
		return documento, err
	}
	return documento, s.reservarDireccionCliente(ctx, ip)
}

// LoginCliente checks a customer's document and portal password. A wrong
// password, an unknown document and a customer without a password all answer
// the same 401 after a bcrypt comparison; failures lock the document from
// that address and the address for any document past their limits, with a
// Spanish message, and slow the document from anywhere (reservarCliente).
func (s *Service) LoginCliente(ctx context.Context, empresaID int64, documento, password, ip string) (SesionCliente, error) {
	documento, err := domain.NormalizarDocumento(documento)
	if err != nil {
		return SesionCliente{}, err
	}
	if password == "" {
		return SesionCliente{}, domain.Invalid(domain.MsgClientePasswordRequerida)
	}
	doc, err := s.reservarCliente(ctx, empresaID, documento, ip)
	if err != nil {
		return SesionCliente{}, err
	}
	cl, found, err := s.Store.ClientePorDocumento(ctx, empresaID, documento)
	if err != nil {
		return SesionCliente{}, err
	}
	if !s.Hasher.Check(cl.PasswordHash, password) || !found {
		return SesionCliente{}, domain.Unauthorized(domain.MsgClienteCredenciales)
	}
	if err := s.Store.LoginClienteExitoso(ctx, cl.ID, doc); err != nil {
		return SesionCliente{}, err
	}
	return s.emitirSesionCliente(cl)
}

// SetupCliente sets a customer's portal password once it proved who it is
// with a one-time code: one sent to its confirmed e-mail or WhatsApp, or one
// a staff member handed over at the counter (EmitirCodigoPortal). A ticket
// number proves nothing (anyone may buy one under a document). Any failure
// of the proof (an unknown document included) answers the same 401 and
// counts as a failed attempt.
func (s *Service) SetupCliente(ctx context.Context, empresaID int64, documento, password, codigo, ip string,
	canales CanalesCliente) (SesionCliente, error) {
	documento, err := domain.NormalizarDocumento(documento)
	if err != nil {
		return SesionCliente{}, err
	}
	if err := domain.ValidarPasswordCliente(password); err != nil {
		return SesionCliente{}, err
	}
	if codigo == "" {
		return SesionCliente{}, domain.Invalid(domain.MsgClienteSinPrueba)
	}
	doc, err := s.reservarCliente(ctx, empresaID, documento, ip)
	if err != nil {
		return SesionCliente{}, err
	}
	hash, err := s.Hasher.Hash(password)
	if err != nil {
		return SesionCliente{}, err
	}
	cl, found, err := s.Store.ClientePorDocumento(ctx, empresaID, documento)
	if err != nil {
		return SesionCliente{}, err
	}
	if !found {
		return SesionCliente{}, domain.Unauthorized(domain.MsgClienteVerificacion)
	}
	aviso, err := s.avisoClaveCreada(ctx, cl, canales)
	if err != nil {
		return SesionCliente{}, err
	}
	version, err := s.Store.GuardarClaveCliente(ctx, cl, hash, s.Tokens.HashCodigoCliente(cl.ID, codigo), aviso)
	if err != nil {
		return SesionCliente{}, err
	}
	cl.PasswordHash, cl.SesionVersion = hash, version
	if err := s.Store.LoginClienteExitoso(ctx, cl.ID, doc); err != nil {
		return SesionCliente{}, err
	}
	return s.emitirSesionCliente(cl)
}

// EmitirCodigoPortal makes the one-time portal code a staff member hands
// over at the counter after checking the customer's ID: 6 digits, valid
// domain.ValidezCodigoCliente, only its hash kept, older codes spent,
// audited. It answers the code (shown once) and when it expires.
func (s *Service) EmitirCodigoPortal(ctx context.Context, a store.Actor, clienteID int64) (string, time.Time, error) {
	cl, err := s.Store.ClientePortalPorID(ctx, a.EmpresaID, clienteID)
	if err != nil {
		return "", time.Time{}, err
	}
	codigo := CodigoNumerico(6)
	vence, err := s.Store.EmitirCodigoPortal(ctx, a, cl, s.Tokens.HashCodigoCliente(cl.ID, codigo))
	return codigo, vence, err
}

// CanalesCliente answers whether the company's mail works and its WhatsApp
// number is linked.
type CanalesCliente func(empresaID int64) (email, whatsapp bool, err error)

// contactoConfirmado is where a message to the customer goes: its confirmed
// e-mail when the company's mail works, else its confirmed WhatsApp when the
// company's number is linked; ok false when neither.
func contactoConfirmado(cl store.ClientePortal, canales CanalesCliente) (canal, destino string, ok bool, err error) {
	email, whatsapp, err := canales(cl.EmpresaID)
	switch {
	case err != nil:
		return "", "", false, err
	case email && cl.EmailConfirmado && cl.Email != "":
		return store.CanalEmail, cl.Email, true, nil
	case whatsapp && cl.TelefonoConfirmado && cl.Telefono != "":
		return store.CanalWhatsApp, cl.Telefono, true, nil
	}
	return "", "", false, nil
}

// avisoClaveCreada is the notice that the customer's portal password was
// set, to its confirmed contact (nil when it has none the company can reach).
func (s *Service) avisoClaveCreada(ctx context.Context, cl store.ClientePortal, canales CanalesCliente) (*store.MensajeCliente, error) {
	canal, destino, ok, err := contactoConfirmado(cl, canales)
	if err != nil || !ok {
		return nil, err
	}
	e, _, err := s.Store.Empresa(ctx, cl.EmpresaID)
	return &store.MensajeCliente{Canal: canal, Destino: destino, Asunto: domain.MsgClienteAsuntoClave,
		Texto: domain.TextoClaveCliente(e.Nombre)}, err
}

// PedirCodigoCliente sends a one-time code to the customer's confirmed
// e-mail (when the company's mail works) or else its confirmed WhatsApp
// (when the company's number is linked), through the outbox; a contact typed
// at a sale is not confirmed and gets none. The caller's answer is the same
// whether anything was sent: it discloses nothing about the document.
func (s *Service) PedirCodigoCliente(ctx context.Context, empresaID int64, documento, ip string, canales CanalesCliente) error {
	documento, err := domain.NormalizarDocumento(documento)
	if err != nil {
		return err
	}
	if err := s.reservarDireccionCliente(ctx, ip); err != nil {
		return err
	}
	cl, found, err := s.Store.ClientePorDocumento(ctx, empresaID, documento)
	if err != nil || !found {
		return err
	}
	canal, destino, ok, err := contactoConfirmado(cl, canales)
	if err != nil || !ok {
		return err
	}
	k := store.CodigoCliente{Asunto: domain.MsgClienteAsuntoCodigo, Canal: canal, Destino: destino}
	e, _, err := s.Store.Empresa(ctx, empresaID)
	if err != nil {
		return err
	}
	codigo := CodigoNumerico(6)
	k.CodigoHash, k.Texto = s.Tokens.HashCodigoCliente(cl.ID, codigo), domain.TextoCodigoCliente(e.Nombre, codigo)
	_, err = s.Store.EncolarCodigoCliente(ctx, cl, k)
	return err
}

// CodigoNumerico is n random decimal digits.
func CodigoNumerico(n int) string {
	b := make([]byte, n)
	for i := range b {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			panic("auth: sin fuente de aleatoriedad: " + err.Error())
		}
		b[i] = byte('0' + d.Int64())
	}
	return string(b)
}

// AutenticarCliente verifies a customer token and reads its customer fresh:
// a logout, a new password (its version) or a deactivated customer ends it.
func (s *Service) AutenticarCliente(ctx context.Context, token string) (ClaimsCliente, store.ClientePortal, error) {
	c, err := s.Tokens.LeerCliente(token, s.Store.Now())
	if err == ErrExpired {
		return c, store.ClientePortal{}, domain.Unauthorized(domain.MsgSesionExpirada)
	}
	if err != nil {
		return c, store.ClientePortal{}, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	cl, found, err := s.Store.ClienteDeSesion(ctx, c.EmpresaID, c.ClienteID, c.ID)
	if err != nil {
		return c, cl, err
	}
	if !found || cl.SesionVersion != c.SesionVersion {
		return c, cl, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	return c, cl, nil
}

// LogoutCliente revokes a customer token until it would have expired.
func (s *Service) LogoutCliente(ctx context.Context, c ClaimsCliente) error {
	return s.Store.RevocarTokenCliente(ctx, c.ID, c.ExpiresAt.Time)
}

func (s *Service) emitirSesionCliente(cl store.ClientePortal) (SesionCliente, error) {
	token, _, err := s.Tokens.EmitirCliente(ClaimsCliente{ClienteID: cl.ID, EmpresaID: cl.EmpresaID,
		SesionVersion: cl.SesionVersion}, s.Store.Now())
	return SesionCliente{Token: token, Cliente: cl}, err
}

// reservarCliente counts an attempt of the client address (for any
// document) and of the document from that address, each locked past its
// limit with 429 and the wait; a stranger's failures thus lock only the
// stranger's address, never the owner out (issue 36 item 11). It also counts
// the document's attempts from anywhere: past the login policy's limit each
// one waits EsperaDocumentoCliente first, so guessing from many addresses is
// slowed. It answers the document's key from that address; a success clears
// it and the count from anywhere.
func (s *Service) reservarCliente(ctx context.Context, empresaID int64, documento, ip string) (store.IntentoLogin, error) {
	if err := s.reservarDireccionCliente(ctx, ip); err != nil {
		return store.IntentoLogin{}, err
	}
	doc := store.IntentoLogin{NombreUsuario: store.ClaveIntentoCliente(empresaID, documento), IP: ip}
	maxIntentos, ventana, err := s.loginPolicy(ctx)
	if err != nil {
		return doc, err
	}
	if err := s.reservarClienteCon(ctx, doc, maxIntentos, ventana); err != nil {
		return doc, err
	}
	n, err := s.Store.SumarIntentoLogin(ctx, store.IntentoLogin{NombreUsuario: doc.NombreUsuario, IP: store.IPCualquiera}, ventana)
	if err != nil {
		return doc, err
	}
	return doc, s.esperar(ctx, domain.EsperaDocumentoCliente(n-maxIntentos))
}

func (s *Service) esperar(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	if s.Esperar != nil {
		return s.Esperar(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Service) reservarDireccionCliente(ctx context.Context, ip string) error {
	_, ventana, err := s.loginPolicy(ctx)
	if err != nil {
		return err
	}
	return s.reservarClienteCon(ctx, store.IntentoLogin{NombreUsuario: "cliente:*", IP: ip},
		domain.MaxIntentosClienteDireccion, ventana)
}

func (s *Service) reservarClienteCon(ctx context.Context, i store.IntentoLogin, maxIntentos int, ventana time.Duration) error {
	hasta, ok, err := s.Store.ReservarIntentoLogin(ctx, i, maxIntentos, ventana)
	if err != nil || ok {
		return err
	}
	restante := hasta.Sub(s.Store.Now())
	minutos := int64(restante.Minutes() + 0.999)
	return domain.TooManyDurante(fmt.Sprintf(domain.MsgClienteBloqueado,
		domain.Plural(max(minutos, 1), "minuto", "minutos")), restante)
}
