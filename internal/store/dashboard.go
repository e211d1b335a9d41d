package store

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
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
	c := s.db.Conn()
	err = c.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(precio), 0) FROM pasajes WHERE empresa_id = ? AND usuario_id = ?
		AND estado <> ? AND created_at >= ? AND created_at < ?`,
		empresaID, usuarioID, domain.PasajeCancelado, dia.Desde, dia.Hasta).Scan(&st.MisVentasHoy, &st.MisIngresosHoy)
	if err != nil {
		return st, wrap("ventas de hoy", err)
	}
	st.MisUltimasVentas, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (v VentaReciente, err error) {
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

// nombreVendedor is a seller's full name, or the user name when it has none.
const nombreVendedor = `COALESCE(NULLIF(TRIM(u.nombre || ' ' || u.apellido), ''), u.nombre_usuario)`

// EstadisticasAdmin are the company dashboard's figures (operaciones §3).
type EstadisticasAdmin struct {
	IngresosHoy     domain.Centavos
	PasajesHoy      int64
	TotalClientes   int64
	UsuariosActivos int64
	CajasAbiertas   int64
	Ranking         []DesempenoVendedor
}

// DesempenoVendedor is a seller's place in today's ranking.
type DesempenoVendedor struct {
	UsuarioID    int64
	Vendedor     string
	TotalPasajes int64
	TotalVentas  domain.Centavos
}

// rankingLimite is how many sellers the admin dashboard ranks.
const rankingLimite = 5

// EstadisticasDeAdmin computes the company dashboard for the business day dia:
// today's tickets and income (cancelled ones excluded), the customers served
// (distinct name and phone on tickets not cancelled), active users, open
// registers, and today's best sellers by amount sold.
func (s *Store) EstadisticasDeAdmin(ctx context.Context, empresaID int64, dia domain.Dia) (EstadisticasAdmin, error) {
	var st EstadisticasAdmin
	c := s.db.Conn()
	err := c.QueryRow(ctx, `SELECT h.pasajes, h.ingresos,
			(SELECT COUNT(*) FROM (SELECT DISTINCT cliente_nombre, cliente_telefono FROM pasajes
				WHERE empresa_id = ? AND estado <> ?) clientes),
			(SELECT COUNT(*) FROM usuarios WHERE empresa_id = ? AND activo = ?),
			(SELECT COUNT(*) FROM cajas WHERE empresa_id = ? AND estado = ?)
		FROM (SELECT COUNT(*) AS pasajes, COALESCE(SUM(precio), 0) AS ingresos FROM pasajes
			WHERE empresa_id = ? AND estado <> ? AND created_at >= ? AND created_at < ?) h`,
		empresaID, domain.PasajeCancelado, empresaID, true, empresaID, domain.CajaAbierta,
		empresaID, domain.PasajeCancelado, dia.Desde, dia.Hasta).
		Scan(&st.PasajesHoy, &st.IngresosHoy, &st.TotalClientes, &st.UsuariosActivos, &st.CajasAbiertas)
	if err != nil {
		return st, wrap("cifras de la empresa", err)
	}
	st.Ranking, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (d DesempenoVendedor, err error) {
		return d, sc.Scan(&d.UsuarioID, &d.Vendedor, &d.TotalPasajes, &d.TotalVentas)
	}, `SELECT u.id, `+nombreVendedor+`, COUNT(*), SUM(p.precio)
		FROM pasajes p JOIN usuarios u ON u.id = p.usuario_id
		WHERE p.empresa_id = ? AND p.estado <> ? AND p.created_at >= ? AND p.created_at < ?
		GROUP BY u.id, u.nombre, u.apellido, u.nombre_usuario
		ORDER BY SUM(p.precio) DESC, COUNT(*) DESC, u.id LIMIT ?`,
		empresaID, domain.PasajeCancelado, dia.Desde, dia.Hasta, rankingLimite)
	return st, wrap("ranking de vendedores", err)
}

// VendedorSupervisado is one seller as supervised: the open register, if any,
// and today's sales.
type VendedorSupervisado struct {
	UsuarioID     int64
	Vendedor      string
	NombreUsuario string
	CajaID        *int64
	FechaApertura *time.Time
	VentasHoy     int64
	TotalVentas   domain.Centavos
}

// TotalesVendedores are the seller monitoring's totals (backoffice §2.18).
type TotalesVendedores struct {
	Vendedores int64
	Activos    int64
	Inactivos  int64
	Ventas     int64
	Ingresos   domain.Centavos
}

// MonitoreoVendedores is the supervised sellers and their totals.
type MonitoreoVendedores struct {
	Totales    TotalesVendedores
	Vendedores []VendedorSupervisado
}

// VendedoresSupervisados lists the company's sellers for the business day dia,
// those with an open register first: the active users of role vendedor, and
// any other active user with an open register or sales today. The totals are
// window sums of the same query, so the page costs one statement.
func (s *Store) VendedoresSupervisados(ctx context.Context, empresaID int64, dia domain.Dia) (MonitoreoVendedores, error) {
	var m MonitoreoVendedores
	var err error
	m.Vendedores, err = sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (v VendedorSupervisado, err error) {
		t := &m.Totales
		return v, sc.Scan(&v.UsuarioID, &v.Vendedor, &v.NombreUsuario, &v.CajaID, &v.FechaApertura, &v.VentasHoy,
			&v.TotalVentas, &t.Vendedores, &t.Activos, &t.Ventas, &t.Ingresos)
	}, `SELECT u.id, `+nombreVendedor+`, u.nombre_usuario, c.id, c.fecha_apertura,
			COALESCE(v.ventas, 0), COALESCE(v.total, 0),
			COUNT(*) OVER (), COUNT(c.id) OVER (), COALESCE(SUM(v.ventas) OVER (), 0), COALESCE(SUM(v.total) OVER (), 0)
		FROM usuarios u
		JOIN roles r ON r.id = u.rol_id
		LEFT JOIN cajas c ON c.usuario_id = u.id AND c.empresa_id = u.empresa_id AND c.estado = ?
		LEFT JOIN (SELECT usuario_id, COUNT(*) AS ventas, SUM(precio) AS total FROM pasajes
			WHERE empresa_id = ? AND estado <> ? AND created_at >= ? AND created_at < ?
			GROUP BY usuario_id) v ON v.usuario_id = u.id
		WHERE u.empresa_id = ? AND u.activo = ? AND (r.nombre = ? OR c.id IS NOT NULL OR v.ventas IS NOT NULL)
		ORDER BY CASE WHEN c.id IS NULL THEN 1 ELSE 0 END, COALESCE(v.total, 0) DESC, u.id`,
		domain.CajaAbierta, empresaID, domain.PasajeCancelado, dia.Desde, dia.Hasta,
		empresaID, true, domain.RolVendedor)
	m.Totales.Inactivos = m.Totales.Vendedores - m.Totales.Activos
	return m, wrap("vendedores supervisados", err)
}

// EstadisticasSupervisor are the supervisor dashboard's company figures; the
// supervisor's own register comes with the seller figures.
type EstadisticasSupervisor struct {
	Embarcados int64
	MonitoreoVendedores
}

// EstadisticasDeSupervisor computes the sellers and today's boarded tickets.
func (s *Store) EstadisticasDeSupervisor(ctx context.Context, empresaID int64, dia domain.Dia) (EstadisticasSupervisor, error) {
	var st EstadisticasSupervisor
	conteo, err := s.ConteoPorFecha(ctx, empresaID, dia.Fecha)
	if err != nil {
		return st, err
	}
	st.Embarcados = conteo.Embarcados
	st.MonitoreoVendedores, err = s.VendedoresSupervisados(ctx, empresaID, dia)
	return st, err
}
