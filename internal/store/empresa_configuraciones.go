package store

import (
	"context"

	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Configuracion is one per-company setting.
type Configuracion struct {
	ID          int64  `json:"id"`
	Clave       string `json:"clave"`
	Valor       string `json:"valor"`
	Descripcion string `json:"descripcion"`
}

// ConfiguracionesDeEmpresa lists a company's settings by key; 404 for an unknown company.
func (s *Store) ConfiguracionesDeEmpresa(ctx context.Context, empresaID int64) ([]Configuracion, error) {
	if err := existeEmpresa(ctx, s.db.Conn(), empresaID); err != nil {
		return nil, err
	}
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (c Configuracion, err error) {
		err = sc.Scan(&c.ID, &c.Clave, &c.Valor, &c.Descripcion)
		return c, err
	}, `SELECT id, clave, valor, descripcion FROM empresa_configuraciones WHERE empresa_id = ? ORDER BY clave`, empresaID)
	return out, wrap("listar configuraciones", err)
}

// GuardarConfiguracion creates or replaces one setting of a company (already
// checked by domain.ValidarConfiguracion), audits CONFIGURACION_EMPRESA with
// the value before and after, and emits configActualizada.
func (s *Store) GuardarConfiguracion(ctx context.Context, a Actor, empresaID int64, cf Configuracion) (Configuracion, error) {
	return idempotent(ctx, s, a, "empresas.configuracion", func(c sqldb.Conn) (Configuracion, error) {
		var out Configuracion
		if err := existeEmpresa(ctx, c, empresaID); err != nil {
			return out, err
		}
		antes, err := configuracion(ctx, c, empresaID, cf.Clave)
		if err != nil {
			return out, err
		}
		err = c.QueryRow(ctx, `INSERT INTO empresa_configuraciones (empresa_id, clave, valor, descripcion, updated_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (empresa_id, clave) DO UPDATE SET valor = excluded.valor,
			descripcion = excluded.descripcion, updated_at = excluded.updated_at
			RETURNING id, clave, valor, descripcion`, empresaID, cf.Clave, cf.Valor, cf.Descripcion, c.Now()).
			Scan(&out.ID, &out.Clave, &out.Valor, &out.Descripcion)
		if err != nil {
			return out, wrap("guardar configuración", err)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: "empresa_configuraciones"}})
		return out, s.auditarCambio(ctx, c, enEmpresa(a, empresaID), AccionConfiguracionEmpresa, antes, out)
	})
}

// configuracion reads one setting of a company; nil when it was never saved.
func configuracion(ctx context.Context, c sqldb.Conn, empresaID int64, clave string) (*Configuracion, error) {
	var cf Configuracion
	err := c.QueryRow(ctx, `SELECT id, clave, valor, descripcion FROM empresa_configuraciones WHERE empresa_id = ? AND clave = ?`,
		empresaID, clave).Scan(&cf.ID, &cf.Clave, &cf.Valor, &cf.Descripcion)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return nil, wrap("leer configuración", err)
	}
	return &cf, nil
}

// existeEmpresa answers 404 'Empresa no encontrada' for an unknown company id.
func existeEmpresa(ctx context.Context, c sqldb.Conn, id int64) error {
	_, err := empresaExistente(ctx, c, id)
	return err
}
