package auth

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"muelle/internal/domain"
)

func TestGenerarPasswordCumpleLaPolitica(t *testing.T) {
	vistas := map[string]bool{}
	for i := 0; i < 50; i++ {
		for _, legible := range []bool{true, false} {
			p := GenerarPassword(legible)
			if v := domain.ValidarPassword(p, domain.DatosPersonales{}); !v.Valid {
				t.Fatalf("%q no cumple: %v", p, v.Errors)
			}
			if !legible && len(p) != largoGenerado {
				t.Fatalf("%q: largo %d", p, len(p))
			}
			vistas[p] = true
		}
	}
	if len(vistas) < 95 {
		t.Fatalf("solo %d contraseñas distintas de 100", len(vistas))
	}
}

// TestLasClavesGeneradasTienenAlMenos60Bits computes the entropy of each
// generator from its alphabets and lengths, and checks that what it draws
// has that shape (so the figures are the generator's own).
func TestLasClavesGeneradasTienenAlMenos60Bits(t *testing.T) {
	bits := func(set string) float64 { return math.Log2(float64(len(set))) }
	silaba := bits(consonantes) + bits(vocales)
	legible := float64(palabrasClave*silabasPorPalabra)*silaba + 2*bits(digitos) + bits(simbolos)
	// a lower bound: the four forced classes and the rest drawn from all of them
	aleatoria := bits(mayusculas) + bits(minusculas) + bits(digitos) + bits(simbolos) +
		float64(largoGenerado-4)*bits(mayusculas+minusculas+digitos+simbolos)
	for nombre, b := range map[string]float64{"legible": legible, "aleatoria": aleatoria} {
		if b < 60 {
			t.Errorf("contraseña %s: %.1f bits, se esperaban al menos 60", nombre, b)
		}
	}
	silabaRE := "[" + clase(consonantes) + "][" + clase(vocales) + "]"
	palabra := "[" + clase(strings.ToUpper(consonantes)) + "][" + clase(vocales) + "]" +
		fmt.Sprintf("(%s){%d}", silabaRE, silabasPorPalabra-1)
	legibleRE := regexp.MustCompile(fmt.Sprintf("^(%s-){%d}[%s]{2}[%s]$", palabra, palabrasClave, clase(digitos),
		clase(simbolos)))
	aleatoriaRE := regexp.MustCompile(fmt.Sprintf("^[%s]{%d}$", clase(mayusculas+minusculas+digitos+simbolos),
		largoGenerado))
	for range 50 {
		if p := GenerarPassword(true); !legibleRE.MatchString(p) {
			t.Fatalf("%q no tiene la forma de una contraseña legible (%s)", p, legibleRE)
		}
		if p := GenerarPassword(false); !aleatoriaRE.MatchString(p) {
			t.Fatalf("%q no tiene la forma de una contraseña aleatoria", p)
		}
	}
}

// clase escapes every punctuation character of set for a regexp character class.
func clase(set string) string {
	var b strings.Builder
	for _, r := range set {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
