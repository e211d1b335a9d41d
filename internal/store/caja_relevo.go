package store

import (
	"context"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// AccionRelevoCaja audits a shift handover on the outgoing seller: whose
// register closed, whose opened and with how much.
const AccionRelevoCaja = "RELEVO_CAJA"

// Entrante is the seller who takes over the counter at a handover, whose
// credentials were checked on the outgoing seller's screen.
type Entrante Aprobador

// Relevo is a shift handover: the outgoing seller's close (Cierre.Pendiente
// when the count waits for a supervisor) and the incoming seller's new register.
type Relevo struct {
	Cierre CierreCaja
	Caja   Caja
}

// RelevarCaja hands the counter over in one transaction (and once per
// Idempotency-Key): it counts and closes the caller's open register as
// CerrarCaja does, then opens a register for the incoming seller with
// apertura (nil: the cash counted; domain.AperturaRelevo). A count past the
// company's tolerance does not stop the handover: the outgoing register stays
// pending until a supervisor approves it (from 'Cierres pendientes'), and the
// drawer goes on in the incoming seller's register. The incoming seller is
// another user of the caller's company (another company's user is refused as
// wrong credentials, 403) who may open a register (403) and has none open
// (409, the partial unique index decides). Each part audits and emits what it
// does alone, and RELEVO_CAJA names both.
func (s *Store) RelevarCaja(ctx context.Context, a Actor, k Contado, apertura *domain.Centavos, e Entrante) (Relevo, error) {
	switch {
	case e.EmpresaID != a.EmpresaID:
		return Relevo{}, domain.Forbidden(domain.MsgCredencialesEntrante)
	case e.UsuarioID == a.UsuarioID:
		return Relevo{}, domain.Invalid(domain.MsgRelevoMismoUsuario)
	case !domain.ConPermiso("caja.abrir").Permite(e.Rol, e.Permisos):
		return Relevo{}, domain.Forbidden(domain.MsgEntranteSinPermiso)
	}
	if err := k.validar(); err != nil {
		return Relevo{}, err
	}
	monto, err := domain.AperturaRelevo(k.Efectivo, apertura)
	if err != nil {
		return Relevo{}, err
	}
	return idempotent(ctx, s, a, "caja.relevo", func(c sqldb.Conn) (Relevo, error) {
		cierre, err := s.cerrar(ctx, c, a, k)
		if err != nil {
			return Relevo{}, err
		}
		entrante := Actor{EmpresaID: a.EmpresaID, UsuarioID: e.UsuarioID, IP: a.IP}
		caja, err := s.abrir(ctx, c, entrante, monto, fmt.Sprintf("Relevo de turno de la caja #%d", cierre.Caja.ID),
			domain.MsgEntranteConCaja)
		if err != nil {
			return Relevo{}, err
		}
		estado := "cerrada"
		if cierre.Pendiente {
			estado = "pendiente de aprobación"
		}
		err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionRelevoCaja, IP: a.IP, Exito: true,
			Detalles: fmt.Sprintf("Relevo de turno: caja #%d de %s %s con %s contado; caja #%d de %s abierta con %s",
				cierre.Caja.ID, cierre.Caja.UsuarioNombre, estado, cierre.MontoCierre, caja.ID, caja.UsuarioNombre, monto)})
		return Relevo{Cierre: cierre, Caja: caja}, err
	})
}
