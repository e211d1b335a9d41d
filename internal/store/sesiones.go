package store

import (
	"context"
	"fmt"
	"time"

	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// IntentoLogin identifies who is trying to log in: the login name and the
// client address. Failures are counted for the pair, so a stranger guessing a
// name from one address never locks its owner out on another.
type IntentoLogin struct {
	NombreUsuario string
	IP            string
}

// ReservarIntentoLogin counts an attempt of a login name from a client
// address before its password is checked, and reports whether it may go on.
// At most maxIntentos attempts are counted in a window of ventana from the
// first one; once they are, the pair is locked until ventana after the last
// (hasta) and nothing more is counted. One conditional upsert decides, so
// parallel guesses never get more than maxIntentos passwords checked. A
// success clears the count (LoginExitoso); a failure leaves it (LoginFallido).
func (s *Store) ReservarIntentoLogin(ctx context.Context, i IntentoLogin, maxIntentos int,
	ventana time.Duration) (hasta time.Time, ok bool, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		corte := c.Now().Add(-ventana)
		var n int
		err := c.QueryRow(ctx, `INSERT INTO intentos_login (nombre_usuario, ip_address, intentos, desde, ultimo_en)
			VALUES (?, ?, 1, ?, ?)
			ON CONFLICT (nombre_usuario, ip_address) DO UPDATE SET
				intentos = CASE WHEN intentos_login.desde <= ? THEN 1 ELSE intentos_login.intentos + 1 END,
				desde = CASE WHEN intentos_login.desde <= ? THEN excluded.desde ELSE intentos_login.desde END,
				ultimo_en = excluded.ultimo_en
			WHERE intentos_login.intentos < ? OR intentos_login.ultimo_en <= ?
			RETURNING intentos`, i.NombreUsuario, i.IP, c.Now(), c.Now(), corte, corte, maxIntentos, corte).Scan(&n)
		bloqueado, err := sqldb.NoRows(err)
		if ok = !bloqueado && err == nil; !bloqueado || err != nil {
			return wrap("reservar intento de login", err)
		}
		var ultimo time.Time
		err = c.QueryRow(ctx, `SELECT ultimo_en FROM intentos_login WHERE nombre_usuario = ? AND ip_address = ?`,
			i.NombreUsuario, i.IP).Scan(&ultimo)
		hasta = ultimo.Add(ventana)
		return wrap("leer bloqueo de login", err)
	})
	return hasta, ok, err
}

// SumarIntentoLogin counts an attempt of i within ventana (a count older
// than ventana starts again) and answers the count, never refusing: the
// customer portal slows a document's attempts by it instead of locking the
// document (issue 36 item 11).
func (s *Store) SumarIntentoLogin(ctx context.Context, i IntentoLogin, ventana time.Duration) (int, error) {
	var n int
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		corte := c.Now().Add(-ventana)
		err := c.QueryRow(ctx, `INSERT INTO intentos_login (nombre_usuario, ip_address, intentos, desde, ultimo_en)
			VALUES (?, ?, 1, ?, ?)
			ON CONFLICT (nombre_usuario, ip_address) DO UPDATE SET
				intentos = CASE WHEN intentos_login.ultimo_en <= ? THEN 1 ELSE intentos_login.intentos + 1 END,
				desde = CASE WHEN intentos_login.ultimo_en <= ? THEN excluded.desde ELSE intentos_login.desde END,
				ultimo_en = excluded.ultimo_en
			RETURNING intentos`, i.NombreUsuario, i.IP, c.Now(), c.Now(), corte, corte).Scan(&n)
		return wrap("sumar intento de login", err)
	})
	return n, err
}

// MaxAuditoriasLoginFallido is how many failed logins from one client address
// are audited one by one in an hour; the next one audits that the rest are
// only counted, and the hour's total is audited once it is over. An anonymous
// client thus adds a bounded number of rows to the append-only audit trail.
const MaxAuditoriasLoginFallido = 10

// LoginFallido records a failed attempt (its count was reserved by
// ReservarIntentoLogin), prunes the counts older than ventana through the
// date index, and audits the failure within the per-address bound, all in one
// transaction; it also audits the totals of the past hours that exceeded it.
func (s *Store) LoginFallido(ctx context.Context, i IntentoLogin, ventana time.Duration, a Auditoria) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		if _, err := c.Exec(ctx, `DELETE FROM intentos_login WHERE ultimo_en < ?`, c.Now().Add(-ventana)); err != nil {
			return wrap("podar intentos fallidos", err)
		}
		if err := s.auditarHorasCerradas(ctx, c); err != nil {
			return err
		}
		var n int
		err := c.QueryRow(ctx, `INSERT INTO login_fallidos (ip_address, hora, fallidos) VALUES (?, ?, 1)
			ON CONFLICT (ip_address, hora) DO UPDATE SET fallidos = login_fallidos.fallidos + 1
			RETURNING fallidos`, i.IP, c.Now().Truncate(time.Hour)).Scan(&n)
		switch {
		case err != nil:
			return wrap("contar login fallido", err)
		case n <= MaxAuditoriasLoginFallido:
			return s.audit(ctx, c, a)
		case n == MaxAuditoriasLoginFallido+1:
			return s.audit(ctx, c, Auditoria{Accion: AccionLogin, IP: i.IP, Detalles: fmt.Sprintf(
				"Más de %d intentos fallidos desde esta dirección en la hora: los siguientes se cuentan y "+
					"se registran juntos al terminar la hora", MaxAuditoriasLoginFallido)})
		}
		return nil
	})
}

// auditarHorasCerradas removes the per-address counts of the hours that are
// over and audits the total of each that went past the one-by-one bound (the
// DELETE … RETURNING hands each hour to one transaction only).
func (s *Store) auditarHorasCerradas(ctx context.Context, c sqldb.Conn) error {
	type hora struct {
		ip       string
		desde    time.Time
		fallidos int
	}
	horas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (h hora, err error) {
		return h, sc.Scan(&h.ip, &h.desde, &h.fallidos)
	}, `DELETE FROM login_fallidos WHERE hora < ? RETURNING ip_address, hora, fallidos`, c.Now().Truncate(time.Hour))
	if err != nil {
		return wrap("cerrar horas de logins fallidos", err)
	}
	for _, h := range horas {
		if h.fallidos <= MaxAuditoriasLoginFallido {
			continue
		}
		err := s.audit(ctx, c, Auditoria{Accion: AccionLogin, IP: h.ip, Detalles: fmt.Sprintf(
			"%d intentos fallidos desde esta dirección entre las %s y las %s (UTC); %d sin registrar uno por uno",
			h.fallidos, h.desde.UTC().Format("02/01/2006 15:04"), h.desde.Add(time.Hour).UTC().Format("15:04"),
			h.fallidos-MaxAuditoriasLoginFallido)})
		if err != nil {
			return err
		}
	}
	return nil
}

// LoginExitoso clears the attempts of the login name from that address,
// stamps ultimo_login, drops the activity of expired tokens through its date
// index and audits the login.
func (s *Store) LoginExitoso(ctx context.Context, usuarioID int64, i IntentoLogin, a Auditoria) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		_, err := c.Exec(ctx, `DELETE FROM intentos_login WHERE nombre_usuario = ? AND ip_address = ?`,
			i.NombreUsuario, i.IP)
		if err != nil {
			return wrap("limpiar intentos", err)
		}
		if _, err := c.Exec(ctx, `DELETE FROM sesiones_actividad WHERE expira_en < ?`, c.Now()); err != nil {
			return wrap("podar actividad de sesiones", err)
		}
		if _, err := c.Exec(ctx, `UPDATE usuarios SET ultimo_login = ? WHERE id = ?`, s.Now(), usuarioID); err != nil {
			return wrap("registrar último login", err)
		}
		return s.audit(ctx, c, a)
	})
}

// RevocarToken revokes a token id until its expiry, drops revocations that have
// expired anyway, audits the logout, and has the user's sockets checked again.
func (s *Store) RevocarToken(ctx context.Context, jti string, expira time.Time, a Auditoria) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		if _, err := c.Exec(ctx, `DELETE FROM tokens_revocados WHERE expira_en < ?`, s.Now()); err != nil {
			return wrap("limpiar revocaciones", err)
		}
		_, err := c.Exec(ctx, `INSERT INTO tokens_revocados (jti, expira_en) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING`,
			jti, expira.UTC())
		if err != nil {
			return wrap("revocar token", err)
		}
		emitirRevocacion(c, a.EmpresaID, a.UsuarioID)
		return s.audit(ctx, c, a)
	})
}

// emitirRevocacion has every instance check the user's open sockets again
// (their sessions may have ended); usuarioID 0 checks every socket of the
// company (a deactivated company). Clients never receive it.
func emitirRevocacion(c sqldb.Conn, empresaID, usuarioID int64) {
	c.Emit(events.Event{Nombre: events.SesionRevocada, EmpresaID: empresaID, UsuarioID: usuarioID,
		Datos: struct{}{}})
}

// RegistrarActividad records a request of a session token now, until the
// token's expiry: the inactivity limit counts from it. The caller writes it
// at most once a minute per token.
func (s *Store) RegistrarActividad(ctx context.Context, jti string, expira time.Time) error {
	c := s.db.Conn()
	_, err := c.Exec(ctx, `INSERT INTO sesiones_actividad (jti, ultima_actividad, expira_en) VALUES (?, ?, ?)
		ON CONFLICT (jti) DO UPDATE SET ultima_actividad = excluded.ultima_actividad`, jti, c.Now(), expira.UTC())
	return wrap("registrar actividad de la sesión", err)
}
