package domain

import "testing"

func TestLeyendaDuplicado(t *testing.T) {
	for n, want := range map[int]string{0: "", 1: "", 2: "Duplicado 2", 3: "Duplicado 3", 12: "Duplicado 12"} {
		if got := LeyendaDuplicado(n); got != want {
			t.Errorf("LeyendaDuplicado(%d) = %q, want %q", n, got, want)
		}
		if EsDuplicado(n) != (want != "") {
			t.Errorf("EsDuplicado(%d) = %v", n, EsDuplicado(n))
		}
	}
}
