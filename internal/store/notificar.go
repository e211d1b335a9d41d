package store

import (
	"context"
	"encoding/json"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// NotificarEventos creates the notifications that committed events cause (a
// sale, a register opened or closed, a boarding milestone, a system alert)
// for the company's supervisors and admins, except whoever caused them, in
// one transaction; each reaches its user as a notificacion event. The realtime
// notifier calls it after the commit, on the instance that committed.
func (s *Store) NotificarEventos(ctx context.Context, evs []events.Event) error {
	destinatarios := map[int64][]int64{}
	var ns []NuevaNotificacion
	for _, ev := range evs {
		aviso, ok, err := s.avisoDe(ctx, ev)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		ids, hay := destinatarios[ev.EmpresaID]
		if !hay {
			if ids, err = s.usuariosConRoles(ctx, ev.EmpresaID, Supervisores); err != nil {
				return err
			}
			destinatarios[ev.EmpresaID] = ids
		}
		for _, id := range ids {
			if id != aviso.autor {
				ns = append(ns, NuevaNotificacion{EmpresaID: ev.EmpresaID, UsuarioID: id, Tipo: aviso.tipo,
					Titulo: aviso.titulo, Mensaje: aviso.mensaje, Datos: aviso.datos})
			}
		}
	}
	return s.CrearNotificaciones(ctx, ns)
}

// aviso is what a notification says, its payload (the event's), and who
// caused it (not notified).
type aviso struct {
	tipo, titulo, mensaje string
	datos                 events.DatosNotificacion
	autor                 int64
}

// avisoDe is the notification an event causes; ok is false for none.
func (s *Store) avisoDe(ctx context.Context, ev events.Event) (a aviso, ok bool, err error) {
	switch ev.Nombre {
	case events.NuevaVenta:
		return s.avisoVenta(ctx, ev)
	case events.CajaAbierta:
		return s.avisoApertura(ctx, ev)
	case events.CajaCerrada:
		var c EventoCaja
		err = datosDe(ev, &c)
		return aviso{domain.NotifCajaCerrada, domain.TituloCajaCerrada,
			domain.MensajeCajaCerrada(c.CajaID, c.Usuario, valor(c.TotalVentas), valor(c.Diferencia)), c, c.UsuarioID}, err == nil, err
	case events.AlertaSistema:
		var al EventoAlerta
		err = datosDe(ev, &al)
		return aviso{tipo: domain.NotifAlerta, titulo: al.Titulo, mensaje: al.Mensaje, datos: al}, err == nil, err
	case events.PasajeValidado:
		return s.avisoEmbarque(ctx, ev)
	}
	return aviso{}, false, nil
}

// avisoVenta tells who sold how many tickets to whom, for how much: the
// customer's name is read from the sale's first ticket (the event names no
// customer), for supervisors and admins, who read every ticket.
func (s *Store) avisoVenta(ctx context.Context, ev events.Event) (aviso, bool, error) {
	var v EventoVenta
	if err := datosDe(ev, &v); err != nil || len(v.PasajeIDs) == 0 {
		return aviso{}, false, err
	}
	var cliente string
	err := s.db.Conn().QueryRow(ctx, `SELECT cliente_nombre FROM pasajes WHERE empresa_id = ? AND id = ?`,
		ev.EmpresaID, v.PasajeIDs[0]).Scan(&cliente)
	if err != nil {
		return aviso{}, false, wrap("leer el cliente de la venta", err)
	}
	return aviso{domain.NotifVenta, domain.TituloNuevaVenta,
		domain.MensajeNuevaVenta(v.Usuario, v.Cantidad, cliente, v.Precio), v, v.UsuarioID}, true, nil
}

// avisoApertura tells the supervisors who opened which register with how
// much: the amount is read from the register (the event carries ids only, as
// a blind cashier's socket reads it too).
func (s *Store) avisoApertura(ctx context.Context, ev events.Event) (aviso, bool, error) {
	var c EventoCaja
	if err := datosDe(ev, &c); err != nil {
		return aviso{}, false, err
	}
	var apertura domain.Centavos
	err := s.db.Conn().QueryRow(ctx, `SELECT monto_apertura FROM cajas WHERE id = ? AND empresa_id = ?`, c.CajaID, ev.EmpresaID).
		Scan(&apertura)
	if err != nil {
		return aviso{}, false, wrap("leer apertura", err)
	}
	return aviso{domain.NotifCajaAbierta, domain.TituloCajaAbierta, domain.MensajeCajaAbierta(c.CajaID, c.Usuario, apertura),
		c, c.UsuarioID}, true, nil
}

// avisoEmbarque tells when a boarding took the trip date's boarded tickets to
// a milestone (half, all).
func (s *Store) avisoEmbarque(ctx context.Context, ev events.Event) (aviso, bool, error) {
	var p EventoPasaje
	if err := datosDe(ev, &p); err != nil {
		return aviso{}, false, err
	}
	var embarcados, total int64
	err := s.db.Conn().QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN estado = ? THEN 1 ELSE 0 END), 0), COUNT(*)
		FROM pasajes WHERE empresa_id = ? AND fecha_viaje = ? AND estado IN (?, ?)`,
		domain.PasajeUsado, ev.EmpresaID, p.FechaViaje, domain.PasajeUsado, domain.PasajeActivo).Scan(&embarcados, &total)
	if err != nil {
		return aviso{}, false, wrap("contar embarque", err)
	}
	porcentaje, ok := domain.HitoEmbarque(embarcados, total)
	return aviso{domain.NotifEmbarque, domain.TituloEmbarque,
		domain.MensajeEmbarque(p.FechaViaje, porcentaje, embarcados, total), p, p.UsuarioID}, ok, nil
}

// datosDe reads an event's payload into out, whether it is still the value
// the write emitted or the JSON stored.
func datosDe(ev events.Event, out any) error {
	b, err := json.Marshal(ev.Datos)
	if err == nil {
		err = json.Unmarshal(b, out)
	}
	if err != nil {
		return wrap("datos del evento "+ev.Nombre, err)
	}
	return nil
}

func valor(c *domain.Centavos) domain.Centavos {
	if c == nil {
		return 0
	}
	return *c
}

// usuariosConRoles lists the ids of the company's active users of those roles.
func (s *Store) usuariosConRoles(ctx context.Context, empresaID int64, roles []string) ([]int64, error) {
	args := []any{empresaID, true}
	for _, r := range roles {
		args = append(args, r)
	}
	ids, err := sqldb.QueryIDs(ctx, s.db.Conn(), `SELECT u.id FROM usuarios u JOIN roles r ON r.id = u.rol_id
		WHERE u.empresa_id = ? AND u.activo = ? AND r.nombre IN (`+sqldb.Placeholders(len(roles))+`) ORDER BY u.id`, args...)
	return ids, wrap("leer destinatarios", err)
}
