package domain

import "math"

// The rules of the reports' indicators (backoffice §2.15, the KPI cards):
// percentages carry one decimal, and a variation against a previous period
// that had nothing is no number at all (nil: the JSON null the cards show as
// "N/A"), never a division by zero or an infinite growth.

// PorcentajeDecimal is parte as a percentage of total, with one decimal; 0 when
// total is 0 (no tickets: nothing was boarded either).
func PorcentajeDecimal(parte, total int64) float64 {
	if total == 0 {
		return 0
	}
	return unDecimal(float64(parte) * 100 / float64(total))
}

// Variacion is the change from anterior to actual as a percentage of
// anterior, with one decimal; nil when anterior is 0.
func Variacion(actual, anterior int64) *float64 {
	if anterior == 0 {
		return nil
	}
	v := unDecimal(float64(actual-anterior) * 100 / float64(anterior))
	return &v
}

// VariacionPuntos is the difference in percentage points between two rates,
// with one decimal; nil when the previous period had no base for its rate
// (hayAnterior false).
func VariacionPuntos(actual, anterior float64, hayAnterior bool) *float64 {
	if !hayAnterior {
		return nil
	}
	v := unDecimal(actual - anterior)
	return &v
}

// Promedio is total divided among n, rounded to the centavo (half away from
// zero); 0 when n is 0.
func Promedio(total Centavos, n int64) Centavos {
	if n == 0 {
		return 0
	}
	return Centavos(math.Round(float64(total) / float64(n)))
}

// unDecimal rounds v to one decimal, half away from zero.
func unDecimal(v float64) float64 { return math.Round(v*10) / 10 }
