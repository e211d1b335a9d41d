package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Logo is a company's logo as stored: media type, bytes and their ETag.
type Logo struct {
	Tipo  string
	Datos []byte
	ETag  string
}

// LogoURL is the same-server path that serves a company's logo; v changes with
// the bytes so that a cached copy is never shown after an upload.
func LogoURL(empresaID int64, etag string) string {
	return fmt.Sprintf("/api/public/empresas/%d/logo?v=%s", empresaID, etag[:12])
}

// GuardarLogo stores the caller's company logo (already checked by
// domain.TipoLogo) and points logo_url at it, in one transaction; it returns
// that URL.
func (s *Store) GuardarLogo(ctx context.Context, a Actor, tipo string, datos []byte) (string, error) {
	suma := sha256.Sum256(datos)
	etag := hex.EncodeToString(suma[:])
	url := LogoURL(a.EmpresaID, etag)
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		_, err := c.Exec(ctx, `INSERT INTO empresa_logos (empresa_id, tipo, datos, etag, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (empresa_id) DO UPDATE SET tipo = excluded.tipo, datos = excluded.datos, etag = excluded.etag,
			updated_at = excluded.updated_at`, a.EmpresaID, tipo, datos, etag, c.Now())
		if err != nil {
			return wrap("guardar logo", err)
		}
		res, err := c.Exec(ctx, `UPDATE empresas SET logo_url = ? WHERE id = ?`, url, a.EmpresaID)
		if err := afectoUna(res, err, MsgEmpresaNoEncontrada); err != nil {
			return err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "empresas"}})
		return nil
	})
	return url, err
}

// LogoDeEmpresa reads a company's stored logo; ok is false when it has none.
func (s *Store) LogoDeEmpresa(ctx context.Context, empresaID int64) (Logo, bool, error) {
	var l Logo
	err := s.db.Conn().QueryRow(ctx, `SELECT tipo, datos, etag FROM empresa_logos WHERE empresa_id = ?`, empresaID).
		Scan(&l.Tipo, &l.Datos, &l.ETag)
	missing, err := sqldb.NoRows(err)
	return l, !missing && err == nil, wrap("leer logo", err)
}
