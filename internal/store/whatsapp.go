package store

import (
	"context"
	"database/sql"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// SesionWhatsApp is a company's WhatsApp link (whatsapp_sesiones): the
// device it is linked to (JID empty: none), its connection state as the
// internal/whatsapp Gestor last wrote it, the QR code waiting to be scanned
// (a PNG data URL), the linked number and name, the last error and the
// counters.
type SesionWhatsApp struct {
	EmpresaID        int64
	EmpresaNombre    string
	JID              string
	Estado           string
	QR               string
	Numero           string
	Nombre           string
	Error            string
	MensajesEnviados int64
	UltimaConexion   *time.Time
}

const columnasSesionWhatsApp = `e.id, e.nombre, COALESCE(w.jid, ''), COALESCE(w.estado, '` + domain.WhatsAppSinInicializar + `'),
	COALESCE(w.qr, ''), COALESCE(w.numero, ''), COALESCE(w.nombre, ''), COALESCE(w.error, ''),
	COALESCE(w.mensajes_enviados, 0), w.ultima_conexion`

func scanSesionWhatsApp(sc sqldb.Scanner) (SesionWhatsApp, error) {
	var (
		w      SesionWhatsApp
		ultima sql.NullTime
	)
	err := sc.Scan(&w.EmpresaID, &w.EmpresaNombre, &w.JID, &w.Estado, &w.QR, &w.Numero, &w.Nombre, &w.Error,
		&w.MensajesEnviados, &ultima)
	if ultima.Valid {
		t := ultima.Time.UTC()
		w.UltimaConexion = &t
	}
	return w, err
}

// SesionWhatsAppDe is the company's WhatsApp link (not_initialized when it
// never had one); 404 'Empresa no encontrada' for an unknown company.
func (s *Store) SesionWhatsAppDe(ctx context.Context, empresaID int64) (SesionWhatsApp, error) {
	w, err := scanSesionWhatsApp(s.db.Conn().QueryRow(ctx, `SELECT `+columnasSesionWhatsApp+` FROM empresas e
		LEFT JOIN whatsapp_sesiones w ON w.empresa_id = e.id WHERE e.id = ?`, empresaID))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return SesionWhatsApp{}, domain.NotFound(MsgEmpresaNoEncontrada)
		}
		return SesionWhatsApp{}, wrap("leer sesión de WhatsApp", err)
	}
	return w, nil
}

// SesionesWhatsApp lists the WhatsApp link of every active company, by id.
func (s *Store) SesionesWhatsApp(ctx context.Context) ([]SesionWhatsApp, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanSesionWhatsApp, `SELECT `+columnasSesionWhatsApp+` FROM empresas e
		LEFT JOIN whatsapp_sesiones w ON w.empresa_id = e.id WHERE e.activa = ? ORDER BY e.id`, true)
	return out, wrap("listar sesiones de WhatsApp", err)
}

// whatsAppVinculado refuses with 409 a WhatsApp message of a company that has
// no linked device: nothing could ever send it.
func whatsAppVinculado(ctx context.Context, c sqldb.Conn, empresaID int64) error {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM whatsapp_sesiones WHERE empresa_id = ? AND jid IS NOT NULL`, empresaID).Scan(&n)
	if err != nil {
		return wrap("leer sesión de WhatsApp", err)
	}
	if n == 0 {
		return domain.Conflict(domain.MsgWhatsAppNoConectado)
	}
	return nil
}

// EntradaWhatsApp is one of a company's WhatsApp configuration entries.
type EntradaWhatsApp struct {
	Clave string
	Valor string
}

// ConfiguracionWhatsApp is the company's WhatsApp configuration: every entry
// of domain.ConfigWhatsAppPorDefecto, with the saved value when there is one.
func (s *Store) ConfiguracionWhatsApp(ctx context.Context, empresaID int64) ([]EntradaWhatsApp, error) {
	guardadas := map[string]string{}
	_, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (e EntradaWhatsApp, err error) {
		err = sc.Scan(&e.Clave, &e.Valor)
		guardadas[e.Clave] = e.Valor
		return e, err
	}, `SELECT clave, valor FROM whatsapp_configuracion WHERE empresa_id = ?`, empresaID)
	if err != nil {
		return nil, wrap("leer configuración de WhatsApp", err)
	}
	out := make([]EntradaWhatsApp, 0, len(domain.ConfigWhatsAppPorDefecto))
	for _, d := range domain.ConfigWhatsAppPorDefecto {
		valor, ok := guardadas[d.Clave]
		if !ok {
			valor = d.Valor
		}
		out = append(out, EntradaWhatsApp{Clave: d.Clave, Valor: valor})
	}
	return out, nil
}

// GuardarEntradaWhatsApp saves one configuration entry of the actor's company
// (already checked by domain.ValidarConfigWhatsApp), with the actor's
// idempotency key, and emits configActualizada.
func (s *Store) GuardarEntradaWhatsApp(ctx context.Context, a Actor, e EntradaWhatsApp) error {
	_, err := idempotent(ctx, s, a, "whatsapp_configuracion.guardar", func(c sqldb.Conn) (struct{}, error) {
		_, err := c.Exec(ctx, `INSERT INTO whatsapp_configuracion (empresa_id, clave, valor, updated_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (empresa_id, clave) DO UPDATE SET valor = excluded.valor,
			updated_at = excluded.updated_at`, a.EmpresaID, e.Clave, e.Valor, c.Now())
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "whatsapp_configuracion"}})
		return struct{}{}, wrap("guardar configuración de WhatsApp", err)
	})
	return err
}

// EventoWhatsApp is the payload of whatsappStatus (package events).
type EventoWhatsApp = events.EventoWhatsApp

// rolesWhatsApp are the rooms told about a company's WhatsApp connection.
var rolesWhatsApp = []string{domain.RolAdmin, domain.RolSuperAdmin}

// CambioWhatsApp is a new state of a company's WhatsApp connection, as the
// Gestor sees it.
type CambioWhatsApp struct {
	Estado string
	// QR is the code to scan as a PNG data URL while qr_ready.
	QR string
	// JID, Numero and Nombre are the linked device and account; empty keeps them.
	JID, Numero, Nombre string
	// Olvidar: the device is gone (logged out): JID, Numero and Nombre are cleared.
	Olvidar bool
	// Error is why the connection failed; empty clears it.
	Error string
	// Conectado records the time as the last connection.
	Conectado bool
}

// CambiarSesionWhatsApp records a company's new WhatsApp state and pushes it
// to the company's admins as whatsappStatus, in one transaction.
func (s *Store) CambiarSesionWhatsApp(ctx context.Context, empresaID int64, cambio CambioWhatsApp) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error { return cambiarSesionWhatsApp(ctx, c, empresaID, cambio) })
}

func cambiarSesionWhatsApp(ctx context.Context, c sqldb.Conn, empresaID int64, cambio CambioWhatsApp) error {
	_, err := c.Exec(ctx, `INSERT INTO whatsapp_sesiones (empresa_id, estado, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (empresa_id) DO NOTHING`, empresaID, cambio.Estado, c.Now())
	if err != nil {
		return wrap("guardar sesión de WhatsApp", err)
	}
	set, args := `estado = ?, qr = ?, error = ?, updated_at = ?`, []any{cambio.Estado, nulo(cambio.QR), nulo(cambio.Error), c.Now()}
	for _, campo := range []struct{ columna, valor string }{
		{"jid", cambio.JID}, {"numero", cambio.Numero}, {"nombre", cambio.Nombre},
	} {
		if campo.valor != "" {
			set, args = set+`, `+campo.columna+` = ?`, append(args, campo.valor)
		}
	}
	if cambio.Olvidar {
		set += `, jid = NULL, numero = '', nombre = ''`
	}
	if cambio.Conectado {
		set, args = set+`, ultima_conexion = ?`, append(args, c.Now())
	}
	if _, err := c.Exec(ctx, `UPDATE whatsapp_sesiones SET `+set+` WHERE empresa_id = ?`,
		append(args, empresaID)...); err != nil {
		return wrap("guardar sesión de WhatsApp", err)
	}
	c.Emit(events.Event{Nombre: events.WhatsAppStatus, EmpresaID: empresaID, Roles: rolesWhatsApp,
		Datos: EventoWhatsApp{EmpresaID: empresaID, Status: cambio.Estado, QRCode: cambio.QR}})
	return nil
}

// BajaWhatsApp records that WhatsApp ended a company's connection for good
// (logged out, banned, outdated client): the company is disconnected with
// the reason (its device forgotten when olvidar), its pending WhatsApp
// messages fail with that reason instead of being retried, and its admins get
// an alertaSistema; one transaction. A message a worker holds right now is
// left to it. It answers how many messages failed.
func (s *Store) BajaWhatsApp(ctx context.Context, empresaID int64, motivo string, olvidar bool) (int64, error) {
	var fallidos int64
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		err := cambiarSesionWhatsApp(ctx, c, empresaID, CambioWhatsApp{Estado: domain.WhatsAppDesconectado,
			Error: motivo, Olvidar: olvidar})
		if err != nil {
			return err
		}
		res, err := c.Exec(ctx, `UPDATE mensajes SET estado = ?, error = ? WHERE empresa_id = ? AND canal = ?
			AND estado = ? AND (reclamado_hasta IS NULL OR reclamado_hasta < ?)`,
			MensajeFallido, motivo, empresaID, CanalWhatsApp, MensajePendiente, c.Now())
		if err != nil {
			return wrap("marcar mensajes de WhatsApp fallidos", err)
		}
		if fallidos, err = res.RowsAffected(); err != nil {
			return wrap("marcar mensajes de WhatsApp fallidos", err)
		}
		c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: empresaID, Roles: Supervisores,
			Datos: EventoAlerta{Tipo: "whatsapp_desconectado", Titulo: domain.TituloWhatsAppBaja,
				Mensaje: domain.MensajeWhatsAppBaja(motivo, fallidos)}})
		return nil
	})
	return fallidos, err
}

// ContarEnvioWhatsApp counts one more message sent by the company's WhatsApp.
func (s *Store) ContarEnvioWhatsApp(ctx context.Context, empresaID int64) error {
	_, err := s.db.Conn().Exec(ctx, `UPDATE whatsapp_sesiones SET mensajes_enviados = mensajes_enviados + 1
		WHERE empresa_id = ?`, empresaID)
	return wrap("contar mensaje de WhatsApp", err)
}
