package store

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// AccionCambioModulo audits a change of a company's module.
const AccionCambioModulo = "CAMBIO_MODULO"

// Modulo is an entry of the module catalogue.
type Modulo struct {
	ID          int64
	Codigo      string
	Nombre      string
	Descripcion string
	Categoria   string
}

// ModuloEmpresa is a module as one company has it.
type ModuloEmpresa struct {
	Modulo
	Habilitado       bool
	Configuracion    *string // a JSON object, nil when none
	FechaVencimiento *string // YYYY-MM-DD
}

// Estado is the module's state for the route check.
func (m ModuloEmpresa) Estado() domain.EstadoModulo {
	return domain.EstadoModulo{Codigo: m.Codigo, Nombre: m.Nombre, Habilitado: m.Habilitado,
		FechaVencimiento: m.FechaVencimiento}
}

const moduloColumns = `m.id, m.codigo, m.nombre, m.descripcion, m.categoria`

func scanModulo(sc sqldb.Scanner) (Modulo, error) {
	var m Modulo
	err := sc.Scan(&m.ID, &m.Codigo, &m.Nombre, &m.Descripcion, &m.Categoria)
	return m, err
}

func scanModuloEmpresa(sc sqldb.Scanner) (ModuloEmpresa, error) {
	var m ModuloEmpresa
	err := sc.Scan(&m.ID, &m.Codigo, &m.Nombre, &m.Descripcion, &m.Categoria, &m.Habilitado, &m.Configuracion,
		&m.FechaVencimiento)
	return m, err
}

// ListarModulos lists the module catalogue in its order.
func (s *Store) ListarModulos(ctx context.Context) ([]Modulo, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanModulo, `SELECT `+moduloColumns+` FROM modulos m ORDER BY m.orden`)
	return out, wrap("listar módulos", err)
}

// modulosEmpresaQuery lists every module with the company's state of it; a
// module without a row is enabled.
const modulosEmpresaQuery = `SELECT ` + moduloColumns + `, COALESCE(em.habilitado, TRUE), em.configuracion,
	em.fecha_vencimiento FROM modulos m
	LEFT JOIN empresa_modulos em ON em.modulo_id = m.id AND em.empresa_id = ? `

// ModulosDeEmpresa lists the modules with a company's state of each; an
// unknown company is a 404.
func (s *Store) ModulosDeEmpresa(ctx context.Context, empresaID int64) ([]ModuloEmpresa, error) {
	if _, err := empresaExistente(ctx, s.db.Conn(), empresaID); err != nil {
		return nil, err
	}
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanModuloEmpresa, modulosEmpresaQuery+`ORDER BY m.orden`, empresaID)
	return out, wrap("listar módulos de empresa", err)
}

// empresaExistente reads a company; a missing one is a 404.
func empresaExistente(ctx context.Context, c sqldb.Conn, id int64) (Empresa, error) {
	e, err := empresa(ctx, c, id)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return e, domain.NotFound(domain.MsgEmpresaNoEncontrada)
		}
		return e, err
	}
	return e, nil
}

// CambioModulo is what a company's module becomes.
type CambioModulo struct {
	Habilitado       bool
	Configuracion    *string // a JSON object of at most domain.MaxConfiguracionModulo bytes
	FechaVencimiento *string // YYYY-MM-DD or nil
}

// ActualizarModuloEmpresa sets a company's module, refuses to disable core,
// bumps the company's modulos_version (so every instance reloads its cached
// state at the next request) and audits the change with before and after.
// antes is the module as it was.
func (s *Store) ActualizarModuloEmpresa(ctx context.Context, a Actor, empresaID, moduloID int64,
	cambio CambioModulo) (antes, despues ModuloEmpresa, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		if _, err := empresaExistente(ctx, c, empresaID); err != nil {
			return err
		}
		if antes, err = moduloDeEmpresa(ctx, c, empresaID, moduloID); err != nil {
			return err
		}
		if antes.Codigo == domain.ModuloCore && !cambio.Habilitado {
			return domain.Conflict(domain.MsgCoreNoDeshabilitable)
		}
		if err := guardarModuloEmpresa(ctx, c, empresaID, moduloID, cambio); err != nil {
			return err
		}
		if despues, err = moduloDeEmpresa(ctx, c, empresaID, moduloID); err != nil {
			return err
		}
		detalles, err := json.Marshal(map[string]ModuloEmpresa{"antes": antes, "despues": despues})
		if err != nil {
			return err
		}
		return s.audit(ctx, c, Auditoria{EmpresaID: empresaID, UsuarioID: a.UsuarioID, Accion: AccionCambioModulo,
			Detalles: string(detalles), IP: a.IP, Exito: true})
	})
	return antes, despues, err
}

func moduloDeEmpresa(ctx context.Context, c sqldb.Conn, empresaID, moduloID int64) (ModuloEmpresa, error) {
	m, err := scanModuloEmpresa(c.QueryRow(ctx, modulosEmpresaQuery+`WHERE m.id = ?`, empresaID, moduloID))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return m, domain.NotFound(domain.MsgModuloNoEncontrado)
		}
		return m, wrap("leer módulo", err)
	}
	return m, nil
}

func guardarModuloEmpresa(ctx context.Context, c sqldb.Conn, empresaID, moduloID int64, cambio CambioModulo) error {
	_, err := c.Exec(ctx, `INSERT INTO empresa_modulos (empresa_id, modulo_id, habilitado, configuracion,
		fecha_vencimiento, updated_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (empresa_id, modulo_id) DO UPDATE SET habilitado = excluded.habilitado,
		configuracion = excluded.configuracion, fecha_vencimiento = excluded.fecha_vencimiento,
		updated_at = excluded.updated_at`,
		empresaID, moduloID, cambio.Habilitado, cambio.Configuracion, cambio.FechaVencimiento, c.Now())
	if err != nil {
		return wrap("guardar módulo de empresa", err)
	}
	_, err = c.Exec(ctx, `UPDATE empresas SET modulos_version = modulos_version + 1 WHERE id = ?`, empresaID)
	return wrap("versionar módulos de empresa", err)
}

// ModulosActivos is a company's module state as the route check reads it.
type ModulosActivos struct {
	version int64
	zona    *time.Location
	estados map[string]domain.EstadoModulo
}

// Estado returns the company's state of a module; an unknown code is enabled.
func (m ModulosActivos) Estado(codigo string) domain.EstadoModulo {
	if e, ok := m.estados[codigo]; ok {
		return e
	}
	return domain.EstadoModulo{Codigo: codigo, Nombre: codigo, Habilitado: true}
}

// Hoy is the company's business day at now.
func (m ModulosActivos) Hoy(now time.Time) string { return m.DiaDe(now) }

// DiaDe is the company's business day (YYYY-MM-DD) at t.
func (m ModulosActivos) DiaDe(t time.Time) string { return domain.DiaDe(t, m.zona).Fecha }

// Exigir refuses (403, domain.ModuloNoHabilitado) a module that does not
// work on the company's business day at now.
func (m ModulosActivos) Exigir(codigo string, now time.Time) error {
	if hoy := m.Hoy(now); !m.Estado(codigo).Efectivo(hoy) {
		return domain.ModuloNoHabilitado(m.Estado(codigo), hoy)
	}
	return nil
}

// Efectivos lists the codes of the modules that work at now, in catalogue order.
func (m ModulosActivos) Efectivos(now time.Time) []string {
	hoy := m.Hoy(now)
	out := []string{}
	for _, codigo := range domain.CodigosModulo {
		if m.Estado(codigo).Efectivo(hoy) {
			out = append(out, codigo)
		}
	}
	return out
}

// Avisos are the expiry notices of the company's modules at now
// (domain.EstadoModulo.AvisoVencimiento), in catalogue order.
func (m ModulosActivos) Avisos(now time.Time) []domain.AvisoModulo {
	hoy := m.Hoy(now)
	out := []domain.AvisoModulo{}
	for _, codigo := range domain.CodigosModulo {
		if a, ok := m.Estado(codigo).AvisoVencimiento(hoy); ok {
			out = append(out, a)
		}
	}
	return out
}

// modulosCache keeps each company's module state with the modulos_version it
// was read at. The session query reads the company's current version with the
// user, so a request finds a stale entry at once and reloads it: a change made
// through any instance counts at the next request, and an unchanged company
// costs no query.
type modulosCache struct {
	mu         sync.RWMutex
	porEmpresa map[int64]ModulosActivos
}

func (c *modulosCache) leer(empresaID, version int64) (ModulosActivos, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	m, ok := c.porEmpresa[empresaID]
	return m, ok && m.version >= version
}

func (c *modulosCache) guardar(empresaID int64, m ModulosActivos) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.porEmpresa == nil {
		c.porEmpresa = map[int64]ModulosActivos{}
	}
	if actual, ok := c.porEmpresa[empresaID]; !ok || actual.version <= m.version {
		c.porEmpresa[empresaID] = m
	}
}

// ModulosActivosDe returns a company's module state at least as new as
// version (the modulos_version the session read), from the cache when it is.
func (s *Store) ModulosActivosDe(ctx context.Context, empresaID, version int64) (ModulosActivos, error) {
	if m, ok := s.modulos.leer(empresaID, version); ok {
		return m, nil
	}
	// The version is read before the states: states at least as new as it.
	var (
		m  = ModulosActivos{estados: map[string]domain.EstadoModulo{}}
		tz string
	)
	err := s.db.Conn().QueryRow(ctx, `SELECT modulos_version, timezone FROM empresas WHERE id = ?`, empresaID).
		Scan(&m.version, &tz)
	if err != nil {
		return m, wrap("leer versión de módulos", err)
	}
	m.zona = domain.Location(tz)
	filas, err := sqldb.QueryAll(ctx, s.db.Conn(), scanModuloEmpresa, modulosEmpresaQuery, empresaID)
	if err != nil {
		return m, wrap("leer módulos de empresa", err)
	}
	for _, f := range filas {
		m.estados[f.Codigo] = f.Estado()
	}
	s.modulos.guardar(empresaID, m)
	return m, nil
}
