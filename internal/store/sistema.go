package store

import (
	"context"
	"fmt"
)

// Setting reads a global system setting; ok is false when it is not set.
func (s *Store) Setting(ctx context.Context, clave string) (valor string, ok bool, err error) {
	err = s.conn().row(ctx, `SELECT valor FROM configuracion_sistema WHERE clave = ?`, clave).Scan(&valor)
	missing, err := notFound(err)
	if err != nil {
		return "", false, fmt.Errorf("store: leer configuración %s: %w", clave, err)
	}
	return valor, !missing, nil
}

// SettingOrCreate returns the stored value of clave, storing valor first when the
// setting does not exist yet. Concurrent callers (several instances starting at
// once) all get the same stored value.
func (s *Store) SettingOrCreate(ctx context.Context, clave, valor string) (string, error) {
	_, err := s.conn().exec(ctx,
		`INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?) ON CONFLICT (clave) DO NOTHING`, clave, valor)
	if err != nil {
		return "", fmt.Errorf("store: crear configuración %s: %w", clave, err)
	}
	stored, _, err := s.Setting(ctx, clave)
	return stored, err
}

// SetSetting stores a global system setting.
func (s *Store) SetSetting(ctx context.Context, clave, valor string) error {
	_, err := s.conn().exec(ctx, `INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?)
		ON CONFLICT (clave) DO UPDATE SET valor = excluded.valor`, clave, valor)
	if err != nil {
		return fmt.Errorf("store: guardar configuración %s: %w", clave, err)
	}
	return nil
}
