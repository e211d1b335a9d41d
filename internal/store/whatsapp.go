package store

import (
	"context"
	"database/sql"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
)

// SesionWhatsApp is a company's WhatsApp link (whatsapp_sesiones): the
// device it is linked to (JID empty: none), its connection state as the
// internal/whatsapp Gestor last wrote it, the QR code waiting to be scanned,
// the linked number and name, the last error and the counters.
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

func scanSesionWhatsApp(sc scanner) (SesionWhatsApp, error) {
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
	w, err := scanSesionWhatsApp(s.conn().row(ctx, `SELECT `+columnasSesionWhatsApp+` FROM empresas e
		LEFT JOIN whatsapp_sesiones w ON w.empresa_id = e.id WHERE e.id = ?`, empresaID))
	if missing, err := notFound(err); err != nil || missing {
		if missing {
			return SesionWhatsApp{}, domain.NotFound(MsgEmpresaNoEncontrada)
		}
		return SesionWhatsApp{}, wrap("leer sesión de WhatsApp", err)
	}
	return w, nil
}

// SesionesWhatsApp lists the WhatsApp link of every active company, by id.
func (s *Store) SesionesWhatsApp(ctx context.Context) ([]SesionWhatsApp, error) {
	out, err := queryAll(ctx, s.conn(), scanSesionWhatsApp, `SELECT `+columnasSesionWhatsApp+` FROM empresas e
		LEFT JOIN whatsapp_sesiones w ON w.empresa_id = e.id WHERE e.activa = ? ORDER BY e.id`, true)
	return out, wrap("listar sesiones de WhatsApp", err)
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
	_, err := queryAll(ctx, s.conn(), func(sc scanner) (e EntradaWhatsApp, err error) {
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
	_, err := idempotent(ctx, s, a, "whatsapp_configuracion.guardar", func(c conn) (struct{}, error) {
		_, err := c.exec(ctx, `INSERT INTO whatsapp_configuracion (empresa_id, clave, valor, updated_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (empresa_id, clave) DO UPDATE SET valor = excluded.valor,
			updated_at = excluded.updated_at`, a.EmpresaID, e.Clave, e.Valor, c.now)
		c.emit(events.ConfigActualizada, a.EmpresaID, EventoConfig{Tabla: "whatsapp_configuracion"})
		return struct{}{}, wrap("guardar configuración de WhatsApp", err)
	})
	return err
}
