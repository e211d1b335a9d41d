package domain

import (
	"reflect"
	"strings"
	"testing"
)

func TestNormalizarParadas(t *testing.T) {
	ok := []Parada{{" Tigre ", 0}, {"Tres Bocas", 25}, {"Paraná de las Palmas", 90}}
	got, err := NormalizarParadas(ok)
	if err != nil || got[0].Nombre != "Tigre" || got[2].Minutos != 90 {
		t.Fatalf("%v %v", got, err)
	}
	largo := strings.Repeat("á", 60)
	if _, err := NormalizarParadas([]Parada{{largo, 0}, {"B", 1440}}); err != nil {
		t.Fatalf("60 caracteres y 24 horas: %v", err)
	}
	muchas := make([]Parada, 31)
	for i := range muchas {
		muchas[i] = Parada{Nombre: strings.Repeat("x", i+1), Minutos: i}
	}
	if _, err := NormalizarParadas(muchas[:30]); err != nil {
		t.Fatalf("30 paradas: %v", err)
	}
	for _, c := range []struct {
		nombre string
		ps     []Parada
		msg    string
	}{
		{"ninguna", nil, MsgParadasCantidad},
		{"una", []Parada{{"Tigre", 0}}, MsgParadasCantidad},
		{"31", muchas, MsgParadasCantidad},
		{"nombre vacío", []Parada{{"Tigre", 0}, {"  ", 10}}, MsgParadaNombre},
		{"nombre largo", []Parada{{"Tigre", 0}, {largo + "a", 10}}, MsgParadaNombre},
		{"control", []Parada{{"Tigre", 0}, {"Tres\tBocas", 10}}, MsgParadaNombreInvalido(2)},
		{"invisible", []Parada{{"Ti\u200bgre", 0}, {"Tres Bocas", 10}}, MsgParadaNombreInvalido(1)},
		{"repetida", []Parada{{"Tigre", 0}, {"TIGRE", 10}}, MsgParadaRepetida("TIGRE")},
		{"repetida con acentos", []Parada{{"Paraná", 0}, {"PARANÁ", 10}}, MsgParadaRepetida("PARANÁ")},
		{"primera no en 0", []Parada{{"Tigre", 5}, {"Tres Bocas", 10}}, MsgParadaPrimera},
		{"iguales", []Parada{{"Tigre", 0}, {"Tres Bocas", 0}}, MsgParadaMinutos("Tres Bocas")},
		{"decrecen", []Parada{{"Tigre", 0}, {"A", 30}, {"B", 20}}, MsgParadaMinutos("B")},
		{"más de un día", []Parada{{"Tigre", 0}, {"B", 1441}}, MsgParadaMinutos("B")},
		{"negativos", []Parada{{"Tigre", 0}, {"B", -5}}, MsgParadaMinutos("B")},
	} {
		_, err := NormalizarParadas(c.ps)
		if e, ok := err.(*Error); !ok || e.Message != c.msg || e.Kind != KindInvalid {
			t.Errorf("%s: %v, quería %q", c.nombre, err, c.msg)
		}
	}
}

func TestParadasIniciales(t *testing.T) {
	largo := strings.Repeat("b", 70)
	for _, c := range []struct{ seccion, a, b string }{
		{"Tigre – Tres Bocas", "Tigre", "Tres Bocas"},
		{"Tigre - Tres Bocas", "Tigre", "Tres Bocas"},
		{"Tigre  –  Tres Bocas", "Tigre", "Tres Bocas"},
		{"Tres Bocas", ParadaTerminal, "Tres Bocas"},
		{"Tigre-Tres Bocas", ParadaTerminal, "Tigre-Tres Bocas"},
		{"Tigre – Tres Bocas – Paraná", ParadaTerminal, "Tigre – Tres Bocas – Paraná"},
		{"Tigre - Tres Bocas – Paraná", ParadaTerminal, "Tigre - Tres Bocas – Paraná"},
		{"Tigre – tigre", ParadaTerminal, "Tigre – tigre"},
		{"Terminal", ParadaTerminal, ParadaDestino},
		{"terminal", ParadaTerminal, ParadaDestino},
		{"Tigre – " + largo, ParadaTerminal, ("Tigre – " + largo)[:62]},
		{largo, ParadaTerminal, largo[:60]},
		{strings.Repeat("a", 59) + " z", ParadaTerminal, strings.Repeat("a", 59)},
	} {
		got := ParadasIniciales(c.seccion)
		want := []Parada{{Nombre: c.a}, {Nombre: c.b, Minutos: MinutosUltimaParadaPorDefecto}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, quería %v", c.seccion, got, want)
		}
		if _, err := NormalizarParadas(got); err != nil {
			t.Errorf("%q: las paradas iniciales no son válidas: %v", c.seccion, err)
		}
	}
}

func TestHorasDeParadas(t *testing.T) {
	ps := []Parada{{"Tigre", 0}, {"Tres Bocas", 25}, {"Paraná", 90}}
	ida := HorasDeParadas("10:30", SentidoIda, ps)
	if want := []HoraParada{{"Tigre", "10:30"}, {"Tres Bocas", "10:55"}, {"Paraná", "12:00"}}; !reflect.DeepEqual(ida, want) {
		t.Errorf("ida: %v", ida)
	}
	vuelta := HorasDeParadas("17:00", SentidoVuelta, ps)
	if want := []HoraParada{{"Paraná", "17:00"}, {"Tres Bocas", "18:05"}, {"Tigre", "18:30"}}; !reflect.DeepEqual(vuelta, want) {
		t.Errorf("vuelta: %v", vuelta)
	}
	medianoche := HorasDeParadas("23:30", SentidoIda, ps)
	if medianoche[2].Hora != "01:00" {
		t.Errorf("pasada la medianoche: %v", medianoche)
	}
	if HorasDeParadas("25:00", SentidoIda, ps) != nil || HorasDeParadas("10:00", SentidoIda, nil) != nil {
		t.Error("sin hora válida o sin paradas: ninguna")
	}
}
