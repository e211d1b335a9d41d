package whatsapp

import (
	"cmp"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"muelle/internal/domain"
	"muelle/internal/impresion"
	"muelle/internal/mensajeria"
	"muelle/internal/store"
)

// Defaults of the Gestor.
const (
	// IntervaloPorDefecto and JitterPorDefecto space one company's messages:
	// at least 4 s apart plus up to 3 s at random, well clear of WhatsApp's
	// spam rules for a number that sends tickets.
	IntervaloPorDefecto = 4 * time.Second
	JitterPorDefecto    = 3 * time.Second
	// EsperaPorDefecto bounds how long Inicializar waits for the first QR
	// code or the connection.
	EsperaPorDefecto = 20 * time.Second
	// ladoQR is the side in pixels of the QR image to scan.
	ladoQR = 264
)

// Gestor holds one Cliente per company and its state. Every state it
// reaches is written to the store (whatsapp_sesiones) and pushed to the
// company's admins as whatsappStatus, so any instance answers the status;
// the clients themselves live in the process that runs the Gestor.
type Gestor struct {
	Store *store.Store
	Abrir Abridor
	Log   *slog.Logger
	// Intervalo and Jitter space one company's messages (the rate limit);
	// Espera bounds Inicializar's wait. Zero: the defaults.
	Intervalo, Jitter, Espera time.Duration
	// Ahora and Dormir are the clock of the rate limit (tests replace them).
	Ahora  func() time.Time
	Dormir func(ctx context.Context, d time.Duration) error

	mu       sync.Mutex
	ctx      context.Context
	sesiones map[int64]*sesion
	turnos   map[int64]*turno
}

// sesion is a company's client and its state.
type sesion struct {
	empresaID int64
	cliente   Cliente
	mu        sync.Mutex
	estado    string
	// vinculada: the device is linked (restored, or scanned since).
	vinculada bool
	// cerrada: the Gestor let go of this client; its late events are ignored.
	cerrada bool
	// listo is closed at the first QR code, the connection or a failure.
	listo    chan struct{}
	listoUna sync.Once
}

func (s *sesion) avisarListo() { s.listoUna.Do(func() { close(s.listo) }) }

// turno is a company's rate limit: one message at a time, the next not
// before proximo.
type turno struct {
	mu      sync.Mutex
	proximo time.Time
}

// Iniciar readies the Gestor and restores, in the background, every company
// whose device is linked (not one whose session WhatsApp ended: its admin
// initializes it again); a company left half-way through linking by a
// previous run is set disconnected. ctx bounds the clients' life.
func (g *Gestor) Iniciar(ctx context.Context) error {
	g.mu.Lock()
	g.ctx, g.sesiones, g.turnos = ctx, map[int64]*sesion{}, map[int64]*turno{}
	g.mu.Unlock()
	ws, err := g.Store.SesionesWhatsApp(ctx)
	if err != nil {
		return err
	}
	for _, w := range ws {
		switch {
		case w.JID != "" && w.Error == "":
			g.mu.Lock()
			_, err = g.abrirSesion(w.EmpresaID, w.JID)
			g.mu.Unlock()
		case w.Estado != domain.WhatsAppSinInicializar && w.Estado != domain.WhatsAppDesconectado:
			err = g.Store.CambiarSesionWhatsApp(ctx, w.EmpresaID, store.CambioWhatsApp{
				Estado: domain.WhatsAppDesconectado, Error: w.Error})
		}
		if err != nil {
			g.Log.Error("whatsapp: restaurar sesión", "empresa", w.EmpresaID, "error", err)
		}
	}
	return nil
}

// abrirSesion opens the company's client and connects it in the background;
// the caller holds g.mu.
func (g *Gestor) abrirSesion(empresaID int64, jid string) (*sesion, error) {
	s := &sesion{empresaID: empresaID, estado: domain.WhatsAppConectando, listo: make(chan struct{}),
		vinculada: jid != ""}
	cli, err := g.Abrir(g.ctx, jid, func(ev Evento) { g.recibir(s, ev) })
	if err != nil {
		return nil, err
	}
	s.cliente = cli
	if err := g.Store.CambiarSesionWhatsApp(g.ctx, empresaID, store.CambioWhatsApp{Estado: domain.WhatsAppConectando}); err != nil {
		return nil, err
	}
	g.sesiones[empresaID] = s
	go func() {
		if err := cli.Conectar(g.ctx); err != nil {
			g.fallar(s, domain.Falla{Categoria: domain.MsgWhatsAppSinConexion, Detalle: err.Error()}.Texto())
		}
	}()
	return s, nil
}

// recibir applies a device's event to its company's state.
func (g *Gestor) recibir(s *sesion, ev Evento) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cerrada {
		return
	}
	var err error
	switch ev.Tipo {
	case EventoQR:
		var qr string
		if qr, err = dataURL(ev.Codigo); err == nil {
			s.estado = domain.WhatsAppQRListo
			err = g.Store.CambiarSesionWhatsApp(g.ctx, s.empresaID, store.CambioWhatsApp{Estado: s.estado, QR: qr})
		}
		s.avisarListo()
	case EventoVinculado:
		s.estado, s.vinculada = domain.WhatsAppConectando, true
		err = g.Store.CambiarSesionWhatsApp(g.ctx, s.empresaID, store.CambioWhatsApp{Estado: s.estado,
			JID: ev.JID, Numero: ev.Numero, Nombre: ev.Nombre})
	case EventoConectado:
		s.estado = domain.WhatsAppConectado
		err = g.Store.CambiarSesionWhatsApp(g.ctx, s.empresaID, store.CambioWhatsApp{Estado: s.estado,
			Numero: ev.Numero, Nombre: ev.Nombre, Conectado: true})
		s.avisarListo()
	case EventoDesconectado:
		if s.estado == domain.WhatsAppConectado {
			s.estado = domain.WhatsAppConectando
			err = g.Store.CambiarSesionWhatsApp(g.ctx, s.empresaID, store.CambioWhatsApp{Estado: s.estado})
		}
	case EventoQRVencido:
		err = g.Store.CambiarSesionWhatsApp(g.ctx, s.empresaID, store.CambioWhatsApp{
			Estado: domain.WhatsAppDesconectado, Error: domain.MsgWhatsAppQRVencido})
		g.terminar(s)
	case EventoBaja:
		var fallidos int64
		fallidos, err = g.Store.BajaWhatsApp(g.ctx, s.empresaID, ev.Motivo, ev.Olvidar)
		g.terminar(s)
		g.Log.Warn("whatsapp: WhatsApp terminó la sesión", "empresa", s.empresaID, "motivo", ev.Motivo,
			"mensajes_fallidos", fallidos)
	}
	if err != nil {
		g.Log.Error("whatsapp: registrar estado", "empresa", s.empresaID, "error", err)
	}
}

// soltar lets go of a session: it leaves the map, its late events are
// ignored and whoever waits for it is woken. The caller holds s.mu and has
// written the session's last state, so that a new session opened from now
// on is never overwritten by this one.
func (g *Gestor) soltar(s *sesion) {
	s.cerrada = true
	s.estado = domain.WhatsAppDesconectado
	g.mu.Lock()
	if g.sesiones[s.empresaID] == s {
		delete(g.sesiones, s.empresaID)
	}
	g.mu.Unlock()
	s.avisarListo()
}

// terminar lets go of a session whose client ended and closes its
// connection (in the background: this may run inside the client's own event
// handler). The caller holds s.mu.
func (g *Gestor) terminar(s *sesion) {
	g.soltar(s)
	go s.cliente.Desconectar()
}

// fallar ends a session that could not connect, with the reason.
func (g *Gestor) fallar(s *sesion, motivo string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cerrada {
		return
	}
	err := g.Store.CambiarSesionWhatsApp(g.ctx, s.empresaID, store.CambioWhatsApp{
		Estado: domain.WhatsAppDesconectado, Error: motivo})
	if err != nil {
		g.Log.Error("whatsapp: registrar estado", "empresa", s.empresaID, "error", err)
	}
	g.terminar(s)
}

// sesion is the company's session, nil when it has none.
func (g *Gestor) sesion(empresaID int64) *sesion {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sesiones[empresaID]
}

// Inicializar starts linking the company (or reconnects its linked device)
// and returns once it has a QR code to scan, is connected, or failed (the
// store holds which), or after Espera.
func (g *Gestor) Inicializar(ctx context.Context, empresaID int64) error {
	g.mu.Lock()
	s := g.sesiones[empresaID]
	if s == nil {
		w, err := g.Store.SesionWhatsAppDe(ctx, empresaID)
		if err == nil {
			s, err = g.abrirSesion(empresaID, w.JID)
		}
		if err != nil {
			g.mu.Unlock()
			return err
		}
	}
	g.mu.Unlock()
	t := time.NewTimer(cmp.Or(g.Espera, EsperaPorDefecto))
	defer t.Stop()
	select {
	case <-s.listo:
	case <-t.C:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

// VincularPorTelefono starts linking the company (as Inicializar) and asks
// for the code to type on the phone of that number (E.164).
func (g *Gestor) VincularPorTelefono(ctx context.Context, empresaID int64, telefono string) (string, error) {
	if err := g.Inicializar(ctx, empresaID); err != nil {
		return "", err
	}
	s := g.sesion(empresaID)
	if s == nil {
		return "", domain.Conflict(domain.MsgWhatsAppNoConectado)
	}
	s.mu.Lock()
	estado, cli := s.estado, s.cliente
	s.mu.Unlock()
	switch estado {
	case domain.WhatsAppConectado:
		return "", domain.Conflict(domain.MsgWhatsAppYaConectado)
	case domain.WhatsAppQRListo:
	default:
		return "", domain.Conflict(domain.MsgWhatsAppConectando)
	}
	codigo, err := cli.VincularPorTelefono(ctx, telefono)
	if err != nil {
		return "", domain.Fallida("No se pudo obtener el código de vinculación",
			domain.Falla{Categoria: domain.MsgWhatsAppSinConexion, Detalle: err.Error()})
	}
	return codigo, nil
}

// Desconectar logs the company's device out and forgets it: the company is
// disconnected, with no error, until it is initialized again.
func (g *Gestor) Desconectar(ctx context.Context, empresaID int64) error {
	g.mu.Lock()
	s := g.sesiones[empresaID]
	g.mu.Unlock()
	var cli Cliente
	if s != nil {
		// the logout's own events are ignored: it is no end of session to alert about
		s.mu.Lock()
		cli, s.cerrada = s.cliente, true
		s.mu.Unlock()
	} else {
		w, err := g.Store.SesionWhatsAppDe(ctx, empresaID)
		if err != nil {
			return err
		}
		if w.JID != "" {
			if cli, err = g.Abrir(ctx, w.JID, func(Evento) {}); err != nil {
				return err
			}
		}
	}
	if cli != nil {
		if err := cli.Desvincular(ctx); err != nil {
			// the session is forgotten here anyway: the phone may still list the
			// device until it is removed there
			g.Log.Warn("whatsapp: desvincular", "empresa", empresaID, "error", err)
		}
	}
	err := g.Store.CambiarSesionWhatsApp(ctx, empresaID, store.CambioWhatsApp{Estado: domain.WhatsAppDesconectado,
		Olvidar: true})
	if s != nil {
		s.mu.Lock()
		g.soltar(s)
		s.mu.Unlock()
	}
	return err
}

// conectado is the company's client when it is connected; otherwise the
// error to send with: permanent when the company has no linked device or
// WhatsApp ended its session (the reason), temporary while it (re)connects.
func (g *Gestor) conectado(ctx context.Context, empresaID int64) (Cliente, error) {
	if s := g.sesion(empresaID); s != nil {
		s.mu.Lock()
		estado, cli, vinculada := s.estado, s.cliente, s.vinculada
		s.mu.Unlock()
		if estado == domain.WhatsAppConectado {
			return cli, nil
		}
		if vinculada {
			return nil, mensajeria.Temporal(errors.New(domain.MsgWhatsAppNoConectado))
		}
	}
	w, err := g.Store.SesionWhatsAppDe(ctx, empresaID)
	switch {
	case err != nil:
		return nil, mensajeria.Temporal(err)
	case w.Error != "" && w.Estado == domain.WhatsAppDesconectado:
		return nil, errors.New(w.Error)
	case w.JID == "":
		return nil, errors.New(domain.MsgWhatsAppNoConectado)
	}
	return nil, mensajeria.Temporal(errors.New(domain.MsgWhatsAppNoConectado))
}

// Enviar sends an outbox message through the company's device, within its
// rate limit: one image with the text as its caption when the message
// carries one image, else the text and then each image. A company that is
// (re)connecting is a temporary error; one without a device, or whose
// session WhatsApp ended, a permanent one with the reason.
func (g *Gestor) Enviar(ctx context.Context, empresaID int64, m mensajeria.Mensaje) error {
	cli, err := g.conectado(ctx, empresaID)
	if err != nil {
		return err
	}
	envios := []func() error{func() error { return cli.EnviarTexto(ctx, m.Destino, m.Texto) }}
	if len(m.Adjuntos) == 1 {
		envios = nil
	}
	for _, a := range m.Adjuntos {
		epigrafe := a.Nombre
		if len(m.Adjuntos) == 1 {
			epigrafe = m.Texto
		}
		envios = append(envios, func() error { return cli.EnviarImagen(ctx, m.Destino, a.Datos, epigrafe) })
	}
	for _, enviar := range envios {
		if err := g.conTurno(ctx, empresaID, enviar); err != nil {
			if errors.Is(err, ErrSinWhatsApp) {
				return errors.New(domain.MsgWhatsAppDestinoSinWPP)
			}
			// the category first: domain.ClasificarFalla reads the stored text back
			return mensajeria.Temporal(fmt.Errorf("%s: %w", domain.MsgWhatsAppEnvioFallido, err))
		}
	}
	return nil
}

// EnviarTexto sends one text message now (the test message of backoffice
// §5), within the company's rate limit; the errors are the API's.
func (g *Gestor) EnviarTexto(ctx context.Context, empresaID int64, telefono, texto string) error {
	cli, err := g.conectado(ctx, empresaID)
	if err != nil {
		return domain.Conflict(domain.MsgWhatsAppNoConectado)
	}
	err = g.conTurno(ctx, empresaID, func() error { return cli.EnviarTexto(ctx, telefono, texto) })
	switch {
	case errors.Is(err, ErrSinWhatsApp):
		return domain.Invalid(fmt.Sprintf(domain.MsgWhatsAppSinCuenta, telefono))
	case err != nil:
		return domain.Fallida("No se pudo enviar el mensaje de prueba",
			domain.Falla{Categoria: domain.MsgWhatsAppEnvioFallido, Detalle: err.Error()})
	}
	return nil
}

// conTurno runs one send in the company's turn: after the previous one's
// Intervalo plus up to Jitter at random; a message sent counts.
func (g *Gestor) conTurno(ctx context.Context, empresaID int64, enviar func() error) error {
	g.mu.Lock()
	t := g.turnos[empresaID]
	if t == nil {
		t = &turno{}
		g.turnos[empresaID] = t
	}
	g.mu.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	if espera := t.proximo.Sub(g.ahora()); espera > 0 {
		if err := g.dormir(ctx, espera); err != nil {
			return err
		}
	}
	err := enviar()
	separacion := cmp.Or(g.Intervalo, IntervaloPorDefecto)
	if j := cmp.Or(g.Jitter, JitterPorDefecto); j > 0 {
		separacion += rand.N(j)
	}
	t.proximo = g.ahora().Add(separacion)
	if err != nil {
		return err
	}
	if err := g.Store.ContarEnvioWhatsApp(ctx, empresaID); err != nil {
		g.Log.Error("whatsapp: contar mensaje enviado", "empresa", empresaID, "error", err)
	}
	return nil
}

func (g *Gestor) ahora() time.Time {
	if g.Ahora != nil {
		return g.Ahora()
	}
	return time.Now()
}

func (g *Gestor) dormir(ctx context.Context, d time.Duration) error {
	if g.Dormir != nil {
		return g.Dormir(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// todas is a snapshot of the sessions, taken under the Gestor's lock, so
// that each can then be locked on its own.
func (g *Gestor) todas() []*sesion {
	g.mu.Lock()
	defer g.mu.Unlock()
	ss := make([]*sesion, 0, len(g.sesiones))
	for _, s := range g.sesiones {
		ss = append(ss, s)
	}
	return ss
}

// Activas counts the companies with a linked device in this Gestor and those
// of them connected now (the service monitor's active clients).
func (g *Gestor) Activas() (vinculadas, conectadas int64) {
	for _, s := range g.todas() {
		s.mu.Lock()
		if s.vinculada {
			vinculadas++
		}
		if s.estado == domain.WhatsAppConectado {
			conectadas++
		}
		s.mu.Unlock()
	}
	return vinculadas, conectadas
}

// Cerrar closes every connection and keeps the links (the server stops:
// the next start restores them, and sets their state).
func (g *Gestor) Cerrar() {
	for _, s := range g.todas() {
		s.mu.Lock()
		g.soltar(s)
		s.mu.Unlock()
		s.cliente.Desconectar()
	}
}

// dataURL is the QR code as a PNG data URL.
func dataURL(codigo string) (string, error) {
	png, err := impresion.QRPNG(codigo, ladoQR)
	if err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), nil
}
