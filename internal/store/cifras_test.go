package store_test

import (
	"context"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// sembrarCifras sells the figures' fixed data set in e's company (Buenos
// Aires, UTC-3), and one sale of another company that must never count:
//
//	18/11 10:00  Norte, efectivo, 2 × 1.500 (travel 20/11); one of them boarded
//	18/11 23:30  Sur, tarjeta, 1 × 2.000 (travel 21/11): counts on the 18th
//	19/11 00:30  Norte, tarjeta, 1 × 1.500 (travel 21/11): counts on the 19th
//	20/11 12:00  Sur, efectivo, 1 × 2.000 (travel 20/11), cancelled
//	20/11 12:00  Norte, efectivo, 1 × 1.500 (travel 20/11), cancelled and reactivated
func sembrarCifras(t *testing.T, e *empresaDePrueba) {
	t.Helper()
	ctx := context.Background()
	en := func(hora time.Time) { e.st.Now = func() time.Time { return hora } }
	ba := domain.Location(domain.ZonaHorariaPorDefecto)
	en(time.Date(2026, 11, 18, 9, 0, 0, 0, ba))
	e.abrir(t, 0)
	en(time.Date(2026, 11, 18, 10, 0, 0, 0, ba))
	uno := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
	en(time.Date(2026, 11, 18, 23, 30, 0, 0, ba))
	e.vender(t, e.venta(e.sur, e.tarjeta, manana, 1))
	en(time.Date(2026, 11, 19, 0, 30, 0, 0, ba))
	e.vender(t, e.venta(e.norte, e.tarjeta, manana, 1))
	en(ahora)
	cancelado := e.vender(t, e.venta(e.sur, e.efectivo, hoy, 1))
	reactivado := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
	for _, err := range []error{
		func() error {
			_, err := e.st.CancelarPasaje(ctx, e.vendedor, cancelado[0].ID, store.Anulacion{Motivo: "Se arrepintió"}, false)
			return err
		}(),
		func() error {
			_, err := e.st.CancelarPasaje(ctx, e.vendedor, reactivado[0].ID, store.Anulacion{Motivo: "Error"}, false)
			return err
		}(),
		func() error {
			_, err := e.st.ReactivarPasaje(ctx, e.vendedor, reactivado[0].ID, store.Anulacion{Motivo: "Volvió"})
			return err
		}(),
		func() error { _, err := e.st.ValidarPorID(ctx, e.vendedor, uno[0].ID); return err }(),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	otra := nuevaEmpresa(t, e.st, "Otra Lancha", "otro")
	en(time.Date(2026, 11, 19, 12, 0, 0, 0, ba))
	otra.abrir(t, 0)
	otra.vender(t, otra.venta(otra.norte, otra.efectivo, manana, 3))
	en(ahora)
}

func TestCifrasSumTheLedgerByBusinessDay(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		sembrarCifras(t, e)
		cifras := func(desde, hasta, base string, por ...store.Dimension) []store.Cifra {
			t.Helper()
			out, err := e.st.Cifras(context.Background(), store.ConsultaCifras{EmpresaID: e.empresaID, Desde: desde,
				Hasta: hasta, Base: base, Por: por})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		const activo, usado, cancelado = domain.PasajeActivo, domain.PasajeUsado, domain.PasajeCancelado
		for _, c := range []struct {
			nombre string
			got    []store.Cifra
			want   []store.Cifra
		}{
			{"total", cifras("2026-11-18", "2026-11-20", ""), []store.Cifra{{Cantidad: 6, Importe: 1000000}}},
			{"nada", cifras("2026-11-01", "2026-11-17", "venta"), []store.Cifra{{}}},
			{"por día y estado", cifras("2026-11-18", "2026-11-20", "venta", store.PorDia, store.PorEstado), []store.Cifra{
				{Dia: "2026-11-18", Estado: activo, Cantidad: 2, Importe: 350000},
				{Dia: "2026-11-18", Estado: usado, Cantidad: 1, Importe: 150000},
				{Dia: "2026-11-19", Estado: activo, Cantidad: 1, Importe: 150000},
				{Dia: "2026-11-20", Estado: activo, Cantidad: 1, Importe: 150000},
				{Dia: "2026-11-20", Estado: cancelado, Cantidad: 1, Importe: 200000},
			}},
			{"por mes y estado", cifras("2026-11-01", "2026-11-30", "venta", store.PorMes, store.PorEstado), []store.Cifra{
				{Mes: "2026-11", Estado: activo, Cantidad: 4, Importe: 650000},
				{Mes: "2026-11", Estado: cancelado, Cantidad: 1, Importe: 200000},
				{Mes: "2026-11", Estado: usado, Cantidad: 1, Importe: 150000},
			}},
			{"viaje por día", cifras("2026-11-18", "2026-11-21", "viaje", store.PorDia), []store.Cifra{
				{Dia: "2026-11-20", Cantidad: 4, Importe: 650000},
				{Dia: "2026-11-21", Cantidad: 2, Importe: 350000},
			}},
			{"por medio de pago", cifras("2026-11-18", "2026-11-20", "venta", store.PorMedioPago), []store.Cifra{
				{MedioPagoID: e.efectivo, MedioPago: "Efectivo", Cantidad: 4, Importe: 650000},
				{MedioPagoID: e.tarjeta, MedioPago: "Tarjeta", Cantidad: 2, Importe: 350000},
			}},
			{"por sección, tipo y vendedor", cifras("2026-11-19", "2026-11-19", "venta", store.PorSeccion, store.PorTipoViaje, store.PorVendedor), []store.Cifra{
				{SeccionID: e.norte, Seccion: "Norte", TipoViajeID: e.general, TipoViaje: "General",
					UsuarioID: e.vendedor.UsuarioID, Vendedor: "Ana Paz", Cantidad: 1, Importe: 150000},
			}},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("%s:\n got %+v\nwant %+v", c.nombre, c.got, c.want)
			}
		}
		for _, q := range []store.ConsultaCifras{
			{EmpresaID: e.empresaID, Desde: "2026-11-20", Hasta: "2026-11-18"},
			{EmpresaID: e.empresaID, Desde: "2020-01-01", Hasta: "2026-11-18"},
			{EmpresaID: e.empresaID, Desde: "2026-11-18", Hasta: "2026-11-20", Base: "otra"},
			{EmpresaID: e.empresaID, Desde: "2026-11-18", Hasta: "2026-11-20", Por: []store.Dimension{"ciudad"}},
		} {
			if _, err := e.st.Cifras(context.Background(), q); err == nil {
				t.Errorf("Cifras(%+v) sin error", q)
			}
		}
	})
}

// The figures narrow to the tickets a filter lets through, and add up
// several companies apart (the global dashboard's companies of one zone).
func TestCifrasFilterAndSeveralCompanies(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		sembrarCifras(t, e)
		otra := storetest.Int(t, e.st, `SELECT id FROM empresas WHERE nombre = ?`, "Otra Lancha")
		cifras := func(q store.ConsultaCifras) []store.Cifra {
			t.Helper()
			q.Desde, q.Hasta = "2026-11-18", "2026-11-20"
			out, err := e.st.Cifras(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		for _, c := range []struct {
			nombre string
			got    []store.Cifra
			want   []store.Cifra
		}{
			{"vendidos", cifras(store.ConsultaCifras{EmpresaID: e.empresaID,
				Solo: store.FiltroCifras{SinEstado: domain.PasajeCancelado}}), []store.Cifra{{Cantidad: 5, Importe: 800000}}},
			{"activos de Norte", cifras(store.ConsultaCifras{EmpresaID: e.empresaID,
				Solo: store.FiltroCifras{Estado: domain.PasajeActivo, SeccionID: e.norte}}), []store.Cifra{{Cantidad: 3, Importe: 450000}}},
			{"de otro vendedor", cifras(store.ConsultaCifras{EmpresaID: e.empresaID,
				Solo: store.FiltroCifras{UsuarioID: e.vendedor.UsuarioID + 1000}}), []store.Cifra{{}}},
			{"dos empresas", cifras(store.ConsultaCifras{Empresas: []int64{e.empresaID, otra}, Por: []store.Dimension{store.PorEmpresa},
				Solo: store.FiltroCifras{SinEstado: domain.PasajeCancelado}}), []store.Cifra{
				{EmpresaID: e.empresaID, Cantidad: 5, Importe: 800000}, {EmpresaID: otra, Cantidad: 3, Importe: 450000}}},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("%s:\n got %+v\nwant %+v", c.nombre, c.got, c.want)
			}
		}
	})
}

// On SQLite, tickets stored before migration 24 get their day of sale at
// start-up, in their company's zone: the 23:30 sale stays on its own day.
func TestMigrateCompletesTheDayOfSale(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		sembrarCifras(t, e)
		if e.st.Dialect() == "postgres" {
			return // NOT NULL there: its migration filled it in SQL
		}
		ctx := context.Background()
		if _, err := e.st.DB().ExecContext(ctx, `UPDATE pasajes SET dia_venta = NULL`); err != nil {
			t.Fatal(err)
		}
		if err := e.st.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		var dias []string
		rows, err := e.st.DB().QueryContext(ctx, `SELECT dia_venta FROM pasajes WHERE empresa_id = ? ORDER BY id`, e.empresaID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var d string
			if err := rows.Scan(&d); err != nil {
				t.Fatal(err)
			}
			dias = append(dias, d)
		}
		if got := strings.Join(dias, " "); got != "2026-11-18 2026-11-18 2026-11-18 2026-11-19 2026-11-20 2026-11-20" {
			t.Fatalf("días de venta %s", got)
		}
		_, err = e.st.DB().ExecContext(ctx, `INSERT INTO pasajes (empresa_id, numero_pasaje, codigo_qr, fecha_viaje,
			precio, estado, cliente_nombre, seccion_id, tipo_viaje_id, medio_pago_id, caja_id, movimiento_id, usuario_id,
			created_at) SELECT empresa_id, 'X-1', 'x-1', fecha_viaje, precio, estado, cliente_nombre, seccion_id,
			tipo_viaje_id, medio_pago_id, caja_id, movimiento_id, usuario_id, created_at FROM pasajes LIMIT 1`)
		if err == nil || !strings.Contains(err.Error(), "dia_venta") {
			t.Fatalf("un pasaje sin día de venta: %v", err)
		}
	})
}

// The figures read their covering index, whichever basis and grouping: on
// SQLite only the index (a covering index), on PostgreSQL a scan of the
// index on the company's days, never the whole table.
func TestCifrasReadTheirCoveringIndex(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		e.abrir(t, 0)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
		rellenar(t, e, 3000)
		todas := []store.Dimension{store.PorMes, store.PorSeccion, store.PorTipoViaje, store.PorVendedor,
			store.PorMedioPago, store.PorEstado}
		for base, indice := range map[string]string{"venta": "pasajes_cifras_venta_idx", "viaje": "pasajes_cifras_viaje_idx"} {
			for _, por := range [][]store.Dimension{nil, {store.PorDia, store.PorEstado}, todas} {
				sentencias := trazar(e.st, func() {
					if _, err := e.st.Cifras(context.Background(), store.ConsultaCifras{EmpresaID: e.empresaID,
						Desde: "2026-10-01", Hasta: "2026-11-30", Base: base, Por: por}); err != nil {
						t.Fatal(err)
					}
				})
				if len(sentencias) != 1 {
					t.Fatalf("%d sentencias: %v", len(sentencias), sentencias)
				}
				pasos := plan(t, e.st, sentencias[0])
				texto := strings.Join(pasos, "\n")
				// PostgreSQL reads it index-only where the visibility map allows (after a vacuum, which
				// other sessions' open snapshots on a shared test server may hold back): any scan of it.
				cubre := regexp.MustCompile(`USING COVERING INDEX ` + indice + `|(Index Only Scan using|Index Scan using|Bitmap Index Scan on) ` + indice)
				if !cubre.MatchString(texto) || escaneoCompleto(sentencias[0], pasos) != "" {
					t.Errorf("%s %v no lee solo %s:\n%s\n%s", base, por, indice, sentencias[0].SQL, texto)
				}
			}
		}
		// the period before one under way, cut at an instant of sale: SQLite reads the listing index, which holds
		// that instant (PostgreSQL plans this small table by its cost; the API tests check the figures on both)
		corte := store.ConsultaCifras{EmpresaID: e.empresaID, Desde: "2026-10-01", Hasta: "2026-11-15", Base: "venta",
			Por:      []store.Dimension{store.PorEstado},
			Vendidos: domain.Lapso{Desde: time.Date(2026, 10, 1, 3, 0, 0, 0, time.UTC), Hasta: time.Date(2026, 11, 15, 15, 0, 0, 0, time.UTC)}}
		sentencias := trazar(e.st, func() {
			if _, err := e.st.Cifras(context.Background(), corte); err != nil {
				t.Fatal(err)
			}
		})
		if e.st.Dialect() != "postgres" {
			pasos := plan(t, e.st, sentencias[0])
			if texto := strings.Join(pasos, "\n"); len(sentencias) != 1 || !strings.Contains(texto, "USING COVERING INDEX pasajes_listado_idx") ||
				escaneoCompleto(sentencias[0], pasos) != "" {
				t.Errorf("el corte no lee solo pasajes_listado_idx:\n%s\n%s", sentencias[0].SQL, texto)
			}
		}
		corte.Base = "viaje"
		if _, err := e.st.Cifras(context.Background(), corte); err == nil {
			t.Error("un corte por instante de venta sobre la fecha de viaje no fue rechazado")
		}
	})
}
