package store

import (
	"context"
	"encoding/json"
	"errors"

	"muelle/internal/domain"
)

// solicitudRol is a role asked for a user on its creation (no UsuarioID nor
// RolActual) or edit.
type solicitudRol struct {
	UsuarioID     int64  `json:"usuario_id,omitempty"`
	NombreUsuario string `json:"nombre_usuario"`
	RolActual     string `json:"rol_actual,omitempty"`
	RolPedido     string `json:"rol_pedido"`
}

// rolDenegado is a refused grant: the 403 answered and what ROL_DENEGADO records.
type rolDenegado struct {
	err     *domain.Error
	detalle denegacionRol
}

type denegacionRol struct {
	solicitudRol
	Motivo            string   `json:"motivo"`
	PermisosFaltantes []string `json:"permisos_faltantes,omitempty"`
}

func (e *rolDenegado) Error() string { return e.err.Error() }
func (e *rolDenegado) Unwrap() error { return e.err }

// denegarRol turns the refusal err (a domain error) of the grant sol into a rolDenegado.
func denegarRol(err error, sol solicitudRol, faltantes []string) error {
	e, ok := domain.AsError(err)
	if !ok {
		return err
	}
	return &rolDenegado{err: e, detalle: denegacionRol{solicitudRol: sol, Motivo: e.Message, PermisosFaltantes: faltantes}}
}

// auditarRolDenegado writes ROL_DENEGADO (exito false) for a refused grant
// after the refused write rolled back, by one INSERT of its own, and returns
// err; a refusal the database cannot record fails like a write. Any other
// err is returned as it is.
func (s *Store) auditarRolDenegado(ctx context.Context, a Actor, err error) error {
	var d *rolDenegado
	if !errors.As(err, &d) {
		return err
	}
	detalles, jerr := json.Marshal(d.detalle)
	if jerr == nil {
		jerr = s.Audit(ctx, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionRolDenegado,
			Detalles: string(detalles), IP: a.IP, Exito: false})
	}
	if jerr != nil {
		return jerr
	}
	return err
}
