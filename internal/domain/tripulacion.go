package domain

import (
	"strings"
	"unicode/utf8"
)

// The crew roster of a departure (issue 40 item 4;
// docs/features/manifiesto.md): who is on board besides the passengers, on
// the rol de pasajeros that its patrón signs.

// Functions of a crew member.
const (
	FuncionPatron   = "patron"
	FuncionMarinero = "marinero"
	FuncionAuxiliar = "auxiliar"
)

// NombreFuncion is how a crew member's function reads.
var NombreFuncion = map[string]string{FuncionPatron: "Patrón", FuncionMarinero: "Marinero", FuncionAuxiliar: "Auxiliar"}

// Bounds of a roster.
const (
	MaxTripulantes         = 20
	MaxNombreTripulante    = 100
	MsgTripulacionVacia    = "Indique al menos un tripulante"
	MsgTripulacionMaxima   = "Una salida admite como máximo 20 tripulantes"
	MsgTripulanteNombre    = "Indique el nombre de cada tripulante (hasta 100 caracteres) o elija un usuario"
	MsgTripulanteFuncion   = "La función de cada tripulante debe ser patrón, marinero o auxiliar"
	MsgUnSoloPatron        = "La tripulación lleva un solo patrón"
	MsgTripulanteRepetido  = "Un usuario figura dos veces en la tripulación"
	MsgTripulacionGuardada = "Tripulación guardada"
	MsgTripulacionZarpada  = "La salida ya zarpó o fue cancelada: su tripulación no se cambia"
)

// Tripulante is one crew member of a departure: a user of the company
// (UsuarioID, whose name is read from the user when Nombre is empty) or a
// name typed, and the function on board.
type Tripulante struct {
	UsuarioID *int64 `json:"usuario_id"`
	Nombre    string `json:"nombre"`
	Funcion   string `json:"funcion" enum:"patron,marinero,auxiliar"`
}

// NormalizarTripulacion trims a roster and checks it: one to MaxTripulantes
// members, each a user or a name of at most MaxNombreTripulante characters
// without control characters, each with a known function, at most one
// patrón, no user twice.
func NormalizarTripulacion(ts []Tripulante) ([]Tripulante, error) {
	switch {
	case len(ts) == 0:
		return nil, Invalid(MsgTripulacionVacia)
	case len(ts) > MaxTripulantes:
		return nil, Invalid(MsgTripulacionMaxima)
	}
	out := make([]Tripulante, len(ts))
	usuarios, patrones := map[int64]bool{}, 0
	for i, t := range ts {
		t.Nombre = strings.TrimSpace(t.Nombre)
		switch {
		case t.UsuarioID == nil && t.Nombre == "", utf8.RuneCountInString(t.Nombre) > MaxNombreTripulante,
			!utf8.ValidString(t.Nombre) || strings.ContainsFunc(t.Nombre, controlOFormato):
			return nil, Invalid(MsgTripulanteNombre)
		case NombreFuncion[t.Funcion] == "":
			return nil, Invalid(MsgTripulanteFuncion)
		case t.UsuarioID != nil && usuarios[*t.UsuarioID]:
			return nil, Invalid(MsgTripulanteRepetido)
		}
		if t.UsuarioID != nil {
			usuarios[*t.UsuarioID] = true
		}
		if t.Funcion == FuncionPatron {
			if patrones++; patrones > 1 {
				return nil, Invalid(MsgUnSoloPatron)
			}
		}
		out[i] = t
	}
	return out, nil
}
