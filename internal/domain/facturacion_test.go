package domain

import (
	"slices"
	"testing"
)

// TestNormalizarCUITChecksTheCheckDigit: 11 digits with or without dashes and
// the right check digit pass (kept without dashes); any other digit, length
// or a check digit of 10 (20-20000009) are refused with the Spanish message.
func TestNormalizarCUITChecksTheCheckDigit(t *testing.T) {
	for in, want := range map[string]string{"20-12345678-6": "20123456786", "30714443549": "30714443549",
		" 27-28033514-8 ": "27280335148"} {
		if got, err := NormalizarCUIT(in); err != nil || got != want {
			t.Errorf("NormalizarCUIT(%q) = %q, %v; se esperaba %q", in, got, err, want)
		}
	}
	for _, in := range []string{"20-12345678-5", "2012345678", "201234567861", "20-1234567a-6", "", "30-00000001-0", "20-20000009-0"} {
		if _, err := NormalizarCUIT(in); !esInvalido(err, MsgFacturacionCUIT) {
			t.Errorf("NormalizarCUIT(%q): %v; se esperaba %q", in, err, MsgFacturacionCUIT)
		}
	}
}

func esInvalido(err error, msg string) bool {
	e, ok := AsError(err)
	return ok && e.Kind == KindInvalid && e.Message == msg
}

// TestPerfilFiscalNormalizar: every rule of the profile refuses with its message.
func TestPerfilFiscalNormalizar(t *testing.T) {
	ok := PerfilFiscal{CUIT: "20-12345678-6", CondicionIVA: CondicionResponsableInscripto, PuntoVentaCAE: 3,
		PuntoVentaCAEA: 4, Entorno: EntornoHomologacion}
	if p, err := ok.Normalizar(); err != nil || p.CUIT != "20123456786" {
		t.Fatalf("%+v, %v", p, err)
	}
	casos := []struct {
		cambio func(*PerfilFiscal)
		msg    string
	}{
		{func(p *PerfilFiscal) { p.CUIT = "20123456787" }, MsgFacturacionCUIT},
		{func(p *PerfilFiscal) { p.CondicionIVA = "consumidor_final" }, MsgFacturacionCondicion},
		{func(p *PerfilFiscal) { p.Entorno = "prueba" }, MsgFacturacionEntorno},
		{func(p *PerfilFiscal) { p.PuntoVentaCAE = 0 }, MsgFacturacionPuntoVenta},
		{func(p *PerfilFiscal) { p.PuntoVentaCAEA = MaxPuntoVenta + 1 }, MsgFacturacionPuntoVenta},
		{func(p *PerfilFiscal) { p.PuntoVentaCAEA = 3 }, MsgFacturacionPuntosIguales},
	}
	for i, c := range casos {
		p := ok
		c.cambio(&p)
		if _, err := p.Normalizar(); !esInvalido(err, c.msg) {
			t.Errorf("caso %d: %v; se esperaba %q", i, err, c.msg)
		}
	}
}

// TestComprobantesPermitidos: RI issues A and B, monotributo and exento C;
// each with its credit note.
func TestComprobantesPermitidos(t *testing.T) {
	codigos := func(c string) (out []int) {
		for _, t := range ComprobantesPermitidos(c) {
			out = append(out, t.Codigo, t.NotaCredito)
		}
		return out
	}
	if got := codigos(CondicionResponsableInscripto); !slices.Equal(got, []int{1, 3, 6, 8}) {
		t.Errorf("RI: %v", got)
	}
	for _, c := range []string{CondicionMonotributo, CondicionExento} {
		if got := codigos(c); !slices.Equal(got, []int{11, 13}) {
			t.Errorf("%s: %v", c, got)
		}
	}
	if ComprobantesPermitidos("otra") != nil {
		t.Error("una condición desconocida no emite nada")
	}
}

func TestValidarTratamientoIVA(t *testing.T) {
	for _, tr := range TratamientosIVA {
		if err := ValidarTratamientoIVA(tr); err != nil {
			t.Error(err)
		}
	}
	if err := ValidarTratamientoIVA("iva_27"); !esInvalido(err, MsgTratamientoIVA) {
		t.Error(err)
	}
}
