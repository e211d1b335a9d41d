package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Redemption and adjustment.

// canjear spends puntos of the customer for origin origen: refused while the
// customer owes points, when the balance is short of them or of the
// configuration's minimum to redeem. The points come from the lots that
// expire first.
func canjear(ctx context.Context, c sqldb.Conn, a Actor, clienteID, puntos int64, origen, descripcion string,
	beneficioID *int64, valor domain.Centavos) (int64, error) {
	if puntos <= 0 {
		return 0, domain.Invalid(domain.MsgPuntosCanjeInvalido)
	}
	if err := bloquearCliente(ctx, c, a.EmpresaID, clienteID); err != nil {
		return 0, err
	}
	if err := puedeCanjear(ctx, c, a.EmpresaID, clienteID, puntos); err != nil {
		return 0, err
	}
	id, nuevo, err := asentar(ctx, c, a.EmpresaID, asiento{clienteID: clienteID, tipo: domain.MovCanje, puntos: -puntos,
		origen: origen, beneficioID: beneficioID, usuarioID: a.UsuarioID, descripcion: descripcion, valor: valor, momento: c.Now()})
	if err != nil || !nuevo {
		return id, err
	}
	_, err = debitar(ctx, c, a.EmpresaID, clienteID, id, puntos)
	return id, err
}

// puedeCanjear refuses a redemption of puntos by a locked customer who owes
// points, lacks them, or lacks the configuration's minimum to redeem.
func puedeCanjear(ctx context.Context, c sqldb.Conn, empresaID, clienteID, puntos int64) error {
	cfg, err := configPuntos(ctx, c, empresaID)
	if err != nil {
		return err
	}
	disponible, deuda, err := saldoPuntos(ctx, c, empresaID, clienteID)
	return motivoSinCanje(cfg, disponible, deuda, puntos, err)
}

// motivoSinCanje is why a customer with disponible points and deuda cannot
// redeem puntos (nil: they can).
func motivoSinCanje(cfg domain.ConfigPuntos, disponible, deuda, puntos int64, err error) error {
	switch {
	case err != nil:
		return err
	case deuda > 0:
		return domain.Conflict(domain.MsgPuntosSaldoNegativo)
	case disponible < puntos:
		return domain.Conflict(fmt.Sprintf("%s: el cliente tiene %d y se necesitan %d", domain.MsgPuntosInsuficientes,
			disponible, puntos))
	case puntos > 0 && disponible < cfg.PuntosMinimosCanje:
		return domain.Conflict(fmt.Sprintf("Se necesitan al menos %d puntos para canjear", cfg.PuntosMinimosCanje))
	}
	return nil
}

// CanjearPuntos spends a customer's points for origin origen (each origin
// once) in one transaction, and returns the movement. The counter's
// redemption spends them in the sale's transaction through the same rules.
func (s *Store) CanjearPuntos(ctx context.Context, a Actor, clienteID, puntos int64, origen, descripcion string) (int64, error) {
	return idempotent(ctx, s, a, "puntos.canjear", func(c sqldb.Conn) (int64, error) {
		return canjear(ctx, c, a, clienteID, puntos, origen, descripcion, nil, 0)
	})
}

// AjustarPuntos adds (puntos > 0, a lot with the configuration's expiry) or
// takes (puntos < 0, refused beyond the balance) a customer's points by hand,
// with its reason, audited; it answers the customer's points after it.
func (s *Store) AjustarPuntos(ctx context.Context, a Actor, clienteID, puntos int64, motivo, descripcion string) (PuntosCliente, error) {
	motivo, descripcion, err := domain.ValidarAjuste(puntos, motivo, descripcion)
	if err != nil {
		return PuntosCliente{}, err
	}
	return idempotent(ctx, s, a, "puntos.ajustar", func(c sqldb.Conn) (PuntosCliente, error) {
		if err := bloquearCliente(ctx, c, a.EmpresaID, clienteID); err != nil {
			return PuntosCliente{}, err
		}
		cfg, err := configPuntos(ctx, c, a.EmpresaID)
		if err != nil {
			return PuntosCliente{}, err
		}
		clave := make([]byte, 12)
		if _, err := rand.Read(clave); err != nil {
			return PuntosCliente{}, err
		}
		texto := motivo
		if descripcion != "" {
			texto += ": " + descripcion
		}
		m := asiento{clienteID: clienteID, tipo: domain.MovAjuste, puntos: puntos, usuarioID: a.UsuarioID,
			origen: fmt.Sprintf("ajuste:%d:%s", a.UsuarioID, hex.EncodeToString(clave)), motivo: motivo,
			descripcion: texto, momento: c.Now()}
		if puntos > 0 {
			_, err = acreditar(ctx, c, a.EmpresaID, m, cfg.Vencimiento(c.Now()))
		} else {
			err = ajusteNegativo(ctx, c, a, m)
		}
		if err != nil {
			return PuntosCliente{}, err
		}
		err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionAjustePuntos, IP: a.IP,
			Exito: true, Detalles: fmt.Sprintf("Cliente %d: %+d puntos. Motivo: %s", clienteID, puntos, texto)})
		if err != nil {
			return PuntosCliente{}, err
		}
		return puntosCliente(ctx, c, a.EmpresaID, clienteID)
	})
}

// ajusteNegativo takes points by hand, never past the balance.
func ajusteNegativo(ctx context.Context, c sqldb.Conn, a Actor, m asiento) error {
	disponible, deuda, err := saldoPuntos(ctx, c, a.EmpresaID, m.clienteID)
	if err != nil {
		return err
	}
	if saldo := disponible - deuda; saldo < -m.puntos {
		return domain.Conflict(fmt.Sprintf("El ajuste dejaría el saldo en negativo: el cliente tiene %d puntos", saldo))
	}
	id, _, err := asentar(ctx, c, a.EmpresaID, m)
	if err != nil {
		return err
	}
	_, err = debitar(ctx, c, a.EmpresaID, m.clienteID, id, -m.puntos)
	return err
}

// Redemption at the counter.

// canjeVenta is the benefit a sale redeems and the discount it takes off
// each of the sale's tickets.
type canjeVenta struct {
	beneficio  domain.Beneficio
	descuentos []domain.Centavos
	total      domain.Centavos
}

// nota names the benefit in the sale's register movement and audit entry.
func (cv canjeVenta) nota() string {
	n := " con el beneficio «" + cv.beneficio.Nombre + "»"
	if cv.total > 0 {
		n += " (descuento " + cv.total.String() + ")"
	}
	return n
}

// origenVenta is the origin of what a sale redeems and credits with its
// benefit: the sale's register movement.
func origenVenta(movimientoCajaID int64) string { return fmt.Sprintf("venta:%d", movimientoCajaID) }

// prepararCanje checks, inside the sale's transaction, the benefit the sale
// redeems (the company's, active, within its dates, a use left: the use is
// counted here by a conditional UPDATE, so concurrent sales never pass
// maximo_usos) and the customer's points (locked), and takes the discount
// off the sale's total, computed here whatever the client shows.
func prepararCanje(ctx context.Context, c sqldb.Conn, a Actor, p *ventaPreparada) error {
	documento := strings.TrimSpace(p.ClienteDocumento)
	if documento == "" {
		return domain.Invalid(domain.MsgBeneficioSinCliente)
	}
	if _, activo, err := puntosActivos(ctx, c, a.EmpresaID, p.hoy); err != nil || !activo {
		return firstErr(err, domain.Conflict(domain.MsgPuntosInactivos))
	}
	b, err := beneficio(ctx, c, a.EmpresaID, *p.BeneficioID)
	if err != nil {
		return err
	}
	if err := b.VigenteEl(p.hoy); err != nil {
		return err
	}
	var clienteID int64
	err = c.QueryRow(ctx, `SELECT id FROM clientes WHERE empresa_id = ? AND documento = ?`, a.EmpresaID, documento).Scan(&clienteID)
	if missing, err := sqldb.NoRows(err); err != nil {
		return wrap("buscar cliente del canje", err)
	} else if missing {
		return motivoSinCanje(domain.ConfigPuntos{}, 0, 0, max(b.PuntosRequeridos, 1), nil)
	}
	if err := bloquearCliente(ctx, c, a.EmpresaID, clienteID); err != nil {
		return err
	}
	if err := puedeCanjear(ctx, c, a.EmpresaID, clienteID, b.PuntosRequeridos); err != nil {
		return err
	}
	res, err := c.Exec(ctx, `UPDATE puntos_beneficios SET usos = usos + 1 WHERE empresa_id = ? AND id = ?
		AND (maximo_usos IS NULL OR usos < maximo_usos)`, a.EmpresaID, b.ID)
	if err != nil {
		return wrap("contar uso del beneficio", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return firstErr(wrap("contar uso del beneficio", err), domain.Conflict(domain.MsgBeneficioAgotado))
	}
	var precios []domain.Centavos
	for _, l := range p.lineas {
		for range l.Cantidad {
			precios = append(precios, l.precio)
		}
	}
	cv := &canjeVenta{beneficio: b, descuentos: b.Descuentos(precios)}
	for _, d := range cv.descuentos {
		cv.total += d
	}
	p.canje, p.total = cv, p.total-cv.total
	return nil
}

// canjearEnVenta spends, in the sale's transaction, the points of the
// benefit the sale redeems (a canje of the sale's origin, also for a benefit
// of no points, so that a cancellation finds it) and credits a puntos_extra
// benefit's points.
func canjearEnVenta(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada, pasajes []Pasaje, movID int64) error {
	if p.canje == nil {
		return nil
	}
	if p.clienteID == nil {
		return domain.Invalid(domain.MsgBeneficioSinCliente)
	}
	b, origen := p.canje.beneficio, origenVenta(movID)
	desc := fmt.Sprintf("Canje de «%s» en la venta %s", b.Nombre, pasajes[0].NumeroPasaje)
	if b.PuntosRequeridos > 0 {
		if _, err := canjear(ctx, c, a, *p.clienteID, b.PuntosRequeridos, origen, desc, &b.ID, p.canje.total); err != nil {
			return err
		}
	} else if _, _, err := asentar(ctx, c, a.EmpresaID, asiento{clienteID: *p.clienteID, tipo: domain.MovCanje, origen: origen,
		beneficioID: &b.ID, usuarioID: a.UsuarioID, descripcion: desc, momento: c.Now()}); err != nil {
		return err
	}
	extra := b.PuntosExtra()
	if extra == 0 {
		return nil
	}
	cfg, err := configPuntos(ctx, c, a.EmpresaID)
	if err != nil {
		return err
	}
	_, err = acreditar(ctx, c, a.EmpresaID, asiento{clienteID: *p.clienteID, tipo: domain.MovBonificacion, puntos: extra,
		origen: origen, beneficioID: &b.ID, usuarioID: a.UsuarioID, momento: c.Now(),
		descripcion: fmt.Sprintf("Bonificación de «%s» en la venta %s", b.Nombre, pasajes[0].NumeroPasaje)}, cfg.Vencimiento(c.Now()))
	return err
}

// canjeDeVenta is the redemption of a ticket's sale, if its sale redeemed a
// benefit: the movement and whether it was given back.
type canjeDeVenta struct {
	id, clienteID, puntos int64
	beneficioID           *int64
	origen                string
	devuelto              bool
}

// canjeDelPasaje reads the redemption of the sale of ticket pasajeID (ok
// false: its sale redeemed nothing).
func canjeDelPasaje(ctx context.Context, c sqldb.Conn, empresaID, pasajeID int64) (canjeDeVenta, bool, error) {
	var cv canjeDeVenta
	err := c.QueryRow(ctx, `SELECT m.id, m.cliente_id, m.puntos, m.beneficio_id, m.origen, EXISTS (SELECT 1 FROM puntos_movimientos r
		WHERE r.empresa_id = m.empresa_id AND r.origen = m.origen AND r.tipo = ?)
		FROM pasajes p JOIN puntos_movimientos m ON m.empresa_id = p.empresa_id AND m.tipo = ?
		AND m.origen = 'venta:' || CAST(p.movimiento_id AS TEXT) WHERE p.empresa_id = ? AND p.id = ?`,
		domain.MovReversionCanje, domain.MovCanje, empresaID, pasajeID).
		Scan(&cv.id, &cv.clienteID, &cv.puntos, &cv.beneficioID, &cv.origen, &cv.devuelto)
	missing, err := sqldb.NoRows(err)
	return cv, !missing && err == nil, wrap("leer canje de la venta", err)
}

// devolverCanje undoes, once the last ticket of a sale that redeemed a
// benefit is cancelled, every entry of the redemption in one reversion_canje
// movement: the points it spent go back to the lots they came from, those
// still valid (expired ones are not returned), the points a 'puntos extra'
// benefit credited are taken back (what of them did not expire: from their
// lot, then the other lots, the rest as debt), and its use of the benefit is
// freed. While a ticket of the sale stays active the redemption stands.
func devolverCanje(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje) error {
	cv, ok, err := canjeDelPasaje(ctx, c, a.EmpresaID, p.ID)
	if err != nil || !ok || cv.devuelto {
		return err
	}
	var activos int64
	err = c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND movimiento_id =
		(SELECT movimiento_id FROM pasajes WHERE id = ?) AND estado <> ?`, a.EmpresaID, p.ID, domain.PasajeCancelado).Scan(&activos)
	if err != nil || activos > 0 {
		return wrap("contar pasajes de la venta", err)
	}
	if err := bloquearCliente(ctx, c, a.EmpresaID, cv.clienteID); err != nil {
		return err
	}
	type tomado struct {
		loteID, puntos int64
		vence          sql.NullTime
	}
	tomados, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (t tomado, err error) {
		return t, sc.Scan(&t.loteID, &t.puntos, &t.vence)
	}, `SELECT a.lote_id, -SUM(a.puntos), l.vence_en FROM puntos_asignaciones a JOIN puntos_lotes l ON l.id = a.lote_id
		WHERE a.movimiento_id = ? GROUP BY a.lote_id, l.vence_en ORDER BY a.lote_id`, cv.id)
	if err != nil {
		return wrap("leer lotes del canje", err)
	}
	var devuelto, vencido int64
	for _, t := range tomados {
		if v := instanteDe(t.vence); v != nil && !v.After(c.Now()) {
			vencido += t.puntos
			continue
		}
		devuelto += t.puntos
	}
	bonus, hayBonus, err := bonificacionDeVenta(ctx, c, a.EmpresaID, cv.origen)
	if err != nil {
		return err
	}
	desc := "Devolución del canje: venta cancelada"
	if vencido > 0 {
		desc += fmt.Sprintf(" (%d puntos ya vencidos no se devuelven)", vencido)
	}
	if bonus.objetivo > 0 {
		desc += fmt.Sprintf("; se retiran los %d puntos de su bonificación", bonus.objetivo)
	}
	revID, nuevo, err := asentar(ctx, c, a.EmpresaID, asiento{clienteID: cv.clienteID, tipo: domain.MovReversionCanje,
		puntos: devuelto - bonus.objetivo, origen: cv.origen, beneficioID: cv.beneficioID, usuarioID: a.UsuarioID,
		descripcion: desc, momento: c.Now()})
	if err != nil || !nuevo {
		return err
	}
	for _, t := range tomados {
		if v := instanteDe(t.vence); v == nil || v.After(c.Now()) {
			if err := asignar(ctx, c, a.EmpresaID, revID, t.loteID, t.puntos); err != nil {
				return err
			}
		}
	}
	if hayBonus {
		if _, err := quitarLote(ctx, c, a.EmpresaID, cv.clienteID, revID, bonus); err != nil {
			return err
		}
	}
	if cv.beneficioID != nil {
		if _, err := c.Exec(ctx, `UPDATE puntos_beneficios SET usos = usos - 1 WHERE empresa_id = ? AND id = ? AND usos > 0`,
			a.EmpresaID, *cv.beneficioID); err != nil {
			return wrap("devolver uso del beneficio", err)
		}
	}
	return saldarDeuda(ctx, c, a.EmpresaID, cv.clienteID)
}

// bonificacionDeVenta reads the lot a sale's 'puntos extra' benefit credited
// (origin origen), to take it back with the redemption (ok false: none).
func bonificacionDeVenta(ctx context.Context, c sqldb.Conn, empresaID int64, origen string) (lotePorRevertir, bool, error) {
	var loteID, puntos int64
	err := c.QueryRow(ctx, `SELECT l.id, m.puntos FROM puntos_movimientos m JOIN puntos_lotes l ON l.movimiento_id = m.id
		WHERE m.empresa_id = ? AND m.origen = ? AND m.tipo = ?`, empresaID, origen, domain.MovBonificacion).Scan(&loteID, &puntos)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return lotePorRevertir{}, false, wrap("leer bonificación de la venta", err)
	}
	l, err := loteARevertir(ctx, c, loteID, puntos)
	return l, err == nil, err
}

// BeneficioDisponible is a benefit a customer may redeem today at the
// counter, and whether the customer's points reach it now.
type BeneficioDisponible struct {
	domain.Beneficio
	Alcanza bool
	Motivo  string // why not, when it does not
}

// BeneficiosDeCliente lists the company's benefits redeemable today (active,
// within their dates, a use left) with whether the customer can afford each
// now; another company's customer is not found.
func (s *Store) BeneficiosDeCliente(ctx context.Context, empresaID, clienteID int64) ([]BeneficioDisponible, error) {
	c := s.db.Conn()
	if _, err := cliente(ctx, c, empresaID, clienteID); err != nil {
		return nil, err
	}
	var zona string
	if err := c.QueryRow(ctx, `SELECT timezone FROM empresas WHERE id = ?`, empresaID).Scan(&zona); err != nil {
		return nil, wrap("leer zona de la empresa", err)
	}
	hoy := domain.DiaDe(c.Now(), domain.Location(zona)).Fecha
	cfg, err := configPuntos(ctx, c, empresaID)
	if err != nil {
		return nil, err
	}
	disponible, deuda, err := saldoPuntos(ctx, c, empresaID, clienteID)
	if err != nil {
		return nil, err
	}
	todos, err := s.ListarBeneficios(ctx, empresaID)
	if err != nil {
		return nil, err
	}
	out := []BeneficioDisponible{}
	for _, b := range todos {
		if b.VigenteEl(hoy) != nil || (b.MaximoUsos != nil && b.Usos >= *b.MaximoUsos) {
			continue
		}
		d := BeneficioDisponible{Beneficio: b, Alcanza: true}
		if err := motivoSinCanje(cfg, disponible, deuda, b.PuntosRequeridos, nil); err != nil {
			d.Alcanza, d.Motivo = false, err.Error()
		}
		out = append(out, d)
	}
	return out, nil
}
