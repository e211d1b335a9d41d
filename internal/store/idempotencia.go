package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// idempotenciaVigencia is how long a key is remembered: far longer than any
// client retries, short enough that the table stays small.
const idempotenciaVigencia = 24 * time.Hour

// idem identifies a write that a client may retry: who, the client's
// Idempotency-Key, and the fingerprint of the operation and the request. An
// empty clave means no idempotency asked.
type idem struct {
	usuarioID int64
	operacion string
	clave     string
	huella    string
}

// idempotent runs fn in one transaction as the actor's operation. With a key,
// the key is claimed in the same transaction together with the request's
// fingerprint: a retry of the same request (even a concurrent one) finds it
// claimed and gets the first result back instead of running fn again, so it
// emits no events either; the same key with another request (or operation)
// is refused with 422 and changes nothing. A failed fn rolls the claim back,
// so errors are not remembered. An expired key not yet swept is claimed anew.
func idempotent[T any](ctx context.Context, s *Store, a Actor, operacion string, fn func(c sqldb.Conn) (T, error)) (T, error) {
	return idempotentCon(ctx, s, a, operacion, nil, fn)
}

// idempotentCon is idempotent that first runs the statements con (reads
// that lock what fn writes) with the key's claim, in the same round trip on
// PostgreSQL (sqldb.Pipeline); a replay ran them for nothing.
func idempotentCon[T any](ctx context.Context, s *Store, a Actor, operacion string, con []sqldb.Piped,
	fn func(c sqldb.Conn) (T, error)) (T, error) {
	var out T
	k := idem{usuarioID: a.UsuarioID, operacion: operacion, clave: a.Clave, huella: operacion + ":" + a.Huella}
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		if k.clave == "" && len(con) > 0 {
			if err := sqldb.Pipeline(ctx, c, con...); err != nil {
				return err
			}
		}
		if k.clave != "" {
			claimed, err := claim(ctx, c, k, con...)
			if err != nil {
				return err
			}
			if !claimed {
				return firstErr(replay(ctx, c, k, &out), errRepeticion)
			}
		}
		var err error
		if out, err = fn(c); err != nil || k.clave == "" {
			return err
		}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		// sent with the commit on PostgreSQL (sqldb.Conn.ExecLater)
		return wrap("guardar resultado idempotente", c.ExecLater(ctx,
			`UPDATE idempotencia SET resultado = ? WHERE usuario_id = ? AND clave = ?`, string(b), k.usuarioID, k.clave))
	})
	if err == errRepeticion {
		err = nil
	}
	return out, err
}

// errRepeticion rolls back the transaction of a replay (idempotentCon): it
// answers the first result and writes nothing, even what the statements sent
// with the key's claim did (a sale's seats, Vender).
var errRepeticion = errors.New("store: repetición de una operación idempotente")

// claim inserts the key; false when the user already holds it unexpired. An
// expired row (the sweeper has not reached it yet) is taken over in the same
// statement, as a new claim.
// The statements con run after it, in the same round trip on PostgreSQL.
func claim(ctx context.Context, c sqldb.Conn, k idem, con ...sqldb.Piped) (bool, error) {
	claimed := false
	err := sqldb.Pipeline(ctx, c, append([]sqldb.Piped{{SQL: `INSERT INTO idempotencia (usuario_id, clave, operacion, huella, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (usuario_id, clave) DO UPDATE SET operacion = excluded.operacion,
		huella = excluded.huella, resultado = '', created_at = excluded.created_at
		WHERE idempotencia.created_at < ? RETURNING 1`,
		Args: []any{k.usuarioID, k.clave, k.operacion, k.huella, c.Now(), c.Now().Add(-idempotenciaVigencia)},
		Rows: func(rows sqldb.Rows) error {
			claimed = rows.Next()
			return nil
		}}}, con...)...)
	return claimed, wrap("reclamar clave de idempotencia", err)
}

// replay decodes the first answer of the key into out, or refuses a key that
// answered another request.
func replay[T any](ctx context.Context, c sqldb.Conn, k idem, out *T) error {
	var stored, huella string
	err := c.QueryRow(ctx, `SELECT resultado, huella FROM idempotencia WHERE usuario_id = ? AND clave = ?`,
		k.usuarioID, k.clave).Scan(&stored, &huella)
	if err != nil {
		return wrap("leer resultado idempotente", err)
	}
	if huella != k.huella {
		return domain.Unprocessable(domain.MsgClaveReusada)
	}
	return wrap("decodificar resultado idempotente", json.Unmarshal([]byte(stored), out))
}

// PurgarIdempotencia forgets up to lote keys older than their validity through
// the created_at index, and returns how many it removed.
func (s *Store) PurgarIdempotencia(ctx context.Context, lote int) (int64, error) {
	res, err := s.db.Conn().Exec(ctx, `DELETE FROM idempotencia WHERE (usuario_id, clave) IN (
		SELECT usuario_id, clave FROM idempotencia WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
		s.Now().Add(-idempotenciaVigencia), lote)
	if err != nil {
		return 0, wrap("purgar claves de idempotencia", err)
	}
	n, err := res.RowsAffected()
	return n, wrap("purgar claves de idempotencia", err)
}

// tareaIdempotencia: the expired idempotency keys are purged every 5 minutes,
// by date, a bounded batch at a time, never per request.
func (s *Store) tareaIdempotencia(r *jobs.Runner) {
	r.Every("purgar_idempotencia", 5*time.Minute, enLotes(s.PurgarIdempotencia))
}
