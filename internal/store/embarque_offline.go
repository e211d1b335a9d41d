package store

import (
	"context"
	"errors"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// An offline boarding's leg and departure (docs/features/offline.md):
// the phone says the leg the passenger travelled and the departure it boarded
// into; the server boards the leg as embarcarTramo does and takes the seat
// under the capacity rule. A seat it cannot take leaves the passenger boarded
// without a departure, as a conflict: the certified capacity is never
// exceeded in the data, and a passenger who boarded is never unboarded.

// EmbarqueOffline is an offline boarding: the code scanned or the number
// typed, the departure the phone boarded into (0: none) and the leg the
// passenger travelled (domain.SentidoIda, the outbound or only one, or
// domain.SentidoVuelta).
type EmbarqueOffline struct {
	Codigo   string
	SalidaID int64
	Tramo    string
}

// columnasTramo are a leg's boarding columns on pasajes.
type columnasTramo struct{ fecha, usuario, salida string }

func columnasDeTramo(tramo string) columnasTramo {
	if tramo == domain.SentidoVuelta {
		return columnasTramo{"fecha_embarque_vuelta", "usuario_embarque_vuelta_id", columnaSalida(tramo)}
	}
	return columnasTramo{"fecha_embarque", "usuario_embarque_id", columnaSalida(tramo)}
}

// rechazoVueltaOffline is why a round trip's return cannot board at the act's
// moment (empty: it can): its outbound leg never boarded, or its last day
// had passed on the company's day of the act.
func rechazoVueltaOffline(ctx context.Context, c sqldb.Conn, act *actoOffline, p pasajeAEmbarcar) (string, error) {
	switch {
	case p.tramo != domain.SentidoVuelta:
		return "", nil
	case p.estado != domain.PasajeUsado:
		return domain.MsgFaltaIda, nil
	case p.vueltaHasta == nil:
		return "", nil
	}
	loc, err := zonaDe(ctx, c, act.a.EmpresaID)
	if err != nil || *p.vueltaHasta >= domain.DiaDe(act.momento, loc).Fecha {
		return "", err
	}
	return domain.MsgVueltaVencida(*p.vueltaHasta), nil
}

// asentarEmbarque boards ticket p's leg at the act's moment by its crew
// member, with the boarding's event and audit entry. Into a departure it
// first takes the seat (asientoOffline) and records the departure only when
// it got one; without one the boarding stays, without a departure, and is a
// conflict (embarque_sin_lugar) answered applied with its words.
func (s *Store) asentarEmbarque(ctx context.Context, c sqldb.Conn, act *actoOffline, p pasajeAEmbarcar) (ResultadoSync, error) {
	salidaID, sinLugar, err := asientoOffline(ctx, c, act, p)
	if err != nil {
		return ResultadoSync{}, err
	}
	col := columnasDeTramo(p.tramo)
	set, args := col.fecha+` = ?, `+col.usuario+` = ?, `+col.salida+` = ?`, []any{act.momento, act.a.UsuarioID, salidaID}
	if p.tramo == domain.SentidoIda {
		set, args = `estado = ?, `+set, append([]any{domain.PasajeUsado}, args...)
	}
	if _, err := c.Exec(ctx, `UPDATE pasajes SET `+set+` WHERE id = ?`, append(args, p.id)...); err != nil {
		return ResultadoSync{}, wrap("embarcar pasaje offline", err)
	}
	c.Emit(events.Event{Nombre: events.PasajeValidado, EmpresaID: act.a.EmpresaID, Lecturas: lecturasPasaje(p.vendedorID),
		Datos: EventoPasaje{PasajeID: p.id, NumeroPasaje: p.numero, FechaViaje: p.fechaViaje, UsuarioID: act.a.UsuarioID}})
	if err := s.audit(ctx, c, Auditoria{EmpresaID: act.a.EmpresaID, UsuarioID: act.a.UsuarioID, Accion: AccionValidacionEmbarque,
		IP: act.a.IP, Exito: true, Detalles: detalleEmbarqueOffline(act, p)}); err != nil {
		return ResultadoSync{}, err
	}
	r := embarcado(p)
	if sinLugar == "" {
		return r, nil
	}
	id, err := s.registrarConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoEmbarqueSinLugar, detalle: sinLugar,
		pasajeID: &p.id, numero: p.numero})
	r.Mensaje, r.ConflictoID = sinLugar, &id
	return r, err
}

// detalleEmbarqueOffline is the audit's words for an offline boarding.
func detalleEmbarqueOffline(act *actoOffline, p pasajeAEmbarcar) string {
	tramo := ""
	if p.idaYVuelta {
		tramo = "de " + p.tramo + " "
	}
	return "Embarque sin conexión " + tramo + "del pasaje " + p.numero + " (dispositivo " + act.d.Codigo + ")"
}

// asientoOffline takes a seat for ticket p in the departure the act boarded
// into (salidaID nil without one) with subirABordo, the online boarding's
// conditional UPDATE. When it cannot, salidaID is nil and sinLugar says why:
// the departure is not the company's, sailed (its manifest is frozen), was
// cancelled, has no boat, is of another section or direction, or is full.
func asientoOffline(ctx context.Context, c sqldb.Conn, act *actoOffline, p pasajeAEmbarcar) (salidaID *int64, sinLugar string, err error) {
	if act.Embarque.SalidaID == 0 {
		return nil, "", nil
	}
	x, err := salida(ctx, c, act.a.EmpresaID, act.Embarque.SalidaID)
	var negada *domain.Error
	if errors.As(err, &negada) {
		return nil, domain.MsgEmbarqueSinLugar(domain.MotivoSalidaInexistente, ""), nil
	}
	if err != nil {
		return nil, "", err
	}
	if porque := motivoSinAsiento(x, p); porque != "" {
		return nil, domain.MsgEmbarqueSinLugar(porque, x.Hora), nil
	}
	tomado, err := subirABordo(ctx, c, act.a, x.ID)
	if err != nil || tomado {
		return &x.ID, "", err
	}
	if x, err = salida(ctx, c, act.a.EmpresaID, x.ID); err != nil {
		return nil, "", err
	}
	porque := motivoSinAsiento(x, p)
	if porque == "" {
		porque = domain.MsgEmbarcacionCompleta(x.Capacidad)
	}
	return nil, domain.MsgEmbarqueSinLugar(porque, x.Hora), nil
}

// motivoSinAsiento is why departure x cannot seat ticket p's leg, whatever
// its seats (empty: it can, if one is left).
func motivoSinAsiento(x Salida, p pasajeAEmbarcar) string {
	switch {
	case x.Estado == domain.SalidaZarpo:
		return domain.MotivoSalidaZarpo
	case x.Estado == domain.SalidaCancelada:
		return domain.MotivoSalidaCancelada
	case x.EmbarcacionID == nil:
		return domain.MotivoSalidaSinBarco
	case x.SeccionID != p.seccionID:
		return domain.MotivoSalidaOtraSeccion
	case p.idaYVuelta && x.Sentido != p.tramo:
		return domain.MotivoSalidaOtroSentido
	}
	return ""
}
