package impresion

import (
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
)

func reporteZDePrueba(t *testing.T) ReporteCajaImpreso {
	t.Helper()
	contado := domain.Centavos(159000)
	cifras, err := domain.CifrasDeCaja(10000, domain.MedioPagoRef{ID: 1, Nombre: "Efectivo"}, []domain.MovimientoAgregado{
		{Tipo: domain.MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", Monto: 150000},
		{Tipo: domain.MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Tarjeta", Monto: 200000},
	}, &contado)
	if err != nil {
		t.Fatal(err)
	}
	n := int64(7)
	cierre := time.Date(2026, 11, 20, 21, 30, 0, 0, time.UTC)
	return ReporteCajaImpreso{Empresa: "Lanchas del Delta", Zona: domain.Location("America/Argentina/Buenos_Aires"),
		Reporte: domain.ReporteCaja{CajaID: 12, NumeroZ: &n, Estado: domain.CajaCerrada,
			Usuario:       domain.UsuarioCaja{ID: 3, NombreUsuario: "ana", Nombre: "Ana Paz"},
			FechaApertura: time.Date(2026, 11, 20, 11, 0, 0, 0, time.UTC), FechaCierre: &cierre, CifrasReporteCaja: cifras}}
}

func TestReporteCajaPDFEnAmbosPapeles(t *testing.T) {
	r := reporteZDePrueba(t)
	for _, papel := range []string{PapelReporte80mm, PapelReporteA4} {
		b, err := ReporteCajaPDF(r, papel)
		if err != nil {
			t.Fatal(err)
		}
		pdftest.Valid(t, b)
		text := pdftest.Text(t, b)
		for _, want := range []string{"(Lanchas del Delta)", "(Reporte Z N° 7)", "(FALTANTE)", "(#12)", `(Ana Paz \(ana\))`,
			"(20/11/2026 08:00)", "(20/11/2026 18:30)", "(Efectivo)", "(Tarjeta)", "(Totales)",
			"($ 3.590,00)", "($ 3.500,00)", "(-$ 10,00)"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: el PDF no contiene %s", papel, want)
			}
		}
	}
	r.Reporte.NumeroZ, r.Reporte.Estado = nil, domain.CajaAbierta
	if got := TituloReporteCaja(r.Reporte); got != "Reporte X" {
		t.Fatalf("título = %q", got)
	}
}
