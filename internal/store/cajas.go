package store

import (
	"context"
	"fmt"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Caja is a cash register with its current figures.
type Caja struct {
	ID            int64
	Estado        string
	MontoApertura domain.Centavos
	FechaApertura time.Time
	Observaciones string
	UsuarioID     int64
	UsuarioNombre string
	NombreUsuario string // the api also shows it as usuario.nombre_usuario
	MontoCierre   *domain.Centavos
	Diferencia    *domain.Centavos
	FechaCierre   *time.Time
	domain.TotalesCaja
}

// Movimiento is a register movement as listed.
type Movimiento struct {
	ID              int64
	Tipo            string
	Monto           domain.Centavos
	Descripcion     string
	MedioPagoID     *int64
	MedioPagoNombre *string
	CreatedAt       time.Time
}

const cajaColumns = `c.id, c.estado, c.monto_apertura, c.fecha_apertura, c.observaciones, c.usuario_id,
	u.nombre_usuario, u.nombre, u.apellido, c.monto_cierre, c.diferencia, c.fecha_cierre`

func (s *Store) caja(ctx context.Context, c sqldb.Conn, where string, args ...any) (Caja, bool, error) {
	var (
		k                Caja
		nombre, apellido string
	)
	err := c.QueryRow(ctx, `SELECT `+cajaColumns+` FROM cajas c JOIN usuarios u ON u.id = c.usuario_id `+where, args...).Scan(
		&k.ID, &k.Estado, &k.MontoApertura, &k.FechaApertura, &k.Observaciones, &k.UsuarioID,
		&k.NombreUsuario, &nombre, &apellido, &k.MontoCierre, &k.Diferencia, &k.FechaCierre)
	missing, err := sqldb.NoRows(err)
	if err != nil || missing {
		return k, false, wrap("leer caja", err)
	}
	k.UsuarioNombre = nombreCompleto(nombre, apellido, k.NombreUsuario)
	if k.TotalesCaja, err = s.totales(ctx, c, k.ID, k.MontoApertura); err != nil {
		return k, false, err
	}
	return k, true, nil
}

func nombreCompleto(nombre, apellido, usuario string) string {
	switch {
	case nombre != "" && apellido != "":
		return nombre + " " + apellido
	case nombre != "":
		return nombre
	}
	return usuario
}

// totales adds up a register's movements by type and payment method.
func (s *Store) totales(ctx context.Context, c sqldb.Conn, cajaID int64, apertura domain.Centavos) (domain.TotalesCaja, error) {
	movs, err := movimientosAgregados(ctx, c, cajaID)
	if err != nil {
		return domain.TotalesCaja{}, err
	}
	return domain.Totalizar(apertura, movs)
}

// movimientosAgregados are a register's movements summed by type and payment
// method, in the order of their first movement.
func movimientosAgregados(ctx context.Context, c sqldb.Conn, cajaID int64) ([]domain.MovimientoAgregado, error) {
	movs, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (m domain.MovimientoAgregado, err error) {
		return m, sc.Scan(&m.Tipo, &m.MedioPagoID, &m.MedioNombre, &m.Monto)
	}, `SELECT m.tipo, COALESCE(m.medio_pago_id, 0), COALESCE(mp.nombre, ''), SUM(m.monto)
		FROM caja_movimientos m LEFT JOIN medios_pago mp ON mp.id = m.medio_pago_id
		WHERE m.caja_id = ? GROUP BY m.tipo, m.medio_pago_id, mp.nombre ORDER BY MIN(m.id)`, cajaID)
	return movs, wrap("totalizar caja", err)
}

// CajaAbierta returns the user's open register, if any.
func (s *Store) CajaAbierta(ctx context.Context, empresaID, usuarioID int64) (Caja, bool, error) {
	return s.caja(ctx, s.db.Conn(), `WHERE c.empresa_id = ? AND c.usuario_id = ? AND c.estado = ?`,
		empresaID, usuarioID, domain.CajaAbierta)
}

// cajaBloqueada is the user's open register, locked by the transaction that
// read it, with its volume as read: no other transaction changes it meanwhile.
type cajaBloqueada struct {
	id      int64 // 0: the user has no open register
	volumen domain.Centavos
}

// bloquearCajaAbierta locks and returns the user's open register with its
// volume, in one statement.
func bloquearCajaAbierta(ctx context.Context, c sqldb.Conn, a Actor) (cajaBloqueada, error) {
	var cb cajaBloqueada
	err := c.QueryRow(ctx, `SELECT id, volumen FROM cajas WHERE empresa_id = ? AND usuario_id = ? AND estado = ?`+c.Dialect().ForUpdate(),
		a.EmpresaID, a.UsuarioID, domain.CajaAbierta).Scan(&cb.id, &cb.volumen)
	if _, err := sqldb.NoRows(err); err != nil {
		return cajaBloqueada{}, wrap("buscar caja abierta", err)
	}
	return cb, nil
}

// sumar adds a movement's amount to the locked register's volume (its opening
// plus every movement), refusing with 400 a movement that would take it past
// domain.MontoMaximo: every figure of a register is bounded by its volume, so
// its totals can never overflow.
func (cb *cajaBloqueada) sumar(ctx context.Context, c sqldb.Conn, monto domain.Centavos) error {
	nuevo, err := domain.Sumar(cb.volumen, monto)
	if err != nil {
		return err
	}
	if _, err := c.Exec(ctx, `UPDATE cajas SET volumen = ? WHERE id = ?`, nuevo, cb.id); err != nil {
		return wrap("sumar a caja", err)
	}
	cb.volumen = nuevo
	return nil
}

// AbrirCaja opens a register for the user. The database allows one open
// register per user: of two simultaneous opens, exactly one succeeds.
func (s *Store) AbrirCaja(ctx context.Context, a Actor, monto domain.Centavos, observaciones string) (Caja, error) {
	if err := domain.ValidarNoNegativo(monto); err != nil {
		return Caja{}, err
	}
	return idempotent(ctx, s, a, "caja.abrir", func(c sqldb.Conn) (Caja, error) {
		id, err := c.InsertID(ctx, `INSERT INTO cajas (empresa_id, usuario_id, estado, monto_apertura, fecha_apertura,
			observaciones, volumen) VALUES (?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, a.UsuarioID, domain.CajaAbierta, monto,
			c.Now(), observaciones, monto)
		if sqldb.IsUniqueViolation(err) {
			return Caja{}, domain.Conflict(domain.MsgCajaYaAbierta)
		}
		if err != nil {
			return Caja{}, wrap("abrir caja", err)
		}
		err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionAperturaCaja,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Caja #%d abierta con %s", id, monto)})
		if err != nil {
			return Caja{}, err
		}
		caja, _, err := s.caja(ctx, c, `WHERE c.id = ?`, id)
		c.Emit(events.Event{Nombre: events.CajaAbierta, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID), Datos: EventoCaja{CajaID: id, UsuarioID: a.UsuarioID,
			Usuario: caja.UsuarioNombre, MontoApertura: &monto}})
		return caja, err
	})
}

// Movimientos lists a register's movements, oldest first.
func (s *Store) Movimientos(ctx context.Context, empresaID, cajaID int64) ([]Movimiento, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (m Movimiento, err error) {
		return m, sc.Scan(&m.ID, &m.Tipo, &m.Monto, &m.Descripcion, &m.MedioPagoID, &m.MedioPagoNombre, &m.CreatedAt)
	}, `SELECT m.id, m.tipo, m.monto, m.descripcion, m.medio_pago_id, mp.nombre, m.created_at
		FROM caja_movimientos m LEFT JOIN medios_pago mp ON mp.id = m.medio_pago_id
		WHERE m.empresa_id = ? AND m.caja_id = ? ORDER BY m.id`, empresaID, cajaID)
	return out, wrap("listar movimientos", err)
}

// NuevoMovimiento is a manual register movement.
type NuevoMovimiento struct {
	Tipo        string
	Monto       domain.Centavos
	Descripcion string
	MedioPagoID int64
}

// RegistrarMovimiento adds an extra income or an expense to the user's open
// register. The amount is greater than zero: the type says which way it goes.
// A movement that would take the register's figures past domain.MontoMaximo
// is refused before anything is written.
func (s *Store) RegistrarMovimiento(ctx context.Context, a Actor, m NuevoMovimiento) (Movimiento, error) {
	if err := domain.ValidarMovimiento(m.Tipo, m.Monto, m.Descripcion); err != nil {
		return Movimiento{}, err
	}
	return idempotent(ctx, s, a, "caja.movimiento", func(c sqldb.Conn) (Movimiento, error) {
		caja, err := bloquearCajaAbierta(ctx, c, a)
		if err != nil || caja.id == 0 {
			return Movimiento{}, firstErr(err, domain.Invalid(domain.MsgSinCajaAbierta))
		}
		var medio any
		if m.MedioPagoID != 0 {
			if _, err := s.itemCatalogo(ctx, c, a.EmpresaID, domain.CatMediosPago, m.MedioPagoID); err != nil {
				return Movimiento{}, err
			}
			medio = m.MedioPagoID
		}
		if err := caja.sumar(ctx, c, m.Monto); err != nil {
			return Movimiento{}, err
		}
		id, err := c.InsertID(ctx, `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto,
			descripcion, medio_pago_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, caja.id, a.UsuarioID, m.Tipo, m.Monto, m.Descripcion, medio, c.Now())
		if err != nil {
			return Movimiento{}, wrap("registrar movimiento", err)
		}
		c.Emit(events.Event{Nombre: events.MovimientoCaja, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID), Datos: EventoCaja{CajaID: caja.id, UsuarioID: a.UsuarioID, MovimientoID: id}})
		mov := Movimiento{ID: id, Tipo: m.Tipo, Monto: m.Monto, Descripcion: m.Descripcion, CreatedAt: c.Now()}
		if medio != nil {
			mov.MedioPagoID = &m.MedioPagoID
		}
		return mov, nil
	})
}

// CierreCaja is the close summary (operaciones §3): the closed register and
// the figures of the close.
type CierreCaja struct {
	Caja             Caja
	TotalVentas      domain.Centavos
	EfectivoEsperado domain.Centavos
	MontoCierre      domain.Centavos
	Diferencia       domain.Centavos
	MontoFinal       domain.Centavos
}

// CerrarCaja closes the user's open register: it stores the counted cash, the
// expected cash, their difference and the total sold, and audits the close.
func (s *Store) CerrarCaja(ctx context.Context, a Actor, contado domain.Centavos, observaciones string) (CierreCaja, error) {
	if err := domain.ValidarNoNegativo(contado); err != nil {
		return CierreCaja{}, err
	}
	return idempotent(ctx, s, a, "caja.cerrar", func(c sqldb.Conn) (CierreCaja, error) {
		abierta, err := bloquearCajaAbierta(ctx, c, a)
		if err != nil || abierta.id == 0 {
			return CierreCaja{}, firstErr(err, domain.Invalid(domain.MsgSinCajaAbierta))
		}
		caja, _, err := s.caja(ctx, c, `WHERE c.id = ?`, abierta.id)
		if err != nil {
			return CierreCaja{}, err
		}
		dif := domain.Diferencia(contado, caja.EfectivoEsperado)
		_, err = c.Exec(ctx, `UPDATE cajas SET estado = ?, monto_cierre = ?, efectivo_esperado = ?, diferencia = ?,
			total_ventas = ?, fecha_cierre = ?, observaciones_cierre = ? WHERE id = ? AND estado = ?`,
			domain.CajaCerrada, contado, caja.EfectivoEsperado, dif, caja.TotalVentas, c.Now(), observaciones,
			abierta.id, domain.CajaAbierta)
		if err != nil {
			return CierreCaja{}, wrap("cerrar caja", err)
		}
		err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCierreCaja,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Caja #%d cerrada: ventas %s, contado %s, diferencia %s",
				abierta.id, caja.TotalVentas, contado, dif)})
		if err != nil {
			return CierreCaja{}, err
		}
		emitirCierre(c, a, caja, dif)
		closed, _, err := s.caja(ctx, c, `WHERE c.id = ?`, abierta.id)
		if err == nil {
			err = s.guardarReporteZ(ctx, c, a.EmpresaID, closed)
		}
		return CierreCaja{Caja: closed, TotalVentas: caja.TotalVentas, EfectivoEsperado: caja.EfectivoEsperado,
			MontoCierre: contado, Diferencia: dif, MontoFinal: caja.Saldo}, err
	})
}

// CantidadCajas counts the company's registers, open or closed.
func (s *Store) CantidadCajas(ctx context.Context, empresaID int64) (int64, error) {
	var n int64
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM cajas WHERE empresa_id = ?`, empresaID).Scan(&n)
	return n, wrap("contar cajas", err)
}

// emitirCierre emits cajaCerrada with the close summary and, when the counted
// cash does not match the expected, an alertaSistema for the supervisors.
func emitirCierre(c sqldb.Conn, a Actor, caja Caja, dif domain.Centavos) {
	c.Emit(events.Event{Nombre: events.CajaCerrada, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID), Datos: EventoCaja{CajaID: caja.ID, UsuarioID: a.UsuarioID,
		Usuario: caja.UsuarioNombre, MontoFinal: &caja.Saldo, TotalVentas: &caja.TotalVentas, Diferencia: &dif}})
	if dif != 0 {
		c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: a.EmpresaID, Roles: Supervisores,
			Datos: EventoAlerta{Tipo: "diferencia_caja", Titulo: domain.TituloDiferenciaCaja,
				Mensaje: domain.MensajeDiferenciaCaja(caja.ID, caja.UsuarioNombre, dif)}})
	}
}
