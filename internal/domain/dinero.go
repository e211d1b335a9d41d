package domain

import (
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

// UnmarshalJSON reads a JSON number (or numeric string) with at most two decimals.
func (c *Centavos) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	v, err := ParseMonto(s)
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// MsgMontoInvalido is the spec's message for a malformed amount.
const MsgMontoInvalido = "Debe ser un número válido"

// MsgMontoNoNegativo refuses a negative amount where zero or more is required.
const MsgMontoNoNegativo = "Debe ser un monto válido (mayor o igual a cero)"

// ValidarNoNegativo accepts an amount of zero or more (an opening float, a
// counted close, a price).
func ValidarNoNegativo(m Centavos) error {
	if m < 0 {
		return Invalid(MsgMontoNoNegativo)
	}
	return nil
}

// Abs is the amount without its sign.
func (c Centavos) Abs() Centavos {
	if c < 0 {
		return -c
	}
	return c
}

// ParseMonto parses "1500", "1500.5" or "-3.25" into cents exactly.
func ParseMonto(s string) (Centavos, error) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || (hasFrac && frac == "") || !digits(whole) || !digits(frac) {
		return 0, Invalid(MsgMontoInvalido)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > 1e13 {
		return 0, Invalid(MsgMontoInvalido)
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "0")[:2], 10, 64)
	}
	v := Centavos(w*100 + f)
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

// String formats the amount the es-AR way: $ 1.234,50.
func (c Centavos) String() string {
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
	return fmt.Sprintf("%s$ %s,%02d", sign, b.String(), v%100)
}
