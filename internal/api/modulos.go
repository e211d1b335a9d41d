package api

import (
	"context"
	"encoding/json"
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// EmpresaAdmin is a company in the global administrator's pick list.
type EmpresaAdmin struct {
	ID     int64  `json:"id"`
	Nombre string `json:"nombre"`
	RUC    string `json:"ruc"`
	Tipo   string `json:"tipo" enum:"operativa,administrativa"`
	Activa bool   `json:"activa"`
}

// Modulo is an entry of the module catalogue (backoffice §3).
type Modulo struct {
	ID          int64  `json:"id"`
	Codigo      string `json:"codigo" enum:"core,venta_pasajes,caja,embarque,reportes,clientes,whatsapp,email,notificaciones,puntos,portal_clientes,facturacion"`
	Nombre      string `json:"nombre"`
	Descripcion string `json:"descripcion"`
	Categoria   string `json:"categoria" enum:"core,ventas,comunicacion,reportes,gestion,avanzado"`
}

// CatalogoModulos is the answer of GET /admin/modulos.
type CatalogoModulos struct {
	Modulos []Modulo `json:"modulos"`
}

// ModuloDeEmpresa is a module with the company's state of it in empresaModulos
// (one entry; a module the company never changed is enabled).
type ModuloDeEmpresa struct {
	Modulo
	EmpresaModulos []EstadoModuloEmpresa `json:"empresaModulos"`
}

// EstadoModuloEmpresa is a company's state of a module. efectivo: enabled and
// not past fecha_vencimiento in the company's business day; vencido: past it.
type EstadoModuloEmpresa struct {
	Habilitado       bool            `json:"habilitado"`
	Configuracion    json.RawMessage `json:"configuracion"`
	FechaVencimiento *string         `json:"fecha_vencimiento"`
	Vencido          bool            `json:"vencido"`
	Efectivo         bool            `json:"efectivo"`
}

// GuardarModuloEmpresa is the body of PUT /admin/empresas/{id}/modulos/{moduloId}:
// configuracion is a JSON object (or null), fecha_vencimiento YYYY-MM-DD (or null).
type GuardarModuloEmpresa struct {
	Habilitado       bool            `json:"habilitado"`
	Configuracion    json.RawMessage `json:"configuracion,omitempty" maxLength:"500"`
	FechaVencimiento *string         `json:"fecha_vencimiento,omitempty" maxLength:"10"`
}

func moduloDe(m store.Modulo) Modulo {
	return Modulo{ID: m.ID, Codigo: m.Codigo, Nombre: m.Nombre, Descripcion: m.Descripcion, Categoria: m.Categoria}
}

func (s *Server) listarEmpresasAdmin(r *http.Request) ([]EmpresaAdmin, error) {
	empresas, err := s.Store.ListarEmpresas(r.Context())
	return mapRows(empresas, func(e store.EmpresaListada) EmpresaAdmin {
		return EmpresaAdmin{ID: e.ID, Nombre: e.Nombre, RUC: e.RUC, Tipo: e.Tipo, Activa: e.Activa}
	}), err
}

func (s *Server) listarModulos(r *http.Request) (CatalogoModulos, error) {
	modulos, err := s.Store.ListarModulos(r.Context())
	return CatalogoModulos{Modulos: mapRows(modulos, moduloDe)}, err
}

func (s *Server) modulosDeEmpresa(r *http.Request) ([]ModuloDeEmpresa, error) {
	empresaID, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	hoy, err := s.hoyDe(r.Context(), empresaID)
	if err != nil {
		return nil, err
	}
	modulos, err := s.Store.ModulosDeEmpresa(r.Context(), empresaID)
	return mapRows(modulos, func(m store.ModuloEmpresa) ModuloDeEmpresa { return moduloDeEmpresa(m, hoy) }), err
}

func moduloDeEmpresa(m store.ModuloEmpresa, hoy string) ModuloDeEmpresa {
	var cfg json.RawMessage
	if m.Configuracion != nil {
		cfg = json.RawMessage(*m.Configuracion)
	}
	e := m.Estado()
	return ModuloDeEmpresa{Modulo: moduloDe(m.Modulo), EmpresaModulos: []EstadoModuloEmpresa{{
		Habilitado: m.Habilitado, Configuracion: cfg, FechaVencimiento: m.FechaVencimiento,
		Vencido: e.Vencido(hoy), Efectivo: e.Efectivo(hoy)}}}
}

// hoyDe is a company's business day now; an unknown company is a 404.
func (s *Server) hoyDe(ctx context.Context, empresaID int64) (string, error) {
	e, ok, err := s.Store.Empresa(ctx, empresaID)
	if err != nil || !ok {
		if err == nil {
			err = domain.NotFound(domain.MsgEmpresaNoEncontrada)
		}
		return "", err
	}
	return domain.DiaDe(s.Store.Now(), domain.Location(e.Timezone)).Fecha, nil
}

func (s *Server) actualizarModuloEmpresa(r *http.Request, body GuardarModuloEmpresa) (reply[ModuloDeEmpresa], error) {
	empresaID, err := pathID(r, "id")
	if err != nil {
		return reply[ModuloDeEmpresa]{}, err
	}
	moduloID, err := pathID(r, "moduloId")
	if err != nil {
		return reply[ModuloDeEmpresa]{}, err
	}
	cambio, err := body.cambio()
	if err != nil {
		return reply[ModuloDeEmpresa]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[ModuloDeEmpresa]{}, err
	}
	hoy, err := s.hoyDe(r.Context(), empresaID)
	if err != nil {
		return reply[ModuloDeEmpresa]{}, err
	}
	antes, despues, err := s.Store.ActualizarModuloEmpresa(r.Context(), a, empresaID, moduloID, cambio)
	msg := domain.MensajeCambioModulo(despues.Nombre, antes.Habilitado, despues.Habilitado)
	return withMessage(moduloDeEmpresa(despues, hoy), msg), err
}

// cambio checks the body: a bounded JSON object or null, a calendar date or null.
func (g GuardarModuloEmpresa) cambio() (store.CambioModulo, error) {
	c := store.CambioModulo{Habilitado: g.Habilitado}
	if len(g.Configuracion) > 0 && string(g.Configuracion) != "null" {
		if len(g.Configuracion) > domain.MaxConfiguracionModulo {
			return c, domain.Invalid(domain.MsgConfiguracionModulo)
		}
		cfg := string(g.Configuracion)
		c.Configuracion = &cfg
	}
	if g.FechaVencimiento != nil && *g.FechaVencimiento != "" {
		if !domain.FechaValida(*g.FechaVencimiento) {
			return c, domain.Invalid(domain.MsgFechaVencimiento)
		}
		c.FechaVencimiento = g.FechaVencimiento
	}
	return c, nil
}

// checkModulo refuses a request whose route belongs to a module that the
// caller's company does not have effective today (disabled, or past its
// fecha_vencimiento in the company's business day), whatever the role. core
// is always effective. The state comes from the store's per-company cache,
// which the session's modulos_version keeps current.
func (s *Server) checkModulo(ctx context.Context, a actor, codigo string) error {
	if codigo == domain.ModuloCore {
		return nil
	}
	m, err := s.Store.ModulosActivosDe(ctx, a.EmpresaID(), a.Usuario.ModulosVersion)
	if err != nil {
		return err
	}
	return m.Exigir(codigo, s.Store.Now())
}

// AvisoModulo is an enabled module of the company that expires within
// domain.DiasAvisoVencimiento days or expired (vencido), with the sentence
// that tells it.
type AvisoModulo struct {
	Codigo           string `json:"codigo" enum:"core,venta_pasajes,caja,embarque,reportes,clientes,whatsapp,email,notificaciones,puntos,portal_clientes,facturacion"`
	Nombre           string `json:"nombre"`
	FechaVencimiento string `json:"fecha_vencimiento"`
	Vencido          bool   `json:"vencido"`
	Mensaje          string `json:"mensaje"`
}

// conModulos sets the user's effective modules (the web app hides the
// screens of the others) and, for the administrators, the expiry notices.
func (s *Server) conModulos(ctx context.Context, u *Usuario, su store.UsuarioSesion) error {
	m, err := s.Store.ModulosActivosDe(ctx, su.EmpresaID, su.ModulosVersion)
	if err != nil {
		return err
	}
	u.Modulos = m.Efectivos(s.Store.Now())
	u.AvisosModulos = []AvisoModulo{}
	if su.Rol == domain.RolAdmin || su.Rol == domain.RolSuperAdmin {
		u.AvisosModulos = mapRows(m.Avisos(s.Store.Now()), func(a domain.AvisoModulo) AvisoModulo { return AvisoModulo(a) })
	}
	return nil
}
