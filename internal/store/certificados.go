package store

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// ErrCertificadoNoExiste: no stored certificate file under that key (it is an fs.ErrNotExist).
var ErrCertificadoNoExiste = fmt.Errorf("store: el archivo de certificados no existe: %w", fs.ErrNotExist)

// ArchivoCertificado describes a key of the certificate storage: a file
// (Terminal) or a folder of files (the keys under Clave + "/").
type ArchivoCertificado struct {
	Clave      string
	Modificado time.Time
	Tamano     int64
	Terminal   bool
}

// contextoCertificado binds a sealed certificate file to its key.
func contextoCertificado(clave string) string { return "certificados_almacen.valor/" + clave }

// GuardarArchivoCertificado stores a file of the HTTPS certificates (a
// certificate, its private key, the ACME account), sealed with the
// installation key, replacing the one under the same key.
func (s *Store) GuardarArchivoCertificado(ctx context.Context, clave string, valor []byte) error {
	if s.secretos == nil {
		return errSinClaveInstalacion
	}
	sellado, err := s.secretos.Seal(valor, contextoCertificado(clave))
	if err != nil {
		return err
	}
	_, err = s.db.Conn().Exec(ctx, `INSERT INTO certificados_almacen (clave, valor, tamano, modificado) VALUES (?, ?, ?, ?)
		ON CONFLICT (clave) DO UPDATE SET valor = excluded.valor, tamano = excluded.tamano, modificado = excluded.modificado`,
		clave, sellado, len(valor), s.Now())
	return wrap("guardar archivo de certificados", err)
}

// ArchivoCertificadoDe opens the stored file under clave (ErrCertificadoNoExiste when there is none).
func (s *Store) ArchivoCertificadoDe(ctx context.Context, clave string) ([]byte, error) {
	if s.secretos == nil {
		return nil, errSinClaveInstalacion
	}
	var sellado string
	err := s.db.Conn().QueryRow(ctx, `SELECT valor FROM certificados_almacen WHERE clave = ?`, clave).Scan(&sellado)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return nil, firstErr(wrap("leer archivo de certificados", err), ErrCertificadoNoExiste)
	}
	return s.secretos.Open(sellado, contextoCertificado(clave))
}

// BorrarArchivosCertificado deletes the file under clave and, when clave is a
// folder, every file under it.
func (s *Store) BorrarArchivosCertificado(ctx context.Context, clave string) error {
	_, err := s.db.Conn().Exec(ctx, `DELETE FROM certificados_almacen WHERE clave = ? OR clave LIKE ? ESCAPE '\'`,
		clave, prefijoLike(clave))
	return wrap("borrar archivos de certificados", err)
}

// ArchivoCertificadoInfo describes the key clave: a file, a folder of files,
// or ErrCertificadoNoExiste.
func (s *Store) ArchivoCertificadoInfo(ctx context.Context, clave string) (ArchivoCertificado, error) {
	var a ArchivoCertificado
	err := s.db.Conn().QueryRow(ctx, `SELECT clave, tamano, modificado FROM certificados_almacen WHERE clave = ?`, clave).
		Scan(&a.Clave, &a.Tamano, &a.Modificado)
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return a, wrap("leer archivo de certificados", err)
	}
	if !missing {
		a.Terminal = true
		return a, nil
	}
	claves, err := s.ListarArchivosCertificado(ctx, clave, false)
	if err != nil || len(claves) == 0 {
		return a, firstErr(err, ErrCertificadoNoExiste)
	}
	return ArchivoCertificado{Clave: clave}, nil
}

// ListarArchivosCertificado lists the keys under the folder prefijo: every
// file below it (recursivo), or its direct children, files and folders.
func (s *Store) ListarArchivosCertificado(ctx context.Context, prefijo string, recursivo bool) ([]string, error) {
	rows, err := s.db.Conn().Query(ctx, `SELECT clave FROM certificados_almacen WHERE clave LIKE ? ESCAPE '\' ORDER BY clave`,
		prefijoLike(prefijo))
	if err != nil {
		return nil, wrap("listar archivos de certificados", err)
	}
	defer rows.Close()
	vistas := map[string]bool{}
	for rows.Next() {
		var clave string
		if err := rows.Scan(&clave); err != nil {
			return nil, wrap("listar archivos de certificados", err)
		}
		if !recursivo {
			clave = hijoDirecto(prefijo, clave)
		}
		vistas[clave] = true
	}
	out := make([]string, 0, len(vistas))
	for clave := range vistas {
		out = append(out, clave)
	}
	sort.Strings(out)
	return out, wrap("listar archivos de certificados", rows.Err())
}

// hijoDirecto is the child of the folder prefijo that holds clave.
func hijoDirecto(prefijo, clave string) string {
	base := strings.TrimSuffix(prefijo, "/") + "/"
	if prefijo == "" {
		base = ""
	}
	resto := strings.TrimPrefix(clave, base)
	if i := strings.IndexByte(resto, '/'); i >= 0 {
		resto = resto[:i]
	}
	return base + resto
}

// prefijoLike is the LIKE pattern of the keys under the folder prefijo.
func prefijoLike(prefijo string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	if prefijo == "" {
		return "%"
	}
	return r.Replace(strings.TrimSuffix(prefijo, "/")) + "/%"
}

// TomarBloqueoCertificados takes the named lock until hasta when it is free
// or its holder's time ran out; it reports whether it got it.
func (s *Store) TomarBloqueoCertificados(ctx context.Context, nombre string, hasta time.Time) (bool, error) {
	res, err := s.db.Conn().Exec(ctx, `INSERT INTO certificados_bloqueos (nombre, expira) VALUES (?, ?)
		ON CONFLICT (nombre) DO UPDATE SET expira = excluded.expira WHERE certificados_bloqueos.expira < ?`,
		nombre, hasta, s.Now())
	if err != nil {
		return false, wrap("tomar bloqueo de certificados", err)
	}
	n, err := res.RowsAffected()
	return n == 1, wrap("tomar bloqueo de certificados", err)
}

// ExtenderBloqueoCertificados moves the end of a lock held to hasta.
func (s *Store) ExtenderBloqueoCertificados(ctx context.Context, nombre string, hasta time.Time) error {
	_, err := s.db.Conn().Exec(ctx, `UPDATE certificados_bloqueos SET expira = ? WHERE nombre = ?`, hasta, nombre)
	return wrap("extender bloqueo de certificados", err)
}

// SoltarBloqueoCertificados releases the named lock.
func (s *Store) SoltarBloqueoCertificados(ctx context.Context, nombre string) error {
	_, err := s.db.Conn().Exec(ctx, `DELETE FROM certificados_bloqueos WHERE nombre = ?`, nombre)
	return wrap("soltar bloqueo de certificados", err)
}

// archivosCertificado is the column of the stored HTTPS certificate files.
func (s *Store) archivosCertificado() columnaSellada[string] {
	return columnaSellada[string]{que: "archivos de certificados",
		leer:     `SELECT clave, valor FROM certificados_almacen ORDER BY clave` + s.db.Dialect().ForUpdate(),
		escribir: `UPDATE certificados_almacen SET valor = ? WHERE clave = ?`, contexto: contextoCertificado}
}

// resellarCertificados re-seals the certificate storage inside a rotation.
func (s *Store) resellarCertificados(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box) (int, error) {
	return resellarColumna(ctx, c, vieja, nueva, s.archivosCertificado())
}
