package auth

import (
	"testing"

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
