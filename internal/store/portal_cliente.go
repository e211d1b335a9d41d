package store

import (
	"context"

	"fmt"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// The customer portal (docs/features/portal-cliente.md): a
// customer's portal password, one-time codes, its session and dashboard.

// TipoCodigoCliente is the outbox message that carries a customer's one-time
// code (its text in mensaje_textos).
const TipoCodigoCliente = "codigo_cliente"

// TipoAvisoCliente is the outbox message that tells a customer its portal
// password was set (its text in mensaje_textos).
const TipoAvisoCliente = "aviso_cliente"

// ClientePortal is a customer as the portal knows it.
type ClientePortal struct {
	domain.Cliente
	EmpresaID     int64
	PasswordHash  string // "": no portal password yet
	SesionVersion int64
}

const columnasClientePortal = `c.id, c.nombre, c.apellido, c.documento, c.telefono, c.email, c.direccion, c.activo,
	c.email_confirmado, c.telefono_confirmado, c.empresa_id, COALESCE(cp.password_hash, ''), COALESCE(cp.sesion_version, 0)`

func scanClientePortal(sc sqldb.Scanner) (ClientePortal, error) {
	var c ClientePortal
	err := sc.Scan(&c.ID, &c.Nombre, &c.Apellido, &c.Documento, &c.Telefono, &c.Email, &c.Direccion, &c.Activo,
		&c.EmailConfirmado, &c.TelefonoConfirmado, &c.EmpresaID, &c.PasswordHash, &c.SesionVersion)
	return c, err
}

// ClientePorDocumento finds an active customer of the company by document;
// found is false for an unknown, inactive or another company's document.
func (s *Store) ClientePorDocumento(ctx context.Context, empresaID int64, documento string) (ClientePortal, bool, error) {
	c, err := scanClientePortal(s.db.Conn().QueryRow(ctx, `SELECT `+columnasClientePortal+` FROM clientes c
		LEFT JOIN clientes_portal cp ON cp.cliente_id = c.id
		WHERE c.empresa_id = ? AND c.documento = ? AND c.activo = ?`, empresaID, documento, true))
	missing, err := sqldb.NoRows(err)
	return c, !missing && err == nil, wrap("leer cliente del portal", err)
}

// ClienteDeSesion reads the customer a portal token speaks for, unless the
// token was revoked (a logout): found is false then, and for a customer no
// longer active or of another company.
func (s *Store) ClienteDeSesion(ctx context.Context, empresaID, clienteID int64, jti string) (ClientePortal, bool, error) {
	c, err := scanClientePortal(s.db.Conn().QueryRow(ctx, `SELECT `+columnasClientePortal+` FROM clientes c
		JOIN clientes_portal cp ON cp.cliente_id = c.id
		WHERE c.empresa_id = ? AND c.id = ? AND c.activo = ?
		AND NOT EXISTS (SELECT 1 FROM tokens_revocados tr WHERE tr.jti = ?)`, empresaID, clienteID, true, jti))
	missing, err := sqldb.NoRows(err)
	return c, !missing && err == nil, wrap("leer sesión del cliente", err)
}

// GuardarClaveCliente sets the customer's portal password once its one-time
// code (its hash: sent to a confirmed contact, or handed over by staff) holds,
// in one transaction: the code is spent by a conditional UPDATE (valid,
// unused: two setups with one code, one passes). Every other session of the
// customer ends (its version rises), and the customer is told through the
// outbox when aviso names a confirmed contact. A code that does not hold is
// domain.MsgClienteVerificacion, whatever failed.
func (s *Store) GuardarClaveCliente(ctx context.Context, cl ClientePortal, hash, codigoHash string, aviso *MensajeCliente) (int64, error) {
	var version int64
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		r, err := c.Exec(ctx, `UPDATE clientes_codigos SET usado_en = ? WHERE empresa_id = ? AND cliente_id = ?
			AND codigo_hash = ? AND usado_en IS NULL AND vence_en > ?`, c.Now(), cl.EmpresaID, cl.ID, codigoHash, c.Now())
		if err != nil {
			return wrap("usar código del cliente", err)
		}
		if n, err := r.RowsAffected(); err != nil || n != 1 {
			return firstErr(wrap("usar código del cliente", err), domain.Unauthorized(domain.MsgClienteVerificacion))
		}
		err = c.QueryRow(ctx, `INSERT INTO clientes_portal (cliente_id, empresa_id, password_hash, sesion_version, updated_at)
			VALUES (?, ?, ?, 1, ?) ON CONFLICT (cliente_id) DO UPDATE SET password_hash = excluded.password_hash,
			sesion_version = clientes_portal.sesion_version + 1, updated_at = excluded.updated_at
			RETURNING sesion_version`, cl.ID, cl.EmpresaID, hash, c.Now()).Scan(&version)
		if err != nil || aviso == nil {
			return wrap("guardar contraseña del cliente", err)
		}
		return s.encolarTextoCliente(ctx, c, cl, TipoAvisoCliente, *aviso)
	})
	return version, err
}

// AccionRestablecerPortalCliente audits staff resetting a customer's portal access.
const AccionRestablecerPortalCliente = "RESTABLECER_PORTAL_CLIENTE"

// RestablecerPortalCliente clears one of the company's customers' portal
// password, ends its portal sessions (the version rises) and spends its
// codes, audited on the staff member, in one transaction; another company's
// customer is not found. The customer sets a new password with a new code.
func (s *Store) RestablecerPortalCliente(ctx context.Context, a Actor, id int64) (domain.Cliente, error) {
	return idempotent(ctx, s, a, "clientes.restablecer_portal", func(c sqldb.Conn) (domain.Cliente, error) {
		cl, err := cliente(ctx, c, a.EmpresaID, id)
		if err != nil {
			return cl, err
		}
		_, err = c.Exec(ctx, `UPDATE clientes_portal SET password_hash = '', sesion_version = sesion_version + 1,
			updated_at = ? WHERE cliente_id = ?`, c.Now(), id)
		if err != nil {
			return cl, wrap("restablecer portal del cliente", err)
		}
		if _, err := c.Exec(ctx, `UPDATE clientes_codigos SET usado_en = ? WHERE cliente_id = ? AND usado_en IS NULL`,
			c.Now(), id); err != nil {
			return cl, wrap("anular códigos del cliente", err)
		}
		return cl, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID,
			Accion: AccionRestablecerPortalCliente, IP: a.IP, Exito: true,
			Detalles: fmt.Sprintf("Cliente %d (%s): acceso al portal restablecido", cl.ID, cl.Documento)})
	})
}

// CodigoCliente is a one-time code to send: where, by which channel.
type CodigoCliente struct {
	CodigoHash string
	Canal      string // CanalEmail or CanalWhatsApp
	Destino    string
	Asunto     string
	Texto      string
}

// EncolarCodigoCliente stores a code's hash (valid domain.ValidezCodigoCliente)
// and queues its message in the outbox, in one transaction; a customer that
// got a code less than domain.EsperaCodigoCliente ago, or
// domain.MaxCodigosClienteDia sent codes in 24 hours, gets none (enviado
// false: the caller answers the same, disclosing nothing). The outbox row names the company's first administrator as its
// user (mensajes.usuario_id is required; no staff member asked for it).
func (s *Store) EncolarCodigoCliente(ctx context.Context, cl ClientePortal, k CodigoCliente) (enviado bool, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		var recientes, delDia int
		err := c.QueryRow(ctx, `SELECT COUNT(CASE WHEN created_at > ? THEN 1 END), COUNT(*) FROM clientes_codigos
			WHERE cliente_id = ? AND origen = ? AND created_at > ?`, c.Now().Add(-domain.EsperaCodigoCliente), cl.ID,
			origenEnviado, c.Now().Add(-24*time.Hour)).Scan(&recientes, &delDia)
		if err != nil || recientes > 0 || delDia >= domain.MaxCodigosClienteDia {
			return wrap("contar códigos del cliente", err)
		}
		if _, err := guardarCodigo(ctx, c, cl, k.CodigoHash, origenEnviado); err != nil {
			return err
		}
		err = s.encolarTextoCliente(ctx, c, cl, TipoCodigoCliente, MensajeCliente{Canal: k.Canal, Destino: k.Destino,
			Asunto: k.Asunto, Texto: k.Texto})
		enviado = err == nil
		return err
	})
	return enviado, err
}

// MensajeCliente is a text message to a customer: where, by which channel.
type MensajeCliente struct {
	Canal   string // CanalEmail or CanalWhatsApp
	Destino string
	Asunto  string
	Texto   string
}

// EsTextoCliente: an outbox message of this type carries its text in
// mensaje_textos (a code or a notice to a customer), not tickets.
func EsTextoCliente(tipo string) bool { return tipo == TipoCodigoCliente || tipo == TipoAvisoCliente }

// encolarTextoCliente queues a text message to a customer in the outbox.
// The row names the company's first administrator as its user
// (mensajes.usuario_id is required; no staff member asked for it); a company
// without users queues nothing.
func (s *Store) encolarTextoCliente(ctx context.Context, c sqldb.Conn, cl ClientePortal, tipo string, k MensajeCliente) error {
	var usuarioID int64
	err := c.QueryRow(ctx, `SELECT u.id FROM usuarios u JOIN roles r ON r.id = u.rol_id WHERE u.empresa_id = ?
		ORDER BY CASE WHEN r.nombre = ? THEN 0 ELSE 1 END, u.id LIMIT 1`, cl.EmpresaID, domain.RolAdmin).Scan(&usuarioID)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return wrap("leer administrador de la empresa", err)
	}
	m, err := s.encolar(ctx, c, Actor{EmpresaID: cl.EmpresaID, UsuarioID: usuarioID},
		NuevoMensaje{Canal: k.Canal, Tipo: tipo, Destino: k.Destino, Cliente: cl.Nombre})
	if err != nil {
		return err
	}
	_, err = c.Exec(ctx, `INSERT INTO mensaje_textos (empresa_id, mensaje_id, asunto, texto) VALUES (?, ?, ?, ?)`, m.EmpresaID, m.ID, k.Asunto, k.Texto)
	return wrap("guardar texto del mensaje", err)
}

// Where a code came from (clientes_codigos.origen), each capped on its own.
const (
	origenEnviado   = "enviado"
	origenMostrador = "mostrador"
)

// guardarCodigo stores a new code's hash (valid domain.ValidezCodigoCliente)
// and spends every older unused code of the customer: only the newest works.
// It answers when the code expires.
func guardarCodigo(ctx context.Context, c sqldb.Conn, cl ClientePortal, codigoHash, origen string) (time.Time, error) {
	if _, err := c.Exec(ctx, `DELETE FROM clientes_codigos WHERE vence_en < ?`, c.Now().Add(-24*time.Hour)); err != nil {
		return time.Time{}, wrap("podar códigos vencidos", err)
	}
	_, err := c.Exec(ctx, `UPDATE clientes_codigos SET usado_en = ? WHERE cliente_id = ? AND usado_en IS NULL`, c.Now(), cl.ID)
	if err != nil {
		return time.Time{}, wrap("anular códigos anteriores", err)
	}
	vence := c.Now().Add(domain.ValidezCodigoCliente)
	_, err = c.Exec(ctx, `INSERT INTO clientes_codigos (empresa_id, cliente_id, codigo_hash, vence_en, created_at, origen)
		VALUES (?, ?, ?, ?, ?, ?)`, cl.EmpresaID, cl.ID, codigoHash, vence, c.Now(), origen)
	return vence, wrap("guardar código del cliente", err)
}

// AccionCodigoPortalCliente audits a portal code handed over by staff.
const AccionCodigoPortalCliente = "CODIGO_PORTAL_CLIENTE"

// ClientePortalPorID reads one of the company's customers as the portal
// knows it; another company's is not found (404).
func (s *Store) ClientePortalPorID(ctx context.Context, empresaID, id int64) (ClientePortal, error) {
	c, err := scanClientePortal(s.db.Conn().QueryRow(ctx, `SELECT `+columnasClientePortal+` FROM clientes c
		LEFT JOIN clientes_portal cp ON cp.cliente_id = c.id WHERE c.empresa_id = ? AND c.id = ?`, empresaID, id))
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return c, firstErr(wrap("leer cliente del portal", err), domain.NotFound(domain.MsgClienteNoEncontrado))
	}
	return c, nil
}

// EmitirCodigoPortal stores a portal code a staff member hands over at the
// counter after checking the customer's ID (its hash only; older codes
// spent) and audits it on the staff member, in one transaction. It answers
// when the code expires. An inactive customer gets none (409), nor one that
// got domain.MaxCodigosClienteDia of them in 24 hours (429).
func (s *Store) EmitirCodigoPortal(ctx context.Context, a Actor, cl ClientePortal, codigoHash string) (time.Time, error) {
	if !cl.Activo {
		return time.Time{}, domain.Conflict(domain.MsgClienteInactivoPortal)
	}
	var vence time.Time
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		var delDia int
		err := c.QueryRow(ctx, `SELECT COUNT(*) FROM clientes_codigos WHERE cliente_id = ? AND origen = ? AND created_at > ?`,
			cl.ID, origenMostrador, c.Now().Add(-24*time.Hour)).Scan(&delDia)
		if err != nil {
			return wrap("contar códigos del cliente", err)
		}
		if delDia >= domain.MaxCodigosClienteDia {
			return domain.TooMany(domain.MsgCodigosClienteDia)
		}
		if vence, err = guardarCodigo(ctx, c, cl, codigoHash, origenMostrador); err != nil {
			return err
		}
		return s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCodigoPortalCliente,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Cliente %d (%s): código para el portal", cl.ID, cl.Documento)})
	})
	return vence, err
}

// TextoDeMensaje is the subject and text an outbox message carries.
func (s *Store) TextoDeMensaje(ctx context.Context, mensajeID int64) (asunto, texto string, err error) {
	err = s.db.Conn().QueryRow(ctx, `SELECT asunto, texto FROM mensaje_textos WHERE mensaje_id = ?`, mensajeID).
		Scan(&asunto, &texto)
	return asunto, texto, wrap("leer texto del mensaje", err)
}

// LoginClienteExitoso clears the document's failed attempts (from the
// login's address and from anywhere) and stamps the login.
func (s *Store) LoginClienteExitoso(ctx context.Context, clienteID int64, i IntentoLogin) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		_, err := c.Exec(ctx, `DELETE FROM intentos_login WHERE nombre_usuario = ? AND ip_address IN (?, ?)`,
			i.NombreUsuario, i.IP, IPCualquiera)
		if err != nil {
			return wrap("limpiar intentos", err)
		}
		_, err = c.Exec(ctx, `UPDATE clientes_portal SET ultimo_login = ? WHERE cliente_id = ?`, c.Now(), clienteID)
		return wrap("registrar último login del cliente", err)
	})
}

// RevocarTokenCliente ends a portal session until its token would expire.
func (s *Store) RevocarTokenCliente(ctx context.Context, jti string, expira time.Time) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		if _, err := c.Exec(ctx, `DELETE FROM tokens_revocados WHERE expira_en < ?`, c.Now()); err != nil {
			return wrap("limpiar revocaciones", err)
		}
		_, err := c.Exec(ctx, `INSERT INTO tokens_revocados (jti, expira_en) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING`,
			jti, expira.UTC())
		return wrap("revocar token del cliente", err)
	})
}

// PanelCliente is what the customer's dashboard shows (backoffice §3
// "Customer dashboard data").
type PanelCliente struct {
	Cliente        ClientePortal
	Empresa        Empresa
	Viajes         int64 // tickets not cancelled
	Puntos         PuntosCliente
	PorVencer      int64      // points of lots expiring within domain.DiasPuntosPorVencer
	PorVencerEn    *time.Time // the soonest of those lots
	Beneficios     []BeneficioDisponible
	Recientes      []Pasaje
	PuntosActivado bool // the company has the points module and its configuration on
}

// PanelDeCliente reads the dashboard of one customer of its company (a
// customer of another company is not found).
func (s *Store) PanelDeCliente(ctx context.Context, cl ClientePortal, conPuntos bool) (PanelCliente, error) {
	out := PanelCliente{Cliente: cl, Beneficios: []BeneficioDisponible{}}
	c := s.db.Conn()
	e, found, err := s.Empresa(ctx, cl.EmpresaID)
	if err != nil || !found {
		return out, firstErr(err, domain.NotFound(domain.MsgClienteNoEncontrado))
	}
	out.Empresa = e
	err = c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND cliente_id = ? AND estado <> ?`,
		cl.EmpresaID, cl.ID, domain.PasajeCancelado).Scan(&out.Viajes)
	if err != nil {
		return out, wrap("contar viajes del cliente", err)
	}
	out.Recientes, err = s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.cliente_id = ? ORDER BY p.created_at DESC, p.id DESC
		LIMIT ?`, cl.EmpresaID, cl.ID, domain.PasajesRecientesCliente)
	if err != nil {
		return out, err
	}
	if !conPuntos {
		return out, nil
	}
	cfg, err := s.ConfiguracionPuntos(ctx, cl.EmpresaID)
	if err != nil {
		return out, err
	}
	out.PuntosActivado = cfg.Activo
	if out.Puntos, err = s.PuntosDeCliente(ctx, cl.EmpresaID, cl.ID); err != nil {
		return out, err
	}
	limite := s.Now().Add(domain.DiasPuntosPorVencer * 24 * time.Hour)
	for _, l := range out.Puntos.Lotes {
		if l.VenceEn != nil && l.VenceEn.Before(limite) {
			out.PorVencer += l.Restante
			if out.PorVencerEn == nil || l.VenceEn.Before(*out.PorVencerEn) {
				out.PorVencerEn = l.VenceEn
			}
		}
	}
	out.Beneficios, err = s.BeneficiosDeCliente(ctx, cl.EmpresaID, cl.ID)
	return out, err
}

// IPCualquiera is the address of a count of a document's attempts from anywhere.
const IPCualquiera = "*"

// ClaveIntentoCliente is the attempts key of a document of a company.
func ClaveIntentoCliente(empresaID int64, documento string) string {
	return fmt.Sprintf("cliente:%d:%s", empresaID, documento)
}
