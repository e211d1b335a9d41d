package store_test

import (
	"context"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func TestEmpresas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		if id, err := st.PrimeraEmpresa(ctx); id != 0 || err != nil {
			t.Fatalf("sin empresas: %d %v", id, err)
		}
		if _, ok, err := st.EmpresaPublica(ctx); ok || err != nil {
			t.Fatalf("sin empresa pública: %v %v", ok, err)
		}
		fundacion := time.Date(2001, 5, 1, 0, 0, 0, 0, time.UTC)
		primera, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta", FechaFundacion: &fundacion})
		if err != nil {
			t.Fatal(err)
		}
		segunda, _ := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Interisleña", Timezone: "UTC", ColorPrimario: "#000000"})
		again, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta", Tipo: "otra"})
		if err != nil || again != primera {
			t.Fatalf("la misma empresa dos veces: %d %d %v", again, primera, err)
		}
		cases := []struct {
			id                    int64
			ok                    bool
			nombre, tz, tipo, col string
		}{
			{primera, true, "Lanchas del Delta", domain.ZonaHorariaPorDefecto, "operativa", "#3B82F6"},
			{segunda, true, "Interisleña", "UTC", "operativa", "#000000"},
			{segunda + 100, false, "", "", "", ""},
		}
		for _, tc := range cases {
			e, ok, err := st.Empresa(ctx, tc.id)
			if err != nil || ok != tc.ok || e.Nombre != tc.nombre || e.Timezone != tc.tz || e.Tipo != tc.tipo ||
				e.ColorPrimario != tc.col || (ok && !e.Activa) {
				t.Errorf("empresa %d = %+v %v %v", tc.id, e, ok, err)
			}
		}
		if e, _, _ := st.Empresa(ctx, primera); e.VentaGrande != domain.VentaGrandePorDefecto {
			t.Errorf("umbral de venta grande por defecto = %+v", e.VentaGrande)
		}
		if _, err := st.DB().ExecContext(ctx, st.Rebind(
			`UPDATE empresas SET venta_grande_pasajes = 4, venta_grande_centavos = 2500000 WHERE id = ?`), segunda); err != nil {
			t.Fatal(err)
		}
		propio := domain.VentaGrande{MasDePasajes: 4, MontoMayorA: 25_000_00}
		if e, _, _ := st.Empresa(ctx, segunda); e.VentaGrande != propio {
			t.Errorf("umbral de venta grande propio = %+v", e.VentaGrande)
		}
		if id, _ := st.PrimeraEmpresa(ctx); id != primera {
			t.Errorf("primera empresa = %d", id)
		}
		pub, ok, err := st.EmpresaPublica(ctx)
		if !ok || err != nil || pub.ID != primera || pub.FechaFundacion == nil {
			t.Errorf("empresa pública = %+v %v %v", pub, ok, err)
		}
	})
}

func TestEstadisticasPublicas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		if st, err := e.st.EstadisticasPublicas(ctx, store.Empresa{}); err != nil || st != (store.EstadisticasPublicas{}) {
			t.Fatalf("sin empresa = %+v %v", st, err)
		}
		boardingDay(t, e)
		fundada := time.Date(2016, 12, 1, 0, 0, 0, 0, time.UTC)
		emp, _, _ := e.st.Empresa(ctx, e.empresaID)
		emp.FechaFundacion = &fundada
		st, err := e.st.EstadisticasPublicas(ctx, emp)
		// 6 tickets; 2 sections; 9 whole years; trips: Norte and Sur today, Norte tomorrow over 2 dates
		want := store.EstadisticasPublicas{PasajerosAtendidos: 6, RutasDisponibles: 2, AniosExperiencia: 9, ViajesDiarios: 2}
		if err != nil || st != want {
			t.Fatalf("estadísticas = %+v %v, se esperaba %+v", st, err, want)
		}
	})
}

func TestSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		if _, ok, err := st.Setting(ctx, "clave"); ok || err != nil {
			t.Fatalf("sin configurar: %v %v", ok, err)
		}
		steps := []struct {
			name string
			run  func() (string, error)
			want string
		}{
			{"crear", func() (string, error) { return st.SettingOrCreate(ctx, "clave", "uno") }, "uno"},
			{"crear no pisa", func() (string, error) { return st.SettingOrCreate(ctx, "clave", "dos") }, "uno"},
			{"guardar pisa", func() (string, error) { return "tres", st.SetSetting(ctx, "clave", "tres") }, "tres"},
		}
		for _, s := range steps {
			got, err := s.run()
			stored, ok, _ := st.Setting(ctx, "clave")
			if err != nil || got != s.want || !ok || stored != s.want {
				t.Errorf("%s: %q %q %v", s.name, got, stored, err)
			}
		}
	})
}

func TestAuditoria(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		entries := []store.Auditoria{
			{Accion: store.AccionLogin, Detalles: "sin usuario", IP: "1.1.1.1"},
			{EmpresaID: e.empresaID, UsuarioID: e.vendedor.UsuarioID, Accion: store.AccionLogin, IP: "2.2.2.2", Exito: true},
			{EmpresaID: e.empresaID, UsuarioID: e.vendedor.UsuarioID, Accion: store.AccionLogout, IP: "2.2.2.2", Exito: true},
		}
		for _, a := range entries {
			if err := e.st.Audit(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		got, err := e.st.AuditoriaPorAccion(ctx, store.AccionLogin)
		if err != nil || len(got) != 2 {
			t.Fatalf("auditoría = %+v %v", got, err)
		}
		if got[0].IP != "2.2.2.2" || !got[0].Exito || *got[0].UsuarioID != e.vendedor.UsuarioID ||
			got[1].EmpresaID != nil || got[1].UsuarioID != nil || got[1].Exito || got[1].Detalles != "sin usuario" {
			t.Fatalf("auditoría = %+v", got)
		}
		if none, err := e.st.AuditoriaPorAccion(ctx, store.AccionCierreCaja); len(none) != 0 || err != nil {
			t.Fatalf("sin cierres = %+v %v", none, err)
		}
	})
}

func TestUsuarios(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		if err := e.st.EnsureRolesIntegrados(ctx); err != nil {
			t.Fatal("los roles integrados se pueden asegurar dos veces:", err)
		}
		created, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolLancha,
			NombreUsuario: "ana", PasswordHash: "y", Activo: true})
		if created || err != nil {
			t.Fatalf("el nombre ya existía: %v %v", created, err)
		}
		porNombre, ok, err := e.st.UsuarioPorNombre(ctx, "ana")
		if !ok || err != nil || porNombre.Rol != domain.RolVendedor || porNombre.PasswordHash != "x" ||
			porNombre.EmpresaNombre != "Lanchas del Delta" || !porNombre.Habilitado() || !porNombre.Permisos.Allows("caja", "abrir") {
			t.Fatalf("usuario = %+v %v %v", porNombre, ok, err)
		}
		porID, ok, _ := e.st.UsuarioPorID(ctx, porNombre.ID)
		if !ok || porID.NombreUsuario != "ana" {
			t.Fatalf("por id = %+v", porID)
		}
		if _, ok, err := e.st.UsuarioPorNombre(ctx, "nadie"); ok || err != nil {
			t.Fatalf("inexistente: %v %v", ok, err)
		}
		if err := e.st.SetUsuarioActivo(ctx, e.empresaID+1, porNombre.ID, false); err != nil {
			t.Fatal(err)
		}
		if u, _, _ := e.st.UsuarioPorID(ctx, porNombre.ID); !u.Activo {
			t.Fatal("otra empresa desactivó al usuario")
		}
		if err := e.st.SetUsuarioActivo(ctx, e.empresaID, porNombre.ID, false); err != nil {
			t.Fatal(err)
		}
		if u, _, _ := e.st.UsuarioPorID(ctx, porNombre.ID); u.Habilitado() {
			t.Fatal("el usuario sigue habilitado")
		}
		if ultimo, err := e.st.UltimoLogin(ctx, porNombre.ID); ultimo != nil || err != nil {
			t.Fatalf("último login = %v %v", ultimo, err)
		}
	})
}
