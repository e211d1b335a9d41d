package store

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// VentaDetallada is one ticket of the detailed sales report (backoffice
// §2.15): when it was sold, the day it travels, its number, customer,
// section, trip type, payment method, seller, price and state.
type VentaDetallada struct {
	ID              int64
	FechaVenta      time.Time
	FechaViaje      string
	NumeroPasaje    string
	ClienteNombre   string
	SeccionNombre   string
	TipoViajeNombre string
	MedioPagoNombre string
	// Referencia is the payment's reference of the ticket's sale (empty: none).
	Referencia domain.Referencia
	Vendedor   string
	Precio     domain.Centavos
	Estado     string
}

// FiltroVentasPeriodo is the period of a sales report in the company's time
// zone Loc, on the sale date (the default) or on the travel date (PorViaje).
// The period is at most domain.MaxDiasRango days (a year), which bounds
// every read of it.
type FiltroVentasPeriodo struct {
	Periodo  domain.Periodo
	Loc      *time.Location
	PorViaje bool
}

// ResumenVentasPeriodo are the figures of a period's tickets: the ones not
// cancelled (what was sold) and the cancelled ones apart.
type ResumenVentasPeriodo struct {
	Cantidad         int64
	Importe          domain.Centavos
	Cancelados       int64
	ImporteCancelado domain.Centavos
}

// Total is how many tickets the period holds, in any state.
func (r ResumenVentasPeriodo) Total() int64 { return r.Cantidad + r.Cancelados }

// where is the filter over pasajes p of the company's tickets in the period:
// sold in [desde, hasta) of its business days (pasajes_listado_idx), or
// travelling on one of its days (pasajes_fecha_viaje_idx).
func (f FiltroVentasPeriodo) where(empresaID int64) (string, []any) {
	if f.PorViaje {
		return `WHERE p.empresa_id = ? AND p.fecha_viaje BETWEEN ? AND ?`, []any{empresaID, f.Periodo.Desde, f.Periodo.Hasta}
	}
	loc := f.Loc
	if loc == nil {
		loc = time.UTC
	}
	desde, hasta := f.Periodo.Limites(loc)
	return `WHERE p.empresa_id = ? AND p.created_at >= ? AND p.created_at < ?`, []any{empresaID, desde, hasta}
}

// ventaDetalladaColumns are the columns of a VentaDetallada over pasajes p
// and its names (pasajeFrom).
var ventaDetalladaColumns = `p.id, p.created_at, CAST(p.fecha_viaje AS TEXT), p.numero_pasaje, p.cliente_nombre,
	s.nombre, t.nombre, m.nombre, u.nombre_usuario, u.nombre, u.apellido, p.precio, p.estado, ` + referenciaColumnas("cm", "m")

// ventaDetalladaFrom is pasajeFrom with the sale's register movement cm, which holds its reference.
const ventaDetalladaFrom = pasajeFrom + `LEFT JOIN caja_movimientos cm ON cm.empresa_id = p.empresa_id AND cm.id = p.movimiento_id `

// ordenVentas shows the newest sale first.
const ordenVentas = ` ORDER BY p.created_at DESC, p.id DESC`

func scanVentaDetallada(sc sqldb.Scanner, v *VentaDetallada) error {
	var usuario, nombre, apellido string
	err := sc.Scan(append([]any{&v.ID, &v.FechaVenta, &v.FechaViaje, &v.NumeroPasaje, &v.ClienteNombre, &v.SeccionNombre,
		&v.TipoViajeNombre, &v.MedioPagoNombre, &usuario, &nombre, &apellido, &v.Precio, &v.Estado},
		referenciaDestinos(&v.Referencia)...)...)
	v.Vendedor = nombreCompleto(nombre, apellido, usuario)
	return err
}

// VentasDetalladas answers one page of the period's tickets, in every state,
// newest first, with their names, and how many the period holds. The page's
// ids and the count come from the index alone (QueryPage); only the page's
// tickets are joined to their names.
func (s *Store) VentasDetalladas(ctx context.Context, empresaID int64, f FiltroVentasPeriodo, p Pagina) ([]VentaDetallada, int64, error) {
	c := s.db.Conn()
	where, args := f.where(empresaID)
	ids, total, err := sqldb.QueryPage(ctx, c, func(sc sqldb.Scanner) (int64, error) {
		var id int64
		return id, sc.Scan(&id)
	}, p.page(), sqldb.List{Columns: `p.id`, From: `FROM pasajes p ` + where, OrderBy: ordenVentas, Args: args})
	if err != nil || len(ids) == 0 {
		return []VentaDetallada{}, total, wrap("listar ventas del período", err)
	}
	cond, arg := s.db.Dialect().InIDs("p.id", ids)
	out, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (VentaDetallada, error) {
		var v VentaDetallada
		return v, scanVentaDetallada(sc, &v)
	}, `SELECT `+ventaDetalladaColumns+` `+ventaDetalladaFrom+`WHERE `+cond+ordenVentas, arg)
	return out, total, wrap("listar ventas del período", err)
}

// RecorrerVentasDetalladas hands fn the period's tickets one at a time, in
// every state, newest first, as the database sends them: an export of any
// length holds one row in memory. fn may stop the walk by returning an error,
// which RecorrerVentasDetalladas returns. tope > 0 stops after that many rows.
func (s *Store) RecorrerVentasDetalladas(ctx context.Context, empresaID int64, f FiltroVentasPeriodo, tope int64,
	fn func(VentaDetallada) error) error {
	where, args := f.where(empresaID)
	q := `SELECT ` + ventaDetalladaColumns + ` ` + ventaDetalladaFrom + where + ordenVentas
	if tope > 0 {
		q, args = q+` LIMIT ?`, append(args, tope)
	}
	rows, err := s.db.Conn().Query(ctx, q, args...)
	if err != nil {
		return wrap("recorrer ventas del período", err)
	}
	defer rows.Close()
	var v VentaDetallada
	for rows.Next() {
		if err := scanVentaDetallada(rows, &v); err != nil {
			return wrap("recorrer ventas del período", err)
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return wrap("recorrer ventas del período", rows.Err())
}

// ResumenVentas counts and sums the period's tickets by state (Cifras), the
// cancelled ones apart (their price is no sale).
func (s *Store) ResumenVentas(ctx context.Context, empresaID int64, f FiltroVentasPeriodo) (ResumenVentasPeriodo, error) {
	base := BaseVenta
	if f.PorViaje {
		base = BaseViaje
	}
	cifras, err := s.Cifras(ctx, ConsultaCifras{EmpresaID: empresaID, Desde: f.Periodo.Desde, Hasta: f.Periodo.Hasta,
		Base: base, Por: []Dimension{PorEstado}})
	var r ResumenVentasPeriodo
	for _, c := range cifras {
		if c.Estado == domain.PasajeCancelado {
			r.Cancelados, r.ImporteCancelado = r.Cancelados+c.Cantidad, r.ImporteCancelado+c.Importe
		} else {
			r.Cantidad, r.Importe = r.Cantidad+c.Cantidad, r.Importe+c.Importe
		}
	}
	return r, err
}
