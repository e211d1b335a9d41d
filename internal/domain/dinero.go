package domain

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Centavos is an amount of money in ARS cents. JSON carries it as a number with
// up to two decimals (1500.5); arithmetic never touches floats.
type Centavos int64

// MarshalJSON writes the amount as a JSON number with two decimals.
func (c Centavos) MarshalJSON() ([]byte, error) {
	sign, v := "", int64(c)
	if v < 0 {
		sign, v = "-", -v
	}
	return []byte(fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)), nil
}

// UnmarshalJSON reads a JSON number (or numeric string) with at most two
// decimals and at most MontoMaximo either way.
func (c *Centavos) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal([]byte(s), &s); err != nil {
			return Invalid(MsgMontoInvalido)
		}
	}
	v, err := ParseMonto(s)
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// MontoMaximo bounds every amount, price and total: $ 100.000.000,00. Sums of
// bounded amounts are checked (Sumar), so no figure ever wraps around int64.
const MontoMaximo Centavos = 10_000_000_000

// MsgMontoMaximo refuses an amount past MontoMaximo.
const MsgMontoMaximo = "No debe superar $ 100.000.000,00"

// MsgTotalMaximo refuses a total (a sale, a register's figures) past MontoMaximo.
const MsgTotalMaximo = "El total supera el máximo permitido de $ 100.000.000,00"

// Sumar adds amounts, refusing a result (or a partial sum) past MontoMaximo
// either way with MsgTotalMaximo. Every total in Go goes through it.
func Sumar(montos ...Centavos) (Centavos, error) {
	var total Centavos
	for _, m := range montos {
		if m > MontoMaximo || m < -MontoMaximo {
			return 0, Invalid(MsgTotalMaximo)
		}
		total += m // both within ±MontoMaximo: no int64 overflow
		if total > MontoMaximo || total < -MontoMaximo {
			return 0, Invalid(MsgTotalMaximo)
		}
	}
	return total, nil
}

// Multiplicar is precio × cantidad, refused past MontoMaximo like Sumar.
func Multiplicar(precio Centavos, cantidad int) (Centavos, error) {
	if cantidad < 0 || precio < 0 || precio > MontoMaximo {
		return 0, Invalid(MsgTotalMaximo)
	}
	if cantidad > 0 && precio > MontoMaximo/Centavos(cantidad) {
		return 0, Invalid(MsgTotalMaximo)
	}
	return precio * Centavos(cantidad), nil
}

// MsgMontoInvalido is the spec's message for a malformed amount.
const MsgMontoInvalido = "Debe ser un número válido"

// MsgMontoNoNegativo refuses a negative amount where zero or more is required.
const MsgMontoNoNegativo = "Debe ser un monto válido (mayor o igual a cero)"

// ValidarNoNegativo accepts an amount from zero to MontoMaximo (an opening
// float, a counted close, a price).
func ValidarNoNegativo(m Centavos) error {
	if m < 0 {
		return Invalid(MsgMontoNoNegativo)
	}
	if m > MontoMaximo {
		return Invalid(MsgMontoMaximo)
	}
	return nil
}

// ParseMonto parses "1500", "1500.5" or "-3.25" into cents exactly; an
// amount past MontoMaximo either way is refused with MsgMontoMaximo.
func ParseMonto(s string) (Centavos, error) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || (hasFrac && frac == "") || !digits(whole) || !digits(frac) {
		return 0, Invalid(MsgMontoInvalido)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > int64(MontoMaximo/100) {
		return 0, Invalid(MsgMontoMaximo)
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "0")[:2], 10, 64)
	}
	v := Centavos(w*100 + f)
	if v > MontoMaximo {
		return 0, Invalid(MsgMontoMaximo)
	}
	if neg {
		v = -v
	}
	return v, nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Numero writes the amount the es-AR way without the currency sign: 1.234,50
// (-1.234,50 when negative), as CSV cells and printed tickets show it.
func (c Centavos) Numero() string {
	sign, v := "", int64(c)
	if v < 0 {
		sign, v = "-", -v
	}
	whole := strconv.FormatInt(v/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s%s,%02d", sign, b.String(), v%100)
}

// String formats the amount the es-AR way: $ 1.234,50 (-$ 1.234,50 when negative).
func (c Centavos) String() string {
	if n, negativo := strings.CutPrefix(c.Numero(), "-"); negativo {
		return "-$ " + n
	}
	return "$ " + c.Numero()
}
