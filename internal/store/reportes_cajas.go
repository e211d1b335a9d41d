package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// medioEfectivo is the company's cash payment method, the one a register
// report's cash line is named by: the first (lowest id) of tipo efectivo, or
// none (ID 0).
func medioEfectivo(ctx context.Context, c sqldb.Conn, empresaID int64) (domain.MedioPagoRef, error) {
	var m domain.MedioPagoRef
	err := c.QueryRow(ctx, `SELECT id, nombre FROM medios_pago WHERE empresa_id = ? AND tipo = ? ORDER BY id LIMIT 1`,
		empresaID, domain.TipoEfectivo).Scan(&m.ID, &m.Nombre)
	if _, err := sqldb.NoRows(err); err != nil {
		return m, wrap("leer medio efectivo", err)
	}
	return m, nil
}

// calcularReporteCaja computes the report of the register k from its
// movements: X while open; for a closed register, with the cash it counted.
func (s *Store) calcularReporteCaja(ctx context.Context, c sqldb.Conn, empresaID int64, k Caja) (domain.ReporteCaja, error) {
	movs, err := movimientosAgregados(ctx, c, k.ID)
	if err != nil {
		return domain.ReporteCaja{}, err
	}
	efectivo, err := medioEfectivo(ctx, c, empresaID)
	if err != nil {
		return domain.ReporteCaja{}, err
	}
	var contado *domain.Centavos
	if k.Estado != domain.CajaAbierta && k.MontoCierre != nil {
		contado = k.MontoCierre
	}
	cifras, err := domain.CifrasDeCaja(k.MontoApertura, efectivo, movs, contado)
	if err != nil {
		return domain.ReporteCaja{}, err
	}
	out := domain.ReporteCaja{CajaID: k.ID, Estado: k.Estado,
		Usuario:       domain.UsuarioCaja{ID: k.UsuarioID, NombreUsuario: k.NombreUsuario, Nombre: k.UsuarioNombre},
		FechaApertura: k.FechaApertura, FechaCierre: k.FechaCierre, CifrasReporteCaja: cifras}
	if out.Referencias, err = movimientosConReferencia(ctx, c, empresaID, k.ID); err != nil {
		return out, err
	}
	if k.Estado != domain.CajaAbierta && k.Conteo != nil {
		out.Cierre, err = cierreZ(k)
	}
	return out, err
}

// cierreZ is how the closed register k was counted (its stored count) and
// who approved it, as its Z report keeps it.
func cierreZ(k Caja) (*domain.CierreZ, error) {
	lineas, total, err := domain.LineasDenominacion(k.Conteo.Denominaciones)
	if err != nil {
		return nil, err
	}
	return &domain.CierreZ{Denominaciones: lineas, TotalContado: total, Discrepancia: k.Conteo.Discrepancia,
		Tolerancia: k.Conteo.Tolerancia, AprobadoPor: k.Aprobador, FechaAprobacion: k.FechaAprobacion}, nil
}

// guardarReporteZ writes, in the close's transaction, the Z report of the
// register k just closed: the company's next Z number (an atomic upsert of
// its counter, so two closes never share one) and the report's JSON, which
// is never changed afterwards.
func (s *Store) guardarReporteZ(ctx context.Context, c sqldb.Conn, a int64, k Caja) error {
	z, err := s.calcularReporteCaja(ctx, c, a, k)
	if err != nil {
		return err
	}
	var numero int64
	err = c.QueryRow(ctx, `INSERT INTO secuencias (empresa_id, nombre, valor) VALUES (?, 'reportes_z', 1)`+
		sumarAlContador, a).Scan(&numero)
	if err != nil {
		return wrap("numerar reporte Z", err)
	}
	z.NumeroZ = &numero
	contenido, err := json.Marshal(z)
	if err != nil {
		return fmt.Errorf("store: reporte Z: %w", err)
	}
	_, err = c.Exec(ctx, `INSERT INTO reportes_z (empresa_id, caja_id, numero, contenido, created_at) VALUES (?, ?, ?, ?, ?)`,
		a, k.ID, numero, string(contenido), c.Now())
	return wrap("guardar reporte Z", err)
}

// ReporteCaja is the report of the company's register cajaID: the Z stored at
// its close, exactly as it was; for an open register, its X computed now; for
// a register closed before Z reports existed, computed from its movements
// with no number. Another company's register is not found (404).
func (s *Store) ReporteCaja(ctx context.Context, empresaID, cajaID int64) (domain.ReporteCaja, error) {
	c := s.db.Conn()
	var contenido string
	err := c.QueryRow(ctx, `SELECT contenido FROM reportes_z WHERE empresa_id = ? AND caja_id = ?`, empresaID, cajaID).
		Scan(&contenido)
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return domain.ReporteCaja{}, wrap("leer reporte Z", err)
	}
	if !missing {
		var z domain.ReporteCaja
		if err := json.Unmarshal([]byte(contenido), &z); err != nil {
			return domain.ReporteCaja{}, fmt.Errorf("store: reporte Z de la caja %d: %w", cajaID, err)
		}
		return z, nil
	}
	k, ok, err := s.caja(ctx, c, `WHERE c.empresa_id = ? AND c.id = ?`, empresaID, cajaID)
	if err != nil {
		return domain.ReporteCaja{}, err
	}
	if !ok {
		return domain.ReporteCaja{}, domain.NotFound(domain.MsgCajaNoEncontrada)
	}
	return s.calcularReporteCaja(ctx, c, empresaID, k)
}

// movimientosConReferencia are the register's movements by a payment method
// that is not cash (its tipo is not efectivo), by method and then in order,
// with their references.
func movimientosConReferencia(ctx context.Context, c sqldb.Conn, empresaID, cajaID int64) ([]domain.MovimientoConReferencia, error) {
	out, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (m domain.MovimientoConReferencia, err error) {
		err = sc.Scan(append([]any{&m.MovimientoID, &m.MedioPagoID, &m.MedioPago, &m.Tipo, &m.Monto, &m.Descripcion,
			&m.CreatedAt}, referenciaDestinos(&m.Referencia)...)...)
		if domain.Sentido(m.Tipo) == domain.SentidoEgreso {
			m.Monto = -m.Monto
		}
		return m, err
	}, `SELECT m.id, mp.id, mp.nombre, m.tipo, m.monto, m.descripcion, m.created_at, `+referenciaColumns+`
		FROM caja_movimientos m JOIN medios_pago mp ON mp.empresa_id = m.empresa_id AND mp.id = m.medio_pago_id
		WHERE m.empresa_id = ? AND m.caja_id = ? AND mp.tipo <> ? ORDER BY mp.nombre, m.id`, empresaID, cajaID, domain.TipoEfectivo)
	return out, wrap("leer referencias de la caja", err)
}

// FilaReporteCajas is one register of the register report's list.
type FilaReporteCajas struct {
	ID            int64
	Usuario       domain.UsuarioCaja
	FechaApertura time.Time
	FechaCierre   *time.Time
	MontoApertura domain.Centavos
	MontoCierre   *domain.Centavos
	Diferencia    *domain.Centavos
	Estado        string
	NumeroZ       *int64
}

// EstadisticasCajas are the register report's figures over a period: how
// many registers are open and closed, their cash (counted at the close, or
// expected now for an open one) and how many movements they hold.
type EstadisticasCajas struct {
	Abiertas, Cerradas int64
	TotalEfectivo      domain.Centavos
	TotalMovimientos   int64
}

// FiltroReporteCajas is the company's registers opened in [Desde, Hasta).
type FiltroReporteCajas struct {
	Desde, Hasta time.Time
}

func (f FiltroReporteCajas) args(empresaID int64) []any { return []any{empresaID, f.Desde, f.Hasta} }

const (
	filaCajasColumns = `c.id, u.id, u.nombre_usuario, u.nombre, u.apellido, c.fecha_apertura, c.fecha_cierre,
		c.monto_apertura, c.monto_cierre, c.diferencia, c.estado, z.numero`
	filaCajasFrom = `FROM cajas c JOIN usuarios u ON u.id = c.usuario_id LEFT JOIN reportes_z z ON z.caja_id = c.id
		WHERE c.empresa_id = ? AND c.fecha_apertura >= ? AND c.fecha_apertura < ?`
	filaCajasOrden = `ORDER BY c.fecha_apertura DESC, c.id DESC`
)

func scanFilaCajas(sc sqldb.Scanner) (FilaReporteCajas, error) {
	var (
		f                Caja
		out              FilaReporteCajas
		nombre, apellido string
	)
	err := sc.Scan(&out.ID, &f.UsuarioID, &f.NombreUsuario, &nombre, &apellido, &out.FechaApertura, &out.FechaCierre,
		&out.MontoApertura, &out.MontoCierre, &out.Diferencia, &out.Estado, &out.NumeroZ)
	out.Usuario = domain.UsuarioCaja{ID: f.UsuarioID, NombreUsuario: f.NombreUsuario,
		Nombre: nombreCompleto(nombre, apellido, f.NombreUsuario)}
	return out, err
}

// ReporteCajas is one page of the company's registers opened in the period,
// newest first, and how many there are.
func (s *Store) ReporteCajas(ctx context.Context, empresaID int64, f FiltroReporteCajas, p Pagina) ([]FilaReporteCajas, int64, error) {
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), scanFilaCajas, p.page(), sqldb.List{
		Columns: filaCajasColumns, From: filaCajasFrom, OrderBy: filaCajasOrden, Args: f.args(empresaID)})
	if out == nil {
		out = []FilaReporteCajas{}
	}
	return out, total, wrap("listar reporte de cajas", err)
}

// RecorrerReporteCajas hands fn the period's registers one at a time, newest
// first, as the database sends them (an export holds one row); tope > 0 stops
// after that many. An error of fn stops the walk and is returned.
func (s *Store) RecorrerReporteCajas(ctx context.Context, empresaID int64, f FiltroReporteCajas, tope int64,
	fn func(FilaReporteCajas) error) error {
	q, args := `SELECT `+filaCajasColumns+` `+filaCajasFrom+` `+filaCajasOrden, f.args(empresaID)
	if tope > 0 {
		q, args = q+` LIMIT ?`, append(args, tope)
	}
	rows, err := s.db.Conn().Query(ctx, q, args...)
	if err != nil {
		return wrap("recorrer reporte de cajas", err)
	}
	defer rows.Close()
	for rows.Next() {
		fila, err := scanFilaCajas(rows)
		if err != nil {
			return wrap("recorrer reporte de cajas", err)
		}
		if err := fn(fila); err != nil {
			return err
		}
	}
	return wrap("recorrer reporte de cajas", rows.Err())
}

// EstadisticasReporteCajas adds up the period's registers: counts and the
// counted cash of the closed ones in one query, their movements in another,
// and the expected cash of the open ones (at most one per user) from their
// movements.
func (s *Store) EstadisticasReporteCajas(ctx context.Context, empresaID int64, f FiltroReporteCajas) (EstadisticasCajas, error) {
	c := s.db.Conn()
	var e EstadisticasCajas
	err := c.QueryRow(ctx, `SELECT
		CAST(COALESCE(SUM(CASE WHEN estado = ? THEN 1 ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN estado <> ? THEN 1 ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN estado <> ? THEN COALESCE(monto_cierre, 0) ELSE 0 END), 0) AS BIGINT)
		FROM cajas WHERE empresa_id = ? AND fecha_apertura >= ? AND fecha_apertura < ?`,
		append([]any{domain.CajaAbierta, domain.CajaAbierta, domain.CajaAbierta}, f.args(empresaID)...)...).
		Scan(&e.Abiertas, &e.Cerradas, &e.TotalEfectivo)
	if err != nil {
		return e, wrap("resumir reporte de cajas", err)
	}
	err = c.QueryRow(ctx, `SELECT COUNT(*) FROM caja_movimientos m JOIN cajas c ON c.id = m.caja_id
		WHERE c.empresa_id = ? AND c.fecha_apertura >= ? AND c.fecha_apertura < ?`, f.args(empresaID)...).
		Scan(&e.TotalMovimientos)
	if err != nil || e.Abiertas == 0 {
		return e, wrap("contar movimientos de cajas", err)
	}
	abiertas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (k Caja, err error) {
		return k, sc.Scan(&k.ID, &k.MontoApertura)
	}, `SELECT id, monto_apertura FROM cajas WHERE empresa_id = ? AND fecha_apertura >= ? AND fecha_apertura < ?
		AND estado = ?`, append(f.args(empresaID), domain.CajaAbierta)...)
	if err != nil {
		return e, wrap("leer cajas abiertas", err)
	}
	for _, k := range abiertas {
		t, err := s.totales(ctx, c, k.ID, k.MontoApertura)
		if err != nil {
			return e, err
		}
		e.TotalEfectivo += t.EfectivoEsperado // each within ±MontoMaximo; a sum over many registers may pass it
	}
	return e, nil
}

// maxCajasResumen bounds the registers a summary reads (a day has far fewer).
const maxCajasResumen = 1000

// ResumenCajas adds up the reports of the registers opened in the period,
// oldest first: the stored Z of a closed one, the X of an open one
// (domain.ResumirCajas). At most maxCajasResumen registers, the newest.
func (s *Store) ResumenCajas(ctx context.Context, empresaID int64, f FiltroReporteCajas) (domain.ResumenCajas, error) {
	var ids []int64
	err := s.RecorrerReporteCajas(ctx, empresaID, f, maxCajasResumen, func(k FilaReporteCajas) error {
		ids = append(ids, k.ID)
		return nil
	})
	if err != nil {
		return domain.ResumenCajas{}, err
	}
	reportes := make([]domain.ReporteCaja, 0, len(ids))
	for i := len(ids) - 1; i >= 0; i-- {
		rep, err := s.ReporteCaja(ctx, empresaID, ids[i])
		if err != nil {
			return domain.ResumenCajas{}, err
		}
		reportes = append(reportes, rep)
	}
	return domain.ResumirCajas(reportes)
}
