package store

import (
	"context"
	"log/slog"
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

// listado is a filter ready to query: the company and the sale dates as UTC
// instants [desde, hasta) of the company's business days (zero: open).
type listado struct {
	empresaID    int64
	desde, hasta time.Time
	f            FiltroListadoPasajes
	contiene     func(col string) string // dialect.contiene
}

// listadoDe turns the filter's business days into UTC instants in the
// company's time zone.
func (s *Store) listadoDe(ctx context.Context, c conn, empresaID int64, f FiltroListadoPasajes) (listado, error) {
	l := listado{empresaID: empresaID, f: f, contiene: s.dialect.contiene}
	e, err := empresa(ctx, c, empresaID)
	if err != nil {
		return l, err
	}
	loc := domain.Location(e.Timezone)
	for _, b := range []struct {
		fecha string
		dst   *time.Time
		fin   bool
	}{{f.FechaInicio, &l.desde, false}, {f.FechaFin, &l.hasta, true}} {
		if b.fecha == "" {
			continue
		}
		t, err := time.ParseInLocation(time.DateOnly, b.fecha, loc)
		if err != nil {
			return l, domain.Invalid("La fecha debe tener el formato AAAA-MM-DD")
		}
		dia := domain.DiaDe(t, loc)
		*b.dst = dia.Desde
		if b.fin {
			*b.dst = dia.Hasta
		}
	}
	return l, nil
}

// dimensiones are the conditions on the columns that pasajes and
// pasajes_totales_dia share, over the table alias given.
func (f FiltroListadoPasajes) dimensiones(alias string) (string, []any) {
	var w string
	var args []any
	for _, d := range []struct {
		col string
		v   any
		ok  bool
	}{{"estado", f.Estado, f.Estado != ""}, {"seccion_id", f.SeccionID, f.SeccionID > 0},
		{"tipo_viaje_id", f.TipoViajeID, f.TipoViajeID > 0}, {"usuario_id", f.UsuarioID, f.UsuarioID > 0}} {
		if d.ok {
			w, args = w+` AND `+alias+`.`+d.col+` = ?`, append(args, d.v)
		}
	}
	return w, args
}

// busqueda is the search as one condition over pasajes p ("" without a search):
// a part of the customer's name or phone or of the ticket number, whatever
// the case, or the id.
func (l listado) busqueda() (string, []any) {
	q := strings.TrimSpace(l.f.Busqueda)
	if q == "" {
		return "", nil
	}
	like := "%" + escapeLike(strings.ToLower(q)) + "%"
	cond := ` AND (` + l.contiene("p.cliente_nombre") + ` OR ` + l.contiene("p.cliente_telefono") +
		` OR ` + l.contiene("p.numero_pasaje")
	args := []any{like, like, like}
	if id, err := strconv.ParseInt(q, 10, 64); err == nil {
		cond, args = cond+` OR p.id = ?`, append(args, id)
	}
	return cond + `)`, args
}

// wherePasajes is the filter over pasajes p for sales in [desde, hasta).
func (l listado) wherePasajes(desde, hasta time.Time) (string, []any) {
	w, args := `WHERE p.empresa_id = ?`+entre("p.created_at", desde, hasta), []any{l.empresaID}
	args = append(args, noCero(desde, hasta)...)
	for _, cond := range []func() (string, []any){func() (string, []any) { return l.f.dimensiones("p") }, l.busqueda} {
		c, a := cond()
		w, args = w+c, append(args, a...)
	}
	return w, args
}

// entre is "col >= ? AND col < ?" for the ends of [desde, hasta) that are set.
func entre(col string, desde, hasta time.Time) string {
	var w string
	if !desde.IsZero() {
		w += ` AND ` + col + ` >= ?`
	}
	if !hasta.IsZero() {
		w += ` AND ` + col + ` < ?`
	}
	return w
}

// noCero are the instants that are set, in order (the arguments of entre).
func noCero(ts ...time.Time) []any {
	var out []any
	for _, t := range ts {
		if !t.IsZero() {
			out = append(out, t)
		}
	}
	return out
}

// diasCompletos are the whole UTC days [primero, ultimo) inside the range
// (zero: open end), and whether there is any.
func (l listado) diasCompletos() (primero, ultimo time.Time, ok bool) {
	const dia = 24 * time.Hour
	if !l.desde.IsZero() {
		if primero = l.desde.Truncate(dia); primero.Before(l.desde) {
			primero = primero.Add(dia)
		}
	}
	if !l.hasta.IsZero() {
		ultimo = l.hasta.Truncate(dia)
	}
	return primero, ultimo, primero.IsZero() || ultimo.IsZero() || primero.Before(ultimo)
}

// totales are the figures of the whole filter. A search reads the tickets
// (the listing index holds the searched texts); otherwise the whole UTC days of
// the range come from pasajes_totales_dia and only the partial days at its
// ends from the tickets, so a year costs about as much as a day.
func (l listado) totales(ctx context.Context, c conn) (TotalesListado, error) {
	var partes []string
	var args []any
	sumar := func(q string, a []any) {
		partes, args = append(partes, q), append(append(args, domain.PasajeCancelado), a...)
	}
	primero, ultimo, ok := l.diasCompletos()
	if b, _ := l.busqueda(); b != "" || !ok {
		sumar(l.sumaDeTickets(l.desde, l.hasta))
	} else {
		if !l.desde.IsZero() && l.desde.Before(primero) {
			sumar(l.sumaDeTickets(l.desde, primero))
		}
		sumar(l.sumaDeDias(primero, ultimo))
		if !l.hasta.IsZero() && ultimo.Before(l.hasta) {
			sumar(l.sumaDeTickets(ultimo, l.hasta))
		}
	}
	var t TotalesListado
	err := c.row(ctx, `SELECT CAST(COALESCE(SUM(cantidad), 0) AS BIGINT), CAST(COALESCE(SUM(ventas), 0) AS BIGINT)
		FROM (`+strings.Join(partes, ` UNION ALL `)+`) partes`, args...).Scan(&t.TotalItems, &t.TotalVentas)
	return t, wrap("totalizar listado de pasajes", err)
}

// sumaDeTickets counts and sums the filter's tickets sold in [desde, hasta);
// its first argument, the cancelled state, comes before args.
func (l listado) sumaDeTickets(desde, hasta time.Time) (string, []any) {
	w, args := l.wherePasajes(desde, hasta)
	return `SELECT COUNT(*) AS cantidad, SUM(CASE WHEN p.estado <> ? THEN p.precio ELSE 0 END) AS ventas
		FROM pasajes p ` + w, args
}

// sumaDeDias adds up the per-day totals of the UTC days [primero, ultimo)
// (zero: open end); its first argument, the cancelled state, comes before args.
func (l listado) sumaDeDias(primero, ultimo time.Time) (string, []any) {
	args := []any{l.empresaID}
	for _, d := range []time.Time{primero, ultimo} {
		if !d.IsZero() {
			args = append(args, d.Format(time.DateOnly))
		}
	}
	dim, a := l.f.dimensiones("t")
	return `SELECT SUM(t.cantidad) AS cantidad, SUM(CASE WHEN t.estado <> ? THEN t.importe ELSE 0 END) AS ventas
		FROM pasajes_totales_dia t WHERE t.empresa_id = ?` + entre("t.dia", primero, ultimo) + dim, append(args, a...)
}

// escapeLike makes a search term match itself in LIKE ... ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// ordenListado shows the newest sale first.
const ordenListado = ` ORDER BY p.created_at DESC, p.id DESC`

// ListarPasajes answers one page of the ticket list and the figures of the
// whole filter (listado.totales), the page one query with its joins cut by
// LIMIT: a COUNT(*) OVER() would join every matching row first.
func (s *Store) ListarPasajes(ctx context.Context, empresaID int64, f FiltroListadoPasajes) ([]Pasaje, TotalesListado, error) {
	c := s.conn()
	l, err := s.listadoDe(ctx, c, empresaID, f)
	if err != nil {
		return nil, TotalesListado{}, err
	}
	t, err := l.totales(ctx, c)
	if err != nil || t.TotalItems == 0 || f.Pagina.Desplazamiento >= t.TotalItems {
		return []Pasaje{}, t, err
	}
	pasajes, err := s.paginaListado(ctx, c, l, f.Pagina)
	return pasajes, t, err
}

// ExportarPasajes answers the filter's tickets for the export, newest first,
// at most MaxExportacion of them.
func (s *Store) ExportarPasajes(ctx context.Context, empresaID int64, f FiltroListadoPasajes) ([]Pasaje, error) {
	c := s.conn()
	l, err := s.listadoDe(ctx, c, empresaID, f)
	if err != nil {
		return nil, err
	}
	return s.paginaListado(ctx, c, l, Pagina{Limite: MaxExportacion})
}

// paginaListado picks the page's ids from the listing index alone (it holds
// the filtered and searched columns), then reads those tickets with their joins.
func (s *Store) paginaListado(ctx context.Context, c conn, l listado, p Pagina) ([]Pasaje, error) {
	where, args := l.wherePasajes(l.desde, l.hasta)
	ids := `SELECT p.id FROM pasajes p ` + where + ordenListado
	if p.Limite > 0 {
		ids, args = ids+` LIMIT ? OFFSET ?`, append(args, p.Limite, p.Desplazamiento)
	}
	return s.pasajes(ctx, c, `WHERE p.id IN (`+ids+`)`+ordenListado, args...)
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

// ConsultarPasaje is the ticket's detail view (GET /pasajes/{id}): the ticket
// as PasajePorID reads it, and the lookup audited as CONSULTA_PASAJE by one
// INSERT of its own (the lookup changes nothing else, so no transaction). Only
// the detail view audits: the list, the PDF, the QR and the messages read
// without writing. A lookup the database cannot record fails like a write.
func (s *Store) ConsultarPasaje(ctx context.Context, a Actor, id, vendedorID int64) (Pasaje, error) {
	p, err := s.PasajePorID(ctx, a.EmpresaID, id, vendedorID)
	if err != nil {
		return p, err
	}
	return p, s.Audit(ctx, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConsultaPasaje,
		IP: a.IP, Exito: true, Detalles: "Consulta del pasaje " + p.NumeroPasaje})
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

// ConsolidarTotales folds, on PostgreSQL, up to lote stripes of the past UTC
// days' totals into stripe -1 (migration 00021) and answers how many it
// folded; SQLite keeps every total in one stripe and folds nothing. It never
// waits for a write: the stripes a transaction holds are skipped until the
// next fold, and stripe -1 is written only here, in key order, so two folds
// never deadlock either.
func (s *Store) ConsolidarTotales(ctx context.Context, lote int) (int64, error) {
	if s.dialect.name != "postgres" {
		return 0, nil
	}
	const claves = `empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id`
	var n int64
	err := s.conn().row(ctx, `WITH plegadas AS (
			DELETE FROM pasajes_totales_dia WHERE ctid IN (SELECT ctid FROM pasajes_totales_dia
				WHERE franja >= 0 AND dia < ? LIMIT ? FOR UPDATE SKIP LOCKED)
			RETURNING `+claves+`, cantidad, importe),
		sumadas AS (INSERT INTO pasajes_totales_dia AS t (`+claves+`, franja, cantidad, importe)
			SELECT `+claves+`, -1, SUM(cantidad), SUM(importe) FROM plegadas
			GROUP BY `+claves+` ORDER BY `+claves+`
			ON CONFLICT (`+claves+`, franja)
			DO UPDATE SET cantidad = t.cantidad + excluded.cantidad, importe = t.importe + excluded.importe)
		SELECT COUNT(*) FROM plegadas`, s.Now().Truncate(24*time.Hour), lote).Scan(&n)
	return n, wrap("consolidar totales de pasajes", err)
}

// BarrerTotales folds the past days' stripes of the ticket totals every
// cada until ctx ends. `muelle serve` runs it in the background.
func (s *Store) BarrerTotales(ctx context.Context, cada time.Duration, log *slog.Logger) {
	barrer(ctx, cada, log, "totales de pasajes", s.ConsolidarTotales)
}
