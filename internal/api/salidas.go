package api

import (
	"net/http"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Boats, timetables and departures (docs/features/salidas.md).

// Embarcacion is a company's boat.
type Embarcacion domain.Embarcacion

// GuardarEmbarcacion is the body of a boat's POST and PUT; activo defaults to
// true; asientos and de_pie go together and add up to capacidad.
type GuardarEmbarcacion struct {
	Nombre    string `json:"nombre" maxLength:"100"`
	Matricula string `json:"matricula" maxLength:"30"`
	Capacidad int64  `json:"capacidad" minimum:"1" maximum:"1000"`
	Asientos  *int64 `json:"asientos,omitempty" minimum:"0" maximum:"1000"`
	DePie     *int64 `json:"de_pie,omitempty" minimum:"0" maximum:"1000"`
	// VencimientoCertificado is the certificate's last valid day.
	VencimientoCertificado string `json:"vencimiento_certificado" maxLength:"10" format:"date"`
	Activo                 *bool  `json:"activo,omitempty"`
}

// EstadoActivo is the body that activates or deactivates a record.
type EstadoActivo struct {
	Activo bool `json:"activo"`
}

func (b GuardarEmbarcacion) embarcacion() domain.Embarcacion {
	return domain.Embarcacion{Nombre: b.Nombre, Matricula: b.Matricula, Capacidad: b.Capacidad, Asientos: b.Asientos,
		DePie: b.DePie, VencimientoCertificado: b.VencimientoCertificado, Activo: b.Activo == nil || *b.Activo}
}

func (s *Server) listarEmbarcaciones(r *http.Request) ([]Embarcacion, error) {
	es, err := s.Store.ListarEmbarcaciones(r.Context(), actorFrom(r).EmpresaID())
	return mapRows(es, func(e domain.Embarcacion) Embarcacion { return Embarcacion(e) }), err
}

func (s *Server) crearEmbarcacion(r *http.Request, body GuardarEmbarcacion) (createdReply[Embarcacion], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Embarcacion]{}, err
	}
	e, err := s.Store.CrearEmbarcacion(r.Context(), a, body.embarcacion())
	return created(Embarcacion(e), domain.MsgEmbarcacionCreada), err
}

func (s *Server) actualizarEmbarcacion(r *http.Request, body GuardarEmbarcacion) (reply[Embarcacion], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Embarcacion]{}, err
	}
	e, err := s.Store.ActualizarEmbarcacion(r.Context(), a, id, body.embarcacion())
	return withMessage(Embarcacion(e), domain.MsgEmbarcacionActualizada), err
}

func (s *Server) activarEmbarcacion(r *http.Request, body EstadoActivo) (reply[Embarcacion], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Embarcacion]{}, err
	}
	e, err := s.Store.ActivarEmbarcacion(r.Context(), a, id, body.Activo)
	msg := domain.MsgEmbarcacionDesactivada
	if body.Activo {
		msg = domain.MsgEmbarcacionActivada
	}
	return withMessage(Embarcacion(e), msg), err
}

// Horario is a time of a section's timetable (dias: 1 Monday … 7 Sunday).
type Horario domain.Horario

// GuardarHorario is the body of a timetable row's POST and PUT; activo
// defaults to true.
type GuardarHorario struct {
	SeccionID     int64  `json:"seccion_id" minimum:"1"`
	Hora          string `json:"hora" maxLength:"5" description:"HH:MM, en la zona horaria de la empresa"`
	Dias          []int  `json:"dias" maxItems:"7" description:"Días de la semana: 1 lunes … 7 domingo"`
	EmbarcacionID *int64 `json:"embarcacion_id,omitempty" minimum:"1"`
	Activo        *bool  `json:"activo,omitempty"`
	Sentido       string `json:"sentido,omitempty" enum:"ida,vuelta" maxLength:"6" description:"ida (si falta) o vuelta"`
}

func (b GuardarHorario) horario() domain.Horario {
	sentido, _ := domain.NormalizarSentido(b.Sentido) // the enum already refused anything else
	return domain.Horario{SeccionID: b.SeccionID, Hora: b.Hora, Dias: b.Dias, EmbarcacionID: b.EmbarcacionID,
		Activo: b.Activo == nil || *b.Activo, Sentido: sentido}
}

// ConsultaHorarios is the query of the timetable's list.
type ConsultaHorarios struct {
	SeccionID int64 `query:"seccion_id" minimum:"1" description:"Solo los horarios de esta sección"`
}

func (s *Server) listarHorarios(r *http.Request, q ConsultaHorarios) ([]Horario, error) {
	hs, err := s.Store.ListarHorarios(r.Context(), actorFrom(r).EmpresaID(), q.SeccionID, false)
	return mapRows(hs, func(h domain.Horario) Horario { return Horario(h) }), err
}

func (s *Server) crearHorario(r *http.Request, body GuardarHorario) (createdReply[Horario], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Horario]{}, err
	}
	h, err := s.Store.CrearHorario(r.Context(), a, body.horario())
	return created(Horario(h), domain.MsgHorarioCreado), err
}

func (s *Server) actualizarHorario(r *http.Request, body GuardarHorario) (reply[Horario], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Horario]{}, err
	}
	h, err := s.Store.ActualizarHorario(r.Context(), a, id, body.horario())
	return withMessage(Horario(h), domain.MsgHorarioActualizado), err
}

func (s *Server) eliminarHorario(r *http.Request) (reply[NoData], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(domain.MsgHorarioEliminado), s.Store.EliminarHorario(r.Context(), a, id)
}

// Salida is a departure with its boat, capacity (the boat's certified
// capacity) and boarded count.
type Salida store.Salida

// ConsultaSalidas is the query of the departures' list.
type ConsultaSalidas struct {
	Fecha     string `query:"fecha" format:"date" description:"Día de las salidas (AAAA-MM-DD); hoy si falta"`
	SeccionID int64  `query:"seccion_id" minimum:"1" description:"Solo las salidas de esta sección"`
}

func (s *Server) listarSalidas(r *http.Request, q ConsultaSalidas) ([]Salida, error) {
	empresaID := actorFrom(r).EmpresaID()
	fecha := q.Fecha
	if fecha == "" {
		hoy, err := s.Store.HoyDe(r.Context(), empresaID)
		if err != nil {
			return nil, err
		}
		fecha = hoy
	}
	ss, err := s.Store.ListarSalidas(r.Context(), empresaID, store.FiltroSalidas{Fecha: fecha, SeccionID: q.SeccionID})
	return mapRows(ss, func(x store.Salida) Salida { return Salida(x) }), err
}

// SalidaDetalle is a departure with the passengers over its boat's capacity
// (the last boarded, newest first): they must be moved before it sails.
type SalidaDetalle struct {
	Salida
	Excedentes []store.PasajeroABordo `json:"excedentes"`
}

func (s *Server) detalleSalida(r *http.Request) (SalidaDetalle, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return SalidaDetalle{}, err
	}
	d, err := s.Store.DetalleSalida(r.Context(), actorFrom(r).EmpresaID(), id)
	return SalidaDetalle{Salida: Salida(d.Salida), Excedentes: d.Excedentes}, err
}

// CrearSalida is the body of an extra departure.
type CrearSalida struct {
	SeccionID     int64  `json:"seccion_id" minimum:"1"`
	EmbarcacionID int64  `json:"embarcacion_id" minimum:"1"`
	Fecha         string `json:"fecha" maxLength:"10" format:"date" description:"AAAA-MM-DD; hoy o después"`
	Hora          string `json:"hora" maxLength:"5" description:"HH:MM, en la zona horaria de la empresa"`
	Sentido       string `json:"sentido,omitempty" enum:"ida,vuelta" maxLength:"6" description:"ida (si falta) o vuelta"`
}

// msgFechaInvalida is the refusal of a date that is not AAAA-MM-DD.
const msgFechaInvalida = "La fecha debe tener el formato AAAA-MM-DD"

func (s *Server) crearSalida(r *http.Request, body CrearSalida) (createdReply[Salida], error) {
	if _, err := time.Parse(time.DateOnly, body.Fecha); err != nil {
		return createdReply[Salida]{}, domain.Invalid(msgFechaInvalida)
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Salida]{}, err
	}
	x, err := s.Store.CrearSalidaExtra(r.Context(), a, store.NuevaSalida{SeccionID: body.SeccionID,
		EmbarcacionID: body.EmbarcacionID, Fecha: body.Fecha, Hora: body.Hora, Sentido: body.Sentido})
	return created(Salida(x), domain.MsgSalidaCreada), err
}

// Generacion is how many departures an on-demand generation created.
type Generacion store.Generacion

func (s *Server) generarSalidas(r *http.Request) (reply[Generacion], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[Generacion]{}, err
	}
	g, err := s.Store.GenerarSalidasAhora(r.Context(), a)
	msg := "No había salidas nuevas que generar"
	if g.Creadas == 1 {
		msg = "Se generó 1 salida"
	} else if g.Creadas > 1 {
		msg = "Se generaron " + strconv.Itoa(g.Creadas) + " salidas"
	}
	return withMessage(Generacion(g), msg), err
}

// CambiarEstadoSalida is the body of a departure's change of state.
type CambiarEstadoSalida struct {
	Estado string `json:"estado" maxLength:"20" enum:"programada,embarcando,zarpo,cancelada"`
	// ConfirmarAnticipado answers yes to the question of a sailing more than
	// domain.MinutosZarpeAnticipado early (absent: false, the 409 asks it).
	ConfirmarAnticipado bool `json:"confirmar_anticipado,omitempty" description:"Zarpar igual una salida más de 15 minutos antes de su hora: sin esto, 409 con la pregunta y ZarpeAnticipado"`
}

func (s *Server) cambiarEstadoSalida(r *http.Request, body CambiarEstadoSalida) (reply[Salida], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Salida]{}, err
	}
	x, err := s.Store.CambiarEstadoSalida(r.Context(), a, id, body.Estado, body.ConfirmarAnticipado)
	return withMessage(Salida(x), domain.MsgEstadoSalida(body.Estado)), err
}

// AsignarEmbarcacion is the body of a departure's change of boat.
type AsignarEmbarcacion struct {
	EmbarcacionID int64 `json:"embarcacion_id" minimum:"1"`
}

func (s *Server) asignarEmbarcacion(r *http.Request, body AsignarEmbarcacion) (reply[Salida], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[Salida]{}, err
	}
	x, err := s.Store.AsignarEmbarcacion(r.Context(), a, id, body.EmbarcacionID)
	return withMessage(Salida(x), domain.MsgSalidaEmbarcacion), err
}

// HorariosPublicos is the passenger home's 'Horarios': the public timetable
// and today's departures with their state; no personal data.
type HorariosPublicos struct {
	Fecha    string                 `json:"fecha"`
	Horarios []store.HorarioPublico `json:"horarios"`
	Salidas  []store.SalidaPublica  `json:"salidas"`
}

func (s *Server) horariosPublicos(r *http.Request) (HorariosPublicos, error) {
	e, ok, err := s.Store.EmpresaPublica(r.Context())
	if err != nil || !ok {
		return HorariosPublicos{Horarios: []store.HorarioPublico{}, Salidas: []store.SalidaPublica{}}, err
	}
	hoy, hs, ss, err := s.Store.HorariosPublicos(r.Context(), e.ID)
	return HorariosPublicos{Fecha: hoy, Horarios: hs, Salidas: ss}, err
}

// CancelarSalida is the body of cancelling a departure with its passengers:
// why, and where they go (salida_destino_id; none: their tickets are cancelled
// and refunded from the caller's open register).
type CancelarSalida struct {
	Motivo          string `json:"motivo" maxLength:"200" description:"Por qué se cancela (clima, avería…); va en el aviso a los pasajeros"`
	SalidaDestinoID *int64 `json:"salida_destino_id,omitempty" minimum:"1" description:"Otra salida de la misma sección, sentido y día con lugar para todos; sin ella, los pasajes se anulan y reembolsan"`
}

// cancelarSalida cancels a departure with its passengers (docs/features/
// salidas.md): refunding them needs pasajes.anular besides the route's
// permission; they are told by e-mail or WhatsApp when the company can send.
func (s *Server) cancelarSalida(r *http.Request, body CancelarSalida) (reply[SalidaCancelada], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[SalidaCancelada]{}, err
	}
	u := actorFrom(r).Usuario
	if body.SalidaDestinoID == nil && !domain.ConPermiso("pasajes.anular").Permite(u.Rol, u.Permisos) {
		return reply[SalidaCancelada]{}, domain.Forbidden(domain.MsgSinPermisos)
	}
	canales, err := s.canalesEnvio(r)
	if err != nil {
		return reply[SalidaCancelada]{}, err
	}
	x, err := s.Store.CancelarSalidaConPasajeros(r.Context(), a, id, store.CancelacionSalida{Motivo: body.Motivo,
		DestinoID: body.SalidaDestinoID, Email: canales.Email, WhatsApp: canales.WhatsApp})
	out := SalidaCancelada{Salida: Salida(x.Salida), Movidos: x.Movidos, Reembolsados: x.Reembolsados, Reembolso: x.Reembolso,
		Avisos: x.Avisos}
	return withMessage(out, domain.MsgSalidaCanceladaConPasajeros(x.Movidos, x.Reembolsados)), err
}

// SalidaCancelada is the answer of a departure cancelled with its
// passengers: the departure, how many tickets were moved or refunded (and
// for how much), and how many notices went to the outbox.
type SalidaCancelada struct {
	Salida       Salida          `json:"salida"`
	Movidos      int             `json:"movidos"`
	Reembolsados int             `json:"reembolsados"`
	Reembolso    domain.Centavos `json:"reembolso"`
	Avisos       int             `json:"avisos"`
}
