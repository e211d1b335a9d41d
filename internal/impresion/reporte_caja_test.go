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
		{Tipo: domain.MovVentaPasaje, MedioPagoID: 1, MedioNombre: "Efectivo", MedioTipo: domain.TipoEfectivo, Monto: 150000},
		{Tipo: domain.MovVentaPasaje, MedioPagoID: 2, MedioNombre: "Tarjeta", MedioTipo: domain.TipoTarjeta, Monto: 200000},
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
	// The close's count by denomination and who approved the difference.
	lineas, total, err := domain.LineasDenominacion([]domain.ConteoDenominacion{{Codigo: "b1000", Cantidad: 1}, {Codigo: "m2", Cantidad: 3}})
	if err != nil {
		t.Fatal(err)
	}
	aprobada := time.Date(2026, 11, 20, 21, 45, 0, 0, time.UTC)
	r.Reporte.Cierre = &domain.CierreZ{Denominaciones: lineas, TotalContado: total, Discrepancia: 1000, Tolerancia: 500,
		AprobadoPor: &domain.UsuarioCaja{ID: 2, NombreUsuario: "lucia", Nombre: "Lucía Benítez"}, FechaAprobacion: &aprobada}
	for _, papel := range []string{PapelReporte80mm, PapelReporteA4} {
		b, err := ReporteCajaPDF(r, papel)
		if err != nil {
			t.Fatal(err)
		}
		text := pdftest.Text(t, b)
		for _, want := range []string{"(Conteo del cierre)", "(Billetes de $ 1.000)", "(× 1)", "($ 1.000,00)", "(Monedas de $ 2)",
			"(× 3)", "($ 6,00)", "Total por denominación", "$ 1.006,00", "Aprobó la diferencia", `Lucía Benítez \(lucia\)`, "20/11/2026 18:45)"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: el PDF no contiene %s", papel, want)
			}
		}
	}
	// The movements by a method other than cash, with their references, for the slips.
	r.Reporte.Referencias = []domain.MovimientoConReferencia{
		{MedioPago: "Tarjeta", Monto: 200000, Descripcion: "Venta de 1 pasaje", CreatedAt: aprobada.Add(-time.Hour),
			Referencia: domain.Referencia{Ultimos4: "4242", Autorizacion: "A1B2C3"}},
		{MedioPago: "Transferencia", Monto: -50000, Descripcion: "Cancelación de pasaje", CreatedAt: aprobada.Add(-time.Minute)},
	}
	for _, papel := range []string{PapelReporte80mm, PapelReporteA4} {
		b, err := ReporteCajaPDF(r, papel)
		if err != nil {
			t.Fatal(err)
		}
		text := pdftest.Text(t, b)
		for _, want := range []string{"(" + TituloReferencias + ")", "Aut. A1B2C3)", "4242 ", "(Sin referencia)", "-$ 500,00)", "17:45", "18:44"} {
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
