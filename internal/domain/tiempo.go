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
