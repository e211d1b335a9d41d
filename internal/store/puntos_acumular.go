package store

import (
	"context"
	"database/sql"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

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
