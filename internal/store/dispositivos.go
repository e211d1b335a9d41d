package store

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/base64"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Audit actions of the devices.
const (
	AccionRegistroDispositivo   = "REGISTRO_DISPOSITIVO"
	AccionRenombreDispositivo   = "ACTUALIZACION_DISPOSITIVO"
	AccionRevocacionDispositivo = "REVOCACION_DISPOSITIVO"
)

// intentosCodigoDispositivo bounds the draws of a device code that collide
// with the company's codes (one in a million while a company has a few
// hundred devices).
const intentosCodigoDispositivo = 10

// Dispositivo is a staff device of a company as its administrator sees it:
// its code and name, who registered it and when, its last sync and, once
// revoked, when and by whom.
type Dispositivo struct {
	ID          int64      `json:"id"`
	Codigo      string     `json:"codigo"`
	Nombre      string     `json:"nombre"`
	Usuario     string     `json:"usuario"`
	CreatedAt   time.Time  `json:"created_at"`
	UltimoUso   *time.Time `json:"ultimo_uso"`
	RevocadoEn  *time.Time `json:"revocado_en"`
	RevocadoPor *string    `json:"revocado_por"`
}

// DispositivoRegistrado is what a device keeps of its registration: its
// code, its certificate and its validity, and the company's public key
// (base64url) with which it verifies codes and other devices' certificates
// offline.
type DispositivoRegistrado struct {
	ID           int64     `json:"id"`
	Codigo       string    `json:"codigo"`
	Nombre       string    `json:"nombre"`
	Certificado  string    `json:"certificado"`
	ClaveEmpresa string    `json:"clave_empresa"`
	Desde        time.Time `json:"desde"`
	Hasta        time.Time `json:"hasta"`
	// Reemplazado is the user's device the registration revoked to keep
	// them within domain.MaxDispositivosPorUsuario (null: none).
	Reemplazado *Dispositivo `json:"reemplazado"`
}

const columnasDispositivo = `d.id, d.codigo, d.nombre, u.nombre_usuario, d.created_at, d.ultimo_uso, d.revocado_en,
	r.nombre_usuario`

const desdeDispositivos = ` FROM dispositivos d JOIN usuarios u ON u.id = d.usuario_id
	LEFT JOIN usuarios r ON r.id = d.revocado_por`

func scanDispositivo(sc sqldb.Scanner) (Dispositivo, error) {
	var (
		d                 Dispositivo
		uso, revocado     sql.NullTime
		revocadoPorNombre sql.NullString
	)
	err := sc.Scan(&d.ID, &d.Codigo, &d.Nombre, &d.Usuario, &d.CreatedAt, &uso, &revocado, &revocadoPorNombre)
	d.CreatedAt, d.UltimoUso, d.RevocadoEn = d.CreatedAt.UTC(), instanteDe(uso), instanteDe(revocado)
	if revocadoPorNombre.Valid {
		d.RevocadoPor = &revocadoPorNombre.String
	}
	return d, err
}

// instanteDe is a nullable time in UTC, nil when NULL.
func instanteDe(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// ListarDispositivos lists a page of the company's devices, newest first,
// with how many it has.
func (s *Store) ListarDispositivos(ctx context.Context, empresaID int64, p Pagina) ([]Dispositivo, int64, error) {
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), scanDispositivo, p.page(), sqldb.List{Columns: columnasDispositivo,
		From: desdeDispositivos + ` WHERE d.empresa_id = ?`, OrderBy: `ORDER BY d.id DESC`, Args: []any{empresaID}})
	return out, total, wrap("listar dispositivos", err)
}

// CertificadoDispositivo is a device of the company as a validator caches it
// to verify short offline codes (domain.CertificadoDe): its code and certificate.
type CertificadoDispositivo struct {
	Codigo      string `json:"codigo"`
	Certificado string `json:"certificado"`
}

// CertificadosDispositivos lists the certificates of the company's devices
// not revoked (at most domain.MaxDispositivosPorEmpresa), by code.
func (s *Store) CertificadosDispositivos(ctx context.Context, empresaID int64) ([]CertificadoDispositivo, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (CertificadoDispositivo, error) {
		var d CertificadoDispositivo
		return d, sc.Scan(&d.Codigo, &d.Certificado)
	}, `SELECT codigo, certificado FROM dispositivos WHERE empresa_id = ? AND revocado_en IS NULL ORDER BY codigo`, empresaID)
	return out, wrap("listar certificados de dispositivos", err)
}

// DispositivosActivos counts the company's devices not revoked.
func (s *Store) DispositivosActivos(ctx context.Context, empresaID int64) (int64, error) {
	var n int64
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM dispositivos WHERE empresa_id = ? AND revocado_en IS NULL`,
		empresaID).Scan(&n)
	return n, wrap("contar dispositivos", err)
}

func dispositivoPorID(ctx context.Context, c sqldb.Conn, empresaID, id int64) (Dispositivo, error) {
	d, err := scanDispositivo(c.QueryRow(ctx, `SELECT `+columnasDispositivo+desdeDispositivos+`
		WHERE d.id = ? AND d.empresa_id = ?`, id, empresaID))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return d, domain.NotFound(domain.MsgDispositivoNoEncontrado)
		}
		return d, wrap("leer dispositivo", err)
	}
	return d, nil
}

// RegistrarDispositivo registers the device whose public key is clave for
// the actor's company, named nombre: it draws a code unused in the company,
// certifies the key with the company's signing key (made now if the company
// has none yet) and audits it, with the actor's idempotency key. A key
// already registered in the company is refused (409: the unique index says
// so); so is a registration past the bounds of domain.CupoDispositivos, and
// one that reaches the user's bound revokes their least used device first
// (acotarDispositivos).
func (s *Store) RegistrarDispositivo(ctx context.Context, a Actor, nombre string, clave ed25519.PublicKey) (DispositivoRegistrado, error) {
	return s.registrarDispositivo(ctx, a, nombre, clave, domain.NuevoCodigoDispositivo)
}

// registrarDispositivo is RegistrarDispositivo with the codes drawn by sortear.
func (s *Store) registrarDispositivo(ctx context.Context, a Actor, nombre string, clave ed25519.PublicKey,
	sortear func() (string, error)) (DispositivoRegistrado, error) {
	priv, err := s.claveEmpresa(ctx, a.EmpresaID) // its own transaction the first time: before this one
	if err != nil {
		return DispositivoRegistrado{}, err
	}
	nuevo := nuevoDispositivo{nombre: nombre, clave: base64.RawURLEncoding.EncodeToString(clave), sortear: sortear}
	return idempotent(ctx, s, a, "dispositivos.registrar", func(c sqldb.Conn) (DispositivoRegistrado, error) {
		nuevo.certificar = func(codigo string) (string, domain.CertificadoDispositivo, error) {
			return domain.FirmarCertificado(priv, a.EmpresaID, codigo, clave, c.Now())
		}
		reemplazado, err := s.acotarDispositivos(ctx, c, a)
		if err != nil {
			return DispositivoRegistrado{}, err
		}
		out, err := insertarDispositivo(ctx, c, a, nuevo)
		if err != nil {
			return out, err
		}
		out.Reemplazado = reemplazado
		out.ClaveEmpresa = base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
		return out, s.auditarCambio(ctx, c, a, AccionRegistroDispositivo, nil,
			map[string]any{"id": out.ID, "codigo": out.Codigo, "nombre": nombre, "hasta": out.Hasta})
	})
}

// acotarDispositivos keeps a registration within domain.CupoDispositivos:
// with the company's row locked (PostgreSQL; SQLite's write transactions are
// exclusive already), so that parallel registrations count one after the
// other, it counts the active devices of the user and of the company and the
// user's registrations of the last 24 hours, refuses past the bounds, and at
// the user's bound revokes the device they used least lately (the oldest
// last sync, or registration when never synced), audited, and answers it.
func (s *Store) acotarDispositivos(ctx context.Context, c sqldb.Conn, a Actor) (*Dispositivo, error) {
	var id int64
	if err := c.QueryRow(ctx, `SELECT id FROM empresas WHERE id = ?`+c.Dialect().ForNoKeyUpdate(), a.EmpresaID).Scan(&id); err != nil {
		return nil, wrap("bloquear empresa", err)
	}
	var cupo domain.CupoDispositivos
	err := c.QueryRow(ctx, `SELECT
			COALESCE(SUM(CASE WHEN revocado_en IS NULL AND usuario_id = ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN revocado_en IS NULL THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN usuario_id = ? AND created_at > ? THEN 1 ELSE 0 END), 0)
		FROM dispositivos WHERE empresa_id = ?`, a.UsuarioID, a.UsuarioID, c.Now().Add(-24*time.Hour), a.EmpresaID).
		Scan(&cupo.ActivosUsuario, &cupo.ActivosEmpresa, &cupo.RegistrosDia)
	if err != nil {
		return nil, wrap("contar dispositivos", err)
	}
	reemplazar, err := cupo.Registrar()
	if err != nil || !reemplazar {
		return nil, err
	}
	err = c.QueryRow(ctx, `SELECT id FROM dispositivos WHERE empresa_id = ? AND usuario_id = ? AND revocado_en IS NULL
		ORDER BY COALESCE(ultimo_uso, created_at), id LIMIT 1`, a.EmpresaID, a.UsuarioID).Scan(&id)
	if err != nil {
		return nil, wrap("dispositivo menos usado", err)
	}
	d, err := s.cambiarEn(ctx, c, a, AccionRevocacionDispositivo, id, revocar)
	return &d, err
}

// nuevoDispositivo is a device to insert: its name, its public key
// (base64url), how its code is drawn and how a code's certificate is signed.
type nuevoDispositivo struct {
	nombre, clave string
	sortear       func() (string, error)
	certificar    func(codigo string) (string, domain.CertificadoDispositivo, error)
}

// insertarDispositivo inserts the device under a fresh code, drawing again
// while the code is taken in the company, at most intentosCodigoDispositivo times.
func insertarDispositivo(ctx context.Context, c sqldb.Conn, a Actor, d nuevoDispositivo) (DispositivoRegistrado, error) {
	for range intentosCodigoDispositivo {
		codigo, err := d.sortear()
		if err != nil {
			return DispositivoRegistrado{}, err
		}
		cert, datos, err := d.certificar(codigo)
		if err != nil {
			return DispositivoRegistrado{}, err
		}
		var id int64
		err = c.QueryRow(ctx, `INSERT INTO dispositivos (empresa_id, codigo, nombre, clave_publica, certificado,
			usuario_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (empresa_id, codigo) DO NOTHING RETURNING id`,
			a.EmpresaID, codigo, d.nombre, d.clave, cert, a.UsuarioID, c.Now()).Scan(&id)
		missing, err := sqldb.NoRows(err)
		switch {
		case sqldb.IsUniqueViolation(err):
			return DispositivoRegistrado{}, domain.Conflict(domain.MsgDispositivoYaRegistrado)
		case err != nil:
			return DispositivoRegistrado{}, wrap("registrar dispositivo", err)
		case !missing:
			return DispositivoRegistrado{ID: id, Codigo: codigo, Nombre: d.nombre, Certificado: cert, Desde: datos.Desde,
				Hasta: datos.Hasta}, nil
		}
	}
	return DispositivoRegistrado{}, domain.Unavailable(domain.MsgSinCodigoDispositivo)
}

// RenombrarDispositivo names one of the company's devices (404 for another's), audited.
func (s *Store) RenombrarDispositivo(ctx context.Context, a Actor, id int64, nombre string) (Dispositivo, error) {
	return s.cambiarDispositivo(ctx, a, "dispositivos.renombrar", AccionRenombreDispositivo, id,
		func(sqldb.Conn, Actor) (string, []any) { return `nombre = ?`, []any{nombre} })
}

// RevocarDispositivo revokes one of the company's devices (404 for
// another's), audited: it can no longer sync acts done after now. Revoking a
// revoked device changes nothing and answers it as it is (the first
// revocation's time and author stay).
func (s *Store) RevocarDispositivo(ctx context.Context, a Actor, id int64) (Dispositivo, error) {
	return s.cambiarDispositivo(ctx, a, "dispositivos.revocar", AccionRevocacionDispositivo, id, revocar)
}

// revocar is the SET clause that revokes a device now, by the actor; a
// revoked device keeps its first revocation.
func revocar(c sqldb.Conn, a Actor) (string, []any) {
	return `revocado_en = COALESCE(revocado_en, ?), revocado_por = COALESCE(revocado_por, ?)`, []any{c.Now(), a.UsuarioID}
}

// cambiarDispositivo is cambiarEn in a write of its own, with the actor's idempotency key.
func (s *Store) cambiarDispositivo(ctx context.Context, a Actor, operacion, accion string, id int64,
	cambio func(sqldb.Conn, Actor) (string, []any)) (Dispositivo, error) {
	return idempotent(ctx, s, a, operacion, func(c sqldb.Conn) (Dispositivo, error) {
		return s.cambiarEn(ctx, c, a, accion, id, cambio)
	})
}

// cambiarEn applies the SET clause cambio gives (with its arguments) to one
// of the company's devices and audits accion with the device before and
// after, unless nothing changed.
func (s *Store) cambiarEn(ctx context.Context, c sqldb.Conn, a Actor, accion string, id int64,
	cambio func(sqldb.Conn, Actor) (string, []any)) (Dispositivo, error) {
	antes, err := dispositivoPorID(ctx, c, a.EmpresaID, id)
	if err != nil {
		return antes, err
	}
	set, args := cambio(c, a)
	_, err = c.Exec(ctx, `UPDATE dispositivos SET `+set+` WHERE id = ? AND empresa_id = ?`, append(args, id, a.EmpresaID)...)
	if err != nil {
		return antes, wrap("actualizar dispositivo", err)
	}
	despues, err := dispositivoPorID(ctx, c, a.EmpresaID, id)
	if err != nil || (despues.Nombre == antes.Nombre && (despues.RevocadoEn == nil) == (antes.RevocadoEn == nil)) {
		return despues, err
	}
	return despues, s.auditarCambio(ctx, c, a, accion, antes, despues)
}

// codigoOfflineValido checks an offline ticket's code for the company
// empresaID whose public key is pub, at momento (domain.VerificarCodigoOffline):
// a short code's certificate is that of the device it names in the company's
// register (dispositivos, read on c), unless the device was revoked by then
// (refused as an unknown one). valido is false for a refused code; err is a
// failed read.
func codigoOfflineValido(ctx context.Context, c sqldb.Conn, pub ed25519.PublicKey, empresaID int64, codigo string,
	momento time.Time) (q domain.CodigoOffline, cert domain.CertificadoDispositivo, valido bool, err error) {
	var fallo error
	q, cert, rechazo := domain.VerificarCodigoOffline(pub, empresaID, codigo, momento, func(disp string) (string, bool) {
		var certificado string
		err := c.QueryRow(ctx, `SELECT certificado FROM dispositivos WHERE empresa_id = ? AND codigo = ?
			AND (revocado_en IS NULL OR revocado_en > ?)`, empresaID, disp, momento).Scan(&certificado)
		missing, err := sqldb.NoRows(err)
		fallo = err
		return certificado, !missing && err == nil
	})
	if fallo != nil {
		return q, cert, false, wrap("leer el certificado del dispositivo", fallo)
	}
	return q, cert, rechazo == nil, nil
}
