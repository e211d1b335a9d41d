package domain

import (
	"fmt"
	"time"
)

// Module codes (backoffice §2.7): each route and each screen belongs to one.
// The migration that creates the modulos table seeds one row per code.
const (
	ModuloCore           = "core"
	ModuloVentaPasajes   = "venta_pasajes"
	ModuloCaja           = "caja"
	ModuloEmbarque       = "embarque"
	ModuloReportes       = "reportes"
	ModuloClientes       = "clientes"
	ModuloWhatsApp       = "whatsapp"
	ModuloEmail          = "email"
	ModuloNotificaciones = "notificaciones"
	ModuloPuntos         = "puntos"
	ModuloPortalClientes = "portal_clientes"
	ModuloFacturacion    = "facturacion"
)

// CodigosModulo lists every module code, in catalogue order.
var CodigosModulo = []string{ModuloCore, ModuloVentaPasajes, ModuloCaja, ModuloEmbarque, ModuloReportes,
	ModuloClientes, ModuloWhatsApp, ModuloEmail, ModuloNotificaciones, ModuloPuntos, ModuloPortalClientes, ModuloFacturacion}

// CategoriasModulo are the module categories of backoffice §2.7.
var CategoriasModulo = []string{"core", "ventas", "comunicacion", "reportes", "gestion", "avanzado"}

// MaxConfiguracionModulo bounds the JSON configuration a company keeps per module.
const MaxConfiguracionModulo = 4096

// EstadoModulo is a module as one company has it. A company without a row for
// a module has it enabled, without configuration or expiry.
type EstadoModulo struct {
	Codigo           string
	Nombre           string
	Habilitado       bool
	FechaVencimiento *string // YYYY-MM-DD, the last day it works
}

// Vencido reports whether the module expired before the business day hoy.
func (m EstadoModulo) Vencido(hoy string) bool {
	return m.FechaVencimiento != nil && *m.FechaVencimiento < hoy
}

// Efectivo reports whether the module works on the business day hoy
// (backoffice §4): enabled and not past fecha_vencimiento.
func (m EstadoModulo) Efectivo(hoy string) bool { return m.Habilitado && !m.Vencido(hoy) }

// ModuloNoHabilitado is the 403 of a route whose module the company lacks
// on the business day hoy: one that expired says when (AvisoVencimiento).
func ModuloNoHabilitado(m EstadoModulo, hoy string) *Error {
	if aviso, ok := m.AvisoVencimiento(hoy); ok && aviso.Vencido {
		return Forbidden(aviso.Mensaje)
	}
	return Forbidden(fmt.Sprintf("El módulo %s no está habilitado para su empresa", m.Nombre))
}

// DiasAvisoVencimiento is how many days ahead a module's expiry is told.
const DiasAvisoVencimiento = 7

// AvisoModulo tells a company's administrator that an enabled module expires
// soon or expired: "El módulo Venta de Pasajes vence el 28/11/2026", "El
// módulo Venta de Pasajes venció el 24/11/2026" (fecha_vencimiento is the
// last day it works, a day of the company's calendar).
type AvisoModulo struct {
	Codigo           string
	Nombre           string
	FechaVencimiento string // YYYY-MM-DD
	Vencido          bool
	Mensaje          string
}

// AvisoVencimiento is the module's expiry notice on the business day hoy:
// ok when it is enabled and its fecha_vencimiento passed or comes within
// DiasAvisoVencimiento days.
func (m EstadoModulo) AvisoVencimiento(hoy string) (AvisoModulo, bool) {
	if !m.Habilitado || m.FechaVencimiento == nil {
		return AvisoModulo{}, false
	}
	vence, err1 := time.Parse(time.DateOnly, *m.FechaVencimiento)
	dia, err2 := time.Parse(time.DateOnly, hoy)
	if err1 != nil || err2 != nil || vence.After(dia.AddDate(0, 0, DiasAvisoVencimiento)) {
		return AvisoModulo{}, false
	}
	a := AvisoModulo{Codigo: m.Codigo, Nombre: m.Nombre, FechaVencimiento: *m.FechaVencimiento, Vencido: m.Vencido(hoy)}
	verbo := "vence"
	if a.Vencido {
		verbo = "venció"
	}
	a.Mensaje = fmt.Sprintf("El módulo %s %s el %s", m.Nombre, verbo, vence.Format("02/01/2006"))
	return a, true
}

// Messages of the module administration.
const (
	MsgModuloNoEncontrado   = "Módulo no encontrado"
	MsgEmpresaNoEncontrada  = "Empresa no encontrada"
	MsgCoreNoDeshabilitable = "El módulo principal del sistema no se puede deshabilitar"
	MsgConfiguracionModulo  = "La configuración del módulo debe ser un objeto JSON de hasta 4096 bytes"
	MsgFechaVencimiento     = "fecha_vencimiento debe tener el formato AAAA-MM-DD"
)

// MensajeCambioModulo is the success message of a module change: the toggle's
// when habilitado changed, the configuration's otherwise (backoffice §8).
func MensajeCambioModulo(nombre string, antes, despues bool) string {
	switch {
	case antes == despues:
		return fmt.Sprintf("Configuración de %s actualizada exitosamente", nombre)
	case despues:
		return nombre + " habilitado correctamente"
	default:
		return nombre + " deshabilitado correctamente"
	}
}
