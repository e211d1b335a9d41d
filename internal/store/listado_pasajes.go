package store

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// MaxExportacion is the most tickets an export holds (operaciones §9).
const MaxExportacion = 10000

// FiltroListadoPasajes selects the tickets of the ticket list ('Listado de
// Pasajes', 'Mis Ventas'): a search over customer name, phone, ticket number
// and id; the sale's business days FechaInicio..FechaFin (YYYY-MM-DD, either
// may be empty); state, section, trip type and seller (0 or "": any); the
// payment's reference (whole: a card's last four digits or authorization, a
// transfer's id; "": any); and the page.
type FiltroListadoPasajes struct {
	Busqueda    string
	Referencia  string
	FechaInicio string
	FechaFin    string
	Estado      string
	SeccionID   int64
	TipoViajeID int64
	UsuarioID   int64
	Pagina      Pagina
}

// TotalesListado are the figures of the whole filter, not of the page: how
// many tickets it matched (the pages), how many of them are not cancelled and
// what those sold, and the cancelled ones apart (refunded: their price is no
// sale).
type TotalesListado struct {
	TotalItems       int64
	Vigentes         int64
	TotalVentas      domain.Centavos
	Cancelados       int64
	ImporteCancelado domain.Centavos
}

// listado is a filter ready to query: the company and the sale dates as UTC
// instants [desde, hasta) of the company's business days (zero: open). When
// the search index served the filter's search (porIndice), encontrados are
// the filter's tickets, in the list's order.
type listado struct {
	empresaID    int64
	desde, hasta time.Time
	f            FiltroListadoPasajes
	d            sqldb.Dialect
	encontrados  []encontrado
	porIndice    bool
}

// encontrado is a ticket a search found: what the totals and the page need.
type encontrado struct {
	id     int64
	estado string
	precio domain.Centavos
}

// listadoDe turns the filter's business days into UTC instants in the
// company's time zone, and reads a search's tickets through the search index
// when it can (buscarEnIndice).
func (s *Store) listadoDe(ctx context.Context, c sqldb.Conn, empresaID int64, f FiltroListadoPasajes) (listado, error) {
	l := listado{empresaID: empresaID, f: f, d: s.db.Dialect()}
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
	return l, s.buscarEnIndice(ctx, c, &l)
}

// solo is the filter's state, section, trip type and seller as the figures
// reader's filter.
func (f FiltroListadoPasajes) solo() FiltroCifras {
	return FiltroCifras{Estado: f.Estado, SeccionID: f.SeccionID, TipoViajeID: f.TipoViajeID, UsuarioID: f.UsuarioID}
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
	cond := ` AND (` + l.d.Contains("p.cliente_nombre") + ` OR ` + l.d.Contains("p.cliente_telefono") +
		` OR ` + l.d.Contains("p.numero_pasaje")
	args := []any{like, like, like}
	if id, ok := idBuscado(q); ok {
		cond, args = cond+` OR p.id = ?`, append(args, id)
	}
	return cond + `)`, args
}

// idBuscado is the ticket id a search also finds: the term, if it is a number.
func idBuscado(q string) (int64, bool) {
	id, err := strconv.ParseInt(q, 10, 64)
	return id, err == nil
}

// A search reads the filter's tickets in the listing index, checking each,
// when they are at most maxLeidos (today's, a month's of most companies):
// cheaper than the search index then. Otherwise it asks the search index,
// unless the index finds the term in more than maxEncontrados of the
// company's tickets (a common part of names): fetching each would cost more
// than reading them all in the listing index.
const (
	maxLeidos      = 5000
	maxEncontrados = 2000
)

// umbralesBusqueda are a store's maxLeidos and maxEncontrados.
type umbralesBusqueda struct{ leidos, encontrados int }

// buscarEnIndice reads a search's tickets through the search index (migration
// 00020) instead of every ticket of the filter in the listing index: the
// tickets the index may match (candidatosBusqueda), checked by busqueda and
// every other condition of the filter, in the list's order, with what the
// totals need; ListarPasajes then adds them up and fetches the page's alone.
// The index needs a term of three characters or more (it looks trigrams up).
// A shorter term, a filter of at most maxLeidos tickets, or a term the index
// finds in more than maxEncontrados tickets leaves l as it was.
func (s *Store) buscarEnIndice(ctx context.Context, c sqldb.Conn, l *listado) error {
	q := strings.TrimSpace(l.f.Busqueda)
	termino := strings.ToLower(q)
	// a control character could match across the texts the index joins (the API refuses them anyway)
	if utf8.RuneCountInString(termino) < 3 || !utf8.ValidString(termino) || strings.ContainsFunc(termino, unicode.IsControl) {
		return nil
	}
	if !l.desde.IsZero() || !l.hasta.IsZero() { // without dates, a company of few tickets costs little either way
		where, args := l.sinBusqueda(l.desde, l.hasta)
		var n int64
		err := c.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM pasajes p `+where+` LIMIT ?) leidos`,
			append(args, s.busqueda.leidos+1)...).Scan(&n)
		if err != nil || n <= int64(s.busqueda.leidos) {
			return wrap("buscar pasajes", err)
		}
	}
	id, esID := idBuscado(q)
	cond, cargs, ok, err := s.candidatosBusqueda(ctx, c, l.empresaID, termino, id, esID)
	if err != nil || !ok {
		return err
	}
	where, args := l.wherePasajes(l.desde, l.hasta)
	// the LIMIT inside: the read stops past the cap, and only the tickets found
	// are sorted; planned with the term's values on every run on PostgreSQL: a
	// generic plan, not knowing how few tickets the term's trigrams hold, reads
	// the whole company (seen: 100 ms instead of 1 ms for a term found nowhere)
	es, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (encontrado, error) {
		var e encontrado
		return e, sc.Scan(&e.id, &e.estado, &e.precio)
	}, `SELECT p.id, p.estado, p.precio FROM (SELECT p.id, p.created_at, p.estado, p.precio FROM pasajes p `+
		where+` AND `+cond+` LIMIT ?) p`+ordenListado,
		s.db.Dialect().PlannedEachRun(append(append(args, cargs...), s.busqueda.encontrados+1))...)
	if err != nil {
		return wrap("buscar pasajes", err)
	}
	if len(es) <= s.busqueda.encontrados {
		l.encontrados, l.porIndice = es, true
	}
	return nil
}

// candidatosBusqueda is the condition over pasajes p "the search index may
// find the lower-case term (three characters or more) in the company's
// ticket, or the ticket is the one of id (esID)": a superset of the search's
// tickets, never fewer (busqueda decides); ok is false when the index cannot
// narrow the search enough.
//
// SQLite: the FTS5 table pasajes_busqueda (trigram tokenizer) is asked first
// for the tickets holding the trigrams that cover the term, within the
// company's rowids (empresa_id * 2^40 + the ticket's id), at most
// maxEncontrados of them: a term in more is not narrow enough. PostgreSQL:
// the company trigrams of the ticket's texts in pasajes_busqueda (the GIN
// index pasajes_busqueda_idx, whose expression this is to the letter) hold
// the term's covering trigrams.
func (s *Store) candidatosBusqueda(ctx context.Context, c sqldb.Conn, empresaID int64, termino string, id int64,
	esID bool) (string, []any, bool, error) {
	if s.db.Dialect().Postgres() {
		cond := `p.id IN (SELECT b.pasaje_id FROM pasajes_busqueda b
			WHERE pasajes_trigramas(b.empresa_id, b.texto, 1) @> pasajes_trigramas(?, ?, 3)`
		args := []any{empresaID, termino}
		if esID { // in the list, not OR-ed to it: a semi-join by primary key either way
			cond, args = cond+` UNION ALL SELECT ?`, append(args, id)
		}
		return cond + `)`, args, true, nil
	}
	base := empresaID << 40
	ids, err := sqldb.QueryIDs(ctx, c, `SELECT rowid - ? FROM pasajes_busqueda WHERE pasajes_busqueda MATCH ? AND rowid >= ? AND rowid < ? LIMIT ?`,
		base, trigramasFTS(termino), base, base+1<<40, s.busqueda.encontrados+1)
	if err != nil || len(ids) > s.busqueda.encontrados {
		return "", nil, false, wrap("buscar pasajes", err)
	}
	if esID {
		ids = append(ids, id)
	}
	cond, arg := s.db.Dialect().InIDs("p.id", ids)
	return cond, []any{arg}, true, nil
}

// trigramasFTS is the FTS5 query for a term of three characters or more in a
// trigram index: the trigrams that cover the term side by side, and its last
// one, each a quoted string ("" inside is one "), all required. Any of the
// term's trigrams would do (the search checks what the index finds); fewer
// are fewer lists for FTS5 to walk.
func trigramasFTS(termino string) string {
	r := []rune(termino)
	var partes []string
	for i := 0; ; i += 3 {
		i = min(i, len(r)-3)
		partes = append(partes, `"`+strings.ReplaceAll(string(r[i:i+3]), `"`, `""`)+`"`)
		if i+3 >= len(r) {
			return strings.Join(partes, " ")
		}
	}
}

// totalesDe are the figures of the tickets a search found through the search index.
func totalesDe(es []encontrado) TotalesListado {
	var t TotalesListado
	for _, e := range es {
		t.sumar(e.estado, 1, e.precio)
	}
	return t
}

// sumar adds cantidad tickets in the state estado, worth importe, to the
// figures: the cancelled ones apart.
func (t *TotalesListado) sumar(estado string, cantidad int64, importe domain.Centavos) {
	t.TotalItems += cantidad
	if estado == domain.PasajeCancelado {
		t.Cancelados += cantidad
		t.ImporteCancelado += importe
	} else {
		t.Vigentes += cantidad
		t.TotalVentas += importe
	}
}

// paginaEncontrados reads the page p of the tickets a search found through
// the search index, by id, with their joins.
func (s *Store) paginaEncontrados(ctx context.Context, c sqldb.Conn, es []encontrado, p Pagina) ([]Pasaje, error) {
	desde := min(int64(len(es)), max(p.Desplazamiento, 0))
	hasta := int64(len(es))
	if p.Limite > 0 {
		hasta = min(hasta, desde+p.Limite)
	}
	if desde == hasta {
		return []Pasaje{}, nil
	}
	ids := make([]int64, 0, hasta-desde)
	for _, e := range es[desde:hasta] {
		ids = append(ids, e.id)
	}
	cond, arg := s.db.Dialect().InIDs("p.id", ids)
	return s.pasajes(ctx, c, `WHERE `+cond+ordenListado, arg)
}

// wherePasajes is the filter over pasajes p for sales in [desde, hasta).
func (l listado) wherePasajes(desde, hasta time.Time) (string, []any) {
	w, args := l.sinBusqueda(desde, hasta)
	b, a := l.busqueda()
	return w + b, append(args, a...)
}

// sinBusqueda is the filter over pasajes p for sales in [desde, hasta) but its search.
func (l listado) sinBusqueda(desde, hasta time.Time) (string, []any) {
	w, args := `WHERE p.empresa_id = ?`+entre("p.created_at", desde, hasta), []any{l.empresaID}
	dim, a := l.f.solo().condiciones("p")
	ref, refArgs := l.referencia()
	return w + dim + ref, append(append(append(args, noCero(desde, hasta)...), a...), refArgs...)
}

// referencia is the filter's payment reference as one condition over pasajes
// p ("" without one): the sale's register movement carries it as a card's
// last four digits, its authorization (in capitals) or a transfer's id
// (migration 00055's indexes).
func (l listado) referencia() (string, []any) {
	q := strings.TrimSpace(l.f.Referencia)
	if q == "" {
		return "", nil
	}
	return ` AND p.movimiento_id IN (SELECT m.id FROM caja_movimientos m WHERE m.empresa_id = ? AND m.referencia_ultimos4 = ?
		UNION ALL SELECT m.id FROM caja_movimientos m WHERE m.empresa_id = ? AND m.referencia_autorizacion = ?
		UNION ALL SELECT m.id FROM caja_movimientos m WHERE m.empresa_id = ? AND m.referencia_transferencia = ?)`,
		[]any{l.empresaID, q, l.empresaID, strings.ToUpper(q), l.empresaID, q}
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

// totalesListado are the figures of the whole filter, by state. Without a
// search or a reference they are the figures reader's (sumarCifras) over the filter's
// business days of sale: a ticket's dia_venta is the business day of its
// created_at in the company's zone, so they count the tickets the page reads
// by [desde, hasta). A search or a reference, which no figure expresses, counts the
// filter's tickets in the listing index, which holds the searched texts
// (or totalesDe, the tickets the search index found).
func (s *Store) totalesListado(ctx context.Context, c sqldb.Conn, l listado) (TotalesListado, error) {
	var cifras []Cifra
	var err error
	if b, _ := l.busqueda(); b != "" || l.f.Referencia != "" {
		w, args := l.wherePasajes(l.desde, l.hasta)
		cifras, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (cf Cifra, err error) {
			return cf, sc.Scan(&cf.Estado, &cf.Cantidad, &cf.Importe)
		}, `SELECT p.estado, COUNT(*), SUM(p.precio) FROM pasajes p `+w+` GROUP BY p.estado`, args...)
	} else {
		cifras, err = s.sumarCifras(ctx, ConsultaCifras{EmpresaID: l.empresaID, Desde: l.f.FechaInicio,
			Hasta: l.f.FechaFin, Por: []Dimension{PorEstado}, Solo: l.f.solo()})
	}
	var t TotalesListado
	for _, cf := range cifras {
		t.sumar(cf.Estado, cf.Cantidad, cf.Importe)
	}
	return t, wrap("totalizar listado de pasajes", err)
}

// escapeLike makes a search term match itself in LIKE ... ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// ordenListado shows the newest sale first.
const ordenListado = ` ORDER BY p.created_at DESC, p.id DESC`

// ListarPasajes answers one page of the ticket list and the figures of the
// whole filter (totalesListado), the page one query with its joins cut by
// LIMIT: a COUNT(*) OVER() would join every matching row first.
func (s *Store) ListarPasajes(ctx context.Context, empresaID int64, f FiltroListadoPasajes) ([]Pasaje, TotalesListado, error) {
	c := s.db.Conn()
	l, err := s.listadoDe(ctx, c, empresaID, f)
	if err != nil {
		return nil, TotalesListado{}, err
	}
	if l.porIndice {
		pasajes, err := s.paginaEncontrados(ctx, c, l.encontrados, f.Pagina)
		return pasajes, totalesDe(l.encontrados), err
	}
	t, err := s.totalesListado(ctx, c, l)
	if err != nil || t.TotalItems == 0 || f.Pagina.Desplazamiento >= t.TotalItems {
		return []Pasaje{}, t, err
	}
	pasajes, err := s.paginaListado(ctx, c, l, f.Pagina)
	return pasajes, t, err
}

// ExportarPasajes answers the filter's tickets for the export, newest first,
// at most MaxExportacion of them, and the whole filter's totals (the list's:
// the file's total row is the one the screen shows).
func (s *Store) ExportarPasajes(ctx context.Context, empresaID int64, f FiltroListadoPasajes) ([]Pasaje, TotalesListado, error) {
	c := s.db.Conn()
	l, err := s.listadoDe(ctx, c, empresaID, f)
	if err != nil {
		return nil, TotalesListado{}, err
	}
	if l.porIndice {
		pasajes, err := s.paginaEncontrados(ctx, c, l.encontrados, Pagina{Limite: MaxExportacion})
		return pasajes, totalesDe(l.encontrados), err
	}
	t, err := s.totalesListado(ctx, c, l)
	if err != nil || t.TotalItems == 0 {
		return []Pasaje{}, t, err
	}
	pasajes, err := s.paginaListado(ctx, c, l, Pagina{Limite: MaxExportacion})
	return pasajes, t, err
}

// paginaListado picks the page's ids from the listing index alone (it holds
// the filtered and searched columns), then reads those tickets with their joins.
func (s *Store) paginaListado(ctx context.Context, c sqldb.Conn, l listado, p Pagina) ([]Pasaje, error) {
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
	out, err := s.pasajes(ctx, s.db.Conn(), where, args...)
	if err == nil && len(out) == 0 {
		err = domain.NotFound(domain.MsgPasajeNoEncontrado)
	}
	if err != nil {
		return Pasaje{}, err
	}
	return out[0], nil
}

// PasajePorCodigoQR is the company's ticket numero whose QR code is codigo
// (found: false when none): the public view of a ticket from the e-mail's
// link, whose caller has checked the code's signature.
func (s *Store) PasajePorCodigoQR(ctx context.Context, empresaID int64, numero, codigo string) (Pasaje, bool, error) {
	out, err := s.pasajes(ctx, s.db.Conn(), `WHERE p.empresa_id = ? AND p.numero_pasaje = ? AND p.codigo_qr = ?`,
		empresaID, numero, codigo)
	if err != nil || len(out) == 0 {
		return Pasaje{}, false, err
	}
	return out[0], true, nil
}

// ConsultarPasaje is the ticket's detail view (GET /pasajes/{id}): the ticket
// as PasajePorID reads it, and the lookup audited as CONSULTA_PASAJE by one
// INSERT of its own (the lookup changes nothing else, so no transaction). Only
// the detail view audits: the list, the PDF, the QR and the messages read
// without writing. A lookup the database cannot record fails like a write.
//
// impresiones is how many times the ticket was printed (its recorded prints,
// RegistrarImpresiones).
func (s *Store) ConsultarPasaje(ctx context.Context, a Actor, id, vendedorID int64) (p Pasaje, impresiones int, err error) {
	p, err = s.PasajePorID(ctx, a.EmpresaID, id, vendedorID)
	if err != nil {
		return p, 0, err
	}
	if impresiones, err = s.ImpresionesDe(ctx, s.db.Conn(), a.EmpresaID, id); err != nil {
		return p, 0, err
	}
	return p, impresiones, s.Audit(ctx, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConsultaPasaje,
		IP: a.IP, Exito: true, Detalles: "Consulta del pasaje " + p.NumeroPasaje})
}

// PasajesPorIDs answers the company's tickets of ids in the order given (for
// printing several); any id missing is a 404 like PasajePorID.
func (s *Store) PasajesPorIDs(ctx context.Context, empresaID int64, ids []int64, vendedorID int64) ([]Pasaje, error) {
	if len(ids) == 0 {
		return []Pasaje{}, nil
	}
	where := `WHERE p.empresa_id = ? AND p.id IN (` + sqldb.Placeholders(len(ids)) + `)`
	args := []any{empresaID}
	for _, id := range ids {
		args = append(args, id)
	}
	if vendedorID > 0 {
		where, args = where+` AND p.usuario_id = ?`, append(args, vendedorID)
	}
	rows, err := s.pasajes(ctx, s.db.Conn(), where, args...)
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
