package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
)

// MaxExportacion is the most tickets an export holds (operaciones §9).
const MaxExportacion = 10000

// FiltroListadoPasajes selects the tickets of the ticket list ('Listado de
// Pasajes', 'Mis Ventas'): a search over customer name, phone, ticket number
// and id; the sale's business days FechaInicio..FechaFin (YYYY-MM-DD, either
// may be empty); state, section, trip type and seller (0 or "": any); and the page.
type FiltroListadoPasajes struct {
	Busqueda    string
	FechaInicio string
	FechaFin    string
	Estado      string
	SeccionID   int64
	TipoViajeID int64
	UsuarioID   int64
	Pagina      Pagina
}

// TotalesListado are the figures of the whole filter, not of the page: how
// many tickets it matched and what they sold (cancelled tickets were refunded
// and add nothing).
type TotalesListado struct {
	TotalItems  int64
	TotalVentas domain.Centavos
}

// where is the filter as SQL conditions over pasajes p and their arguments;
// the sale dates become UTC bounds of the company's business days.
func (f FiltroListadoPasajes) where(empresaID int64, loc *time.Location) (string, []any, error) {
	w, args := `WHERE p.empresa_id = ?`, []any{empresaID}
	add := func(cond string, v ...any) { w, args = w+` AND `+cond, append(args, v...) }
	for _, b := range []struct {
		fecha, op string
		hasta     bool
	}{{f.FechaInicio, ">=", false}, {f.FechaFin, "<", true}} {
		if b.fecha == "" {
			continue
		}
		t, err := time.ParseInLocation(time.DateOnly, b.fecha, loc)
		if err != nil {
			return "", nil, domain.Invalid("La fecha debe tener el formato AAAA-MM-DD")
		}
		dia := domain.DiaDe(t, loc)
		bound := dia.Desde
		if b.hasta {
			bound = dia.Hasta
		}
		add(`p.created_at `+b.op+` ?`, bound)
	}
	if f.Estado != "" {
		add(`p.estado = ?`, f.Estado)
	}
	if f.SeccionID > 0 {
		add(`p.seccion_id = ?`, f.SeccionID)
	}
	if f.TipoViajeID > 0 {
		add(`p.tipo_viaje_id = ?`, f.TipoViajeID)
	}
	if f.UsuarioID > 0 {
		add(`p.usuario_id = ?`, f.UsuarioID)
	}
	if q := strings.TrimSpace(f.Busqueda); q != "" {
		like := "%" + escapeLike(strings.ToLower(q)) + "%"
		cond := `(LOWER(p.cliente_nombre) LIKE ? ESCAPE '\' OR LOWER(p.cliente_telefono) LIKE ? ESCAPE '\'
			OR LOWER(p.numero_pasaje) LIKE ? ESCAPE '\'`
		v := []any{like, like, like}
		if id, err := strconv.ParseInt(q, 10, 64); err == nil {
			cond, v = cond+` OR p.id = ?`, append(v, id)
		}
		add(cond+`)`, v...)
	}
	return w, args, nil
}

// escapeLike makes a search term match itself in LIKE ... ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// ordenListado shows the newest sale first.
const ordenListado = ` ORDER BY p.created_at DESC, p.id DESC`

// ListarPasajes answers one page of the ticket list and the figures of the
// whole filter. The figures are one aggregate over pasajes alone (the covering
// indexes of migration 7 answer it), the page one query with its joins cut by
// LIMIT: a COUNT(*) OVER() would join every matching row first.
func (s *Store) ListarPasajes(ctx context.Context, empresaID int64, f FiltroListadoPasajes) ([]Pasaje, TotalesListado, error) {
	var t TotalesListado
	c := s.conn()
	where, args, err := s.whereListado(ctx, c, empresaID, f)
	if err != nil {
		return nil, t, err
	}
	err = c.row(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN p.estado <> ? THEN p.precio ELSE 0 END), 0)
		FROM pasajes p `+where, append([]any{domain.PasajeCancelado}, args...)...).Scan(&t.TotalItems, &t.TotalVentas)
	if err != nil {
		return nil, t, wrap("totalizar listado de pasajes", err)
	}
	if t.TotalItems == 0 || f.Pagina.Desplazamiento >= t.TotalItems {
		return []Pasaje{}, t, nil
	}
	pasajes, err := s.paginaListado(ctx, c, where, args, f.Pagina)
	return pasajes, t, err
}

// ExportarPasajes answers the filter's tickets for the export, newest first,
// at most MaxExportacion of them.
func (s *Store) ExportarPasajes(ctx context.Context, empresaID int64, f FiltroListadoPasajes) ([]Pasaje, error) {
	c := s.conn()
	where, args, err := s.whereListado(ctx, c, empresaID, f)
	if err != nil {
		return nil, err
	}
	return s.paginaListado(ctx, c, where, args, Pagina{Limite: MaxExportacion})
}

func (s *Store) whereListado(ctx context.Context, c conn, empresaID int64, f FiltroListadoPasajes) (string, []any, error) {
	e, err := empresa(ctx, c, empresaID)
	if err != nil {
		return "", nil, err
	}
	return f.where(empresaID, domain.Location(e.Timezone))
}

func (s *Store) paginaListado(ctx context.Context, c conn, where string, args []any, p Pagina) ([]Pasaje, error) {
	q := where + ordenListado
	if p.Limite > 0 {
		q, args = q+` LIMIT ? OFFSET ?`, append(append([]any{}, args...), p.Limite, p.Desplazamiento)
	}
	return s.pasajes(ctx, c, q, args...)
}

// PasajePorID answers one ticket of the company; vendedorID > 0 narrows it to
// that seller's tickets. Missing, another company's or another seller's: 404.
func (s *Store) PasajePorID(ctx context.Context, empresaID, id, vendedorID int64) (Pasaje, error) {
	where, args := `WHERE p.empresa_id = ? AND p.id = ?`, []any{empresaID, id}
	if vendedorID > 0 {
		where, args = where+` AND p.usuario_id = ?`, append(args, vendedorID)
	}
	out, err := s.pasajes(ctx, s.conn(), where, args...)
	if err == nil && len(out) == 0 {
		err = domain.NotFound(domain.MsgPasajeNoEncontrado)
	}
	if err != nil {
		return Pasaje{}, err
	}
	return out[0], nil
}

// PasajesPorIDs answers the company's tickets of ids in the order given (for
// printing several); any id missing is a 404 like PasajePorID.
func (s *Store) PasajesPorIDs(ctx context.Context, empresaID int64, ids []int64, vendedorID int64) ([]Pasaje, error) {
	if len(ids) == 0 {
		return []Pasaje{}, nil
	}
	where := `WHERE p.empresa_id = ? AND p.id IN (?` + strings.Repeat(`, ?`, len(ids)-1) + `)`
	args := []any{empresaID}
	for _, id := range ids {
		args = append(args, id)
	}
	if vendedorID > 0 {
		where, args = where+` AND p.usuario_id = ?`, append(args, vendedorID)
	}
	rows, err := s.pasajes(ctx, s.conn(), where, args...)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Pasaje, len(rows))
	for _, p := range rows {
		byID[p.ID] = p
	}
	out := make([]Pasaje, 0, len(ids))
	for _, id := range ids {
		p, ok := byID[id]
		if !ok {
			return nil, domain.NotFound(domain.MsgPasajeNoEncontrado)
		}
		out = append(out, p)
	}
	return out, nil
}
