package store

import (
	"context"
	"time"
)

// LoginBloqueadoHasta returns when the lock on a login name ends, if it is locked now.
func (s *Store) LoginBloqueadoHasta(ctx context.Context, nombreUsuario string) (time.Time, bool, error) {
	var hasta *time.Time
	err := s.conn().row(ctx, `SELECT bloqueado_hasta FROM intentos_login WHERE nombre_usuario = ?`,
		nombreUsuario).Scan(&hasta)
	missing, err := notFound(err)
	if err != nil || missing || hasta == nil || !hasta.After(s.Now()) {
		return time.Time{}, false, wrap("leer bloqueo de login", err)
	}
	return *hasta, true, nil
}

// LoginFallido counts a failed attempt for a login name (existing or not, so the
// answer never tells whether a user exists) and locks the name for bloqueo once
// maxIntentos failures have accumulated. It audits the failure in the same transaction.
func (s *Store) LoginFallido(ctx context.Context, nombreUsuario string, maxIntentos int, bloqueo time.Duration,
	a Auditoria) error {
	return s.inTx(ctx, func(c conn) error {
		var fallidos int
		err := c.row(ctx, `INSERT INTO intentos_login (nombre_usuario, fallidos) VALUES (?, 1)
			ON CONFLICT (nombre_usuario) DO UPDATE SET fallidos = intentos_login.fallidos + 1
			RETURNING fallidos`, nombreUsuario).Scan(&fallidos)
		if err != nil {
			return wrap("contar intento fallido", err)
		}
		if fallidos >= maxIntentos {
			_, err = c.exec(ctx, `UPDATE intentos_login SET fallidos = 0, bloqueado_hasta = ? WHERE nombre_usuario = ?`,
				s.Now().Add(bloqueo), nombreUsuario)
			if err != nil {
				return wrap("bloquear login", err)
			}
		}
		return s.audit(ctx, c, a)
	})
}

// LoginExitoso clears the failed attempts, stamps ultimo_login and audits the login.
func (s *Store) LoginExitoso(ctx context.Context, usuarioID int64, nombreUsuario string, a Auditoria) error {
	return s.inTx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `DELETE FROM intentos_login WHERE nombre_usuario = ?`, nombreUsuario); err != nil {
			return wrap("limpiar intentos", err)
		}
		if _, err := c.exec(ctx, `UPDATE usuarios SET ultimo_login = ? WHERE id = ?`, s.Now(), usuarioID); err != nil {
			return wrap("registrar último login", err)
		}
		return s.audit(ctx, c, a)
	})
}

// RevocarToken revokes a token id until its expiry, drops revocations that have
// expired anyway, and audits the logout.
func (s *Store) RevocarToken(ctx context.Context, jti string, expira time.Time, a Auditoria) error {
	return s.inTx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `DELETE FROM tokens_revocados WHERE expira_en < ?`, s.Now()); err != nil {
			return wrap("limpiar revocaciones", err)
		}
		_, err := c.exec(ctx, `INSERT INTO tokens_revocados (jti, expira_en) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING`,
			jti, expira.UTC())
		if err != nil {
			return wrap("revocar token", err)
		}
		return s.audit(ctx, c, a)
	})
}

// TokenRevocado reports whether a token id was revoked.
func (s *Store) TokenRevocado(ctx context.Context, jti string) (bool, error) {
	var n int
	err := s.conn().row(ctx, `SELECT COUNT(*) FROM tokens_revocados WHERE jti = ?`, jti).Scan(&n)
	return n > 0, wrap("consultar revocación", err)
}
