package api

import (
	"net/http"
	"strings"
	"testing"

	"muelle/internal/domain"
)

// The multi-company comparison adds up each company's sales of its business
// day and the registers it opened, for super_admin only.
func TestComparativoEmpresasPorPeriodo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.ventaA("vendedor", "Ana Paz", 2)
		e.ventaEmpresa2(1)
		for _, u := range []string{"admin", "supervisor", "vendedor", "admin2"} {
			e.do("GET", "/api/reportes/empresas", e.token(u), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		r := e.do("GET", "/api/reportes/empresas?periodo=hoy", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		var c ComparativoEmpresas
		r.decode(t, &c)
		hoy := domain.DiaDe(e.now, domain.Location("America/Argentina/Buenos_Aires")).Fecha
		if c.Periodo != (PeriodoReporte{Tipo: "hoy", Desde: hoy, Hasta: hoy, Base: "venta"}) {
			t.Fatalf("periodo: %+v", c.Periodo)
		}
		if len(c.Empresas) != 2 ||
			c.Empresas[0] != (ComparativoEmpresa{ID: c.Empresas[0].ID, Nombre: "Lanchas del Delta", Activa: true, Pasajes: 2,
				Ingresos: 900000, CajasAbiertas: 1}) ||
			c.Empresas[1] != (ComparativoEmpresa{ID: c.Empresas[1].ID, Nombre: "Interisleña Demo", Activa: true, Pasajes: 1,
				Ingresos: 450000, CajasAbiertas: 1}) {
			t.Fatalf("empresas: %+v", c.Empresas)
		}
		if c.Totales != (TotalesComparativo{Pasajes: 3, Ingresos: 1350000, CajasAbiertas: 2}) {
			t.Fatalf("totales: %+v", c.Totales)
		}

		for _, q := range []string{"periodo=semana", "periodo=mes&mes=13&anio=2026", "periodo=mes&mes=11&anio=2019", "periodo=año&anio=2019",
			"periodo=rango&inicio=2026-11-20&fin=2026-11-01", "periodo=rango&inicio=2026-11-20", "base=otra"} {
			r := e.do("GET", "/api/reportes/empresas?"+q, e.token("superadmin"), nil)
			if r.Status != http.StatusBadRequest || r.Success || r.Message == "" || strings.ContainsAny(r.Message, "{}") {
				t.Errorf("%s: %d %q", q, r.Status, r.Message)
			}
		}
	})
}
