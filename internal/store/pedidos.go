package store

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// A sale that completes later (docs/features/venta-diferida.md): a sale by
// a method of tipo mercadopago_qr is first a pending order (pedidos) holding
// its seats; a payment attempt (pagos) is stored with it, and the job
// TrabajoPagoCrear makes the provider's call. The order completes (the
// ordinary emitir, fed from its frozen prices) or is released; package cobros
// decides which from what the provider answers.

// Jobs of the payments (registered by package cobros).
const (
	TrabajoPagoCrear    = "pago_crear"
	TrabajoPagoConsulta = "pago_consultar"
	TrabajoReembolso    = "pago_reembolsar"
)

// ProveedorMercadoPago names the provider of a payment attempt.
const ProveedorMercadoPago = "mercadopago"

// States of a payment attempt.
const (
	PagoCreando      = "creando"               // stored, the provider not called yet (or its answer not stored)
	PagoCreado       = "creado"                // the provider's order exists
	PagoPagado       = domain.PagoPagado       // paid, its order completed
	PagoCerrado      = "cerrado"               // its order released without a payment
	PagoReembolsando = domain.PagoReembolsando // paid for an order that could not complete: the refund is queued
	PagoReembolsado  = "reembolsado"
	PagoFallido      = "fallido" // the provider refused to create it
)

// AccionPedido audits an order released by its seller.
const AccionPedido = "COBRO_QR"

// Pedido is a pending order as its seller reads it: once completed, with its tickets.
type Pedido struct {
	ID          int64
	UsuarioID   int64
	CajaID      int64
	MedioPagoID int64
	MedioPago   string
	Estado      string
	Total       domain.Centavos
	Cantidad    int
	VenceEn     time.Time
	CreatedAt   time.Time
	CerradoEn   *time.Time
	Falla       string
	QRData      *string
	Pasajes     []Pasaje
}

// ventaGuardada is an order's sale as stored: the sale as sent, the frozen
// unit price of each line and the overbooking it was confirmed with.
type ventaGuardada struct {
	Venta      Venta
	Precios    []domain.Centavos
	Sobreventa *sobreventaGuardada `json:",omitempty"`
}

type sobreventaGuardada struct {
	Cupo     domain.Cupo
	Exceso   int64
	Confirmo Aprobador
}

// CrearPedido holds a sale by a method of tipo mercadopago_qr: the same
// checks as Vender (the seller's open register, the catalogue, the prices,
// the seats, the overbooking confirmation), then the order with its prices
// frozen and its seats taken, and its payment attempt, whose creation at the
// provider is queued (TrabajoPagoCrear): nothing of the register is touched.
// Through idempotent: a double click makes one order.
func (s *Store) CrearPedido(ctx context.Context, a Actor, v Venta) (int64, error) {
	ctx, soltar, err := s.db.InTurn(ctx)
	if err != nil {
		return 0, err
	}
	defer soltar()
	v.FechaViaje, v.porPedido = strings.TrimSpace(v.FechaViaje), true
	p := s.prepararVenta(ctx, a, v)
	var abierta cajaALeer
	return idempotentCon(ctx, s, a, "pedidos.crear", []sqldb.Piped{abierta.consulta(s.db.Dialect(), a)}, func(c sqldb.Conn) (int64, error) {
		caja, err := p.admitida(&abierta)
		if err != nil {
			return 0, err
		}
		if p.BeneficioID != nil {
			return 0, domain.Invalid(domain.MsgPedidoConBeneficio)
		}
		if err := comprobarCobroQR(ctx, c, a); err != nil {
			return 0, err
		}
		sv, err := comprobarCupo(ctx, c, a, p)
		if err == nil {
			sv, err = tomarSalida(ctx, c, a, &p, sv)
		}
		if err != nil {
			return 0, err
		}
		return s.insertarPedido(ctx, c, a, p, caja.id, sv)
	})
}

// admitida is the sale's refusal found while reading it, in the spec's order
// (its shape, the seller's open register, the catalogue), or the register.
func (p *ventaPreparada) admitida(abierta *cajaALeer) (cajaBloqueada, error) {
	if p.forma != nil {
		return cajaBloqueada{}, p.forma
	}
	caja, err := abierta.abierta()
	if err != nil || caja.id == 0 {
		return caja, firstErr(err, domain.Invalid(domain.MsgDebeAbrirCaja))
	}
	return caja, p.catalogo
}

// comprobarCobroQR refuses an order whose seller has no point of sale at
// Mercado Pago (its method's tipo was checked with the sale, validarCobro).
func comprobarCobroQR(ctx context.Context, c sqldb.Conn, a Actor) error {
	var n int64
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM mercadopago_cajas WHERE empresa_id = ? AND usuario_id = ?`,
		a.EmpresaID, a.UsuarioID).Scan(&n); err != nil {
		return wrap("leer la caja de Mercado Pago del vendedor", err)
	}
	if n == 0 {
		return domain.Conflict(domain.MsgPedidoSinCajaMP)
	}
	return nil
}

// insertarPedido writes the order, its payment attempt and the attempt's job.
func (s *Store) insertarPedido(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada, cajaID int64, sv *sobreventa) (int64, error) {
	g := ventaGuardada{Venta: p.Venta}
	g.Venta.Sobreventa = nil
	for _, l := range p.lineas {
		g.Precios = append(g.Precios, l.precio)
	}
	if sv != nil {
		g.Sobreventa = &sobreventaGuardada{Cupo: sv.cupo, Exceso: sv.exceso, Confirmo: *sv.confirmo}
	}
	venta, err := json.Marshal(g)
	if err != nil {
		return 0, err
	}
	ahora := c.Now()
	id, err := c.InsertID(ctx, `INSERT INTO pedidos (empresa_id, usuario_id, caja_id, medio_pago_id, seccion_id, fecha_viaje,
		cantidad, total, venta, ip, estado, vence_en, created_at, salida_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.EmpresaID, a.UsuarioID, cajaID, p.MedioPagoID, p.SeccionID, p.FechaViaje, p.cantidad(), p.total, string(venta), a.IP,
		domain.PedidoPendiente, domain.VencePedido(ahora), ahora, p.SalidaID)
	if err != nil {
		return 0, wrap("crear cobro", err)
	}
	pagoID, err := c.InsertID(ctx, `INSERT INTO pagos (empresa_id, pedido_id, proveedor, estado, monto, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, id, ProveedorMercadoPago, PagoCreando, p.total, ahora, ahora)
	if err != nil {
		return 0, wrap("crear intento de pago", err)
	}
	_, err = s.encolarTrabajo(ctx, c, NuevoTrabajo{EmpresaID: a.EmpresaID, Tipo: TrabajoPagoCrear, Clave: strconv.FormatInt(pagoID, 10)})
	return id, err
}

// Pedido reads the order id that the seller a created, with its tickets once
// completed: another seller's order is 404, as another company's is (an order
// is its seller's charge in progress).
func (s *Store) Pedido(ctx context.Context, a Actor, id int64) (Pedido, error) {
	empresaID := a.EmpresaID
	c := s.db.Conn()
	var (
		p     Pedido
		movID *int64
	)
	err := c.QueryRow(ctx, `SELECT p.id, p.usuario_id, p.caja_id, p.medio_pago_id, m.nombre, p.estado, p.total, p.cantidad,
		p.vence_en, p.created_at, p.cerrado_en, p.falla, p.movimiento_id, (SELECT g.qr_data FROM pagos g
		WHERE g.empresa_id = p.empresa_id AND g.pedido_id = p.id ORDER BY g.id DESC LIMIT 1)
		FROM pedidos p JOIN medios_pago m ON m.empresa_id = p.empresa_id AND m.id = p.medio_pago_id
		WHERE p.empresa_id = ? AND p.id = ? AND p.usuario_id = ?`, empresaID, id, a.UsuarioID).Scan(&p.ID, &p.UsuarioID, &p.CajaID, &p.MedioPagoID, &p.MedioPago,
		&p.Estado, &p.Total, &p.Cantidad, &p.VenceEn, &p.CreatedAt, &p.CerradoEn, &p.Falla, &movID, &p.QRData)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return p, firstErr(wrap("leer cobro", err), domain.NotFound(domain.MsgPedidoNoEncontrado))
	}
	if movID != nil {
		p.Pasajes, err = s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.movimiento_id = ? ORDER BY p.id`, empresaID, *movID)
	}
	return p, err
}

// Cobro is a payment attempt with what the provider's calls need of its order.
type Cobro struct {
	EmpresaID    int64
	PagoID       int64
	PedidoID     int64
	EstadoPago   string
	EstadoPedido string
	Total        domain.Centavos
	Cantidad     int
	OrdenID      *string
	// PosExterno is the seller's point of sale at Mercado Pago (empty: none).
	PosExterno string
	VenceEn    time.Time
	Vendedor   string
}

const cobroSelect = `SELECT g.empresa_id, g.id, g.pedido_id, g.estado, p.estado, p.total, p.cantidad, g.orden_id,
	COALESCE(k.id_externo, ''), p.vence_en, u.nombre_usuario
	FROM pagos g JOIN pedidos p ON p.empresa_id = g.empresa_id AND p.id = g.pedido_id JOIN usuarios u ON u.id = p.usuario_id
	LEFT JOIN mercadopago_cajas k ON k.empresa_id = p.empresa_id AND k.usuario_id = p.usuario_id `

func scanCobro(sc sqldb.Scanner) (Cobro, error) {
	var k Cobro
	return k, sc.Scan(&k.EmpresaID, &k.PagoID, &k.PedidoID, &k.EstadoPago, &k.EstadoPedido, &k.Total, &k.Cantidad, &k.OrdenID,
		&k.PosExterno, &k.VenceEn, &k.Vendedor)
}

func (s *Store) cobro(ctx context.Context, where string, args ...any) (Cobro, error) {
	k, err := scanCobro(s.db.Conn().QueryRow(ctx, cobroSelect+where, args...))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return k, firstErr(wrap("leer intento de pago", err), domain.NotFound(domain.MsgPedidoNoEncontrado))
	}
	return k, nil
}

// CobroPorPago is the company's payment attempt id.
func (s *Store) CobroPorPago(ctx context.Context, empresaID, pagoID int64) (Cobro, error) {
	return s.cobro(ctx, `WHERE g.empresa_id = ? AND g.id = ?`, empresaID, pagoID)
}

// CobroPorOrden is the company's payment attempt of the provider's order id.
func (s *Store) CobroPorOrden(ctx context.Context, empresaID int64, ordenID string) (Cobro, error) {
	return s.cobro(ctx, `WHERE g.empresa_id = ? AND g.proveedor = ? AND g.orden_id = ?`, empresaID, ProveedorMercadoPago, ordenID)
}

// CobroPorPedido is the latest payment attempt of the company's order id.
func (s *Store) CobroPorPedido(ctx context.Context, empresaID, pedidoID int64) (Cobro, error) {
	return s.cobro(ctx, `WHERE g.empresa_id = ? AND g.pedido_id = ? ORDER BY g.id DESC LIMIT 1`, empresaID, pedidoID)
}

// CobrosVencidos are up to lote orders of any company still pending past
// their vence_en, for the expiry job.
func (s *Store) CobrosVencidos(ctx context.Context, lote int) ([]Cobro, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanCobro, cobroSelect+`WHERE p.estado = ? AND p.vence_en <= ?
		AND g.id = (SELECT MAX(h.id) FROM pagos h WHERE h.empresa_id = p.empresa_id AND h.pedido_id = p.id)
		ORDER BY p.vence_en LIMIT ?`, domain.PedidoPendiente, s.Now(), lote)
	return out, wrap("leer cobros vencidos", err)
}

// AnotarOrden stores the provider's order of a payment attempt with its QR
// (once: a retry that got the same order back changes nothing), also when
// the attempt was closed meanwhile (its order released by its seller), so
// that a payment of that order is still recognised, and refunded; true while
// the attempt waits for its payment.
func (s *Store) AnotarOrden(ctx context.Context, empresaID, pagoID int64, ordenID, qr string) (bool, error) {
	if _, err := s.db.Conn().Exec(ctx, `UPDATE pagos SET estado = CASE WHEN estado = ? THEN ? ELSE estado END, orden_id = ?,
		qr_data = ?, updated_at = ? WHERE empresa_id = ? AND id = ? AND orden_id IS NULL`, PagoCreando, PagoCreado, ordenID, qr,
		s.Now(), empresaID, pagoID); err != nil {
		return false, wrap("anotar orden de pago", err)
	}
	k, err := s.CobroPorPago(ctx, empresaID, pagoID)
	return err == nil && k.EstadoPago == PagoCreado && k.EstadoPedido == domain.PedidoPendiente, err
}

// MarcarPago records a payment attempt's state and, when it failed, why.
func (s *Store) MarcarPago(ctx context.Context, empresaID, pagoID int64, estado, falla string) error {
	_, err := s.db.Conn().Exec(ctx, `UPDATE pagos SET estado = ?, falla = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
		estado, falla, s.Now(), empresaID, pagoID)
	return wrap("anotar intento de pago", err)
}

// PagoConfirmado is a payment the provider confirmed for an order.
type PagoConfirmado struct {
	PagoExternoID string
	Monto         domain.Centavos
}

// Devolucion is a confirmed payment that did not complete its order: why
// (domain.MotivoPago…), and whose sale it was. Nil: the order completed.
type Devolucion struct {
	Motivo   string
	Vendedor string
	// liberarComo is the state the order is released as (vencido past its
	// vence_en, cancelado otherwise).
	liberarComo string
}

// pedidoACerrar is an order read, locked, for its completion.
type pedidoACerrar struct {
	usuarioID, cajaID int64
	ip, venta         string
	total             domain.Centavos
	estado            string
	venceEn           time.Time
}

// CompletarPedido completes the company's order paid as pago says, once
// (a second confirmation finds it completed and does nothing): the tickets,
// the register's movement in the order's register and everything that follows
// a sale, in one transaction, decided by the conditional UPDATE on its state
// and vence_en. A payment that cannot complete it (the order released or
// past vence_en, another amount, a sale no longer valid) is answered as a
// Devolucion, with the attempt marked for its refund and the order released.
func (s *Store) CompletarPedido(ctx context.Context, k Cobro, pago PagoConfirmado) (*Devolucion, error) {
	var dev *Devolucion
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		var err error
		dev, err = s.completar(ctx, c, k, pago)
		if err != nil || dev == nil {
			return err
		}
		if err := s.liberar(ctx, c, k.EmpresaID, k.PedidoID, dev.liberarComo, dev.Motivo); err != nil && err != errNoPendiente {
			return err
		}
		return s.encolarDevolucion(ctx, c, k, pago, dev)
	})
	return dev, err
}

// encolarDevolucion marks a paid attempt that did not complete its order for
// its refund, queues the refund (key: the attempt, so any number of
// confirmations queue one) and tells the supervisors.
func (s *Store) encolarDevolucion(ctx context.Context, c sqldb.Conn, k Cobro, pago PagoConfirmado, dev *Devolucion) error {
	res, err := c.Exec(ctx, `UPDATE pagos SET estado = ?, pago_externo_id = ?, updated_at = ?
		WHERE empresa_id = ? AND id = ? AND estado NOT IN (?, ?)`, PagoReembolsando, pago.PagoExternoID, c.Now(), k.EmpresaID,
		k.PagoID, PagoReembolsando, PagoReembolsado)
	if err != nil {
		return wrap("anotar devolución", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return wrap("anotar devolución", err) // marked already: its refund is queued
	}
	if _, err := s.encolarTrabajo(ctx, c, NuevoTrabajo{EmpresaID: k.EmpresaID, Tipo: TrabajoReembolso,
		Clave: strconv.FormatInt(k.PagoID, 10)}); err != nil {
		return err
	}
	c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: k.EmpresaID, Roles: Supervisores,
		Datos: EventoAlerta{Tipo: "pago_devuelto", Titulo: domain.TituloPagoDevuelto,
			Mensaje: domain.MensajePagoDevuelto(dev.Motivo, pago.Monto, k.PedidoID, dev.Vendedor)}})
	return nil
}

func (s *Store) completar(ctx context.Context, c sqldb.Conn, k Cobro, pago PagoConfirmado) (*Devolucion, error) {
	o, err := leerPedidoACerrar(ctx, c, k)
	if err != nil {
		return nil, err
	}
	ahora := c.Now()
	switch {
	case o.estado == domain.PedidoCompletado:
		return nil, nil
	case o.estado != domain.PedidoPendiente || !ahora.Before(o.venceEn):
		return devolver(k, domain.MotivoPagoFueraDeTermino, domain.PedidoVencido), nil
	case pago.Monto != o.total:
		return devolver(k, domain.MotivoPagoMontoDistinto, domain.PedidoCancelado), nil
	}
	var g ventaGuardada
	if err := json.Unmarshal([]byte(o.venta), &g); err != nil {
		return nil, wrap("leer la venta del cobro", err)
	}
	a := Actor{UsuarioID: o.usuarioID, EmpresaID: k.EmpresaID, IP: o.ip}
	g.Venta.porPedido = true
	p := s.prepararVenta(ctx, a, g.Venta)
	if err := firstErr(p.forma, p.catalogo); err != nil {
		var de *domain.Error
		if !errors.As(err, &de) {
			return nil, err
		}
		return devolver(k, "La venta ya no puede emitirse ("+de.Message+")", domain.PedidoCancelado), nil
	}
	p.congelar(g.Precios, o.total)
	if g.Venta.SalidaID != nil { // its seats were taken with the order: the tickets are for it, whatever it did since
		x, err := leerSalidaVendible(ctx, c, a.EmpresaID, *g.Venta.SalidaID)
		if err != nil {
			return nil, err
		}
		p.salida = &x
	}
	res, err := c.Exec(ctx, `UPDATE pedidos SET estado = ?, cerrado_en = ? WHERE empresa_id = ? AND id = ? AND estado = ? AND vence_en > ?`,
		domain.PedidoCompletado, ahora, k.EmpresaID, k.PedidoID, domain.PedidoPendiente, ahora)
	if err != nil {
		return nil, wrap("completar cobro", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return devolver(k, domain.MotivoPagoFueraDeTermino, domain.PedidoVencido), wrap("completar cobro", err)
	}
	return nil, s.emitirPedido(ctx, c, a, k, p, o.cajaID, g.Sobreventa, pago)
}

// devolver is the Devolucion of k's payment for motivo, its order released as estado.
func devolver(k Cobro, motivo, estado string) *Devolucion {
	return &Devolucion{Motivo: motivo, Vendedor: k.Vendedor, liberarComo: estado}
}

// leerPedidoACerrar reads and locks the order of k.
func leerPedidoACerrar(ctx context.Context, c sqldb.Conn, k Cobro) (pedidoACerrar, error) {
	var o pedidoACerrar
	err := c.QueryRow(ctx, `SELECT usuario_id, caja_id, ip, venta, total, estado, vence_en FROM pedidos
		WHERE empresa_id = ? AND id = ?`+c.Dialect().ForUpdate(), k.EmpresaID, k.PedidoID).Scan(&o.usuarioID, &o.cajaID, &o.ip,
		&o.venta, &o.total, &o.estado, &o.venceEn)
	return o, wrap("leer cobro", err)
}

// congelar prices the sale's lines as the order froze them.
func (p *ventaPreparada) congelar(precios []domain.Centavos, total domain.Centavos) {
	for i := range p.lineas {
		if i < len(precios) {
			p.lineas[i].precio = precios[i]
		}
	}
	p.total = total
}

// emitirPedido issues a completed order's sale into its register (open: a
// register cannot be counted over a pending order) and records its payment.
func (s *Store) emitirPedido(ctx context.Context, c sqldb.Conn, a Actor, k Cobro, p ventaPreparada, cajaID int64,
	sg *sobreventaGuardada, pago PagoConfirmado) error {
	caja, err := bloquearCajaPorID(ctx, c, a.EmpresaID, cajaID)
	if err != nil {
		return err
	}
	if err := caja.sumar(ctx, c, p.total); err != nil {
		return err
	}
	pasajes, err := s.emitir(ctx, c, a, p, caja.id)
	if err != nil {
		return err
	}
	if sg != nil {
		sv := &sobreventa{cupo: sg.Cupo, exceso: sg.Exceso, confirmo: &sg.Confirmo}
		if err := s.registrarSobreventa(ctx, c, a, p, sv, pasajes); err != nil {
			return err
		}
	}
	if _, err := c.Exec(ctx, `UPDATE pedidos SET movimiento_id = (SELECT movimiento_id FROM pasajes WHERE empresa_id = ? AND id = ?)
		WHERE empresa_id = ? AND id = ?`, a.EmpresaID, pasajes[0].ID, a.EmpresaID, k.PedidoID); err != nil {
		return wrap("anotar la venta del cobro", err)
	}
	if _, err := c.Exec(ctx, `UPDATE pagos SET estado = ?, pago_externo_id = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
		PagoPagado, pago.PagoExternoID, c.Now(), a.EmpresaID, k.PagoID); err != nil {
		return wrap("anotar pago", err)
	}
	c.Emit(events.Event{Nombre: events.PedidoCompletado, EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID,
		Datos: events.EventoPedido{PedidoID: k.PedidoID, Estado: domain.PedidoCompletado}})
	return nil
}

// bloquearCajaPorID locks the company's register id, which must be open.
func bloquearCajaPorID(ctx context.Context, c sqldb.Conn, empresaID, id int64) (cajaBloqueada, error) {
	var cb cajaBloqueada
	err := c.QueryRow(ctx, `SELECT id, volumen FROM cajas WHERE empresa_id = ? AND id = ? AND estado = ?`+c.Dialect().ForUpdate(),
		empresaID, id, domain.CajaAbierta).Scan(&cb.id, &cb.volumen)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return cb, firstErr(wrap("bloquear la caja del cobro", err), domain.Conflict(domain.MsgSinCajaAbierta))
	}
	return cb, nil
}

// LiberarPedido releases the company's pending order as estado (vencido,
// cancelado) with why: its seats given back, its attempt closed, its seller
// told. False when it was no longer pending.
func (s *Store) LiberarPedido(ctx context.Context, empresaID, pedidoID int64, estado, falla string) (bool, error) {
	liberado := false
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		err := s.liberar(ctx, c, empresaID, pedidoID, estado, falla)
		liberado = err == nil
		if err == errNoPendiente {
			return nil
		}
		return err
	})
	return liberado, err
}

// errNoPendiente is liberar's answer for an order no longer pending.
var errNoPendiente = domain.Conflict(domain.MsgPedidoNoPendiente)

func (s *Store) liberar(ctx context.Context, c sqldb.Conn, empresaID, pedidoID int64, liberadoComo, falla string) error {
	var (
		k         = claveCupo{empresaID: empresaID}
		usuarioID int64
		cantidad  int64
		salidaID  *int64
	)
	err := c.QueryRow(ctx, `UPDATE pedidos SET estado = ?, falla = ?, cerrado_en = ? WHERE empresa_id = ? AND id = ? AND estado = ?
		RETURNING usuario_id, seccion_id, CAST(fecha_viaje AS TEXT), cantidad, salida_id`, liberadoComo, falla, c.Now(), empresaID, pedidoID,
		domain.PedidoPendiente).Scan(&usuarioID, &k.seccionID, &k.fecha, &cantidad, &salidaID)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return firstErr(wrap("liberar cobro", err), errNoPendiente)
	}
	if err := sumarLugares(ctx, c, k, -cantidad); err != nil {
		return err
	}
	if salidaID != nil {
		if err := sumarASalidaVendida(ctx, c, empresaID, *salidaID, -cantidad); err != nil {
			return err
		}
	}
	if _, err := c.Exec(ctx, `UPDATE pagos SET estado = ?, updated_at = ? WHERE empresa_id = ? AND pedido_id = ? AND estado IN (?, ?)`,
		PagoCerrado, c.Now(), empresaID, pedidoID, PagoCreando, PagoCreado); err != nil {
		return wrap("cerrar intento de pago", err)
	}
	c.Emit(events.Event{Nombre: events.PedidoLiberado, EmpresaID: empresaID, UsuarioID: usuarioID,
		Datos: events.EventoPedido{PedidoID: pedidoID, Estado: liberadoComo}})
	return nil
}

// cobroPendienteEn refuses to count a register while one of its orders waits
// for a payment (not yet past vence_en): a completion always finds its
// register open.
func cobroPendienteEn(ctx context.Context, c sqldb.Conn, empresaID, cajaID int64) error {
	var n int64
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE empresa_id = ? AND caja_id = ? AND estado = ? AND vence_en > ?`,
		empresaID, cajaID, domain.PedidoPendiente, c.Now()).Scan(&n); err != nil {
		return wrap("buscar cobros pendientes", err)
	}
	if n > 0 {
		return domain.Conflict(domain.MsgCobroPendiente)
	}
	return nil
}

// maxCobrosConciliacion bounds the attempts one reconciliation reads of a company.
const maxCobrosConciliacion = 5000

// CobrosConOrden are the company's payment attempts with an order at Mercado
// Pago created from desde until hasta, for the reconciliation.
func (s *Store) CobrosConOrden(ctx context.Context, empresaID int64, desde, hasta time.Time) ([]domain.PagoConciliado, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (p domain.PagoConciliado, err error) {
		return p, sc.Scan(&p.Orden, &p.Estado, &p.Creado)
	}, `SELECT orden_id, estado, created_at FROM pagos WHERE empresa_id = ? AND proveedor = ? AND orden_id IS NOT NULL
		AND created_at >= ? AND created_at < ? ORDER BY id LIMIT ?`, empresaID, ProveedorMercadoPago, desde, hasta, maxCobrosConciliacion)
	return out, wrap("leer cobros para conciliar", err)
}

// EmpresasConMercadoPago are the companies with Mercado Pago credentials stored.
func (s *Store) EmpresasConMercadoPago(ctx context.Context) ([]int64, error) {
	ids, err := sqldb.QueryIDs(ctx, s.db.Conn(), `SELECT empresa_id FROM credenciales_servicios WHERE servicio = ? ORDER BY empresa_id`,
		domain.ServicioMercadoPago)
	return ids, wrap("leer empresas con Mercado Pago", err)
}

// AvisarConciliacion tells the company's supervisors what a reconciliation
// found out of step, with the company's time zone for its dates.
func (s *Store) AvisarConciliacion(ctx context.Context, empresaID int64, c domain.Conciliacion, desde, hasta time.Time) error {
	var zona string
	if err := s.db.Conn().QueryRow(ctx, `SELECT timezone FROM empresas WHERE id = ?`, empresaID).Scan(&zona); err != nil {
		return wrap("leer zona horaria", err)
	}
	return s.db.InTx(ctx, func(tx sqldb.Conn) error {
		tx.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: empresaID, Roles: Supervisores,
			Datos: EventoAlerta{Tipo: "conciliacion_mp", Titulo: domain.TituloConciliacionMP,
				Mensaje: domain.MensajeConciliacion(c, desde, hasta, domain.Location(zona))}})
		return nil
	})
}
