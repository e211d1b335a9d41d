package auth

import (
	"crypto/rand"
	"math/big"
	"strings"

	"muelle/internal/domain"
)

// Character sets of generated passwords, without look-alikes (0/O, 1/l/I).
const (
	mayusculas = "ABCDEFGHJKLMNPQRSTUVWXYZ"
	minusculas = "abcdefghijkmnopqrstuvwxyz"
	digitos    = "23456789"
	simbolos   = "!#$%&*+-=?@_"
	// largoGenerado is the length of a random (not readable) password.
	largoGenerado = 16
)

// Readable passwords are made of pronounceable words of consonant-vowel
// syllables, letters whose sound in Spanish is unambiguous when dictated (no
// b/v, c/k/q/s/z, g/j, ll/y): "Bamotu-Keralo-Sifude-47!". Each syllable is one
// of 12 × 5, so the 9 syllables, 2 digits and a symbol make about 62.7 bits.
const (
	consonantes       = "bdfjklmnprst"
	vocales           = "aeiou"
	palabrasClave     = 3
	silabasPorPalabra = 3
)

// MaxPasswordsGeneradas bounds how many passwords one request asks for.
const MaxPasswordsGeneradas = 10

// GenerarPassword returns a password from a cryptographic random source that
// meets the whole policy (a draw that does not is drawn again): readable ones
// are three capitalised words of three syllables, two digits and a symbol
// ("Bamotu-Keralo-Sifude-47!"); the others are 16 characters of every class.
// Both carry at least 60 bits of entropy (generador_test.go computes it).
func GenerarPassword(legible bool) string {
	for {
		p := passwordAleatoria()
		if legible {
			p = passwordLegible()
		}
		if domain.ValidarPassword(p, domain.DatosPersonales{}).Valid {
			return p
		}
	}
}

func passwordLegible() string {
	var b strings.Builder
	for range palabrasClave {
		b.WriteString(palabraLegible())
		b.WriteByte('-')
	}
	b.WriteByte(uno(digitos))
	b.WriteByte(uno(digitos))
	b.WriteByte(uno(simbolos))
	return b.String()
}

// palabraLegible is a capitalised word of silabasPorPalabra syllables.
func palabraLegible() string {
	w := make([]byte, 0, 2*silabasPorPalabra)
	for range silabasPorPalabra {
		w = append(w, uno(consonantes), uno(vocales))
	}
	w[0] -= 'a' - 'A'
	return string(w)
}

func passwordAleatoria() string {
	todos := mayusculas + minusculas + digitos + simbolos
	rs := []byte{uno(mayusculas), uno(minusculas), uno(digitos), uno(simbolos)}
	for len(rs) < largoGenerado {
		rs = append(rs, uno(todos))
	}
	for i := len(rs) - 1; i > 0; i-- { // Fisher–Yates, so the classes are not in a fixed place
		j := azar(i + 1)
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

func uno(set string) byte { return set[azar(len(set))] }

// azar is a uniform integer in [0, n) from crypto/rand.
func azar(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic("auth: sin fuente de aleatoriedad: " + err.Error())
	}
	return int(v.Int64())
}
