package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// The points ledger (docs/features/puntos.md). Every change of a
// customer's points is a movement (puntos_movimientos) keyed by its origin
// and kind, so each posts once; a credit makes a lot (puntos_lotes) with its
// expiry and what remains of it; a debit takes from the lots that expire
// first and records what it took (puntos_asignaciones); what a debit could
// not take is its pendiente, the customer's debt, paid by the next credits.
// Every write of a customer's points first locks the customer's row, so two
// writers of one customer (two instances' expiry jobs, a sale and a
// cancellation) take turns.

// Audit actions of the points.
const (
	AccionConfiguracionPuntos    = "CONFIGURACION_PUNTOS"
	AccionCreacionBeneficio      = "CREACION_BENEFICIO"
	AccionActualizacionBeneficio = "ACTUALIZACION_BENEFICIO"
	AccionEliminacionBeneficio   = "ELIMINACION_BENEFICIO"
	AccionAjustePuntos           = "AJUSTE_PUNTOS"
)

// ConfiguracionPuntos reads the company's points configuration (the defaults
// of backoffice §9 until one is saved).
func (s *Store) ConfiguracionPuntos(ctx context.Context, empresaID int64) (domain.ConfigPuntos, error) {
	return configPuntos(ctx, s.db.Conn(), empresaID)
}

const configPuntosColumnas = `activo, puntos_por_peso, puntos_minimos_canje, vencimiento_puntos_dias,
	multiplicador_viajero_frecuente, viajes_para_frecuente, dias_para_frecuente, anulacion_puntos_canjeados`

func configPuntos(ctx context.Context, c sqldb.Conn, empresaID int64) (domain.ConfigPuntos, error) {
	cfg := domain.ConfigPuntosPorDefecto()
	var dias sql.NullInt64
	err := c.QueryRow(ctx, `SELECT `+configPuntosColumnas+` FROM puntos_configuracion WHERE empresa_id = ?`, empresaID).
		Scan(&cfg.Activo, &cfg.PuntosPorPeso, &cfg.PuntosMinimosCanje, &dias, &cfg.Multiplicador,
			&cfg.ViajesFrecuente, &cfg.DiasFrecuente, &cfg.AnulacionCanjeados)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return domain.ConfigPuntosPorDefecto(), wrap("leer configuración de puntos", err)
	}
	cfg.VencimientoDias = nil
	if dias.Valid {
		d := int(dias.Int64)
		cfg.VencimientoDias = &d
	}
	return cfg, nil
}

// GuardarConfiguracionPuntos saves the company's points configuration,
// audited with its new values.
func (s *Store) GuardarConfiguracionPuntos(ctx context.Context, a Actor, cfg domain.ConfigPuntos) (domain.ConfigPuntos, error) {
	if err := cfg.Validar(); err != nil {
		return cfg, err
	}
	return idempotent(ctx, s, a, "puntos.configurar", func(c sqldb.Conn) (domain.ConfigPuntos, error) {
		_, err := c.Exec(ctx, `INSERT INTO puntos_configuracion (empresa_id, `+configPuntosColumnas+`, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (empresa_id) DO UPDATE SET activo = excluded.activo,
			puntos_por_peso = excluded.puntos_por_peso, puntos_minimos_canje = excluded.puntos_minimos_canje,
			vencimiento_puntos_dias = excluded.vencimiento_puntos_dias,
			multiplicador_viajero_frecuente = excluded.multiplicador_viajero_frecuente,
			viajes_para_frecuente = excluded.viajes_para_frecuente, dias_para_frecuente = excluded.dias_para_frecuente,
			anulacion_puntos_canjeados = excluded.anulacion_puntos_canjeados,
			updated_at = excluded.updated_at`, a.EmpresaID, cfg.Activo, cfg.PuntosPorPeso, cfg.PuntosMinimosCanje,
			cfg.VencimientoDias, cfg.Multiplicador, cfg.ViajesFrecuente, cfg.DiasFrecuente, cfg.AnulacionCanjeados, c.Now())
		if err != nil {
			return cfg, wrap("guardar configuración de puntos", err)
		}
		vence := "sin vencimiento"
		if cfg.VencimientoDias != nil {
			vence = fmt.Sprintf("vencen a los %d días", *cfg.VencimientoDias)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "puntos_configuracion"}})
		return cfg, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConfiguracionPuntos,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Activo: %v; %s puntos por peso; mínimo para canjear %d; %s; "+
				"viajero frecuente ×%s con %d viajes en %d días; al cancelar con puntos canjeados: %s", cfg.Activo,
				domain.Centavos(cfg.PuntosPorPeso).Numero(), cfg.PuntosMinimosCanje, vence, domain.Centavos(cfg.Multiplicador).Numero(),
				cfg.ViajesFrecuente, cfg.DiasFrecuente, cfg.AnulacionCanjeados)})
	})
}

// Benefits.

const beneficioColumnas = `id, nombre, descripcion, tipo, valor, puntos_requeridos, maximo_usos, usos, vigencia_dias,
	fecha_inicio, fecha_fin, activo`

func scanBeneficio(sc sqldb.Scanner) (domain.Beneficio, error) {
	var (
		b             domain.Beneficio
		maximo, vigor sql.NullInt64
		inicio, fin   sql.NullString
	)
	err := sc.Scan(&b.ID, &b.Nombre, &b.Descripcion, &b.Tipo, &b.Valor, &b.PuntosRequeridos, &maximo, &b.Usos, &vigor,
		&inicio, &fin, &b.Activo)
	b.MaximoUsos, b.VigenciaDias = entero(maximo), entero(vigor)
	if inicio.Valid {
		b.FechaInicio = &inicio.String
	}
	if fin.Valid {
		b.FechaFin = &fin.String
	}
	return b, err
}

func entero(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

// maxBeneficios bounds the list of a company's benefits.
const maxBeneficios = 1000

// ListarBeneficios lists the company's benefits by name.
func (s *Store) ListarBeneficios(ctx context.Context, empresaID int64) ([]domain.Beneficio, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanBeneficio, `SELECT `+beneficioColumnas+` FROM puntos_beneficios
		WHERE empresa_id = ? ORDER BY nombre, id LIMIT ?`, empresaID, maxBeneficios)
	return out, wrap("listar beneficios", err)
}

// BeneficioPorID reads one of the company's benefits; another company's is not found.
func (s *Store) BeneficioPorID(ctx context.Context, empresaID, id int64) (domain.Beneficio, error) {
	return beneficio(ctx, s.db.Conn(), empresaID, id)
}

func beneficio(ctx context.Context, c sqldb.Conn, empresaID, id int64) (domain.Beneficio, error) {
	b, err := scanBeneficio(c.QueryRow(ctx, `SELECT `+beneficioColumnas+` FROM puntos_beneficios WHERE empresa_id = ? AND id = ?`,
		empresaID, id))
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return b, firstErr(wrap("leer beneficio", err), domain.NotFound(domain.MsgBeneficioNoEncontrado))
	}
	return b, nil
}

// CrearBeneficio adds a benefit to the company.
func (s *Store) CrearBeneficio(ctx context.Context, a Actor, b domain.Beneficio) (domain.Beneficio, error) {
	b, err := b.Normalizar()
	if err != nil {
		return b, err
	}
	return idempotent(ctx, s, a, "puntos.beneficios.crear", func(c sqldb.Conn) (domain.Beneficio, error) {
		id, err := c.InsertID(ctx, `INSERT INTO puntos_beneficios (empresa_id, nombre, descripcion, tipo, valor,
			puntos_requeridos, maximo_usos, vigencia_dias, fecha_inicio, fecha_fin, activo, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, b.Nombre, b.Descripcion, b.Tipo, b.Valor,
			b.PuntosRequeridos, b.MaximoUsos, b.VigenciaDias, b.FechaInicio, b.FechaFin, b.Activo, c.Now(), c.Now())
		if err != nil {
			return b, wrap("crear beneficio", err)
		}
		return s.beneficioEscrito(ctx, c, a, id, AccionCreacionBeneficio)
	})
}

// ActualizarBeneficio changes one of the company's benefits (its uses so far stay).
func (s *Store) ActualizarBeneficio(ctx context.Context, a Actor, id int64, b domain.Beneficio) (domain.Beneficio, error) {
	b, err := b.Normalizar()
	if err != nil {
		return b, err
	}
	return idempotent(ctx, s, a, "puntos.beneficios.actualizar", func(c sqldb.Conn) (domain.Beneficio, error) {
		res, err := c.Exec(ctx, `UPDATE puntos_beneficios SET nombre = ?, descripcion = ?, tipo = ?, valor = ?,
			puntos_requeridos = ?, maximo_usos = ?, vigencia_dias = ?, fecha_inicio = ?, fecha_fin = ?, activo = ?,
			updated_at = ? WHERE empresa_id = ? AND id = ?`, b.Nombre, b.Descripcion, b.Tipo, b.Valor, b.PuntosRequeridos,
			b.MaximoUsos, b.VigenciaDias, b.FechaInicio, b.FechaFin, b.Activo, c.Now(), a.EmpresaID, id)
		if err != nil {
			return b, wrap("actualizar beneficio", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return b, domain.NotFound(domain.MsgBeneficioNoEncontrado)
		}
		return s.beneficioEscrito(ctx, c, a, id, AccionActualizacionBeneficio)
	})
}

// ActivarBeneficio turns one of the company's benefits on or off (the
// table's inline toggle).
func (s *Store) ActivarBeneficio(ctx context.Context, a Actor, id int64, activo bool) (domain.Beneficio, error) {
	return idempotent(ctx, s, a, "puntos.beneficios.activar", func(c sqldb.Conn) (domain.Beneficio, error) {
		res, err := c.Exec(ctx, `UPDATE puntos_beneficios SET activo = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
			activo, c.Now(), a.EmpresaID, id)
		if err != nil {
			return domain.Beneficio{}, wrap("activar beneficio", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Beneficio{}, domain.NotFound(domain.MsgBeneficioNoEncontrado)
		}
		return s.beneficioEscrito(ctx, c, a, id, AccionActualizacionBeneficio)
	})
}

// EliminarBeneficio deletes a benefit never redeemed, or deactivates one
// that was (its movements keep it). desactivado tells which.
func (s *Store) EliminarBeneficio(ctx context.Context, a Actor, id int64) (desactivado bool, err error) {
	return idempotent(ctx, s, a, "puntos.beneficios.eliminar", func(c sqldb.Conn) (bool, error) {
		b, err := beneficio(ctx, c, a.EmpresaID, id)
		if err != nil {
			return false, err
		}
		var usado bool
		if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM puntos_movimientos WHERE empresa_id = ? AND beneficio_id = ?)`,
			a.EmpresaID, id).Scan(&usado); err != nil {
			return false, wrap("buscar canjes del beneficio", err)
		}
		q := `DELETE FROM puntos_beneficios WHERE empresa_id = ? AND id = ?`
		if usado {
			q = `UPDATE puntos_beneficios SET activo = FALSE WHERE empresa_id = ? AND id = ?`
		}
		if _, err := c.Exec(ctx, q, a.EmpresaID, id); err != nil {
			return false, wrap("eliminar beneficio", err)
		}
		hecho := "eliminado"
		if usado {
			hecho = "desactivado"
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "puntos_beneficios"}})
		return usado, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionEliminacionBeneficio,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Beneficio %d (%s) %s", id, b.Nombre, hecho)})
	})
}

// beneficioEscrito reads back the benefit just written, audits the write and announces it.
func (s *Store) beneficioEscrito(ctx context.Context, c sqldb.Conn, a Actor, id int64, accion string) (domain.Beneficio, error) {
	b, err := beneficio(ctx, c, a.EmpresaID, id)
	if err != nil {
		return b, err
	}
	c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "puntos_beneficios"}})
	return b, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion, IP: a.IP,
		Exito: true, Detalles: fmt.Sprintf("Beneficio %d: %s (%s, %d puntos, activo: %v)", b.ID, b.Nombre, b.Tipo,
			b.PuntosRequeridos, b.Activo)})
}

// The ledger.

// asiento is one movement to post.
type asiento struct {
	clienteID   int64
	tipo        string
	puntos      int64
	origen      string
	pasajeID    *int64
	beneficioID *int64
	usuarioID   int64 // 0: none (the expiry job)
	motivo      string
	descripcion string
	valor       domain.Centavos // the money value: a canje's discount (see migration 40)
	momento     time.Time
}

// origenCompra is the origin of a ticket's purchase points: the ticket and
// the register movement that made it active (its sale or its reactivation),
// so each activation earns once; its reversal has the same origin.
func origenCompra(pasajeID, movimientoCajaID int64) string {
	return fmt.Sprintf("pasaje:%d:%d", pasajeID, movimientoCajaID)
}

// origenVencimiento is the origin of a lot's expiry: one per lot.
func origenVencimiento(loteID int64) string { return fmt.Sprintf("lote:%d", loteID) }

// bloquearCliente locks the customer's row for the rest of the transaction
// (PostgreSQL; SQLite's write transactions are exclusive already): every
// write of a customer's points takes it first. NO KEY UPDATE, so that a
// concurrent sale inserting tickets of this customer (whose foreign key takes
// KEY SHARE) waits for nothing and is no deadlock. Another company's customer
// is not found.
func bloquearCliente(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) error {
	var id int64
	err := c.QueryRow(ctx, `SELECT id FROM clientes WHERE empresa_id = ? AND id = ?`+c.Dialect().ForNoKeyUpdate(),
		empresaID, clienteID).Scan(&id)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return firstErr(wrap("bloquear cliente", err), domain.NotFound(domain.MsgClienteNoEncontrado))
	}
	return nil
}

// asentar posts a movement once: false when its origin and kind were
// posted already (a retry).
func asentar(ctx context.Context, c sqldb.Conn, empresaID int64, m asiento) (int64, bool, error) {
	var usuario *int64
	if m.usuarioID != 0 {
		usuario = &m.usuarioID
	}
	var id int64
	err := c.QueryRow(ctx, `INSERT INTO puntos_movimientos (empresa_id, cliente_id, tipo, puntos, origen, pasaje_id,
		beneficio_id, usuario_id, motivo, descripcion, valor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (empresa_id, origen, tipo) DO NOTHING RETURNING id`, empresaID, m.clienteID, m.tipo, m.puntos,
		m.origen, m.pasajeID, m.beneficioID, usuario, m.motivo, m.descripcion, m.valor, m.momento.UTC()).Scan(&id)
	missing, err := sqldb.NoRows(err)
	return id, !missing && err == nil, wrap("asentar movimiento de puntos", err)
}

// acreditar posts a credit and its lot (expiring at vence, nil never), then
// pays the customer's debt from the lots. The customer is locked.
func acreditar(ctx context.Context, c sqldb.Conn, empresaID int64, m asiento, vence *time.Time) (int64, error) {
	id, err := acreditarLote(ctx, c, empresaID, m, vence)
	if err != nil {
		return id, err
	}
	return id, saldarDeuda(ctx, c, empresaID, m.clienteID)
}

// acreditarLote posts a credit and its lot, leaving the debt to the caller
// (a sale settles it once after all its tickets' lots).
func acreditarLote(ctx context.Context, c sqldb.Conn, empresaID int64, m asiento, vence *time.Time) (int64, error) {
	id, nuevo, err := asentar(ctx, c, empresaID, m)
	if err != nil || !nuevo {
		return id, err
	}
	var venceEn *time.Time
	if vence != nil {
		v := vence.UTC()
		venceEn = &v
	}
	if _, err := c.Exec(ctx, `INSERT INTO puntos_lotes (empresa_id, cliente_id, movimiento_id, puntos, restante, vence_en,
		created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, empresaID, m.clienteID, id, m.puntos, m.puntos, venceEn, m.momento.UTC()); err != nil {
		return id, wrap("crear lote de puntos", err)
	}
	return id, nil
}

// asignar records that movement movID changed lot loteID's remainder by
// puntos (negative: took) and applies it.
func asignar(ctx context.Context, c sqldb.Conn, empresaID, movID, loteID, puntos int64) error {
	if _, err := c.Exec(ctx, `UPDATE puntos_lotes SET restante = restante + ? WHERE id = ?`, puntos, loteID); err != nil {
		return wrap("descontar de lote de puntos", err)
	}
	_, err := c.Exec(ctx, `INSERT INTO puntos_asignaciones (empresa_id, movimiento_id, lote_id, puntos, created_at)
		VALUES (?, ?, ?, ?, ?)`, empresaID, movID, loteID, puntos, c.Now())
	return wrap("asignar puntos de lote", err)
}

// loteVivo is a lot with points left, not expired.
type loteVivo struct{ id, restante int64 }

// tomar takes up to puntos from the customer's lots not expired, the soonest
// to expire first (lots that never expire last), for movement movID, and
// returns what it took. The customer is locked.
func tomar(ctx context.Context, c sqldb.Conn, empresaID, clienteID, movID, puntos int64) (int64, error) {
	if puntos <= 0 {
		return 0, nil
	}
	lotes, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l loteVivo, err error) {
		return l, sc.Scan(&l.id, &l.restante)
	}, `SELECT id, restante FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ? AND restante > 0
		AND (vence_en IS NULL OR vence_en > ?) ORDER BY vence_en IS NULL, vence_en, id`, empresaID, clienteID, c.Now())
	if err != nil {
		return 0, wrap("leer lotes de puntos", err)
	}
	var tomado int64
	for _, l := range lotes {
		if tomado == puntos {
			break
		}
		x := min(l.restante, puntos-tomado)
		if err := asignar(ctx, c, empresaID, movID, l.id, -x); err != nil {
			return tomado, err
		}
		tomado += x
	}
	return tomado, nil
}

// debitar takes puntos for movement movID from the lots; what they lack is
// the movement's pendiente (debt), which it returns.
func debitar(ctx context.Context, c sqldb.Conn, empresaID, clienteID, movID, puntos int64) (int64, error) {
	tomado, err := tomar(ctx, c, empresaID, clienteID, movID, puntos)
	if err != nil || tomado == puntos {
		return 0, err
	}
	_, err = c.Exec(ctx, `UPDATE puntos_movimientos SET pendiente = pendiente + ? WHERE id = ?`, puntos-tomado, movID)
	return puntos - tomado, wrap("anotar deuda de puntos", err)
}

// saldarDeuda pays the customer's debt, oldest first, from the lots.
func saldarDeuda(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) error {
	deudas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l loteVivo, err error) {
		return l, sc.Scan(&l.id, &l.restante)
	}, `SELECT id, pendiente FROM puntos_movimientos WHERE empresa_id = ? AND cliente_id = ? AND pendiente > 0 ORDER BY id`,
		empresaID, clienteID)
	if err != nil {
		return wrap("leer deuda de puntos", err)
	}
	for _, d := range deudas {
		tomado, err := tomar(ctx, c, empresaID, clienteID, d.id, d.restante)
		if err != nil {
			return err
		}
		if tomado > 0 {
			if _, err := c.Exec(ctx, `UPDATE puntos_movimientos SET pendiente = pendiente - ? WHERE id = ?`, tomado, d.id); err != nil {
				return wrap("saldar deuda de puntos", err)
			}
		}
		if tomado < d.restante {
			return nil
		}
	}
	return nil
}

// saldoPuntos is what the customer's lots not expired hold and what the
// customer owes; the balance is the first less the second.
func saldoPuntos(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) (disponible, deuda int64, err error) {
	err = c.QueryRow(ctx, `SELECT COALESCE((SELECT SUM(restante) FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ?
		AND restante > 0 AND (vence_en IS NULL OR vence_en > ?)), 0),
		COALESCE((SELECT SUM(pendiente) FROM puntos_movimientos WHERE empresa_id = ? AND cliente_id = ? AND pendiente > 0), 0)`,
		empresaID, clienteID, c.Now(), empresaID, clienteID).Scan(&disponible, &deuda)
	return disponible, deuda, wrap("leer saldo de puntos", err)
}

// Earning at the sale.

// puntosDeVenta reads what a sale's earning needs: the configuration, whether
// the company has the points module on the sale's business day, and how
// many trips the customer made in the frequent-traveller window before the
// sale (its tickets not cancelled, sold in the DiasFrecuente days up to the
// sale, this sale's left out).
func puntosDeVenta(ctx context.Context, c sqldb.Conn, empresaID, clienteID, movID int64, momento time.Time, hoy string) (
	cfg domain.ConfigPuntos, activo bool, viajes int64, err error) {
	if cfg, activo, err = puntosActivos(ctx, c, empresaID, hoy); err != nil || !activo {
		return cfg, false, 0, err
	}
	viajes, err = viajesDeCliente(ctx, c, empresaID, clienteID, cfg, momento, movID)
	return cfg, err == nil, viajes, err
}

// puntosActivos reads the company's configuration and whether points work
// on the business day hoy: the points module effective and the configuration
// active.
func puntosActivos(ctx context.Context, c sqldb.Conn, empresaID int64, hoy string) (domain.ConfigPuntos, bool, error) {
	var (
		habilitado sql.NullBool
		vence      sql.NullString
	)
	err := c.QueryRow(ctx, `SELECT em.habilitado, em.fecha_vencimiento FROM modulos m
		LEFT JOIN empresa_modulos em ON em.empresa_id = ? AND em.modulo_id = m.id WHERE m.codigo = ?`,
		empresaID, domain.ModuloPuntos).Scan(&habilitado, &vence)
	if err != nil {
		return domain.ConfigPuntos{}, false, wrap("leer módulo de puntos", err)
	}
	modulo := domain.EstadoModulo{Habilitado: !habilitado.Valid || habilitado.Bool}
	if vence.Valid {
		modulo.FechaVencimiento = &vence.String
	}
	if !modulo.Efectivo(hoy) {
		return domain.ConfigPuntos{}, false, nil
	}
	cfg, err := configPuntos(ctx, c, empresaID)
	return cfg, err == nil && cfg.Activo, err
}

// viajesDeCliente counts the customer's trips in the frequent-traveller
// window ending at hasta: tickets not cancelled sold in it, those of register
// movement excluir left out (0: none).
func viajesDeCliente(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64, cfg domain.ConfigPuntos, hasta time.Time,
	excluir int64) (int64, error) {
	var n int64
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND cliente_id = ? AND created_at > ?
		AND created_at <= ? AND estado <> ? AND (movimiento_id IS NULL OR movimiento_id <> ?)`, empresaID, clienteID,
		hasta.AddDate(0, 0, -cfg.DiasFrecuente).UTC(), hasta.UTC(), domain.PasajeCancelado, excluir).Scan(&n)
	return n, wrap("contar viajes del cliente", err)
}

// ganarPuntosVenta credits the points a sale linked to a customer earns, one
// lot per ticket (so that cancelling a ticket reverses exactly what it
// earned), in the sale's transaction, for an online sale and for an offline
// one at its sync alike. movID is the sale's register movement.
func ganarPuntosVenta(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada, pasajes []Pasaje, movID int64,
	momento time.Time) error {
	if p.clienteID == nil {
		return nil
	}
	cfg, activo, viajes, err := puntosDeVenta(ctx, c, a.EmpresaID, *p.clienteID, movID, momento, domain.DiaDe(momento, p.zona).Fecha)
	if err != nil || !activo {
		return err
	}
	frecuente, vence, bloqueado := cfg.EsFrecuente(viajes), cfg.Vencimiento(momento), false
	for _, ps := range pasajes {
		puntos := cfg.PuntosGanados(ps.Precio, frecuente)
		if puntos == 0 {
			continue
		}
		if !bloqueado {
			if err := bloquearCliente(ctx, c, a.EmpresaID, *p.clienteID); err != nil {
				return err
			}
			bloqueado = true
		}
		desc := "Compra del pasaje " + ps.NumeroPasaje
		if frecuente {
			desc += " (viajero frecuente ×" + domain.Centavos(cfg.Multiplicador).Numero() + ")"
		}
		id := ps.ID
		if _, err := acreditarLote(ctx, c, a.EmpresaID, asiento{clienteID: *p.clienteID, tipo: domain.MovCompra, puntos: puntos,
			origen: origenCompra(ps.ID, movID), pasajeID: &id, usuarioID: a.UsuarioID, descripcion: desc, momento: momento}, vence); err != nil {
			return err
		}
	}
	if !bloqueado {
		return nil
	}
	return saldarDeuda(ctx, c, a.EmpresaID, *p.clienteID)
}

// Cancelling and reactivating a ticket.

// puntosAlCancelar follows a ticket's cancellation in its transaction,
// before the refund is counted: it reverses what the ticket earned (and, with
// the sale's last ticket, undoes the benefit its sale redeemed), and answers
// what the refund keeps for points the ticket earned that were already spent
// (domain.RetenerPuntosGastados).
func puntosAlCancelar(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje) (domain.RetencionPuntos, error) {
	r, err := revertirCompras(ctx, c, a, p)
	if err != nil {
		return r, err
	}
	return r, devolverCanje(ctx, c, a, p)
}

// puntosAlReactivar earns again what a reactivated ticket earned, refused
// once its sale's redemption was given back (the discount would be free) or
// its cancellation kept money for spent points (they were paid for in
// money). movID is the reactivation's register movement.
func puntosAlReactivar(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje, movID int64) error {
	if cv, ok, err := canjeDelPasaje(ctx, c, a.EmpresaID, p.ID); err != nil || (ok && cv.devuelto) {
		return firstErr(err, domain.Conflict(domain.MsgReactivarConCanje))
	}
	var retenido bool
	if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM puntos_movimientos WHERE empresa_id = ? AND pasaje_id = ?
		AND tipo = ? AND valor > 0)`, a.EmpresaID, p.ID, domain.MovReversionCompra).Scan(&retenido); err != nil || retenido {
		return firstErr(wrap("leer devolución del pasaje", err), domain.Conflict(domain.MsgReactivarConPuntosRetenidos))
	}
	return reganarCompra(ctx, c, a, p, movID)
}

// compraDePasaje is a purchase a ticket earned, with its lot.
type compraDePasaje struct {
	clienteID, puntos, loteID int64
	origen                    string
	venceEn                   sql.NullTime
}

// revertirCompras reverses each purchase of the ticket not reversed yet:
// what its lot earned less what of it expired, taken from the lot itself
// first, then from the customer's other lots. What is missing (points already
// spent) refuses the cancellation when the company chose so
// (domain.AnulacionRechazar); otherwise it is paid from the refund at the value the spending benefit gave them
// (retenerPuntosGastados), and what that does not cover stays as the
// reversal's debt, so the balance goes negative. It answers what the refund
// keeps.
func revertirCompras(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje) (domain.RetencionPuntos, error) {
	var total domain.RetencionPuntos
	compras, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (x compraDePasaje, err error) {
		return x, sc.Scan(&x.clienteID, &x.puntos, &x.loteID, &x.origen)
	}, `SELECT m.cliente_id, m.puntos, l.id, m.origen FROM puntos_movimientos m JOIN puntos_lotes l ON l.movimiento_id = m.id
		WHERE m.empresa_id = ? AND m.pasaje_id = ? AND m.tipo = ? AND NOT EXISTS (SELECT 1 FROM puntos_movimientos r
		WHERE r.empresa_id = m.empresa_id AND r.origen = m.origen AND r.tipo = ?) ORDER BY m.id`,
		a.EmpresaID, p.ID, domain.MovCompra, domain.MovReversionCompra)
	if err != nil {
		return total, wrap("leer puntos del pasaje", err)
	}
	for _, x := range compras {
		if err := bloquearCliente(ctx, c, a.EmpresaID, x.clienteID); err != nil {
			return total, err
		}
		l, err := loteARevertir(ctx, c, x.loteID, x.puntos)
		if err != nil {
			return total, err
		}
		id := p.ID
		revID, nuevo, err := asentar(ctx, c, a.EmpresaID, asiento{clienteID: x.clienteID, tipo: domain.MovReversionCompra,
			puntos: -l.objetivo, origen: x.origen, pasajeID: &id, usuarioID: a.UsuarioID,
			descripcion: "Pasaje " + p.NumeroPasaje + " cancelado", momento: c.Now()})
		if err != nil || !nuevo {
			return total, err
		}
		faltan, err := quitarLote(ctx, c, a.EmpresaID, x.clienteID, revID, l)
		if err != nil || faltan == 0 {
			return total, err
		}
		if cfg, err := configPuntos(ctx, c, a.EmpresaID); err != nil || cfg.AnulacionCanjeados == domain.AnulacionRechazar {
			return total, firstErr(err, domain.Conflict(fmt.Sprintf(domain.MsgAnulacionPuntosCanjeados, faltan)))
		}
		r, err := retenerPuntosGastados(ctx, c, revID, x.loteID, faltan, p.Precio-total.Monto)
		if err != nil {
			return total, err
		}
		if total.Monto, err = domain.Sumar(total.Monto, r.Monto); err != nil {
			return total, err
		}
		total.Puntos += r.Puntos
	}
	return total, nil
}

// retenerPuntosGastados pays from the refund, up to tope, the faltan points
// of lot loteID that reversal revID could not take back because redemptions
// spent them: each redemption not given back that took from the lot, newest
// first, values them at the discount its benefit gave per point. The points
// paid for leave the reversal's points and debt; the reversal keeps the money
// as its valor.
func retenerPuntosGastados(ctx context.Context, c sqldb.Conn, revID, loteID, faltan int64, tope domain.Centavos) (
	domain.RetencionPuntos, error) {
	gastos, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (g domain.GastoPuntos, err error) {
		return g, sc.Scan(&g.Tomados, &g.Puntos, &g.Valor)
	}, `SELECT -SUM(a.puntos), -m.puntos, m.valor FROM puntos_asignaciones a JOIN puntos_movimientos m ON m.id = a.movimiento_id
		WHERE a.lote_id = ? AND m.tipo = ? AND NOT EXISTS (SELECT 1 FROM puntos_movimientos r WHERE r.empresa_id = m.empresa_id
		AND r.origen = m.origen AND r.tipo = ?) GROUP BY m.id, m.puntos, m.valor ORDER BY m.id DESC`,
		loteID, domain.MovCanje, domain.MovReversionCanje)
	if err != nil {
		return domain.RetencionPuntos{}, wrap("leer canjes del lote", err)
	}
	r := domain.RetenerPuntosGastados(tope, faltan, gastos)
	if r.Puntos == 0 {
		return r, nil
	}
	_, err = c.Exec(ctx, `UPDATE puntos_movimientos SET puntos = puntos + ?, pendiente = pendiente - ?, valor = ?,
		descripcion = descripcion || ? WHERE id = ?`, r.Puntos, r.Puntos, r.Monto,
		fmt.Sprintf(": %d puntos ya canjeados se descontaron de la devolución (%s)", r.Puntos, r.Monto), revID)
	return r, wrap("descontar puntos canjeados de la devolución", err)
}

// lotePorRevertir is a credit's lot to take back: what it earned less what
// of it expired (objetivo), and what remains of it.
type lotePorRevertir struct{ id, objetivo, restante int64 }

// loteARevertir reads lot loteID, which credited puntos, to take it back.
func loteARevertir(ctx context.Context, c sqldb.Conn, loteID, puntos int64) (lotePorRevertir, error) {
	l := lotePorRevertir{id: loteID}
	var vencido int64
	err := c.QueryRow(ctx, `SELECT l.restante, COALESCE((SELECT -SUM(x.puntos) FROM puntos_asignaciones x
		JOIN puntos_movimientos e ON e.id = x.movimiento_id WHERE x.lote_id = l.id AND e.tipo = ?), 0)
		FROM puntos_lotes l WHERE l.id = ?`, domain.MovExpiracion, loteID).Scan(&l.restante, &vencido)
	l.objetivo = puntos - vencido
	return l, wrap("leer lote a revertir", err)
}

// quitarLote takes back l.objetivo for movement revID: from the lot itself
// first, then from the customer's other lots; what is missing (points
// already spent) stays as the movement's debt, and is returned. The customer
// is locked.
func quitarLote(ctx context.Context, c sqldb.Conn, empresaID, clienteID, revID int64, l lotePorRevertir) (int64, error) {
	propio := min(l.restante, l.objetivo)
	if propio > 0 {
		if err := asignar(ctx, c, empresaID, revID, l.id, -propio); err != nil {
			return 0, err
		}
	}
	return debitar(ctx, c, empresaID, clienteID, revID, l.objetivo-propio)
}

// reganarCompra earns again, on a reactivation, the points of the ticket's
// last purchase, with that purchase's expiry (a cancel and reactivate never
// extends it).
func reganarCompra(ctx context.Context, c sqldb.Conn, a Actor, p Pasaje, movID int64) error {
	compras, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (x compraDePasaje, err error) {
		return x, sc.Scan(&x.clienteID, &x.puntos, &x.venceEn)
	}, `SELECT m.cliente_id, m.puntos, l.vence_en FROM puntos_movimientos m JOIN puntos_lotes l ON l.movimiento_id = m.id
		WHERE m.empresa_id = ? AND m.pasaje_id = ? AND m.tipo = ? ORDER BY m.id DESC LIMIT 1`,
		a.EmpresaID, p.ID, domain.MovCompra)
	if err != nil || len(compras) == 0 {
		return wrap("leer puntos del pasaje", err)
	}
	x := compras[0]
	if err := bloquearCliente(ctx, c, a.EmpresaID, x.clienteID); err != nil {
		return err
	}
	id := p.ID
	_, err = acreditar(ctx, c, a.EmpresaID, asiento{clienteID: x.clienteID, tipo: domain.MovCompra, puntos: x.puntos,
		origen: origenCompra(p.ID, movID), pasajeID: &id, usuarioID: a.UsuarioID,
		descripcion: "Pasaje " + p.NumeroPasaje + " reactivado", momento: c.Now()}, instanteDe(x.venceEn))
	return err
}

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

// The customer's points.

// LotePuntos is a lot with points left and not expired.
type LotePuntos struct {
	ID       int64
	Puntos   int64
	Restante int64
	VenceEn  *time.Time
	CreadoEn time.Time
}

// MovimientoPuntos is one movement of a customer's history.
type MovimientoPuntos struct {
	ID              int64
	Tipo            string
	Puntos          int64
	Pendiente       int64 // what the movement still owes (debt)
	Motivo          string
	Descripcion     string
	CreadoEn        time.Time
	FechaExpiracion *time.Time // of the lot a credit made
	UsuarioNombre   *string    // who made it (nil: the system)
	PasajeID        *int64
	NumeroPasaje    *string
}

// PuntosCliente is a customer's points (backoffice §3 "Customer points data").
type PuntosCliente struct {
	Cliente domain.Cliente
	// Saldo is Disponible less Deuda: negative while the customer owes
	// points, and then no redemption is allowed.
	Saldo, Disponible, Deuda int64
	Nivel                    domain.Nivel
	EsFrecuente              bool
	Viajes                   int64 // in the frequent-traveller window up to now
	Lotes                    []LotePuntos
	Movimientos              []MovimientoPuntos // newest first, at most domain.MaxMovimientosMostrados
	TotalMovimientos         int64
}

// PuntosDeCliente reads one of the company's customers' points; another
// company's customer is not found.
func (s *Store) PuntosDeCliente(ctx context.Context, empresaID, clienteID int64) (PuntosCliente, error) {
	return puntosCliente(ctx, s.db.Conn(), empresaID, clienteID)
}

func puntosCliente(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64) (PuntosCliente, error) {
	var (
		out PuntosCliente
		err error
	)
	if out.Cliente, err = cliente(ctx, c, empresaID, clienteID); err != nil {
		return out, err
	}
	cfg, err := configPuntos(ctx, c, empresaID)
	if err != nil {
		return out, err
	}
	if out.Disponible, out.Deuda, err = saldoPuntos(ctx, c, empresaID, clienteID); err != nil {
		return out, err
	}
	out.Saldo = out.Disponible - out.Deuda
	out.Nivel = domain.NivelDe(out.Saldo)
	if out.Viajes, err = viajesDeCliente(ctx, c, empresaID, clienteID, cfg, c.Now(), 0); err != nil {
		return out, err
	}
	out.EsFrecuente = cfg.EsFrecuente(out.Viajes)
	out.Lotes, err = sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l LotePuntos, err error) {
		var vence sql.NullTime
		err = sc.Scan(&l.ID, &l.Puntos, &l.Restante, &vence, &l.CreadoEn)
		l.VenceEn, l.CreadoEn = instanteDe(vence), l.CreadoEn.UTC()
		return l, err
	}, `SELECT id, puntos, restante, vence_en, created_at FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ?
		AND restante > 0 AND (vence_en IS NULL OR vence_en > ?) ORDER BY vence_en IS NULL, vence_en, id`,
		empresaID, clienteID, c.Now())
	if err != nil {
		return out, wrap("leer lotes de puntos", err)
	}
	out.Movimientos, out.TotalMovimientos, err = sqldb.QueryPage(ctx, c, scanMovimientoPuntos,
		sqldb.Page{Limit: domain.MaxMovimientosMostrados}, sqldb.List{
			Columns: `m.id, m.tipo, m.puntos, m.pendiente, m.motivo, m.descripcion, m.created_at, l.vence_en,
				u.nombre_usuario, u.nombre, u.apellido, m.pasaje_id, p.numero_pasaje`,
			From: `FROM puntos_movimientos m LEFT JOIN puntos_lotes l ON l.movimiento_id = m.id
				LEFT JOIN usuarios u ON u.id = m.usuario_id LEFT JOIN pasajes p ON p.id = m.pasaje_id
				WHERE m.empresa_id = ? AND m.cliente_id = ?`,
			OrderBy: `ORDER BY m.id DESC`, Args: []any{empresaID, clienteID}})
	return out, wrap("leer movimientos de puntos", err)
}

func scanMovimientoPuntos(sc sqldb.Scanner) (MovimientoPuntos, error) {
	var (
		m                         MovimientoPuntos
		vence                     sql.NullTime
		usuario, nombre, apellido sql.NullString
	)
	err := sc.Scan(&m.ID, &m.Tipo, &m.Puntos, &m.Pendiente, &m.Motivo, &m.Descripcion, &m.CreadoEn, &vence, &usuario,
		&nombre, &apellido, &m.PasajeID, &m.NumeroPasaje)
	m.CreadoEn, m.FechaExpiracion = m.CreadoEn.UTC(), instanteDe(vence)
	if usuario.Valid {
		n := nombreCompleto(nombre.String, apellido.String, usuario.String)
		m.UsuarioNombre = &n
	}
	return m, err
}

// The expiry job.

// VencerPuntos expires up to lote lots whose date passed with points left:
// one expiracion movement per lot (its origin is the lot, so a lot expires
// once) that takes what remains of it, each customer in a transaction that
// first locks the customer, so that two runs at once, on one instance or
// several, expire each lot once. It returns how many lots it expired.
func (s *Store) VencerPuntos(ctx context.Context, lote int) (int64, error) {
	ahora := s.Now().UTC()
	type clave struct{ empresa, cliente int64 }
	clientes, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (k clave, err error) {
		return k, sc.Scan(&k.empresa, &k.cliente)
	}, `SELECT empresa_id, cliente_id FROM puntos_lotes WHERE restante > 0 AND vence_en <= ? ORDER BY vence_en LIMIT ?`,
		ahora, lote)
	if err != nil {
		return 0, wrap("buscar puntos vencidos", err)
	}
	vistos, total := map[clave]bool{}, int64(0)
	for _, k := range clientes {
		if vistos[k] {
			continue
		}
		vistos[k] = true
		var n int64
		err := s.db.InTx(ctx, func(c sqldb.Conn) error {
			var err error
			n, err = vencerLotes(ctx, c, k.empresa, k.cliente, ahora)
			return err
		})
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// vencerLotes expires the customer's lots due at ahora, under the
// customer's lock.
func vencerLotes(ctx context.Context, c sqldb.Conn, empresaID, clienteID int64, ahora time.Time) (int64, error) {
	if err := bloquearCliente(ctx, c, empresaID, clienteID); err != nil {
		return 0, err
	}
	type vencido struct {
		loteVivo
		vence time.Time
	}
	lotes, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (l vencido, err error) {
		return l, sc.Scan(&l.id, &l.restante, &l.vence)
	}, `SELECT id, restante, vence_en FROM puntos_lotes WHERE empresa_id = ? AND cliente_id = ? AND restante > 0
		AND vence_en <= ? ORDER BY vence_en, id`, empresaID, clienteID, ahora)
	if err != nil {
		return 0, wrap("leer lotes vencidos", err)
	}
	var n int64
	for _, l := range lotes {
		id, nuevo, err := asentar(ctx, c, empresaID, asiento{clienteID: clienteID, tipo: domain.MovExpiracion,
			puntos: -l.restante, origen: origenVencimiento(l.id), momento: ahora,
			descripcion: fmt.Sprintf("Vencieron %d puntos", l.restante)})
		if err != nil {
			return n, err
		}
		if !nuevo {
			continue
		}
		if err := asignar(ctx, c, empresaID, id, l.id, -l.restante); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// tareaPuntos: the points past their date expire every 10 minutes, in
// bounded batches, each lot once (VencerPuntos).
func (s *Store) tareaPuntos(r *jobs.Runner) {
	r.Every("vencer_puntos", 10*time.Minute, enLotes(s.VencerPuntos))
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
