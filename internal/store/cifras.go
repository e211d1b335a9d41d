package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Cifras: the one reader of the sales figures every report reads (the
// KPIs, the charts, the statistics), and the ticket list's totals and the
// dashboards' sales of the day too. It sums the ticket ledger itself, in
// SQL, over a range of business days of the company's time zone, by the day
// the ticket was sold (pasajes.dia_venta, written by the sale with the
// company's zone) or the day it travels (fecha_viaje). Both are read from a
// covering index (migration 24): the totals are the ledger's own rows, kept
// by the engine in the same transaction as the sale, the cancellation, the
// reactivation and the boarding that change them, so no separate totals
// table has to be kept in step (see docs/features/cifras.md).

// Dimension is what the figures may be grouped by.
type Dimension string

// The dimensions of the figures.
const (
	PorDia       Dimension = "dia"
	PorMes       Dimension = "mes"
	PorSeccion   Dimension = "seccion"
	PorTipoViaje Dimension = "tipo_viaje"
	PorVendedor  Dimension = "vendedor"
	PorMedioPago Dimension = "medio_pago"
	PorEstado    Dimension = "estado"
	PorEmpresa   Dimension = "empresa" // with ConsultaCifras.Empresas
)

// The date a figure places each ticket by.
const (
	BaseVenta = "venta" // the business day it was sold (the default)
	BaseViaje = "viaje" // its travel date
)

// ConsultaCifras asks for the figures of one company (or of the companies
// Empresas, when set) from the business day Desde to Hasta (YYYY-MM-DD, both
// included) on the basis Base, of the tickets Solo lets through, grouped by
// the dimensions Por (none: one total). Vendidos, when set (basis venta
// only), reads the tickets sold in its instants instead of the days: the
// period before one under way, cut at the same point
// (domain.Periodo.Comparable), read through the listing index, which holds
// the instant of sale, the state, section, trip type and seller.
type ConsultaCifras struct {
	EmpresaID    int64
	Empresas     []int64
	Desde, Hasta string
	Base         string
	Por          []Dimension
	Solo         FiltroCifras
	Vendidos     domain.Lapso
}

// FiltroCifras narrows the tickets a figure counts: one state, section,
// trip type and seller (zero: any), and a state left out (the cancelled
// tickets, from what was sold).
type FiltroCifras struct {
	Estado                            string
	SeccionID, TipoViajeID, UsuarioID int64
	SinEstado                         string
}

// condiciones are the filter's conditions over pasajes (alias: its name in
// the query, "" for none), each led by AND.
func (f FiltroCifras) condiciones(alias string) (string, []any) {
	if alias != "" {
		alias += "."
	}
	var w string
	var args []any
	for _, d := range []struct {
		cond string
		v    any
		ok   bool
	}{{"estado = ?", f.Estado, f.Estado != ""}, {"seccion_id = ?", f.SeccionID, f.SeccionID > 0},
		{"tipo_viaje_id = ?", f.TipoViajeID, f.TipoViajeID > 0}, {"usuario_id = ?", f.UsuarioID, f.UsuarioID > 0},
		{"estado <> ?", f.SinEstado, f.SinEstado != ""}} {
		if d.ok {
			w, args = w+` AND `+alias+d.cond, append(args, d.v)
		}
	}
	return w, args
}

// Cifra is one group of the figures: its keys (only those of the dimensions
// asked for are set; names beside their ids) and how many tickets it holds
// and their amount.
type Cifra struct {
	EmpresaID   int64
	Dia         string // YYYY-MM-DD
	Mes         string // YYYY-MM
	SeccionID   int64
	Seccion     string
	TipoViajeID int64
	TipoViaje   string
	UsuarioID   int64
	Vendedor    string
	MedioPagoID int64
	MedioPago   string
	Estado      string
	Cantidad    int64
	Importe     domain.Centavos
}

// maxDiasCifras bounds the days one call reads (a report's longest period,
// or the monthly chart's twelve months).
const maxDiasCifras = 2 * domain.MaxDiasRango

// dimensionCifra is how a dimension is read: the grouped column of pasajes,
// and for a catalogue the join that names it.
type dimensionCifra struct {
	columna string
	join    string
	nombre  string
}

var dimensionesCifras = map[Dimension]dimensionCifra{
	PorSeccion: {"seccion_id", "LEFT JOIN secciones s ON s.id = g.seccion_id", "COALESCE(s.nombre, '')"},
	PorTipoViaje: {"tipo_viaje_id", "LEFT JOIN tipos_viaje t ON t.id = g.tipo_viaje_id",
		"COALESCE(t.nombre, '')"},
	PorVendedor: {"usuario_id", "LEFT JOIN usuarios u ON u.id = g.usuario_id",
		"COALESCE(u.nombre, ''), COALESCE(u.apellido, ''), COALESCE(u.nombre_usuario, '')"},
	PorMedioPago: {"medio_pago_id", "LEFT JOIN medios_pago m ON m.id = g.medio_pago_id", "COALESCE(m.nombre, '')"},
	PorEstado:    {columna: "estado"},
}

// Cifras sums the company's tickets of the period by the dimensions asked
// for, with one grouped query over the basis' covering index; the names of
// the catalogue rows and sellers are joined to the groups, not to the
// tickets. A month is folded in Go from its days. Groups come sorted by
// their keys (days and months oldest first).
func (s *Store) Cifras(ctx context.Context, q ConsultaCifras) ([]Cifra, error) {
	desde, err1 := time.Parse(time.DateOnly, q.Desde)
	hasta, err2 := time.Parse(time.DateOnly, q.Hasta)
	if err1 != nil || err2 != nil || hasta.Before(desde) || hasta.Sub(desde) > maxDiasCifras*24*time.Hour {
		return nil, fmt.Errorf("store: cifras de %q a %q: período inválido", q.Desde, q.Hasta)
	}
	return s.sumarCifras(ctx, q)
}

// sumarCifras is Cifras over any period: an empty Desde or Hasta leaves that
// end open (the ticket list, whose dates are optional, reads it so).
func (s *Store) sumarCifras(ctx context.Context, q ConsultaCifras) ([]Cifra, error) {
	dia := "dia_venta"
	switch q.Base {
	case "", BaseVenta:
	case BaseViaje:
		dia = "fecha_viaje"
	default:
		return nil, fmt.Errorf("store: cifras: base %q", q.Base)
	}
	if dia != "dia_venta" && !q.Vendidos.Hasta.IsZero() {
		return nil, fmt.Errorf("store: cifras: un corte por instante de venta con la base %q", q.Base)
	}
	for _, d := range q.Por {
		if _, ok := dimensionesCifras[d]; !ok && d != PorDia && d != PorMes && d != PorEmpresa {
			return nil, fmt.Errorf("store: cifras: dimensión %q", d)
		}
	}
	var (
		grupos  []string // the inner query's grouped columns of pasajes
		dentro  []string // what it selects before the sums
		fuera   []string // what the outer query selects before the sums
		joins   []string
		lectura []Dimension // the order fuera reads in
	)
	if slices.Contains(q.Por, PorEmpresa) {
		grupos, dentro = append(grupos, "empresa_id"), append(dentro, "empresa_id")
		fuera = append(fuera, "g.empresa_id")
		lectura = append(lectura, PorEmpresa)
	}
	if slices.Contains(q.Por, PorDia) || slices.Contains(q.Por, PorMes) {
		grupos, dentro = append(grupos, dia), append(dentro, dia+" AS dia")
		fuera = append(fuera, "CAST(g.dia AS TEXT)")
		lectura = append(lectura, PorDia)
	}
	// in the order of the covering index's columns: SQLite groups a prefix of it (the day and the
	// state, say) in the index's order, without sorting
	for _, d := range []Dimension{PorEstado, PorSeccion, PorTipoViaje, PorVendedor, PorMedioPago} {
		if !slices.Contains(q.Por, d) {
			continue
		}
		dc := dimensionesCifras[d]
		grupos, dentro = append(grupos, dc.columna), append(dentro, dc.columna)
		fuera = append(fuera, "g."+dc.columna)
		if dc.join != "" {
			joins = append(joins, dc.join)
			fuera = append(fuera, dc.nombre)
		}
		lectura = append(lectura, d)
	}
	agrupar := ""
	if len(grupos) > 0 {
		agrupar = " GROUP BY " + strings.Join(grupos, ", ")
	}
	donde, args := s.dondeCifras(q, dia)
	interna := `SELECT ` + strings.Join(append(dentro, "COUNT(*) AS cantidad", "COALESCE(SUM(precio), 0) AS importe"), ", ") +
		` FROM pasajes WHERE ` + donde + agrupar
	consulta := `SELECT ` + strings.Join(append(fuera, "g.cantidad", "g.importe"), ", ") + ` FROM (` + interna + `) g ` +
		strings.Join(joins, " ")
	if len(fuera) > 0 {
		orden := make([]string, 0, len(fuera))
		for i := range fuera {
			orden = append(orden, fmt.Sprint(i+1))
		}
		consulta += ` ORDER BY ` + strings.Join(orden, ", ")
	}
	cifras, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (Cifra, error) {
		var (
			c                 Cifra
			nom, ape, usuario string
		)
		dest := make([]any, 0, len(fuera)+2)
		for _, d := range lectura {
			switch d {
			case PorEmpresa:
				dest = append(dest, &c.EmpresaID)
			case PorDia:
				dest = append(dest, &c.Dia)
			case PorSeccion:
				dest = append(dest, &c.SeccionID, &c.Seccion)
			case PorTipoViaje:
				dest = append(dest, &c.TipoViajeID, &c.TipoViaje)
			case PorVendedor:
				dest = append(dest, &c.UsuarioID, &nom, &ape, &usuario)
			case PorMedioPago:
				dest = append(dest, &c.MedioPagoID, &c.MedioPago)
			case PorEstado:
				dest = append(dest, &c.Estado)
			}
		}
		err := sc.Scan(append(dest, &c.Cantidad, &c.Importe)...)
		if slices.Contains(lectura, PorVendedor) {
			c.Vendedor = nombreCompleto(nom, ape, usuario)
		}
		if len(c.Dia) > len(time.DateOnly) { // a driver that reads the day as a timestamp
			c.Dia = c.Dia[:len(time.DateOnly)]
		}
		return c, err
	}, consulta, args...)
	if err != nil {
		return nil, wrap("leer cifras", err)
	}
	if !slices.Contains(q.Por, PorMes) {
		return cifras, nil
	}
	return plegarMeses(cifras, slices.Contains(q.Por, PorDia)), nil
}

// dondeCifras is the condition over pasajes of the figures q asks for, on
// the day column dia, and its arguments.
func (s *Store) dondeCifras(q ConsultaCifras, dia string) (string, []any) {
	donde, args := `empresa_id = ?`, []any{q.EmpresaID}
	if len(q.Empresas) > 0 {
		var arg any
		donde, arg = s.db.Dialect().InIDs("empresa_id", q.Empresas)
		args = []any{arg}
	}
	if v := q.Vendidos; !v.Hasta.IsZero() {
		donde, args = donde+entre("created_at", v.Desde, v.Hasta), append(args, noCero(v.Desde, v.Hasta)...)
	} else {
		if q.Desde != "" {
			donde, args = donde+` AND `+dia+` >= ?`, append(args, q.Desde)
		}
		if q.Hasta != "" {
			donde, args = donde+` AND `+dia+` <= ?`, append(args, q.Hasta)
		}
	}
	solo, a := q.Solo.condiciones("")
	return donde + solo, append(args, a...)
}

// plegarMeses sets each figure's month from its day and, unless the days
// were asked for too, adds up the figures of one month with equal keys
// (sorted by their keys like the groups of the query).
func plegarMeses(cifras []Cifra, conDias bool) []Cifra {
	for i := range cifras {
		cifras[i].Mes = cifras[i].Dia[:7]
	}
	if conDias {
		return cifras
	}
	type clave struct {
		empresa                       int64
		mes                           string
		seccion, tipo, usuario, medio int64
		estado                        string
	}
	out := make([]Cifra, 0, len(cifras))
	donde := map[clave]int{}
	for _, c := range cifras {
		c.Dia = ""
		k := clave{c.EmpresaID, c.Mes, c.SeccionID, c.TipoViajeID, c.UsuarioID, c.MedioPagoID, c.Estado}
		if i, ok := donde[k]; ok {
			out[i].Cantidad += c.Cantidad
			out[i].Importe += c.Importe
			continue
		}
		donde[k] = len(out)
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b Cifra) int {
		return cmp.Or(cmp.Compare(a.EmpresaID, b.EmpresaID), cmp.Compare(a.Mes, b.Mes), cmp.Compare(a.Estado, b.Estado),
			cmp.Compare(a.SeccionID, b.SeccionID), cmp.Compare(a.TipoViajeID, b.TipoViajeID),
			cmp.Compare(a.UsuarioID, b.UsuarioID), cmp.Compare(a.MedioPagoID, b.MedioPagoID))
	})
	return out
}

// diaVentaPorLote bounds the tickets completarDiaVenta updates per transaction.
const diaVentaPorLote = 2000

// completarDiaVenta gives the tickets stored before migration 24 their
// business day of sale, computed in Go with their company's time zone
// (SQLite names no zone; PostgreSQL's migration did it in SQL). It runs at
// start-up after the migrations, under the schema lock, in batches walking
// the ids; once every ticket has its day it costs one indexed query.
func (s *Store) completarDiaVenta(ctx context.Context) error {
	if s.db.Dialect().Postgres() {
		return nil
	}
	type pendiente struct {
		id     int64
		creado time.Time
		zona   string
	}
	zonas := map[string]*time.Location{}
	var desde int64
	for {
		lote, err := sqldb.QueryAll(ctx, s.db.WriterConn(), func(sc sqldb.Scanner) (pendiente, error) {
			var p pendiente
			return p, sc.Scan(&p.id, &p.creado, &p.zona)
		}, `SELECT p.id, p.created_at, e.timezone FROM pasajes p JOIN empresas e ON e.id = p.empresa_id
			WHERE p.id > ? AND p.dia_venta IS NULL ORDER BY p.id LIMIT ?`, desde, diaVentaPorLote)
		if err != nil {
			return wrap("completar el día de venta", err)
		}
		if len(lote) == 0 {
			return nil
		}
		err = s.db.InTx(ctx, func(c sqldb.Conn) error {
			for _, p := range lote {
				loc, ok := zonas[p.zona]
				if !ok {
					loc = domain.Location(p.zona)
					zonas[p.zona] = loc
				}
				if _, err := c.Exec(ctx, `UPDATE pasajes SET dia_venta = ? WHERE id = ?`,
					domain.DiaDe(p.creado, loc).Fecha, p.id); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return wrap("completar el día de venta", err)
		}
		desde = lote[len(lote)-1].id
	}
}
