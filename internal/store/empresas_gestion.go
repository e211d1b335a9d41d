package store

import (
	"context"
	"encoding/json"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
)

// Messages of the companies screen.
const (
	MsgEmpresaNoEncontrada = "Empresa no encontrada"
	MsgEmpresaDuplicada    = "Ya existe una empresa con ese nombre"
	MsgUsuarioDuplicado    = "Ya existe un usuario con ese nombre de usuario"
	MsgEmpresaPropia       = "No puede desactivar su propia empresa"
)

// EmpresaListada is a company of the super administrator's list.
type EmpresaListada struct {
	Empresa
	UsuariosCount int64
	CreatedAt     time.Time
}

// ListarEmpresas lists every company with its number of users.
func (s *Store) ListarEmpresas(ctx context.Context) ([]EmpresaListada, error) {
	out, err := queryAll(ctx, s.conn(), func(sc scanner) (EmpresaListada, error) {
		var r EmpresaListada
		e, err := scanEmpresa(rowPrefix{sc, []any{&r.UsuariosCount, &r.CreatedAt}})
		r.Empresa = e
		return r, err
	}, `SELECT (SELECT COUNT(*) FROM usuarios u WHERE u.empresa_id = empresas.id), created_at, `+
		empresaColumns+` FROM empresas ORDER BY nombre`)
	return out, wrap("listar empresas", err)
}

// rowPrefix scans leading columns into pre before handing the rest to a scanner.
type rowPrefix struct {
	sc  scanner
	pre []any
}

func (r rowPrefix) Scan(dest ...any) error { return r.sc.Scan(append(r.pre, dest...)...) }

// NuevaEmpresa is a company to create with its first administrator.
type NuevaEmpresa struct {
	Empresa Empresa
	Admin   NuevoUsuario
}

// CrearEmpresa creates a company, its default catalogs (domain.CatalogoDeEmpresaNueva)
// and its administrator in one transaction.
func (s *Store) CrearEmpresa(ctx context.Context, n NuevaEmpresa) (Empresa, error) {
	var out Empresa
	err := s.inTx(ctx, func(c conn) error {
		e := n.Empresa
		id, err := c.insertID(ctx, `INSERT INTO empresas (nombre, ruc, direccion, telefono, email, tipo, timezone,
			activa, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.Tipo, e.Timezone, true, c.now)
		if isUniqueViolation(err) {
			return domain.Conflict(MsgEmpresaDuplicada)
		}
		if err != nil {
			return wrap("crear empresa", err)
		}
		if err := insertarCatalogoInicial(ctx, c, id); err != nil {
			return err
		}
		admin := n.Admin
		admin.EmpresaID = id
		if creado, err := s.insertarUsuario(ctx, c, admin); err != nil || !creado {
			return orConflict(err, MsgUsuarioDuplicado)
		}
		out, err = empresa(ctx, c, id)
		return err
	})
	return out, err
}

func orConflict(err error, msg string) error {
	if err != nil {
		return err
	}
	return domain.Conflict(msg)
}

func insertarCatalogoInicial(ctx context.Context, c conn, empresaID int64) error {
	inicial := domain.CatalogoDeEmpresaNueva()
	catalogos := []struct {
		cat   domain.Catalogo
		items []domain.ItemCatalogo
	}{{domain.CatSecciones, inicial.Secciones}, {domain.CatTiposViaje, inicial.TiposViaje},
		{domain.CatMediosPago, inicial.MediosPago}}
	for _, c2 := range catalogos {
		for _, it := range c2.items {
			if _, err := insertarItem(ctx, c, empresaID, c2.cat, it); err != nil {
				return err
			}
		}
	}
	return nil
}

// ActualizarEmpresa changes a company's data and state (super administrator).
// A caller cannot deactivate their own company.
func (s *Store) ActualizarEmpresa(ctx context.Context, a Actor, id int64, e Empresa) (Empresa, error) {
	if id == a.EmpresaID && !e.Activa {
		return Empresa{}, domain.Invalid(MsgEmpresaPropia)
	}
	return s.actualizarEmpresa(ctx, id, `nombre = ?, ruc = ?, direccion = ?, telefono = ?, email = ?, tipo = ?,
		timezone = ?, activa = ?`, e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.Tipo, e.Timezone, e.Activa)
}

// DesactivarEmpresa turns a company off: its users can no longer log in nor
// use their tokens (UsuarioSesion.Habilitado); its data stays.
func (s *Store) DesactivarEmpresa(ctx context.Context, a Actor, id int64) (Empresa, error) {
	if id == a.EmpresaID {
		return Empresa{}, domain.Invalid(MsgEmpresaPropia)
	}
	return s.actualizarEmpresa(ctx, id, `activa = ?`, false)
}

// GuardarEmpresaActual saves the general configuration of the caller's company.
func (s *Store) GuardarEmpresaActual(ctx context.Context, a Actor, e Empresa) (Empresa, error) {
	contacto, err := json.Marshal(e.DatosContacto)
	if err != nil {
		return Empresa{}, wrap("datos de contacto", err)
	}
	return s.actualizarEmpresa(ctx, a.EmpresaID, `nombre = ?, ruc = ?, direccion = ?, telefono = ?, email = ?,
		timezone = ?, datos_contacto = ?, dias_venta_anticipada = ?, venta_grande_pasajes = ?, venta_grande_centavos = ?`,
		e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.Timezone, string(contacto), e.DiasVentaAnticipada,
		e.VentaGrande.MasDePasajes, e.VentaGrande.MontoMayorA)
}

// actualizarEmpresa runs one UPDATE of the company's columns set, emits
// configActualizada and returns the company as saved.
func (s *Store) actualizarEmpresa(ctx context.Context, id int64, set string, args ...any) (Empresa, error) {
	var out Empresa
	err := s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `UPDATE empresas SET `+set+` WHERE id = ?`, append(args, id)...)
		if isUniqueViolation(err) {
			return domain.Conflict(MsgEmpresaDuplicada)
		}
		if err := afectoUna(res, err, MsgEmpresaNoEncontrada); err != nil {
			return err
		}
		c.emit(events.ConfigActualizada, id, EventoConfig{Tabla: "empresas"})
		out, err = empresa(ctx, c, id)
		return err
	})
	return out, err
}

// afectoUna turns an UPDATE that matched no row into a 404 with msg.
func afectoUna(res interface{ RowsAffected() (int64, error) }, err error, msg string) error {
	if err != nil {
		return wrap("actualizar", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return wrap("actualizar", err)
	}
	if n == 0 {
		return domain.NotFound(msg)
	}
	return nil
}

// EstadisticasEmpresa are a company's figures for the super administrator.
type EstadisticasEmpresa struct {
	TotalUsuarios int64
	TotalPasajes  int64
	IngresosMes   domain.Centavos
	CajasAbiertas int64
}

// EstadisticasDeEmpresa reads a company's figures: its users, its tickets,
// what the tickets sold since desdeMes (not cancelled) and its open registers.
func (s *Store) EstadisticasDeEmpresa(ctx context.Context, id int64, desdeMes time.Time) (EstadisticasEmpresa, error) {
	var st EstadisticasEmpresa
	if err := existeEmpresa(ctx, s.conn(), id); err != nil {
		return st, err
	}
	err := s.conn().row(ctx, `SELECT
		(SELECT COUNT(*) FROM usuarios WHERE empresa_id = ?),
		(SELECT COUNT(*) FROM pasajes WHERE empresa_id = ?),
		(SELECT COALESCE(SUM(precio), 0) FROM pasajes WHERE empresa_id = ? AND created_at >= ? AND estado <> 'anulado'),
		(SELECT COUNT(*) FROM cajas WHERE empresa_id = ? AND estado = 'abierta')`,
		id, id, id, desdeMes.UTC(), id).Scan(&st.TotalUsuarios, &st.TotalPasajes, &st.IngresosMes, &st.CajasAbiertas)
	return st, wrap("leer estadísticas de empresa", err)
}

// UsuarioDeEmpresa is a row of the users-by-company table.
type UsuarioDeEmpresa struct {
	ID            int64
	NombreUsuario string
	Nombre        string
	Apellido      string
	Rol           string
	ColorBadge    string
	Icono         string
	Activo        bool
	UltimoLogin   *time.Time
}

// UsuariosDeEmpresa lists a company's users with their role; 404 for an unknown company.
func (s *Store) UsuariosDeEmpresa(ctx context.Context, id int64) ([]UsuarioDeEmpresa, error) {
	if err := existeEmpresa(ctx, s.conn(), id); err != nil {
		return nil, err
	}
	out, err := queryAll(ctx, s.conn(), func(sc scanner) (u UsuarioDeEmpresa, err error) {
		err = sc.Scan(&u.ID, &u.NombreUsuario, &u.Nombre, &u.Apellido, &u.Rol, &u.ColorBadge, &u.Icono, &u.Activo,
			&u.UltimoLogin)
		return u, err
	}, `SELECT u.id, u.nombre_usuario, u.nombre, u.apellido, r.nombre, r.color_badge, r.icono, u.activo, u.ultimo_login
		FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.empresa_id = ? ORDER BY u.nombre_usuario`, id)
	return out, wrap("listar usuarios de empresa", err)
}
