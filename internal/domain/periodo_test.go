package domain

import (
	"errors"
	"testing"
	"time"
)

func TestPeriodoDe(t *testing.T) {
	const hoy = "2026-11-25"
	for _, c := range []struct {
		pedido PedidoPeriodo
		want   Periodo
		dias   int
		nombre string
	}{
		{PedidoPeriodo{}, Periodo{PeriodoHoy, hoy, hoy}, 1, hoy},
		{PedidoPeriodo{Tipo: "hoy"}, Periodo{PeriodoHoy, hoy, hoy}, 1, hoy},
		{PedidoPeriodo{Tipo: "rango", Inicio: "2026-11-01", Fin: "2026-11-30"}, Periodo{PeriodoRango, "2026-11-01", "2026-11-30"}, 30, "2026-11-01_2026-11-30"},
		{PedidoPeriodo{Tipo: "rango", Inicio: "2026-11-25", Fin: "2026-11-25"}, Periodo{PeriodoRango, hoy, hoy}, 1, hoy},
		{PedidoPeriodo{Tipo: "mes", Mes: 2, Anio: 2028}, Periodo{PeriodoMes, "2028-02-01", "2028-02-29"}, 29, "2028-02"},
		{PedidoPeriodo{Tipo: "mes", Mes: 12, Anio: 2030}, Periodo{PeriodoMes, "2030-12-01", "2030-12-31"}, 31, "2030-12"},
		{PedidoPeriodo{Tipo: "año", Anio: 2020}, Periodo{PeriodoAnio, "2020-01-01", "2020-12-31"}, 366, "2020"},
		{PedidoPeriodo{Tipo: "rango", Inicio: "2025-11-26", Fin: "2026-11-25"}, Periodo{PeriodoRango, "2025-11-26", hoy}, 365, "2025-11-26_2026-11-25"},
		// the spec's calls: a kind named by the fields, a month or year without its number, ano, todo
		{PedidoPeriodo{Inicio: "2026-11-01", Fin: "2026-11-15"}, Periodo{PeriodoRango, "2026-11-01", "2026-11-15"}, 15, "2026-11-01_2026-11-15"},
		{PedidoPeriodo{Mes: 10, Anio: 2026}, Periodo{PeriodoMes, "2026-10-01", "2026-10-31"}, 31, "2026-10"},
		{PedidoPeriodo{Mes: 3}, Periodo{PeriodoMes, "2026-03-01", "2026-03-31"}, 31, "2026-03"},
		{PedidoPeriodo{Anio: 2025}, Periodo{PeriodoAnio, "2025-01-01", "2025-12-31"}, 365, "2025"},
		{PedidoPeriodo{Tipo: "mes"}, Periodo{PeriodoMes, "2026-11-01", "2026-11-30"}, 30, "2026-11"},
		{PedidoPeriodo{Tipo: "mes", Anio: 2025}, Periodo{PeriodoMes, "2025-11-01", "2025-11-30"}, 30, "2025-11"},
		{PedidoPeriodo{Tipo: "año"}, Periodo{PeriodoAnio, "2026-01-01", "2026-12-31"}, 365, "2026"},
		{PedidoPeriodo{Tipo: "ano", Anio: 2024}, Periodo{PeriodoAnio, "2024-01-01", "2024-12-31"}, 366, "2024"},
		{PedidoPeriodo{Tipo: "todo"}, Periodo{PeriodoTodo, "2025-11-25", hoy}, MaxDiasRango, "2025-11-25_2026-11-25"},
		{PedidoPeriodo{Tipo: "hoy", Inicio: "2026-11-01", Fin: "2026-11-15"}, Periodo{PeriodoHoy, hoy, hoy}, 1, hoy},
	} {
		got, err := PeriodoDe(c.pedido, hoy)
		if err != nil || got != c.want || got.Dias() != c.dias || got.Nombre() != c.nombre {
			t.Errorf("PeriodoDe(%+v) = %+v (%d días, %q), %v; esperaba %+v (%d, %q)", c.pedido, got, got.Dias(), got.Nombre(), err, c.want, c.dias, c.nombre)
		}
	}
}

func TestPeriodoDeRefusesWithASpanishMessage(t *testing.T) {
	for pedido, msg := range map[PedidoPeriodo]string{
		{Tipo: "semana"}:                                         "El período debe ser hoy, rango, mes o año",
		{Tipo: "rango", Inicio: "2026-11-01"}:                    "Indicá la fecha de inicio y la de fin del rango",
		{Tipo: "rango", Inicio: "01/11/2026", Fin: "2026-11-30"}: "Las fechas del rango deben tener el formato AAAA-MM-DD",
		{Tipo: "rango", Inicio: "2026-02-30", Fin: "2026-03-01"}: "Las fechas del rango deben tener el formato AAAA-MM-DD",
		{Tipo: "rango", Inicio: "2026-11-30", Fin: "2026-11-01"}: "La fecha de inicio es posterior a la de fin",
		{Tipo: "rango", Inicio: "2025-01-01", Fin: "2026-11-01"}: "El rango no puede superar 366 días",
		{Tipo: "rango", Inicio: "2019-12-31", Fin: "2020-01-01"}: "El año debe estar entre 2020 y 2030",
		{Tipo: "mes", Mes: 13, Anio: 2026}:                       "El mes debe estar entre 1 y 12",
		{Tipo: "mes", Mes: -1, Anio: 2026}:                       "El mes debe estar entre 1 y 12",
		{Inicio: "2026-11-01"}:                                   "Indicá la fecha de inicio y la de fin del rango",
		{Mes: 5, Anio: 2019}:                                     "El año debe estar entre 2020 y 2030",
		{Tipo: "mes", Mes: 5, Anio: 2031}:                        "El año debe estar entre 2020 y 2030",
		{Tipo: "año", Anio: 2019}:                                "El año debe estar entre 2020 y 2030",
	} {
		_, err := PeriodoDe(pedido, "2026-11-25")
		var de *Error
		if !errors.As(err, &de) || de.Kind != KindInvalid || de.Message != msg {
			t.Errorf("PeriodoDe(%+v): %v, esperaba %q", pedido, err, msg)
		}
	}
}

func TestPeriodoAnterior(t *testing.T) {
	for _, c := range []struct{ p, want Periodo }{
		{Periodo{PeriodoHoy, "2026-11-25", "2026-11-25"}, Periodo{PeriodoHoy, "2026-11-24", "2026-11-24"}},
		{Periodo{PeriodoRango, "2026-11-01", "2026-11-10"}, Periodo{PeriodoRango, "2026-10-22", "2026-10-31"}},
		{Periodo{PeriodoMes, "2026-03-01", "2026-03-31"}, Periodo{PeriodoMes, "2026-02-01", "2026-02-28"}},
		{Periodo{PeriodoMes, "2026-01-01", "2026-01-31"}, Periodo{PeriodoMes, "2025-12-01", "2025-12-31"}},
		{Periodo{PeriodoAnio, "2026-01-01", "2026-12-31"}, Periodo{PeriodoAnio, "2025-01-01", "2025-12-31"}},
	} {
		if got := c.p.Anterior(); got != c.want {
			t.Errorf("%+v.Anterior() = %+v, esperaba %+v", c.p, got, c.want)
		}
	}
}

// A sale at 23:30 in Buenos Aires is 02:30 UTC of the next day: it counts on its own day.
func TestPeriodoLimitesInTheCompanysZone(t *testing.T) {
	loc, err := time.LoadLocation("America/Argentina/Buenos_Aires")
	if err != nil {
		t.Fatal(err)
	}
	desde, hasta := Periodo{PeriodoHoy, "2026-11-25", "2026-11-25"}.Limites(loc)
	if want := time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC); !desde.Equal(want) {
		t.Errorf("desde %v, esperaba %v", desde, want)
	}
	if want := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC); !hasta.Equal(want) {
		t.Errorf("hasta %v, esperaba %v", hasta, want)
	}
	venta := time.Date(2026, 11, 25, 23, 30, 0, 0, loc)
	if venta.UTC().Before(desde) || !venta.UTC().Before(hasta) {
		t.Error("la venta de las 23:30 quedó fuera de su día")
	}
	desde, hasta = Periodo{PeriodoAnio, "2026-01-01", "2026-12-31"}.Limites(loc)
	if hasta.Sub(desde) != 365*24*time.Hour {
		t.Errorf("un año de %v", hasta.Sub(desde))
	}
}

// A period under way is compared with the period before up to the same point; an ended one with the whole of it.
func TestPeriodoComparable(t *testing.T) {
	loc, err := time.LoadLocation("America/Argentina/Buenos_Aires")
	if err != nil {
		t.Fatal(err)
	}
	ahora := time.Date(2026, 11, 25, 14, 30, 0, 0, loc) // 17:30 UTC
	utc := func(mes time.Month, dia, hora, minuto int) time.Time {
		return time.Date(2026, mes, dia, hora, minuto, 0, 0, time.UTC)
	}
	for _, c := range []struct {
		nombre string
		p      Periodo
		ahora  time.Time
		want   Comparacion
	}{
		{"hoy, con ayer hasta la misma hora", Periodo{PeriodoHoy, "2026-11-25", "2026-11-25"}, ahora,
			Comparacion{Periodo{PeriodoHoy, "2026-11-24", "2026-11-24"}, Lapso{utc(11, 24, 3, 0), utc(11, 24, 17, 30)}}},
		{"un día pasado, con el anterior entero", Periodo{PeriodoRango, "2026-11-24", "2026-11-24"}, ahora,
			Comparacion{Periodo: Periodo{PeriodoRango, "2026-11-23", "2026-11-23"}}},
		{"un rango que sigue, hasta el mismo día del anterior", Periodo{PeriodoRango, "2026-11-21", "2026-11-30"}, ahora,
			Comparacion{Periodo{PeriodoRango, "2026-11-11", "2026-11-15"}, Lapso{utc(11, 11, 3, 0), utc(11, 15, 17, 30)}}},
		{"el mes en curso, con el anterior hasta su día 25", Periodo{PeriodoMes, "2026-11-01", "2026-11-30"}, ahora,
			Comparacion{Periodo{PeriodoMes, "2026-10-01", "2026-10-25"}, Lapso{utc(10, 1, 3, 0), utc(10, 25, 17, 30)}}},
		{"un mes pasado, con el anterior entero", Periodo{PeriodoMes, "2026-10-01", "2026-10-31"}, ahora,
			Comparacion{Periodo: Periodo{PeriodoMes, "2026-09-01", "2026-09-30"}}},
		{"el 31 de marzo, con febrero entero", Periodo{PeriodoMes, "2026-03-01", "2026-03-31"},
			time.Date(2026, 3, 31, 10, 0, 0, 0, loc), Comparacion{Periodo: Periodo{PeriodoMes, "2026-02-01", "2026-02-28"}}},
		{"el año en curso, con el anterior hasta el mismo día", Periodo{PeriodoAnio, "2026-01-01", "2026-12-31"}, ahora,
			Comparacion{Periodo{PeriodoAnio, "2025-01-01", "2025-11-25"},
				Lapso{time.Date(2025, 1, 1, 3, 0, 0, 0, time.UTC), time.Date(2025, 11, 25, 17, 30, 0, 0, time.UTC)}}},
		{"un período futuro, con el anterior entero", Periodo{PeriodoRango, "2026-12-01", "2026-12-02"}, ahora,
			Comparacion{Periodo: Periodo{PeriodoRango, "2026-11-29", "2026-11-30"}}},
		{"a las 00:10, los primeros diez minutos de ayer", Periodo{PeriodoHoy, "2026-11-25", "2026-11-25"},
			time.Date(2026, 11, 25, 0, 10, 0, 0, loc),
			Comparacion{Periodo{PeriodoHoy, "2026-11-24", "2026-11-24"}, Lapso{utc(11, 24, 3, 0), utc(11, 24, 3, 10)}}},
	} {
		got := c.p.Comparable(c.ahora, loc)
		if !got.Vendidos.Desde.Equal(c.want.Vendidos.Desde) || !got.Vendidos.Hasta.Equal(c.want.Vendidos.Hasta) ||
			got.Periodo != c.want.Periodo {
			t.Errorf("%s: %+v, esperaba %+v", c.nombre, got, c.want)
		}
	}
}

func TestVentanaListado(t *testing.T) {
	const hoy = "2026-11-20"
	for _, c := range []struct {
		inicio, fin, desde, hasta string
		ok                        bool
	}{
		{"", "", "2026-10-21", hoy, true},
		{"2026-11-01", "", "2026-11-01", hoy, true},
		{"2026-12-01", "", "2026-12-01", "2026-12-01", true},
		{"", "2026-03-31", "2026-03-01", "2026-03-31", true},
		{"2026-11-20", "2026-11-20", hoy, hoy, true},
		{"2025-01-01", "2026-01-01", "2025-01-01", "2026-01-01", true}, // 366 days
		{"2025-01-01", "2026-01-02", "", "", false},
		{"2025-11-19", "", "", "", false}, // to today: 367 days
		{"2000-01-01", "2100-01-01", "", "", false},
		{"", "0001-01-10", "0001-01-01", "0001-01-10", true},
	} {
		p, err := VentanaListado(c.inicio, c.fin, hoy)
		if c.ok != (err == nil) || p.Desde != c.desde || p.Hasta != c.hasta {
			t.Fatalf("%q..%q: %+v %v", c.inicio, c.fin, p, err)
		}
		if err != nil && err.Error() != "El período de venta no puede superar 366 días: acotá las fechas" {
			t.Fatalf("mensaje %q", err)
		}
	}
}
