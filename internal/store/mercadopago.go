package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Mercado Pago's set-up per company (issue 43 item 1, docs/features/mercadopago.md).

// AccionConfigMercadoPago audits a change of the company's Mercado Pago
// set-up (never the token nor the secret).
const AccionConfigMercadoPago = "CONFIG_MERCADOPAGO"

// AccionCajasMercadoPago audits the store and points of sale created at
// Mercado Pago.
const AccionCajasMercadoPago = "CAJAS_MERCADOPAGO"

// CredencialesMercadoPago are what the company's credentials hold, sealed.
type CredencialesMercadoPago struct {
	Token   string `json:"access_token"`
	Secreto string `json:"webhook_secret,omitempty"`
}

// ConfigMercadoPago is the company's set-up as staff read it: whether the
// token and the secret are stored (never their content), the store, and
// what Mercado Pago answered.
type ConfigMercadoPago struct {
	Configurada     bool
	TokenGuardado   bool
	SecretoGuardado bool
	Local           domain.LocalMercadoPago
	CuentaID        *int64
	CuentaApodo     string
	LocalID         *string
	ProbadoEn       *time.Time
	PruebaError     string
	Cajas           []CajaMercadoPago
}

// CajaMercadoPago is a seller's point of sale at Mercado Pago.
type CajaMercadoPago struct {
	UsuarioID int64
	Usuario   string
	IDExterno string
	PosID     *string
}

// CambioMercadoPago is a set-up to store: the store always; the token and
// the secret when given (empty keeps the stored ones).
type CambioMercadoPago struct {
	Local   domain.LocalMercadoPago
	Token   string
	Secreto string
}

// ConfigMercadoPago reads the company's set-up and its sellers' points of
// sale (every active user who may sell, with or without one yet).
func (s *Store) ConfigMercadoPago(ctx context.Context, empresaID int64) (ConfigMercadoPago, error) {
	c := s.db.Conn()
	var cfg ConfigMercadoPago
	var l = &cfg.Local
	var probado sql.NullTime
	err := c.QueryRow(ctx, `SELECT local_nombre, local_calle, local_numero, local_ciudad, local_provincia, local_latitud,
		local_longitud, cuenta_id, cuenta_apodo, local_id, probado_en, prueba_error FROM mercadopago_cuentas WHERE empresa_id = ?`,
		empresaID).Scan(&l.Nombre, &l.Calle, &l.Numero, &l.Ciudad, &l.Provincia, &l.Latitud, &l.Longitud, &cfg.CuentaID,
		&cfg.CuentaApodo, &cfg.LocalID, &probado, &cfg.PruebaError)
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return cfg, wrap("leer configuración de Mercado Pago", err)
	}
	cfg.Configurada = !missing
	if probado.Valid {
		t := probado.Time.UTC()
		cfg.ProbadoEn = &t
	}
	if cred, err := s.credencialesMercadoPago(ctx, empresaID); err == nil {
		cfg.TokenGuardado, cfg.SecretoGuardado = cred.Token != "", cred.Secreto != ""
	} else if !sinCredenciales(err) {
		return cfg, err
	}
	cfg.Cajas, err = cajasMercadoPago(ctx, c, empresaID)
	return cfg, err
}

// credencialesMercadoPago opens the company's sealed token and secret
// (404 when never stored).
func (s *Store) credencialesMercadoPago(ctx context.Context, empresaID int64) (CredencialesMercadoPago, error) {
	var cred CredencialesMercadoPago
	datos, err := s.CredencialesDe(ctx, empresaID, domain.ServicioMercadoPago)
	if err != nil {
		return cred, err
	}
	return cred, wrap("leer credenciales de Mercado Pago", json.Unmarshal(datos, &cred))
}

// TokenMercadoPago is the company's access token, for its client; a company
// without one is 400 MsgMercadoPagoSinToken.
func (s *Store) TokenMercadoPago(ctx context.Context, empresaID int64) (string, error) {
	cred, err := s.credencialesMercadoPago(ctx, empresaID)
	if sinCredenciales(err) || err == nil && cred.Token == "" {
		return "", domain.Invalid(domain.MsgMercadoPagoSinToken)
	}
	return cred.Token, err
}

// cajasMercadoPago are the company's active users who may sell, each with
// its point of sale when created.
func cajasMercadoPago(ctx context.Context, c sqldb.Conn, empresaID int64) ([]CajaMercadoPago, error) {
	type fila struct {
		caja     CajaMercadoPago
		permisos string
	}
	filas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (fila, error) {
		var f fila
		err := sc.Scan(&f.caja.UsuarioID, &f.caja.Usuario, &f.permisos, &f.caja.PosID)
		return f, err
	}, `SELECT u.id, u.nombre_usuario, r.permisos, m.pos_id FROM usuarios u JOIN roles r ON r.id = u.rol_id
		LEFT JOIN mercadopago_cajas m ON m.empresa_id = u.empresa_id AND m.usuario_id = u.id
		WHERE u.empresa_id = ? AND u.activo ORDER BY u.nombre_usuario`, empresaID)
	if err != nil {
		return nil, wrap("leer cajas de Mercado Pago", err)
	}
	var out []CajaMercadoPago
	for _, f := range filas {
		p, err := domain.ParsePermisos(f.permisos)
		if err != nil || !p.Allows("pasajes", "crear") {
			continue
		}
		f.caja.IDExterno = domain.IDExternoCajaMP(empresaID, f.caja.UsuarioID)
		out = append(out, f.caja)
	}
	return out, nil
}

// GuardarMercadoPago stores the company's set-up through idempotent: the
// store's data, and the token and the secret sealed when given (an empty
// one keeps what was stored). A new token forgets the account and the test
// it had (they were the old token's). Audited without the secrets.
func (s *Store) GuardarMercadoPago(ctx context.Context, a Actor, cambio CambioMercadoPago) (ConfigMercadoPago, error) {
	local, err := domain.NormalizarLocalMercadoPago(cambio.Local)
	if err != nil {
		return ConfigMercadoPago{}, err
	}
	if err := s.validarCredencialesMercadoPago(cambio); err != nil {
		return ConfigMercadoPago{}, err
	}
	_, err = idempotent(ctx, s, a, "mercadopago.guardar", func(c sqldb.Conn) (struct{}, error) {
		if cambio.Token != "" || cambio.Secreto != "" {
			if err := s.guardarCredencialesMercadoPago(ctx, c, a.EmpresaID, cambio); err != nil {
				return struct{}{}, err
			}
		}
		if _, err := c.Exec(ctx, `INSERT INTO mercadopago_cuentas (empresa_id, local_nombre, local_calle, local_numero,
			local_ciudad, local_provincia, local_latitud, local_longitud, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (empresa_id) DO UPDATE SET local_nombre = excluded.local_nombre, local_calle = excluded.local_calle,
			local_numero = excluded.local_numero, local_ciudad = excluded.local_ciudad, local_provincia = excluded.local_provincia,
			local_latitud = excluded.local_latitud, local_longitud = excluded.local_longitud, updated_at = excluded.updated_at`,
			a.EmpresaID, local.Nombre, local.Calle, local.Numero, local.Ciudad, local.Provincia, local.Latitud, local.Longitud,
			c.Now()); err != nil {
			return struct{}{}, wrap("guardar configuración de Mercado Pago", err)
		}
		if cambio.Token != "" {
			if _, err := c.Exec(ctx, `UPDATE mercadopago_cuentas SET cuenta_id = NULL, cuenta_apodo = '', probado_en = NULL,
				prueba_error = '' WHERE empresa_id = ?`, a.EmpresaID); err != nil {
				return struct{}{}, wrap("olvidar la prueba de Mercado Pago", err)
			}
		}
		return struct{}{}, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID,
			Accion: AccionConfigMercadoPago, IP: a.IP, Exito: true, Detalles: detalleConfigMercadoPago(local, cambio)})
	})
	if err != nil {
		return ConfigMercadoPago{}, err
	}
	return s.ConfigMercadoPago(ctx, a.EmpresaID)
}

func (s *Store) validarCredencialesMercadoPago(cambio CambioMercadoPago) error {
	if cambio.Token != "" {
		if err := domain.ValidarTokenMercadoPago(cambio.Token); err != nil {
			return err
		}
	}
	if cambio.Secreto != "" {
		return domain.ValidarSecretoMercadoPago(cambio.Secreto)
	}
	return nil
}

// guardarCredencialesMercadoPago merges the given token and secret into the
// stored ones and seals them, inside the caller's transaction.
func (s *Store) guardarCredencialesMercadoPago(ctx context.Context, c sqldb.Conn, empresaID int64, cambio CambioMercadoPago) error {
	cred, err := s.credencialesMercadoPago(ctx, empresaID)
	if err != nil && !sinCredenciales(err) {
		return err
	}
	if cambio.Token != "" {
		cred.Token = cambio.Token
	}
	if cambio.Secreto != "" {
		cred.Secreto = cambio.Secreto
	}
	datos, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	sellado, err := s.sellarCredenciales(empresaID, domain.ServicioMercadoPago, datos)
	if err != nil {
		return err
	}
	return escribirCredenciales(ctx, c, empresaID, domain.ServicioMercadoPago, sellado)
}

func detalleConfigMercadoPago(l domain.LocalMercadoPago, cambio CambioMercadoPago) string {
	d := "Local «" + l.Nombre + "» en " + l.Calle + " " + l.Numero + ", " + l.Ciudad
	if cambio.Token != "" {
		d += "; token de acceso nuevo"
	}
	if cambio.Secreto != "" {
		d += "; clave de notificaciones nueva"
	}
	return d
}

// RegistrarPruebaMercadoPago stores what the credentials' test found: the
// account on success, the failure's text otherwise.
func (s *Store) RegistrarPruebaMercadoPago(ctx context.Context, empresaID int64, cuentaID int64, apodo, falla string) error {
	var cuenta any
	if falla == "" {
		cuenta = cuentaID
	}
	_, err := s.db.Conn().Exec(ctx, `UPDATE mercadopago_cuentas SET cuenta_id = ?, cuenta_apodo = ?, probado_en = ?,
		prueba_error = ? WHERE empresa_id = ?`, cuenta, apodo, s.Now().UTC(), falla, empresaID)
	return wrap("registrar la prueba de Mercado Pago", err)
}

// RegistrarLocalMercadoPago stores the id Mercado Pago gave the company's
// store.
func (s *Store) RegistrarLocalMercadoPago(ctx context.Context, empresaID int64, localID string) error {
	_, err := s.db.Conn().Exec(ctx, `UPDATE mercadopago_cuentas SET local_id = ? WHERE empresa_id = ?`, localID, empresaID)
	return wrap("registrar el local de Mercado Pago", err)
}

// RegistrarCajaMercadoPago stores a seller's point of sale (once: a second
// registration of the same seller keeps the first).
func (s *Store) RegistrarCajaMercadoPago(ctx context.Context, a Actor, caja CajaMercadoPago) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		res, err := c.Exec(ctx, `INSERT INTO mercadopago_cajas (empresa_id, usuario_id, id_externo, pos_id, created_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (empresa_id, usuario_id) DO NOTHING`,
			a.EmpresaID, caja.UsuarioID, caja.IDExterno, *caja.PosID, c.Now())
		if err != nil {
			return wrap("registrar caja de Mercado Pago", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCajasMercadoPago,
			IP: a.IP, Exito: true, Detalles: "Caja " + caja.IDExterno + " de " + caja.Usuario + " creada en Mercado Pago"})
	})
}

// sinCredenciales reports whether err is the 404 of credentials never stored.
func sinCredenciales(err error) bool {
	e, ok := domain.AsError(err)
	return ok && e.Kind == domain.KindNotFound
}

// SecretosWebhookMercadoPago are the company's secrets that sign Mercado
// Pago's notifications (none when it has stored none): the webhook verifier's.
func (s *Store) SecretosWebhookMercadoPago(ctx context.Context, empresaID int64) ([][]byte, error) {
	cred, err := s.credencialesMercadoPago(ctx, empresaID)
	if sinCredenciales(err) || err == nil && cred.Secreto == "" {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return [][]byte{[]byte(cred.Secreto)}, nil
}
