package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
	"muelle/internal/store"
)

// cajaReporteAPI runs a register of the seller in company 1 today: opened with
// $ 1.000; two cash tickets ($ 9.000) and one by Débito ($ 4.500) sold; a cash
// ticket cancelled (refund $ 4.500); the Débito one cancelled and reactivated;
// an expense of $ 50. Cash expected $ 5.450, Débito $ 4.500.
func (e *env) cajaReporteAPI() int64 {
	e.t.Helper()
	ctx := context.Background()
	a := store.Actor{UsuarioID: e.userID("vendedor"), EmpresaID: 1, IP: "10.0.0.1"}
	caja, err := e.st.AbrirCaja(ctx, a, 100000, "")
	if err != nil {
		e.t.Fatal(err)
	}
	venta := func(medio string, n int) []store.Pasaje {
		ps, err := e.st.Vender(ctx, a, store.Venta{SeccionID: e.idOf(1, domain.CatSecciones, seccionDemo),
			MedioPagoID: e.idOf(1, domain.CatMediosPago, medio), FechaViaje: "2026-11-20", ClienteNombre: "Juan",
			Lineas: []domain.LineaVenta{{TipoViajeID: e.idOf(1, domain.CatTiposViaje, "General"), Cantidad: n}}})
		if err != nil {
			e.t.Fatal(err)
		}
		return ps
	}
	efectivo, debito := venta("Efectivo", 2), venta("Débito", 1)
	for _, paso := range []func() error{
		func() error {
			_, err := e.st.CancelarPasaje(ctx, a, efectivo[0].ID, store.Anulacion{}, false)
			return err
		},
		func() error {
			_, err := e.st.CancelarPasaje(ctx, a, debito[0].ID, store.Anulacion{}, false)
			return err
		},
		func() error { _, err := e.st.ReactivarPasaje(ctx, a, debito[0].ID, store.Anulacion{}); return err },
		func() error {
			_, err := e.st.RegistrarMovimiento(ctx, a, store.NuevoMovimiento{Tipo: domain.MovEgresoGasto, Monto: 5000,
				Descripcion: "Hielo"})
			return err
		},
	} {
		if err := paso(); err != nil {
			e.t.Fatal(err)
		}
	}
	return caja.ID
}

type cifrasJSON struct {
	Apertura      float64  `json:"apertura"`
	Ventas        float64  `json:"ventas"`
	Devoluciones  float64  `json:"devoluciones"`
	OtrosIngresos float64  `json:"otros_ingresos"`
	Egresos       float64  `json:"egresos"`
	Esperado      float64  `json:"esperado"`
	Contado       *float64 `json:"contado"`
	Diferencia    *float64 `json:"diferencia"`
}

type reporteCajaJSON struct {
	CajaID  int64  `json:"caja_id"`
	NumeroZ *int64 `json:"numero_z"`
	Estado  string `json:"estado"`
	Usuario struct {
		ID            int64
		NombreUsuario string `json:"nombre_usuario"`
	}
	PorMedio []struct {
		MedioPago string `json:"medio_pago"`
		cifrasJSON
	} `json:"por_medio_pago"`
	Totales  cifrasJSON `json:"totales"`
	Faltante bool       `json:"faltante"`
}

func pesos(v float64) *float64 { return &v }

// mismasCifras compares figures by value, contado and diferencia included.
func mismasCifras(a, b cifrasJSON) bool {
	igual := func(x, y *float64) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	ok := igual(a.Contado, b.Contado) && igual(a.Diferencia, b.Diferencia)
	a.Contado, a.Diferencia, b.Contado, b.Diferencia = nil, nil, nil, nil
	return ok && a == b
}

func TestReporteXYZDeUnaCaja(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.cajaReporteAPI()
		admin, ruta := e.token("admin"), fmt.Sprintf("/api/reportes/caja/%d", id)

		var x reporteCajaJSON
		r := e.do("GET", ruta, admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &x)
		if x.CajaID != id || x.NumeroZ != nil || x.Estado != "abierta" || x.Totales.Contado != nil || x.Faltante ||
			x.Totales != (cifrasJSON{Apertura: 1000, Ventas: 13500, Devoluciones: 9000, OtrosIngresos: 4500, Egresos: 50, Esperado: 9950}) {
			t.Fatalf("X = %+v", x)
		}

		// The seller has no reportes.ver, not even for their own register; another company's register is missing.
		e.do("GET", ruta, e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("GET", ruta, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgCajaNoEncontrada)
		e.do("GET", ruta+"/pdf", e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgCajaNoEncontrada)
		e.do("GET", "/api/reportes/caja/999999", admin, nil).expect(t, http.StatusNotFound, domain.MsgCajaNoEncontrada)

		previo := e.count(`SELECT COALESCE(MAX(numero), 0) FROM reportes_z WHERE empresa_id = 1`)
		e.do("POST", "/api/caja/cerrar", e.token("vendedor"), map[string]any{"monto_cierre": 5400}).
			expect(t, http.StatusOK, "Caja cerrada exitosamente")
		var z reporteCajaJSON
		r = e.do("GET", ruta, e.token("supervisor"), nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &z)
		want := cifrasJSON{Apertura: 1000, Ventas: 13500, Devoluciones: 9000, OtrosIngresos: 4500, Egresos: 50, Esperado: 9950,
			Contado: pesos(9900), Diferencia: pesos(-50)}
		if z.NumeroZ == nil || *z.NumeroZ != previo+1 || z.Estado != "cerrada" || !z.Faltante ||
			!mismasCifras(z.Totales, want) || len(z.PorMedio) != 2 ||
			z.PorMedio[0].MedioPago != "Efectivo" || z.PorMedio[0].Esperado != 5450 || *z.PorMedio[0].Diferencia != -50 ||
			z.PorMedio[1].MedioPago != "Débito" || z.PorMedio[1].Esperado != 4500 || *z.PorMedio[1].Diferencia != 0 ||
			z.Usuario.NombreUsuario != "vendedor" {
			t.Fatalf("Z = %+v", z)
		}
		if got := e.count(`SELECT COUNT(*) FROM reportes_z WHERE caja_id = ? AND numero = ?`, id, previo+1); got != 1 {
			t.Fatalf("reportes_z de la caja = %d", got)
		}
		// The Z is read back as it was stored, byte for byte.
		var contenido string
		if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT contenido FROM reportes_z WHERE caja_id = ?`), id).Scan(&contenido); err != nil {
			t.Fatal(err)
		}
		if string(r.Data) != contenido {
			t.Fatalf("Z leído:\n%s\nguardado:\n%s", r.Data, contenido)
		}

		for _, papel := range []string{"80mm", "a4"} {
			r = e.do("GET", ruta+"/pdf?formato="+papel, admin, nil)
			if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" ||
				!strings.Contains(r.Header.Get("Content-Disposition"), fmt.Sprintf("reporte-z-%d.pdf", previo+1)) {
				t.Fatalf("%s: %d %v", papel, r.Status, r.Header)
			}
			pdftest.Valid(t, r.Body)
			text := pdftest.Text(t, r.Body)
			for _, w := range []string{fmt.Sprintf("(Reporte Z N° %d)", previo+1), "(FALTANTE)", "($ 9.950,00)", "($ 9.900,00)",
				"(-$ 50,00)", "($ 13.500,00)", "(Efectivo)", "(Débito)"} {
				if !strings.Contains(text, w) {
					t.Errorf("%s: el PDF no contiene %s", papel, w)
				}
			}
		}
		e.do("GET", ruta+"/pdf?formato=58mm", admin, nil).expect(t, http.StatusBadRequest, "")
		e.do("GET", ruta+"/pdf", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

func TestReporteDeCajasDelPeriodoYSuExportacion(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.cajaReporteAPI()
		e.do("POST", "/api/caja/cerrar", e.token("vendedor"), map[string]any{"monto_cierre": 5400}).expect(t, http.StatusOK, "")
		if _, err := e.st.AbrirCaja(context.Background(), store.Actor{UsuarioID: e.userID("supervisor"), EmpresaID: 1}, 20000, ""); err != nil {
			t.Fatal(err)
		}
		admin := e.token("admin")
		var rep struct {
			Periodo      PeriodoReporte
			Estadisticas EstadisticasReporteCajas
			Data         []struct {
				ID          int64
				Usuario     domain.UsuarioCaja
				Estado      string
				MontoCierre *float64 `json:"monto_cierre"`
				Diferencia  *float64
				NumeroZ     *int64 `json:"numero_z"`
			}
			Paginacion PaginacionReporte
		}
		r := e.do("GET", "/api/reportes/caja/estadisticas?periodo=hoy&limite=1&pagina=2", admin, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &rep)
		// cash: $ 5.400 counted and $ 200 expected in the open register; 6 movements in the closed one.
		if rep.Periodo != (PeriodoReporte{Tipo: "hoy", Desde: "2026-11-20", Hasta: "2026-11-20", Base: "venta"}) ||
			rep.Estadisticas != (EstadisticasReporteCajas{CajasAbiertas: 1, CajasCerradas: 1, TotalEfectivo: 560000, TotalMovimientos: 6}) ||
			rep.Paginacion != (PaginacionReporte{Pagina: 2, Limite: 1, Total: 2, TotalPaginas: 2}) || len(rep.Data) != 1 ||
			rep.Data[0].ID != id || rep.Data[0].Estado != "cerrada" || *rep.Data[0].MontoCierre != 5400 ||
			*rep.Data[0].Diferencia != -50 || rep.Data[0].NumeroZ == nil || rep.Data[0].Usuario.NombreUsuario != "vendedor" {
			t.Fatalf("reporte = %+v", rep)
		}
		// another company sees none of them
		r = e.do("GET", "/api/reportes/caja/estadisticas", e.token("admin2"), nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &rep)
		if rep.Paginacion.Total != 0 || len(rep.Data) != 0 || rep.Estadisticas != (EstadisticasReporteCajas{}) {
			t.Fatalf("otra empresa: %+v", rep)
		}
		e.do("GET", "/api/reportes/caja/estadisticas", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("GET", "/api/reportes/caja/estadisticas?periodo=rango&inicio=2026-11-20", admin, nil).
			expect(t, http.StatusBadRequest, "Indicá la fecha de inicio y la de fin del rango")
		e.do("GET", "/api/reportes/caja/estadisticas?limite=101", admin, nil).expect(t, http.StatusBadRequest, "")

		r = e.do("GET", "/api/reportes/caja/exportar?periodo=hoy", admin, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaCSV ||
			r.Header.Get("Content-Disposition") != `attachment; filename="reporte-cajas-2026-11-20-2026-11-20.csv"` {
			t.Fatalf("csv: %d %v", r.Status, r.Header)
		}
		lineas := strings.Split(strings.TrimPrefix(string(r.Body), "\ufeff"), "\r\n")
		if lineas[0] != "Usuario;Fecha Apertura;Fecha Cierre;Monto Apertura;Monto Cierre;Diferencia;Estado;N° Z" ||
			!strings.HasSuffix(lineas[1], `;"Pendiente";200,00;"N/A";"";"Abierta";""`) ||
			!strings.Contains(lineas[2], `;1.000,00;5.400,00;-50,00;"Cerrada";`) {
			t.Fatalf("csv:\n%s", r.Body)
		}
		r = e.do("GET", "/api/reportes/caja/exportar?formato=xlsx", admin, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaXLSX || !strings.HasPrefix(string(r.Body), "PK") {
			t.Fatalf("xlsx: %d %v", r.Status, r.Header)
		}
		r = e.do("GET", "/api/reportes/caja/exportar?formato=pdf", admin, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaPDF {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		pdftest.Valid(t, r.Body)
		text := pdftest.Text(t, r.Body)
		for _, w := range []string{"(Reporte de Cajas)", "(20/11/2026 – 20/11/2026)", "($ 5.600,00)", "(5.400,00)", "(Pendiente)"} {
			if !strings.Contains(text, w) {
				t.Errorf("el PDF no contiene %s", w)
			}
		}
		e.do("GET", "/api/reportes/caja/exportar?periodo=rango&inicio=2026-01-01&fin=2026-01-02", admin, nil).
			expect(t, http.StatusNotFound, "No hay datos para exportar")
		e.do("GET", "/api/reportes/caja/exportar?formato=doc", admin, nil).expect(t, http.StatusBadRequest, "")
		e.do("GET", "/api/reportes/caja/exportar", e.token("admin2"), nil).expect(t, http.StatusNotFound, "No hay datos para exportar")
	})
}
