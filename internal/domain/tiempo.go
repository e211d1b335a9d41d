package domain

import "time"

// ZonaHorariaPorDefecto is the company time zone when none is set.
const ZonaHorariaPorDefecto = "America/Argentina/Buenos_Aires"

// AniosCumplidos counts whole years from desde to hasta (0 if hasta is earlier).
func AniosCumplidos(desde, hasta time.Time) int {
	anios := hasta.Year() - desde.Year()
	if hasta.Month() < desde.Month() || (hasta.Month() == desde.Month() && hasta.Day() < desde.Day()) {
		anios--
	}
	if anios < 0 {
		return 0
	}
	return anios
}

// Location loads a company time zone, falling back to Buenos Aires.
func Location(tz string) *time.Location {
	if loc, err := time.LoadLocation(tz); err == nil && tz != "" {
		return loc
	}
	loc, err := time.LoadLocation(ZonaHorariaPorDefecto)
	if err != nil {
		return time.FixedZone("ART", -3*3600)
	}
	return loc
}

// FechaAR writes a date YYYY-MM-DD as dd/mm/aaaa, the way every text a user
// reads shows it (anything else unchanged).
func FechaAR(fecha string) string {
	t, err := time.Parse(time.DateOnly, fecha)
	if err != nil {
		return fecha
	}
	return t.Format("02/01/2006")
}

// Dia is a business day in a company's time zone, with its bounds in UTC.
type Dia struct {
	Fecha        string    // YYYY-MM-DD
	Desde, Hasta time.Time // [Desde, Hasta) in UTC
}

// DiaDe returns the business day that contains t in loc.
func DiaDe(t time.Time, loc *time.Location) Dia {
	local := t.In(loc)
	start := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	return Dia{Fecha: start.Format(time.DateOnly), Desde: start.UTC(), Hasta: start.AddDate(0, 0, 1).UTC()}
}
