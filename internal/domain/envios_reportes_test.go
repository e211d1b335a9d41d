package domain

import (
	"testing"
	"time"
)

func TestProximoEnvioInTheCompanysZone(t *testing.T) {
	ar := Location("America/Argentina/Buenos_Aires")
	// Wednesday 25/11/2026 10:30 in Buenos Aires (13:30 UTC)
	desde := time.Date(2026, 11, 25, 13, 30, 0, 0, time.UTC)
	cases := []struct {
		tipo string
		hora int
		want time.Time
	}{
		{ProgramaCajasDiario, 11, time.Date(2026, 11, 25, 14, 0, 0, 0, time.UTC)},
		{ProgramaCajasDiario, 10, time.Date(2026, 11, 26, 13, 0, 0, 0, time.UTC)},
		{ProgramaCajasDiario, 23, time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC)},
		{ProgramaVentasSemanal, 7, time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)},
		{ProgramaVentasMensual, 6, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)},
		{ProgramaVentasMensual, 0, time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC)},
	}
	for _, c := range cases {
		if got := ProximoEnvio(c.tipo, c.hora, desde, ar); !got.Equal(c.want) {
			t.Errorf("ProximoEnvio(%s, %d) = %v, want %v", c.tipo, c.hora, got, c.want)
		}
	}
	// exactly at the hour: the next one, never the same instant again
	lunes := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	if got := ProximoEnvio(ProgramaVentasSemanal, 7, lunes, ar); !got.Equal(lunes.AddDate(0, 0, 7)) {
		t.Errorf("a Monday send at its hour goes next Monday, got %v", got)
	}
}

func TestPeriodoProgramado(t *testing.T) {
	cases := []struct {
		tipo, dia   string
		desde, hast string
	}{
		{ProgramaCajasDiario, "2026-03-01", "2026-02-28", "2026-02-28"},
		{ProgramaVentasSemanal, "2026-11-30", "2026-11-23", "2026-11-29"},
		{ProgramaVentasMensual, "2026-01-01", "2025-12-01", "2025-12-31"},
		{ProgramaVentasMensual, "2026-03-01", "2026-02-01", "2026-02-28"},
	}
	for _, c := range cases {
		p, err := PeriodoProgramado(c.tipo, c.dia)
		if err != nil || p.Desde != c.desde || p.Hasta != c.hast {
			t.Errorf("PeriodoProgramado(%s, %s) = %+v, %v; want %s–%s", c.tipo, c.dia, p, err, c.desde, c.hast)
		}
	}
}

func TestReporteProgramadoValidar(t *testing.T) {
	ok := ReporteProgramado{Tipo: ProgramaCajasDiario, Formato: "pdf", Hora: 7, Destinatarios: []string{"a@b.com"}, Asunto: "Cajas"}
	if err := ok.Validar(); err != nil {
		t.Fatalf("valid schedule refused: %v", err)
	}
	muchos := make([]string, 11)
	for i := range muchos {
		muchos[i] = "x@y.com"
	}
	cases := map[string]func(p *ReporteProgramado){
		MsgHoraInvalida:                          func(p *ReporteProgramado) { p.Hora = 24 },
		MsgSinDestinatarios:                      func(p *ReporteProgramado) { p.Destinatarios = nil },
		MsgDemasiadosDestinatarios:               func(p *ReporteProgramado) { p.Destinatarios = muchos },
		MsgAsuntoObligatorio:                     func(p *ReporteProgramado) { p.Asunto = "  " },
		MsgFormatoEmailInvalido + ": no-es-mail": func(p *ReporteProgramado) { p.Destinatarios = []string{"no-es-mail"} },
		"El formato debe ser pdf o xlsx":         func(p *ReporteProgramado) { p.Formato = "csv" },
	}
	for want, mal := range cases {
		p := ok
		mal(&p)
		if err := p.Validar(); err == nil || err.Error() != want {
			t.Errorf("want %q, got %v", want, err)
		}
	}
}

// Report mail is no relay: only admins write freely; the rest write to the
// company's users, case and spaces aside; every subject names the company.
func TestReportMailIsNoRelay(t *testing.T) {
	for rol, libre := range map[string]bool{RolAdmin: true, RolSuperAdmin: true, RolSupervisor: false, RolVendedor: false} {
		if EscribeReportesLibremente(rol) != libre {
			t.Errorf("%s: escribe libremente %v", rol, !libre)
		}
	}
	usuarios := []string{"ana@delta.com", " Beto@Delta.com "}
	for _, c := range []struct {
		destinos []string
		want     string
	}{
		{[]string{"ANA@delta.com", "beto@delta.com"}, ""},
		{[]string{"ana@delta.com", "extrano@gmail.com"}, "extrano@gmail.com"},
		{[]string{"ana@delta.com.evil.com"}, "ana@delta.com.evil.com"},
		{nil, ""},
	} {
		if got := DestinoReporteNoPermitido(c.destinos, usuarios); got != c.want {
			t.Errorf("%v: %q, esperaba %q", c.destinos, got, c.want)
		}
	}
	for asunto, want := range map[string]string{
		"Reporte de ventas":                  "Lanchas del Delta · Reporte de ventas",
		"lanchas del delta: cierre de cajas": "lanchas del delta: cierre de cajas",
		"  Ventas  ":                         "Lanchas del Delta · Ventas",
	} {
		if got := AsuntoReporte("Lanchas del Delta", asunto); got != want {
			t.Errorf("%q: %q, esperaba %q", asunto, got, want)
		}
	}
}

func TestTopeReportesDelDia(t *testing.T) {
	ar := Location("America/Argentina/Buenos_Aires")
	now := time.Date(2026, 11, 21, 2, 30, 0, 0, time.UTC) // 20/11/2026 23:30 in Buenos Aires
	dia := DiaDe(now, ar)
	for _, c := range []struct {
		enviados, n int64
		ok          bool
	}{{0, 1, true}, {199, 1, true}, {190, 10, true}, {200, 1, false}, {195, 10, false}} {
		err := TopeReportesDelDia(c.enviados, c.n, dia, now, ar)
		if (err == nil) != c.ok {
			t.Fatalf("%d + %d: %v", c.enviados, c.n, err)
		}
		if c.ok {
			continue
		}
		e := err.(*Error)
		if e.Kind != KindTooMany || e.RetryAfter != 30*time.Minute ||
			e.Message != "La empresa llegó al máximo de 200 reportes por email del día: se podrán enviar más desde las 00:00 del 21/11/2026" {
			t.Fatalf("%d + %d: %+v", c.enviados, c.n, e)
		}
	}
}
