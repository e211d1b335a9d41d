package store

import (
	"context"
	"strings"

	"muelle/internal/store/sqldb"
)

// The secrets a library keeps in tables of its own in our database
// (whatsmeow's devices, internal/whatsapp). The library reads and writes its
// rows through its own statements; what Muelle does to them itself (seal
// them when the library opens, re-seal them in a rotation, check them in a
// copy) goes through TablasExternas, so that every statement of ours stays
// in the store. The tables and columns are named by the library's package,
// from constants, never from input.

// ColumnaExterna is a column of a library's table that holds a secret per
// row: its table, its name, the column of the row's owner (a device) and
// the rest of the row's primary key.
type ColumnaExterna struct {
	Tabla, Nombre string
	Dueño         string
	Claves        []string
}

// SecretoExterno is a stored secret: its owner, the rest of its row's key
// (in the order of ColumnaExterna.Claves), its value.
type SecretoExterno struct {
	Dueño  string
	Claves []any
	Valor  []byte
}

// TablasExternas runs the statements on a library's tables inside one of the
// store's transactions: a rotation's (Resellador), a copy's (Comprobador) or
// its own (EnTablasExternas).
type TablasExternas struct{ c sqldb.Conn }

// EnTablasExternas runs fn in a transaction of its own: committed if fn
// returns nil, rolled back otherwise.
func (s *Store) EnTablasExternas(ctx context.Context, fn func(TablasExternas) error) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error { return fn(TablasExternas{c}) })
}

// Leer reads col's secrets of owner dueño ("": of every owner), the null
// ones left out.
func (t TablasExternas) Leer(ctx context.Context, col ColumnaExterna, dueño string) ([]SecretoExterno, error) {
	q := "SELECT " + strings.Join(append([]string{col.Dueño}, col.Claves...), ", ") + ", " + col.Nombre +
		" FROM " + col.Tabla + " WHERE " + col.Nombre + " IS NOT NULL"
	var args []any
	if dueño != "" {
		q += " AND " + col.Dueño + " = ?"
		args = append(args, dueño)
	}
	secretos, err := sqldb.QueryAll(ctx, t.c, func(sc sqldb.Scanner) (SecretoExterno, error) {
		s := SecretoExterno{Claves: make([]any, len(col.Claves))}
		dest := []any{&s.Dueño}
		for i := range s.Claves {
			dest = append(dest, &s.Claves[i])
		}
		return s, sc.Scan(append(dest, &s.Valor)...)
	}, q, args...)
	return secretos, wrap("leer "+col.Tabla, err)
}

// Guardar replaces the value of a stored secret of col.
func (t TablasExternas) Guardar(ctx context.Context, col ColumnaExterna, s SecretoExterno, valor []byte) error {
	q := "UPDATE " + col.Tabla + " SET " + col.Nombre + " = ? WHERE " + col.Dueño + " = ?"
	for _, k := range col.Claves {
		q += " AND " + k + " = ?"
	}
	_, err := t.c.Exec(ctx, q, append([]any{valor, s.Dueño}, s.Claves...)...)
	return wrap("guardar "+col.Tabla, err)
}

// BorrarSinDueño deletes the rows of col's table whose owner is no longer
// an owner of dueños (its table's dueños.Dueño column).
func (t TablasExternas) BorrarSinDueño(ctx context.Context, col, dueños ColumnaExterna) error {
	_, err := t.c.Exec(ctx, "DELETE FROM "+col.Tabla+" WHERE "+col.Dueño+" NOT IN (SELECT "+dueños.Dueño+
		" FROM "+dueños.Tabla+")")
	return wrap("borrar "+col.Tabla+" sin dueño", err)
}
