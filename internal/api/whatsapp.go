package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// WhatsApp links and drives each company's WhatsApp device (the
// whatsapp.Gestor of `muelle serve`). The states it reaches are written to
// the store, where the status routes read them.
type WhatsApp interface {
	// Inicializar starts linking (or reconnects a linked device) and returns
	// once the company has a QR code to scan, is connected, or failed.
	Inicializar(ctx context.Context, empresaID int64) error
	// VincularPorTelefono links by a code typed on the phone instead of a QR.
	VincularPorTelefono(ctx context.Context, empresaID int64, telefono string) (string, error)
	// Desconectar logs the company's device out and forgets it.
	Desconectar(ctx context.Context, empresaID int64) error
	// EnviarTexto sends one text message now (the test message).
	EnviarTexto(ctx context.Context, empresaID int64, telefono, texto string) error
}

// EstadoWhatsApp is a company's WhatsApp status (backoffice §3, §4): qrCode
// is a PNG data URL while the QR waits to be scanned; info is the linked
// account.
type EstadoWhatsApp struct {
	Status    string        `json:"status" enum:"connected,connecting,disconnected,qr_ready,not_initialized"`
	Connected bool          `json:"connected"`
	QRCode    string        `json:"qrCode,omitempty"`
	Info      *InfoWhatsApp `json:"info,omitempty"`
	// Error is why the link ended, one of a few categories; Detalle the
	// technical text behind it, for an administrator.
	Error   string `json:"error,omitempty"`
	Detalle string `json:"detalle,omitempty"`
}

// InfoWhatsApp is the WhatsApp account a company linked.
type InfoWhatsApp struct {
	Name   string `json:"name"`
	Number string `json:"number"`
}

// EstadoWhatsAppEmpresa is one card of the global WhatsApp screen (backoffice §2.8, §3).
type EstadoWhatsAppEmpresa struct {
	EmpresaID        int64      `json:"empresa_id"`
	EmpresaNombre    string     `json:"empresa_nombre"`
	Status           string     `json:"status" enum:"connected,connecting,disconnected,qr_ready,not_initialized"`
	Conectado        bool       `json:"conectado"`
	NumeroVinculado  string     `json:"numero_vinculado"`
	MensajesEnviados int64      `json:"mensajes_enviados"`
	UltimaConexion   *time.Time `json:"ultima_conexion"`
	Error            string     `json:"error"`
	Detalle          string     `json:"detalle,omitempty"`
}

// EntradaConfigWhatsApp is one configuration entry: mensaje_bienvenida,
// horario_atencion (HH:MM-HH:MM) or auto_respuesta ("true"/"false").
type EntradaConfigWhatsApp struct {
	Clave string `json:"clave" maxLength:"50"`
	Valor string `json:"valor" maxLength:"1000" multilinea:"true"`
}

// InicializarWhatsApp is the body of POST /whatsapp/initialize: empresaId,
// another company than the caller's, only for super_admin.
type InicializarWhatsApp struct {
	EmpresaID int64 `json:"empresaId,omitempty"`
}

// VincularPorTelefono is the body of POST /whatsapp/pair-phone: the number
// of the phone that will type the code.
type VincularPorTelefono struct {
	Telefono  string `json:"telefono" maxLength:"30"`
	EmpresaID int64  `json:"empresaId,omitempty"`
}

// CodigoVinculacion is the code to type on the phone (WhatsApp > Dispositivos
// vinculados > Vincular con el número de teléfono).
type CodigoVinculacion struct {
	Codigo string `json:"codigo"`
}

// DesconectarWhatsApp is the body of POST /whatsapp/disconnect.
type DesconectarWhatsApp struct {
	EmpresaID int64 `json:"empresaId,omitempty"`
}

// MensajePruebaWhatsApp is the body of POST /whatsapp/send (the test message).
type MensajePruebaWhatsApp struct {
	Numero  string `json:"numero" maxLength:"30"`
	Mensaje string `json:"mensaje" maxLength:"4000" multilinea:"true"`
}

// EnviarWhatsApp is the body of POST /pasajes/{id}/enviar-whatsapp.
type EnviarWhatsApp struct {
	Telefono string `json:"telefono" maxLength:"30"`
}

func estadoWhatsAppDe(r *http.Request, w store.SesionWhatsApp) EstadoWhatsApp {
	f := fallaPara(r, w.Error)
	e := EstadoWhatsApp{Status: w.Estado, Connected: w.Estado == domain.WhatsAppConectado, Error: f.Categoria,
		Detalle: f.Detalle}
	if w.Estado == domain.WhatsAppQRListo {
		e.QRCode = w.QR
	}
	if w.Numero != "" {
		e.Info = &InfoWhatsApp{Name: w.Nombre, Number: w.Numero}
	}
	return e
}

// empresaWhatsApp is the company a WhatsApp call acts on: the caller's own
// (pedida 0), or another one only for super_admin (404 for anyone else, like
// a missing company).
func (s *Server) empresaWhatsApp(r *http.Request, pedida int64) (store.SesionWhatsApp, error) {
	a := actorFrom(r)
	if pedida == 0 {
		pedida = a.EmpresaID()
	}
	if pedida != a.EmpresaID() && a.Usuario.Rol != domain.RolSuperAdmin {
		return store.SesionWhatsApp{}, domain.NotFound(store.MsgEmpresaNoEncontrada)
	}
	return s.Store.SesionWhatsAppDe(r.Context(), pedida)
}

// estadoWhatsAppDeEmpresa answers a company's status as the store holds it.
func (s *Server) estadoWhatsAppDeEmpresa(r *http.Request, empresaID int64) (EstadoWhatsApp, error) {
	w, err := s.empresaWhatsApp(r, empresaID)
	return estadoWhatsAppDe(r, w), err
}

func (s *Server) estadoWhatsApp(r *http.Request) (EstadoWhatsApp, error) {
	return s.estadoWhatsAppDeEmpresa(r, 0)
}

func (s *Server) estadoWhatsAppEmpresa(r *http.Request) (EstadoWhatsApp, error) {
	id, err := pathID(r, "empresaId")
	if err != nil {
		return EstadoWhatsApp{}, err
	}
	return s.estadoWhatsAppDeEmpresa(r, id)
}

func (s *Server) estadosWhatsApp(r *http.Request) ([]EstadoWhatsAppEmpresa, error) {
	ws, err := s.Store.SesionesWhatsApp(r.Context())
	return mapRows(ws, func(w store.SesionWhatsApp) EstadoWhatsAppEmpresa {
		f := fallaPara(r, w.Error)
		return EstadoWhatsAppEmpresa{EmpresaID: w.EmpresaID, EmpresaNombre: w.EmpresaNombre, Status: w.Estado,
			Conectado: w.Estado == domain.WhatsAppConectado, NumeroVinculado: w.Numero,
			MensajesEnviados: w.MensajesEnviados, UltimaConexion: w.UltimaConexion, Error: f.Categoria, Detalle: f.Detalle}
	}), err
}

func (s *Server) configWhatsApp(r *http.Request) ([]EntradaConfigWhatsApp, error) {
	es, err := s.Store.ConfiguracionWhatsApp(r.Context(), actorFrom(r).EmpresaID())
	return mapRows(es, func(e store.EntradaWhatsApp) EntradaConfigWhatsApp {
		return EntradaConfigWhatsApp(e)
	}), err
}

func (s *Server) guardarConfigWhatsApp(r *http.Request, body EntradaConfigWhatsApp) (reply[[]EntradaConfigWhatsApp], error) {
	valor, err := domain.ValidarConfigWhatsApp(body.Clave, body.Valor)
	if err != nil {
		return reply[[]EntradaConfigWhatsApp]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[[]EntradaConfigWhatsApp]{}, err
	}
	if err := s.Store.GuardarEntradaWhatsApp(r.Context(), a, store.EntradaWhatsApp{Clave: body.Clave, Valor: valor}); err != nil {
		return reply[[]EntradaConfigWhatsApp]{}, err
	}
	out, err := s.configWhatsApp(r)
	return withMessage(out, domain.MsgWhatsAppConfigGuardada), err
}

// whatsApp is the running WhatsApp service; a server without one refuses
// the calls that need it.
func (s *Server) whatsApp() (WhatsApp, error) {
	if s.WhatsApp == nil {
		return nil, domain.Conflict(domain.MsgWhatsAppNoDisponible)
	}
	return s.WhatsApp, nil
}

// whatsAppDeEmpresa is the company a WhatsApp session call acts on
// (empresaWhatsApp) and the running service.
func (s *Server) whatsAppDeEmpresa(r *http.Request, pedida int64) (int64, WhatsApp, error) {
	w, err := s.empresaWhatsApp(r, pedida)
	if err != nil {
		return 0, nil, err
	}
	wa, err := s.whatsApp()
	return w.EmpresaID, wa, err
}

func (s *Server) inicializarWhatsApp(r *http.Request, body InicializarWhatsApp) (reply[EstadoWhatsApp], error) {
	empresaID, wa, err := s.whatsAppDeEmpresa(r, body.EmpresaID)
	if err != nil {
		return reply[EstadoWhatsApp]{}, err
	}
	if err := wa.Inicializar(r.Context(), empresaID); err != nil {
		return reply[EstadoWhatsApp]{}, err
	}
	out, err := s.estadoWhatsAppDeEmpresa(r, empresaID)
	if err == nil && out.Status == domain.WhatsAppDesconectado && out.Error != "" {
		// it could not connect: the reason, and the status says it too
		return reply[EstadoWhatsApp]{}, &domain.Error{Kind: domain.KindUnprocessable, Message: out.Error,
			Detalle: out.Detalle}
	}
	return withMessage(out, domain.MsgWhatsAppInicializado), err
}

func (s *Server) vincularWhatsApp(r *http.Request, body VincularPorTelefono) (reply[CodigoVinculacion], error) {
	empresaID, wa, err := s.whatsAppDeEmpresa(r, body.EmpresaID)
	if err != nil {
		return reply[CodigoVinculacion]{}, err
	}
	telefono, err := domain.NormalizarTelefono(body.Telefono)
	if err != nil {
		return reply[CodigoVinculacion]{}, err
	}
	codigo, err := wa.VincularPorTelefono(r.Context(), empresaID, telefono)
	return withMessage(CodigoVinculacion{Codigo: codigo}, domain.MsgWhatsAppCodigoVinculacion), err
}

func (s *Server) desconectarWhatsApp(r *http.Request, body DesconectarWhatsApp) (reply[EstadoWhatsApp], error) {
	empresaID, wa, err := s.whatsAppDeEmpresa(r, body.EmpresaID)
	if err != nil {
		return reply[EstadoWhatsApp]{}, err
	}
	if err := wa.Desconectar(r.Context(), empresaID); err != nil {
		return reply[EstadoWhatsApp]{}, err
	}
	out, err := s.estadoWhatsAppDeEmpresa(r, empresaID)
	return withMessage(out, domain.MsgWhatsAppDesconectado), err
}

func (s *Server) probarWhatsApp(r *http.Request, body MensajePruebaWhatsApp) (reply[NoData], error) {
	telefono, err := domain.NormalizarTelefono(body.Numero)
	if err != nil {
		return reply[NoData]{}, err
	}
	if strings.TrimSpace(body.Mensaje) == "" {
		return reply[NoData]{}, domain.Invalid(domain.MsgWhatsAppMensajeObligatorio)
	}
	wa, err := s.whatsApp()
	if err != nil {
		return reply[NoData]{}, err
	}
	if err := wa.EnviarTexto(r.Context(), actorFrom(r).EmpresaID(), telefono, body.Mensaje); err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(domain.MsgWhatsAppPruebaEnviada), nil
}

// enviarPasajeWhatsApp writes the ticket's WhatsApp message to the outbox
// (text and QR image, sent after commit by the worker).
func (s *Server) enviarPasajeWhatsApp(r *http.Request, body EnviarWhatsApp) (createdReply[MensajeSalida], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	telefono, err := domain.NormalizarTelefono(body.Telefono)
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	m, err := s.Store.EncolarMensaje(r.Context(), a, store.NuevoMensaje{Canal: store.CanalWhatsApp,
		Tipo: store.TipoPasajes, Destino: telefono, PasajeIDs: []int64{id}, VendedorID: vendedorDe(r),
		SoloVentaPropia: actorFrom(r).SoloVentaPropia})
	if err != nil {
		return createdReply[MensajeSalida]{}, err
	}
	return created(mensajeSalida(r, m), domain.MsgWhatsAppPasajeEncolado), nil
}
