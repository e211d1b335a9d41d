package api

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"muelle/internal/domain"
)

// statsJSON is every field of GET /api/dashboard/stats the tests read.
type statsJSON struct {
	IngresosHoy         float64 `json:"ingresosHoy"`
	PasajesHoy          int64   `json:"pasajesHoy"`
	TotalClientes       *int64  `json:"totalClientes"`
	UsuariosActivos     int64   `json:"usuariosActivos"`
	CajasAbiertas       int64   `json:"cajasAbiertas"`
	DesempenoVendedores []struct {
		Vendedor     string
		TotalPasajes int64   `json:"total_pasajes"`
		TotalVentas  float64 `json:"total_ventas"`
	} `json:"desempenoVendedores"`
	EstadoServicios []struct {
		Nombre    string
		Conectado bool
		Detalles  string
	} `json:"estado_servicios"`

	MiCajaAbierta          bool                  `json:"miCajaAbierta"`
	VendedoresActivos      int64                 `json:"vendedoresActivos"`
	PasajesEmbarcados      int64                 `json:"pasajesEmbarcados"`
	VendedoresSupervisados []vendedorJSON        `json:"vendedoresSupervisados"`
	MetricasGlobales       *metricasGlobalesJSON `json:"metricas_globales"`
	Empresas               []struct {
		Nombre          string
		UsuariosActivos int64      `json:"usuarios_activos"`
		PasajesHoy      int64      `json:"pasajes_hoy"`
		IngresosHoy     float64    `json:"ingresos_hoy"`
		CajasAbiertas   int64      `json:"cajas_abiertas"`
		UltimaVenta     *time.Time `json:"ultima_venta"`
	}
	Alertas []struct {
		Tipo, Mensaje string
		Cantidad      int64
	}
	Monitoreo *struct {
		SociosAbiertos      int64 `json:"sockets_abiertos"`
		PeticionesPorMinuto int64 `json:"peticiones_por_minuto"`
		PeticionesTotales   int64 `json:"peticiones_totales"`
	}
}

type metricasGlobalesJSON struct {
	TotalEmpresas          int64   `json:"total_empresas"`
	EmpresasActivas        int64   `json:"empresas_activas"`
	EmpresasInactivas      int64   `json:"empresas_inactivas"`
	VolumenMovimientosHoy  float64 `json:"volumen_movimientos_hoy"`
	PasajesHoySistema      int64   `json:"pasajes_hoy_sistema"`
	UsuariosActivosSistema int64   `json:"usuarios_activos_sistema"`
	CajasAbiertasSistema   int64   `json:"cajas_abiertas_sistema"`
}

type vendedorJSON struct {
	Vendedor      string
	NombreUsuario string     `json:"nombre_usuario"`
	CajaEstado    string     `json:"caja_estado"`
	FechaApertura *time.Time `json:"fecha_apertura"`
	VentasHoy     int64      `json:"ventas_hoy"`
	TotalVentas   float64    `json:"total_ventas"`
}

type monitoreoJSON struct {
	Totales struct {
		Vendedores, Activos, Inactivos, Ventas int64
		Ingresos                               float64
	}
	Vendedores []vendedorJSON
}

func (e *env) stats(usuario string) statsJSON {
	e.t.Helper()
	var st statsJSON
	r := e.do("GET", "/api/dashboard/stats", e.token(usuario), nil)
	r.expect(e.t, http.StatusOK, "")
	r.decode(e.t, &st)
	return st
}

func (e *env) monitoreo(usuario string) monitoreoJSON {
	e.t.Helper()
	var m monitoreoJSON
	r := e.do("GET", "/api/dashboard/vendedores", e.token(usuario), nil)
	r.expect(e.t, http.StatusOK, "")
	r.decode(e.t, &m)
	return m
}

// ventaEmpresa2 sells n General tickets as vendedor2, of the second demo company.
func (e *env) ventaEmpresa2(n int) {
	e.t.Helper()
	tok := e.token("vendedor2")
	e.abrir(tok, 0).expect(e.t, http.StatusCreated, "")
	body := map[string]any{"seccion_id": e.idOf(2, domain.CatSecciones, seccionDemo), "fecha_viaje": "2026-11-20",
		"medio_pago_id": e.idOf(2, domain.CatMediosPago, "Efectivo"), "cliente_nombre": "Otra Empresa",
		"lineas": []map[string]any{{"tipo_viaje_id": e.idOf(2, domain.CatTiposViaje, "General"), "cantidad": n}}}
	e.sell(tok, body, "").expect(e.t, http.StatusCreated, "")
}

func TestAdminDashboardCountsTodaysSalesOfItsCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		antes := e.stats("admin")
		// the demo history holds past days only; 5 active users in the first company
		if antes.PasajesHoy != 0 || antes.IngresosHoy != 0 || antes.CajasAbiertas != 0 || antes.UsuariosActivos != 5 ||
			antes.TotalClientes == nil || len(antes.DesempenoVendedores) != 0 {
			t.Fatalf("antes de vender: %+v", antes)
		}
		// its own company's e-mail and WhatsApp, neither configured; nothing of the installation
		if len(antes.EstadoServicios) != 2 || antes.EstadoServicios[0].Conectado || antes.EstadoServicios[1].Conectado {
			t.Fatalf("estado de servicios: %+v", antes.EstadoServicios)
		}
		vendidos := e.ventaA("vendedor", "Cliente Nuevo Uno", 3) // 3 × 4500, one customer
		e.ventaA("supervisor", "Cliente Nuevo Dos", 1)
		e.ventaEmpresa2(4) // another company: never counted here
		cancelar := fmt.Sprintf("/api/pasajes/%d/cancelar", vendidos[0].ID)
		e.do("PUT", cancelar, e.token("supervisor"), map[string]string{"motivo": "Error"}).expect(t, http.StatusOK, "")

		st := e.stats("admin")
		if st.PasajesHoy != 3 || st.IngresosHoy != 13500 || st.CajasAbiertas != 2 || *st.TotalClientes != *antes.TotalClientes+2 {
			t.Fatalf("después de vender: %+v (clientes antes %d)", st, *antes.TotalClientes)
		}
		r := st.DesempenoVendedores
		if len(r) != 2 || r[0].Vendedor != "Diego Sosa" || r[0].TotalPasajes != 2 || r[0].TotalVentas != 9000 ||
			r[1].Vendedor != "Lucía Benítez" || r[1].TotalVentas != 4500 {
			t.Fatalf("ranking: %+v", r)
		}
		e.do("POST", "/api/caja/cerrar", e.token("vendedor"), map[string]any{"monto_cierre": 9000, "observaciones": "",
			"generar_reporte": false}).expect(t, http.StatusOK, "")
		if n := e.stats("admin").CajasAbiertas; n != 1 {
			t.Fatalf("cajas abiertas después de cerrar una: %d", n)
		}
		if otra := e.stats("admin2"); otra.PasajesHoy != 4 || otra.IngresosHoy != 18000 || otra.UsuariosActivos != 3 {
			t.Fatalf("segunda empresa: %+v", otra)
		}
	})
}

func TestSupervisorDashboardShowsSellersAndBoarding(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		if st := e.stats("supervisor"); st.MiCajaAbierta || st.VendedoresActivos != 0 || st.PasajesEmbarcados != 0 ||
			len(st.VendedoresSupervisados) != 1 || st.VendedoresSupervisados[0].CajaEstado != domain.CajaCerrada {
			t.Fatalf("antes: %+v", st)
		}
		vendidos := e.ventaA("vendedor", "Ana Paz", 2)
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/validar-embarque", vendidos[0].ID), e.token("lancha"), nil).
			expect(t, http.StatusOK, "")
		e.abrir(e.token("supervisor"), 500).expect(t, http.StatusCreated, "")
		e.ventaEmpresa2(1)

		st := e.stats("supervisor")
		if !st.MiCajaAbierta || st.VendedoresActivos != 2 || st.PasajesEmbarcados != 1 || len(st.VendedoresSupervisados) != 2 {
			t.Fatalf("después: %+v", st)
		}
		v := st.VendedoresSupervisados[0]
		if v.NombreUsuario != "vendedor" || v.CajaEstado != domain.CajaAbierta || v.VentasHoy != 2 || v.TotalVentas != 9000 ||
			v.FechaApertura == nil || !v.FechaApertura.Equal(e.now) {
			t.Fatalf("vendedor: %+v", v)
		}
		if st.VendedoresSupervisados[1].NombreUsuario != "supervisor" {
			t.Fatalf("el supervisor con caja abierta también vende: %+v", st.VendedoresSupervisados)
		}
	})
}

func TestSellerMonitoringIsForAdminAndSupervisorOfTheirCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for _, u := range []string{"vendedor", "lancha"} {
			e.do("GET", "/api/dashboard/vendedores", e.token(u), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		e.do("GET", "/api/dashboard/vendedores", "", nil).expect(t, http.StatusUnauthorized, "")
		e.ventaA("vendedor", "Ana Paz", 2)
		e.ventaEmpresa2(5)
		for _, u := range []string{"admin", "supervisor"} {
			m := e.monitoreo(u)
			tot := m.Totales
			if tot.Vendedores != 1 || tot.Activos != 1 || tot.Inactivos != 0 || tot.Ventas != 2 || tot.Ingresos != 9000 ||
				len(m.Vendedores) != 1 || m.Vendedores[0].Vendedor != "Diego Sosa" {
				t.Fatalf("%s: %+v", u, m)
			}
		}
		e.do("POST", "/api/caja/cerrar", e.token("vendedor"), map[string]any{"monto_cierre": 9000, "observaciones": "",
			"generar_reporte": false}).expect(t, http.StatusOK, "")
		if tot := e.monitoreo("admin").Totales; tot.Activos != 0 || tot.Inactivos != 1 || tot.Ventas != 2 {
			t.Fatalf("después de cerrar: %+v", tot)
		}
		if m := e.monitoreo("admin2"); m.Totales.Ventas != 5 || m.Totales.Ingresos != 22500 || m.Vendedores[0].NombreUsuario != "vendedor2" {
			t.Fatalf("segunda empresa: %+v", m)
		}
	})
}

func TestGlobalDashboardAddsUpEveryCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.SocketsAbiertos = func() int { return 7 }
		e.ventaA("vendedor", "Ana Paz", 2)
		e.ventaEmpresa2(1)
		st := e.stats("superadmin")
		m := st.MetricasGlobales
		if m == nil || m.TotalEmpresas != 2 || m.EmpresasActivas != 2 || m.EmpresasInactivas != 0 || m.PasajesHoySistema != 3 ||
			m.VolumenMovimientosHoy != 13500 || m.UsuariosActivosSistema != 8 || m.CajasAbiertasSistema != 2 {
			t.Fatalf("métricas: %+v", m)
		}
		if len(st.Empresas) != 2 || st.Empresas[0].Nombre != "Lanchas del Delta" || st.Empresas[0].PasajesHoy != 2 ||
			st.Empresas[1].IngresosHoy != 4500 || st.Empresas[1].UltimaVenta == nil || !st.Empresas[1].UltimaVenta.Equal(e.now) {
			t.Fatalf("empresas: %+v", st.Empresas)
		}
		if len(st.Alertas) != 0 || st.Monitoreo == nil || st.Monitoreo.SociosAbiertos != 7 || st.Monitoreo.PeticionesPorMinuto == 0 {
			t.Fatalf("alertas %+v, monitoreo %+v", st.Alertas, st.Monitoreo)
		}
		if s := st.EstadoServicios; len(s) != 6 || !s[3].Conectado || s[3].Detalles != "7 conexiones abiertas" ||
			s[2].Nombre != "WhatsApp" || s[2].Conectado || s[2].Detalles != MsgServicioSinConfigurar {
			t.Fatalf("servicios: %+v", s)
		}

		e.now = e.now.Add(25 * time.Hour) // the next business day: both registers open for more than 12 hours
		if _, err := e.st.DB().Exec(`UPDATE empresas SET activa = FALSE WHERE nombre = 'Interisleña Demo'`); err != nil {
			t.Fatal(err)
		}
		st = e.stats("superadmin")
		want := []string{"Lanchas del Delta: 1 caja abierta hace más de 12 horas",
			"Interisleña Demo: 1 caja abierta hace más de 12 horas", "1 empresa inactiva"}
		if len(st.Alertas) != len(want) {
			t.Fatalf("alertas: %+v", st.Alertas)
		}
		for i, a := range st.Alertas {
			if a.Mensaje != want[i] {
				t.Fatalf("alerta %d: %+v", i, a)
			}
		}
		if st.MetricasGlobales.EmpresasInactivas != 1 || st.MetricasGlobales.PasajesHoySistema != 0 {
			t.Fatalf("al día siguiente: %+v", st.MetricasGlobales)
		}
	})
}

func TestMetricasCountTheLastMinute(t *testing.T) {
	var m metricas
	t0 := time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)
	m.contar(t0, http.StatusOK)
	m.contar(t0.Add(30*time.Second), http.StatusInternalServerError)
	m.contar(t0.Add(59*time.Second), http.StatusNotFound)
	if p, e := m.ultimoMinuto(t0.Add(59 * time.Second)); p != 3 || e != 1 {
		t.Fatalf("en el minuto: %d peticiones, %d errores", p, e)
	}
	if p, e := m.ultimoMinuto(t0.Add(89 * time.Second)); p != 2 || e != 1 {
		t.Fatalf("29 s después: %d peticiones, %d errores", p, e)
	}
	m.contar(t0.Add(120*time.Second), http.StatusOK) // reuses the slot of t0; t0+59 s is past
	if p, _ := m.ultimoMinuto(t0.Add(120 * time.Second)); p != 1 {
		t.Fatalf("dos minutos después: %d peticiones", p)
	}
	if m.peticiones.Load() != 4 || m.errores.Load() != 1 {
		t.Fatalf("totales: %d, %d", m.peticiones.Load(), m.errores.Load())
	}
}
