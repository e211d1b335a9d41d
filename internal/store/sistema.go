package store

import (
	"context"
	"fmt"

	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// Setting reads a global system setting; ok is false when it is not set.
func (s *Store) Setting(ctx context.Context, clave string) (valor string, ok bool, err error) {
	err = s.db.Conn().QueryRow(ctx, `SELECT valor FROM configuracion_sistema WHERE clave = ?`, clave).Scan(&valor)
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return "", false, fmt.Errorf("store: leer configuración %s: %w", clave, err)
	}
	return valor, !missing, nil
}

// SettingOrCreate returns the stored value of clave, storing valor first when the
// setting does not exist yet. Concurrent callers (several instances starting at
// once) all get the same stored value.
func (s *Store) SettingOrCreate(ctx context.Context, clave, valor string) (string, error) {
	_, err := s.db.Conn().Exec(ctx,
		`INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?) ON CONFLICT (clave) DO NOTHING`, clave, valor)
	if err != nil {
		return "", fmt.Errorf("store: crear configuración %s: %w", clave, err)
	}
	stored, _, err := s.Setting(ctx, clave)
	return stored, err
}

// SetSetting stores a global system setting.
func (s *Store) SetSetting(ctx context.Context, clave, valor string) error {
	_, err := s.db.Conn().Exec(ctx, `INSERT INTO configuracion_sistema (clave, valor) VALUES (?, ?)
		ON CONFLICT (clave) DO UPDATE SET valor = excluded.valor`, clave, valor)
	if err != nil {
		return fmt.Errorf("store: guardar configuración %s: %w", clave, err)
	}
	return nil
}

// contextoSetting binds a sealed system setting to its name.
func contextoSetting(clave string) string { return "configuracion_sistema/" + clave }

// SecretoOrCreate is SettingOrCreate for a secret: the value is stored sealed
// with the installation key. A value stored in plain form by an older version
// is sealed in place and keeps its value.
func (s *Store) SecretoOrCreate(ctx context.Context, clave, valor string) (string, error) {
	if s.secretos == nil {
		return "", errSinClaveInstalacion
	}
	sealed, err := s.secretos.Seal([]byte(valor), contextoSetting(clave))
	if err != nil {
		return "", err
	}
	stored, err := s.SettingOrCreate(ctx, clave, sealed)
	if err != nil {
		return "", err
	}
	if !secretbox.IsSealed(stored) {
		return stored, s.sellarSetting(ctx, clave, stored)
	}
	plain, err := s.secretos.Open(stored, contextoSetting(clave))
	if err != nil {
		return "", fmt.Errorf("store: configuración %s: %w", clave, err)
	}
	return string(plain), nil
}

// sellarSetting stores a plain setting's value sealed, unless another
// instance already did.
func (s *Store) sellarSetting(ctx context.Context, clave, plain string) error {
	sealed, err := s.secretos.Seal([]byte(plain), contextoSetting(clave))
	if err != nil {
		return err
	}
	_, err = s.db.Conn().Exec(ctx, `UPDATE configuracion_sistema SET valor = ? WHERE clave = ? AND valor = ?`,
		sealed, clave, plain)
	return wrap("cifrar configuración "+clave, err)
}

// resellarSettings re-seals, inside a rotation, every sealed system setting.
func (s *Store) resellarSettings(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box) (int, error) {
	return resellarColumna(ctx, c, vieja, nueva, columnaSellada[string]{
		que:      "secretos de configuración",
		leer:     `SELECT clave, valor FROM configuracion_sistema WHERE valor LIKE 'v1:%' ORDER BY clave` + s.db.Dialect().ForUpdate(),
		escribir: `UPDATE configuracion_sistema SET valor = ? WHERE clave = ?`,
		contexto: contextoSetting,
	})
}

// PuedeEscribir proves that the database accepts writes now: it writes a row
// of salud and rolls it back, on the connection writes use; when the database
// is unavailable it drops the idle connections and tries once more
// (sqldb.DB.ProbeWrite), so the health checks of a load balancer are enough
// to bring a node back.
func (s *Store) PuedeEscribir(ctx context.Context) error {
	return s.db.ProbeWrite(ctx, `INSERT INTO salud (id, comprobado_en) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET comprobado_en = excluded.comprobado_en`, s.Now())
}
