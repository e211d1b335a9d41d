package store

import (
	"context"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Cancelling a departure with its passengers (issue 40 item 5;
// docs/features/salidas.md, "Cancelar una salida con sus pasajeros"): in one
// transaction every active ticket sold for it is moved to another departure
// of its section, direction and day, or cancelled and refunded through the
// acting user's open register (as one ticket's cancellation does); the
// departure is cancelled, the passengers with a contact are told through the
// outbox, and the whole is audited once.

// AccionCancelacionSalida audits a departure cancelled with its passengers.
const AccionCancelacionSalida = "CANCELACION_SALIDA"

// CancelacionSalida is what cancelling a departure asks: why, where its
// passengers go (DestinoID; nil: refunded), and by which channels they can be
// told (the company's e-mail working, its WhatsApp linked).
type CancelacionSalida struct {
	Motivo    string
	DestinoID *int64
	Email     bool
	WhatsApp  bool
}

// SalidaCancelada is the outcome: the departure, how many tickets were moved
// or refunded (and for how much), and how many notices were queued.
type SalidaCancelada struct {
	Salida                Salida
	Movidos, Reembolsados int
	Reembolso             domain.Centavos
	Avisos                int
}

// CancelarSalidaConPasajeros cancels a departure of the company that still
// boards (409 otherwise; with passengers on board, 409) with its tickets, in
// one transaction through idempotent: a retry does it once.
func (s *Store) CancelarSalidaConPasajeros(ctx context.Context, a Actor, id int64, cs CancelacionSalida) (SalidaCancelada, error) {
	motivo, err := domain.ValidarMotivo(cs.Motivo)
	if err != nil {
		return SalidaCancelada{}, err
	}
	cs.Motivo = motivo
	return idempotent(ctx, s, a, "salidas.cancelar", func(c sqldb.Conn) (SalidaCancelada, error) {
		antes, err := salida(ctx, c, a.EmpresaID, id)
		if err != nil {
			return SalidaCancelada{}, err
		}
		if err := domain.TransicionSalida(antes.Estado, domain.SalidaCancelada); err != nil {
			return SalidaCancelada{}, err
		}
		if antes.Embarcados > 0 {
			return SalidaCancelada{}, domain.Conflict(domain.MsgCancelarConABordo(antes.Embarcados))
		}
		pasajes, err := s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.salida_venta_id = ? AND p.estado = ? ORDER BY p.id`,
			a.EmpresaID, id, domain.PasajeActivo)
		if err != nil {
			return SalidaCancelada{}, err
		}
		out := SalidaCancelada{}
		horaDestino := ""
		if cs.DestinoID != nil {
			if horaDestino, err = moverPasajesDeSalida(ctx, c, a, antes, *cs.DestinoID, len(pasajes)); err != nil {
				return out, err
			}
			out.Movidos = len(pasajes)
		} else if out.Reembolso, err = s.reembolsarPasajesDeSalida(ctx, c, a, pasajes, cs.Motivo); err != nil {
			return out, err
		} else {
			out.Reembolsados = len(pasajes)
		}
		if err := marcarSalidaCancelada(ctx, c, a, antes); err != nil {
			return out, err
		}
		if out.Avisos, err = s.avisarSalidaCancelada(ctx, c, a, antes, pasajes, cs, horaDestino); err != nil {
			return out, err
		}
		if out.Salida, err = salida(ctx, c, a.EmpresaID, id); err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		destino := "reembolsados"
		if cs.DestinoID != nil {
			destino = "movidos a la salida de las " + horaDestino
		}
		return out, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionCancelacionSalida,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Salida de las %s del %s (%s) cancelada: %s %s, %d avisos. Motivo: %s",
				antes.Hora, domain.FechaAR(antes.Fecha), antes.Seccion, domain.CantidadPasajes(len(pasajes)), destino, out.Avisos,
				cs.Motivo)})
	})
}

// moverPasajesDeSalida moves the n active tickets sold for the departure
// desde to the departure destinoID of the company: of the same section,
// direction and day, still boarding, with room for all of them (its boat's
// capacity; none: no limit). It answers the destination's time. The tickets
// keep their codes: the one the passenger holds still boards.
func moverPasajesDeSalida(ctx context.Context, c sqldb.Conn, a Actor, desde Salida, destinoID int64, n int) (string, error) {
	if destinoID == desde.ID {
		return "", domain.Invalid(domain.MsgDestinoMismaSalida)
	}
	d, err := leerSalidaVendible(ctx, c, a.EmpresaID, destinoID)
	if err != nil {
		return "", err
	}
	if d.SeccionID != desde.SeccionID || d.Sentido != desde.Sentido || d.Fecha != desde.Fecha {
		return "", domain.Invalid(domain.MsgDestinoOtraSalida)
	}
	if err := domain.ValidarSalidaVenta(d, desde.SeccionID, desde.Fecha); err != nil {
		return "", err
	}
	if n == 0 {
		return d.Hora, nil
	}
	tomados, err := sumarVendidosSalida(ctx, c, a.EmpresaID, d.ID, int64(n), false)
	if err != nil {
		return "", err
	}
	if !tomados {
		if d, err = leerSalidaVendible(ctx, c, a.EmpresaID, destinoID); err != nil {
			return "", err
		}
		if err := domain.ValidarSalidaVenta(d, desde.SeccionID, desde.Fecha); err != nil {
			return "", err
		}
		return "", domain.Conflict(domain.MsgDestinoSinLugar(d.Hora, domain.CupoSalida(d).Quedan, n))
	}
	if err := sumarASalidaVendida(ctx, c, a.EmpresaID, desde.ID, -int64(n)); err != nil {
		return "", err
	}
	_, err = c.Exec(ctx, `UPDATE pasajes SET salida_venta_id = ? WHERE empresa_id = ? AND salida_venta_id = ? AND estado = ?`,
		d.ID, a.EmpresaID, desde.ID, domain.PasajeActivo)
	return d.Hora, wrap("mover pasajes de la salida", err)
}

// reembolsarPasajesDeSalida cancels each ticket and refunds it from the
// acting user's open register, as its own cancellation would (a register
// must be open); it answers the total refunded.
func (s *Store) reembolsarPasajesDeSalida(ctx context.Context, c sqldb.Conn, a Actor, pasajes []Pasaje, motivo string) (domain.Centavos, error) {
	var total domain.Centavos
	for _, p := range pasajes {
		if _, err := s.cambiarEstadoEn(ctx, c, a, p.ID, Anulacion{Motivo: motivo}, domain.Cancelacion,
			AccionAnulacionPasaje, events.PasajeCancelado, nil); err != nil {
			return 0, err
		}
		var err error
		if total, err = domain.Sumar(total, p.Precio); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// marcarSalidaCancelada sets the departure read as antes cancelled, by the
// actor now, conditional on the state read.
func marcarSalidaCancelada(ctx context.Context, c sqldb.Conn, a Actor, antes Salida) error {
	res, err := c.Exec(ctx, `UPDATE salidas SET estado = ?, estado_por = ?, estado_en = ?
		WHERE empresa_id = ? AND id = ? AND estado = ? AND a_bordo = 0`,
		domain.SalidaCancelada, a.UsuarioID, c.Now(), a.EmpresaID, antes.ID, antes.Estado)
	if err != nil {
		return wrap("cancelar salida", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Conflict("La salida cambió de estado mientras tanto: actualice la lista")
	}
	return nil
}

// avisarSalidaCancelada queues one notice per contact of the departure's
// tickets (those of one sale share it): by e-mail when the company's mail
// works and the ticket has one, else by WhatsApp when it is linked and the
// ticket has a phone. It answers how many were queued.
func (s *Store) avisarSalidaCancelada(ctx context.Context, c sqldb.Conn, a Actor, x Salida, pasajes []Pasaje,
	cs CancelacionSalida, horaDestino string) (int, error) {
	type aviso struct {
		canal, destino, cliente string
		numeros                 []string
		ids                     []int64
		total                   domain.Centavos
	}
	var orden []string
	porDestino := map[string]*aviso{}
	for _, p := range pasajes {
		canal, destino := "", ""
		switch {
		case cs.Email && p.ClienteEmail != "":
			canal, destino = CanalEmail, p.ClienteEmail
		case cs.WhatsApp && p.ClienteTelefono != "":
			canal, destino = CanalWhatsApp, p.ClienteTelefono
		default:
			continue
		}
		k := canal + " " + destino
		if porDestino[k] == nil {
			porDestino[k] = &aviso{canal: canal, destino: destino, cliente: p.ClienteNombre}
			orden = append(orden, k)
		}
		v := porDestino[k]
		v.numeros, v.ids, v.total = append(v.numeros, p.NumeroPasaje), append(v.ids, p.ID), v.total+p.Precio
	}
	if len(orden) == 0 {
		return 0, nil
	}
	var empresa string
	if err := c.QueryRow(ctx, `SELECT nombre FROM empresas WHERE id = ?`, a.EmpresaID).Scan(&empresa); err != nil {
		return 0, wrap("leer empresa", err)
	}
	for _, k := range orden {
		v := porDestino[k]
		m, err := s.encolar(ctx, c, a, NuevoMensaje{Canal: v.canal, Tipo: TipoAvisoCliente, Destino: v.destino,
			Cliente: v.cliente, PasajeIDs: v.ids})
		if err != nil {
			return 0, err
		}
		texto := domain.TextoSalidaCancelada(v.cliente, empresa, x.Seccion, x.Fecha, x.Hora, cs.Motivo, v.numeros, horaDestino, v.total)
		if _, err := c.Exec(ctx, `INSERT INTO mensaje_textos (empresa_id, mensaje_id, asunto, texto) VALUES (?, ?, ?, ?)`,
			a.EmpresaID, m.ID, domain.AsuntoSalidaCancelada, texto); err != nil {
			return 0, wrap("guardar texto del aviso", err)
		}
	}
	return len(orden), nil
}

// vendidosActivos counts the active tickets sold for a departure of the company.
func vendidosActivos(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND salida_venta_id = ? AND estado = ?`,
		empresaID, salidaID, domain.PasajeActivo).Scan(&n)
	return n, wrap("contar pasajes de la salida", err)
}
