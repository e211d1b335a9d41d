package store

import (
	"context"
	"fmt"
	"strconv"

	"muelle/internal/domain"
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
		if out, err = escribirConfiguracion(ctx, c, empresaID, cf); err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: "empresa_configuraciones"}})
		return out, s.auditarCambio(ctx, c, enEmpresa(a, empresaID), AccionConfiguracionEmpresa, antes, out)
	})
}

// escribirConfiguracion creates or replaces one setting of a company.
func escribirConfiguracion(ctx context.Context, c sqldb.Conn, empresaID int64, cf Configuracion) (Configuracion, error) {
	var out Configuracion
	err := c.QueryRow(ctx, `INSERT INTO empresa_configuraciones (empresa_id, clave, valor, descripcion, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (empresa_id, clave) DO UPDATE SET valor = excluded.valor,
		descripcion = excluded.descripcion, updated_at = excluded.updated_at
		RETURNING id, clave, valor, descripcion`, empresaID, cf.Clave, cf.Valor, cf.Descripcion, c.Now()).
		Scan(&out.ID, &out.Clave, &out.Valor, &out.Descripcion)
	return out, wrap("guardar configuración", err)
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

// AccionConfiguracionCaja is a company admin's change of the register settings.
const AccionConfiguracionCaja = "CONFIGURACION_CAJA"

// ConfigCaja reads the company's register settings (domain.ConfigCaja): its
// blind close and tolerance, kept as the settings domain.ClaveCierreCiego and
// domain.ClaveToleranciaCierre (absent: off, $ 0).
func (s *Store) ConfigCaja(ctx context.Context, empresaID int64) (domain.ConfigCaja, error) {
	return configCaja(ctx, s.db.Conn(), empresaID)
}

func configCaja(ctx context.Context, c sqldb.Conn, empresaID int64) (domain.ConfigCaja, error) {
	var out domain.ConfigCaja
	ciego, err := configuracion(ctx, c, empresaID, domain.ClaveCierreCiego)
	if err != nil {
		return out, err
	}
	out.CierreCiego = ciego != nil && ciego.Valor == "true"
	out.Tolerancia, err = toleranciaCierre(ctx, c, empresaID)
	return out, err
}

// GuardarConfigCaja sets the caller's company's register settings, bounded
// (domain.ConfigCaja.Validar), in one transaction: both settings, the audit
// (CONFIGURACION_CAJA, before and after) and configActualizada.
func (s *Store) GuardarConfigCaja(ctx context.Context, a Actor, cfg domain.ConfigCaja) (domain.ConfigCaja, error) {
	if err := cfg.Validar(); err != nil {
		return cfg, err
	}
	return idempotent(ctx, s, a, "caja.configurar", func(c sqldb.Conn) (domain.ConfigCaja, error) {
		antes, err := configCaja(ctx, c, a.EmpresaID)
		if err != nil {
			return cfg, err
		}
		for _, kv := range []Configuracion{
			{Clave: domain.ClaveCierreCiego, Valor: strconv.FormatBool(cfg.CierreCiego), Descripcion: "Cierre de caja a ciegas"},
			{Clave: domain.ClaveToleranciaCierre, Valor: strconv.FormatInt(int64(cfg.Tolerancia), 10), Descripcion: "Tolerancia de cierre de caja (centavos)"},
		} {
			if _, err := escribirConfiguracion(ctx, c, a.EmpresaID, kv); err != nil {
				return cfg, err
			}
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "empresa_configuraciones"}})
		return cfg, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConfiguracionCaja,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Caja: %s (antes: %s)", cfg, antes)})
	})
}
