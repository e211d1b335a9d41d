package api

import (
	"context"
	"encoding/base64"
	"math"
	"net/http"
	"strings"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/impresion"
	"muelle/internal/store"
)

// The customer portal (backoffice §2.21, §7; docs/features/portal-cliente.md).
// Before login every call names the company by empresa_id
// (the portal's address carries it: /cliente/login?empresa=2), or leaves it
// out for the landing page's company; a document is unique within its
// company only. Documents travel in bodies, never in URLs (logs).

// VerificarDocumento is the body of POST /cliente-auth/verificar.
type VerificarDocumento struct {
	Documento string `json:"documento" maxLength:"20"`
	EmpresaID int64  `json:"empresa_id,omitempty" minimum:"0" description:"La empresa del portal; sin ella, la de la página de inicio"`
}

// DocumentoVerificado is the document checked, normalized. It says nothing
// else, the same whatever the document's state (with a portal password or
// not, unknown): the portal then offers both logging in and creating or
// recovering the password.
type DocumentoVerificado struct {
	Documento string `json:"documento"`
}

// IniciarSesionCliente is the body of POST /cliente-auth/login.
type IniciarSesionCliente struct {
	Documento string `json:"documento" maxLength:"20"`
	Password  string `json:"password" maxLength:"72"`
	EmpresaID int64  `json:"empresa_id,omitempty" minimum:"0"`
}

// CrearClaveCliente is the body of POST /cliente-auth/setup-password: the
// new password and the proof, a one-time code.
type CrearClaveCliente struct {
	Documento string `json:"documento" maxLength:"20"`
	Password  string `json:"password" maxLength:"72"`
	Codigo    string `json:"codigo,omitempty" maxLength:"12" description:"El código de un solo uso enviado al correo o WhatsApp confirmado del cliente, o el que el personal le dio en el mostrador"`
	EmpresaID int64  `json:"empresa_id,omitempty" minimum:"0"`
}

// CodigoPortal is a one-time portal code a staff member hands over at the
// counter after checking the customer's ID.
type CodigoPortal struct {
	Codigo  string    `json:"codigo" description:"6 dígitos, de un solo uso"`
	VenceEn time.Time `json:"vence_en" description:"Vence a los 15 minutos"`
}

// PedirCodigoCliente is the body of POST /cliente-auth/codigo.
type PedirCodigoCliente struct {
	Documento string `json:"documento" maxLength:"20"`
	EmpresaID int64  `json:"empresa_id,omitempty" minimum:"0"`
}

// SesionCliente is a customer's session: its token and who it is.
type SesionCliente struct {
	Token   string          `json:"token"`
	Cliente ClienteDeSesion `json:"cliente"`
}

// ClienteDeSesion is the customer of a portal session.
type ClienteDeSesion struct {
	ID        int64  `json:"id"`
	Nombre    string `json:"nombre"`
	Apellido  string `json:"apellido"`
	Documento string `json:"documento"`
	EmpresaID int64  `json:"empresa_id"`
}

func clienteDeSesion(c store.ClientePortal) ClienteDeSesion {
	return ClienteDeSesion{ID: c.ID, Nombre: c.Nombre, Apellido: c.Apellido, Documento: c.Documento, EmpresaID: c.EmpresaID}
}

// PanelCliente is the customer's dashboard (backoffice §3 "Customer
// dashboard data").
type PanelCliente struct {
	Cliente    ClienteDeSesion     `json:"cliente"`
	Empresa    EmpresaDelPortal    `json:"empresa"`
	Viajes     int64               `json:"viajes"`
	Puntos     *PuntosDelPortal    `json:"puntos" description:"Nulo cuando la empresa no tiene puntos"`
	Beneficios []BeneficioDePortal `json:"beneficios"`
	Pasajes    []PasajeDePortal    `json:"pasajes"`
}

// EmpresaDelPortal is the company of the portal.
type EmpresaDelPortal struct {
	Nombre    string `json:"nombre"`
	Direccion string `json:"direccion"`
}

// PuntosDelPortal are the customer's points, level and what expires soon.
type PuntosDelPortal struct {
	Saldo           int64      `json:"saldo"`
	Nivel           string     `json:"nivel" enum:"Bronce,Plata,Oro,Diamante"`
	Progreso        int        `json:"progreso" description:"Porcentaje hacia el nivel siguiente, 0 a 100 (100 en Diamante)"`
	Siguiente       string     `json:"siguiente" description:"El nivel siguiente; vacío en Diamante"`
	PuntosSiguiente int64      `json:"puntos_siguiente" description:"Los puntos en que empieza el nivel siguiente; 0 en Diamante"`
	PorVencer       int64      `json:"por_vencer" description:"Puntos que vencen en los próximos 30 días"`
	PorVencerEn     *time.Time `json:"por_vencer_en" description:"Cuándo vence el primero de ellos"`
}

// BeneficioDePortal is a benefit the customer may redeem at the counter.
type BeneficioDePortal struct {
	ID               int64  `json:"id"`
	Nombre           string `json:"nombre"`
	Descripcion      string `json:"descripcion"`
	PuntosRequeridos int64  `json:"puntos_requeridos"`
	Alcanza          bool   `json:"alcanza"`
}

// PasajeDePortal is a ticket as the portal shows it (backoffice §3 "Ticket
// in portal"); qr_code only for an active ticket.
type PasajeDePortal struct {
	ID           int64           `json:"id"`
	NumeroPasaje string          `json:"numero_pasaje"`
	FechaViaje   string          `json:"fecha_viaje" format:"date"`
	Precio       domain.Centavos `json:"precio"`
	Estado       string          `json:"estado" enum:"activo,usado,cancelado"`
	Embarcado    bool            `json:"embarcado"`
	Seccion      string          `json:"seccion"`
	TipoViaje    string          `json:"tipo_viaje"`
	CreatedAt    time.Time       `json:"created_at"`
	// QRCode is the code's image as a data: URL (PNG); empty unless active.
	QRCode string `json:"qr_code"`
}

// empresaDelPortal resolves the company a pre-login call names (0: the
// landing page's) and refuses one without the customer portal module.
func (s *Server) empresaDelPortal(ctx context.Context, id int64) (int64, error) {
	var (
		e     store.Empresa
		found bool
		err   error
	)
	if id == 0 {
		e, found, err = s.Store.EmpresaPublica(ctx)
	} else {
		e, found, err = s.Store.Empresa(ctx, id)
	}
	if err != nil {
		return 0, err
	}
	if !found || !e.Activa {
		return 0, domain.NotFound(domain.MsgEmpresaNoEncontrada)
	}
	return e.ID, s.moduloPortal(ctx, e.ID)
}

// moduloPortal refuses a company whose portal_clientes module is off,
// read fresh (customers have no session version to compare with).
func (s *Server) moduloPortal(ctx context.Context, empresaID int64) error {
	m, err := s.Store.ModulosActivosDe(ctx, empresaID, math.MaxInt64)
	if err != nil {
		return err
	}
	if hoy := m.Hoy(s.Store.Now()); !m.Estado(domain.ModuloPortalClientes).Efectivo(hoy) {
		return domain.ModuloNoHabilitado(m.Estado(domain.ModuloPortalClientes), hoy)
	}
	return nil
}

func (s *Server) verificarDocumento(r *http.Request, b VerificarDocumento) (DocumentoVerificado, error) {
	if _, err := s.empresaDelPortal(r.Context(), b.EmpresaID); err != nil {
		return DocumentoVerificado{}, err
	}
	doc, err := s.Auth.VerificarCliente(r.Context(), b.Documento, clientIP(r))
	return DocumentoVerificado{Documento: doc}, err
}

func (s *Server) loginCliente(r *http.Request, b IniciarSesionCliente) (reply[SesionCliente], error) {
	empresa, err := s.empresaDelPortal(r.Context(), b.EmpresaID)
	if err != nil {
		return reply[SesionCliente]{}, err
	}
	ses, err := s.Auth.LoginCliente(r.Context(), empresa, b.Documento, b.Password, clientIP(r))
	return withMessage(SesionCliente{Token: ses.Token, Cliente: clienteDeSesion(ses.Cliente)}, domain.MsgClienteBienvenido), err
}

func (s *Server) crearClaveCliente(r *http.Request, b CrearClaveCliente) (reply[SesionCliente], error) {
	empresa, err := s.empresaDelPortal(r.Context(), b.EmpresaID)
	if err != nil {
		return reply[SesionCliente]{}, err
	}
	ses, err := s.Auth.SetupCliente(r.Context(), empresa, b.Documento, b.Password, strings.TrimSpace(b.Codigo), clientIP(r),
		s.canalesCliente(r.Context()))
	return withMessage(SesionCliente{Token: ses.Token, Cliente: clienteDeSesion(ses.Cliente)}, domain.MsgClienteClaveCreada), err
}

func (s *Server) pedirCodigoCliente(r *http.Request, b PedirCodigoCliente) (reply[NoData], error) {
	empresa, err := s.empresaDelPortal(r.Context(), b.EmpresaID)
	if err != nil {
		return reply[NoData]{}, err
	}
	err = s.Auth.PedirCodigoCliente(r.Context(), empresa, b.Documento, clientIP(r), s.canalesCliente(r.Context()))
	return onlyMessage(domain.MsgClienteCodigoEnviado), err
}

// canalesCliente reads whether a company's mail is active and its WhatsApp linked.
func (s *Server) canalesCliente(ctx context.Context) auth.CanalesCliente {
	return func(empresaID int64) (bool, bool, error) {
		cfg, found, err := s.Store.ConfiguracionEmail(ctx, empresaID)
		if err != nil {
			return false, false, err
		}
		w, err := s.Store.SesionWhatsAppDe(ctx, empresaID)
		if err != nil {
			return false, false, err
		}
		return found && cfg.Activo, w.Estado == domain.WhatsAppConectado, nil
	}
}

// restablecerPortal clears one of the company's customers' portal password
// and ends its portal sessions (another company's: 404).
func (s *Server) restablecerPortal(r *http.Request) (reply[Cliente], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Cliente]{}, err
	}
	c, err := s.Store.RestablecerPortalCliente(r.Context(), a, id)
	return withMessage(clienteDe(c), domain.MsgPortalRestablecido), err
}

// emitirCodigoPortal answers a one-time portal code for one of the
// company's customers (another company's: 404).
func (s *Server) emitirCodigoPortal(r *http.Request) (reply[CodigoPortal], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[CodigoPortal]{}, err
	}
	codigo, vence, err := s.Auth.EmitirCodigoPortal(r.Context(), a, id)
	return withMessage(CodigoPortal{Codigo: codigo, VenceEn: vence}, domain.MsgCodigoPortalEmitido), err
}

// clienteKey holds a portal request's customer session.
type clienteKey struct{}

type sesionDeCliente struct {
	Claims  auth.ClaimsCliente
	Cliente store.ClientePortal
}

func clienteFrom(r *http.Request) sesionDeCliente {
	c, _ := r.Context().Value(clienteKey{}).(sesionDeCliente)
	return c
}

// autenticarCliente checks a portal route's customer session: no token is
// 401, a staff token 403 (it is no customer's), any other failure 401.
func (s *Server) autenticarCliente(r *http.Request) (*http.Request, error) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	token = strings.TrimSpace(token)
	if !ok || token == "" {
		return r, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	c, cl, err := s.Auth.AutenticarCliente(r.Context(), token)
	if err != nil {
		if s.Auth.EsTokenDePersonal(token) {
			return r, domain.Forbidden(domain.MsgSinPermisos)
		}
		return r, err
	}
	if err := s.moduloPortal(r.Context(), cl.EmpresaID); err != nil {
		return r, err
	}
	return r.WithContext(context.WithValue(r.Context(), clienteKey{}, sesionDeCliente{Claims: c, Cliente: cl})), nil
}

func (s *Server) panelCliente(r *http.Request) (PanelCliente, error) {
	cl := clienteFrom(r).Cliente
	m, err := s.Store.ModulosActivosDe(r.Context(), cl.EmpresaID, math.MaxInt64)
	if err != nil {
		return PanelCliente{}, err
	}
	conPuntos := m.Estado(domain.ModuloPuntos).Efectivo(m.Hoy(s.Store.Now()))
	p, err := s.Store.PanelDeCliente(r.Context(), cl, conPuntos)
	if err != nil {
		return PanelCliente{}, err
	}
	out := PanelCliente{Cliente: clienteDeSesion(cl), Empresa: EmpresaDelPortal{Nombre: p.Empresa.Nombre,
		Direccion: p.Empresa.Direccion}, Viajes: p.Viajes, Beneficios: []BeneficioDePortal{}, Pasajes: []PasajeDePortal{}}
	if p.PuntosActivado {
		n := p.Puntos.Nivel
		out.Puntos = &PuntosDelPortal{Saldo: p.Puntos.Saldo, Nivel: n.Nombre, Progreso: int(math.Floor(n.Progreso * 100)),
			Siguiente: n.Siguiente, PuntosSiguiente: n.PuntosSiguiente, PorVencer: p.PorVencer, PorVencerEn: p.PorVencerEn}
		for _, b := range p.Beneficios {
			out.Beneficios = append(out.Beneficios, BeneficioDePortal{ID: b.ID, Nombre: b.Nombre, Descripcion: b.Descripcion,
				PuntosRequeridos: b.PuntosRequeridos, Alcanza: b.Alcanza})
		}
	}
	for _, t := range p.Recientes {
		pp := PasajeDePortal{ID: t.ID, NumeroPasaje: t.NumeroPasaje, FechaViaje: t.FechaViaje, Precio: t.Precio,
			Estado: t.Estado, Embarcado: t.FechaEmbarque != nil, Seccion: t.SeccionNombre, TipoViaje: t.TipoViajeNombre,
			CreatedAt: t.CreatedAt}
		if t.Estado == domain.PasajeActivo && t.CodigoQR != "" {
			png, err := impresion.QRPNG(t.CodigoQR, 512)
			if err != nil {
				return PanelCliente{}, err
			}
			pp.QRCode = "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
		}
		out.Pasajes = append(out.Pasajes, pp)
	}
	return out, nil
}

func (s *Server) logoutCliente(r *http.Request) (reply[NoData], error) {
	if err := s.Auth.LogoutCliente(r.Context(), clienteFrom(r).Claims); err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(domain.MsgClienteSesionCerrada), nil
}
