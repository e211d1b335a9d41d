package domain

import "testing"

func TestHitoEmbarqueIsReachedOncePerMilestone(t *testing.T) {
	casos := []struct {
		embarcados, total int64
		porcentaje        int
		ok                bool
	}{
		{1, 2, 50, true},
		{2, 2, 100, true},
		{4, 10, 0, false},
		{5, 10, 50, true},
		{6, 10, 0, false},
		{10, 10, 100, true},
		{2, 3, 50, true}, // 66%: the first boarding at or past half
		{1, 3, 0, false},
		{1, 1, 100, true},
		{0, 10, 0, false},
		{11, 10, 0, false},
		{1, 0, 0, false},
	}
	for _, c := range casos {
		p, ok := HitoEmbarque(c.embarcados, c.total)
		if p != c.porcentaje || ok != c.ok {
			t.Errorf("HitoEmbarque(%d, %d) = %d, %v; want %d, %v", c.embarcados, c.total, p, ok, c.porcentaje, c.ok)
		}
	}
}

func TestTiposDeFiltroGroupsTheRegisterTypes(t *testing.T) {
	if tipos, ok := TiposDeFiltro("caja"); !ok || len(tipos) != 2 || tipos[0] != NotifCajaAbierta {
		t.Fatalf("caja = %v, %v", tipos, ok)
	}
	if tipos, ok := TiposDeFiltro("venta"); !ok || tipos[0] != NotifVenta {
		t.Fatalf("venta = %v, %v", tipos, ok)
	}
	if _, ok := TiposDeFiltro("otro"); ok {
		t.Fatal("otro debe ser inválido")
	}
}

func TestMensajeEmbarqueEscribeLaFechaComoDdMmAaaa(t *testing.T) {
	if got := MensajeEmbarque("2026-11-28", 50, 10, 20); got != "Embarcó el 50% de los pasajeros del 28/11/2026 (10 de 20)" {
		t.Fatalf("mensaje = %q", got)
	}
}
