package store

import (
	"context"
	"crypto/ed25519"
	"errors"
)

// RegistrarDispositivoConCodigos is RegistrarDispositivo drawing its codes from
// codigos, in order: a test makes them collide.
func (s *Store) RegistrarDispositivoConCodigos(ctx context.Context, a Actor, nombre string, clave ed25519.PublicKey,
	codigos ...string) (DispositivoRegistrado, error) {
	return s.registrarDispositivo(ctx, a, nombre, clave, func() (string, error) {
		if len(codigos) == 0 {
			return "", errors.New("sin más códigos")
		}
		codigo := codigos[0]
		codigos = codigos[1:]
		return codigo, nil
	})
}
