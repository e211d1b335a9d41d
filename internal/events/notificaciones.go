package events

import (
	"reflect"
	"slices"

	"muelle/internal/domain"
)

// The payloads of the notifications (their datos), next to the event payloads
// most of them are: a notification made from an event carries that event's
// payload. The store keeps a payload as JSON and the API sends it as stored;
// the OpenAPI document declares a notification as one shape per kind of
// ClasesNotificacion (NotificacionVenta, NotificacionCajaAbierta …), told
// apart by tipo.

// DatosNotificacion is a notification's payload: one of the types
// ClasesNotificacion pairs with its kind.
type DatosNotificacion interface{ datosNotificacion() }

func (EventoVenta) datosNotificacion()            {}
func (EventoCaja) datosNotificacion()             {}
func (EventoPasaje) datosNotificacion()           {}
func (EventoAlerta) datosNotificacion()           {}
func (AvisoProgramaPausado) datosNotificacion()   {}
func (AvisoCertificado) datosNotificacion()       {}
func (AvisoCertificadoFiscal) datosNotificacion() {}
func (SinDatos) datosNotificacion()               {}

// AvisoProgramaPausado is the payload of the alert that a scheduled report
// was paused (its failures, or a delivery refused for good).
type AvisoProgramaPausado struct {
	ProgramaID int64 `json:"programa_id"`
}

// AvisoCertificado is the payload of the alert that a boat's certificate is
// about to expire.
type AvisoCertificado struct {
	EmbarcacionID          int64  `json:"embarcacion_id"`
	VencimientoCertificado string `json:"vencimiento_certificado" format:"date"`
}

// AvisoCertificadoFiscal is the payload of the alert that the company's
// ARCA certificate is about to expire: the day it expires.
type AvisoCertificadoFiscal struct {
	VencimientoCertificadoFiscal string `json:"vencimiento_certificado_fiscal" format:"date"`
}

// SinDatos is the payload of a kind that carries nothing: an empty object.
type SinDatos struct{}

// ClaseNotificacion is a kind of notification with the types of payload it
// carries: one, or several told apart by their fields. Nombre names it in the
// OpenAPI document (Notificacion+Nombre).
type ClaseNotificacion struct {
	Nombre string
	Tipo   string
	Datos  []DatosNotificacion
}

// ClasesNotificacion are the notifications a user may receive, each kind
// (domain.Notif*) with its payloads' types. An alert carries the system alert
// that caused it, the paused schedule, the boat whose certificate expires or the
// company's ARCA certificate about to expire;
// whatsapp and info are kinds of the spec that nothing sends yet.
var ClasesNotificacion = []ClaseNotificacion{
	{"Venta", domain.NotifVenta, []DatosNotificacion{EventoVenta{}}},
	{"CajaAbierta", domain.NotifCajaAbierta, []DatosNotificacion{EventoCaja{}}},
	{"CajaCerrada", domain.NotifCajaCerrada, []DatosNotificacion{EventoCaja{}}},
	{"Embarque", domain.NotifEmbarque, []DatosNotificacion{EventoPasaje{}}},
	{"Alerta", domain.NotifAlerta, []DatosNotificacion{EventoAlerta{}, AvisoProgramaPausado{}, AvisoCertificado{},
		AvisoCertificadoFiscal{}}},
	{"Whatsapp", domain.NotifWhatsapp, []DatosNotificacion{SinDatos{}}},
	{"Info", domain.NotifInfo, []DatosNotificacion{SinDatos{}}},
}

// NotificacionLleva reports whether a notification of kind tipo may carry
// datos (ClasesNotificacion).
func NotificacionLleva(tipo string, datos DatosNotificacion) bool {
	for _, c := range ClasesNotificacion {
		if c.Tipo == tipo && slices.ContainsFunc(c.Datos, func(d DatosNotificacion) bool {
			return reflect.TypeOf(d) == reflect.TypeOf(datos)
		}) {
			return true
		}
	}
	return false
}
