// Package auth issues and verifies session tokens and hashes passwords.
package auth

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/crypto/bcrypt"

	"muelle/internal/domain"
)

// RolInfo is the role part of the token payload.
type RolInfo struct {
	Nombre   string          `json:"nombre"`
	Permisos domain.Permisos `json:"permisos"`
}

// Claims is the token payload of the spec (userId, nombreUsuario, rolInfo, rol,
// exp) plus the company, a unique id (jti) so a token can be revoked, and the
// user's session version at issue (raising it revokes every token of the user).
type Claims struct {
	UserID        int64   `json:"userId"`
	NombreUsuario string  `json:"nombreUsuario"`
	RolInfo       RolInfo `json:"rolInfo"`
	Rol           string  `json:"rol"`
	EmpresaID     int64   `json:"empresaId"`
	SesionVersion int64   `json:"sv"`
	jwt.RegisteredClaims
}

// Tokens signs and verifies tokens with the installation's secret.
type Tokens struct {
	secret []byte
	ttl    time.Duration
}

// NewTokens builds a signer; secret must be at least 32 bytes.
func NewTokens(secret []byte, ttl time.Duration) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("auth: el secreto de firma debe tener al menos 32 bytes")
	}
	return &Tokens{secret: secret, ttl: ttl}, nil
}

// TTL is how long an issued token lives.
func (t *Tokens) TTL() time.Duration { return t.ttl }

// Issue signs a token for the claims, setting its id, issue time and expiry.
func (t *Tokens) Issue(c Claims, now time.Time) (string, Claims, error) {
	c.ID = RandomHex(16)
	c.IssuedAt = jwt.NewNumericDate(now)
	c.ExpiresAt = jwt.NewNumericDate(now.Add(t.ttl))
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
	if err != nil {
		return "", c, fmt.Errorf("auth: firmar token: %w", err)
	}
	return s, c, nil
}

// ErrExpired tells an expired token apart from an invalid one.
var ErrExpired = errors.New("auth: token expirado")

// Parse verifies the signature, algorithm and expiry of a token.
func (t *Tokens) Parse(token string, now time.Time) (Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }))
	if errors.Is(err, jwt.ErrTokenExpired) {
		return c, ErrExpired
	}
	if err != nil {
		return c, fmt.Errorf("auth: token inválido: %w", err)
	}
	return c, nil
}

// RandomHex returns n random bytes as hex.
func RandomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("auth: sin fuente de aleatoriedad: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// Hasher hashes and checks passwords with bcrypt at a configurable cost.
type Hasher struct{ Cost int }

// Hash returns the bcrypt hash of password.
func (h Hasher) Hash(password string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(password), h.Cost)
	if err != nil {
		return "", fmt.Errorf("auth: hash de contraseña: %w", err)
	}
	return string(b), nil
}

// dummies holds, per cost, the hash compared against when the user does not
// exist, so a wrong user and a wrong password take the same time (no user
// enumeration by timing).
var dummies sync.Map

func (h Hasher) dummy() []byte {
	if v, ok := dummies.Load(h.Cost); ok {
		return v.([]byte)
	}
	b, _ := bcrypt.GenerateFromPassword([]byte("muelle-sin-usuario"), h.Cost)
	v, _ := dummies.LoadOrStore(h.Cost, b)
	return v.([]byte)
}

// Check reports whether password matches hash; an empty hash still costs a
// comparison at the hasher's cost.
func (h Hasher) Check(hash, password string) bool {
	if hash == "" {
		_ = bcrypt.CompareHashAndPassword(h.dummy(), []byte(password))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}
