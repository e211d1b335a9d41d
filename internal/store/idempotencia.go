package store

import (
	"context"
	"encoding/json"
	"time"
)

// idempotenciaVigencia is how long a key is remembered: far longer than any
// client retries, short enough that the table stays small.
const idempotenciaVigencia = 24 * time.Hour

// idem identifies a write that a client may retry: who, which operation, and
// the client's Idempotency-Key. An empty clave means no idempotency asked.
type idem struct {
	usuarioID int64
	operacion string
	clave     string
}

// idempotent runs fn in one transaction as the actor's operation. With a key,
// the key is claimed in the same transaction: a retry (even a concurrent one)
// finds it claimed and gets the first result back instead of running fn again,
// so it emits no events either. A failed fn rolls the claim back, so errors
// are not remembered. The user's keys older than a day are forgotten on the way.
func idempotent[T any](ctx context.Context, s *Store, a Actor, operacion string, fn func(c conn) (T, error)) (T, error) {
	var out T
	k := idem{usuarioID: a.UsuarioID, operacion: operacion, clave: a.Clave}
	err := s.inTx(ctx, func(c conn) error {
		if k.clave != "" {
			_, err := c.exec(ctx, `DELETE FROM idempotencia WHERE usuario_id = ? AND created_at < ?`,
				k.usuarioID, c.now.Add(-idempotenciaVigencia))
			if err != nil {
				return wrap("olvidar claves vencidas", err)
			}
			res, err := c.exec(ctx, `INSERT INTO idempotencia (usuario_id, operacion, clave, created_at)
				VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, k.usuarioID, k.operacion, k.clave, c.now)
			if err != nil {
				return wrap("reclamar clave de idempotencia", err)
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return replay(ctx, c, k, &out)
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
		_, err = c.exec(ctx, `UPDATE idempotencia SET resultado = ? WHERE usuario_id = ? AND operacion = ? AND clave = ?`,
			string(b), k.usuarioID, k.operacion, k.clave)
		return wrap("guardar resultado idempotente", err)
	})
	return out, err
}

func replay[T any](ctx context.Context, c conn, k idem, out *T) error {
	var stored string
	err := c.row(ctx, `SELECT resultado FROM idempotencia WHERE usuario_id = ? AND operacion = ? AND clave = ?`,
		k.usuarioID, k.operacion, k.clave).Scan(&stored)
	if err != nil {
		return wrap("leer resultado idempotente", err)
	}
	return wrap("decodificar resultado idempotente", json.Unmarshal([]byte(stored), out))
}
