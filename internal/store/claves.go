package store

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"

	"muelle/internal/secretbox"
)

// errSinClaveInstalacion is returned when a secret is needed and the store
// was opened without the installation key.
var errSinClaveInstalacion = errors.New("store: falta la clave de instalación (MUELLE_SECRET_KEY)")

// contextoClave binds a company's sealed signing key to its row.
func contextoClave(empresaID int64) string {
	return "empresa_claves.clave_privada/" + strconv.FormatInt(empresaID, 10)
}

// claveEmpresa returns the company's Ed25519 signing key, creating it the
// first time (concurrent first sales agree on one key). The private key is
// stored sealed with the installation key.
func (s *Store) claveEmpresa(ctx context.Context, c conn, empresaID int64) (ed25519.PrivateKey, error) {
	if s.secretos == nil {
		return nil, errSinClaveInstalacion
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	sealed, err := s.secretos.Seal(priv, contextoClave(empresaID))
	if err != nil {
		return nil, err
	}
	_, err = c.exec(ctx, `INSERT INTO empresa_claves (empresa_id, clave_publica, clave_privada, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (empresa_id) DO NOTHING`,
		empresaID, base64.StdEncoding.EncodeToString(pub), sealed, s.Now())
	if err != nil {
		return nil, wrap("crear clave de la empresa", err)
	}
	var stored string
	if err := c.row(ctx, `SELECT clave_privada FROM empresa_claves WHERE empresa_id = ?`, empresaID).Scan(&stored); err != nil {
		return nil, wrap("leer clave de la empresa", err)
	}
	return s.abrirClave(s.secretos, empresaID, stored)
}

// abrirClave opens a stored private key: sealed, or plain base64 as stored
// before the keys were encrypted.
func (s *Store) abrirClave(box *secretbox.Box, empresaID int64, stored string) (ed25519.PrivateKey, error) {
	var (
		raw []byte
		err error
	)
	if secretbox.IsSealed(stored) {
		raw, err = box.Open(stored, contextoClave(empresaID))
	} else {
		raw, err = base64.StdEncoding.DecodeString(stored)
	}
	if err == nil && len(raw) != ed25519.PrivateKeySize {
		err = secretbox.ErrOpen
	}
	if err != nil {
		return nil, fmt.Errorf("store: clave de la empresa %d ilegible: %w", empresaID, err)
	}
	return ed25519.PrivateKey(raw), nil
}

// CifrarSecretos seals with the installation key every secret still stored in
// plain form (installations from before the encryption) and checks that the
// sealed ones open with it (a wrong key is refused at start, not at the first
// sale); it returns how many it sealed. Running it again changes nothing.
func (s *Store) CifrarSecretos(ctx context.Context) (int, error) {
	return s.resellarClaves(ctx, s.secretos, s.secretos, false)
}

// RotarClaveSecreta re-seals every secret (signing keys and sealed system
// settings) with a new installation key in one transaction and makes the
// store use it; it returns how many it re-sealed.
func (s *Store) RotarClaveSecreta(ctx context.Context, nueva *secretbox.Box) (int, error) {
	n, err := s.resellarClaves(ctx, s.secretos, nueva, true)
	if err == nil {
		s.secretos = nueva
	}
	return n, err
}

// resellarClaves opens the companies' private keys with vieja (or as plain
// base64) and seals them with nueva: all of them, or only the plain ones.
func (s *Store) resellarClaves(ctx context.Context, vieja, nueva *secretbox.Box, todas bool) (int, error) {
	if vieja == nil || nueva == nil {
		return 0, errSinClaveInstalacion
	}
	n := 0
	err := s.inTx(ctx, func(c conn) error {
		rows, err := c.query(ctx, `SELECT empresa_id, clave_privada FROM empresa_claves ORDER BY empresa_id`+
			s.dialect.forUpdate())
		if err != nil {
			return wrap("leer claves de las empresas", err)
		}
		pendientes := map[int64]string{}
		for rows.Next() {
			var (
				id     int64
				stored string
			)
			if err := rows.Scan(&id, &stored); err != nil {
				rows.Close()
				return wrap("leer claves de las empresas", err)
			}
			pendientes[id] = stored
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return wrap("leer claves de las empresas", err)
		}
		if todas {
			m, err := s.resellarSettings(ctx, c, vieja, nueva)
			if err != nil {
				return err
			}
			n += m
		}
		for id, stored := range pendientes {
			priv, err := s.abrirClave(vieja, id, stored)
			if err != nil {
				return err
			}
			if !todas && secretbox.IsSealed(stored) {
				continue
			}
			sealed, err := nueva.Seal(priv, contextoClave(id))
			if err != nil {
				return err
			}
			if _, err := c.exec(ctx, `UPDATE empresa_claves SET clave_privada = ? WHERE empresa_id = ?`, sealed, id); err != nil {
				return wrap("guardar clave cifrada", err)
			}
			n++
		}
		return nil
	})
	return n, err
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
