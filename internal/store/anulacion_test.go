package store_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

// cajaDe reads the seller's open register.
func (e *empresaDePrueba) cajaDe(t *testing.T) store.Caja {
	t.Helper()
	c, ok, err := e.st.CajaAbierta(context.Background(), e.empresaID, e.vendedor.UsuarioID)
	if err != nil || !ok {
		t.Fatalf("caja abierta: %v %v", ok, err)
	}
	return c
}

func TestCancelarYReactivarMuevenElDinero(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 10000)
		efectivo := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0]
		tarjeta := e.vender(t, e.venta(e.sur, e.tarjeta, hoy, 1))[0]
		antes := len(e.rec.Events())

		p, err := e.st.CancelarPasaje(ctx, e.vendedor, efectivo.ID, store.Anulacion{Motivo: "  Cliente desistió  "}, false)
		if err != nil || p.Estado != domain.PasajeCancelado {
			t.Fatalf("cancelar: %+v %v", p, err)
		}
		c := e.cajaDe(t)
		if c.Ingresos != 350000 || c.Egresos != 150000 || c.Saldo != 210000 || c.TotalVentas != 200000 ||
			c.EfectivoEsperado != 10000 {
			t.Fatalf("caja tras cancelar: %+v", c.TotalesCaja)
		}
		if got := storeInt(t, e, `SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'devolucion_pasaje' AND pasaje_id = ?
			AND monto = 150000 AND medio_pago_id = ?`, efectivo.ID, e.efectivo); got != 1 {
			t.Fatalf("movimiento de devolución: %d", got)
		}
		if got := nombres(e.rec.Events()[antes:]); strings.Join(got, ",") != "pasajeCancelado,movimientoCaja" {
			t.Fatalf("eventos: %v", got)
		}
		audit, _ := e.st.AuditoriaPorAccion(ctx, store.AccionAnulacionPasaje)
		if len(audit) != 1 || !strings.Contains(audit[0].Detalles, efectivo.NumeroPasaje) ||
			!strings.HasSuffix(audit[0].Detalles, "Motivo: Cliente desistió") || *audit[0].UsuarioID != e.vendedor.UsuarioID {
			t.Fatalf("auditoría: %+v", audit)
		}

		_, err = e.st.CancelarPasaje(ctx, e.vendedor, efectivo.ID, store.Anulacion{}, false)
		wantError(t, err, domain.KindConflict, domain.MsgPasajeYaCancelado)
		_, err = e.st.ReactivarPasaje(ctx, e.vendedor, tarjeta.ID, store.Anulacion{})
		wantError(t, err, domain.KindConflict, domain.MsgPasajeYaActivo)

		if p, err = e.st.ReactivarPasaje(ctx, e.vendedor, efectivo.ID, store.Anulacion{}); err != nil || p.Estado != domain.PasajeActivo {
			t.Fatalf("reactivar: %+v %v", p, err)
		}
		c = e.cajaDe(t)
		if c.Ingresos != 500000 || c.Egresos != 150000 || c.Saldo != 360000 || c.TotalVentas != 350000 ||
			c.EfectivoEsperado != 160000 {
			t.Fatalf("caja tras reactivar: %+v", c.TotalesCaja)
		}
		if _, err := e.st.CancelarPasaje(ctx, e.vendedor, tarjeta.ID, store.Anulacion{}, false); err != nil {
			t.Fatal(err)
		}
		c = e.cajaDe(t)
		for _, m := range c.PorMedio {
			if m.MedioPagoID == e.tarjeta && m.Esperado != 0 {
				t.Fatalf("la tarjeta debería quedar en cero: %+v", c.PorMedio)
			}
		}
		if c.EfectivoEsperado != 160000 {
			t.Fatalf("una devolución con tarjeta no toca el efectivo: %+v", c.TotalesCaja)
		}
		audit, _ = e.st.AuditoriaPorAccion(ctx, store.AccionReactivacionPasaje)
		if len(audit) != 1 {
			t.Fatalf("auditoría de reactivación: %+v", audit)
		}
		cierre, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 160000, Observaciones: ""})
		if err != nil || cierre.TotalVentas != 150000 || cierre.Diferencia != 0 || cierre.EfectivoEsperado != 160000 {
			t.Fatalf("cierre: %+v %v", cierre, err)
		}
	})
}

func TestCancelarRechazos(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		ps := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 3))
		usado, otro, cancelado := ps[0], ps[1], ps[2]
		if _, err := e.st.ValidarPorID(ctx, e.vendedor, usado.ID); err != nil {
			t.Fatal(err)
		}
		_, err := e.st.CancelarPasaje(ctx, e.vendedor, usado.ID, store.Anulacion{}, false)
		wantError(t, err, domain.KindConflict, domain.MsgPasajeUsadoNoCancela)
		_, err = e.st.ReactivarPasaje(ctx, e.vendedor, usado.ID, store.Anulacion{})
		wantError(t, err, domain.KindConflict, domain.MsgPasajeUsadoNoReactiv)
		_, err = e.st.CancelarPasaje(ctx, e.vendedor, otro.ID, store.Anulacion{Motivo: strings.Repeat("x", domain.MaxMotivo+1)}, false)
		wantError(t, err, domain.KindInvalid, "El motivo no debe exceder 500 caracteres")
		if _, err := e.st.CancelarPasaje(ctx, e.vendedor, cancelado.ID, store.Anulacion{}, false); err != nil {
			t.Fatal(err)
		}

		ajena := nuevaEmpresa(t, e.st, "Otra Empresa", "otro")
		ajena.abrir(t, 0)
		_, err = e.st.CancelarPasaje(ctx, ajena.vendedor, otro.ID, store.Anulacion{}, false)
		wantError(t, err, domain.KindNotFound, domain.MsgPasajeNoEncontrado)
		_, err = e.st.ReactivarPasaje(ctx, ajena.vendedor, cancelado.ID, store.Anulacion{})
		wantError(t, err, domain.KindNotFound, domain.MsgPasajeNoEncontrado)

		if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		_, err = e.st.CancelarPasaje(ctx, e.vendedor, otro.ID, store.Anulacion{}, false)
		wantError(t, err, domain.KindInvalid, domain.MsgCajaParaDevolucion)
		_, err = e.st.ReactivarPasaje(ctx, e.vendedor, cancelado.ID, store.Anulacion{})
		wantError(t, err, domain.KindInvalid, domain.MsgCajaParaCobro)
		if n := storeInt(t, e, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND estado = ?`, e.empresaID,
			domain.PasajeCancelado); n != 1 {
			t.Fatalf("%d cancelados: un rechazo cambió el estado", n)
		}
		if n := storeInt(t, e, `SELECT COUNT(*) FROM caja_movimientos WHERE pasaje_id IS NOT NULL`); n != 1 {
			t.Fatalf("%d movimientos de pasajes: un rechazo movió dinero", n)
		}
	})
}

func TestCancelarIdempotente(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		p := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0]
		a := e.vendedor
		a.Clave = "cancelar-1"
		antes := len(e.rec.Events())
		first, err := e.st.CancelarPasaje(ctx, a, p.ID, store.Anulacion{}, false)
		if err != nil {
			t.Fatal(err)
		}
		again, err := e.st.CancelarPasaje(ctx, a, p.ID, store.Anulacion{}, false)
		if err != nil || jsonOf(t, again) != jsonOf(t, first) {
			t.Fatalf("la repetición difiere: %v\n%s\n%s", err, jsonOf(t, first), jsonOf(t, again))
		}
		if n := storeInt(t, e, `SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'devolucion_pasaje'`); n != 1 {
			t.Fatalf("%d devoluciones", n)
		}
		if got := len(e.rec.Events()) - antes; got != 2 {
			t.Fatalf("%d eventos: la repetición publicó de nuevo", got)
		}
		if evs := e.rec.Events(); evs[antes].Nombre != events.PasajeCancelado {
			t.Fatalf("evento: %+v", evs[antes])
		}
	})
}

// storeInt runs a counting query on e's database.
func storeInt(t *testing.T, e *empresaDePrueba, q string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := e.st.DB().QueryRow(e.st.Rebind(q), args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// TestCancelacionesSimultaneas: two clerks cancel the same ticket at once;
// the conditional update lets exactly one refund it.
func TestCancelacionesSimultaneas(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		p := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0]
		if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolSupervisor,
			NombreUsuario: "sofia", PasswordHash: "x", Activo: true}); err != nil {
			t.Fatal(err)
		}
		u, _, _ := e.st.UsuarioPorNombre(ctx, "sofia")
		sofia := store.Actor{UsuarioID: u.ID, EmpresaID: e.empresaID}
		if _, err := e.st.AbrirCaja(ctx, sofia, 0, ""); err != nil {
			t.Fatal(err)
		}
		errs := make(chan error, 2)
		var wg sync.WaitGroup
		for _, a := range []store.Actor{e.vendedor, sofia} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.st.CancelarPasaje(ctx, a, p.ID, store.Anulacion{}, false)
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		ok := 0
		for err := range errs {
			if err == nil {
				ok++
				continue
			}
			wantError(t, err, domain.KindConflict, domain.MsgPasajeYaCancelado)
		}
		if n := storeInt(t, e, `SELECT COUNT(*) FROM caja_movimientos WHERE tipo = 'devolucion_pasaje'`); ok != 1 || n != 1 {
			t.Fatalf("%d cancelaciones aceptadas, %d devoluciones", ok, n)
		}
	})
}
