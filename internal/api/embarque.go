package api

import (
	"net/http"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ValidarCodigo is the body of POST /pasajes/validar-qr: a scanned QR code or
// a typed ticket number.
type ValidarCodigo struct {
	CodigoQR string `json:"codigo_qr"`
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

// EstadisticasLancha is the boarding dashboard's figures (operaciones §3).
type EstadisticasLancha struct {
	EmbarcadosHoy        int64      `json:"embarcados_hoy"`
	MisEmbarcadosHoy     int64      `json:"mis_embarcados_hoy"`
	PendientesHoy        int64      `json:"pendientes_hoy"`
	TotalPasajesHoy      int64      `json:"total_pasajes_hoy"`
	UltimaValidacion     *time.Time `json:"ultima_validacion"`
	PorcentajeCompletado int64      `json:"porcentaje_completado"`
}

// ValidacionReciente is one of the company's latest boardings.
type ValidacionReciente struct {
	ID            int64     `json:"id"`
	NumeroPasaje  string    `json:"numero_pasaje"`
	FechaEmbarque time.Time `json:"fecha_embarque"`
	ClienteNombre string    `json:"cliente_nombre"`
	SeccionNombre string    `json:"seccion_nombre"`
	ValidadoPor   string    `json:"validado_por"`
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
	Stats   ConteoEmbarque `json:"stats"`
}

// ViajesProgramados is the trip status of today and tomorrow by section.
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
		TipoViaje: NombreRef{e.TipoViaje.Nombre}, ValidadoPor: e.ValidadoPor}
}

func conteoDe(c store.ConteoEmbarque) ConteoEmbarque {
	return ConteoEmbarque{Total: c.Total, Embarcados: c.Embarcados, Pendientes: c.Pendientes}
}

func validacionRecienteDe(v store.ValidacionReciente) ValidacionReciente {
	return ValidacionReciente{ID: v.ID, NumeroPasaje: v.NumeroPasaje, FechaEmbarque: v.FechaEmbarque,
		ClienteNombre: v.ClienteNombre, SeccionNombre: v.SeccionNombre, ValidadoPor: v.ValidadoPor}
}

func viajeSeccionDe(v store.ViajeSeccion) ViajeSeccion {
	return ViajeSeccion{SeccionID: v.SeccionID, SeccionNombre: v.SeccionNombre, Capacidad: v.Capacidad,
		ConteoEmbarque: conteoDe(v.ConteoEmbarque), Porcentaje: v.Porcentaje, Completo: v.Completo}
}

func (s *Server) validarQR(r *http.Request, body ValidarCodigo) (reply[Embarque], error) {
	key, err := idempotencyKey(r)
	if err != nil {
		return reply[Embarque]{}, err
	}
	e, err := s.Store.ValidarPorCodigo(r.Context(), storeActor(r), body.CodigoQR, key)
	return withMessage(embarqueDe(e), domain.MsgEmbarqueValidado), err
}

func (s *Server) validarEmbarque(r *http.Request) (reply[Embarque], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Embarque]{}, err
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return reply[Embarque]{}, err
	}
	e, err := s.Store.ValidarPorID(r.Context(), storeActor(r), id, key)
	return withMessage(embarqueDe(e), domain.MsgEmbarqueValidado), err
}

// hoy is the caller's company business day.
func (s *Server) hoy(r *http.Request) (domain.Dia, error) {
	return s.Store.Hoy(r.Context(), actorFrom(r).EmpresaID())
}

func (s *Server) estadisticasEmbarque(r *http.Request) (EstadisticasEmbarque, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return EstadisticasEmbarque{}, err
	}
	a := actorFrom(r)
	st, err := s.Store.EstadisticasDeEmbarque(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
	return EstadisticasEmbarque{Hoy: conteoDe(st.Hoy), Usuario: ValidacionesUsuario{st.Usuario.ValidadosHoy}}, err
}

func (s *Server) lanchaStats(r *http.Request) (EstadisticasLancha, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return EstadisticasLancha{}, err
	}
	a := actorFrom(r)
	st, err := s.Store.EstadisticasDeLancha(r.Context(), a.EmpresaID(), a.Usuario.ID, dia)
	return EstadisticasLancha(st), err
}

// recientesLimite is how many validations the boarding dashboard lists.
const recientesLimite = 10

func (s *Server) lanchaRecientes(r *http.Request) ([]ValidacionReciente, error) {
	recientes, err := s.Store.ValidacionesRecientes(r.Context(), actorFrom(r).EmpresaID(), recientesLimite)
	return mapRows(recientes, validacionRecienteDe), err
}

// pasajerosPorFecha is the passenger list of a date (default today), or with
// tipo=programado the trip status of today and tomorrow by section.
func (s *Server) pasajerosPorFecha(r *http.Request) (PasajerosPorFecha, error) {
	dia, err := s.hoy(r)
	if err != nil {
		return PasajerosPorFecha{}, err
	}
	q, empresaID := r.URL.Query(), actorFrom(r).EmpresaID()
	if q.Get("tipo") == "programado" {
		viajes, err := s.viajesProgramados(r, dia)
		return PasajerosPorFecha{ViajesProgramados: viajes}, err
	}
	f := store.FiltroPasajeros{Fecha: q.Get("fecha")}
	if f.Fecha == "" {
		f.Fecha = dia.Fecha
	}
	if _, err := time.Parse(time.DateOnly, f.Fecha); err != nil {
		return PasajerosPorFecha{}, domain.Invalid("La fecha debe tener el formato AAAA-MM-DD")
	}
	f.SeccionID, _ = strconv.ParseInt(q.Get("seccion_id"), 10, 64)
	f.TipoViajeID, _ = strconv.ParseInt(q.Get("tipo_viaje_id"), 10, 64)
	if e := q.Get("embarcado"); e == "true" || e == "false" {
		b := e == "true"
		f.Embarcado = &b
	}
	list, conteo, err := s.Store.PasajerosPorFecha(r.Context(), empresaID, f)
	return PasajerosPorFecha{ListaPasajeros: &ListaPasajeros{Fecha: f.Fecha, Pasajes: mapRows(list, pasajeDe),
		Stats: conteoDe(conteo)}}, err
}

func (s *Server) viajesProgramados(r *http.Request, hoy domain.Dia) (*ViajesProgramados, error) {
	t, _ := time.Parse(time.DateOnly, hoy.Fecha)
	delDia := func(fecha string) (ViajesDelDia, error) {
		viajes, err := s.Store.EstadoViajes(r.Context(), actorFrom(r).EmpresaID(), fecha)
		return ViajesDelDia{Fecha: fecha, Secciones: mapRows(viajes, viajeSeccionDe)}, err
	}
	var out ViajesProgramados
	var err error
	if out.Hoy, err = delDia(hoy.Fecha); err != nil {
		return nil, err
	}
	out.Manana, err = delDia(t.AddDate(0, 0, 1).Format(time.DateOnly))
	return &out, err
}
