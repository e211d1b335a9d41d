package store

import (
	"context"
	"time"

	"muelle/internal/domain"
)

// VentaReciente is one of the seller's latest tickets.
type VentaReciente struct {
	ID      int64
	Numero  string
	Cliente string
	Monto   domain.Centavos
	Hora    time.Time
	Seccion string
}

// EstadisticasVendedor are the seller dashboard's figures (operaciones §3).
type EstadisticasVendedor struct {
	MiCajaAbierta    bool
	MiCajaInfo       *Caja
	MisVentasHoy     int64
	MisIngresosHoy   domain.Centavos
	MisUltimasVentas []VentaReciente
}

// EstadisticasDeVendedor computes a seller's figures for the business day dia.
// Cancelled tickets are not counted.
func (s *Store) EstadisticasDeVendedor(ctx context.Context, empresaID, usuarioID int64, dia domain.Dia) (EstadisticasVendedor, error) {
	var st EstadisticasVendedor
	caja, ok, err := s.CajaAbierta(ctx, empresaID, usuarioID)
	if err != nil {
		return st, err
	}
	if ok {
		st.MiCajaAbierta, st.MiCajaInfo = true, &caja
	}
	c := s.conn()
	err = c.row(ctx, `SELECT COUNT(*), COALESCE(SUM(precio), 0) FROM pasajes WHERE empresa_id = ? AND usuario_id = ?
		AND estado <> ? AND created_at >= ? AND created_at < ?`,
		empresaID, usuarioID, domain.PasajeCancelado, dia.Desde, dia.Hasta).Scan(&st.MisVentasHoy, &st.MisIngresosHoy)
	if err != nil {
		return st, wrap("ventas de hoy", err)
	}
	st.MisUltimasVentas, err = queryAll(ctx, c, func(sc scanner) (v VentaReciente, err error) {
		return v, sc.Scan(&v.ID, &v.Numero, &v.Cliente, &v.Monto, &v.Hora, &v.Seccion)
	}, `SELECT p.id, p.numero_pasaje, p.cliente_nombre, p.precio, p.created_at, s.nombre
		FROM pasajes p JOIN secciones s ON s.id = p.seccion_id
		WHERE p.empresa_id = ? AND p.usuario_id = ? ORDER BY p.id DESC LIMIT 5`, empresaID, usuarioID)
	return st, wrap("últimas ventas", err)
}

// Hoy is the company's current business day.
func (s *Store) Hoy(ctx context.Context, empresaID int64) (domain.Dia, error) {
	e, _, err := s.Empresa(ctx, empresaID)
	return domain.DiaDe(s.Now(), domain.Location(e.Timezone)), err
}
