package store_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// migracion22 runs one half ("Up" or "Down") of migration 22 of st's engine
// again, as an installation that had the roles before it would.
func migracion22(t *testing.T, st *store.Store, mitad string) {
	t.Helper()
	b, err := os.ReadFile("migrations/" + st.Dialect() + "/00022_lectura.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(strings.TrimPrefix(string(b), "-- +goose Up"), "-- +goose Down")
	sql := map[string]string{"Up": up, "Down": down}[mitad]
	if _, err := st.DB().ExecContext(context.Background(), sql); err != nil {
		t.Fatalf("migración 22 (%s): %v", mitad, err)
	}
}

// Migration 22 grants clientes.ver to the roles that used the customers
// screen (built-in super_admin, admin, supervisor, vendedor; a custom role
// that sells) and to no other: customer reads stopped being open to any session.
func TestMigration22GrantsCustomerReadsToTheRolesThatUsedThem(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		rol := func(nombre string, permisos ...string) {
			p := domain.Permisos{}
			for _, g := range permisos {
				mod, action := domain.SplitPermission(g)
				p[mod] = map[string]any{action: true}
			}
			_, err := st.CrearRol(ctx, store.Actor{}, domain.Rol{Nombre: nombre, Descripcion: "Prueba",
				NivelJerarquico: 4, ColorBadge: "#10B981", Icono: "💼", Permisos: p, Activo: true})
			if err != nil {
				t.Fatal(err)
			}
		}
		rol("cajero", "pasajes.crear", "caja.ver")
		rol("auditor", "reportes.ver")
		migracion22(t, st, "Down")
		migracion22(t, st, "Up")
		roles, err := st.ListarRoles(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{domain.RolSuperAdmin: true, domain.RolAdmin: true, domain.RolSupervisor: true,
			domain.RolVendedor: true, domain.RolLancha: false, domain.RolPasajero: false, "cajero": true, "auditor": false}
		for _, r := range roles {
			if got := r.Permisos.Allows("clientes", "ver"); got != want[r.Nombre] {
				t.Errorf("%s: clientes.ver = %v", r.Nombre, got)
			}
			if !r.Permisos.Allows("pasajes", "crear") && r.Nombre == "cajero" {
				t.Errorf("cajero perdió pasajes.crear: %v", r.Permisos)
			}
		}
		if len(roles) != len(want) {
			t.Fatalf("roles: %d", len(roles))
		}
	})
}
