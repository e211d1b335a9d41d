package bench

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"muelle/internal/store"
)

// guion is the statements one request made the store run (the token check,
// the reads, the transaction), recorded to be replayed as raw SQL: the
// database's ceiling for exactly the same work, without HTTP, JSON, Go
// validation or signatures.
type guion struct {
	sentencias []store.Sentencia
	// frescos are the string arguments that must differ on every replay
	// (ticket numbers and codes, the Idempotency-Key).
	frescos []string
	// ids are the ids the request wrote itself (on PostgreSQL a sale's
	// tickets and movement, store.numerarConIds): each replay writes fresh
	// ones in their place, the same one for the same id.
	ids []int64
}

// idFresco numbers the ids that replays write: far above any id a table's
// sequence gives in a benchmark, so that none collides with the app's.
var idFresco atomic.Int64

func init() { idFresco.Store(1 << 40) }

// grabar runs fn with the store's statements recorded.
func (e *Entorno) grabar(fn func() error) ([]store.Sentencia, error) {
	var (
		mu  sync.Mutex
		out []store.Sentencia
	)
	e.St.Trazar(func(s store.Sentencia) {
		mu.Lock()
		defer mu.Unlock()
		out = append(out, store.Sentencia{SQL: s.SQL, Args: slices.Clone(s.Args), Transaccion: s.Transaccion})
	})
	defer e.St.Trazar(nil)
	err := fn()
	return out, err
}

// GuionesVenta records one three-ticket sale of each seller over HTTP (each
// seller's own script, since a sale locks the seller's register).
func (e *Entorno) GuionesVenta(ctx context.Context) ([]guion, error) {
	var out []guion
	for i, v := range e.vendedores {
		clave := fmt.Sprintf("guion-venta-%d", i)
		var ps []pasajeVendido
		ss, err := e.grabar(func() error {
			r, p, err := e.vender(ctx, v, clave, 3, e.venta.FechaViaje)
			if err == nil && r.estado != http.StatusCreated {
				err = fmt.Errorf("venta: estado %d", r.estado)
			}
			ps = p
			return err
		})
		if err != nil {
			return nil, err
		}
		g := guion{sentencias: ss, frescos: []string{clave}}
		for _, p := range ps {
			g.frescos = append(g.frescos, p.NumeroPasaje, p.CodigoQR)
		}
		if e.St.Dialect() == "postgres" && len(ps) > 0 {
			if g.ids, err = e.idsDeVenta(ctx, ps); err != nil {
				return nil, err
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// idsDeVenta are the ids a sale wrote itself on PostgreSQL: its tickets' and its movement's.
func (e *Entorno) idsDeVenta(ctx context.Context, ps []pasajeVendido) ([]int64, error) {
	var mov int64
	if err := e.St.DB().QueryRowContext(ctx, e.St.Rebind(`SELECT movimiento_id FROM pasajes WHERE id = ?`), ps[0].ID).Scan(&mov); err != nil {
		return nil, fmt.Errorf("movimiento de la venta grabada: %w", err)
	}
	ids := []int64{mov}
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	return ids, nil
}

// GuionesEmbarque records one boarding of each crew member over HTTP, with
// codigos[i] for the i-th; the code is replaced on each replay.
func (e *Entorno) GuionesEmbarque(ctx context.Context, codigos []string) ([]guion, error) {
	var out []guion
	for i, l := range e.escaneres {
		clave := fmt.Sprintf("guion-embarque-%d", i)
		ss, err := e.grabar(func() error {
			r, err := e.embarcar(ctx, l, clave, codigos[i])
			if err == nil && r.estado != http.StatusOK {
				err = fmt.Errorf("embarque: estado %d", r.estado)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, guion{sentencias: ss, frescos: []string{clave, codigos[i]}})
	}
	return out, nil
}

// reproducir runs the script as raw SQL: the statements that ran outside a
// transaction on the read pool (a write on the writer), the others in
// transactions as they ran, each fresco replaced as reemplazar says.
func (g guion) reproducir(ctx context.Context, st *store.Store, reemplazar func(string) string) error {
	var (
		tx     *sql.Tx
		actual int64
	)
	defer func() {
		if tx != nil {
			_ = tx.Rollback()
		}
	}()
	nuevos := make(map[int64]int64, len(g.ids))
	for _, id := range g.ids {
		nuevos[id] = idFresco.Add(1)
	}
	for _, s := range g.sentencias {
		args := slices.Clone(s.Args)
		for i, a := range args {
			switch v := a.(type) {
			case string:
				if slices.Contains(g.frescos, v) {
					args[i] = reemplazar(v)
				}
			case int64:
				if nuevo, ok := nuevos[v]; ok {
					args[i] = nuevo
				}
			}
		}
		var q interface {
			ExecContext(context.Context, string, ...any) (sql.Result, error)
			QueryContext(context.Context, string, ...any) (*sql.Rows, error)
		} = st.DB()
		if tx != nil && s.Transaccion != actual {
			err := tx.Commit()
			if tx = nil; err != nil {
				return err
			}
		}
		switch {
		case s.Transaccion != 0 && tx == nil:
			var err error
			if tx, err = st.DB().BeginTx(ctx, nil); err != nil {
				return err
			}
			actual, q = s.Transaccion, tx
		case s.Transaccion != 0:
			q = tx
		case strings.HasPrefix(strings.TrimSpace(s.SQL), "SELECT"):
			q = st.Lector()
		}
		if err := ejecutar(ctx, q, s.SQL, args); err != nil {
			return fmt.Errorf("%.60s: %w", s.SQL, err)
		}
	}
	if tx == nil {
		return nil
	}
	err := tx.Commit()
	tx = nil
	return err
}

// ejecutar runs one statement, reading every row it returns.
func ejecutar(ctx context.Context, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, sqlText string, args []any) error {
	if !strings.HasPrefix(strings.TrimSpace(sqlText), "SELECT") && !strings.Contains(sqlText, "RETURNING") {
		_, err := q.ExecContext(ctx, sqlText, args...)
		return err
	}
	rows, err := q.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	dest := make([]any, len(cols))
	for i := range dest {
		dest[i] = new(sql.RawBytes)
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
	}
	return rows.Err()
}

// soloEfectos is the script's writes alone, each where it ran (a write
// outside the transaction, as the ticket numbers are taken, stays outside):
// what the request changed in the database with none of its reads, as an
// outside reviewer writes a pgbench script of "the same effects" (each write
// still finds its own rows: a conditional UPDATE keeps its WHERE).
func (g guion) soloEfectos() guion {
	out := guion{frescos: g.frescos, ids: g.ids}
	for _, s := range g.sentencias {
		if !strings.HasPrefix(strings.TrimSpace(s.SQL), "SELECT") {
			out.sentencias = append(out.sentencias, s)
		}
	}
	return out
}

// soloEfectos is every script's writes alone (guion.soloEfectos).
func soloEfectos(guiones []guion) []guion {
	out := make([]guion, len(guiones))
	for i, g := range guiones {
		out[i] = g.soloEfectos()
	}
	return out
}

// VentasCrudas replays each seller's sale script from as many workers as
// there are sellers, for dur or limite sales; marca tells this run's fresh
// values (ticket numbers, codes, keys) from another's.
func (e *Entorno) VentasCrudas(ctx context.Context, guiones []guion, marca string, dur time.Duration, limite int) Medicion {
	return carga(ctx, len(guiones), dur, limite, func(ctx context.Context, c, i int) resultado {
		err := guiones[c].reproducir(ctx, e.St, func(v string) string { return fmt.Sprintf("%s~%s%d", v, marca, i) })
		return resultado{ok: err == nil, err: err}
	})
}

// EmbarquesCrudos replays each crew member's boarding script on the distinct
// tickets of codigos, until dur passes or the codes run out (marca as in VentasCrudas).
func (e *Entorno) EmbarquesCrudos(ctx context.Context, guiones []guion, marca string, dur time.Duration, codigos []string) Medicion {
	return carga(ctx, len(guiones), dur, len(codigos), func(ctx context.Context, c, i int) resultado {
		g := guiones[c]
		err := g.reproducir(ctx, e.St, func(v string) string {
			if v == g.frescos[1] {
				return codigos[i]
			}
			return fmt.Sprintf("%s~%s%d", v, marca, i)
		})
		return resultado{ok: err == nil, err: err}
	})
}
