package store

import (
	"context"
	"database/sql"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Embarque is the answer of a successful boarding validation.
type Embarque struct {
	ID            int64
	NumeroPasaje  string
	FechaViaje    string
	FechaEmbarque time.Time
	Estado        string
	Cliente       nombreRef
	Seccion       nombreRef
	TipoViaje     nombreRef
	ValidadoPor   string
	ValidadorID   int64
	VendedorID    int64 // who sold it
	SeccionID     int64
	// SalidaID is the departure the ticket boarded into (nil without one):
	// the return's for the return leg.
	SalidaID *int64
	// IdaYVuelta: a round-trip ticket; Tramo is the leg this boarding was
	// (ida or vuelta); VueltaHasta the return's last day (nil: open-dated).
	IdaYVuelta          bool
	Tramo               string
	VueltaHasta         *string
	FechaEmbarqueVuelta *time.Time
}

// Why a boarding is refused with the data of RechazoEmbarque.
const (
	MotivoYaEmbarcado = "ya_embarcado" // the ticket already boarded
	MotivoOtraFecha   = "otra_fecha"   // the ticket travels on another day and the boarding was not confirmed
)

// RechazoEmbarque is the data of a boarding refused with 409: the ticket
// already boarded (when and by whom), or it travels on another day than
// today and the request did not confirm it (its travel date).
type RechazoEmbarque struct {
	Motivo        string     `json:"motivo" enum:"ya_embarcado,otra_fecha"`
	NumeroPasaje  string     `json:"numero_pasaje"`
	FechaViaje    string     `json:"fecha_viaje" format:"date"`
	FechaEmbarque *time.Time `json:"fecha_embarque,omitempty"`
	ValidadoPor   string     `json:"validado_por,omitempty"`
}

// ValidarPorCodigo boards the ticket of a scanned QR code or a typed ticket
// number. A QR code must carry the caller's company and its signature;
// anything unknown, forged or of another company is 'Pasaje no encontrado'.
// With soloFecha (YYYY-MM-DD: today, unless the crew confirmed another day)
// a ticket that travels on another day does not board: the refusal (409)
// says its date. With salidaID (not 0) it boards into that departure
// (tomarAsiento), in the same transaction.
func (s *Store) ValidarPorCodigo(ctx context.Context, a Actor, codigo, soloFecha string, salidaID int64) (Embarque, error) {
	in, err := domain.LeerCodigoIngresado(codigo)
	if err != nil {
		return Embarque{}, err
	}
	if in.QR != nil {
		if err := s.verificarQR(ctx, a.EmpresaID, in); err != nil {
			return Embarque{}, err
		}
	}
	cond := condicionEmbarque{where: `numero_pasaje = ?`, arg: in.Numero, soloFecha: soloFecha, salidaID: salidaID}
	if in.QR != nil {
		cond.where, cond.arg = `codigo_qr = ?`, in.Crudo
	}
	return s.validar(ctx, a, cond)
}

// condicionEmbarque picks the ticket to board: where (a condition on
// pasajes with one argument, arg) and, when soloFecha is set, only if it
// travels that day (YYYY-MM-DD); salidaID (not 0) is the departure it boards into.
type condicionEmbarque struct {
	where     string
	arg       any
	soloFecha string
	salidaID  int64
}

// sql is the condition with its arguments.
func (c condicionEmbarque) sql() (string, []any) {
	if c.soloFecha == "" {
		return c.where, []any{c.arg}
	}
	return c.where + ` AND fecha_viaje = ?`, []any{c.arg, c.soloFecha}
}

// verificarQR checks that a QR code belongs to the company and is signed by
// its key, or (an offline ticket's) by a device the company's key certified
// (a short code's: the device of the company's register, not revoked).
func (s *Store) verificarQR(ctx context.Context, empresaID int64, in domain.CodigoIngresado) error {
	if in.QR.EmpresaID != empresaID {
		return domain.NotFound(domain.MsgPasajeNoEncontrado)
	}
	pub, err := s.ClavePublica(ctx, empresaID)
	if err != nil {
		return err
	}
	valido := false
	if in.Offline {
		// a short code's device from the register: not revoked now
		if _, _, valido, err = codigoOfflineValido(ctx, s.db.Conn(), pub, empresaID, in.Crudo, s.Now()); err != nil {
			return err
		}
	} else {
		_, err = domain.VerificarCodigoQR(pub, in.Crudo)
		valido = err == nil
	}
	if !valido {
		return domain.NotFound(domain.MsgPasajeNoEncontrado)
	}
	return nil
}

// ValidarPorID boards a ticket from the passenger list.
func (s *Store) ValidarPorID(ctx context.Context, a Actor, id int64) (Embarque, error) {
	return s.validar(ctx, a, condicionEmbarque{where: `id = ?`, arg: id})
}

// validar moves one ticket activo → usado with one conditional UPDATE whose row
// count decides, so two crew members scanning at once board it once; the
// UPDATE returns the boarded ticket. The refusal of an already boarded ticket
// carries when and by whom it boarded; that of a ticket of another day than
// cond.soloFecha, its travel date. Into a departure (cond.salidaID), the
// ticket records it and takes one of its seats (tomarAsiento): a refused
// seat rolls the whole boarding back. On PostgreSQL a boarding without a
// departure first tries the one statement of embarcarEnUnaSentencia; what it
// does not board comes here.
func (s *Store) validar(ctx context.Context, a Actor, cond condicionEmbarque) (Embarque, error) {
	if cond.salidaID == 0 && s.db.Dialect().WritingCTEs() {
		if e, hecho, err := s.embarcarEnUnaSentencia(ctx, a, cond); err != nil || hecho {
			return e, err
		}
	}
	return idempotent(ctx, s, a, "pasajes.validar", func(c sqldb.Conn) (Embarque, error) {
		x, err := salidaDelEmbarque(ctx, c, a.EmpresaID, cond.salidaID)
		if err != nil {
			return Embarque{}, err
		}
		e, embarcado, err := s.embarcarTramo(ctx, c, a, cond, x)
		if err != nil {
			return e, err
		}
		if !embarcado {
			return s.rechazoEmbarque(ctx, c, a.EmpresaID, cond, x)
		}
		if err := tomarAsiento(ctx, c, a, x, e); err != nil {
			return e, err
		}
		c.Emit(events.Event{Nombre: events.PasajeValidado, EmpresaID: a.EmpresaID, Lecturas: lecturasPasaje(e.VendedorID), Datos: EventoPasaje{PasajeID: e.ID, NumeroPasaje: e.NumeroPasaje,
			FechaViaje: e.FechaViaje, UsuarioID: a.UsuarioID}})
		return e, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID,
			Accion: AccionValidacionEmbarque, IP: a.IP, Exito: true, Detalles: detalleEmbarque(e)})
	})
}

// embarcarIda boards the outbound (or only) leg: activo → usado, recording
// the departure x (none when nil); with soloIdaSimple only a one-way ticket.
func embarcarIda(ctx context.Context, c sqldb.Conn, a Actor, cond condicionEmbarque, x *Salida, soloIdaSimple bool) (Embarque, bool, error) {
	where, args := cond.sql()
	if soloIdaSimple {
		where, args = where+` AND ida_y_vuelta = ?`, append(args, false)
	}
	e, embarcado, err := scanEmbarque(c.QueryRow(ctx, `UPDATE pasajes SET estado = ?, fecha_embarque = ?,
		usuario_embarque_id = ?, salida_id = ? WHERE empresa_id = ? AND estado = ? AND `+where+` RETURNING `+embarqueColumnas,
		append([]any{domain.PasajeUsado, c.Now(), a.UsuarioID, x.id(), a.EmpresaID, domain.PasajeActivo}, args...)...))
	if e.IdaYVuelta {
		e.Tramo = domain.SentidoIda
	}
	return e, embarcado, wrap("validar embarque", err)
}

// rechazoEmbarque explains a boarding that changed nothing: the ticket is
// not the company's, or it cannot board (rechazoIdaYVuelta, rechazo).
func (s *Store) rechazoEmbarque(ctx context.Context, c sqldb.Conn, empresaID int64, cond condicionEmbarque, x *Salida) (Embarque, error) {
	e, found, err := s.embarque(ctx, c, empresaID, cond.where, cond.arg)
	if err != nil || !found {
		return e, firstErr(err, domain.NotFound(domain.MsgPasajeNoEncontrado))
	}
	if e.IdaYVuelta {
		if e, explicado, err := s.rechazoIdaYVuelta(ctx, c, empresaID, cond, x, e); explicado {
			return e, err
		}
	}
	return e, rechazo(e, cond.soloFecha)
}

// rechazo explains why a ticket that exists could not board (only on the day
// soloFecha, when set).
func rechazo(e Embarque, soloFecha string) error {
	switch {
	case e.Estado == domain.PasajeCancelado:
		return domain.Conflict(domain.MsgPasajeCancelado)
	case e.Estado == domain.PasajeActivo && soloFecha != "" && e.FechaViaje != soloFecha:
		return &domain.Error{Kind: domain.KindConflict, Message: domain.MensajePasajeOtraFecha(e.FechaViaje),
			Data: RechazoEmbarque{Motivo: MotivoOtraFecha, NumeroPasaje: e.NumeroPasaje, FechaViaje: e.FechaViaje}}
	case e.Estado == domain.PasajeActivo:
		// Boarded and undone between the UPDATE and this read.
		return domain.Conflict(domain.MsgPasajeCambioEstado)
	}
	fecha := e.FechaEmbarque
	return &domain.Error{Kind: domain.KindConflict, Message: domain.MsgPasajeYaEmbarcado,
		Data: RechazoEmbarque{Motivo: MotivoYaEmbarcado, NumeroPasaje: e.NumeroPasaje, FechaViaje: e.FechaViaje,
			FechaEmbarque: &fecha, ValidadoPor: e.ValidadoPor}}
}

// columnasDeEmbarque are what an Embarque shows of a ticket's leg (its
// boarding time, validator and departure columns), from a statement on
// pasajes alone (a SELECT, or the boarding UPDATE's RETURNING): the names of
// its section, trip type and validator come from subqueries by primary key.
func columnasDeEmbarque(fecha, usuario, salida string) string {
	return `id, numero_pasaje, CAST(fecha_viaje AS TEXT), ` + fecha + `, estado, cliente_nombre,
	(SELECT s.nombre FROM secciones s WHERE s.id = pasajes.seccion_id),
	(SELECT t.nombre FROM tipos_viaje t WHERE t.id = pasajes.tipo_viaje_id),
	(SELECT ` + nombreValidador + ` FROM usuarios v WHERE v.id = pasajes.` + usuario + `), ` + usuario + `,
	usuario_id, seccion_id, ` + salida + `, ida_y_vuelta, vuelta_hasta, fecha_embarque_vuelta`
}

// embarqueColumnas show the outbound (or only) leg; embarqueColumnasVuelta a round trip's return.
var (
	embarqueColumnas       = columnasDeEmbarque("fecha_embarque", "usuario_embarque_id", "salida_id")
	embarqueColumnasVuelta = columnasDeEmbarque("fecha_embarque_vuelta", "usuario_embarque_vuelta_id", "salida_vuelta_id")
)

// scanEmbarque reads a row of embarqueColumnas; found is false when there is none.
func scanEmbarque(r *sql.Row) (e Embarque, found bool, err error) { return scanEmbarqueY(r) }

// scanEmbarqueY reads a row of embarqueColumnas followed by the columns of mas.
func scanEmbarqueY(r *sql.Row, mas ...any) (e Embarque, found bool, err error) {
	var (
		fecha       *time.Time
		por         *string
		validadorID *int64
	)
	err = r.Scan(append([]any{&e.ID, &e.NumeroPasaje, &e.FechaViaje, &fecha, &e.Estado, &e.Cliente.Nombre, &e.Seccion.Nombre,
		&e.TipoViaje.Nombre, &por, &validadorID, &e.VendedorID, &e.SeccionID, &e.SalidaID, &e.IdaYVuelta, &e.VueltaHasta,
		&e.FechaEmbarqueVuelta}, mas...)...)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return e, false, err
	}
	if fecha != nil {
		e.FechaEmbarque = *fecha
	}
	if por != nil {
		e.ValidadoPor = *por
	}
	if validadorID != nil {
		e.ValidadorID = *validadorID
	}
	return e, true, nil
}

// embarque reads the company's ticket that matches where (a condition on pasajes).
func (s *Store) embarque(ctx context.Context, c sqldb.Conn, empresaID int64, where string, arg any) (Embarque, bool, error) {
	e, found, err := scanEmbarque(c.QueryRow(ctx, `SELECT `+embarqueColumnas+` FROM pasajes WHERE empresa_id = ? AND `+where,
		empresaID, arg))
	return e, found, wrap("leer pasaje a embarcar", err)
}

// AccionDeshacerValidacion is the audit action of an undone boarding.
const AccionDeshacerValidacion = "DESHACER_VALIDACION"

// DeshacerEmbarque returns a ticket usado → activo when the caller boarded it
// at most domain.PlazoDeshacerEmbarque ago (the transaction's now decides).
// One conditional UPDATE whose row count decides, so an undo never races a
// second boarding; a refusal says why (another user's boarding, too late,
// not boarded). A boarding into a departure frees its seat (not once the
// departure sailed).
func (s *Store) DeshacerEmbarque(ctx context.Context, a Actor, id int64) (Pasaje, error) {
	return idempotent(ctx, s, a, "pasajes.deshacer-embarque", func(c sqldb.Conn) (Pasaje, error) {
		ida, vuelta, err := salidasDeEmbarcado(ctx, c, a.EmpresaID, id)
		if err != nil {
			return Pasaje{}, err
		}
		n, err := deshacerVuelta(ctx, c, a, id, vuelta)
		if err != nil {
			return Pasaje{}, err
		}
		if n == 0 {
			if err := s.deshacerIda(ctx, c, a, id, ida); err != nil {
				return Pasaje{}, err
			}
		}
		p, err := s.pasajeDeEmpresa(ctx, c, a.EmpresaID, id)
		if err != nil {
			return Pasaje{}, err
		}
		c.Emit(events.Event{Nombre: events.PasajeValidacionDeshecha, EmpresaID: a.EmpresaID, Lecturas: lecturasPasaje(p.UsuarioID), Datos: EventoPasaje{PasajeID: id, NumeroPasaje: p.NumeroPasaje,
			FechaViaje: p.FechaViaje, UsuarioID: a.UsuarioID}})
		return p, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID,
			Accion: AccionDeshacerValidacion, IP: a.IP, Exito: true,
			Detalles: "Embarque deshecho del pasaje " + p.NumeroPasaje + ": vuelve a activo"})
	})
}

// deshacerIda undoes the outbound (or only) leg: usado → activo, when the
// caller boarded it within the term and a round trip's return has not
// boarded; its departure's seat is freed.
func (s *Store) deshacerIda(ctx context.Context, c sqldb.Conn, a Actor, id, salidaID int64) error {
	res, err := c.Exec(ctx, `UPDATE pasajes SET estado = ?, fecha_embarque = NULL, usuario_embarque_id = NULL,
		salida_id = NULL WHERE empresa_id = ? AND id = ? AND estado = ? AND usuario_embarque_id = ?
		AND fecha_embarque >= ? AND COALESCE(salida_id, 0) = ? AND fecha_embarque_vuelta IS NULL`,
		domain.PasajeActivo, a.EmpresaID, id, domain.PasajeUsado, a.UsuarioID, domain.InicioPlazoDeshacer(c.Now()), salidaID)
	if err != nil {
		return wrap("deshacer embarque", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return wrap("deshacer embarque", err)
	}
	if n != 1 {
		return s.rechazoDeshacer(ctx, c, a, id)
	}
	if salidaID == 0 {
		return nil
	}
	return liberarAsiento(ctx, c, a.EmpresaID, salidaID)
}

// deshacerVuelta undoes a round trip's return when the caller boarded it
// within the term (n = 1; 0: no such return, the outbound leg is undone
// instead); its departure's seat is freed.
func deshacerVuelta(ctx context.Context, c sqldb.Conn, a Actor, id, salidaID int64) (int64, error) {
	res, err := c.Exec(ctx, `UPDATE pasajes SET fecha_embarque_vuelta = NULL, usuario_embarque_vuelta_id = NULL,
		salida_vuelta_id = NULL WHERE empresa_id = ? AND id = ? AND usuario_embarque_vuelta_id = ?
		AND fecha_embarque_vuelta >= ? AND COALESCE(salida_vuelta_id, 0) = ?`,
		a.EmpresaID, id, a.UsuarioID, domain.InicioPlazoDeshacer(c.Now()), salidaID)
	if err != nil {
		return 0, wrap("deshacer embarque de vuelta", err)
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 || salidaID == 0 {
		return n, wrap("deshacer embarque de vuelta", err)
	}
	return n, liberarAsiento(ctx, c, a.EmpresaID, salidaID)
}

// rechazoDeshacer explains an undo that changed nothing.
func (s *Store) rechazoDeshacer(ctx context.Context, c sqldb.Conn, a Actor, id int64) error {
	e, found, err := s.embarque(ctx, c, a.EmpresaID, `id = ?`, id)
	if err != nil || !found {
		return firstErr(err, domain.NotFound(domain.MsgPasajeNoEncontrado))
	}
	hecho := domain.EmbarqueHecho{Estado: e.Estado, ValidadorID: e.ValidadorID, ValidadoPor: e.ValidadoPor,
		FechaEmbarque: e.FechaEmbarque}
	return firstErr(domain.PuedeDeshacerEmbarque(hecho, a.UsuarioID, c.Now()),
		domain.Conflict(domain.MsgPasajeCambioEstado))
}

// ConteoEmbarque counts a set of tickets (cancelled ones excluded).
type ConteoEmbarque struct {
	Total      int64
	Embarcados int64
	Pendientes int64
}

// ConteoPorFecha counts the non-cancelled tickets of a travel date.
func (s *Store) ConteoPorFecha(ctx context.Context, empresaID int64, fecha string) (ConteoEmbarque, error) {
	var c ConteoEmbarque
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN estado = ? THEN 1 ELSE 0 END), 0)
		FROM pasajes WHERE empresa_id = ? AND fecha_viaje = ? AND estado <> ?`,
		domain.PasajeUsado, empresaID, fecha, domain.PasajeCancelado).Scan(&c.Total, &c.Embarcados)
	c.Pendientes = c.Total - c.Embarcados
	return c, wrap("contar embarques", err)
}

// validadosPor counts the tickets a user boarded during a business day.
func (s *Store) validadosPor(ctx context.Context, empresaID, usuarioID int64, dia domain.Dia) (int64, error) {
	var n int64
	// Today's trips boarded today: a ticket of another date boarded today is not one
	// of today's Embarcados, so 'Validaste' never exceeds them.
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND usuario_embarque_id = ?
		AND fecha_viaje = ? AND fecha_embarque >= ? AND fecha_embarque < ?`,
		empresaID, usuarioID, dia.Fecha, dia.Desde, dia.Hasta).Scan(&n)
	return n, wrap("contar validaciones", err)
}

// EstadisticasEmbarque is the validator's figures (operaciones §7).
type EstadisticasEmbarque struct {
	Hoy     ConteoEmbarque
	Usuario struct {
		ValidadosHoy int64
	}
}

// EstadisticasDeEmbarque counts today's trips (travel date today) and what the user boarded today.
func (s *Store) EstadisticasDeEmbarque(ctx context.Context, empresaID, usuarioID int64, dia domain.Dia) (EstadisticasEmbarque, error) {
	var st EstadisticasEmbarque
	var err error
	if st.Hoy, err = s.ConteoPorFecha(ctx, empresaID, dia.Fecha); err != nil {
		return st, err
	}
	st.Usuario.ValidadosHoy, err = s.validadosPor(ctx, empresaID, usuarioID, dia)
	return st, err
}

// EstadisticasLancha is the boarding dashboard's figures (operaciones §3).
type EstadisticasLancha struct {
	EmbarcadosHoy        int64
	MisEmbarcadosHoy     int64
	PendientesHoy        int64
	TotalPasajesHoy      int64
	UltimaValidacion     *time.Time
	PorcentajeCompletado int64
}

// EstadisticasDeLancha computes the boarding dashboard for a crew member.
func (s *Store) EstadisticasDeLancha(ctx context.Context, empresaID, usuarioID int64, dia domain.Dia) (EstadisticasLancha, error) {
	var st EstadisticasLancha
	hoy, err := s.EstadisticasDeEmbarque(ctx, empresaID, usuarioID, dia)
	if err != nil {
		return st, err
	}
	st.EmbarcadosHoy, st.PendientesHoy, st.TotalPasajesHoy = hoy.Hoy.Embarcados, hoy.Hoy.Pendientes, hoy.Hoy.Total
	st.MisEmbarcadosHoy = hoy.Usuario.ValidadosHoy
	st.PorcentajeCompletado = domain.Porcentaje(st.EmbarcadosHoy, st.TotalPasajesHoy)
	recientes, err := s.ValidacionesRecientes(ctx, empresaID, 1)
	if err == nil && len(recientes) == 1 {
		st.UltimaValidacion = &recientes[0].FechaEmbarque
	}
	return st, err
}

// ValidacionReciente is one of the latest boardings.
type ValidacionReciente struct {
	ID            int64
	NumeroPasaje  string
	FechaEmbarque time.Time
	ClienteNombre string
	SeccionNombre string
	ValidadoPor   string
}

// nombreValidador is the name of the user v who boarded a ticket, 'Nombre Apellido'
// (the login only when the user has no name): a refusal names a person.
const nombreValidador = `COALESCE(NULLIF(TRIM(v.nombre || ' ' || v.apellido), ''), v.nombre_usuario)`

// ValidacionesRecientes lists the company's latest boardings, newest first.
func (s *Store) ValidacionesRecientes(ctx context.Context, empresaID int64, limite int) ([]ValidacionReciente, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (v ValidacionReciente, err error) {
		return v, sc.Scan(&v.ID, &v.NumeroPasaje, &v.FechaEmbarque, &v.ClienteNombre, &v.SeccionNombre, &v.ValidadoPor)
	}, `SELECT p.id, p.numero_pasaje, p.fecha_embarque, p.cliente_nombre, s.nombre,
		COALESCE(`+nombreValidador+`, '') FROM pasajes p JOIN secciones s ON s.id = p.seccion_id
		LEFT JOIN usuarios v ON v.id = p.usuario_embarque_id
		WHERE p.empresa_id = ? AND p.fecha_embarque IS NOT NULL ORDER BY p.fecha_embarque DESC, p.id DESC LIMIT ?`,
		empresaID, limite)
	return out, wrap("validaciones recientes", err)
}

// FiltroPasajeros selects the passenger list of a travel date: optionally one
// section, one trip type, boarded or not; and the page.
type FiltroPasajeros struct {
	Fecha       string
	SeccionID   int64
	TipoViajeID int64
	Embarcado   *bool
	// ConCancelados also lists the cancelled tickets (the offline validator keeps them to refuse them).
	ConCancelados bool
	Pagina        Pagina
}

// where is the filter as SQL conditions and their arguments.
func (f FiltroPasajeros) where(empresaID int64) (string, []any) {
	where, args := `WHERE p.empresa_id = ? AND p.fecha_viaje = ?`, []any{empresaID, f.Fecha}
	if !f.ConCancelados {
		where, args = where+` AND p.estado <> ?`, append(args, domain.PasajeCancelado)
	}
	if f.SeccionID > 0 {
		where, args = where+` AND p.seccion_id = ?`, append(args, f.SeccionID)
	}
	if f.TipoViajeID > 0 {
		where, args = where+` AND p.tipo_viaje_id = ?`, append(args, f.TipoViajeID)
	}
	if f.Embarcado != nil {
		estado := domain.PasajeActivo
		if *f.Embarcado {
			estado = domain.PasajeUsado
		}
		where, args = where+` AND p.estado = ?`, append(args, estado)
	}
	return where, args
}

// PasajerosPorFecha lists one page of the non-cancelled tickets of a travel
// date (with the cancelled ones too when f.ConCancelados), by section and passenger, with the total the filter matched.
func (s *Store) PasajerosPorFecha(ctx context.Context, empresaID int64, f FiltroPasajeros) ([]Pasaje, int64, error) {
	where, args := f.where(empresaID)
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), scanPasaje, f.Pagina.page(), sqldb.List{Columns: pasajeColumns,
		From: pasajeFrom + ` ` + where, OrderBy: `ORDER BY s.nombre, p.cliente_nombre, p.id`, Args: args})
	return out, total, wrap("listar pasajeros", err)
}

// ViajeSeccion is the boarding state of one section on one travel date.
type ViajeSeccion struct {
	SeccionID     int64
	SeccionNombre string
	Capacidad     int64
	ConteoEmbarque
	Porcentaje int64
	Completo   bool
}

// EstadoViajes groups a travel date's tickets by section (sections without
// tickets are left out).
func (s *Store) EstadoViajes(ctx context.Context, empresaID int64, fecha string) ([]ViajeSeccion, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (v ViajeSeccion, err error) {
		err = sc.Scan(&v.SeccionID, &v.SeccionNombre, &v.Capacidad, &v.Total, &v.Embarcados)
		v.Pendientes = v.Total - v.Embarcados
		v.Porcentaje, v.Completo = domain.Porcentaje(v.Embarcados, v.Total), v.Pendientes == 0
		return v, err
	}, `SELECT s.id, s.nombre, s.capacidad, COUNT(*), SUM(CASE WHEN p.estado = ? THEN 1 ELSE 0 END)
		FROM pasajes p JOIN secciones s ON s.id = p.seccion_id
		WHERE p.empresa_id = ? AND p.fecha_viaje = ? AND p.estado <> ?
		GROUP BY s.id, s.nombre, s.capacidad ORDER BY s.nombre`,
		domain.PasajeUsado, empresaID, fecha, domain.PasajeCancelado)
	return out, wrap("estado de viajes", err)
}
