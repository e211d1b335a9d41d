package domain

import (
	"testing"
	"time"
)

func TestLeerCodigoIngresado(t *testing.T) {
	if _, err := LeerCodigoIngresado("  "); err == nil || err.Error() != MsgCodigoVacio {
		t.Fatalf("vacío: %v", err)
	}
	c, err := LeerCodigoIngresado(" ld-20261120-000001 ")
	if err != nil || c.QR != nil || c.Numero != "LD-20261120-000001" {
		t.Fatalf("número: %+v %v", c, err)
	}
	if _, err := LeerCodigoIngresado("MUELLE1.roto"); err == nil || err.Error() != MsgPasajeNoEncontrado {
		t.Fatalf("QR roto: %v", err)
	}
}

func TestNumeroPasajeEscrito(t *testing.T) {
	for escrito, want := range map[string]string{
		"P20261125000123":    "P-20261125-000123",
		" ld20261122000042 ": "LD-20261122-000042",
		"LD 20261122 000042": "LD-20261122-000042",
		"LD-20261122000042":  "LD-20261122-000042",
		"LD-20261122-000042": "LD-20261122-000042",
		"L220261125000001":   "L2-20261125-000001",  // a prefix that ends in a digit
		"LD202611221000000":  "LD-20261122-1000000", // past the sixth digit of the sequence
		"ÑA20261122000007":   "ÑA-20261122-000007",
		"LD20261342000042":   "LD20261342000042", // no such date: as typed
		"20261122000042":     "20261122000042",   // no prefix
		"algo":               "ALGO",
	} {
		if got := NumeroPasajeEscrito(escrito); got != want {
			t.Errorf("NumeroPasajeEscrito(%q) = %q, esperaba %q", escrito, got, want)
		}
	}
}

func TestMensajePasajeOtraFecha(t *testing.T) {
	if got := MensajePasajeOtraFecha("2026-11-28"); got != "Pasaje para el 28/11/2026 — ¿embarcar igual?" {
		t.Fatalf("mensaje = %q", got)
	}
}

func TestPorcentaje(t *testing.T) {
	for _, c := range [][3]int64{{0, 0, 0}, {1, 3, 33}, {2, 3, 67}, {4, 4, 100}, {1, 8, 13}} {
		if got := Porcentaje(c[0], c[1]); got != c[2] {
			t.Errorf("%d/%d = %d, esperaba %d", c[0], c[1], got, c[2])
		}
	}
}

func TestPuedeDeshacerEmbarque(t *testing.T) {
	now := time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)
	embarcado := EmbarqueHecho{Estado: PasajeUsado, ValidadorID: 7, ValidadoPor: "Ramón Acosta", FechaEmbarque: now.Add(-time.Minute)}
	cases := []struct {
		name    string
		e       EmbarqueHecho
		usuario int64
		kind    Kind // 0: allowed
		msg     string
	}{
		{"el mismo usuario dentro del plazo", embarcado, 7, 0, ""},
		{"justo al límite del plazo", EmbarqueHecho{Estado: PasajeUsado, ValidadorID: 7, FechaEmbarque: now.Add(-PlazoDeshacerEmbarque)}, 7, 0, ""},
		{"pasado el plazo", EmbarqueHecho{Estado: PasajeUsado, ValidadorID: 7, FechaEmbarque: now.Add(-PlazoDeshacerEmbarque - time.Second)}, 7,
			KindConflict, "Pasaron más de 2 minutos desde el embarque: ya no se puede deshacer"},
		{"otro usuario", embarcado, 8, KindForbidden, "Este embarque lo validó Ramón Acosta: solo quien lo validó puede deshacerlo"},
		{"pendiente", EmbarqueHecho{Estado: PasajeActivo}, 7, KindConflict, MsgPasajeNoEmbarcado},
		{"cancelado", EmbarqueHecho{Estado: PasajeCancelado}, 7, KindConflict, MsgPasajeNoEmbarcado},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := PuedeDeshacerEmbarque(c.e, c.usuario, now)
			if c.kind == 0 {
				if err != nil {
					t.Fatalf("se esperaba permitido: %v", err)
				}
				return
			}
			e, ok := AsError(err)
			if !ok || e.Kind != c.kind || e.Message != c.msg {
				t.Fatalf("error = %v, se esperaba %d %q", err, c.kind, c.msg)
			}
		})
	}
}

func TestEtiquetaTramo(t *testing.T) {
	for _, c := range []struct{ tramo, sentido, want string }{
		{TramoIda, TramoIda, "Ida"},
		{TramoVuelta, TramoVuelta, "Vuelta"},
		{TramoIda, TramoVuelta, "Vuelta (tramo de ida del pasaje)"},
		{TramoVuelta, TramoIda, "Ida (tramo de vuelta del pasaje)"},
	} {
		if got := EtiquetaTramo(c.tramo, c.sentido); got != c.want {
			t.Fatalf("%s en %s: %q", c.tramo, c.sentido, got)
		}
	}
}
