package store_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store/storetest"
)

// Migration 59 gives every payment method the kind today's name rule gave it
// (domain.TipoMedioPagoPorNombre), on both engines: no register's figure
// changes, and 'Mercado Pago' stays a manual method.
func TestMigration59FillsTheTipoFromTheNameRule(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx, st := context.Background(), e.st
		b, err := os.ReadFile("migrations/" + st.Dialect() + "/00059_tipo_medio_pago.sql")
		if err != nil {
			t.Fatal(err)
		}
		up, down, _ := strings.Cut(strings.TrimPrefix(string(b), "-- +goose Up"), "-- +goose Down")
		if _, err := st.DB().ExecContext(ctx, down); err != nil {
			t.Fatalf("migración 59 (Down): %v", err)
		}
		nombres := []string{"EFECTIVO USD", "DÉBITO", "Crédito 3 cuotas", "credito", "Tarjeta o efectivo",
			"Transferencia", "Mercado Pago", "Cash"}
		for _, n := range nombres {
			if _, err := st.DB().ExecContext(ctx, st.Rebind(`INSERT INTO medios_pago (empresa_id, nombre, created_at)
				VALUES (?, ?, CURRENT_TIMESTAMP)`), e.empresaID, n); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := st.DB().ExecContext(ctx, up); err != nil {
			t.Fatalf("migración 59 (Up): %v", err)
		}
		for _, n := range append(nombres, "Efectivo", "Tarjeta") {
			want := domain.TipoMedioPagoPorNombre(n)
			if got := storetest.Int(t, st, `SELECT COUNT(*) FROM medios_pago WHERE empresa_id = ? AND nombre = ? AND tipo = ?`,
				e.empresaID, n, want); got != 1 {
				t.Errorf("%s: no es %s", n, want)
			}
		}
		if _, err := st.DB().ExecContext(ctx, st.Rebind(`UPDATE medios_pago SET tipo = 'puntos' WHERE id = ?`), e.efectivo); err == nil {
			t.Fatal("la base aceptó un tipo fuera de la lista")
		}
	})
}

// The register report's cash line is the lowest-id method of tipo efectivo,
// whatever the names say: a method named 'Efectivo' set as otro has a line of
// its own and its references are listed; a 'Caja chica' of tipo efectivo names
// the cash line and adds to the drawer.
func TestElReporteDeCajaNombraElEfectivoPorSuTipo(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otro, efectivo := domain.TipoOtro, domain.TipoEfectivo
		if _, err := e.st.ActualizarItem(ctx, e.admin(), domain.CatMediosPago, e.efectivo,
			domain.ItemCatalogo{Nombre: "Efectivo", Activo: true, Tipo: &otro}); err != nil {
			t.Fatal(err)
		}
		chica, err := e.st.CrearItem(ctx, e.admin(), domain.CatMediosPago, domain.ItemCatalogo{Nombre: "Caja chica",
			Activo: true, Tipo: &efectivo})
		if err != nil {
			t.Fatal(err)
		}
		caja := e.abrir(t, 10000)
		e.vender(t, e.venta(e.norte, chica.ID, hoy, 1))
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
		r, err := e.st.ReporteCaja(ctx, e.empresaID, caja.ID)
		if err != nil {
			t.Fatal(err)
		}
		lineas := r.PorMedioPago
		if len(lineas) != 2 || lineas[0].MedioPagoID != chica.ID || lineas[0].MedioPago != "Caja chica" ||
			lineas[0].Esperado != 10000+150000 || lineas[1].MedioPago != "Efectivo" || lineas[1].Ventas != 150000 {
			t.Fatalf("líneas: %+v", lineas)
		}
		if len(r.Referencias) != 1 || r.Referencias[0].MedioPago != "Efectivo" {
			t.Fatalf("referencias: %+v", r.Referencias)
		}
	})
}
