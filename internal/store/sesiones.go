package store

import (
	"context"
	"time"

	"muelle/internal/events"
)

// IntentoLogin identifies who is trying to log in: the login name and the
// client address. Failures are counted for the pair, so a stranger guessing a
// name from one address never locks its owner out on another.
type IntentoLogin struct {
	NombreUsuario string
	IP            string
}

// LoginBloqueadoHasta returns when the lock on a login name from a client
// address ends, if it is locked now: it is locked while maxIntentos failures
// or more fall within the last ventana, until ventana after the newest.
func (s *Store) LoginBloqueadoHasta(ctx context.Context, i IntentoLogin, maxIntentos int,
	ventana time.Duration) (time.Time, bool, error) {
	rows, err := s.conn().query(ctx, `SELECT created_at FROM intentos_login
		WHERE nombre_usuario = ? AND ip_address = ? AND created_at > ?
		ORDER BY created_at DESC LIMIT ?`, i.NombreUsuario, i.IP, s.Now().Add(-ventana), maxIntentos)
	if err != nil {
		return time.Time{}, false, wrap("leer bloqueo de login", err)
	}
	defer rows.Close()
	var recientes []time.Time
	for rows.Next() {
		var t time.Time
		if err := rows.Scan(&t); err != nil {
			return time.Time{}, false, wrap("leer bloqueo de login", err)
		}
		recientes = append(recientes, t)
	}
	if err := rows.Err(); err != nil || len(recientes) < maxIntentos {
		return time.Time{}, false, wrap("leer bloqueo de login", err)
	}
	return recientes[0].Add(ventana), true, nil
}

// LoginFallido records a failed attempt of a login name (existing or not, so
// the answer never tells whether a user exists) from a client address, prunes
// the attempts older than ventana through the date index, and audits the
// failure, all in one transaction.
func (s *Store) LoginFallido(ctx context.Context, i IntentoLogin, ventana time.Duration, a Auditoria) error {
	return s.inTx(ctx, func(c conn) error {
		now := s.Now()
		if _, err := c.exec(ctx, `DELETE FROM intentos_login WHERE created_at < ?`, now.Add(-ventana)); err != nil {
			return wrap("podar intentos fallidos", err)
		}
		_, err := c.exec(ctx, `INSERT INTO intentos_login (nombre_usuario, ip_address, created_at) VALUES (?, ?, ?)`,
			i.NombreUsuario, i.IP, now)
		if err != nil {
			return wrap("contar intento fallido", err)
		}
		return s.audit(ctx, c, a)
	})
}

// LoginExitoso clears the failed attempts of the login name from that address,
// stamps ultimo_login and audits the login.
func (s *Store) LoginExitoso(ctx context.Context, usuarioID int64, i IntentoLogin, a Auditoria) error {
	return s.inTx(ctx, func(c conn) error {
		_, err := c.exec(ctx, `DELETE FROM intentos_login WHERE nombre_usuario = ? AND ip_address = ?`,
			i.NombreUsuario, i.IP)
		if err != nil {
			return wrap("limpiar intentos", err)
		}
		if _, err := c.exec(ctx, `UPDATE usuarios SET ultimo_login = ? WHERE id = ?`, s.Now(), usuarioID); err != nil {
			return wrap("registrar último login", err)
		}
		return s.audit(ctx, c, a)
	})
}

// RevocarToken revokes a token id until its expiry, drops revocations that have
// expired anyway, audits the logout, and has the user's sockets checked again.
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
		emitirRevocacion(c, a.EmpresaID, a.UsuarioID)
		return s.audit(ctx, c, a)
	})
}

// emitirRevocacion has every instance check the user's open sockets again
// (their sessions may have ended); clients never receive it.
func emitirRevocacion(c conn, empresaID, usuarioID int64) {
	c.emitEvento(events.Event{Nombre: events.SesionRevocada, EmpresaID: empresaID, UsuarioID: usuarioID,
		Datos: struct{}{}})
}
