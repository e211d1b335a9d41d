package api

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"time"

	"github.com/swaggest/jsonschema-go"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// Notificacion is one of the session's notifications (operaciones §3), as
// GET /notificaciones lists it and the notificacion event carries it: datos
// is the payload of its kind, sent as stored.
type Notificacion struct {
	ID        int64           `json:"id"`
	Tipo      string          `json:"tipo"`
	Titulo    string          `json:"titulo"`
	Mensaje   string          `json:"mensaje"`
	Datos     json.RawMessage `json:"datos"`
	Leida     bool            `json:"leida"`
	Timestamp time.Time       `json:"timestamp"`
}

// JSONSchemaOneOf declares a notification in the OpenAPI document as one
// shape per kind (events.ClasesNotificacion): Notificacion+Nombre, whose tipo
// is the kind and whose datos is its payload's type (or one of its types).
func (Notificacion) JSONSchemaOneOf() []any {
	formas := make([]any, 0, len(events.ClasesNotificacion))
	for _, c := range events.ClasesNotificacion {
		formas = append(formas, formaNotificacion(c))
	}
	return formas
}

// formaNotificacion is Notificacion's shape for one kind: its fields, all
// required, with tipo fixed and datos of the kind's payload types.
func formaNotificacion(c events.ClaseNotificacion) jsonschema.Struct {
	s := jsonschema.Struct{DefName: "Notificacion" + c.Nombre}
	t := reflect.TypeFor[Notificacion]()
	for i := range t.NumField() {
		f := t.Field(i)
		campo := jsonschema.Field{Name: f.Name, Value: reflect.Zero(f.Type).Interface(), Tag: f.Tag + ` required:"true"`}
		switch f.Name {
		case "Tipo":
			campo.Tag += reflect.StructTag(` const:"` + c.Tipo + `"`)
		case "Datos":
			campo.Value = c.Datos[0]
			if len(c.Datos) > 1 {
				campo.Value = jsonschema.OneOf(mapRows(c.Datos, func(d events.DatosNotificacion) any { return d })...)
			}
		}
		s.Fields = append(s.Fields, campo)
	}
	return s
}

// Notificaciones is the session's newest notifications (at most 50) after
// the filters, and how many of all of them are unread.
type Notificaciones struct {
	Notificaciones []Notificacion `json:"notificaciones"`
	NoLeidas       int64          `json:"no_leidas"`
}

// NotificacionesCambiadas says how many notifications an action on all of them changed.
type NotificacionesCambiadas struct {
	Cantidad int64 `json:"cantidad"`
}

// Notification centre messages.
const (
	msgNotificacionLeida      = "Notificación marcada como leída"
	msgNotificacionesLeidas   = "Todas las notificaciones fueron marcadas como leídas"
	msgNotificacionEliminada  = "Notificación eliminada"
	msgNotificacionesBorradas = "Se eliminaron todas las notificaciones"
)

// ConsultaNotificaciones is the query of the notification centre (backoffice
// §2.22): by state and by type (caja: opened and closed registers).
type ConsultaNotificaciones struct {
	Estado string `query:"estado" enum:"todas,no_leidas,leidas" description:"Leídas, no leídas o todas"`
	Tipo   string `query:"tipo" enum:"todas,venta,caja,embarque,alerta,whatsapp,info" description:"Un tipo de notificación, o todas"`
}

// listarNotificaciones answers the session's notifications after the filters.
func (s *Server) listarNotificaciones(r *http.Request, c ConsultaNotificaciones) (Notificaciones, error) {
	estado, tipo := c.Estado, c.Tipo
	var f store.FiltroNotificaciones
	if estado == "no_leidas" || estado == "leidas" {
		leida := estado == "leidas"
		f.Leida = &leida
	}
	if tipo != "" && tipo != "todas" {
		f.Tipos, _ = domain.TiposDeFiltro(tipo)
	}
	a := actorFrom(r)
	items, noLeidas, err := s.Store.Notificaciones(r.Context(), store.Actor{UsuarioID: a.Usuario.ID, EmpresaID: a.EmpresaID()}, f)
	return Notificaciones{Notificaciones: mapRows(items, notificacionDe), NoLeidas: noLeidas}, err
}

func notificacionDe(n store.Notificacion) Notificacion {
	return Notificacion{ID: n.ID, Tipo: n.Tipo, Titulo: n.Titulo, Mensaje: n.Mensaje, Datos: n.Datos, Leida: n.Leida,
		Timestamp: n.CreatedAt}
}

// marcarNotificacionLeida: PUT /notificaciones/{id}/leida.
func (s *Server) marcarNotificacionLeida(r *http.Request) (reply[NoData], error) {
	return s.cambiarNotificacion(r, s.Store.MarcarNotificacionLeida, msgNotificacionLeida)
}

// eliminarNotificacion: DELETE /notificaciones/{id}.
func (s *Server) eliminarNotificacion(r *http.Request) (reply[NoData], error) {
	return s.cambiarNotificacion(r, s.Store.EliminarNotificacion, msgNotificacionEliminada)
}

func (s *Server) cambiarNotificacion(r *http.Request, run func(ctx context.Context, a store.Actor, id int64) error,
	msg string) (reply[NoData], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[NoData]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[NoData]{}, err
	}
	if err := run(r.Context(), a, id); err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(msg), nil
}

// marcarTodasLeidas: PUT /notificaciones/leidas.
func (s *Server) marcarTodasLeidas(r *http.Request) (reply[NotificacionesCambiadas], error) {
	return s.cambiarTodas(r, s.Store.MarcarTodasLeidas, msgNotificacionesLeidas)
}

// limpiarNotificaciones: DELETE /notificaciones.
func (s *Server) limpiarNotificaciones(r *http.Request) (reply[NotificacionesCambiadas], error) {
	return s.cambiarTodas(r, s.Store.LimpiarNotificaciones, msgNotificacionesBorradas)
}

func (s *Server) cambiarTodas(r *http.Request, run func(ctx context.Context, a store.Actor) (int64, error),
	msg string) (reply[NotificacionesCambiadas], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[NotificacionesCambiadas]{}, err
	}
	n, err := run(r.Context(), a)
	if err != nil {
		return reply[NotificacionesCambiadas]{}, err
	}
	return withMessage(NotificacionesCambiadas{Cantidad: n}, msg), nil
}
