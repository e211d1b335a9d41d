package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Boats (embarcaciones), timetables (horarios) and departures (salidas):
// docs/features/salidas.md.

// CapacidadMaximaEmbarcacion bounds a boat's certified capacity.
const CapacidadMaximaEmbarcacion = 1000

// DiasAvisoCertificado is how many days before its certificate expires a
// boat's admins are warned.
const DiasAvisoCertificado = 30

// DiasGeneracionSalidas is how many days, today included, the timetable's
// departures are generated ahead.
const DiasGeneracionSalidas = 7

// Embarcacion is a company's boat.
type Embarcacion struct {
	ID        int64  `json:"id"`
	Nombre    string `json:"nombre"`
	Matricula string `json:"matricula"`
	// Capacidad is the certified capacity (capacidad habilitada).
	Capacidad int64  `json:"capacidad"`
	Asientos  *int64 `json:"asientos"`
	DePie     *int64 `json:"de_pie"`
	// VencimientoCertificado is the certificate's last valid day, YYYY-MM-DD.
	VencimientoCertificado string `json:"vencimiento_certificado"`
	Activo                 bool   `json:"activo"`
}

// Messages of boats.
const (
	MsgEmbarcacionNoEncontrada = "Embarcación no encontrada"
	MsgEmbarcacionDuplicada    = "Ya existe una embarcación con esa matrícula"
	MsgEmbarcacionNombre       = "El nombre de la embarcación es obligatorio"
	MsgEmbarcacionMatricula    = "La matrícula es obligatoria"
	MsgEmbarcacionVencimiento  = "Indique la fecha de vencimiento del certificado (dd/mm/aaaa)"
	MsgEmbarcacionDistribucion = "Asientos y de pie deben indicarse juntos y sumar la capacidad habilitada"
	MsgEmbarcacionCreada       = "Embarcación creada exitosamente"
	MsgEmbarcacionActualizada  = "Embarcación actualizada exitosamente"
	MsgEmbarcacionActivada     = "Embarcación activada"
	MsgEmbarcacionDesactivada  = "Embarcación desactivada"
	TituloCertificadoPorVencer = "Certificado de embarcación por vencer"
)

// MsgEmbarcacionCapacidad is the refusal of a capacity out of bounds.
var MsgEmbarcacionCapacidad = fmt.Sprintf("La capacidad habilitada debe ser un número entre 1 y %d",
	CapacidadMaximaEmbarcacion)

// NormalizarEmbarcacion trims a boat's texts and checks its rules: name and
// registration required (at most 100 and 30 characters), certified capacity
// within 1…CapacidadMaximaEmbarcacion, seats and standing given together and
// adding up to it, and a valid expiry date.
func NormalizarEmbarcacion(e Embarcacion) (Embarcacion, error) {
	e.Nombre, e.Matricula = strings.TrimSpace(e.Nombre), strings.ToUpper(strings.TrimSpace(e.Matricula))
	switch {
	case e.Nombre == "" || utf8.RuneCountInString(e.Nombre) > 100:
		return e, Invalid(MsgEmbarcacionNombre)
	case e.Matricula == "" || utf8.RuneCountInString(e.Matricula) > 30:
		return e, Invalid(MsgEmbarcacionMatricula)
	case e.Capacidad < 1 || e.Capacidad > CapacidadMaximaEmbarcacion:
		return e, Invalid(MsgEmbarcacionCapacidad)
	case (e.Asientos == nil) != (e.DePie == nil):
		return e, Invalid(MsgEmbarcacionDistribucion)
	case e.Asientos != nil && (*e.Asientos < 0 || *e.DePie < 0 || *e.Asientos+*e.DePie != e.Capacidad):
		return e, Invalid(MsgEmbarcacionDistribucion)
	}
	if _, err := time.Parse(time.DateOnly, e.VencimientoCertificado); err != nil {
		return e, Invalid(MsgEmbarcacionVencimiento)
	}
	return e, nil
}

// CertificadoVigente reports whether a certificate that expires on vencimiento
// (its last valid day) is valid on fecha (both YYYY-MM-DD).
func CertificadoVigente(vencimiento, fecha string) bool { return fecha <= vencimiento }

// MsgCertificadoVencido is the refusal of a boat whose certificate expired
// before the departure's date.
func MsgCertificadoVencido(nombre, vencimiento, fecha string) string {
	return fmt.Sprintf("La embarcación %s tiene el certificado de habilitación vencido desde el %s: no puede asignarse a una salida del %s",
		nombre, FechaAR(vencimiento), FechaAR(fecha))
}

// MsgEmbarcacionInactiva is the refusal of an inactive boat for a departure or a timetable.
func MsgEmbarcacionInactiva(nombre string) string {
	return fmt.Sprintf("La embarcación %s está inactiva: actívela o elija otra", nombre)
}

// MensajeCertificadoPorVencer is the admins' warning of a certificate about to expire.
// (hoy: the company's day, YYYY-MM-DD).
func MensajeCertificadoPorVencer(nombre, matricula, vencimiento, hoy string) string {
	verbo := "vence"
	if vencimiento < hoy {
		verbo = "venció"
	}
	return fmt.Sprintf("El certificado de habilitación de la embarcación %s (%s) %s el %s. Renuévelo para seguir asignándola a salidas.",
		nombre, matricula, verbo, FechaAR(vencimiento))
}

// AvisoCertificadoDesde is the first day on which a certificate expiring on
// vencimiento is warned about: DiasAvisoCertificado days before.
func AvisoCertificadoDesde(vencimiento string) string {
	t, err := time.Parse(time.DateOnly, vencimiento)
	if err != nil {
		return vencimiento
	}
	return t.AddDate(0, 0, -DiasAvisoCertificado).Format(time.DateOnly)
}

// Horario is a time of a section's timetable: HH:MM in the company's time
// zone, on the days Dias (ISO: 1 Monday … 7 Sunday), with a default boat.
type Horario struct {
	ID            int64  `json:"id"`
	SeccionID     int64  `json:"seccion_id"`
	Hora          string `json:"hora"`
	Dias          []int  `json:"dias"`
	EmbarcacionID *int64 `json:"embarcacion_id"`
	Activo        bool   `json:"activo"`
	// Sentido is the direction of its departures: ida or vuelta.
	Sentido string `json:"sentido" enum:"ida,vuelta"`
	// Paradas are its section's stops with each one's time, in the order of
	// its direction (lists only; HorasDeParadas).
	Paradas []HoraParada `json:"paradas,omitempty" description:"Las paradas del recorrido con su hora, en el orden del sentido"`
}

// Messages of timetables.
const (
	MsgHorarioNoEncontrado = "Horario no encontrado"
	MsgHorarioDuplicado    = "La sección ya tiene un horario en ese sentido a esa hora"
	MsgHorarioHora         = "La hora debe tener el formato HH:MM (00:00 a 23:59)"
	MsgHorarioDias         = "Elija al menos un día de la semana (1 lunes … 7 domingo)"
	MsgHorarioCreado       = "Horario creado exitosamente"
	MsgHorarioActualizado  = "Horario actualizado exitosamente"
	MsgHorarioEliminado    = "Horario eliminado exitosamente"
)

// ValidarHora checks a time of day HH:MM.
func ValidarHora(h string) error {
	if _, err := time.Parse("15:04", h); err != nil || len(h) != 5 {
		return Invalid(MsgHorarioHora)
	}
	return nil
}

// MascaraDias turns ISO weekdays (1 Monday … 7 Sunday) into the stored mask
// (bit 0 Monday … bit 6 Sunday); a day out of range or none is an error.
func MascaraDias(dias []int) (int64, error) {
	var m int64
	for _, d := range dias {
		if d < 1 || d > 7 {
			return 0, Invalid(MsgHorarioDias)
		}
		m |= 1 << (d - 1)
	}
	if m == 0 {
		return 0, Invalid(MsgHorarioDias)
	}
	return m, nil
}

// DiasDeMascara is the inverse of MascaraDias, in order.
func DiasDeMascara(m int64) []int {
	dias := []int{}
	for d := 1; d <= 7; d++ {
		if m&(1<<(d-1)) != 0 {
			dias = append(dias, d)
		}
	}
	return dias
}

// DiaISO is the ISO weekday (1 Monday … 7 Sunday) of a date YYYY-MM-DD.
func DiaISO(fecha string) int {
	t, _ := time.Parse(time.DateOnly, fecha)
	if wd := int(t.Weekday()); wd != 0 {
		return wd
	}
	return 7
}

// ProgramadaEn is the instant of a departure at fecha (YYYY-MM-DD) and hora
// (HH:MM) in the company's zone.
func ProgramadaEn(fecha, hora string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation("2006-01-02 15:04", fecha+" "+hora, loc)
	if err != nil {
		return t, Invalid(MsgHorarioHora)
	}
	return t.UTC(), nil
}

// States of a departure.
const (
	SalidaProgramada = "programada"
	SalidaEmbarcando = "embarcando"
	SalidaZarpo      = "zarpo"
	SalidaCancelada  = "cancelada"
)

// EstadosSalida lists a departure's states.
var EstadosSalida = []string{SalidaProgramada, SalidaEmbarcando, SalidaZarpo, SalidaCancelada}

// NombreEstadoSalida is how a state reads.
var NombreEstadoSalida = map[string]string{SalidaProgramada: "programada", SalidaEmbarcando: "embarcando",
	SalidaZarpo: "zarpó", SalidaCancelada: "cancelada"}

// transicionesSalida are the allowed changes of state: programada → embarcando
// → zarpó, either of the first two → cancelada, and embarcando back to
// programada (boarding opened by mistake). Nothing leaves zarpó or cancelada.
var transicionesSalida = map[string][]string{
	SalidaProgramada: {SalidaEmbarcando, SalidaCancelada},
	SalidaEmbarcando: {SalidaZarpo, SalidaCancelada, SalidaProgramada},
}

// Messages of departures.
const (
	MsgSalidaNoEncontrada   = "Salida no encontrada"
	MsgSalidaDuplicada      = "Ya hay una salida de esa sección en ese sentido a esa hora"
	MsgSalidaSinEmbarcacion = "Asigne una embarcación a la salida antes de embarcar"
	MsgSalidaCreada         = "Salida extra creada"
	MsgSalidaEmbarcacion    = "Embarcación de la salida actualizada"
	MsgSalidaEstadoInvalido = "El estado debe ser programada, embarcando, zarpo o cancelada"
	MsgSalidaCerrada        = "La salida ya no admite cambios de embarcación"
	MsgSalidaPasada         = "No se puede abrir una salida extra en una fecha pasada"
)

// MsgEstadoSalida is the answer of a change of state.
func MsgEstadoSalida(estado string) string {
	return "Salida " + NombreEstadoSalida[estado]
}

// TransicionSalida checks a change of a departure's state.
func TransicionSalida(de, a string) error {
	if !slices.Contains(EstadosSalida, a) {
		return Invalid(MsgSalidaEstadoInvalido)
	}
	if !slices.Contains(transicionesSalida[de], a) {
		return Conflict(fmt.Sprintf("Una salida %s no puede pasar a %s", NombreEstadoSalida[de], NombreEstadoSalida[a]))
	}
	return nil
}

// MinutosZarpeAnticipado is how early a departure sails without a question:
// more than this before its scheduled time, sailing needs a confirmation.
const MinutosZarpeAnticipado = 15

// ZarpeAnticipado is the data of a sailing refused (409) for being early: the
// client asks the question and sends it again with confirmar_anticipado.
type ZarpeAnticipado struct {
	Hora    string `json:"hora" description:"Hora programada de la salida (HH:MM)"`
	Minutos int64  `json:"minutos_anticipado" description:"Minutos que faltan para la hora programada"`
}

// MsgZarpeAnticipado is the question of an early sailing: "La salida de las
// 10:30 está programada para dentro de 90 minutos. ¿Zarpar igual?".
func MsgZarpeAnticipado(hora string, minutos int64) string {
	return fmt.Sprintf("La salida de las %s está programada para dentro de %s. ¿Zarpar igual?", hora, duracionMinutos(minutos))
}

// duracionMinutos reads a span: minutes up to two hours, then hours and minutes.
func duracionMinutos(m int64) string {
	switch {
	case m == 1:
		return "1 minuto"
	case m < 120:
		return fmt.Sprintf("%d minutos", m)
	case m%60 == 0:
		return fmt.Sprintf("%d horas", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

// ValidarZarpe refuses (409 with ZarpeAnticipado) sailing at ahora a
// departure programada more than MinutosZarpeAnticipado later, unless the
// request confirms it.
func ValidarZarpe(programada, ahora time.Time, hora string, confirmado bool) error {
	falta := programada.Sub(ahora)
	if confirmado || falta <= MinutosZarpeAnticipado*time.Minute {
		return nil
	}
	m := int64((falta + time.Minute - 1) / time.Minute) // whole minutes, rounded up
	return &Error{Kind: KindConflict, Message: MsgZarpeAnticipado(hora, m), Data: ZarpeAnticipado{Hora: hora, Minutos: m}}
}

// FechasDesde lists n dates from fecha (YYYY-MM-DD) on, fecha included.
func FechasDesde(fecha string, n int) []string {
	t, err := time.Parse(time.DateOnly, fecha)
	if err != nil {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = t.AddDate(0, 0, i).Format(time.DateOnly)
	}
	return out
}

// AccesoVerSalidas is who reads boats, timetables and departures: the
// configuration's readers (admins, supervisors) and the crew.
var AccesoVerSalidas = ConAlgunPermiso("configuracion.ver", "validacion.embarque")

// AccesoPlanificarSalidas is who edits timetables, generates departures and
// changes a departure's boat: supervisors and admins, i.e. whoever both reads
// the configuration and boards (a custom role with both passes too).
var AccesoPlanificarSalidas = Acceso{Permiso: "configuracion.ver", AlgunPermiso: []string{"validacion.embarque"}}
