package auth

import (
	"crypto/rand"
	"math/big"

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

// palabrasLegibles are the words of readable passwords: river and port words,
// none of them on the common list.
var palabrasLegibles = []string{"Remo", "Muelle", "Delta", "Isla", "Junco", "Ceibo", "Timon", "Proa", "Popa",
	"Ancla", "Sauce", "Garza", "Bote", "Vela", "Costa", "Orilla", "Marea", "Faro", "Brisa", "Canal", "Puerto",
	"Lancha", "Boya", "Estela"}

// MaxPasswordsGeneradas bounds how many passwords one request asks for.
const MaxPasswordsGeneradas = 10

// GenerarPassword returns a password from a cryptographic random source that
// meets the whole policy: readable ones are two words, two digits and a
// symbol ("Garza47!Remo"); the others are 16 characters of every class.
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
	return elegir(palabrasLegibles) + string(uno(digitos)) + string(uno(digitos)) + string(uno(simbolos)) +
		elegir(palabrasLegibles)
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

func elegir(ws []string) string { return ws[azar(len(ws))] }

// azar is a uniform integer in [0, n) from crypto/rand.
func azar(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic("auth: sin fuente de aleatoriedad: " + err.Error())
	}
	return int(v.Int64())
}
