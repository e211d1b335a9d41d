package store

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
)

// claveEmpresa returns the company's Ed25519 signing key, creating it the
// first time (concurrent first sales agree on one key).
func (s *Store) claveEmpresa(ctx context.Context, c conn, empresaID int64) (ed25519.PrivateKey, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	enc := base64.StdEncoding
	_, err = c.exec(ctx, `INSERT INTO empresa_claves (empresa_id, clave_publica, clave_privada, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (empresa_id) DO NOTHING`,
		empresaID, enc.EncodeToString(pub), enc.EncodeToString(priv), s.Now())
	if err != nil {
		return nil, wrap("crear clave de la empresa", err)
	}
	var stored string
	if err := c.row(ctx, `SELECT clave_privada FROM empresa_claves WHERE empresa_id = ?`, empresaID).Scan(&stored); err != nil {
		return nil, wrap("leer clave de la empresa", err)
	}
	raw, err := enc.DecodeString(stored)
	if err != nil || len(raw) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("store: clave de la empresa %d corrupta", empresaID)
	}
	return ed25519.PrivateKey(raw), nil
}

// ClavePublica returns the company's public key (nil when it has sold nothing yet).
func (s *Store) ClavePublica(ctx context.Context, empresaID int64) (ed25519.PublicKey, error) {
	var stored string
	err := s.conn().row(ctx, `SELECT clave_publica FROM empresa_claves WHERE empresa_id = ?`, empresaID).Scan(&stored)
	if missing, err := notFound(err); err != nil || missing {
		return nil, wrap("leer clave pública", err)
	}
	raw, err := base64.StdEncoding.DecodeString(stored)
	return ed25519.PublicKey(raw), wrap("decodificar clave pública", err)
}
