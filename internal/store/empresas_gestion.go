package store

import (
	"context"
	"encoding/json"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Messages of the companies screen.
const (
	MsgEmpresaNoEncontrada = "Empresa no encontrada"
	MsgEmpresaDuplicada    = "Ya existe una empresa con ese nombre"
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
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (EmpresaListada, error) {
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
	sc  sqldb.Scanner
	pre []any
}

func (r rowPrefix) Scan(dest ...any) error { return r.sc.Scan(append(r.pre, dest...)...) }

// Audit actions of the companies screens. Their rows carry the company they
// change (empresa_id) and the super administrator who changed it (usuario_id).
const (
	AccionCreacionEmpresa      = "CREACION_EMPRESA"
	AccionActualizacionEmpresa = "ACTUALIZACION_EMPRESA"
	AccionDesactivacionEmpresa = "DESACTIVACION_EMPRESA"
	AccionConfiguracionEmpresa = "CONFIGURACION_EMPRESA"
)

// NuevaEmpresa is a company to create with its first administrator, whose
// password (already hashed) is temporary.
type NuevaEmpresa struct {
	Empresa Empresa
	Admin   DatosGestionUsuario
}

// EmpresaCreada is a created company and its administrator; Nueva is false on
// an idempotent replay (the password given then is not the one stored).
type EmpresaCreada struct {
	Empresa Empresa
	Admin   FichaUsuario
	Nueva   bool `json:"-"`
}

// empresaAuditada is the before/after image of a company in the audit.
type empresaAuditada struct {
	ID                  int64         `json:"id"`
	Nombre              string        `json:"nombre"`
	RUC                 string        `json:"ruc"`
	Direccion           string        `json:"direccion"`
	Telefono            string        `json:"telefono"`
	Email               string        `json:"email"`
	Tipo                string        `json:"tipo"`
	Timezone            string        `json:"timezone"`
	Activa              bool          `json:"activa"`
	DatosContacto       DatosContacto `json:"datos_contacto"`
	DiasVentaAnticipada int           `json:"dias_venta_anticipada"`
	VentaGrandePasajes  int           `json:"venta_grande_pasajes"`
	VentaGrandeMonto    int64         `json:"venta_grande_centavos"`
	DiasRetencion       int           `json:"dias_retencion_pasajeros"`
}

func empresaAuditadaDe(e Empresa) *empresaAuditada {
	return &empresaAuditada{ID: e.ID, Nombre: e.Nombre, RUC: e.RUC, Direccion: e.Direccion, Telefono: e.Telefono,
		Email: e.Email, Tipo: e.Tipo, Timezone: e.Timezone, Activa: e.Activa, DatosContacto: e.DatosContacto,
		DiasVentaAnticipada: e.DiasVentaAnticipada, VentaGrandePasajes: e.VentaGrande.MasDePasajes,
		VentaGrandeMonto: int64(e.VentaGrande.MontoMayorA), DiasRetencion: e.DiasRetencionPasajeros}
}

// enEmpresa is the actor acting on company id: its audit rows belong to that company.
func enEmpresa(a Actor, id int64) Actor {
	a.EmpresaID = id
	return a
}

// CrearEmpresa creates a company, its default catalogs (domain.CatalogoDeEmpresaNueva)
// and its administrator with a temporary password in one transaction, and
// audits CREACION_EMPRESA and the administrator's CREACION_USUARIO.
func (s *Store) CrearEmpresa(ctx context.Context, a Actor, n NuevaEmpresa) (EmpresaCreada, error) {
	return idempotent(ctx, s, a, "empresas.crear", func(c sqldb.Conn) (EmpresaCreada, error) {
		e := n.Empresa
		id, err := c.InsertID(ctx, `INSERT INTO empresas (nombre, ruc, direccion, telefono, email, tipo, timezone,
			activa, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.Tipo, e.Timezone, true, c.Now())
		if sqldb.IsUniqueViolation(err) {
			return EmpresaCreada{}, domain.Conflict(MsgEmpresaDuplicada)
		}
		if err != nil {
			return EmpresaCreada{}, wrap("crear empresa", err)
		}
		if err := insertarCatalogoInicial(ctx, c, id); err != nil {
			return EmpresaCreada{}, err
		}
		rolID, err := s.rolIntegradoID(ctx, c, domain.RolAdmin)
		if err != nil {
			return EmpresaCreada{}, err
		}
		out := EmpresaCreada{Nueva: true}
		if out.Empresa, err = empresa(ctx, c, id); err != nil {
			return out, err
		}
		enNueva := enEmpresa(a, id)
		if err := s.auditarCambio(ctx, c, enNueva, AccionCreacionEmpresa, nil, empresaAuditadaDe(out.Empresa)); err != nil {
			return out, err
		}
		out.Admin, err = s.insertarConClaveTemporal(ctx, c, enNueva, rolID, n.Admin)
		return out, err
	})
}

func insertarCatalogoInicial(ctx context.Context, c sqldb.Conn, empresaID int64) error {
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

// ActualizarEmpresa changes a company's data and state (super administrator)
// and audits ACTUALIZACION_EMPRESA. A caller cannot deactivate their own company.
func (s *Store) ActualizarEmpresa(ctx context.Context, a Actor, id int64, e Empresa) (Empresa, error) {
	if id == a.EmpresaID && !e.Activa {
		return Empresa{}, domain.Invalid(MsgEmpresaPropia)
	}
	return s.actualizarEmpresa(ctx, a, id, "empresas.actualizar", AccionActualizacionEmpresa, `nombre = ?, ruc = ?,
		direccion = ?, telefono = ?, email = ?, tipo = ?, timezone = ?, activa = ?`,
		e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.Tipo, e.Timezone, e.Activa)
}

// DesactivarEmpresa turns a company off: its users can no longer log in nor
// use their tokens (UsuarioSesion.Habilitado); its data stays. It audits
// DESACTIVACION_EMPRESA.
func (s *Store) DesactivarEmpresa(ctx context.Context, a Actor, id int64) (Empresa, error) {
	if id == a.EmpresaID {
		return Empresa{}, domain.Invalid(MsgEmpresaPropia)
	}
	return s.actualizarEmpresa(ctx, a, id, "empresas.desactivar", AccionDesactivacionEmpresa, `activa = ?`, false)
}

// ActivarEmpresa turns a deactivated company back on (its users may log in
// again) and audits ACTUALIZACION_EMPRESA.
func (s *Store) ActivarEmpresa(ctx context.Context, a Actor, id int64) (Empresa, error) {
	return s.actualizarEmpresa(ctx, a, id, "empresas.activar", AccionActualizacionEmpresa, `activa = ?`, true)
}

// GuardarEmpresaActual saves the general configuration of the caller's
// company and audits ACTUALIZACION_EMPRESA.
func (s *Store) GuardarEmpresaActual(ctx context.Context, a Actor, e Empresa) (Empresa, error) {
	contacto, err := json.Marshal(e.DatosContacto)
	if err != nil {
		return Empresa{}, wrap("datos de contacto", err)
	}
	return s.actualizarEmpresa(ctx, a, a.EmpresaID, "empresas.actual", AccionActualizacionEmpresa, `nombre = ?, ruc = ?,
		direccion = ?, telefono = ?, email = ?, timezone = ?, datos_contacto = ?, dias_venta_anticipada = ?,
		venta_grande_pasajes = ?, venta_grande_centavos = ?, dias_retencion_pasajeros = COALESCE(?, dias_retencion_pasajeros)`,
		e.Nombre, e.RUC, e.Direccion, e.Telefono, e.Email, e.Timezone, string(contacto), e.DiasVentaAnticipada,
		e.VentaGrande.MasDePasajes, e.VentaGrande.MontoMayorA, ceroNulo(e.DiasRetencionPasajeros))
}

// actualizarEmpresa runs one UPDATE of the company's columns set through
// idempotent (operacion), audits accion with the company before and after,
// emits configActualizada and returns the company as saved.
func (s *Store) actualizarEmpresa(ctx context.Context, a Actor, id int64, operacion, accion, set string, args ...any) (Empresa, error) {
	return idempotent(ctx, s, a, operacion, func(c sqldb.Conn) (Empresa, error) {
		antes, err := empresaExistente(ctx, c, id)
		if err != nil {
			return antes, err
		}
		_, err = c.Exec(ctx, `UPDATE empresas SET `+set+` WHERE id = ?`, append(args, id)...)
		if sqldb.IsUniqueViolation(err) {
			return antes, domain.Conflict(MsgEmpresaDuplicada)
		}
		if err != nil {
			return antes, wrap("actualizar empresa", err)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: id, Datos: EventoConfig{Tabla: "empresas"}})
		despues, err := empresa(ctx, c, id)
		if err != nil {
			return despues, err
		}
		if antes.Activa && !despues.Activa {
			emitirRevocacion(c, id, 0) // every socket of the company
		}
		return despues, s.auditarCambio(ctx, c, enEmpresa(a, id), accion, empresaAuditadaDe(antes),
			empresaAuditadaDe(despues))
	})
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
// what the tickets sold this month (the business days of its zone from the
// 1st to today) took, the cancelled ones left out, read through the figures
// reader (Cifras), and its open registers.
func (s *Store) EstadisticasDeEmpresa(ctx context.Context, id int64) (EstadisticasEmpresa, error) {
	var (
		st   EstadisticasEmpresa
		zona string
	)
	err := s.db.Conn().QueryRow(ctx, `SELECT e.timezone,
		(SELECT COUNT(*) FROM usuarios WHERE empresa_id = e.id),
		(SELECT COUNT(*) FROM pasajes WHERE empresa_id = e.id),
		(SELECT COUNT(*) FROM cajas WHERE empresa_id = e.id AND estado = 'abierta')
		FROM empresas e WHERE e.id = ?`, id).Scan(&zona, &st.TotalUsuarios, &st.TotalPasajes, &st.CajasAbiertas)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return st, firstErr(wrap("leer estadísticas de empresa", err), domain.NotFound(MsgEmpresaNoEncontrada))
	}
	hoy := domain.DiaDe(s.Now(), domain.Location(zona)).Fecha
	cifras, err := s.Cifras(ctx, ConsultaCifras{EmpresaID: id, Desde: hoy[:8] + "01", Hasta: hoy,
		Solo: FiltroCifras{SinEstado: domain.PasajeCancelado}})
	if err == nil && len(cifras) == 1 { // no dimension: one total
		st.IngresosMes = cifras[0].Importe
	}
	return st, err
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
	if err := existeEmpresa(ctx, s.db.Conn(), id); err != nil {
		return nil, err
	}
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (u UsuarioDeEmpresa, err error) {
		err = sc.Scan(&u.ID, &u.NombreUsuario, &u.Nombre, &u.Apellido, &u.Rol, &u.ColorBadge, &u.Icono, &u.Activo,
			&u.UltimoLogin)
		return u, err
	}, `SELECT u.id, u.nombre_usuario, u.nombre, u.apellido, r.nombre, r.color_badge, r.icono, u.activo, u.ultimo_login
		FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.empresa_id = ? ORDER BY u.nombre_usuario`, id)
	return out, wrap("listar usuarios de empresa", err)
}
