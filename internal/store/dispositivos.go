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

// ListarDispositivos lists the company's devices, newest first.
func (s *Store) ListarDispositivos(ctx context.Context, empresaID int64) ([]Dispositivo, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanDispositivo, `SELECT `+columnasDispositivo+desdeDispositivos+`
		WHERE d.empresa_id = ? ORDER BY d.id DESC LIMIT 1000`, empresaID)
	return out, wrap("listar dispositivos", err)
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
// already registered in the company is refused (409: the unique index says so).
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
		out, err := insertarDispositivo(ctx, c, a, nuevo)
		if err != nil {
			return out, err
		}
		out.ClaveEmpresa = base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
		return out, s.auditarCambio(ctx, c, a, AccionRegistroDispositivo, nil,
			map[string]any{"id": out.ID, "codigo": out.Codigo, "nombre": nombre, "hasta": out.Hasta})
	})
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
		func(sqldb.Conn) (string, []any) { return `nombre = ?`, []any{nombre} })
}

// RevocarDispositivo revokes one of the company's devices (404 for
// another's), audited: it can no longer sync acts done after now. Revoking a
// revoked device changes nothing and answers it as it is (the first
// revocation's time and author stay).
func (s *Store) RevocarDispositivo(ctx context.Context, a Actor, id int64) (Dispositivo, error) {
	return s.cambiarDispositivo(ctx, a, "dispositivos.revocar", AccionRevocacionDispositivo, id,
		func(c sqldb.Conn) (string, []any) {
			return `revocado_en = COALESCE(revocado_en, ?), revocado_por = COALESCE(revocado_por, ?)`,
				[]any{c.Now(), a.UsuarioID}
		})
}

// cambiarDispositivo applies the SET clause cambio gives (with its
// arguments) to one of the company's devices and audits accion with the
// device before and after, unless nothing changed.
func (s *Store) cambiarDispositivo(ctx context.Context, a Actor, operacion, accion string, id int64,
	cambio func(c sqldb.Conn) (string, []any)) (Dispositivo, error) {
	return idempotent(ctx, s, a, operacion, func(c sqldb.Conn) (Dispositivo, error) {
		antes, err := dispositivoPorID(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		set, args := cambio(c)
		_, err = c.Exec(ctx, `UPDATE dispositivos SET `+set+` WHERE id = ? AND empresa_id = ?`, append(args, id, a.EmpresaID)...)
		if err != nil {
			return antes, wrap("actualizar dispositivo", err)
		}
		despues, err := dispositivoPorID(ctx, c, a.EmpresaID, id)
		if err != nil || (despues.Nombre == antes.Nombre && (despues.RevocadoEn == nil) == (antes.RevocadoEn == nil)) {
			return despues, err
		}
		return despues, s.auditarCambio(ctx, c, a, accion, antes, despues)
	})
}
