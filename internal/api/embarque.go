package api

import (
	"cmp"
	"context"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ValidarCodigo is the body of POST /pasajes/validar-qr: a scanned QR code or
// a typed ticket number.
type ValidarCodigo struct {
	CodigoQR string `json:"codigo_qr" maxLength:"1000"`
	// ConfirmarFecha boards a ticket that travels on another day than today;
	// without it such a ticket is refused with 409 (motivo otra_fecha).
	ConfirmarFecha bool `json:"confirmar_fecha,omitempty" description:"true: embarcar aunque el pasaje sea de otro día que hoy (sin esto se rechaza con 409, motivo otra_fecha)"`
	// SalidaID boards the ticket into that departure, under its boat's capacity.
	SalidaID int64 `json:"salida_id,omitempty" minimum:"1" description:"La salida en la que embarca: de la sección del pasaje, sin zarpar ni cancelar, con embarcación; llena, 409 'Embarcación completa'"`
}

// Embarque is the answer of a successful boarding validation.
type Embarque struct {
	ID            int64     `json:"id"`
	NumeroPasaje  string    `json:"numero_pasaje"`
	FechaViaje    string    `json:"fecha_viaje"`
	FechaEmbarque time.Time `json:"fecha_embarque"`
	Estado        string    `json:"estado"`
	Cliente       NombreRef `json:"cliente"`
	Seccion       NombreRef `json:"seccion"`
	TipoViaje     NombreRef `json:"tipo_viaje"`
	ValidadoPor   string    `json:"validado_por"`
	// SalidaID is the departure it boarded into (null without one).
	SalidaID *int64 `json:"salida_id"`
	// IdaYVuelta: a round-trip ticket; Tramo the leg this boarding was.
	IdaYVuelta bool   `json:"ida_y_vuelta"`
	Tramo      string `json:"tramo,omitempty" enum:"ida,vuelta" description:"Pasajes de ida y vuelta: el tramo que embarcó"`
}

// NombreRef names a related record (the spec's seccion: {nombre} and siblings).
type NombreRef struct {
	Nombre string `json:"nombre"`
}

// ConteoEmbarque counts the non-cancelled tickets of a travel date.
type ConteoEmbarque struct {
	Total      int64 `json:"total"`
	Embarcados int64 `json:"embarcados"`
	Pendientes int64 `json:"pendientes"`
}

// EstadisticasEmbarque is the validator's figures (operaciones §7).
type EstadisticasEmbarque struct {
	Hoy     ConteoEmbarque      `json:"hoy"`
	Usuario ValidacionesUsuario `json:"usuario"`
}

// ValidacionesUsuario counts what the caller boarded today.
type ValidacionesUsuario struct {
	ValidadosHoy int64 `json:"validados_hoy"`
}

// PasajerosPorFecha is the answer of GET /pasajes/por-fecha: the passenger
// list, or with tipo=programado the trip status. Exactly one is set.
type PasajerosPorFecha struct {
	*ListaPasajeros
	*ViajesProgramados
}

// JSONSchemaOneOf tells the OpenAPI document the two shapes of the answer.
func (PasajerosPorFecha) JSONSchemaOneOf() []any {
	return []any{ListaPasajeros{}, ViajesProgramados{}}
}

// ListaPasajeros is the passenger list of a date, narrowed by the filters,
// with the counts of the whole date.
type ListaPasajeros struct {
	Fecha   string         `json:"fecha"`
	Pasajes []Pasaje       `json:"pasajes"`
	Total   int64          `json:"total"`
	Stats   ConteoEmbarque `json:"stats"`
}

// ViajesProgramados is the trip status by section of a date (hoy: today by
// default) and of the day after it (manana).
type ViajesProgramados struct {
	Hoy    ViajesDelDia `json:"hoy"`
	Manana ViajesDelDia `json:"manana"`
}

// ViajesDelDia is the trip status of one travel date.
type ViajesDelDia struct {
	Fecha     string         `json:"fecha"`
	Secciones []ViajeSeccion `json:"secciones"`
}

// ViajeSeccion is a section's trip of one date: its tickets and how full it is.
type ViajeSeccion struct {
	SeccionID     int64  `json:"seccion_id"`
	SeccionNombre string `json:"seccion_nombre"`
	Capacidad     int64  `json:"capacidad"`
	ConteoEmbarque
	Porcentaje int64 `json:"porcentaje"`
	Completo   bool  `json:"completo"`
}

func embarqueDe(e store.Embarque) Embarque {
	return Embarque{ID: e.ID, NumeroPasaje: e.NumeroPasaje, FechaViaje: e.FechaViaje, FechaEmbarque: e.FechaEmbarque,
		Estado: e.Estado, Cliente: NombreRef{e.Cliente.Nombre}, Seccion: NombreRef{e.Seccion.Nombre},
		TipoViaje: NombreRef{e.TipoViaje.Nombre}, ValidadoPor: e.ValidadoPor, SalidaID: e.SalidaID,
		IdaYVuelta: e.IdaYVuelta, Tramo: e.Tramo}
}

func conteoDe(c store.ConteoEmbarque) ConteoEmbarque {
	return ConteoEmbarque{Total: c.Total, Embarcados: c.Embarcados, Pendientes: c.Pendientes}
}

func viajeSeccionDe(v store.ViajeSeccion) ViajeSeccion {
	return ViajeSeccion{SeccionID: v.SeccionID, SeccionNombre: v.SeccionNombre, Capacidad: v.Capacidad,
		ConteoEmbarque: conteoDe(v.ConteoEmbarque), Porcentaje: v.Porcentaje, Completo: v.Completo}
}

func (s *Server) validarQR(r *http.Request, body ValidarCodigo) (reply[Embarque], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[Embarque]{}, err
	}
	soloFecha := ""
	if !body.ConfirmarFecha {
		if soloFecha, err = s.hoyDelModulo(r); err != nil {
			return reply[Embarque]{}, err
		}
	}
	e, err := s.Store.ValidarPorCodigo(r.Context(), a, body.CodigoQR, soloFecha, body.SalidaID)
	return withMessage(embarqueDe(e), domain.MsgEmbarqueValidado), err
}

// hoyDelModulo is the company's business day (YYYY-MM-DD) from the module
// state that the route's module check has just read: the store's
// per-company cache, so the boarding path runs no query for it.
func (s *Server) hoyDelModulo(r *http.Request) (string, error) {
	a := actorFrom(r)
	m, err := s.Store.ModulosActivosDe(r.Context(), a.EmpresaID(), a.Usuario.ModulosVersion)
	return m.Hoy(s.Store.Now()), err
}

func (s *Server) validarEmbarque(r *http.Request) (reply[Embarque], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Embarque]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Embarque]{}, err
	}
	e, err := s.Store.ValidarPorID(r.Context(), a, id)
	return withMessage(embarqueDe(e), domain.MsgEmbarqueValidado), err
}

// deshacerEmbarque returns a ticket the caller boarded moments ago to pending.
func (s *Server) deshacerEmbarque(r *http.Request) (reply[Pasaje], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Pasaje]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Pasaje]{}, err
	}
	p, err := s.Store.DeshacerEmbarque(r.Context(), a, id)
	return withMessage(pasajeDe(p), domain.MsgEmbarqueDeshecho), err
}

// MoverSalida is the body of a boarded passenger's move to another departure.
type MoverSalida struct {
	SalidaID int64 `json:"salida_id" minimum:"1"`
}

// MovimientoSalida is a passenger moved: both departures after the move
// (desde null when the ticket had boarded without a departure).
type MovimientoSalida struct {
	PasajeID     int64   `json:"pasaje_id"`
	NumeroPasaje string  `json:"numero_pasaje"`
	Desde        *Salida `json:"desde"`
	Hasta        Salida  `json:"hasta"`
}

// moverSalida moves a boarded passenger to another departure, keeping the ticket.
func (s *Server) moverSalida(r *http.Request, body MoverSalida) (reply[MovimientoSalida], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[MovimientoSalida]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[MovimientoSalida]{}, err
	}
	m, err := s.Store.MoverPasaje(r.Context(), a, id, body.SalidaID)
	return withMessage(MovimientoSalida{PasajeID: m.PasajeID, NumeroPasaje: m.NumeroPasaje, Desde: (*Salida)(m.Desde),
		Hasta: Salida(m.Hasta)}, domain.MsgPasajeMovido(m.Hasta.Hora)), err
}

// hoy is the caller's company business day.
func (s *Server) hoy(r *http.Request) (domain.Dia, error) {
	return s.Store.Hoy(r.Context(), actorFrom(r).EmpresaID())
}

// figurasDelDia answers the figures fn computes for the caller's company, the
// caller and the business day.
func figurasDelDia[T any](s *Server, r *http.Request,
	fn func(ctx context.Context, empresaID, usuarioID int64, dia domain.Dia) (T, error)) (T, error) {
	dia, err := s.hoy(r)
	if err != nil {
		var zero T
		return zero, err
	}
	a := actorFrom(r)
	return fn(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
}

func (s *Server) estadisticasEmbarque(r *http.Request) (EstadisticasEmbarque, error) {
	st, err := figurasDelDia(s, r, s.Store.EstadisticasDeEmbarque)
	return EstadisticasEmbarque{Hoy: conteoDe(st.Hoy), Usuario: ValidacionesUsuario{st.Usuario.ValidadosHoy}}, err
}

// ConsultaPasajeros is the query of the passenger list: the travel date
// (today by default), the filters and the page (the whole list without
// limite), or tipo=programado for the trip status instead.
type ConsultaPasajeros struct {
	Tipo        string `query:"tipo" enum:"programado" description:"programado: el estado de los viajes de la fecha (hoy si falta) y del día siguiente en lugar de la lista"`
	Fecha       string `query:"fecha" format:"date" description:"Día de viaje (AAAA-MM-DD); hoy si falta"`
	SeccionID   int64  `query:"seccion_id" minimum:"1" description:"Solo los pasajes de esta sección"`
	TipoViajeID int64  `query:"tipo_viaje_id" minimum:"1" description:"Solo los pasajes de este tipo de viaje"`
	Embarcado   *bool  `query:"embarcado" description:"true: solo los embarcados; false: solo los que faltan"`
	Cancelados  *bool  `query:"cancelados" description:"true: también los pasajes cancelados (el validador sin conexión los rechaza); los totales no cambian"`
	Pagina      int64  `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1 (requiere limite)"`
	Limite      int64  `query:"limite" minimum:"1" maximum:"500" description:"Pasajes por página; todos si falta"`
}

// Bounds of the trip status's date: any day a company can have sold for.
const (
	primerDiaViajes = "2000-01-01"
	ultimoDiaViajes = "2099-12-31"
)

func (c ConsultaPasajeros) comprobar() error {
	if c.Pagina > 1 && c.Limite == 0 {
		return parametroInvalido("pagina", "El parámetro pagina requiere el parámetro limite")
	}
	if c.Tipo != "" && c.Fecha != "" && (c.Fecha < primerDiaViajes || c.Fecha > ultimoDiaViajes) {
		return parametroInvalido("fecha", "La fecha del estado de los viajes debe estar entre el 01/01/2000 y el 31/12/2099")
	}
	return nil
}

// pasajerosPorFecha is the passenger list of a date (default today), or with
// tipo=programado the trip status by section of that date and the next one
// (hoy and manana: today and tomorrow without a date; any date between the
// years domain.AnioMinimo and domain.AnioMaximo, a bad one is 400).
func (s *Server) pasajerosPorFecha(r *http.Request, c ConsultaPasajeros) (PasajerosPorFecha, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return PasajerosPorFecha{}, err
	}
	if c.Tipo != "" {
		viajes, err := s.viajesProgramados(r, cmp.Or(c.Fecha, dia.Fecha))
		return PasajerosPorFecha{ViajesProgramados: viajes}, err
	}
	f := store.FiltroPasajeros{Fecha: cmp.Or(c.Fecha, dia.Fecha), SeccionID: c.SeccionID, TipoViajeID: c.TipoViajeID,
		Embarcado: c.Embarcado, ConCancelados: c.Cancelados != nil && *c.Cancelados, Pagina: paginaDe(c.Pagina, c.Limite)}
	empresaID := actorFrom(r).EmpresaID()
	list, total, err := s.Store.PasajerosPorFecha(r.Context(), empresaID, f)
	if err != nil {
		return PasajerosPorFecha{}, err
	}
	conteo, err := s.Store.ConteoPorFecha(r.Context(), empresaID, f.Fecha)
	return PasajerosPorFecha{ListaPasajeros: &ListaPasajeros{Fecha: f.Fecha, Pasajes: mapRows(list, pasajeDe),
		Total: total, Stats: conteoDe(conteo)}}, err
}

func (s *Server) viajesProgramados(r *http.Request, fecha string) (*ViajesProgramados, error) {
	t, _ := time.Parse(time.DateOnly, fecha)
	delDia := func(fecha string) (ViajesDelDia, error) {
		viajes, err := s.Store.EstadoViajes(r.Context(), actorFrom(r).EmpresaID(), fecha)
		return ViajesDelDia{Fecha: fecha, Secciones: mapRows(viajes, viajeSeccionDe)}, err
	}
	var out ViajesProgramados
	var err error
	if out.Hoy, err = delDia(fecha); err != nil {
		return nil, err
	}
	out.Manana, err = delDia(t.AddDate(0, 0, 1).Format(time.DateOnly))
	return &out, err
}
