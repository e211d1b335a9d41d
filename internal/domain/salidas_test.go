package domain

import (
	"testing"
	"time"
)

func TestTransicionSalida(t *testing.T) {
	for _, c := range []struct {
		de, a string
		ok    bool
	}{
		{SalidaProgramada, SalidaEmbarcando, true},
		{SalidaProgramada, SalidaCancelada, true},
		{SalidaProgramada, SalidaZarpo, false},
		{SalidaEmbarcando, SalidaZarpo, true},
		{SalidaEmbarcando, SalidaProgramada, true},
		{SalidaEmbarcando, SalidaCancelada, true},
		{SalidaZarpo, SalidaProgramada, false},
		{SalidaZarpo, SalidaCancelada, false},
		{SalidaCancelada, SalidaProgramada, false},
		{SalidaCancelada, SalidaEmbarcando, false},
		{SalidaProgramada, SalidaProgramada, false},
	} {
		if err := TransicionSalida(c.de, c.a); (err == nil) != c.ok {
			t.Errorf("%s → %s: %v", c.de, c.a, err)
		}
	}
	if err := TransicionSalida(SalidaProgramada, "x"); err == nil || err.Error() != MsgSalidaEstadoInvalido {
		t.Fatal(err)
	}
}

func TestMascaraDias(t *testing.T) {
	m, err := MascaraDias([]int{1, 7, 3, 3})
	if err != nil || m != 1|4|64 {
		t.Fatalf("%b %v", m, err)
	}
	if d := DiasDeMascara(m); len(d) != 3 || d[0] != 1 || d[1] != 3 || d[2] != 7 {
		t.Fatal(d)
	}
	for _, malos := range [][]int{nil, {0}, {8}} {
		if _, err := MascaraDias(malos); err == nil {
			t.Fatalf("%v aceptado", malos)
		}
	}
	if DiaISO("2026-11-22") != 7 || DiaISO("2026-11-23") != 1 {
		t.Fatal("día ISO")
	}
}

func TestNormalizarEmbarcacion(t *testing.T) {
	i := func(n int64) *int64 { return &n }
	base := Embarcacion{Nombre: " Delta ", Matricula: " ab-12 ", Capacidad: 50, VencimientoCertificado: "2027-01-31"}
	e, err := NormalizarEmbarcacion(base)
	if err != nil || e.Nombre != "Delta" || e.Matricula != "AB-12" {
		t.Fatalf("%+v %v", e, err)
	}
	for _, c := range []struct {
		cambiar func(*Embarcacion)
		msg     string
	}{
		{func(e *Embarcacion) { e.Capacidad = 0 }, MsgEmbarcacionCapacidad},
		{func(e *Embarcacion) { e.Capacidad = CapacidadMaximaEmbarcacion + 1 }, MsgEmbarcacionCapacidad},
		{func(e *Embarcacion) { e.Asientos = i(50) }, MsgEmbarcacionDistribucion},
		{func(e *Embarcacion) { e.Asientos, e.DePie = i(30), i(10) }, MsgEmbarcacionDistribucion},
		{func(e *Embarcacion) { e.Asientos, e.DePie = i(60), i(-10) }, MsgEmbarcacionDistribucion},
		{func(e *Embarcacion) { e.VencimientoCertificado = "2027-02-30" }, MsgEmbarcacionVencimiento},
	} {
		e := base
		c.cambiar(&e)
		if _, err := NormalizarEmbarcacion(e); err == nil || err.Error() != c.msg {
			t.Errorf("%+v: %v", e, err)
		}
	}
	e = base
	e.Asientos, e.DePie = i(40), i(10)
	if _, err := NormalizarEmbarcacion(e); err != nil {
		t.Fatal(err)
	}
}

func TestCertificadoYProgramacion(t *testing.T) {
	if !CertificadoVigente("2026-11-22", "2026-11-22") || CertificadoVigente("2026-11-22", "2026-11-23") {
		t.Fatal("el vencimiento es el último día válido")
	}
	if AvisoCertificadoDesde("2026-12-15") != "2026-11-15" {
		t.Fatal(AvisoCertificadoDesde("2026-12-15"))
	}
	en, err := ProgramadaEn("2026-11-20", "10:30", Location(ZonaHorariaPorDefecto))
	if err != nil || !en.Equal(time.Date(2026, 11, 20, 13, 30, 0, 0, time.UTC)) {
		t.Fatal(en, err)
	}
	if f := FechasDesde("2026-12-30", 3); len(f) != 3 || f[2] != "2027-01-01" {
		t.Fatal(f)
	}
}

func TestValidarZarpe(t *testing.T) {
	programada := time.Date(2026, 11, 20, 13, 30, 0, 0, time.UTC) // 10:30 in Buenos Aires
	for _, c := range []struct {
		antes      time.Duration
		confirmado bool
		msg        string
	}{
		{90 * time.Minute, false, "La salida de las 10:30 está programada para dentro de 90 minutos. ¿Zarpar igual?"},
		{90 * time.Minute, true, ""},
		{15 * time.Minute, false, ""},
		{15*time.Minute + time.Second, false, "La salida de las 10:30 está programada para dentro de 16 minutos. ¿Zarpar igual?"},
		{0, false, ""},
		{-time.Hour, false, ""}, // late: no question
		{3 * time.Hour, false, "La salida de las 10:30 está programada para dentro de 3 horas. ¿Zarpar igual?"},
		{150 * time.Minute, false, "La salida de las 10:30 está programada para dentro de 2 h 30 min. ¿Zarpar igual?"},
	} {
		err := ValidarZarpe(programada, programada.Add(-c.antes), "10:30", c.confirmado)
		if c.msg == "" {
			if err != nil {
				t.Errorf("%v antes, confirmado %v: %v", c.antes, c.confirmado, err)
			}
			continue
		}
		e, ok := AsError(err)
		if !ok || e.Kind != KindConflict || e.Message != c.msg {
			t.Errorf("%v antes: %v; esperaba 409 %q", c.antes, err, c.msg)
			continue
		}
		if d, _ := e.Data.(ZarpeAnticipado); d.Hora != "10:30" || d.Minutos != int64((c.antes+time.Minute-1)/time.Minute) {
			t.Errorf("%v antes: datos %+v", c.antes, e.Data)
		}
	}
}
