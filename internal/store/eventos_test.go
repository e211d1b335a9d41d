package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// Every write publishes its events once it has committed, with the company and payload.
func TestCommittedWritesPublishTheirEvents(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name  string
		write func(t *testing.T, e *empresaDePrueba) any // returns the payload expected for each event
		want  []string
	}{
		{"abrir caja", func(t *testing.T, e *empresaDePrueba) any {
			caja := e.abrir(t, 0)
			// ids only: a blind cashier's socket reads it (issue 36 item 9)
			return store.EventoCaja{CajaID: caja.ID, UsuarioID: e.vendedor.UsuarioID, Usuario: caja.UsuarioNombre}
		}, []string{events.CajaAbierta}},
		{"vender dos pasajes", func(t *testing.T, e *empresaDePrueba) any {
			e.abrir(t, 0)
			e.rec = &events.Recorder{} // only the sale's events
			e.st.Events.(*events.Local).Subscribe(e.rec.Record)
			ps := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
			return store.EventoVenta{Codigo: ps[0].NumeroPasaje, Precio: ps[0].Precio + ps[1].Precio, Cantidad: 2, PasajeIDs: []int64{ps[0].ID, ps[1].ID},
				UsuarioID: e.vendedor.UsuarioID, Usuario: ps[0].UsuarioNombre}
		}, []string{events.PasajeCreado, events.PasajeCreado, events.NuevaVenta}},
		{"validar pasaje", func(t *testing.T, e *empresaDePrueba) any {
			e.abrir(t, 0)
			p := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0]
			e.rec = &events.Recorder{}
			e.st.Events.(*events.Local).Subscribe(e.rec.Record)
			if _, err := e.st.ValidarPorID(ctx, e.vendedor, p.ID); err != nil {
				t.Fatal(err)
			}
			return store.EventoPasaje{PasajeID: p.ID, NumeroPasaje: p.NumeroPasaje, FechaViaje: hoy, UsuarioID: e.vendedor.UsuarioID}
		}, []string{events.PasajeValidado}},
		{"movimiento de caja", func(t *testing.T, e *empresaDePrueba) any {
			caja := e.abrir(t, 0)
			e.rec = &events.Recorder{}
			e.st.Events.(*events.Local).Subscribe(e.rec.Record)
			m, err := e.st.RegistrarMovimiento(ctx, e.vendedor, store.NuevoMovimiento{Tipo: domain.MovEgresoGasto,
				Monto: 500, Descripcion: "Hielo"})
			if err != nil {
				t.Fatal(err)
			}
			return store.EventoCaja{CajaID: caja.ID, UsuarioID: e.vendedor.UsuarioID, MovimientoID: m.ID}
		}, []string{events.MovimientoCaja}},
		{"cerrar caja", func(t *testing.T, e *empresaDePrueba) any {
			caja := e.abrir(t, 0)
			e.rec = &events.Recorder{}
			e.st.Events.(*events.Local).Subscribe(e.rec.Record)
			if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0, Observaciones: ""}); err != nil {
				t.Fatal(err)
			}
			cero := domain.Centavos(0)
			return store.EventoCaja{CajaID: caja.ID, UsuarioID: e.vendedor.UsuarioID, Usuario: caja.UsuarioNombre,
				MontoFinal: &cero, TotalVentas: &cero, Diferencia: &cero}
		}, []string{events.CajaCerrada}},
		{"crear sección", func(t *testing.T, e *empresaDePrueba) any {
			e.item(t, domain.CatSecciones, "Este")
			return store.EventoConfig{Tabla: "secciones"}
		}, []string{events.ConfigActualizada}},
		{"actualizar tipo de viaje", func(t *testing.T, e *empresaDePrueba) any {
			_, err := e.st.ActualizarItem(ctx, e.admin(), domain.CatTiposViaje, e.jubilado,
				domain.ItemCatalogo{Nombre: "Jubilados", Activo: true})
			if err != nil {
				t.Fatal(err)
			}
			return store.EventoConfig{Tabla: "tipos_viaje"}
		}, []string{events.ConfigActualizada}},
		{"eliminar medio de pago", func(t *testing.T, e *empresaDePrueba) any {
			if _, err := e.st.EliminarItem(ctx, e.admin(), domain.CatMediosPago, e.tarjeta); err != nil {
				t.Fatal(err)
			}
			return store.EventoConfig{Tabla: "medios_pago"}
		}, []string{events.ConfigActualizada}},
		{"guardar precios", func(t *testing.T, e *empresaDePrueba) any {
			err := e.guardarPrecios(store.Precio{SeccionID: e.sur, TipoViajeID: e.general, Precio: 1})
			if err != nil {
				t.Fatal(err)
			}
			return store.EventoConfig{Tabla: "precios"}
		}, []string{events.ConfigActualizada}},
		{"guardar configuración del sistema", func(t *testing.T, e *empresaDePrueba) any {
			_, err := e.st.GuardarConfiguracionSistema(ctx, e.vendedor, domain.ConfiguracionSistema{Nombre: "Muelle Sur",
				Timezone: "UTC", Idioma: "pt"})
			if err != nil {
				t.Fatal(err)
			}
			return store.EventoConfig{Tabla: "configuracion_sistema"}
		}, []string{events.ConfigActualizada}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
				e.rec = &events.Recorder{}
				e.st.Events.(*events.Local).Subscribe(e.rec.Record)
				datos := tc.write(t, e)
				got := e.rec.Events()
				if !reflect.DeepEqual(nombres(got), tc.want) {
					t.Fatalf("eventos = %v, se esperaba %v", nombres(got), tc.want)
				}
				last := got[len(got)-1]
				if last.EmpresaID != e.empresaID || !reflect.DeepEqual(last.Datos, datos) {
					t.Fatalf("evento = %+v, se esperaba empresa %d y datos %+v", last, e.empresaID, datos)
				}
				guardados := storetest.Int(t, e.st, `SELECT COUNT(*) FROM eventos WHERE id >= ? AND empresa_id = ?`,
					got[0].ID, e.empresaID)
				if got[0].ID == 0 || guardados != int64(len(got)) {
					t.Fatalf("guardados = %d (desde el id %d), publicados %d", guardados, got[0].ID, len(got))
				}
			})
		})
	}
}

// A subscriber already sees the committed data: events go out after the commit.
func TestEventsArePublishedAfterTheCommit(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		visible := false
		local := &events.Local{}
		local.Subscribe(func(ev events.Event) {
			_, ok, err := e.st.CajaAbierta(ctx, e.empresaID, e.vendedor.UsuarioID)
			visible = err == nil && ok
		})
		e.st.Events = local
		e.abrir(t, 0)
		if !visible {
			t.Fatal("el suscriptor no ve la caja abierta: el evento salió antes de confirmar")
		}
	})
}

// A transaction that emitted and then failed publishes nothing and writes nothing.
func TestRolledBackTransactionsPublishNothing(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name  string
		write func(e *empresaDePrueba) error
	}{
		{"falla después de emitir", func(e *empresaDePrueba) error {
			return e.st.EmitirEnTx(ctx, e.empresaID, errors.New("falla"))
		}},
		{"venta sin caja abierta", func(e *empresaDePrueba) error {
			_, err := e.st.Vender(ctx, e.vendedor, e.venta(e.norte, e.efectivo, hoy, 1))
			return err
		}},
		{"precio de una sección ajena", func(e *empresaDePrueba) error {
			return e.guardarPrecios(store.Precio{SeccionID: e.norte, TipoViajeID: e.general, Precio: 1},
				store.Precio{SeccionID: 9999, TipoViajeID: e.general, Precio: 1})
		}},
		{"cerrar sin caja", func(e *empresaDePrueba) error {
			_, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0, Observaciones: ""})
			return err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
				e.rec = &events.Recorder{}
				e.st.Events.(*events.Local).Subscribe(e.rec.Record)
				antes := storetest.Int(t, e.st, `SELECT COUNT(*) FROM eventos`)
				if err := tc.write(e); err == nil {
					t.Fatal("la escritura debía fallar")
				}
				if got := e.rec.Events(); len(got) != 0 {
					t.Fatalf("publicó %v", nombres(got))
				}
				if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM eventos`); n != antes {
					t.Fatalf("la transacción fallida guardó %d eventos", n-antes)
				}
				if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM empresas WHERE telefono = '111'`); n != 0 {
					t.Fatal("la transacción fallida dejó su escritura")
				}
				if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM precios WHERE precio = 1`); n != 0 {
					t.Fatal("la transacción fallida dejó un precio")
				}
			})
		})
	}
	t.Run("la misma transacción confirmada publica", func(t *testing.T) {
		eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
			e.rec = &events.Recorder{}
			e.st.Events.(*events.Local).Subscribe(e.rec.Record)
			if err := e.st.EmitirEnTx(ctx, e.empresaID, nil); err != nil {
				t.Fatal(err)
			}
			if got := nombres(e.rec.Events()); !reflect.DeepEqual(got, []string{events.ConfigActualizada}) {
				t.Fatalf("eventos = %v", got)
			}
		})
	})
}

// A retry with the same Idempotency-Key returns the first result and publishes nothing.
func TestIdempotentReplaysPublishNothing(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name  string
		setup func(t *testing.T, e *empresaDePrueba) any
		write func(e *empresaDePrueba, a store.Actor, x any) (any, error)
	}{
		{"abrir caja", nil, func(e *empresaDePrueba, a store.Actor, _ any) (any, error) {
			return e.st.AbrirCaja(ctx, a, 1000, "")
		}},
		{"vender", func(t *testing.T, e *empresaDePrueba) any { return e.abrir(t, 0) },
			func(e *empresaDePrueba, a store.Actor, _ any) (any, error) {
				return e.st.Vender(ctx, a, e.venta(e.sur, e.tarjeta, manana, 3))
			}},
		{"validar", func(t *testing.T, e *empresaDePrueba) any {
			e.abrir(t, 0)
			return e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0].CodigoQR
		}, func(e *empresaDePrueba, a store.Actor, codigo any) (any, error) {
			return e.st.ValidarPorCodigo(ctx, a, codigo.(string), "", 0)
		}},
		{"movimiento", func(t *testing.T, e *empresaDePrueba) any { return e.abrir(t, 0) },
			func(e *empresaDePrueba, a store.Actor, _ any) (any, error) {
				return e.st.RegistrarMovimiento(ctx, a, store.NuevoMovimiento{Tipo: domain.MovIngresoExtra, Monto: 100,
					Descripcion: "Propina"})
			}},
		{"cerrar caja", func(t *testing.T, e *empresaDePrueba) any { return e.abrir(t, 0) },
			func(e *empresaDePrueba, a store.Actor, _ any) (any, error) {
				return e.st.CerrarCaja(ctx, a, store.Contado{Efectivo: 0, Observaciones: ""})
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
				var x any
				if tc.setup != nil {
					x = tc.setup(t, e)
				}
				a := e.vendedor
				a.Clave = "clave-1"
				first, err := tc.write(e, a, x)
				if err != nil {
					t.Fatal(err)
				}
				e.rec = &events.Recorder{}
				e.st.Events.(*events.Local).Subscribe(e.rec.Record)
				antes := storetest.Int(t, e.st, `SELECT COUNT(*) FROM eventos`)
				again, err := tc.write(e, a, x)
				if err != nil {
					t.Fatal(err)
				}
				if got := e.rec.Events(); len(got) != 0 {
					t.Fatalf("la repetición publicó %v", nombres(got))
				}
				if n := storetest.Int(t, e.st, `SELECT COUNT(*) FROM eventos`); n != antes {
					t.Fatalf("la repetición guardó %d eventos", n-antes)
				}
				if !reflect.DeepEqual(jsonOf(t, first), jsonOf(t, again)) {
					t.Fatalf("la repetición respondió otra cosa:\n%s\n%s", jsonOf(t, first), jsonOf(t, again))
				}
			})
		})
	}
}

// The events of a sale, a boarding and a register carry the reads of their
// records (the seller's, the crew's), stored with them for the other
// instances and the sockets that resume; their payloads carry ids and
// figures, never the customer's name, document, phone or e-mail.
func TestEventsCarryTheReadsOfTheirRecordsAndNoCustomer(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		desde, err := e.st.UltimoEvento(ctx)
		if err != nil {
			t.Fatal(err)
		}
		e.rec = &events.Recorder{}
		e.st.Events.(*events.Local).Subscribe(e.rec.Record)
		e.abrir(t, 0)
		v := e.venta(e.norte, e.efectivo, hoy, 2)
		v.ClienteNombre, v.ClienteDocumento, v.ClienteTelefono, v.ClienteEmail = "Marta Ríos", "40111222", "11 5555-0101", "marta@correo.com"
		ps := e.vender(t, v)
		if _, err := e.st.ValidarPorID(ctx, e.vendedor, ps[0].ID); err != nil {
			t.Fatal(err)
		}
		yo := e.vendedor.UsuarioID
		venta := []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: yo}}
		pasaje := append(venta, domain.Lectura{Permiso: "validacion.embarque"})
		caja := []domain.Lectura{{Permiso: "caja.ver", VendedorID: yo}}
		want := map[string][]domain.Lectura{events.CajaAbierta: caja, events.PasajeCreado: pasaje,
			events.NuevaVenta: venta, events.PasajeValidado: pasaje}
		guardados, err := e.st.EventosPosteriores(ctx, desde, 100)
		if err != nil {
			t.Fatal(err)
		}
		publicados := e.rec.Events()
		if len(guardados) != len(publicados) || len(guardados) != 5 {
			t.Fatalf("guardados %v, publicados %v", nombres(guardados), nombres(publicados))
		}
		for i, ev := range guardados {
			if !reflect.DeepEqual(ev.Lecturas, want[ev.Nombre]) || !reflect.DeepEqual(publicados[i].Lecturas, ev.Lecturas) {
				t.Errorf("%s: lecturas guardadas %+v, publicadas %+v; se esperaba %+v", ev.Nombre, ev.Lecturas,
					publicados[i].Lecturas, want[ev.Nombre])
			}
			datos := string(ev.Datos.(json.RawMessage))
			for _, dato := range []string{"Marta", "40111222", "5555", "marta@", "cliente"} {
				if strings.Contains(datos, dato) {
					t.Errorf("%s lleva %q del cliente: %s", ev.Nombre, dato, datos)
				}
			}
		}
	})
}
