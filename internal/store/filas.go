package store

import "context"

// scanner is one row being read: *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// queryAll runs q and reads every row with scan; no rows is an empty slice.
func queryAll[T any](ctx context.Context, c conn, scan func(sc scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Pagina is the window of a list: at most Limite rows (0: all of them) after
// skipping Desplazamiento rows.
type Pagina struct {
	Limite         int64
	Desplazamiento int64
}

// consulta is a list query in parts: the selected columns, the FROM ... WHERE
// part that decides which rows count, and the ORDER BY that sorts them.
type consulta struct {
	columnas string
	desde    string
	orden    string
	args     []any
}

// queryPage reads one page of a list and the total of rows the filter matched
// (COUNT(*) OVER(), on both databases). A page past the end counts apart.
func queryPage[T any](ctx context.Context, c conn, scan func(sc scanner) (T, error), p Pagina, q consulta) ([]T, int64, error) {
	var total int64
	sql, args := `SELECT `+q.columnas+`, COUNT(*) OVER() `+q.desde+` `+q.orden, q.args
	if p.Limite > 0 {
		sql, args = sql+` LIMIT ? OFFSET ?`, append(append([]any{}, args...), p.Limite, p.Desplazamiento)
	}
	items, err := queryAll(ctx, c, func(sc scanner) (T, error) { return scan(conTotal{sc, &total}) }, sql, args...)
	if err == nil && len(items) == 0 && p.Desplazamiento > 0 {
		err = c.row(ctx, `SELECT COUNT(*) `+q.desde, q.args...).Scan(&total)
	}
	return items, total, err
}

// conTotal reads the trailing COUNT(*) OVER() column of each row into total.
type conTotal struct {
	sc    scanner
	total *int64
}

func (w conTotal) Scan(dest ...any) error { return w.sc.Scan(append(dest, w.total)...) }
