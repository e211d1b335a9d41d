package store_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// The audit trail refuses every UPDATE and DELETE, whoever runs it: the
// trigger of migration 15 on both databases.
func TestAuditoriaSoloAgregar(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		a := store.Auditoria{EmpresaID: e.empresaID, UsuarioID: e.vendedor.UsuarioID, Accion: store.AccionLogin,
			IP: "10.0.0.1", Exito: true}
		if err := e.st.Audit(ctx, a); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`UPDATE auditoria SET detalles = 'borrado'`,
			`UPDATE auditoria SET exito = NOT exito WHERE accion = 'LOGIN'`,
			`DELETE FROM auditoria`,
			`DELETE FROM auditoria WHERE accion = 'LOGIN'`,
		} {
			_, err := e.st.DB().ExecContext(ctx, q)
			if err == nil || !strings.Contains(err.Error(), "la auditoría no se modifica") {
				t.Errorf("%s: error = %v, se esperaba el rechazo del disparador", q, err)
			}
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM auditoria WHERE detalles = '' AND exito`); n != 1 {
			t.Fatalf("la auditoría cambió: %d filas intactas", n)
		}
	})
}

// auditarEn writes an entry as if at t.
func auditarEn(t *testing.T, st *store.Store, at time.Time, a store.Auditoria) {
	t.Helper()
	prev := st.Now
	st.Now = func() time.Time { return at }
	defer func() { st.Now = prev }()
	if err := st.Audit(context.Background(), a); err != nil {
		t.Fatal(err)
	}
}

func TestListarAuditoria(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		// companies without a catalog: the audit holds only the entries below
		e := empresaConVendedor(t, st, "Lanchas del Delta", "ana")
		otra := empresaConVendedor(t, st, "Otra Empresa", "beto")
		e.st.Now = func() time.Time { return ahora }
		u, o := e.vendedor, otra.vendedor
		dia := func(d int) time.Time { return ahora.AddDate(0, 0, -d) }
		auditarEn(t, e.st, dia(10), store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.UsuarioID, Accion: store.AccionLogin, Exito: true})
		auditarEn(t, e.st, dia(3), store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.UsuarioID, Accion: store.AccionVentaPasaje, Exito: true})
		auditarEn(t, e.st, dia(2), store.Auditoria{EmpresaID: o.EmpresaID, UsuarioID: o.UsuarioID, Accion: store.AccionLogin, Exito: true})
		auditarEn(t, e.st, dia(1), store.Auditoria{Accion: store.AccionLogin, Detalles: "desconocido"})
		auditarEn(t, e.st, dia(0), store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.UsuarioID, Accion: store.AccionLogout, Exito: true})

		cases := []struct {
			name  string
			f     store.FiltroAuditoria
			want  []string // actions of the page, newest first
			total int64
		}{
			{"todo", store.FiltroAuditoria{}, []string{"LOGOUT", "LOGIN", "LOGIN", "VENTA_PASAJE", "LOGIN"}, 5},
			{"acción", store.FiltroAuditoria{Accion: store.AccionLogin}, []string{"LOGIN", "LOGIN", "LOGIN"}, 3},
			{"empresa", store.FiltroAuditoria{EmpresaID: o.EmpresaID}, []string{"LOGIN"}, 1},
			{"usuario", store.FiltroAuditoria{UsuarioID: u.UsuarioID}, []string{"LOGOUT", "VENTA_PASAJE", "LOGIN"}, 3},
			{"fechas", store.FiltroAuditoria{Desde: dia(3), Hasta: dia(1)}, []string{"LOGIN", "VENTA_PASAJE"}, 2},
			{"página 2 de 2", store.FiltroAuditoria{Pagina: store.Pagina{Limite: 2, Desplazamiento: 2}},
				[]string{"LOGIN", "VENTA_PASAJE"}, 5},
			{"página pasada", store.FiltroAuditoria{Pagina: store.Pagina{Limite: 2, Desplazamiento: 10}}, []string{}, 5},
		}
		for _, tc := range cases {
			got, conteo, err := e.st.ListarAuditoria(ctx, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			acciones := mapear(got, func(r store.RegistroAuditoria) string { return r.Accion })
			if !reflect.DeepEqual(acciones, tc.want) || conteo != (store.ConteoAuditoria{Total: tc.total, Exacto: true}) {
				t.Errorf("%s: %v (%+v), se esperaba %v (%d)", tc.name, acciones, conteo, tc.want, tc.total)
			}
		}
		got, _, _ := e.st.ListarAuditoria(ctx, store.FiltroAuditoria{Accion: store.AccionLogin})
		if r := got[0]; r.UsuarioID != nil || r.EmpresaNombre != "" || r.Detalles != "desconocido" || !r.CreatedAt.Equal(dia(1)) {
			t.Errorf("entrada sin usuario = %+v", r)
		}
		if r := got[1]; r.NombreUsuario != "beto" || r.EmpresaNombre != "Otra Empresa" || r.Nombre != "Ana" {
			t.Errorf("entrada con usuario = %+v", r)
		}

		res, err := e.st.ResumirAuditoria(ctx, dia(7))
		if err != nil {
			t.Fatal(err)
		}
		if res.TotalEventos != 4 || res.Logins != 2 || res.VentasPasajes != 1 || res.UsuariosDistintos != 2 ||
			len(res.UsuariosActivos) != 2 || res.UsuariosActivos[0].NombreUsuario != "ana" || res.UsuariosActivos[0].Total != 2 ||
			!reflect.DeepEqual(res.TiposEventos[0], store.TotalAccion{Accion: "LOGIN", Total: 2}) {
			t.Errorf("resumen = %+v", res)
		}
		acciones, err := e.st.AccionesAuditadas(ctx)
		if want := []string{"LOGIN", "LOGOUT", "VENTA_PASAJE"}; err != nil || !reflect.DeepEqual(acciones, want) {
			t.Errorf("acciones = %v %v", acciones, err)
		}
	})
}
