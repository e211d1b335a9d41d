package store_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"muelle/internal/domain"
)

// Migration 39 (issue 36 item 1) leaves existing contacts unconfirmed unless
// the customer already has a portal password: then both are confirmed.
func TestMigration39ConfirmsOnlyTheContactsOfPortalCustomers(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx, st := context.Background(), e.st
		b, err := os.ReadFile("migrations/" + st.Dialect() + "/00039_identidad_portal.sql")
		if err != nil {
			t.Fatal(err)
		}
		up, down, _ := strings.Cut(strings.TrimPrefix(string(b), "-- +goose Up"), "-- +goose Down")
		crear := func(doc string) int64 {
			c, err := st.CrearCliente(ctx, e.vendedor, domain.Cliente{Nombre: "C", Documento: doc,
				Email: doc + "@example.com", Telefono: "11 5555 0000"})
			if err != nil {
				t.Fatal(err)
			}
			return c.ID
		}
		conPortal, sinPortal := crear("30000001"), crear("30000002")
		if _, err := st.DB().ExecContext(ctx, st.Rebind(`INSERT INTO clientes_portal (cliente_id, empresa_id, password_hash,
			sesion_version, updated_at) VALUES (?, ?, 'hash', 1, CURRENT_TIMESTAMP)`), conPortal, e.empresaID); err != nil {
			t.Fatal(err)
		}
		for _, sql := range []string{down, up} {
			if _, err := st.DB().ExecContext(ctx, sql); err != nil {
				t.Fatalf("migración 39: %v", err)
			}
		}
		for id, want := range map[int64]bool{conPortal: true, sinPortal: false} {
			c, err := st.ClientePorID(ctx, e.empresaID, id)
			if err != nil {
				t.Fatal(err)
			}
			if c.EmailConfirmado != want || c.TelefonoConfirmado != want {
				t.Errorf("cliente %d: correo %v, teléfono %v; quería %v", id, c.EmailConfirmado, c.TelefonoConfirmado, want)
			}
		}
	})
}
