package store

import (
	"context"
	"fmt"

	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// The expiry job.

// VencerPuntos expires up to lote lots whose date passed with points left:
// one expiracion movement per lot (its origin is the lot, so a lot expires
// once) that takes what remains of it, each customer in a transaction that
// first locks the customer, so that two runs at once, on one instance or
// several, expire each lot once. It returns how many lots it expired.
func (s *Store) VencerPuntos(ctx context.Context, lote int) (int64, error) {
	ahora := s.Now().UTC()
	type clave struct{ empresa, cliente int64 }
	clientes, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (k clave, err error) {
		return k, sc.Scan(&k.empresa, &k.cliente)
	}, `SELECT empresa_id, cliente_id FROM puntos_lotes WHERE restante > 0 AND vence_en <= ? ORDER BY vence_en LIMIT ?`,
		ahora, lote)
	if err != nil {
		return 0, wrap("buscar puntos vencidos", err)
	}
	vistos, total := map[clave]bool{}, int64(0)
	for _, k := range clientes {
		if vistos[k] {
			continue
		}
		vistos[k] = true
		var n int64
		err := s.db.InTx(ctx, func(c sqldb.Conn) error {
			var err error
			n, err = vencerLotes(ctx, c, k.empresa, k.cliente, ahora)
			return err
		})
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// vencerLotes expires the customer's lots due at ahora, under the
// customer's lock.
func vencerLotes(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64, ahora time.Time) (int64, error) {
	if err := bloquearCliente(ctx, c, empresaID, clienteID); err != nil {
		return 0, err
	}
	type vencido struct {
		loteVivo
		vence time.Time
	}
	lotes, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l vencido, err error) {
		return l, sc.Scan(&l.id, &l.restante, &l.vence)
	}, `SELECT id, restante, vence_en FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ? AND restante > 0
		AND vence_en <= ? ORDER BY vence_en, id`, empresaID, clienteID, ahora)
	if err != nil {
		return 0, wrap("leer lotes vencidos", err)
	}
	var n int64
	for _, l := range lotes {
		id, nuevo, err := asentar(ctx, c, empresaID, asiento{clienteID: clienteID, tipo: domain.MovExpiracion,
			puntos: -l.restante, origen: origenVencimiento(l.id), momento: ahora,
			descripcion: fmt.Sprintf("Vencieron %d puntos", l.restante)})
		if err != nil {
			return n, err
		}
		if !nuevo {
			continue
		}
		if err := asignar(ctx, c, empresaID, id, l.id, -l.restante); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// tareaPuntos: the points past their date expire every 10 minutes, in
// bounded batches, each lot once (VencerPuntos).
func (s *Store) tareaPuntos(r *jobs.Runner) {
	r.Every("vencer_puntos", 10*time.Minute, enLotes(s.VencerPuntos))
}
