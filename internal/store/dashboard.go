package store

import (
	"cmp"
	"context"
	"slices"
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
	hoy, err := s.Cifras(ctx, vendidasEl(dia, ConsultaCifras{EmpresaID: empresaID, Solo: FiltroCifras{UsuarioID: usuarioID}}))
	if err != nil {
		return st, err
	}
	st.MisVentasHoy, st.MisIngresosHoy = sumaDe(hoy)
	st.MisUltimasVentas, err = sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (v VentaReciente, err error) {
		return v, sc.Scan(&v.ID, &v.Numero, &v.Cliente, &v.Monto, &v.Hora, &v.Seccion)
	}, `SELECT p.id, p.numero_pasaje, p.cliente_nombre, p.precio, p.created_at, s.nombre
		FROM pasajes p JOIN secciones s ON s.id = p.seccion_id
		WHERE p.empresa_id = ? AND p.usuario_id = ? ORDER BY p.id DESC LIMIT 5`, empresaID, usuarioID)
	return st, wrap("últimas ventas", err)
}

// vendidasEl narrows the figures q asks for to the tickets sold on the
// business day dia and not cancelled (what the dashboards call today's sales).
func vendidasEl(dia domain.Dia, q ConsultaCifras) ConsultaCifras {
	q.Desde, q.Hasta = dia.Fecha, dia.Fecha
	q.Solo.SinEstado = domain.PasajeCancelado
	return q
}

// sumaDe adds up the figures' tickets and amounts.
func sumaDe(cifras []Cifra) (cantidad int64, importe domain.Centavos) {
	for _, c := range cifras {
		cantidad, importe = cantidad+c.Cantidad, importe+c.Importe
	}
	return cantidad, importe
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
// today's tickets and income (cancelled ones excluded) and its best sellers
// by amount sold, from the figures of the day by seller; the customers
// served (distinct name and phone on tickets not cancelled), active users
// and open registers.
func (s *Store) EstadisticasDeAdmin(ctx context.Context, empresaID int64, dia domain.Dia) (EstadisticasAdmin, error) {
	var st EstadisticasAdmin
	c := s.db.Conn()
	err := c.QueryRow(ctx, `SELECT
			(SELECT COUNT(*) FROM (SELECT DISTINCT cliente_nombre, cliente_telefono FROM pasajes
				WHERE empresa_id = ? AND estado <> ?) clientes),
			(SELECT COUNT(*) FROM usuarios WHERE empresa_id = ? AND activo = ?),
			(SELECT COUNT(*) FROM cajas WHERE empresa_id = ? AND estado = ?)`,
		empresaID, domain.PasajeCancelado, empresaID, true, empresaID, domain.CajaAbierta).
		Scan(&st.TotalClientes, &st.UsuariosActivos, &st.CajasAbiertas)
	if err != nil {
		return st, wrap("cifras de la empresa", err)
	}
	porVendedor, err := s.Cifras(ctx, vendidasEl(dia, ConsultaCifras{EmpresaID: empresaID, Por: []Dimension{PorVendedor}}))
	if err != nil {
		return st, err
	}
	st.PasajesHoy, st.IngresosHoy = sumaDe(porVendedor)
	st.Ranking, err = s.ranking(ctx, c, porVendedor)
	return st, err
}

// ranking are the rankingLimite best of the sellers' figures, by amount sold,
// then tickets, then id, each with its name as the dashboards write it
// (nombreVendedor).
func (s *Store) ranking(ctx context.Context, c sqldb.Conn, porVendedor []Cifra) ([]DesempenoVendedor, error) {
	slices.SortFunc(porVendedor, func(a, b Cifra) int {
		return cmp.Or(cmp.Compare(b.Importe, a.Importe), cmp.Compare(b.Cantidad, a.Cantidad),
			cmp.Compare(a.UsuarioID, b.UsuarioID))
	})
	out := make([]DesempenoVendedor, 0, rankingLimite)
	ids := make([]int64, 0, rankingLimite)
	for _, v := range porVendedor[:min(len(porVendedor), rankingLimite)] {
		out = append(out, DesempenoVendedor{UsuarioID: v.UsuarioID, TotalPasajes: v.Cantidad, TotalVentas: v.Importe})
		ids = append(ids, v.UsuarioID)
	}
	if len(out) == 0 {
		return out, nil
	}
	cond, arg := s.db.Dialect().InIDs("u.id", ids)
	nombres, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (d DesempenoVendedor, err error) {
		return d, sc.Scan(&d.UsuarioID, &d.Vendedor)
	}, `SELECT u.id, `+nombreVendedor+` FROM usuarios u WHERE `+cond, arg)
	for _, n := range nombres {
		i := slices.Index(ids, n.UsuarioID)
		out[i].Vendedor = n.Vendedor
	}
	return out, wrap("ranking de vendedores", err)
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
// those with an open register first, then by amount sold: the active users
// of role vendedor, and any other active user with an open register or sales
// today. Today's sales are the figures of the day by seller; the totals add
// up the sellers listed.
func (s *Store) VendedoresSupervisados(ctx context.Context, empresaID int64, dia domain.Dia) (MonitoreoVendedores, error) {
	var m MonitoreoVendedores
	ventas, err := s.Cifras(ctx, vendidasEl(dia, ConsultaCifras{EmpresaID: empresaID, Por: []Dimension{PorVendedor}}))
	if err != nil {
		return m, err
	}
	porVendedor := make(map[int64]Cifra, len(ventas))
	ids := make([]int64, 0, len(ventas))
	for _, v := range ventas {
		porVendedor[v.UsuarioID] = v
		ids = append(ids, v.UsuarioID)
	}
	conVentas, arg := s.db.Dialect().InIDs("u.id", ids)
	m.Vendedores, err = sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (v VendedorSupervisado, err error) {
		err = sc.Scan(&v.UsuarioID, &v.Vendedor, &v.NombreUsuario, &v.CajaID, &v.FechaApertura)
		v.VentasHoy, v.TotalVentas = porVendedor[v.UsuarioID].Cantidad, porVendedor[v.UsuarioID].Importe
		return v, err
	}, `SELECT u.id, `+nombreVendedor+`, u.nombre_usuario, c.id, c.fecha_apertura
		FROM usuarios u
		JOIN roles r ON r.id = u.rol_id
		LEFT JOIN cajas c ON c.usuario_id = u.id AND c.empresa_id = u.empresa_id AND c.estado = ?
		WHERE u.empresa_id = ? AND u.activo = ? AND (r.nombre = ? OR c.id IS NOT NULL OR `+conVentas+`)`,
		domain.CajaAbierta, empresaID, true, domain.RolVendedor, arg)
	slices.SortStableFunc(m.Vendedores, func(a, b VendedorSupervisado) int {
		return cmp.Or(cmp.Compare(sinCaja(a), sinCaja(b)), cmp.Compare(b.TotalVentas, a.TotalVentas),
			cmp.Compare(a.UsuarioID, b.UsuarioID))
	})
	m.Totales = totalesDeVendedores(m.Vendedores)
	return m, wrap("vendedores supervisados", err)
}

// sinCaja is 1 for a seller without an open register, 0 with one.
func sinCaja(v VendedorSupervisado) int {
	if v.CajaID == nil {
		return 1
	}
	return 0
}

// totalesDeVendedores add up the sellers listed.
func totalesDeVendedores(vs []VendedorSupervisado) TotalesVendedores {
	t := TotalesVendedores{Vendedores: int64(len(vs))}
	for _, v := range vs {
		t.Activos += 1 - int64(sinCaja(v))
		t.Ventas += v.VentasHoy
		t.Ingresos += v.TotalVentas
	}
	t.Inactivos = t.Vendedores - t.Activos
	return t
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
