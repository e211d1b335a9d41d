package store

import (
	"context"
	"encoding/json"
	"fmt"

	"muelle/internal/domain"
)

// EnsureRolesIntegrados creates the built-in roles that are missing. Existing
// roles are left as they are: an administrator may have tuned them.
func (s *Store) EnsureRolesIntegrados(ctx context.Context) error {
	return s.inTx(ctx, func(c conn) error {
		for _, nombre := range domain.RolesIntegrados {
			r, _ := domain.RolIntegrado(nombre)
			permisos, err := json.Marshal(r.Permisos)
			if err != nil {
				return err
			}
			_, err = c.exec(ctx, `INSERT INTO roles (empresa_id, nombre, descripcion, nivel_jerarquico, permisos,
				color_badge, icono, integrado, activo, created_at)
				VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (nombre) WHERE empresa_id IS NULL DO NOTHING`,
				r.Nombre, r.Descripcion, r.NivelJerarquico, string(permisos), r.ColorBadge, r.Icono, true, true,
				c.now)
			if err != nil {
				return fmt.Errorf("store: crear rol %s: %w", nombre, err)
			}
		}
		return nil
	})
}

// rolIntegradoID returns the id of a built-in role.
func (s *Store) rolIntegradoID(ctx context.Context, c conn, nombre string) (int64, error) {
	var id int64
	err := c.row(ctx, `SELECT id FROM roles WHERE empresa_id IS NULL AND nombre = ?`, nombre).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: rol %s: %w", nombre, err)
	}
	return id, nil
}
