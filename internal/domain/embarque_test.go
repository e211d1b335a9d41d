package domain

import "testing"

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

func TestPorcentaje(t *testing.T) {
	for _, c := range [][3]int64{{0, 0, 0}, {1, 3, 33}, {2, 3, 67}, {4, 4, 100}, {1, 8, 13}} {
		if got := Porcentaje(c[0], c[1]); got != c[2] {
			t.Errorf("%d/%d = %d, esperaba %d", c[0], c[1], got, c[2])
		}
	}
}
