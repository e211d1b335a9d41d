package domain

import "fmt"

// MaxNotificaciones is how many notifications a user keeps: the newest 50
// (operaciones §9).
const MaxNotificaciones = 50

// Notification types (operaciones §3).
const (
	NotifVenta       = "venta"
	NotifCajaAbierta = "caja_abierta"
	NotifCajaCerrada = "caja_cerrada"
	NotifEmbarque    = "embarque"
	NotifWhatsapp    = "whatsapp"
	NotifAlerta      = "alerta"
	NotifInfo        = "info"
)

// TiposDeFiltro maps the type filter of the notification centre (backoffice
// §2.22: venta, caja, embarque, alerta, whatsapp) to the stored types; ok is
// false for an unknown filter.
func TiposDeFiltro(filtro string) (tipos []string, ok bool) {
	switch filtro {
	case "caja":
		return []string{NotifCajaAbierta, NotifCajaCerrada}, true
	case NotifVenta, NotifEmbarque, NotifAlerta, NotifWhatsapp, NotifInfo:
		return []string{filtro}, true
	}
	return nil, false
}

// MsgNotificacionNoEncontrada answers an id that is not one of the user's notifications.
const MsgNotificacionNoEncontrada = "Notificación no encontrada"

// Titles and messages of the notifications created from events.
const (
	TituloNuevaVenta      = "Nueva venta"
	TituloCajaAbierta     = "Caja abierta"
	TituloCajaCerrada     = "Caja cerrada"
	TituloEmbarque        = "Avance del embarque"
	TituloDiferenciaCaja  = "Diferencia en el cierre de caja"
	TituloCierrePendiente = "Cierre de caja pendiente de aprobación"
	TituloCierreAprobado  = "Cierre de caja aprobado"
)

// MensajeNuevaVenta: "Juan Pérez vendió 3 pasajes a Cliente Anónimo por $ 4.500,00".
func MensajeNuevaVenta(vendedor string, cantidad int, cliente string, total Centavos) string {
	return fmt.Sprintf("%s vendió %s a %s por %s", vendedor, CantidadPasajes(cantidad), cliente, total)
}

// MensajeCajaAbierta: "Juan Pérez abrió la caja #4 con $ 1.000,00".
func MensajeCajaAbierta(cajaID int64, usuario string, apertura Centavos) string {
	return fmt.Sprintf("%s abrió la caja #%d con %s", usuario, cajaID, apertura)
}

// MensajeCajaCerrada: "Juan Pérez cerró la caja #4: ventas $ 9.000,00, diferencia $ 0,00".
func MensajeCajaCerrada(cajaID int64, usuario string, ventas, diferencia Centavos) string {
	return fmt.Sprintf("%s cerró la caja #%d: ventas %s, diferencia %s", usuario, cajaID, ventas, diferencia)
}

// MensajeCierrePendiente: "La caja #4 de Juan Pérez espera su aprobación: diferencia de $ 50,00 sobre la tolerancia".
func MensajeCierrePendiente(cajaID int64, usuario string, discrepancia Centavos) string {
	return fmt.Sprintf("La caja #%d de %s espera su aprobación: diferencia de %s sobre la tolerancia", cajaID, usuario, discrepancia)
}

// MensajeCierreAprobado: "Ana Gómez aprobó el cierre de la caja #4 de Juan Pérez (diferencia de $ 50,00)".
func MensajeCierreAprobado(cajaID int64, usuario, aprobador string, discrepancia Centavos) string {
	return fmt.Sprintf("%s aprobó el cierre de la caja #%d de %s (diferencia de %s)", aprobador, cajaID, usuario, discrepancia)
}

// MensajeDiferenciaCaja: "La caja #4 de Juan Pérez cerró con una diferencia de $ -50,00".
func MensajeDiferenciaCaja(cajaID int64, usuario string, diferencia Centavos) string {
	return fmt.Sprintf("La caja #%d de %s cerró con una diferencia de %s", cajaID, usuario, diferencia)
}

// MensajeEmbarque: "Embarcó el 50% de los pasajeros del 22/11/2026 (10 de 20)"
// (fechaViaje is YYYY-MM-DD).
func MensajeEmbarque(fechaViaje string, porcentaje int, embarcados, total int64) string {
	return fmt.Sprintf("Embarcó el %d%% de los pasajeros del %s (%d de %d)", porcentaje, FechaAR(fechaViaje), embarcados, total)
}

// hitosEmbarque are the boarding milestones of a trip date, in percent,
// highest first (one boarding may reach two: the highest is told).
var hitosEmbarque = []int{100, 50}

// HitoEmbarque reports the boarding milestone (50 or 100 percent of the day's
// tickets boarded) that the boarding that brought the count to embarcados of
// total reached, if any: each milestone is reached by exactly one boarding.
func HitoEmbarque(embarcados, total int64) (porcentaje int, ok bool) {
	if total <= 0 || embarcados <= 0 || embarcados > total {
		return 0, false
	}
	for _, h := range hitosEmbarque {
		// the least count at or past h percent
		umbral := (int64(h)*total + 99) / 100
		if embarcados == umbral {
			return h, true
		}
	}
	return 0, false
}
