package store

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// errSinClaveInstalacion is returned when a secret is needed and the store
// was opened without the installation key.
var errSinClaveInstalacion = errors.New("store: falta la clave de instalación (MUELLE_SECRET_KEY)")

// contextoClave binds a company's sealed signing key to its row.
func contextoClave(empresaID int64) string {
	return "empresa_claves.clave_privada/" + strconv.FormatInt(empresaID, 10)
}

// claves caches the companies' signing keys, opened. A company's key never
// changes once created (a rotation of the installation key only re-seals it),
// so an entry stays valid as long as the process lives; the cache is emptied
// anyway when this process seals or re-seals the stored keys. Only keys read
// back from a committed row are cached: of two first sales that race to
// create a company's key, both cache the one that won.
type claves struct {
	mu      sync.RWMutex
	privada map[int64]ed25519.PrivateKey
	publica map[int64]ed25519.PublicKey
}

func (k *claves) privadaDe(empresaID int64) (ed25519.PrivateKey, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	priv, ok := k.privada[empresaID]
	return priv, ok
}

func (k *claves) publicaDe(empresaID int64) (ed25519.PublicKey, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	pub, ok := k.publica[empresaID]
	return pub, ok
}

// guardar caches a company's key pair (priv may be nil: the public key alone).
func (k *claves) guardar(empresaID int64, priv ed25519.PrivateKey, pub ed25519.PublicKey) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.privada == nil {
		k.privada, k.publica = map[int64]ed25519.PrivateKey{}, map[int64]ed25519.PublicKey{}
	}
	if priv != nil {
		k.privada[empresaID] = priv
	}
	k.publica[empresaID] = pub
}

func (k *claves) vaciar() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.privada, k.publica = nil, nil
}

// claveEmpresa returns the company's Ed25519 signing key, from the cache or
// else from the database, creating it the first time in a transaction of its
// own (concurrent first sales agree on one key). The private key is stored
// sealed with the installation key.
func (s *Store) claveEmpresa(ctx context.Context, empresaID int64) (ed25519.PrivateKey, error) {
	if priv, ok := s.claves.privadaDe(empresaID); ok {
		return priv, nil
	}
	if s.secretos == nil {
		return nil, errSinClaveInstalacion
	}
	stored, found, err := s.leerClave(ctx, empresaID)
	if err == nil && !found {
		err = s.crearClave(ctx, empresaID)
		if err == nil {
			stored, _, err = s.leerClave(ctx, empresaID)
		}
	}
	if err != nil {
		return nil, err
	}
	priv, err := s.abrirClave(s.secretos, empresaID, stored)
	if err != nil {
		return nil, err
	}
	s.claves.guardar(empresaID, priv, priv.Public().(ed25519.PublicKey))
	return priv, nil
}

// leerClave reads a company's sealed private key, committed.
func (s *Store) leerClave(ctx context.Context, empresaID int64) (string, bool, error) {
	var stored string
	err := s.db.Conn().QueryRow(ctx, `SELECT clave_privada FROM empresa_claves WHERE empresa_id = ?`, empresaID).Scan(&stored)
	missing, err := sqldb.NoRows(err)
	return stored, !missing && err == nil, wrap("leer clave de la empresa", err)
}

// crearClave stores a new key pair for the company unless it has one.
func (s *Store) crearClave(ctx context.Context, empresaID int64) error {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	sealed, err := s.secretos.Seal(priv, contextoClave(empresaID))
	if err != nil {
		return err
	}
	_, err = s.db.Conn().Exec(ctx, `INSERT INTO empresa_claves (empresa_id, clave_publica, clave_privada, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (empresa_id) DO NOTHING`,
		empresaID, base64.StdEncoding.EncodeToString(pub), sealed, s.Now())
	return wrap("crear clave de la empresa", err)
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
	return s.resellarClaves(ctx, s.secretos, s.secretos, false, nil)
}

// SecretBox is the installation key the store seals with, for the secrets a
// library keeps in tables of its own (whatsmeow's, internal/whatsapp).
func (s *Store) SecretBox() *secretbox.Box { return s.secretos }

// Resellador re-seals, inside RotarClaveSecreta's transaction, the secrets a
// library keeps in tables of its own (whatsapp.Resellar): opened with vieja,
// sealed with nueva. It returns how many it re-sealed.
type Resellador func(ctx context.Context, t TablasExternas, vieja, nueva *secretbox.Box) (int, error)

// RotarClaveSecreta re-seals every secret (signing keys, sealed system
// settings and what the otros re-seal) with a new installation key in one
// transaction and makes the store use it; it returns how many it re-sealed.
func (s *Store) RotarClaveSecreta(ctx context.Context, nueva *secretbox.Box, otros ...Resellador) (int, error) {
	n, err := s.resellarClaves(ctx, s.secretos, nueva, true, otros)
	if err == nil {
		s.secretos = nueva
	}
	return n, err
}

// resellarClaves opens the companies' private keys with vieja (or as plain
// base64) and seals them with nueva: all of them, or only the plain ones; a
// rotation (todas) re-seals the system settings and the otros' secrets too.
func (s *Store) resellarClaves(ctx context.Context, vieja, nueva *secretbox.Box, todas bool, otros []Resellador) (int, error) {
	if vieja == nil || nueva == nil {
		return 0, errSinClaveInstalacion
	}
	n := 0
	defer s.claves.vaciar()
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		pendientes, err := leerSellados[int64](ctx, c, "claves de las empresas",
			`SELECT empresa_id, clave_privada FROM empresa_claves ORDER BY empresa_id`+s.db.Dialect().ForUpdate())
		if err != nil {
			return err
		}
		if todas {
			m, err := s.resellarOtros(ctx, c, vieja, nueva, otros)
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
			if _, err := c.Exec(ctx, `UPDATE empresa_claves SET clave_privada = ? WHERE empresa_id = ?`, sealed, id); err != nil {
				return wrap("guardar clave cifrada", err)
			}
			n++
		}
		return nil
	})
	return n, err
}

// Comprobador opens with box, inside CopiarInstalacion's transaction, the
// secrets a library keeps in tables of its own (whatsapp.ComprobarClave),
// without changing them; it returns how many it opened.
type Comprobador func(ctx context.Context, t TablasExternas, box *secretbox.Box) (int, error)

// comprobarSecretos opens with box, inside a transaction, every secret of ours
// (the companies' signing keys, the sealed system settings, the SMTP
// passwords, the stored HTTPS certificates, the outside services'
// credentials, ARCA's cached tickets) and what the otros check; it returns
// how many opened.
func (s *Store) comprobarSecretos(ctx context.Context, c sqldb.Conn, box *secretbox.Box, otros []Comprobador) (int, error) {
	claves, err := leerSellados[int64](ctx, c, "claves de las empresas", `SELECT empresa_id, clave_privada FROM empresa_claves`)
	if err != nil {
		return 0, err
	}
	for id, stored := range claves {
		if _, err := s.abrirClave(box, id, stored); err != nil {
			return 0, err
		}
	}
	settings, err := abrirColumna(ctx, c, box, s.settingsSellados())
	if err != nil {
		return 0, err
	}
	passwords, err := abrirColumna(ctx, c, box, s.passwordsSMTP())
	if err != nil {
		return 0, err
	}
	certificados, err := abrirColumna(ctx, c, box, s.archivosCertificado())
	if err != nil {
		return 0, err
	}
	credenciales, err := abrirColumna(ctx, c, box, s.credencialesServicios())
	if err != nil {
		return 0, err
	}
	tickets, err := abrirColumna(ctx, c, box, s.ticketsARCA())
	if err != nil {
		return 0, err
	}
	n := len(claves) + len(settings) + len(passwords) + len(certificados) + len(credenciales) + len(tickets)
	for _, otro := range otros {
		m, err := otro(ctx, TablasExternas{c}, box)
		if err != nil {
			return 0, err
		}
		n += m
	}
	return n, nil
}

// resellarOtros re-seals, inside a rotation, the sealed system settings, the
// SMTP passwords, the stored HTTPS certificates, the outside services'
// credentials, ARCA's cached tickets and what the otros re-seal.
func (s *Store) resellarOtros(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box, otros []Resellador) (int, error) {
	n := 0
	propios := []func(context.Context, sqldb.Conn, *secretbox.Box, *secretbox.Box) (int, error){
		s.resellarSettings, s.resellarPasswordsSMTP, s.resellarCertificados, s.resellarCredenciales,
		s.resellarTicketsARCA}
	for _, propio := range propios {
		m, err := propio(ctx, c, vieja, nueva)
		if err != nil {
			return 0, err
		}
		n += m
	}
	for _, otro := range otros {
		m, err := otro(ctx, TablasExternas{c}, vieja, nueva)
		if err != nil {
			return 0, err
		}
		n += m
	}
	return n, nil
}

// ClavePublica returns the company's public key (nil when it has sold nothing yet).
func (s *Store) ClavePublica(ctx context.Context, empresaID int64) (ed25519.PublicKey, error) {
	if pub, ok := s.claves.publicaDe(empresaID); ok {
		return pub, nil
	}
	var stored string
	err := s.db.Conn().QueryRow(ctx, `SELECT clave_publica FROM empresa_claves WHERE empresa_id = ?`, empresaID).Scan(&stored)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return nil, wrap("leer clave pública", err)
	}
	raw, err := base64.StdEncoding.DecodeString(stored)
	if err != nil {
		return nil, wrap("decodificar clave pública", err)
	}
	s.claves.guardar(empresaID, nil, raw)
	return raw, nil
}

// columnaSellada names a column of sealed values for a rotation: how to read
// its rows (key, sealed value) locked, how to write one back, and the context
// each value is sealed under.
type columnaSellada[K comparable] struct {
	que      string // what the rows are, for errors
	leer     string
	escribir string // UPDATE … SET column = ? WHERE key = ?
	contexto func(K) string
}

// abrirColumna opens every value of col with box, inside a transaction, and
// answers them opened by key.
func abrirColumna[K comparable](ctx context.Context, c sqldb.Conn, box *secretbox.Box, col columnaSellada[K]) (map[K][]byte, error) {
	sellados, err := leerSellados[K](ctx, c, col.que, col.leer)
	if err != nil {
		return nil, err
	}
	claros := make(map[K][]byte, len(sellados))
	for clave, valor := range sellados {
		plain, err := box.Open(valor, col.contexto(clave))
		if err != nil {
			return nil, fmt.Errorf("store: %s %v: %w", col.que, clave, err)
		}
		claros[clave] = plain
	}
	return claros, nil
}

// resellarColumna opens every value of col with vieja and seals it with nueva,
// inside the rotation's transaction; it returns how many it re-sealed.
func resellarColumna[K comparable](ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box, col columnaSellada[K]) (int, error) {
	claros, err := abrirColumna(ctx, c, vieja, col)
	if err != nil {
		return 0, err
	}
	for clave, plain := range claros {
		resellado, err := nueva.Seal(plain, col.contexto(clave))
		if err != nil {
			return 0, err
		}
		if _, err := c.Exec(ctx, col.escribir, resellado, clave); err != nil {
			return 0, wrap("guardar "+col.que, err)
		}
	}
	return len(claros), nil
}

// leerSellados reads the (key, sealed value) rows of q; que names them for errors.
func leerSellados[K comparable](ctx context.Context, c sqldb.Conn, que, q string) (map[K]string, error) {
	rows, err := c.Query(ctx, q)
	if err != nil {
		return nil, wrap("leer "+que, err)
	}
	sellados := map[K]string{}
	for rows.Next() {
		var (
			clave K
			valor string
		)
		if err := rows.Scan(&clave, &valor); err != nil {
			rows.Close()
			return nil, wrap("leer "+que, err)
		}
		sellados[clave] = valor
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, wrap("leer "+que, err)
	}
	return sellados, nil
}
