package store

import (
	"context"

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

// ListarPrecios lists every price of the company.
func (s *Store) ListarPrecios(ctx context.Context, empresaID int64) ([]Precio, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (p Precio, err error) {
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

// GuardarPrecios sets several prices at once: all or nothing. Every section
// and trip type must belong to the company.
func (s *Store) GuardarPrecios(ctx context.Context, empresaID int64, precios []Precio) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		for _, p := range precios {
			if err := domain.ValidarNoNegativo(p.Precio); err != nil {
				return err
			}
			if _, err := s.itemCatalogo(ctx, c, empresaID, domain.CatSecciones, p.SeccionID); err != nil {
				return err
			}
			if _, err := s.itemCatalogo(ctx, c, empresaID, domain.CatTiposViaje, p.TipoViajeID); err != nil {
				return err
			}
			_, err := c.Exec(ctx, `INSERT INTO precios (empresa_id, seccion_id, tipo_viaje_id, precio, updated_at)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT (seccion_id, tipo_viaje_id)
				DO UPDATE SET precio = excluded.precio, updated_at = excluded.updated_at`,
				empresaID, p.SeccionID, p.TipoViajeID, p.Precio, c.Now())
			if err != nil {
				return wrap("guardar precio", err)
			}
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: "precios"}})
		return nil
	})
}
