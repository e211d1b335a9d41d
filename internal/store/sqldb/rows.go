package sqldb

import "context"

// Scanner is one row being read: *sql.Row or *sql.Rows.
type Scanner interface{ Scan(dest ...any) error }

// QueryAll runs q and reads every row with scan; no rows is an empty slice.
func QueryAll[T any](ctx context.Context, c Conn, scan func(sc Scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := c.Query(ctx, q, args...)
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

// Page is the window of a list: at most Limit rows (0: all of them) after
// skipping Offset rows.
type Page struct {
	Limit  int64
	Offset int64
}

// List is a list query in parts: the selected Columns, the FROM ... WHERE
// part that decides which rows count (From, with its Args), and the ORDER BY
// that sorts them.
type List struct {
	Columns string
	From    string
	OrderBy string
	Args    []any
}

// QueryPage reads one page of a list and the total of rows the filter
// matched (COUNT(*) OVER(), on both databases). A page past the end counts apart.
func QueryPage[T any](ctx context.Context, c Conn, scan func(sc Scanner) (T, error), p Page, l List) ([]T, int64, error) {
	var total int64
	q, args := `SELECT `+l.Columns+`, COUNT(*) OVER() `+l.From+` `+l.OrderBy, l.Args
	if p.Limit > 0 {
		q, args = q+` LIMIT ? OFFSET ?`, append(append([]any{}, args...), p.Limit, p.Offset)
	}
	items, err := QueryAll(ctx, c, func(sc Scanner) (T, error) { return scan(withTotal{sc, &total}) }, q, args...)
	if err == nil && len(items) == 0 && p.Offset > 0 {
		err = c.QueryRow(ctx, `SELECT COUNT(*) `+l.From, l.Args...).Scan(&total)
	}
	return items, total, err
}

// withTotal reads the trailing COUNT(*) OVER() column of each row into total.
type withTotal struct {
	sc    Scanner
	total *int64
}

func (w withTotal) Scan(dest ...any) error { return w.sc.Scan(append(dest, w.total)...) }

// QueryIDs runs q, whose rows are one integer column (ids), and reads them
// all; no rows is an empty slice. It reads *sql.Rows directly: a value
// scanned through the Scanner interface escapes, one allocation per row,
// and every write reads the ids of its events this way.
func QueryIDs(ctx context.Context, c Conn, q string, args ...any) ([]int64, error) {
	rows, err := c.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
