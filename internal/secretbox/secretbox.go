// Package secretbox encrypts the secrets Muelle keeps in its database (the
// companies' signing keys, SMTP passwords, WhatsApp device keys and sessions)
// with AES-256-GCM under an installation key that is never stored in the
// database.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// KeySize is the length of an installation key: 32 bytes (AES-256).
const KeySize = 32

// prefix marks a sealed value and its format version.
const prefix = "v1:"

// Box seals and opens secrets with one installation key.
type Box struct {
	aead cipher.AEAD
	mask []byte // the key of Mask, derived from the installation key
}

// New builds a box from a 32-byte key.
func New(key []byte) (*Box, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("secretbox: la clave debe tener %d bytes, tiene %d", KeySize, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Box{aead: aead, mask: hmacSHA256(key, []byte("secretbox/mask"))}, nil
}

func hmacSHA256(key, data []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write(data)
	return h.Sum(nil)
}

// NewKey returns a fresh random installation key.
func NewKey() []byte {
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		panic("secretbox: sin fuente de aleatoriedad: " + err.Error())
	}
	return k
}

// EncodeKey is the text form of a key (standard base64), as MUELLE_SECRET_KEY holds it.
func EncodeKey(key []byte) string { return base64.StdEncoding.EncodeToString(key) }

// ParseKey reads the text form of a key.
func ParseKey(s string) ([]byte, error) {
	k, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil || len(k) != KeySize {
		return nil, fmt.Errorf("secretbox: la clave debe ser %d bytes en base64", KeySize)
	}
	return k, nil
}

// Seal encrypts a secret. context names where the secret lives (table and
// row); the sealed value opens only with the same context, so it cannot be
// moved to another row.
func (b *Box) Seal(secret []byte, context string) (string, error) {
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("secretbox: nonce: %w", err)
	}
	sealed := b.aead.Seal(nonce, nonce, secret, []byte(context))
	return prefix + base64.StdEncoding.EncodeToString(sealed), nil
}

// ErrOpen means a sealed value does not open with this key and context.
var ErrOpen = errors.New("secretbox: el secreto no se puede descifrar con esta clave de instalación")

// Open decrypts a sealed value.
func (b *Box) Open(sealed, context string) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(sealed, prefix))
	if !IsSealed(sealed) || err != nil || len(raw) < b.aead.NonceSize() {
		return nil, ErrOpen
	}
	n := b.aead.NonceSize()
	secret, err := b.aead.Open(nil, raw[:n], raw[n:], []byte(context))
	if err != nil {
		return nil, ErrOpen
	}
	return secret, nil
}

// Mask encrypts a secret keeping its length, for a column whose length is
// fixed (whatsmeow's 32-byte private keys): an XOR with a keystream that
// depends only on the installation key and context
// (HMAC-SHA256(mask key, context, block number)); masking again unmasks. It
// is deterministic and unauthenticated: use it only for random secrets, one
// secret per context, and let an authenticated Seal nearby tell a wrong key.
func (b *Box) Mask(secret []byte, context string) []byte {
	out := make([]byte, len(secret))
	for i := 0; i < len(secret); i += sha256.Size {
		pad := hmacSHA256(b.mask, binary.BigEndian.AppendUint32(append([]byte(context), 0), uint32(i/sha256.Size)))
		for j := i; j < len(secret) && j < i+sha256.Size; j++ {
			out[j] = secret[j] ^ pad[j-i]
		}
	}
	return out
}

// IsSealed tells a sealed value from a plain one (stored before encryption).
func IsSealed(v string) bool { return strings.HasPrefix(v, prefix) }

// LoadOrCreateKeyFile reads the installation key from path, creating the file
// with a new key (permissions 0600) the first time. A key file that others
// can read or write is refused.
func LoadOrCreateKeyFile(path string) ([]byte, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		_, werr := f.WriteString(EncodeKey(NewKey()) + "\n")
		if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
			return nil, fmt.Errorf("secretbox: crear %s: %w", path, err)
		}
	} else if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("secretbox: crear %s: %w", path, err)
	}
	return ReadKeyFile(path)
}

// ReadKeyFile reads an existing key file, refusing one that others can access.
func ReadKeyFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("secretbox: %s tiene permisos %v: deben ser 0600", path, st.Mode().Perm())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	k, err := ParseKey(string(b))
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return k, nil
}

// StageKeyFile writes a new key next to path (PATH.nueva, permissions 0600)
// and returns the function that puts it in place of the old one: call it once
// the secrets are sealed with the new key. Should the process stop in
// between, the new key is still on disk.
func StageKeyFile(path string, key []byte) (install func() error, err error) {
	tmp := path + ".nueva"
	if err := os.WriteFile(tmp, []byte(EncodeKey(key)+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	return func() error { return os.Rename(tmp, path) }, nil
}
