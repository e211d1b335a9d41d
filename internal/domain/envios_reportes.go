package domain

import (
	"fmt"
	"strings"
	"time"
)

// Messages of a report sent by e-mail (backoffice §5) and of its schedules.
const (
	MsgEmailDestinoObligatorio  = "El email de destino es obligatorio"
	MsgFormatoEmailInvalido     = "Formato de email inválido"
	MsgAsuntoObligatorio        = "El asunto es obligatorio"
	MsgSinDestinatarios         = "Indicá al menos un destinatario"
	MsgDemasiadosDestinatarios  = "Hasta 10 destinatarios"
	MsgHoraInvalida             = "La hora debe estar entre 0 y 23"
	MsgProgramaNoEncontrado     = "Envío programado no encontrado"
	MsgProgramaGuardado         = "Envío programado guardado"
	MsgProgramaEliminado        = "Envío programado eliminado"
	MsgProgramaSinPermiso       = "Quien programó el envío ya no puede exportar reportes"
	MsgReporteDemasiadoGrande   = "El reporte supera los 10 MB que admite un email: acotá el período o descargalo"
	MsgEnvioProgramadoPausado   = "Envío programado pausado"
	MsgReportesEmailDemasiados  = "Se enviaron demasiados reportes por email. Espere un minuto e intente de nuevo."
	MaxDestinatariosProgramados = 10
	// MaxProgramasPorEmpresa bounds a company's scheduled sends (issue 36 item 12).
	MaxProgramasPorEmpresa = 20
	// FallosParaPausar is how many failed sends in a row pause a schedule.
	FallosParaPausar = 5
)

// MaxReportesEmailPorDia bounds the report mails a company queues in its
// business day, by hand or on a schedule, each recipient one (issue 36 item
// 12): 200, ten schedules of ten recipients twice over, far above an office's
// day and far below what gets a sender's address listed as spam. The
// per-minute limit of the sends by hand stays.
const MaxReportesEmailPorDia = 200

// TopeReportesDelDia refuses n more report mails of a company that queued
// enviados in its business day dia (of the zone loc) when they would pass
// MaxReportesEmailPorDia: a 429 that says when the count starts again (the
// next day's 00:00) and asks to wait until then.
func TopeReportesDelDia(enviados, n int64, dia Dia, now time.Time, loc *time.Location) error {
	if enviados+n <= MaxReportesEmailPorDia {
		return nil
	}
	return TooManyDurante(fmt.Sprintf("La empresa llegó al máximo de %d reportes por email del día: se podrán enviar más desde las 00:00 del %s",
		MaxReportesEmailPorDia, dia.Hasta.In(loc).Format("02/01/2006")), dia.Hasta.Sub(now))
}

// PermisoEnviosProgramados is what a schedule's owner must keep (with the
// reports module) for the schedule to send: it sends with the owner's
// permission, checked again at each send (store.ComprobarDueño).
const PermisoEnviosProgramados = "reportes.exportar"

// MsgTopeProgramas refuses a schedule past MaxProgramasPorEmpresa.
var MsgTopeProgramas = fmt.Sprintf("La empresa ya tiene %d envíos programados, el máximo: eliminá alguno antes de crear otro",
	MaxProgramasPorEmpresa)

// Who may write what in a report's mail (issue 36 item 12): report mail is no
// relay. Only the company's admin writes to any address and adds a message of
// their own; anyone else writes to the company's users (the suggested
// recipients) and sends the report alone. Every subject names the company.
const (
	MsgDestinoReporteSoloUsuarios = "Solo un administrador puede enviar reportes a direcciones que no son de usuarios de la empresa"
	MsgMensajeReporteSoloAdmin    = "Solo un administrador puede agregar un mensaje al reporte"
)

// EscribeReportesLibremente says whether a role writes report mails to any
// address and with a message of its own.
func EscribeReportesLibremente(rol string) bool { return rol == RolAdmin || rol == RolSuperAdmin }

// DestinoReporteNoPermitido is the first of destinos that is not among the
// company's users' addresses (case and spaces aside), or "" when all are.
func DestinoReporteNoPermitido(destinos, usuarios []string) string {
	permitidos := make(map[string]bool, len(usuarios))
	for _, u := range usuarios {
		permitidos[strings.ToLower(strings.TrimSpace(u))] = true
	}
	for _, d := range destinos {
		if !permitidos[strings.ToLower(strings.TrimSpace(d))] {
			return d
		}
	}
	return ""
}

// AsuntoReporte is a report mail's subject: the one asked for, after the
// company's name ("Lanchas del Delta · Reporte de ventas"), unless it already
// starts with it.
func AsuntoReporte(empresa, asunto string) string {
	asunto = strings.TrimSpace(asunto)
	if empresa == "" || strings.HasPrefix(strings.ToLower(asunto), strings.ToLower(empresa)) {
		return asunto
	}
	return empresa + " · " + asunto
}

// MsgReporteEnCamino answers a report queued for destino.
func MsgReporteEnCamino(destino string) string {
	return "El reporte se enviará a " + destino + " en unos instantes"
}

// MensajeProgramaPausado is the notification of a schedule paused after
// FallosParaPausar failures in a row.
func MensajeProgramaPausado(asunto string) string {
	return fmt.Sprintf("El envío programado \"%s\" se pausó tras %d fallos seguidos", asunto, FallosParaPausar)
}

// The reports a schedule sends, each on its own rhythm.
const (
	// ProgramaCajasDiario is yesterday's register report, every day.
	ProgramaCajasDiario = "cajas_diario"
	// ProgramaVentasSemanal is last week's (Monday to Sunday) sales, every Monday.
	ProgramaVentasSemanal = "ventas_semanal"
	// ProgramaVentasMensual is last month's sales, on the first of each month.
	ProgramaVentasMensual = "ventas_mensual"
)

// ReporteProgramado is what a schedule asks for: the report, its file
// format, the hour of the company's day it goes out, to whom and with which
// subject.
type ReporteProgramado struct {
	Tipo          string
	Formato       string
	Hora          int
	Destinatarios []string
	Asunto        string
}

// Validar refuses a schedule with a Spanish message: an unknown report or
// format, an hour outside 0–23, no recipient or more than ten, an invalid
// address, an empty subject.
func (p ReporteProgramado) Validar() error {
	switch {
	case p.Tipo != ProgramaCajasDiario && p.Tipo != ProgramaVentasSemanal && p.Tipo != ProgramaVentasMensual:
		return Invalid("El reporte programado debe ser cajas_diario, ventas_semanal o ventas_mensual")
	case p.Formato != "pdf" && p.Formato != "xlsx":
		return Invalid("El formato debe ser pdf o xlsx")
	case p.Hora < 0 || p.Hora > 23:
		return Invalid(MsgHoraInvalida)
	case len(p.Destinatarios) == 0:
		return Invalid(MsgSinDestinatarios)
	case len(p.Destinatarios) > MaxDestinatariosProgramados:
		return Invalid(MsgDemasiadosDestinatarios)
	case strings.TrimSpace(p.Asunto) == "":
		return Invalid(MsgAsuntoObligatorio)
	}
	for _, d := range p.Destinatarios {
		if !EmailValido(d) {
			return Invalid(MsgFormatoEmailInvalido + ": " + d)
		}
	}
	return nil
}

// ProximoEnvio is the first instant strictly after desde at which a schedule
// of tipo at hora (of the zone loc) goes out: every day, every Monday or on
// the first of each month.
func ProximoEnvio(tipo string, hora int, desde time.Time, loc *time.Location) time.Time {
	local := desde.In(loc)
	t := time.Date(local.Year(), local.Month(), local.Day(), hora, 0, 0, 0, loc)
	switch tipo {
	case ProgramaVentasSemanal:
		t = t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)) // this week's Monday
		if !t.After(desde) {
			t = t.AddDate(0, 0, 7)
		}
	case ProgramaVentasMensual:
		t = time.Date(local.Year(), local.Month(), 1, hora, 0, 0, 0, loc)
		if !t.After(desde) {
			t = t.AddDate(0, 1, 0)
		}
	default:
		if !t.After(desde) {
			t = t.AddDate(0, 0, 1)
		}
	}
	return t.UTC()
}

// PeriodoProgramado is the period a schedule of tipo reports when it goes out
// on the business day dia (YYYY-MM-DD): the day before, the seven days
// before (last Monday to Sunday) or the month before.
func PeriodoProgramado(tipo, dia string) (Periodo, error) {
	d, err := time.Parse(time.DateOnly, dia)
	if err != nil {
		return Periodo{}, fmt.Errorf("domain: día del envío %q: %w", dia, err)
	}
	ayer := d.AddDate(0, 0, -1).Format(time.DateOnly)
	switch tipo {
	case ProgramaVentasSemanal:
		return Periodo{Tipo: PeriodoRango, Desde: d.AddDate(0, 0, -7).Format(time.DateOnly), Hasta: ayer}, nil
	case ProgramaVentasMensual:
		primero := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
		return Periodo{Tipo: PeriodoMes, Desde: primero.Format(time.DateOnly),
			Hasta: primero.AddDate(0, 1, -1).Format(time.DateOnly)}, nil
	default:
		return Periodo{Tipo: PeriodoRango, Desde: ayer, Hasta: ayer}, nil
	}
}
