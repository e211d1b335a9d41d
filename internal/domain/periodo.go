package domain

import (
	"fmt"
	"time"
)

// The kinds of period a report covers (backoffice §4: hoy, rango, mes, año),
// and todo, the popular routes' longest one (backoffice §7: "else todo"): the
// last MaxDiasRango days up to today, the longest a report reads.
const (
	PeriodoHoy   = "hoy"
	PeriodoRango = "rango"
	PeriodoMes   = "mes"
	PeriodoAnio  = "año"
	PeriodoTodo  = "todo"
)

// periodoAno is año as a client that writes ASCII sends it (backoffice §7's
// popular routes: periodo=ano).
const periodoAno = "ano"

// The years a report's month or year may name (backoffice §5), and the
// longest range of days a report reads.
const (
	AnioMinimoReporte = 2020
	AnioMaximoReporte = 2030
	MaxDiasRango      = 366
)

// Periodo is the span of business days a report covers, from Desde to Hasta
// (both included, YYYY-MM-DD) in the company's time zone.
type Periodo struct {
	Tipo         string
	Desde, Hasta string
}

// PedidoPeriodo is a period as a report's filter names it: its kind and, for
// a range, its first and last day (YYYY-MM-DD); for a month, the month and
// the year; for a year, the year.
type PedidoPeriodo struct {
	Tipo        string
	Inicio, Fin string
	Mes, Anio   int
}

// PeriodoDe is the period p asks for, today being the business day hoy
// (YYYY-MM-DD). An empty kind is the one its fields name, as the spec's calls
// send them without a kind (backoffice §7: "inicio, fin; or mes, año; or
// año"): a range with a day, a month with a month, a year with a year, else
// today. A month or a year without its number is today's (the spec's
// "periodo=mes" is this month).
func PeriodoDe(p PedidoPeriodo, hoy string) (Periodo, error) {
	dia, err := time.Parse(time.DateOnly, hoy)
	if err != nil {
		return Periodo{}, fmt.Errorf("domain: el día de hoy %q: %w", hoy, err)
	}
	p.Tipo = p.tipo()
	if p.Tipo == PeriodoMes && p.Mes == 0 {
		p.Mes = int(dia.Month())
	}
	if p.Anio == 0 {
		p.Anio = dia.Year()
	}
	switch p.Tipo {
	case PeriodoHoy:
		return Periodo{Tipo: PeriodoHoy, Desde: hoy, Hasta: hoy}, nil
	case PeriodoTodo:
		return Periodo{Tipo: PeriodoTodo, Desde: dia.AddDate(0, 0, 1-MaxDiasRango).Format(time.DateOnly), Hasta: hoy}, nil
	case PeriodoRango:
		return periodoRango(p.Inicio, p.Fin)
	case PeriodoMes:
		if p.Mes < 1 || p.Mes > 12 {
			return Periodo{}, Invalid("El mes debe estar entre 1 y 12")
		}
		if err := anioDeReporte(p.Anio); err != nil {
			return Periodo{}, err
		}
		primero := time.Date(p.Anio, time.Month(p.Mes), 1, 0, 0, 0, 0, time.UTC)
		return Periodo{Tipo: PeriodoMes, Desde: primero.Format(time.DateOnly),
			Hasta: primero.AddDate(0, 1, -1).Format(time.DateOnly)}, nil
	case PeriodoAnio:
		if err := anioDeReporte(p.Anio); err != nil {
			return Periodo{}, err
		}
		return Periodo{Tipo: PeriodoAnio, Desde: fmt.Sprintf("%d-01-01", p.Anio), Hasta: fmt.Sprintf("%d-12-31", p.Anio)}, nil
	default:
		return Periodo{}, Invalid("El período debe ser hoy, rango, mes o año")
	}
}

// tipo is the kind of period p asks for: the one it names, else the one its
// fields name.
func (p PedidoPeriodo) tipo() string {
	switch {
	case p.Tipo == periodoAno:
		return PeriodoAnio
	case p.Tipo != "":
		return p.Tipo
	case p.Inicio != "" || p.Fin != "":
		return PeriodoRango
	case p.Mes != 0:
		return PeriodoMes
	case p.Anio != 0:
		return PeriodoAnio
	}
	return PeriodoHoy
}

func periodoRango(inicio, fin string) (Periodo, error) {
	if inicio == "" || fin == "" {
		return Periodo{}, Invalid("Indicá la fecha de inicio y la de fin del rango")
	}
	desde, err1 := time.Parse(time.DateOnly, inicio)
	hasta, err2 := time.Parse(time.DateOnly, fin)
	if err1 != nil || err2 != nil {
		return Periodo{}, Invalid("Las fechas del rango deben tener el formato AAAA-MM-DD")
	}
	if err := anioDeReporte(desde.Year()); err != nil {
		return Periodo{}, err
	}
	if err := anioDeReporte(hasta.Year()); err != nil {
		return Periodo{}, err
	}
	if hasta.Before(desde) {
		return Periodo{}, Invalid("La fecha de inicio es posterior a la de fin")
	}
	if dias := int(hasta.Sub(desde).Hours()/24) + 1; dias > MaxDiasRango {
		return Periodo{}, Invalid(fmt.Sprintf("El rango no puede superar %d días", MaxDiasRango))
	}
	return Periodo{Tipo: PeriodoRango, Desde: inicio, Hasta: fin}, nil
}

func anioDeReporte(anio int) error {
	if anio < AnioMinimoReporte || anio > AnioMaximoReporte {
		return Invalid(fmt.Sprintf("El año debe estar entre %d y %d", AnioMinimoReporte, AnioMaximoReporte))
	}
	return nil
}

// Dias is how many business days the period covers.
func (p Periodo) Dias() int {
	desde, _ := time.Parse(time.DateOnly, p.Desde)
	hasta, _ := time.Parse(time.DateOnly, p.Hasta)
	return int(hasta.Sub(desde).Hours()/24) + 1
}

// Anterior is the period the variations compare with: the previous month or
// year for a month or a year, otherwise as many days just before.
func (p Periodo) Anterior() Periodo {
	desde, _ := time.Parse(time.DateOnly, p.Desde)
	hasta, _ := time.Parse(time.DateOnly, p.Hasta)
	switch p.Tipo {
	case PeriodoMes:
		desde = desde.AddDate(0, -1, 0)
		hasta = desde.AddDate(0, 1, -1)
	case PeriodoAnio:
		desde, hasta = desde.AddDate(-1, 0, 0), hasta.AddDate(-1, 0, 0)
	default:
		dias := p.Dias()
		desde, hasta = desde.AddDate(0, 0, -dias), hasta.AddDate(0, 0, -dias)
	}
	return Periodo{Tipo: p.Tipo, Desde: desde.Format(time.DateOnly), Hasta: hasta.Format(time.DateOnly)}
}

// Comparacion is what a report's variations compare its period with: the
// period before it and, when the period is under way, the instants of sale
// that cut that one at the same point (Vendidos; zero: its whole days).
type Comparacion struct {
	Periodo  Periodo
	Vendidos Lapso
}

// Lapso is a span of instants [Desde, Hasta) in UTC; zero: none.
type Lapso struct {
	Desde, Hasta time.Time
}

// Comparable is what the period p, read at ahora in loc, is compared with,
// like with like. A period that has ended (or not begun) is compared with
// the whole period before it (Anterior: the same number of days, or the
// previous month or year). A period under way holds its sales up to now: it
// is compared with the period before up to the same point, as many days
// into it and the same time of day (today until 14:30 with yesterday until
// 14:30; this month up to the 21st at 14:30 with the last one up to its 21st
// at 14:30). When the period before is shorter than the part of p gone by
// (the 31st of a month after a February), the whole of it.
func (p Periodo) Comparable(ahora time.Time, loc *time.Location) Comparacion {
	anterior := p.Anterior()
	hoy := DiaDe(ahora, loc).Fecha
	if hoy < p.Desde || hoy > p.Hasta {
		return Comparacion{Periodo: anterior}
	}
	inicio, _ := time.Parse(time.DateOnly, anterior.Desde)
	dia := inicio.AddDate(0, 0, Periodo{Desde: p.Desde, Hasta: hoy}.Dias()-1)
	if dia.Format(time.DateOnly) > anterior.Hasta {
		return Comparacion{Periodo: anterior}
	}
	local := ahora.In(loc)
	corte := time.Date(dia.Year(), dia.Month(), dia.Day(), local.Hour(), local.Minute(), local.Second(), local.Nanosecond(), loc)
	desde, _ := anterior.Limites(loc)
	return Comparacion{Periodo: Periodo{Tipo: anterior.Tipo, Desde: anterior.Desde, Hasta: dia.Format(time.DateOnly)},
		Vendidos: Lapso{Desde: desde, Hasta: corte.UTC()}}
}

// Limites are the period's bounds in UTC, [desde, hasta), in loc: from the
// first day's midnight to the midnight after the last day, read in the zone
// (never a fixed offset).
func (p Periodo) Limites(loc *time.Location) (desde, hasta time.Time) {
	d, _ := time.ParseInLocation(time.DateOnly, p.Desde, loc)
	h, _ := time.ParseInLocation(time.DateOnly, p.Hasta, loc)
	return d.UTC(), time.Date(h.Year(), h.Month(), h.Day()+1, 0, 0, 0, 0, loc).UTC()
}

// Nombre names the period in a file name: "2026-11-25", "2026-11", "2026" or
// "2026-11-01_2026-11-30".
func (p Periodo) Nombre() string {
	switch {
	case p.Tipo == PeriodoMes:
		return p.Desde[:7]
	case p.Tipo == PeriodoAnio:
		return p.Desde[:4]
	case p.Desde == p.Hasta:
		return p.Desde
	default:
		return p.Desde + "_" + p.Hasta
	}
}

// DiasListadoPorDefecto are the sale days the ticket list reads when it is
// given no date (issue 36 item 15): today and the 30 before, a month, so a
// search by a customer's name or a number without dates still finds last
// week's ticket. Its screens ('Listado de Pasajes', 'Mis Ventas') send today
// ('Restablecer a Hoy', operaciones §2).
const DiasListadoPorDefecto = 31

// MsgPeriodoListadoLargo refuses a ticket list longer than MaxDiasRango days.
var MsgPeriodoListadoLargo = fmt.Sprintf("El período de venta no puede superar %d días: acotá las fechas", MaxDiasRango)

// VentanaListado is the span of sale days the ticket list reads for the
// dates it was given (YYYY-MM-DD, either may be empty), hoy being the
// company's business day: none, the last DiasListadoPorDefecto days to hoy;
// only the first, from it to hoy (to itself when it is later); only the last,
// the DiasListadoPorDefecto days that end on it. A span longer than
// MaxDiasRango days is refused (MsgPeriodoListadoLargo), so no list reads a
// company's whole history. The dates are well-formed (the query checked
// them) and inicio is not after fin.
func VentanaListado(inicio, fin, hoy string) (Periodo, error) {
	antes := func(dia string) string { // never before the year 1 a query date may name
		t, _ := time.Parse(time.DateOnly, dia)
		return max(t.AddDate(0, 0, 1-DiasListadoPorDefecto).Format(time.DateOnly), "0001-01-01")
	}
	switch {
	case inicio == "" && fin == "":
		inicio, fin = antes(hoy), hoy
	case fin == "":
		fin = max(inicio, hoy)
	case inicio == "":
		inicio = antes(fin)
	}
	p := Periodo{Tipo: PeriodoRango, Desde: inicio, Hasta: fin}
	if p.Dias() > MaxDiasRango {
		return Periodo{}, Invalid(MsgPeriodoListadoLargo)
	}
	return p, nil
}
