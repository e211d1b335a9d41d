package domain

import (
	"strings"
	"testing"
)

func TestNormalizarTripulacion(t *testing.T) {
	uno, dos := int64(1), int64(2)
	muchos := make([]Tripulante, MaxTripulantes+1)
	for i := range muchos {
		muchos[i] = Tripulante{Nombre: "Marinero", Funcion: FuncionMarinero}
	}
	for _, c := range []struct {
		nombre string
		ts     []Tripulante
		msg    string
	}{
		{"vacía", nil, MsgTripulacionVacia},
		{"demasiados", muchos, MsgTripulacionMaxima},
		{"sin nombre ni usuario", []Tripulante{{Nombre: "  ", Funcion: FuncionMarinero}}, MsgTripulanteNombre},
		{"nombre largo", []Tripulante{{Nombre: strings.Repeat("a", MaxNombreTripulante+1), Funcion: FuncionMarinero}}, MsgTripulanteNombre},
		{"salto de línea", []Tripulante{{Nombre: "Ana\nRuiz", Funcion: FuncionMarinero}}, MsgTripulanteNombre},
		{"función", []Tripulante{{Nombre: "Ana", Funcion: "capitan"}}, MsgTripulanteFuncion},
		{"dos patrones", []Tripulante{{UsuarioID: &uno, Funcion: FuncionPatron}, {Nombre: "Eva", Funcion: FuncionPatron}}, MsgUnSoloPatron},
		{"usuario repetido", []Tripulante{{UsuarioID: &uno, Funcion: FuncionPatron}, {UsuarioID: &uno, Funcion: FuncionMarinero}},
			MsgTripulanteRepetido},
	} {
		if _, err := NormalizarTripulacion(c.ts); err == nil || err.Error() != c.msg {
			t.Errorf("%s: %v, esperaba %q", c.nombre, err, c.msg)
		}
	}
	ts, err := NormalizarTripulacion([]Tripulante{{UsuarioID: &uno, Funcion: FuncionPatron}, {UsuarioID: &dos, Funcion: FuncionMarinero},
		{Nombre: " Juan Ribera ", Funcion: FuncionAuxiliar}})
	if err != nil || len(ts) != 3 || ts[2].Nombre != "Juan Ribera" || ts[0].Nombre != "" {
		t.Fatalf("%+v %v", ts, err)
	}
}
