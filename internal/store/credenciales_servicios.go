package store

import (
	"context"
	"fmt"
	"strconv"

	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// AccionCredencialesServicio audits a change of a company's credentials for
// an outside service (never their content).
const AccionCredencialesServicio = "CREDENCIALES_SERVICIO"

// claveCredenciales names a company's credentials for a service,
// "{empresa}/{servicio}": the key of their row in a rotation.
func claveCredenciales(empresaID int64, servicio string) string {
	return strconv.FormatInt(empresaID, 10) + "/" + servicio
}

// contextoCredenciales binds sealed credentials to their company and service.
func contextoCredenciales(clave string) string { return "credenciales_servicios.datos/" + clave }

// credencialesServicios is the column of the companies' sealed credentials
// for the outside services, keyed as claveCredenciales.
func (s *Store) credencialesServicios() columnaSellada[string] {
	const clave = `CAST(empresa_id AS TEXT) || '/' || servicio`
	return columnaSellada[string]{que: "credenciales de servicios",
		leer: `SELECT ` + clave + `, datos FROM credenciales_servicios ORDER BY empresa_id, servicio` +
			s.db.Dialect().ForUpdate(),
		escribir: `UPDATE credenciales_servicios SET datos = ? WHERE ` + clave + ` = ?`,
		contexto: contextoCredenciales}
}

// resellarCredenciales re-seals, inside a rotation, every company's
// credentials for the outside services.
func (s *Store) resellarCredenciales(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box) (int, error) {
	return resellarColumna(ctx, c, vieja, nueva, s.credencialesServicios())
}

// GuardarCredenciales stores the company's credentials for an outside
// service (datos in the service's own encoding: a token, a certificate and
// its key), sealed with the installation key, replacing the ones it had, and
// audits the change without their content. empresaID is the company they
// belong to (an administrator's own, or any for the super-admin: the API
// decides); an unknown company is 404.
func (s *Store) GuardarCredenciales(ctx context.Context, a Actor, empresaID int64, servicio string, datos []byte) error {
	sellado, err := s.sellarCredenciales(empresaID, servicio, datos)
	if err != nil {
		return err
	}
	_, err = idempotent(ctx, s, a, "credenciales_servicios.guardar", func(c sqldb.Conn) (struct{}, error) {
		if _, err := empresaExistente(ctx, c, empresaID); err != nil {
			return struct{}{}, err
		}
		if err := escribirCredenciales(ctx, c, empresaID, servicio, sellado); err != nil {
			return struct{}{}, err
		}
		return struct{}{}, s.audit(ctx, c, Auditoria{EmpresaID: empresaID, UsuarioID: a.UsuarioID,
			Accion: AccionCredencialesServicio, IP: a.IP, Exito: true,
			Detalles: fmt.Sprintf("Credenciales de %s guardadas", servicio)})
	})
	return err
}

// sellarCredenciales seals a company's credentials for a service with the
// installation key, bound to their row.
func (s *Store) sellarCredenciales(empresaID int64, servicio string, datos []byte) (string, error) {
	if s.secretos == nil {
		return "", errSinClaveInstalacion
	}
	return s.secretos.Seal(datos, contextoCredenciales(claveCredenciales(empresaID, servicio)))
}

// escribirCredenciales stores a company's sealed credentials for a service,
// replacing the ones it had.
func escribirCredenciales(ctx context.Context, c sqldb.Conn, empresaID int64, servicio, sellado string) error {
	_, err := c.Exec(ctx, `INSERT INTO credenciales_servicios (empresa_id, servicio, datos, updated_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (empresa_id, servicio) DO UPDATE SET datos = excluded.datos,
		updated_at = excluded.updated_at`, empresaID, servicio, sellado, c.Now())
	return wrap("guardar credenciales de "+servicio, err)
}

// CredencialesDe opens the company's credentials for the service, for its
// client to use; they never leave the server. A company without them (also
// when another company has them) is 404 MsgCredencialesNoConfiguradas.
func (s *Store) CredencialesDe(ctx context.Context, empresaID int64, servicio string) ([]byte, error) {
	if s.secretos == nil {
		return nil, errSinClaveInstalacion
	}
	var sellado string
	err := s.db.Conn().QueryRow(ctx, `SELECT datos FROM credenciales_servicios WHERE empresa_id = ? AND servicio = ?`,
		empresaID, servicio).Scan(&sellado)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return nil, firstErr(wrap("leer credenciales de "+servicio, err), domain.NotFound(domain.MsgCredencialesNoConfiguradas))
	}
	datos, err := s.secretos.Open(sellado, contextoCredenciales(claveCredenciales(empresaID, servicio)))
	return datos, wrap("abrir credenciales de "+servicio, err)
}
