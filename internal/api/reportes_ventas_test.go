package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// sembrarVentasOctubre sells the reports' fixed data set in October 2026, far
// from the demo's history (November), in Buenos Aires time (UTC-3). Demo
// company 1, General fares: Tres Bocas $ 4.500, Abra Vieja $ 6.200.
//
//	11/10 12:00 vendedor    Tres Bocas  Efectivo  1   (the previous period of 13–15/10)
//	13/10 10:00 vendedor    Tres Bocas  Efectivo  2   travel 14/10, one boarded
//	13/10 23:30 vendedor    Abra Vieja  Débito    1   travel 14/10: counts on the 13th
//	14/10 00:30 supervisor  Tres Bocas  Débito    1   travel 14/10: counts on the 14th
//	15/10 11:00 vendedor    Tres Bocas  Efectivo  1   travel 15/10, cancelled
//	15/10 11:10 vendedor    Abra Vieja  Efectivo  1   travel 15/10, cancelled and reactivated
//	14/10 12:00 vendedor2 (company 2)             2   never counted in company 1
//
// The clock (in UTC, as the server's) is left at 15/10 12:00.
func (e *env) sembrarVentasOctubre() {
	e.t.Helper()
	ctx := context.Background()
	ba := domain.Location(domain.ZonaHorariaPorDefecto)
	en := func(mes time.Month, dia, hora, minuto int) {
		e.now = time.Date(2026, mes, dia, hora, minuto, 0, 0, ba).UTC()
	}
	actor := func(usuario string, empresa int64) store.Actor {
		return store.Actor{UsuarioID: e.userID(usuario), EmpresaID: empresa}
	}
	vendedor, supervisor, otro := actor("vendedor", 1), actor("supervisor", 1), actor("vendedor2", 2)
	tresBocas, abraVieja := e.idOf(1, domain.CatSecciones, seccionDemo), e.idOf(1, domain.CatSecciones, "Tigre – Arroyo Abra Vieja")
	efectivo, debito := e.idOf(1, domain.CatMediosPago, "Efectivo"), e.idOf(1, domain.CatMediosPago, "Débito")
	vender := func(a store.Actor, seccion, medio int64, viaje string, n int) []store.Pasaje {
		e.t.Helper()
		ps, err := e.st.Vender(ctx, a, store.Venta{SeccionID: seccion, MedioPagoID: medio, FechaViaje: viaje,
			ClienteNombre: "Cliente", Lineas: []domain.LineaVenta{{TipoViajeID: e.idOf(a.EmpresaID, domain.CatTiposViaje, "General"), Cantidad: n}}})
		if err != nil {
			e.t.Fatal(err)
		}
		return ps
	}
	abrir := func(a store.Actor) {
		if _, err := e.st.AbrirCaja(ctx, a, 0, ""); err != nil {
			e.t.Fatal(err)
		}
	}
	must := func(_ any, err error) {
		e.t.Helper()
		if err != nil {
			e.t.Fatal(err)
		}
	}
	en(time.October, 11, 9, 0)
	abrir(vendedor)
	en(time.October, 11, 12, 0)
	vender(vendedor, tresBocas, efectivo, "2026-10-11", 1)
	en(time.October, 13, 10, 0)
	abrir(supervisor)
	a := vender(vendedor, tresBocas, efectivo, "2026-10-14", 2)
	en(time.October, 13, 23, 30)
	vender(vendedor, abraVieja, debito, "2026-10-14", 1)
	en(time.October, 14, 0, 30)
	vender(supervisor, tresBocas, debito, "2026-10-14", 1)
	en(time.October, 14, 10, 0)
	must(e.st.ValidarPorID(ctx, vendedor, a[0].ID))
	en(time.October, 14, 12, 0)
	abrir(otro)
	vender(otro, e.idOf(2, domain.CatSecciones, seccionDemo), e.idOf(2, domain.CatMediosPago, "Efectivo"), "2026-10-14", 2)
	en(time.October, 15, 11, 0)
	d := vender(vendedor, tresBocas, efectivo, "2026-10-15", 1)
	must(e.st.CancelarPasaje(ctx, vendedor, d[0].ID, store.Anulacion{Motivo: "Se arrepintió"}, false))
	en(time.October, 15, 11, 10)
	r := vender(vendedor, abraVieja, efectivo, "2026-10-15", 1)
	must(e.st.CancelarPasaje(ctx, vendedor, r[0].ID, store.Anulacion{Motivo: "Error de carga"}, false))
	must(e.st.ReactivarPasaje(ctx, vendedor, r[0].ID, store.Anulacion{Motivo: "Volvió"}))
	en(time.October, 15, 12, 0)
}

// get asks usuario for path and decodes the data of a 200 into v.
func (e *env) get(usuario, path string, v any) {
	e.t.Helper()
	r := e.do("GET", path, e.token(usuario), nil)
	r.expect(e.t, http.StatusOK, "")
	r.decode(e.t, v)
}

type cantidadTotal struct {
	ID       int64 `json:"-"`
	Nombre   string
	Cantidad int64
	Total    float64
}

func (c *cantidadTotal) UnmarshalJSON(b []byte) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	for k, v := range m {
		switch k {
		case "cantidad":
			c.Cantidad = int64(v.(float64))
		case "total":
			c.Total = v.(float64)
		case "medio_pago", "seccion", "tipo_viaje", "vendedor":
			c.Nombre = v.(string)
		}
	}
	return nil
}

type kpisJSON struct {
	Periodo           PeriodoReporte
	TotalVentas       int64    `json:"total_ventas"`
	TotalIngresos     float64  `json:"total_ingresos"`
	TicketPromedio    float64  `json:"ticket_promedio"`
	TasaEmbarque      float64  `json:"tasa_embarque"`
	VariacionVentas   *float64 `json:"variacion_ventas"`
	VariacionIngresos *float64 `json:"variacion_ingresos"`
	VariacionTicket   *float64 `json:"variacion_ticket"`
	VariacionEmbarque *float64 `json:"variacion_embarque"`
	Cancelados        struct {
		Cantidad int64
		Importe  float64
	}
	PorMedioPago []cantidadTotal `json:"por_medio_pago"`
	MejorDia     *struct {
		Fecha    string
		Cantidad int64
		Total    float64
	} `json:"mejor_dia"`
}

func f(v float64) *float64 { return &v }

func TestKPIsDeVentas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		var k kpisJSON
		e.get("admin", "/api/reportes/graficos/kpis?periodo=rango&inicio=2026-10-13&fin=2026-10-15", &k)
		want := kpisJSON{Periodo: PeriodoReporte{Tipo: "rango", Desde: "2026-10-13", Hasta: "2026-10-15", Base: "venta"},
			TotalVentas: 5, TotalIngresos: 25900, TicketPromedio: 5180, TasaEmbarque: 20,
			VariacionVentas: f(400), VariacionIngresos: f(475.6), VariacionTicket: f(15.1), VariacionEmbarque: f(20),
			PorMedioPago: []cantidadTotal{{Nombre: "Efectivo", Cantidad: 3, Total: 15200}, {Nombre: "Débito", Cantidad: 2, Total: 10700}}}
		want.Cancelados.Cantidad, want.Cancelados.Importe = 1, 4500
		want.MejorDia = &struct {
			Fecha    string
			Cantidad int64
			Total    float64
		}{"2026-10-13", 3, 15200}
		if !reflect.DeepEqual(k, want) {
			t.Errorf("kpis:\n got %s\nwant %s", show(k), show(want))
		}

		// a month whose previous one sold nothing: no variation, not an infinite one
		e.get("supervisor", "/api/reportes/graficos/kpis?periodo=mes&mes=10&anio=2026", &k)
		if k.TotalVentas != 6 || k.TotalIngresos != 30400 || k.VariacionVentas != nil || k.VariacionIngresos != nil ||
			k.VariacionTicket != nil || k.VariacionEmbarque != nil || k.TasaEmbarque != 16.7 || k.Periodo.Tipo != "mes" {
			t.Errorf("kpis de octubre: %s", show(k))
		}

		// by travel date: the 14th's four tickets, sold on the 13th and 14th
		e.get("admin", "/api/reportes/graficos/kpis?periodo=rango&inicio=2026-10-14&fin=2026-10-14&base=viaje", &k)
		if k.TotalVentas != 4 || k.TotalIngresos != 19700 || k.Periodo.Base != "viaje" || k.MejorDia == nil ||
			k.MejorDia.Fecha != "2026-10-14" || k.Cancelados.Cantidad != 0 {
			t.Errorf("kpis por fecha de viaje: %s", show(k))
		}

		// another company sees only its own two tickets
		e.get("admin2", "/api/reportes/graficos/kpis?periodo=rango&inicio=2026-10-13&fin=2026-10-15", &k)
		if k.TotalVentas != 2 || k.TotalIngresos != 9000 || len(k.PorMedioPago) != 1 {
			t.Errorf("kpis de la otra empresa: %s", show(k))
		}

		// today (15/10) by default; nothing sold on a day: no best day
		e.get("admin", "/api/reportes/graficos/kpis", &k)
		if k.Periodo.Tipo != "hoy" || k.Periodo.Desde != "2026-10-15" || k.TotalVentas != 1 || k.Cancelados.Cantidad != 1 {
			t.Errorf("kpis de hoy: %s", show(k))
		}
		e.get("admin", "/api/reportes/graficos/kpis?periodo=rango&inicio=2026-10-01&fin=2026-10-05", &k)
		if k.MejorDia != nil || k.TotalVentas != 0 || k.TicketPromedio != 0 || k.TasaEmbarque != 0 || len(k.PorMedioPago) != 0 {
			t.Errorf("kpis sin ventas: %s", show(k))
		}
	})
}

// 'vs. período anterior' compares like with like: today so far with yesterday up to the same time, an ended day
// with the whole day before, and by travel date the whole day before.
func TestLaVariacionComparaLoMismo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		// on the 14th at 18:00, after today's 12:00, one more Tres Bocas ticket (travelling on the 20th)
		e.now = time.Date(2026, 10, 14, 21, 0, 0, 0, time.UTC) // 18:00 in Buenos Aires
		if _, err := e.st.Vender(context.Background(), store.Actor{UsuarioID: e.userID("vendedor"), EmpresaID: 1},
			store.Venta{SeccionID: e.idOf(1, domain.CatSecciones, seccionDemo), MedioPagoID: e.idOf(1, domain.CatMediosPago, "Efectivo"),
				FechaViaje: "2026-10-20", ClienteNombre: "Tarde", Lineas: []domain.LineaVenta{
					{TipoViajeID: e.idOf(1, domain.CatTiposViaje, "General"), Cantidad: 1}}}); err != nil {
			t.Fatal(err)
		}
		e.now = time.Date(2026, 10, 15, 15, 0, 0, 0, time.UTC) // 12:00 in Buenos Aires
		var k kpisJSON
		// today until 12:00 (the reactivated $ 6.200) against the 14th until 12:00 (the 00:30 $ 4.500), not its whole day
		e.get("admin", "/api/reportes/graficos/kpis?periodo=hoy", &k)
		if k.TotalVentas != 1 || k.TotalIngresos != 6200 || k.VariacionVentas == nil || *k.VariacionVentas != 0 ||
			k.VariacionIngresos == nil || *k.VariacionIngresos != 37.8 {
			t.Errorf("hoy: %s", show(k))
		}
		// the 14th, ended: its two tickets against the whole 13th's three
		e.get("admin", "/api/reportes/graficos/kpis?periodo=rango&inicio=2026-10-14&fin=2026-10-14", &k)
		if k.TotalVentas != 2 || k.VariacionVentas == nil || *k.VariacionVentas != -33.3 {
			t.Errorf("el 14: %s", show(k))
		}
		// by travel date: today's traveller against the 14th's four, whole
		e.get("admin", "/api/reportes/graficos/kpis?periodo=hoy&base=viaje", &k)
		if k.TotalVentas != 1 || k.VariacionVentas == nil || *k.VariacionVentas != -75 {
			t.Errorf("hoy por fecha de viaje: %s", show(k))
		}
	})
}

func TestVentasPeriodoEIngresosMensuales(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		type punto struct {
			Periodo         string
			CantidadPasajes int64   `json:"cantidad_pasajes"`
			IngresoTotal    float64 `json:"ingreso_total"`
		}
		var vp struct {
			Periodo PeriodoReporte
			Ventas  []punto
		}
		e.get("admin", "/api/reportes/graficos/ventas-periodo?periodo=rango&inicio=2026-10-12&fin=2026-10-15", &vp)
		if want := []punto{{"2026-10-12", 0, 0}, {"2026-10-13", 3, 15200}, {"2026-10-14", 1, 4500}, {"2026-10-15", 1, 6200}}; !reflect.DeepEqual(vp.Ventas, want) {
			t.Errorf("ventas por día: %+v", vp.Ventas)
		}
		e.get("admin", "/api/reportes/graficos/ventas-periodo?periodo=mes&mes=10&anio=2026", &vp)
		if len(vp.Ventas) != 31 || vp.Ventas[10] != (punto{"2026-10-11", 1, 4500}) || vp.Ventas[0] != (punto{"2026-10-01", 0, 0}) {
			t.Errorf("ventas de octubre por día: %+v", vp.Ventas)
		}
		e.get("admin", "/api/reportes/graficos/ventas-periodo?periodo=año&anio=2026&agrupar=mes", &vp)
		if len(vp.Ventas) != 12 || vp.Ventas[9] != (punto{"2026-10", 6, 30400}) || vp.Ventas[8] != (punto{"2026-09", 0, 0}) {
			t.Errorf("ventas de 2026 por mes: %+v", vp.Ventas)
		}
		e.get("admin", "/api/reportes/graficos/ventas-periodo?periodo=rango&inicio=2026-10-14&fin=2026-10-15&base=viaje", &vp)
		if want := []punto{{"2026-10-14", 4, 19700}, {"2026-10-15", 1, 6200}}; !reflect.DeepEqual(vp.Ventas, want) || vp.Periodo.Base != "viaje" {
			t.Errorf("ventas por fecha de viaje: %+v", vp)
		}

		var im struct {
			Meses             int64
			IngresosMensuales []struct {
				Mes           string
				TotalIngresos float64 `json:"total_ingresos"`
				Cantidad      int64
			} `json:"ingresos_mensuales"`
			PorSeccion []cantidadTotal `json:"por_seccion"`
		}
		e.get("admin", "/api/reportes/graficos/ingresos-mensuales?meses=3", &im)
		if im.Meses != 3 || len(im.IngresosMensuales) != 3 || im.IngresosMensuales[0].Mes != "2026-08" ||
			im.IngresosMensuales[1].Cantidad != 0 || im.IngresosMensuales[2].Mes != "2026-10" ||
			im.IngresosMensuales[2].Cantidad != 6 || im.IngresosMensuales[2].TotalIngresos != 30400 {
			t.Errorf("ingresos mensuales: %+v", im)
		}
		if want := []cantidadTotal{{Nombre: seccionDemo, Cantidad: 4, Total: 18000}, {Nombre: "Tigre – Arroyo Abra Vieja", Cantidad: 2, Total: 12400}}; !reflect.DeepEqual(im.PorSeccion, want) {
			t.Errorf("ingresos por sección: %+v", im.PorSeccion)
		}
		e.get("admin", "/api/reportes/graficos/ingresos-mensuales", &im)
		if im.Meses != 6 || len(im.IngresosMensuales) != 6 || im.IngresosMensuales[0].Mes != "2026-05" {
			t.Errorf("ingresos mensuales por defecto: %+v", im)
		}
	})
}

func TestEstadisticasDeVentas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		var es struct {
			Periodo       PeriodoReporte
			TotalVentas   int64   `json:"total_ventas"`
			TotalIngresos float64 `json:"total_ingresos"`
			Cancelados    struct {
				Cantidad int64
				Importe  float64
			}
			PorSeccion   []cantidadTotal `json:"por_seccion"`
			PorTipoViaje []cantidadTotal `json:"por_tipo_viaje"`
			PorVendedor  []cantidadTotal `json:"por_vendedor"`
			PorMedioPago []cantidadTotal `json:"por_medio_pago"`
		}
		e.get("admin", "/api/reportes/estadisticas?periodo=rango&inicio=2026-10-13&fin=2026-10-15", &es)
		if es.TotalVentas != 5 || es.TotalIngresos != 25900 || es.Cancelados.Cantidad != 1 || es.Cancelados.Importe != 4500 {
			t.Errorf("estadísticas: %+v", es)
		}
		for nombre, c := range map[string]struct{ got, want []cantidadTotal }{
			"sección": {es.PorSeccion, []cantidadTotal{{Nombre: seccionDemo, Cantidad: 3, Total: 13500},
				{Nombre: "Tigre – Arroyo Abra Vieja", Cantidad: 2, Total: 12400}}},
			"tipo de viaje": {es.PorTipoViaje, []cantidadTotal{{Nombre: "General", Cantidad: 5, Total: 25900}}},
			"vendedor": {es.PorVendedor, []cantidadTotal{{Nombre: "Diego Sosa", Cantidad: 4, Total: 21400},
				{Nombre: "Lucía Benítez", Cantidad: 1, Total: 4500}}},
			"medio de pago": {es.PorMedioPago, []cantidadTotal{{Nombre: "Efectivo", Cantidad: 3, Total: 15200},
				{Nombre: "Débito", Cantidad: 2, Total: 10700}}},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("por %s: %+v, esperaba %+v", nombre, c.got, c.want)
			}
		}
		// ids and names travel together
		r := e.do("GET", "/api/reportes/estadisticas?periodo=rango&inicio=2026-10-13&fin=2026-10-13", e.token("admin"), nil)
		var crudo struct {
			PorMedioPago []struct {
				ID     int64  `json:"medio_pago_id"`
				Nombre string `json:"medio_pago"`
			} `json:"por_medio_pago"`
		}
		r.decode(t, &crudo)
		if len(crudo.PorMedioPago) != 2 || crudo.PorMedioPago[0].ID != e.idOf(1, domain.CatMediosPago, "Efectivo") {
			t.Errorf("medios de pago: %+v", crudo)
		}
	})
}

func TestReportesDeVentasRefusals(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		rutas := []string{"/api/reportes/graficos/kpis", "/api/reportes/graficos/ventas-periodo",
			"/api/reportes/estadisticas", "/api/reportes/graficos/ingresos-mensuales"}
		for _, ruta := range rutas {
			e.do("GET", ruta, e.token("vendedor"), nil).expect(t, http.StatusForbidden, "")
			e.do("GET", ruta, "", nil).expect(t, http.StatusUnauthorized, "")
		}
		e.do("GET", rutas[3], e.token("supervisor"), nil).expect(t, http.StatusForbidden, "")
		for query, msg := range map[string]string{
			"periodo=mes&mes=5&anio=2019":                    "El año debe estar entre 2020 y 2030",
			"periodo=año&anio=2019":                          "El año debe estar entre 2020 y 2030",
			"periodo=rango&inicio=2026-10-15&fin=2026-10-01": "La fecha de inicio es posterior a la de fin",
			"periodo=rango&inicio=2026-10-15":                "Indicá la fecha de inicio y la de fin del rango",
			"periodo=rango&inicio=2024-01-01&fin=2026-10-01": "El rango no puede superar 366 días",
			"mes=5&anio=2019":                                "El año debe estar entre 2020 y 2030",
			"fecha_inicio=2026-10-15":                        "Indicá la fecha de inicio y la de fin del rango",
		} {
			for _, ruta := range rutas[:3] {
				e.do("GET", ruta+"?"+query, e.token("admin"), nil).expect(t, http.StatusBadRequest, msg)
			}
		}
		for _, query := range []string{"periodo=x", "periodo=mes&mes=13&anio=2026", "periodo=rango&inicio=15/10/2026&fin=2026-10-20",
			"base=otra", "agrupar=semana", "meses=5", "mes=-1", "anio=99999999999999999999", "inicio=2026-02-30",
			"periodo=hoy&desconocido=1", "periodo=" + url.QueryEscape("año") + "&anio=2031"} {
			for _, ruta := range rutas {
				r := e.do("GET", ruta+"?"+query, e.token("admin"), nil)
				if r.Status != http.StatusBadRequest || r.Message == "" {
					t.Errorf("%s?%s: %d %q", ruta, query, r.Status, r.Message)
				}
			}
		}
	})
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
