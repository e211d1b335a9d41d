package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// TestRelevarCaja (issue 36 item 28 h): a shift handover closes the outgoing
// register and opens the incoming seller's in one transaction, with the cash
// counted (or less) as its opening; a refusal at any step leaves both as they
// were; a count past the tolerance leaves the outgoing register pending and
// the handover goes on; a replayed key answers the first handover.
func TestRelevarCaja(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		puedeAbrir := domain.Permisos{"caja": {"abrir": true}}
		entrante := func(usuario string) store.Entrante {
			t.Helper()
			if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolVendedor,
				NombreUsuario: usuario, Nombre: "Beto", Apellido: "Ríos", PasswordHash: "x", Activo: true}); err != nil {
				t.Fatal(err)
			}
			u, _, err := e.st.UsuarioPorNombre(ctx, usuario)
			if err != nil {
				t.Fatal(err)
			}
			return store.Entrante{UsuarioID: u.ID, EmpresaID: e.empresaID, Rol: domain.RolVendedor, Permisos: puedeAbrir, Nombre: "Beto Ríos"}
		}
		beto := entrante("beto")
		monto := func(c domain.Centavos) *domain.Centavos { return &c }
		// cajas lists the company's registers: user, state and whether counted.
		cajas := func() string {
			t.Helper()
			rows, err := e.st.DB().QueryContext(ctx, e.st.Rebind(`SELECT usuario_id, estado, fecha_conteo IS NOT NULL
				FROM cajas WHERE empresa_id = ? ORDER BY id`), e.empresaID)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []string
			for rows.Next() {
				var (
					usuario int64
					estado  string
					contada bool
				)
				if err := rows.Scan(&usuario, &estado, &contada); err != nil {
					t.Fatal(err)
				}
				out = append(out, fmt.Sprint(usuario, estado, contada))
			}
			return strings.Join(out, ",")
		}
		detalles := func(accion string, usuario int64) string {
			t.Helper()
			var d string
			if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT detalles FROM auditoria WHERE accion = ? AND usuario_id = ?`),
				accion, usuario).Scan(&d); err != nil {
				t.Fatal(err)
			}
			return d
		}

		wantError(t, func() error { _, err := e.st.RelevarCaja(ctx, e.vendedor, store.Contado{}, nil, beto); return err }(),
			domain.KindInvalid, domain.MsgSinCajaAbierta)
		caja := e.abrir(t, 100000)
		if _, err := e.st.RegistrarMovimiento(ctx, e.vendedor, store.NuevoMovimiento{Tipo: domain.MovIngresoExtra, Monto: 50000,
			Descripcion: "Encomienda", MedioPagoID: e.efectivo}); err != nil {
			t.Fatal(err)
		}
		ajena := beto // as the credentials of another company's seller would give
		ajena.EmpresaID++
		sinPermiso := beto
		sinPermiso.Permisos = domain.Permisos{"caja": {"ver": true}}
		yo := beto
		yo.UsuarioID = e.vendedor.UsuarioID
		antes := cajas()
		for _, r := range []struct {
			name     string
			entrante store.Entrante
			apertura *domain.Centavos
			kind     domain.Kind
			msg      string
		}{
			{"de otra empresa", ajena, nil, domain.KindForbidden, domain.MsgCredencialesEntrante},
			{"el mismo usuario", yo, nil, domain.KindInvalid, domain.MsgRelevoMismoUsuario},
			{"sin caja.abrir", sinPermiso, nil, domain.KindForbidden, domain.MsgEntranteSinPermiso},
			{"apertura mayor que lo contado", beto, monto(150001), domain.KindInvalid, "El monto de apertura no puede superar el efectivo contado ($ 1.500,00)"},
			{"apertura negativa", beto, monto(-1), domain.KindInvalid, domain.MsgMontoNoNegativo},
		} {
			t.Run(r.name, func(t *testing.T) {
				_, err := e.st.RelevarCaja(ctx, e.vendedor, store.Contado{Efectivo: 150000}, r.apertura, r.entrante)
				wantError(t, err, r.kind, r.msg)
			})
		}
		if got := cajas(); got != antes {
			t.Fatalf("un relevo rechazado cambió las cajas: %s → %s", antes, got)
		}
		// The incoming seller with a register open: the close rolls back too.
		conCaja := entrante("dora")
		if _, err := e.st.AbrirCaja(ctx, store.Actor{EmpresaID: e.empresaID, UsuarioID: conCaja.UsuarioID}, 0, ""); err != nil {
			t.Fatal(err)
		}
		antes = cajas()
		_, err := e.st.RelevarCaja(ctx, e.vendedor, store.Contado{Efectivo: 150000}, nil, conCaja)
		wantError(t, err, domain.KindConflict, domain.MsgEntranteConCaja)
		if got := cajas(); got != antes {
			t.Fatalf("un relevo rechazado cambió las cajas: %s → %s", antes, got)
		}

		eventos := len(e.rec.Events())
		conClave := e.vendedor
		conClave.Clave, conClave.Huella = "relevo-1", "h1"
		rel, err := e.st.RelevarCaja(ctx, conClave, store.Contado{Efectivo: 150000}, nil, beto)
		if err != nil {
			t.Fatal(err)
		}
		if rel.Cierre.Pendiente || rel.Cierre.Caja.ID != caja.ID || rel.Cierre.Caja.Estado != domain.CajaCerrada ||
			rel.Cierre.MontoCierre != 150000 || rel.Cierre.Diferencia != 0 || rel.Cierre.EfectivoEsperado != 150000 {
			t.Fatalf("cierre = %+v", rel.Cierre)
		}
		if rel.Caja.UsuarioID != beto.UsuarioID || rel.Caja.Estado != domain.CajaAbierta || rel.Caja.MontoApertura != 150000 ||
			rel.Caja.EfectivoEsperado != 150000 || rel.Caja.UsuarioNombre != "Beto Ríos" ||
			rel.Caja.Observaciones != "Relevo de turno de la caja #"+fmt.Sprint(caja.ID) {
			t.Fatalf("caja nueva = %+v", rel.Caja)
		}
		if got := strings.Join(nombres(e.rec.Events()[eventos:]), ","); got != "cajaCerrada,cajaAbierta" {
			t.Fatalf("eventos = %s", got)
		}
		for _, a := range []struct {
			accion  string
			usuario int64
		}{{store.AccionCierreCaja, e.vendedor.UsuarioID}, {store.AccionAperturaCaja, beto.UsuarioID}, {store.AccionRelevoCaja, e.vendedor.UsuarioID}} {
			if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ?`, a.accion, a.usuario); n != 1 {
				t.Fatalf("auditorías %s = %d", a.accion, n)
			}
		}
		if d := detalles(store.AccionRelevoCaja, e.vendedor.UsuarioID); d !=
			"Relevo de turno: caja #"+fmt.Sprint(caja.ID)+" de Ana Paz cerrada con $ 1.500,00 contado; caja #"+fmt.Sprint(rel.Caja.ID)+" de Beto Ríos abierta con $ 1.500,00" {
			t.Fatalf("auditoría del relevo: %s", d)
		}
		// The same key answers the same handover and does nothing more.
		otraVez, err := e.st.RelevarCaja(ctx, conClave, store.Contado{Efectivo: 150000}, nil, beto)
		if err != nil || jsonOf(t, otraVez) != jsonOf(t, rel) {
			t.Fatalf("reintento = %+v, %v", otraVez, err)
		}
		if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM cajas WHERE usuario_id = ?`, beto.UsuarioID); n != 1 {
			t.Fatalf("el reintento abrió %d cajas", n)
		}

		// Back to the first seller, past the tolerance: the count waits for a
		// supervisor and the handover goes on with what the drawer holds.
		if _, err := e.st.GuardarConfiguracion(ctx, e.admin(), e.empresaID, store.Configuracion{Clave: domain.ClaveToleranciaCierre, Valor: "0"}); err != nil {
			t.Fatal(err)
		}
		saliente := store.Actor{EmpresaID: e.empresaID, UsuarioID: beto.UsuarioID, IP: "10.0.0.2"}
		ana := store.Entrante{UsuarioID: e.vendedor.UsuarioID, EmpresaID: e.empresaID, Rol: domain.RolVendedor, Permisos: puedeAbrir, Nombre: "Ana Paz"}
		eventos = len(e.rec.Events())
		pend, err := e.st.RelevarCaja(ctx, saliente, store.Contado{Efectivo: 140000}, monto(40000), ana)
		if err != nil {
			t.Fatal(err)
		}
		if !pend.Cierre.Pendiente || pend.Cierre.Caja.Estado != domain.CajaAbierta || !pend.Cierre.Caja.PendienteAprobacion() ||
			pend.Cierre.Diferencia != -10000 || pend.Caja.UsuarioID != e.vendedor.UsuarioID || pend.Caja.MontoApertura != 40000 {
			t.Fatalf("relevo pendiente = %+v", pend)
		}
		if got := strings.Join(nombres(e.rec.Events()[eventos:]), ","); got != "alertaSistema,movimientoCaja,cajaAbierta" {
			t.Fatalf("eventos = %s", got)
		}
		if d := detalles(store.AccionRelevoCaja, beto.UsuarioID); !strings.Contains(d,
			"de Beto Ríos pendiente de aprobación con $ 1.400,00 contado") {
			t.Fatalf("auditoría del relevo pendiente: %s", d)
		}
		pendientes, err := e.st.CierresPendientes(ctx, e.empresaID)
		if err != nil || len(pendientes) != 1 || pendientes[0].CajaID != rel.Caja.ID {
			t.Fatalf("cierres pendientes = %+v, %v", pendientes, err)
		}
	})
}
