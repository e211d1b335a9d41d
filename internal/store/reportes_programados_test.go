package store_test

import (
	"context"
	"fmt"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// A schedule sends with its owner's permission, checked again at each send
// (ComprobarDueño, no request involved): a company admin's schedule passes;
// a seller's (no reportes.exportar), another company's, one whose owner was
// deactivated and one of a company without the reports module are refused
// with 403.
func TestAScheduleSendsOnlyWithItsOwnersPermission(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := empresaConVendedor(t, st, "Lanchas del Delta", "ana")
		if _, err := st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolAdmin,
			NombreUsuario: "dueno", Nombre: "Dora", Apellido: "Paz", PasswordHash: "x", Activo: true}); err != nil {
			t.Fatal(err)
		}
		dueño, _, err := st.UsuarioPorNombre(ctx, "dueno")
		if err != nil {
			t.Fatal(err)
		}
		p, err := st.CrearPrograma(ctx, store.Actor{UsuarioID: dueño.ID, EmpresaID: e.empresaID},
			domain.ReporteProgramado{Tipo: domain.ProgramaCajasDiario, Formato: "pdf", Hora: 7,
				Destinatarios: []string{"dora@example.com"}, Asunto: "Cajas de ayer"},
			store.Agenda{Proximo: ahora, Dia: "2026-11-20"})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.ComprobarDueño(ctx, p); err != nil {
			t.Fatalf("el programa de la administradora: %v", err)
		}

		delVendedor, ajeno := p, p
		delVendedor.UsuarioID = e.vendedor.UsuarioID
		ajeno.EmpresaID = e.empresaID + 1000
		wantError(t, st.ComprobarDueño(ctx, delVendedor), domain.KindForbidden, domain.MsgSinPermisos)
		wantError(t, st.ComprobarDueño(ctx, ajeno), domain.KindForbidden, domain.MsgSinPermisos)

		reportes := storetest.Int(t, st, `SELECT id FROM modulos WHERE codigo = ?`, domain.ModuloReportes)
		cambiar := func(habilitado bool) {
			t.Helper()
			if _, _, err := st.ActualizarModuloEmpresa(ctx, store.Actor{}, e.empresaID, reportes,
				store.CambioModulo{Habilitado: habilitado}); err != nil {
				t.Fatal(err)
			}
		}
		cambiar(false)
		var nombre string
		if err := st.DB().QueryRow(st.Rebind(`SELECT nombre FROM modulos WHERE id = ?`), reportes).Scan(&nombre); err != nil {
			t.Fatal(err)
		}
		wantError(t, st.ComprobarDueño(ctx, p), domain.KindForbidden,
			fmt.Sprintf("El módulo %s no está habilitado para su empresa", nombre))
		cambiar(true)
		if err := st.ComprobarDueño(ctx, p); err != nil {
			t.Fatalf("con el módulo de vuelta: %v", err)
		}

		if err := st.SetUsuarioActivo(ctx, e.empresaID, dueño.ID, false); err != nil {
			t.Fatal(err)
		}
		wantError(t, st.ComprobarDueño(ctx, p), domain.KindForbidden, domain.MsgSinPermisos)
	})
}
