package whatsapp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"go.mau.fi/util/dbutil"
	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/proto/waE2E"
	wastore "go.mau.fi/whatsmeow/store"
	"go.mau.fi/whatsmeow/store/sqlstore"
	"go.mau.fi/whatsmeow/store/sqlstore/upgrades"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"
	waLog "go.mau.fi/whatsmeow/util/log"
	"google.golang.org/protobuf/proto"

	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// nombreDispositivo is how the linked device is listed on the phone.
const nombreDispositivo = "Muelle"

// Dispositivos is the whatsmeow device store in Muelle's own database: its
// tables (whatsmeow_*, with whatsmeow_version) sit beside ours, every secret
// of a device sealed with the installation key (sellado.go), and
// whatsapp_sesiones.jid maps each company to its device.
type Dispositivos struct {
	contenedor *contenedor
	log        waLog.Logger
}

// AbrirDispositivos opens the device store in the store's database
// (Store.BaseExterna), runs whatsmeow's upgrades under the schema lock
// (Store.WithSchemaLock) like our migrations, and seals with box (the
// installation key, st.SecretBox()) the devices stored in plain form (a wrong
// box is refused).
func AbrirDispositivos(ctx context.Context, st *store.Store, box *secretbox.Box, log *slog.Logger) (*Dispositivos, error) {
	if box == nil {
		return nil, errors.New("whatsapp: falta la clave de instalación")
	}
	l := registro{log.With("componente", "whatsmeow")}
	db, dialecto := st.BaseExterna()
	base, err := dbutil.NewWithDB(db, dialecto)
	if err != nil {
		return nil, err
	}
	base.UpgradeTable, base.VersionTable = upgrades.Table, "whatsmeow_version"
	c := sqlstore.NewWithWrappedDB(base, l.Sub("Base"))
	err = st.WithSchemaLock(ctx, func(ctx context.Context) error {
		// whatsmeow looks for its version table in every schema of a
		// PostgreSQL database (information_schema, no schema named): the
		// table it would create is created in ours first, so a schema beside
		// another Muelle's (one per test) is upgraded too
		if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS whatsmeow_version (version INTEGER, compat INTEGER)`); err != nil {
			return err
		}
		return c.Upgrade(ctx)
	})
	if err != nil {
		return nil, fmt.Errorf("whatsapp: preparar las tablas de dispositivos: %w", err)
	}
	if err := sellarAlAbrir(ctx, st, box); err != nil {
		return nil, fmt.Errorf("whatsapp: cifrar los dispositivos: %w", err)
	}
	wastore.SetOSInfo(nombreDispositivo, [3]uint32{1, 0, 0})
	return &Dispositivos{contenedor: &contenedor{base: c, db: base, sellos: sellos{box}}, log: l}, nil
}

// Abrir is the Abridor of whatsmeow clients: the linked device jid (a new
// one when jid is empty or no longer stored).
func (d *Dispositivos) Abrir(ctx context.Context, jid string, avisar func(Evento)) (Cliente, error) {
	dispositivo := d.contenedor.NewDevice()
	if jid != "" {
		id, err := types.ParseJID(jid)
		if err != nil {
			return nil, fmt.Errorf("whatsapp: dispositivo %q: %w", jid, err)
		}
		guardado, err := d.contenedor.GetDevice(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("whatsapp: leer dispositivo: %w", err)
		}
		if guardado != nil {
			dispositivo = guardado
		}
	}
	cli := whatsmeow.NewClient(dispositivo, d.log.Sub("Cliente"))
	// a linked device retries a first connection that fails on the network;
	// a new one reports the failure (there is no QR to wait for)
	cli.InitialAutoReconnect = dispositivo.ID != nil
	c := &clienteWhatsmeow{cli: cli, avisar: avisar}
	cli.AddEventHandler(c.evento)
	return c, nil
}

// clienteWhatsmeow is a Cliente over a whatsmeow client.
type clienteWhatsmeow struct {
	cli    *whatsmeow.Client
	avisar func(Evento)
}

func (c *clienteWhatsmeow) Conectar(ctx context.Context) error {
	if c.cli.Store.ID == nil {
		qrs, err := c.cli.GetQRChannel(ctx)
		if err != nil {
			return err
		}
		go c.codigos(qrs)
	}
	return c.cli.ConnectContext(ctx)
}

// codigos turns the QR channel into events: each code, and its end when the
// codes ran out or linking failed (success is told by PairSuccess).
func (c *clienteWhatsmeow) codigos(qrs <-chan whatsmeow.QRChannelItem) {
	for item := range qrs {
		switch {
		case item.Event == whatsmeow.QRChannelEventCode:
			c.avisar(Evento{Tipo: EventoQR, Codigo: item.Code})
		case item == whatsmeow.QRChannelSuccess:
		case item == whatsmeow.QRChannelClientOutdated:
			c.avisar(Evento{Tipo: EventoBaja, Motivo: domain.MsgWhatsAppDesactualizado})
		default:
			c.avisar(Evento{Tipo: EventoQRVencido})
		}
	}
}

// evento translates whatsmeow's events.
func (c *clienteWhatsmeow) evento(raw any) {
	switch e := raw.(type) {
	case *events.PairSuccess:
		c.avisar(Evento{Tipo: EventoVinculado, JID: e.ID.String(), Numero: "+" + e.ID.User, Nombre: e.BusinessName})
	case *events.Connected:
		ev := Evento{Tipo: EventoConectado, Nombre: c.cli.Store.PushName}
		if id := c.cli.Store.ID; id != nil {
			ev.Numero = "+" + id.User
		}
		c.avisar(ev)
	case *events.Disconnected:
		c.avisar(Evento{Tipo: EventoDesconectado})
	case *events.LoggedOut:
		motivo := domain.MsgWhatsAppSesionCerrada
		if e.Reason == events.ConnectFailureUnknownLogout || e.Reason == events.ConnectFailureMainDeviceGone {
			motivo = domain.MsgWhatsAppBloqueado
		}
		// whatsmeow deletes the device's session itself
		c.avisar(Evento{Tipo: EventoBaja, Motivo: motivo, Olvidar: true})
	case *events.TemporaryBan:
		motivo := fmt.Sprintf("%s (código %d)", domain.MsgWhatsAppSuspendido, e.Code)
		if e.Expire > 0 {
			motivo = fmt.Sprintf("%s (código %d, durante %s)", domain.MsgWhatsAppSuspendido, e.Code, e.Expire)
		}
		c.avisar(Evento{Tipo: EventoBaja, Motivo: motivo})
	case *events.ClientOutdated:
		c.avisar(Evento{Tipo: EventoBaja, Motivo: domain.MsgWhatsAppDesactualizado})
	case *events.StreamReplaced:
		c.avisar(Evento{Tipo: EventoBaja, Motivo: domain.MsgWhatsAppReemplazado})
	}
}

func (c *clienteWhatsmeow) VincularPorTelefono(ctx context.Context, telefono string) (string, error) {
	return c.cli.PairPhone(ctx, strings.TrimPrefix(telefono, "+"), true, whatsmeow.PairClientChrome, "Chrome (Linux)")
}

// destino is the WhatsApp account of a number (E.164): ErrSinWhatsApp when
// it has none.
func (c *clienteWhatsmeow) destino(ctx context.Context, telefono string) (types.JID, error) {
	rs, err := c.cli.IsOnWhatsApp(ctx, []string{telefono})
	if err != nil {
		return types.JID{}, err
	}
	for _, r := range rs {
		if r.IsIn {
			return r.JID, nil
		}
	}
	return types.JID{}, ErrSinWhatsApp
}

func (c *clienteWhatsmeow) EnviarTexto(ctx context.Context, telefono, texto string) error {
	jid, err := c.destino(ctx, telefono)
	if err != nil {
		return err
	}
	_, err = c.cli.SendMessage(ctx, jid, &waE2E.Message{Conversation: proto.String(texto)})
	return err
}

func (c *clienteWhatsmeow) EnviarImagen(ctx context.Context, telefono string, png []byte, epigrafe string) error {
	jid, err := c.destino(ctx, telefono)
	if err != nil {
		return err
	}
	up, err := c.cli.Upload(ctx, png, whatsmeow.MediaImage)
	if err != nil {
		return fmt.Errorf("subir imagen: %w", err)
	}
	_, err = c.cli.SendMessage(ctx, jid, &waE2E.Message{ImageMessage: &waE2E.ImageMessage{
		Caption: proto.String(epigrafe), Mimetype: proto.String("image/png"), URL: proto.String(up.URL),
		DirectPath: proto.String(up.DirectPath), MediaKey: up.MediaKey, FileEncSHA256: up.FileEncSHA256,
		FileSHA256: up.FileSHA256, FileLength: proto.Uint64(up.FileLength)}})
	return err
}

func (c *clienteWhatsmeow) Desvincular(ctx context.Context) error {
	if c.cli.IsLoggedIn() {
		return c.cli.Logout(ctx)
	}
	c.cli.Disconnect()
	if c.cli.Store.ID == nil {
		return nil
	}
	return c.cli.Store.Delete(ctx)
}

func (c *clienteWhatsmeow) Desconectar() { c.cli.Disconnect() }

// registro writes whatsmeow's log lines to Muelle's log (debug lines dropped).
type registro struct{ log *slog.Logger }

func (r registro) Warnf(msg string, args ...any)  { r.log.Warn(fmt.Sprintf(msg, args...)) }
func (r registro) Errorf(msg string, args ...any) { r.log.Error(fmt.Sprintf(msg, args...)) }
func (r registro) Infof(msg string, args ...any)  { r.log.Info(fmt.Sprintf(msg, args...)) }
func (r registro) Debugf(string, ...any)          {}
func (r registro) Sub(module string) waLog.Logger {
	return registro{r.log.With("modulo", module)}
}
