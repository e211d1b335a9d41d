package store

import (
	"context"

	"muelle/internal/domain"
	"muelle/internal/events"
)

// Configuracion is one per-company setting.
type Configuracion struct {
	ID          int64
	Clave       string
	Valor       string
	Descripcion string
}

// ConfiguracionesDeEmpresa lists a company's settings by key; 404 for an unknown company.
func (s *Store) ConfiguracionesDeEmpresa(ctx context.Context, empresaID int64) ([]Configuracion, error) {
	if err := existeEmpresa(ctx, s.conn(), empresaID); err != nil {
		return nil, err
	}
	out, err := queryAll(ctx, s.conn(), func(sc scanner) (c Configuracion, err error) {
		err = sc.Scan(&c.ID, &c.Clave, &c.Valor, &c.Descripcion)
		return c, err
	}, `SELECT id, clave, valor, descripcion FROM empresa_configuraciones WHERE empresa_id = ? ORDER BY clave`, empresaID)
	return out, wrap("listar configuraciones", err)
}

// GuardarConfiguracion creates or replaces one setting of a company (already
// checked by domain.ValidarConfiguracion) and emits configActualizada.
func (s *Store) GuardarConfiguracion(ctx context.Context, empresaID int64, cf Configuracion) (Configuracion, error) {
	var out Configuracion
	err := s.inTx(ctx, func(c conn) error {
		if err := existeEmpresa(ctx, c, empresaID); err != nil {
			return err
		}
		err := c.row(ctx, `INSERT INTO empresa_configuraciones (empresa_id, clave, valor, descripcion, updated_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (empresa_id, clave) DO UPDATE SET valor = excluded.valor,
			descripcion = excluded.descripcion, updated_at = excluded.updated_at
			RETURNING id, clave, valor, descripcion`, empresaID, cf.Clave, cf.Valor, cf.Descripcion, c.now).
			Scan(&out.ID, &out.Clave, &out.Valor, &out.Descripcion)
		if err != nil {
			return wrap("guardar configuración", err)
		}
		c.emit(events.ConfigActualizada, empresaID, EventoConfig{Tabla: "empresa_configuraciones"})
		return nil
	})
	return out, err
}

// existeEmpresa answers 404 'Empresa no encontrada' for an unknown company id.
func existeEmpresa(ctx context.Context, c conn, id int64) error {
	_, err := empresa(ctx, c, id)
	if missing, _ := notFound(err); missing {
		return domain.NotFound(MsgEmpresaNoEncontrada)
	}
	return err
}
