package store

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Precio is the price of a section for a trip type.
type Precio struct {
	SeccionID   int64
	TipoViajeID int64
	Precio      domain.Centavos
}

// AccionActualizacionPrecios audits a write of prices: the prices it set,
// before (those that had one) and after.
const AccionActualizacionPrecios = "ACTUALIZACION_PRECIOS"

// precioAuditado is a price in the audit's images.
type precioAuditado struct {
	SeccionID   int64           `json:"seccion_id"`
	TipoViajeID int64           `json:"tipo_viaje_id"`
	Precio      domain.Centavos `json:"precio"`
}

// ListarPrecios lists every price of the company.
func (s *Store) ListarPrecios(ctx context.Context, empresaID int64) ([]Precio, error) {
	return listarPrecios(ctx, s.db.Conn(), empresaID)
}

func listarPrecios(ctx context.Context, c sqldb.Conn, empresaID int64) ([]Precio, error) {
	out, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (p Precio, err error) {
		return p, sc.Scan(&p.SeccionID, &p.TipoViajeID, &p.Precio)
	}, `SELECT seccion_id, tipo_viaje_id, precio FROM precios WHERE empresa_id = ? ORDER BY seccion_id, tipo_viaje_id`,
		empresaID)
	return out, wrap("listar precios", err)
}

// PrecioDe returns the price of a section for a trip type; ok is false when none is set.
func (s *Store) PrecioDe(ctx context.Context, empresaID, seccionID, tipoViajeID int64) (domain.Centavos, bool, error) {
	return s.precio(ctx, s.db.Conn(), empresaID, seccionID, tipoViajeID)
}

func (s *Store) precio(ctx context.Context, c sqldb.Conn, empresaID, seccionID, tipoViajeID int64) (domain.Centavos, bool, error) {
	var p domain.Centavos
	err := c.QueryRow(ctx, `SELECT precio FROM precios WHERE empresa_id = ? AND seccion_id = ? AND tipo_viaje_id = ?`,
		empresaID, seccionID, tipoViajeID).Scan(&p)
	missing, err := sqldb.NoRows(err)
	return p, !missing && err == nil, wrap("leer precio", err)
}

// GuardarPrecios sets several prices of the actor's company at once: all or
// nothing. Every section and trip type must belong to the company. It runs
// through idempotent, audits ACTUALIZACION_PRECIOS and returns every price of
// the company after the write.
func (s *Store) GuardarPrecios(ctx context.Context, a Actor, precios []Precio) ([]Precio, error) {
	empresaID := a.EmpresaID
	return idempotent(ctx, s, a, "precios.guardar", func(c sqldb.Conn) ([]Precio, error) {
		previos, err := listarPrecios(ctx, c, empresaID)
		if err != nil {
			return nil, err
		}
		tenia := make(map[[2]int64]Precio, len(previos))
		for _, v := range previos {
			tenia[[2]int64{v.SeccionID, v.TipoViajeID}] = v
		}
		antes, despues := []precioAuditado{}, make([]precioAuditado, 0, len(precios))
		for _, p := range precios {
			if err := domain.ValidarNoNegativo(p.Precio); err != nil {
				return nil, err
			}
			if _, err := s.itemCatalogo(ctx, c, empresaID, domain.CatSecciones, p.SeccionID); err != nil {
				return nil, err
			}
			if _, err := s.itemCatalogo(ctx, c, empresaID, domain.CatTiposViaje, p.TipoViajeID); err != nil {
				return nil, err
			}
			_, err := c.Exec(ctx, `INSERT INTO precios (empresa_id, seccion_id, tipo_viaje_id, precio, updated_at)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT (empresa_id, seccion_id, tipo_viaje_id)
				DO UPDATE SET precio = excluded.precio, updated_at = excluded.updated_at`,
				empresaID, p.SeccionID, p.TipoViajeID, p.Precio, c.Now())
			if err != nil {
				return nil, wrap("guardar precio", err)
			}
			v, ok := tenia[[2]int64{p.SeccionID, p.TipoViajeID}]
			if !ok || v.Precio != p.Precio {
				if err := historiarPrecio(ctx, c, empresaID, p); err != nil {
					return nil, err
				}
			}
			if ok {
				antes = append(antes, precioAuditado(v))
				delete(tenia, [2]int64{p.SeccionID, p.TipoViajeID})
			}
			despues = append(despues, precioAuditado(p))
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: "precios"}})
		if err := s.auditarCambio(ctx, c, a, AccionActualizacionPrecios, antes, despues); err != nil {
			return nil, err
		}
		return listarPrecios(ctx, c, empresaID)
	})
}

// historiarPrecio records in precios_historial that the fare table holds p
// from now on: the price it held until now ends now.
func historiarPrecio(ctx context.Context, c sqldb.Conn, empresaID int64, p Precio) error {
	if _, err := c.Exec(ctx, `UPDATE precios_historial SET hasta = ? WHERE empresa_id = ? AND seccion_id = ? AND tipo_viaje_id = ?
		AND hasta IS NULL`, c.Now(), empresaID, p.SeccionID, p.TipoViajeID); err != nil {
		return wrap("cerrar precio anterior", err)
	}
	_, err := c.Exec(ctx, `INSERT INTO precios_historial (empresa_id, seccion_id, tipo_viaje_id, precio, desde) VALUES (?, ?, ?, ?, ?)`,
		empresaID, p.SeccionID, p.TipoViajeID, p.Precio, c.Now())
	return wrap("historiar precio", err)
}

// precioVigenteDesde reports whether the fare table held precio for the
// section and trip type at some time since desde (until now).
func precioVigenteDesde(ctx context.Context, c sqldb.Conn, empresaID, seccionID, tipoViajeID int64, precio domain.Centavos, desde time.Time) (bool, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM precios_historial WHERE empresa_id = ? AND seccion_id = ? AND tipo_viaje_id = ?
		AND precio = ? AND (hasta IS NULL OR hasta >= ?)`, empresaID, seccionID, tipoViajeID, precio, desde).Scan(&n)
	return n > 0, wrap("buscar precio vigente", err)
}
