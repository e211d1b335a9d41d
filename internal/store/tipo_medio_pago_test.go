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
