package store

import (
	"context"
	"time"

	"muelle/internal/store/sqldb"
)

// filaReclamable is a table whose due rows workers claim for a lease: the
// outbox (mensajes), the pushes (push_envios), the report schedules
// (reportes_programados) and the work queue (trabajos). Each has an id, a
// reclamado_hasta (the end of the claim's lease) and the due column vence.
type filaReclamable struct {
	tabla string
	vence string
	// donde narrows the rows that may be claimed ("" none), with ? placeholders.
	donde string
	// intentos: the claim counts an attempt (intentos = intentos + 1).
	intentos bool
}

// reclamarFila claims, inside c's transaction, the row of f due the longest
// for lease and returns its id; ok is false when none is due. Exactly one
// claimer gets each row however many instances look: SKIP LOCKED on
// PostgreSQL, and on both engines the conditional UPDATE's row count. A
// claim whose lease ran out (its worker died) is due again.
func reclamarFila(ctx context.Context, c sqldb.Conn, f filaReclamable, lease time.Duration, args ...any) (int64, bool, error) {
	donde := ""
	if f.donde != "" {
		donde = " AND " + f.donde
	}
	ahora := c.Now()
	var id int64
	err := c.QueryRow(ctx, `SELECT id FROM `+f.tabla+` WHERE `+f.vence+` <= ?
		AND (reclamado_hasta IS NULL OR reclamado_hasta < ?)`+donde+` ORDER BY `+f.vence+`, id LIMIT 1`+
		c.Dialect().SkipLocked(), append([]any{ahora, ahora}, args...)...).Scan(&id)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return 0, false, wrap("buscar "+f.tabla+" pendiente", err)
	}
	contar := ""
	if f.intentos {
		contar = ", intentos = intentos + 1"
	}
	res, err := c.Exec(ctx, `UPDATE `+f.tabla+` SET reclamado_hasta = ?`+contar+`
		WHERE id = ? AND (reclamado_hasta IS NULL OR reclamado_hasta < ?)`, ahora.Add(lease), id, ahora)
	if err != nil {
		return 0, false, wrap("reclamar "+f.tabla, err)
	}
	n, err := res.RowsAffected()
	return id, err == nil && n == 1, wrap("reclamar "+f.tabla, err)
}
