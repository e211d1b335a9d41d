package api

import (
	"encoding/json"
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/openapi"
	"muelle/internal/store"
)

// Success messages of role management (backoffice §8).
const (
	msgRolCreado      = "Rol creado exitosamente"
	msgRolActualizado = "Rol actualizado exitosamente"
	msgRolEliminado   = "Rol eliminado exitosamente"
)

// GuardarRol is the body of POST and PUT /config/roles: the role form.
type GuardarRol struct {
	Nombre          string      `json:"nombre" maxLength:"50"`
	Descripcion     string      `json:"descripcion" maxLength:"500" multilinea:"true"`
	NivelJerarquico int         `json:"nivel_jerarquico" minimum:"1" maximum:"6"`
	Permisos        PermisosRol `json:"permisos"`
	ColorBadge      ColorRol    `json:"color_badge" maxLength:"7"`
	Icono           IconoRol    `json:"icono" maxLength:"4"`
	Activo          *bool       `json:"activo,omitempty"`
}

// ColorRol is a role's badge colour, one of domain.ColoresRol.
type ColorRol string

// Enum lists the colours in the contract.
func (ColorRol) Enum() []any { return valoresDe(domain.ColoresRol) }

// IconoRol is a role's icon, one of domain.IconosRol.
type IconoRol string

// Enum lists the icons in the contract.
func (IconoRol) Enum() []any { return valoresDe(domain.IconosRol) }

// valoresDe is a list of texts as the values of a contract's enum.
func valoresDe(valores []string) []any {
	out := make([]any, len(valores))
	for i, v := range valores {
		out[i] = v
	}
	return out
}

// PermisosRol is the permission matrix of a role (backoffice §3): one object
// per group, one boolean per flag; a flag left out is off.
type PermisosRol struct {
	openapi.Parcial                       // a client names the groups and flags it grants; the rest are off
	Dashboard       PermisosDashboard     `json:"dashboard"`
	Empresas        PermisosABM           `json:"empresas"`
	Usuarios        PermisosABM           `json:"usuarios"`
	Configuracion   PermisosConfiguracion `json:"configuracion"`
	Reportes        PermisosReportes      `json:"reportes"`
	Pasajes         PermisosPasajes       `json:"pasajes"`
	Caja            PermisosCaja          `json:"caja"`
	Validacion      PermisosValidacion    `json:"validacion"`
	WhatsApp        PermisosWhatsApp      `json:"whatsapp"`
	Email           PermisosEmail         `json:"email"`
	Impresion       PermisosImpresion     `json:"impresion"`
	Clientes        PermisosClientes      `json:"clientes"`
}

// PermisosDashboard: which dashboard the role sees (a built-in role name).
type PermisosDashboard struct {
	openapi.Parcial        // a client names the groups and flags it grants; the rest are off
	Ver             bool   `json:"ver"`
	Tipo            string `json:"tipo" maxLength:"20" enum:"super_admin,admin,supervisor,vendedor,lancha,pasajero"`
}

// PermisosABM are the flags of a group that lists, creates, edits and deletes.
type PermisosABM struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Ver             bool `json:"ver"`
	Crear           bool `json:"crear"`
	Editar          bool `json:"editar"`
	Eliminar        bool `json:"eliminar"`
}

// PermisosConfiguracion are the configuration flags.
type PermisosConfiguracion struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Ver             bool `json:"ver"`
	Editar          bool `json:"editar"`
	Sistema         bool `json:"sistema"`
}

// PermisosReportes are the report flags.
type PermisosReportes struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Ver             bool `json:"ver"`
	Exportar        bool `json:"exportar"`
	Avanzados       bool `json:"avanzados"`
}

// PermisosPasajes are the ticket flags.
type PermisosPasajes struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Ver             bool `json:"ver"`
	Crear           bool `json:"crear"`
	Editar          bool `json:"editar"`
	Anular          bool `json:"anular"`
	Imprimir        bool `json:"imprimir"`
	// Sobreventa confirms a sale past the day's seats (its own, or a seller's
	// with the credentials typed on the seller's screen).
	Sobreventa bool `json:"sobreventa"`
}

// PermisosCaja are the register flags.
type PermisosCaja struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Ver             bool `json:"ver"`
	Abrir           bool `json:"abrir"`
	Cerrar          bool `json:"cerrar"`
	Movimientos     bool `json:"movimientos"`
	// VerEsperado shows the open register's expected figures; without it the close is blind.
	VerEsperado bool `json:"ver_esperado"`
}

// PermisosValidacion are the boarding flags.
type PermisosValidacion struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Embarque        bool `json:"embarque"`
	Desembarque     bool `json:"desembarque"`
}

// PermisosWhatsApp are the WhatsApp flags.
type PermisosWhatsApp struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Configurar      bool `json:"configurar"`
	Enviar          bool `json:"enviar"`
	VerEstado       bool `json:"ver_estado"`
}

// PermisosEmail are the e-mail flags.
type PermisosEmail struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Configurar      bool `json:"configurar"`
	Enviar          bool `json:"enviar"`
}

// PermisosImpresion are the printing flags.
type PermisosImpresion struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Configurar      bool `json:"configurar"`
	Ticket80mm      bool `json:"ticket_80mm"`
	TicketA4        bool `json:"ticket_a4"`
	Batch           bool `json:"batch"`
}

// PermisosClientes are the customer flags (reading them is personal data).
type PermisosClientes struct {
	openapi.Parcial      // a client names the groups and flags it grants; the rest are off
	Ver             bool `json:"ver"`
}

// permisos is the matrix as the domain keeps it.
func (p PermisosRol) permisos() (domain.Permisos, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	var out domain.Permisos
	return out, json.Unmarshal(b, &out)
}

// rol is the form as a domain role; a missing activo means active.
func (g GuardarRol) rol() (domain.Rol, error) {
	permisos, err := g.Permisos.permisos()
	return domain.Rol{Nombre: g.Nombre, Descripcion: g.Descripcion, NivelJerarquico: g.NivelJerarquico,
		ColorBadge: string(g.ColorBadge), Icono: string(g.Icono), Permisos: permisos, Activo: g.Activo == nil || *g.Activo}, err
}

// Rol is a role as role management shows it (backoffice §3).
type Rol struct {
	ID              int64           `json:"id"`
	Nombre          string          `json:"nombre"`
	Descripcion     string          `json:"descripcion"`
	NivelJerarquico int             `json:"nivel_jerarquico"`
	Permisos        domain.Permisos `json:"permisos"`
	ColorBadge      string          `json:"color_badge"`
	Icono           string          `json:"icono"`
	Activo          bool            `json:"activo"`
	// Integrado: a built-in role, which is never deleted nor renamed.
	Integrado bool `json:"integrado"`
	// Usuarios is how many users hold the role.
	Usuarios int64 `json:"usuarios"`
}

// PlantillaRol is what the role form offers: the default new role, the
// colours, the icons and the permission catalogue (group → flags).
type PlantillaRol struct {
	RolNuevo Rol                 `json:"rol_nuevo"`
	Colores  []string            `json:"colores"`
	Iconos   []string            `json:"iconos"`
	Catalogo map[string][]string `json:"catalogo"`
	Niveles  []NivelJerarquico   `json:"niveles"`
}

// NivelJerarquico names one of the six role levels.
type NivelJerarquico struct {
	Nivel  int    `json:"nivel"`
	Nombre string `json:"nombre"`
}

// RolEliminado says how many users moved to the chosen role.
type RolEliminado struct {
	UsuariosMovidos int64 `json:"usuarios_movidos"`
}

func rolDe(r store.RolFila) Rol {
	return Rol{ID: r.ID, Nombre: r.Nombre, Descripcion: r.Descripcion, NivelJerarquico: r.NivelJerarquico,
		Permisos: r.Permisos, ColorBadge: r.ColorBadge, Icono: r.Icono, Activo: r.Activo, Integrado: r.Integrado,
		Usuarios: r.Usuarios}
}

func (s *Server) listarRoles(r *http.Request) ([]Rol, error) {
	roles, err := s.Store.ListarRoles(r.Context())
	return mapRows(roles, rolDe), err
}

func (s *Server) plantillaRol(*http.Request) (PlantillaRol, error) {
	niveles := []NivelJerarquico{{1, "Super Admin"}, {2, "Admin"}, {3, "Supervisor"}, {4, "Vendedor"},
		{5, "Lancha"}, {6, "Pasajero"}}
	return PlantillaRol{RolNuevo: rolDe(store.RolFila{Rol: domain.RolNuevo()}), Colores: domain.ColoresRol,
		Iconos: domain.IconosRol, Catalogo: domain.CatalogoPermisos, Niveles: niveles}, nil
}

func (s *Server) crearRol(r *http.Request, body GuardarRol) (createdReply[Rol], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Rol]{}, err
	}
	rol, err := body.rol()
	if err != nil {
		return createdReply[Rol]{}, err
	}
	out, err := s.Store.CrearRol(r.Context(), a, rol)
	return created(rolDe(out), msgRolCreado), err
}

func (s *Server) actualizarRol(r *http.Request, body GuardarRol) (reply[Rol], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Rol]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Rol]{}, err
	}
	rol, err := body.rol()
	if err != nil {
		return reply[Rol]{}, err
	}
	out, err := s.Store.ActualizarRol(r.Context(), a, id, rol)
	return withMessage(rolDe(out), msgRolActualizado), err
}

// ConsultaEliminarRol names the role the users of a deleted role move to.
type ConsultaEliminarRol struct {
	ReasignarA int64 `query:"reasignar_a" minimum:"1" description:"El rol al que pasan sus usuarios (obligatorio si tiene usuarios)"`
}

// eliminarRol deletes a custom role; its users move to reasignar_a.
func (s *Server) eliminarRol(r *http.Request, c ConsultaEliminarRol) (reply[RolEliminado], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[RolEliminado]{}, err
	}
	var destino *int64
	if c.ReasignarA != 0 {
		destino = &c.ReasignarA
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[RolEliminado]{}, err
	}
	movidos, err := s.Store.EliminarRol(r.Context(), a, id, destino)
	return withMessage(RolEliminado{UsuariosMovidos: movidos}, msgRolEliminado), err
}
