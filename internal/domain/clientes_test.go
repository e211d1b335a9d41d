package domain

import "testing"

func TestNormalizarBusqueda(t *testing.T) {
	for in, want := range map[string]string{"Gómez": "gomez", "  PEÑA  ": "pena", "Müller": "muller", "ÁéÍóÚ 12": "aeiou 12"} {
		if got := NormalizarBusqueda(in); got != want {
			t.Errorf("NormalizarBusqueda(%q) = %q, quiero %q", in, got, want)
		}
	}
}

func TestClienteNormalizar(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Cliente
		msg  string
	}{
		{"válido", Cliente{Nombre: " Ana ", Documento: " 123 "}, ""},
		{"sin nombre", Cliente{Documento: "1"}, MsgClienteNombre},
		{"sin documento", Cliente{Nombre: "Ana"}, MsgClienteDocumento},
		{"documento largo", Cliente{Nombre: "Ana", Documento: "123456789012345678901"}, MsgDocumentoClienteLargo},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.in.Normalizar()
			if tc.msg == "" {
				if err != nil || c.Nombre != "Ana" || c.Documento != "123" {
					t.Fatalf("%+v %v", c, err)
				}
				return
			}
			if err == nil || err.Error() != tc.msg {
				t.Fatalf("error %v, quiero %q", err, tc.msg)
			}
		})
	}
}
