package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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
	// FechaConteo is when the close's count was submitted: on an open
	// register, the close waits for a supervisor's approval (Conteo).
	FechaConteo *time.Time
	Conteo      *domain.Conteo
	AprobadoPor *int64
	// Aprobador and FechaAprobacion: who approved a count past the tolerance, and when.
	Aprobador       *domain.UsuarioCaja
	FechaAprobacion *time.Time
	// EmpresaCiega: the register's company counts blind (domain.ClaveCierreCiego).
	EmpresaCiega bool
	domain.TotalesCaja
}

// PendienteAprobacion reports whether the register's close waits for a supervisor.
func (k Caja) PendienteAprobacion() bool {
	return k.Estado == domain.CajaAbierta && k.FechaConteo != nil
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
	// CajaCorregidaID names the closed register this movement corrects.
	CajaCorregidaID *int64
	// Referencia is the payment's reference of a sale's movement (empty: none).
	Referencia domain.Referencia
}

// referenciaColumnas are the reference parts of the register movement
// aliased mov, "" when absent, and, when its payment method (aliased medio) is
// Mercado Pago QR, the Mercado Pago ids of the payment it is the sale or the
// refund of ("orden|pago": pedidos.go, reembolsos.go; no lookup for any other
// method).
func referenciaColumnas(mov, medio string) string {
	return strings.NewReplacer("{m}", mov, "{mp}", medio).Replace(`COALESCE({m}.referencia_ultimos4, ''),
	COALESCE({m}.referencia_autorizacion, ''), COALESCE({m}.referencia_transferencia, ''),
	CASE WHEN {mp}.tipo = '` + domain.TipoMercadoPagoQR + `' THEN COALESCE((SELECT g.orden_id || '|' || COALESCE(g.pago_externo_id, '')
		FROM pagos g WHERE g.empresa_id = {m}.empresa_id AND g.id IN (
			SELECT h.id FROM pedidos o JOIN pagos h ON h.empresa_id = o.empresa_id AND h.pedido_id = o.id
			WHERE o.empresa_id = {m}.empresa_id AND o.movimiento_id = {m}.id AND h.estado = 'pagado'
			UNION ALL SELECT r.pago_id FROM reembolsos r WHERE r.empresa_id = {m}.empresa_id AND r.movimiento_id = {m}.id)), '')
		ELSE '' END`)
}

// referenciaColumns are referenciaColumnas of a movement m paid by mp.
var referenciaColumns = referenciaColumnas("m", "mp")

// referenciaDestinos are where referenciaColumns scan into.
func referenciaDestinos(r *domain.Referencia) []any {
	return []any{&r.Ultimos4, &r.Autorizacion, &r.Transferencia, cobroMPLeido{r}}
}

// cobroMPLeido scans referenciaColumns' "orden|pago" into its reference.
type cobroMPLeido struct{ r *domain.Referencia }

func (d cobroMPLeido) Scan(v any) error {
	var s string
	switch t := v.(type) {
	case string:
		s = t
	case []byte:
		s = string(t)
	case nil:
	default:
		return fmt.Errorf("store: cobro de Mercado Pago de tipo %T", v)
	}
	if orden, pago, ok := strings.Cut(s, "|"); ok {
		d.r.CobroMP = &domain.CobroMP{Orden: orden, Pago: pago}
	}
	return nil
}

const cajaColumns = `c.id, c.estado, c.monto_apertura, c.fecha_apertura, c.observaciones, c.usuario_id,
	u.nombre_usuario, u.nombre, u.apellido, c.monto_cierre, c.diferencia, c.fecha_cierre, c.fecha_conteo, c.conteo,
	c.aprobado_por, c.fecha_aprobacion, COALESCE(ap.nombre_usuario, ''), COALESCE(ap.nombre, ''), COALESCE(ap.apellido, ''),
	COALESCE((SELECT ec.valor FROM empresa_configuraciones ec WHERE ec.empresa_id = c.empresa_id
		AND ec.clave = '` + domain.ClaveCierreCiego + `'), '')`

func (s *Store) caja(ctx context.Context, c sqldb.Conn, where string, args ...any) (Caja, bool, error) {
	var (
		k                Caja
		nombre, apellido string
		conteo, ciega    string
	)
	var ap domain.UsuarioCaja
	var apNombre, apApellido string
	err := c.QueryRow(ctx, `SELECT `+cajaColumns+` FROM cajas c JOIN usuarios u ON u.id = c.usuario_id
		LEFT JOIN usuarios ap ON ap.id = c.aprobado_por `+where, args...).Scan(
		&k.ID, &k.Estado, &k.MontoApertura, &k.FechaApertura, &k.Observaciones, &k.UsuarioID,
		&k.NombreUsuario, &nombre, &apellido, &k.MontoCierre, &k.Diferencia, &k.FechaCierre, &k.FechaConteo, &conteo,
		&k.AprobadoPor, &k.FechaAprobacion, &ap.NombreUsuario, &apNombre, &apApellido, &ciega)
	missing, err := sqldb.NoRows(err)
	if err != nil || missing {
		return k, false, wrap("leer caja", err)
	}
	if conteo != "" {
		k.Conteo = &domain.Conteo{}
		if err := json.Unmarshal([]byte(conteo), k.Conteo); err != nil {
			return k, false, wrap("leer conteo de caja", err)
		}
	}
	k.UsuarioNombre = nombreCompleto(nombre, apellido, k.NombreUsuario)
	k.EmpresaCiega = ciega == "true"
	if k.AprobadoPor != nil {
		ap.ID, ap.Nombre = *k.AprobadoPor, nombreCompleto(apNombre, apApellido, ap.NombreUsuario)
		k.Aprobador = &ap
	}
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
// method (with its name and tipo), in the order of their first movement.
func movimientosAgregados(ctx context.Context, c sqldb.Conn, cajaID int64) ([]domain.MovimientoAgregado, error) {
	movs, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (m domain.MovimientoAgregado, err error) {
		return m, sc.Scan(&m.Tipo, &m.MedioPagoID, &m.MedioNombre, &m.MedioTipo, &m.Monto)
	}, `SELECT m.tipo, COALESCE(m.medio_pago_id, 0), COALESCE(mp.nombre, ''), COALESCE(mp.tipo, ''), SUM(m.monto)
		FROM caja_movimientos m LEFT JOIN medios_pago mp ON mp.id = m.medio_pago_id
		WHERE m.caja_id = ? GROUP BY m.tipo, m.medio_pago_id, mp.nombre, mp.tipo ORDER BY MIN(m.id)`, cajaID)
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
// volume, in one statement. A register whose close waits for a supervisor's
// approval takes nothing more: 409 MsgCierrePendiente.
func bloquearCajaAbierta(ctx context.Context, c sqldb.Conn, a Actor) (cajaBloqueada, error) {
	cb, pendiente, err := bloquearCaja(ctx, c, a)
	if err == nil && pendiente {
		err = domain.Conflict(domain.MsgCierrePendiente)
	}
	return cb, err
}

// cajaALeer is bloquearCajaAbierta's statement sent with others (sqldb.Pipeline:
// the sale sends it with its key's claim), and what it read.
type cajaALeer struct {
	cb     cajaBloqueada
	conteo *time.Time
}

// consulta is the statement, for dialect d.
func (r *cajaALeer) consulta(d sqldb.Dialect, a Actor) sqldb.Piped {
	return sqldb.Piped{SQL: `SELECT id, volumen, fecha_conteo FROM cajas WHERE empresa_id = ? AND usuario_id = ? AND estado = ?` +
		d.ForUpdate(), Args: []any{a.EmpresaID, a.UsuarioID, domain.CajaAbierta},
		Rows: func(rows sqldb.Rows) error {
			if rows.Next() {
				return wrap("buscar caja abierta", rows.Scan(&r.cb.id, &r.cb.volumen, &r.conteo))
			}
			return nil
		}}
}

// abierta is what bloquearCajaAbierta answers: the register (id 0: none open)
// or 409 MsgCierrePendiente.
func (r *cajaALeer) abierta() (cajaBloqueada, error) {
	if r.conteo != nil {
		return r.cb, domain.Conflict(domain.MsgCierrePendiente)
	}
	return r.cb, nil
}

// bloquearCaja is bloquearCajaAbierta that also answers a register pending approval.
func bloquearCaja(ctx context.Context, c sqldb.Conn, a Actor) (cajaBloqueada, bool, error) {
	var (
		cb     cajaBloqueada
		conteo *time.Time
	)
	err := c.QueryRow(ctx, `SELECT id, volumen, fecha_conteo FROM cajas WHERE empresa_id = ? AND usuario_id = ? AND estado = ?`+c.Dialect().ForUpdate(),
		a.EmpresaID, a.UsuarioID, domain.CajaAbierta).Scan(&cb.id, &cb.volumen, &conteo)
	if _, err := sqldb.NoRows(err); err != nil {
		return cajaBloqueada{}, false, wrap("buscar caja abierta", err)
	}
	return cb, conteo != nil, nil
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
	// the register's row is locked: sent with the next statement on PostgreSQL (sqldb.Conn.ExecLater)
	if err := c.ExecLater(ctx, `UPDATE cajas SET volumen = ? WHERE id = ?`, nuevo, cb.id); err != nil {
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
		return s.abrir(ctx, c, a, monto, observaciones, domain.MsgCajaYaAbierta)
	})
}

// abrir opens a register for a.UsuarioID in the caller's transaction, audits
// it and emits cajaAbierta; the user's open register already there is a 409
// yaAbierta (the partial unique index decides, so of two opens one wins).
func (s *Store) abrir(ctx context.Context, c sqldb.Conn, a Actor, monto domain.Centavos, observaciones, yaAbierta string) (Caja, error) {
	id, err := c.InsertID(ctx, `INSERT INTO cajas (empresa_id, usuario_id, estado, monto_apertura, fecha_apertura,
		observaciones, volumen) VALUES (?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, a.UsuarioID, domain.CajaAbierta, monto,
		c.Now(), observaciones, monto)
	if sqldb.IsUniqueViolation(err) {
		return Caja{}, domain.Conflict(yaAbierta)
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
		Usuario: caja.UsuarioNombre}})
	return caja, err
}

// Movimientos lists a register's movements, oldest first.
func (s *Store) Movimientos(ctx context.Context, empresaID, cajaID int64) ([]Movimiento, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (m Movimiento, err error) {
		return m, sc.Scan(append([]any{&m.ID, &m.Tipo, &m.Monto, &m.Descripcion, &m.MedioPagoID, &m.MedioPagoNombre, &m.CreatedAt,
			&m.CajaCorregidaID}, referenciaDestinos(&m.Referencia)...)...)
	}, `SELECT m.id, m.tipo, m.monto, m.descripcion, m.medio_pago_id, mp.nombre, m.created_at, m.caja_corregida_id, `+
		referenciaColumns+` FROM caja_movimientos m LEFT JOIN medios_pago mp ON mp.id = m.medio_pago_id
		WHERE m.empresa_id = ? AND m.caja_id = ? ORDER BY m.id`, empresaID, cajaID)
	return out, wrap("listar movimientos", err)
}

// NuevoMovimiento is a manual register movement.
type NuevoMovimiento struct {
	Tipo        string
	Monto       domain.Centavos
	Descripcion string
	MedioPagoID int64
	// CajaCorregidaID names the closed register the movement corrects (0:
	// none): a closed register is never reopened or edited.
	CajaCorregidaID int64
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
		var corregida any
		if m.CajaCorregidaID != 0 {
			var estado string
			err := c.QueryRow(ctx, `SELECT estado FROM cajas WHERE empresa_id = ? AND id = ?`, a.EmpresaID, m.CajaCorregidaID).Scan(&estado)
			if missing, err := sqldb.NoRows(err); missing {
				return Movimiento{}, domain.NotFound("Caja no encontrada")
			} else if err != nil {
				return Movimiento{}, wrap("buscar caja corregida", err)
			}
			if estado != domain.CajaCerrada {
				return Movimiento{}, domain.Invalid(domain.MsgCajaCorregidaAbierta)
			}
			corregida = m.CajaCorregidaID
		}
		if err := caja.sumar(ctx, c, m.Monto); err != nil {
			return Movimiento{}, err
		}
		id, err := c.InsertID(ctx, `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto,
			descripcion, medio_pago_id, created_at, caja_corregida_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, caja.id, a.UsuarioID, m.Tipo, m.Monto, m.Descripcion, medio, c.Now(), corregida)
		if err != nil {
			return Movimiento{}, wrap("registrar movimiento", err)
		}
		c.Emit(events.Event{Nombre: events.MovimientoCaja, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID), Datos: EventoCaja{CajaID: caja.id, UsuarioID: a.UsuarioID, MovimientoID: id}})
		mov := Movimiento{ID: id, Tipo: m.Tipo, Monto: m.Monto, Descripcion: m.Descripcion, CreatedAt: c.Now()}
		if medio != nil {
			mov.MedioPagoID = &m.MedioPagoID
		}
		if corregida != nil {
			mov.CajaCorregidaID = &m.CajaCorregidaID
		}
		return mov, nil
	})
}

// CierreCaja is the close summary (operaciones §3): the register and the
// figures of the close. Pendiente: the count is past the company's
// tolerance, and the register stays open until a supervisor approves it.
type CierreCaja struct {
	Caja             Caja
	TotalVentas      domain.Centavos
	EfectivoEsperado domain.Centavos
	MontoCierre      domain.Centavos
	Diferencia       domain.Centavos
	MontoFinal       domain.Centavos
	Conteo           domain.Conteo
	Pendiente        bool
}

// Contado is what the seller counted at the close: the cash (its breakdown
// by denomination, if any, already added up into Efectivo), and the other
// payment methods counted, in order.
type Contado struct {
	Efectivo       domain.Centavos
	Denominaciones []domain.ConteoDenominacion
	Medios         []domain.ContadoMedio // MedioPagoID and Contado
	Observaciones  string
}

// ToleranciaCierre is the company's close tolerance (domain.ClaveToleranciaCierre).
func toleranciaCierre(ctx context.Context, c sqldb.Conn, empresaID int64) (domain.Centavos, error) {
	cf, err := configuracion(ctx, c, empresaID, domain.ClaveToleranciaCierre)
	if err != nil || cf == nil {
		return 0, err
	}
	return domain.ToleranciaCierre(cf.Valor)
}

// CerrarCaja closes the user's open register with the count: it stores the
// count, the expected cash, their difference and the total sold, and audits
// the close. A count whose discrepancy is past the company's tolerance does
// not close it: the register keeps the count and waits for a supervisor's
// approval (AprobarCierre), taking no movement meanwhile; a second count is
// refused (the first one showed the difference).
func (s *Store) CerrarCaja(ctx context.Context, a Actor, k Contado) (CierreCaja, error) {
	if err := k.validar(); err != nil {
		return CierreCaja{}, err
	}
	return idempotent(ctx, s, a, "caja.cerrar", func(c sqldb.Conn) (CierreCaja, error) {
		return s.cerrar(ctx, c, a, k)
	})
}

// validar checks a count before any transaction: amounts from zero to
// domain.MontoMaximo, each payment method counted once.
func (k Contado) validar() error {
	if err := domain.ValidarNoNegativo(k.Efectivo); err != nil {
		return err
	}
	vistos := map[int64]bool{}
	for _, m := range k.Medios {
		if err := domain.ValidarNoNegativo(m.Contado); err != nil {
			return err
		}
		if vistos[m.MedioPagoID] {
			return domain.Invalid(fmt.Sprintf(domain.MsgMedioRepetido, m.MedioPagoID))
		}
		vistos[m.MedioPagoID] = true
	}
	return nil
}

// cerrar counts and closes a.UsuarioID's open register in the caller's
// transaction (CerrarCaja): a count past the company's tolerance leaves it
// pending approval.
func (s *Store) cerrar(ctx context.Context, c sqldb.Conn, a Actor, k Contado) (CierreCaja, error) {
	medios, orden := map[int64]domain.Centavos{}, make([]int64, 0, len(k.Medios))
	for _, m := range k.Medios {
		medios[m.MedioPagoID] = m.Contado
		orden = append(orden, m.MedioPagoID)
	}
	abierta, pendiente, err := bloquearCaja(ctx, c, a)
	if err != nil || abierta.id == 0 {
		return CierreCaja{}, firstErr(err, domain.Invalid(domain.MsgSinCajaAbierta))
	}
	if pendiente {
		return CierreCaja{}, domain.Conflict(domain.MsgCierrePendiente)
	}
	if err := cobroPendienteEn(ctx, c, a.EmpresaID, abierta.id); err != nil {
		return CierreCaja{}, err
	}
	for _, id := range orden {
		if _, err := s.itemCatalogo(ctx, c, a.EmpresaID, domain.CatMediosPago, id); err != nil {
			return CierreCaja{}, err
		}
	}
	caja, _, err := s.caja(ctx, c, `WHERE c.id = ?`, abierta.id)
	if err != nil {
		return CierreCaja{}, err
	}
	tol, err := toleranciaCierre(ctx, c, a.EmpresaID)
	if err != nil {
		return CierreCaja{}, err
	}
	conteo, err := domain.Contar(k.Efectivo, k.Denominaciones, medios, orden, caja.TotalesCaja, tol)
	if err != nil {
		return CierreCaja{}, err
	}
	raw, err := json.Marshal(conteo)
	if err != nil {
		return CierreCaja{}, err
	}
	dif := conteo.Diferencia()
	_, err = c.Exec(ctx, `UPDATE cajas SET monto_cierre = ?, efectivo_esperado = ?, diferencia = ?,
		total_ventas = ?, observaciones_cierre = ?, conteo = ?, fecha_conteo = ? WHERE id = ? AND estado = ?`,
		k.Efectivo, caja.EfectivoEsperado, dif, caja.TotalVentas, k.Observaciones, string(raw), c.Now(),
		abierta.id, domain.CajaAbierta)
	if err != nil {
		return CierreCaja{}, wrap("contar caja", err)
	}
	out := CierreCaja{TotalVentas: caja.TotalVentas, EfectivoEsperado: caja.EfectivoEsperado,
		MontoCierre: k.Efectivo, Diferencia: dif, MontoFinal: caja.Saldo, Conteo: conteo}
	if conteo.RequiereAprobacion() {
		err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConteoCaja,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Caja #%d contada: efectivo %s, diferencia %s, discrepancia %s supera la tolerancia %s; espera la aprobación de un supervisor",
				abierta.id, k.Efectivo, dif, conteo.Discrepancia, tol)})
		if err != nil {
			return CierreCaja{}, err
		}
		c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: a.EmpresaID, Roles: Supervisores,
			Datos: EventoAlerta{Tipo: "cierre_pendiente", Titulo: domain.TituloCierrePendiente,
				Mensaje: domain.MensajeCierrePendiente(caja.ID, caja.UsuarioNombre, conteo.Discrepancia)}})
		c.Emit(events.Event{Nombre: events.MovimientoCaja, EmpresaID: a.EmpresaID, Lecturas: lecturasCaja(a.UsuarioID),
			Datos: EventoCaja{CajaID: caja.ID, UsuarioID: a.UsuarioID}})
		out.Caja, _, err = s.caja(ctx, c, `WHERE c.id = ?`, abierta.id)
		out.Pendiente = true
		return out, err
	}
	out.Caja, err = s.finalizarCierre(ctx, c, a, caja, dif, fmt.Sprintf("Caja #%d cerrada: ventas %s, contado %s, diferencia %s",
		abierta.id, caja.TotalVentas, k.Efectivo, dif))
	return out, err
}

// finalizarCierre closes a counted register: its state, the close's audit,
// the events and the Z report.
func (s *Store) finalizarCierre(ctx context.Context, c sqldb.Conn, a Actor, caja Caja, dif domain.Centavos, detalle string) (Caja, error) {
	_, err := c.Exec(ctx, `UPDATE cajas SET estado = ?, fecha_cierre = ? WHERE id = ? AND estado = ?`,
		domain.CajaCerrada, c.Now(), caja.ID, domain.CajaAbierta)
	if err != nil {
		return Caja{}, wrap("cerrar caja", err)
	}
	err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCierreCaja,
		IP: a.IP, Exito: true, Detalles: detalle})
	if err != nil {
		return Caja{}, err
	}
	emitirCierre(c, a.EmpresaID, caja, dif)
	closed, _, err := s.caja(ctx, c, `WHERE c.id = ?`, caja.ID)
	if err == nil {
		err = s.guardarReporteZ(ctx, c, a.EmpresaID, closed)
	}
	return closed, err
}

// CierrePendiente is a register whose close waits for a supervisor's approval.
type CierrePendiente struct {
	CajaID        int64
	UsuarioID     int64
	UsuarioNombre string
	FechaApertura time.Time
	FechaConteo   time.Time
	Conteo        domain.Conteo
}

// CierresPendientes lists the company's registers whose close waits for approval, oldest count first.
func (s *Store) CierresPendientes(ctx context.Context, empresaID int64) ([]CierrePendiente, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (p CierrePendiente, err error) {
		var nombre, apellido, usuario, conteo string
		if err = sc.Scan(&p.CajaID, &p.UsuarioID, &usuario, &nombre, &apellido, &p.FechaApertura, &p.FechaConteo, &conteo); err != nil {
			return p, err
		}
		p.UsuarioNombre = nombreCompleto(nombre, apellido, usuario)
		return p, json.Unmarshal([]byte(conteo), &p.Conteo)
	}, `SELECT c.id, c.usuario_id, u.nombre_usuario, u.nombre, u.apellido, c.fecha_apertura, c.fecha_conteo, c.conteo
		FROM cajas c JOIN usuarios u ON u.id = c.usuario_id
		WHERE c.empresa_id = ? AND c.estado = ? AND c.fecha_conteo IS NOT NULL ORDER BY c.fecha_conteo, c.id`,
		empresaID, domain.CajaAbierta)
	return out, wrap("listar cierres pendientes", err)
}

// Aprobador is the supervisor who approves a close: the caller's own session,
// or the credentials typed on the cashier's screen.
type Aprobador struct {
	UsuarioID int64
	EmpresaID int64
	Rol       string
	Permisos  domain.Permisos
	Nombre    string
}

// AprobarCierre closes a register whose count waits for approval. The
// approver is a supervisor of the register's company (a role that sees every
// register and its expected figures) other than its cashier: another company's
// register is 404, the cashier themself 403. The approval is audited on the
// approver (APROBACION_CIERRE_CAJA) and the close on the cashier, and the
// supervisors are notified (alertaSistema).
func (s *Store) AprobarCierre(ctx context.Context, a Actor, cajaID int64, ap Aprobador, observaciones string) (CierreCaja, error) {
	return idempotent(ctx, s, a, "caja.aprobar", func(c sqldb.Conn) (CierreCaja, error) {
		var (
			usuarioID int64
			estado    string
			conteo    *time.Time
		)
		err := c.QueryRow(ctx, `SELECT usuario_id, estado, fecha_conteo FROM cajas WHERE empresa_id = ? AND id = ?`+c.Dialect().ForUpdate(),
			ap.EmpresaID, cajaID).Scan(&usuarioID, &estado, &conteo)
		if missing, err := sqldb.NoRows(err); missing {
			return CierreCaja{}, domain.NotFound("Caja no encontrada")
		} else if err != nil {
			return CierreCaja{}, wrap("buscar caja", err)
		}
		switch {
		case usuarioID == ap.UsuarioID:
			return CierreCaja{}, domain.Forbidden(domain.MsgAprobacionPropia)
		case !domain.ApruebaCaja(ap.Rol, ap.Permisos):
			return CierreCaja{}, domain.Forbidden(domain.MsgAprobadorSinPermiso)
		case estado != domain.CajaAbierta:
			return CierreCaja{}, domain.Conflict(domain.MsgCierreYaAprobado)
		case conteo == nil:
			return CierreCaja{}, domain.Conflict(domain.MsgSinCierrePendiente)
		}
		caja, _, err := s.caja(ctx, c, `WHERE c.id = ?`, cajaID)
		if err != nil {
			return CierreCaja{}, err
		}
		if _, err := c.Exec(ctx, `UPDATE cajas SET aprobado_por = ?, fecha_aprobacion = ? WHERE id = ?`,
			ap.UsuarioID, c.Now(), cajaID); err != nil {
			return CierreCaja{}, wrap("aprobar cierre", err)
		}
		k := *caja.Conteo
		detalle := fmt.Sprintf("Cierre de la caja #%d de %s aprobado por %s: efectivo contado %s, diferencia %s, discrepancia %s (tolerancia %s)",
			cajaID, caja.UsuarioNombre, ap.Nombre, k.Efectivo, k.Diferencia(), k.Discrepancia, k.Tolerancia)
		if observaciones != "" {
			detalle += ". " + observaciones
		}
		err = s.audit(ctx, c, Auditoria{EmpresaID: ap.EmpresaID, UsuarioID: ap.UsuarioID, Accion: AccionAprobacionCierre,
			IP: a.IP, Exito: true, Detalles: detalle})
		if err != nil {
			return CierreCaja{}, err
		}
		cajero := Actor{EmpresaID: ap.EmpresaID, UsuarioID: usuarioID, IP: a.IP}
		closed, err := s.finalizarCierre(ctx, c, cajero, caja, k.Diferencia(), fmt.Sprintf("Caja #%d cerrada con la aprobación de %s: ventas %s, contado %s, diferencia %s",
			cajaID, ap.Nombre, caja.TotalVentas, k.Efectivo, k.Diferencia()))
		c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: ap.EmpresaID, Roles: Supervisores,
			Datos: EventoAlerta{Tipo: "cierre_aprobado", Titulo: domain.TituloCierreAprobado,
				Mensaje: domain.MensajeCierreAprobado(cajaID, caja.UsuarioNombre, ap.Nombre, k.Discrepancia)}})
		return CierreCaja{Caja: closed, TotalVentas: caja.TotalVentas, EfectivoEsperado: caja.EfectivoEsperado,
			MontoCierre: k.Efectivo, Diferencia: k.Diferencia(), MontoFinal: caja.Saldo, Conteo: k}, err
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
func emitirCierre(c sqldb.Conn, empresaID int64, caja Caja, dif domain.Centavos) {
	c.Emit(events.Event{Nombre: events.CajaCerrada, EmpresaID: empresaID, Lecturas: lecturasCaja(caja.UsuarioID), Datos: EventoCaja{CajaID: caja.ID, UsuarioID: caja.UsuarioID,
		Usuario: caja.UsuarioNombre, MontoFinal: &caja.Saldo, TotalVentas: &caja.TotalVentas, Diferencia: &dif}})
	if dif != 0 {
		c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: empresaID, Roles: Supervisores,
			Datos: EventoAlerta{Tipo: "diferencia_caja", Titulo: domain.TituloDiferenciaCaja,
				Mensaje: domain.MensajeDiferenciaCaja(caja.ID, caja.UsuarioNombre, dif)}})
	}
}
