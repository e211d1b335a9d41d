package domain

import "testing"

func TestPorcentajeDecimal(t *testing.T) {
	for _, c := range []struct {
		parte, total int64
		want         float64
	}{{0, 0, 0}, {5, 0, 0}, {1, 5, 20}, {1, 3, 33.3}, {2, 3, 66.7}, {1, 8, 12.5}, {3, 3, 100}, {0, 7, 0}} {
		if got := PorcentajeDecimal(c.parte, c.total); got != c.want {
			t.Errorf("PorcentajeDecimal(%d, %d) = %v, esperaba %v", c.parte, c.total, got, c.want)
		}
	}
}

func TestVariacion(t *testing.T) {
	for _, c := range []struct {
		actual, anterior int64
		want             *float64
	}{
		{5, 0, nil}, {0, 0, nil},
		{5, 4, new(25.0)}, {3, 4, new(-25.0)}, {0, 4, new(-100.0)}, {4, 4, new(0.0)},
		{2, 3, new(-33.3)}, {4, 3, new(33.3)}, {1000000, 1, new(99999900.0)}, {1, 8, new(-87.5)},
	} {
		got := Variacion(c.actual, c.anterior)
		if (got == nil) != (c.want == nil) || got != nil && *got != *c.want {
			t.Errorf("Variacion(%d, %d) = %v, esperaba %v", c.actual, c.anterior, deref(got), deref(c.want))
		}
	}
}

func TestVariacionPuntos(t *testing.T) {
	if got := VariacionPuntos(50, 0, false); got != nil {
		t.Errorf("sin período anterior: %v", *got)
	}
	for _, c := range [][3]float64{{50, 25, 25}, {33.3, 66.7, -33.4}, {0, 0, 0}, {20, 20, 0}} {
		got := VariacionPuntos(c[0], c[1], true)
		if got == nil || *got != c[2] {
			t.Errorf("VariacionPuntos(%v, %v) = %v, esperaba %v", c[0], c[1], deref(got), c[2])
		}
	}
}

func TestPromedio(t *testing.T) {
	for _, c := range []struct {
		total Centavos
		n     int64
		want  Centavos
	}{{0, 0, 0}, {100, 0, 0}, {800000, 5, 160000}, {100, 3, 33}, {200, 3, 67}, {5, 2, 3}} {
		if got := Promedio(c.total, c.n); got != c.want {
			t.Errorf("Promedio(%d, %d) = %d, esperaba %d", c.total, c.n, got, c.want)
		}
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
