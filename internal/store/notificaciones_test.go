package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// usuario adds a user of the company with that role and returns its actor.
func (e *empresaDePrueba) usuario(t *testing.T, rol, nombre string) store.Actor {
	t.Helper()
	ctx := context.Background()
	if _, err := e.st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: rol, NombreUsuario: nombre,
		Nombre: nombre, PasswordHash: "x", Activo: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := e.st.UsuarioPorNombre(ctx, nombre)
	if err != nil {
		t.Fatal(err)
	}
	return store.Actor{UsuarioID: u.ID, EmpresaID: e.empresaID, IP: "10.0.0.2"}
}

func tiposDe(t *testing.T, st *store.Store, a store.Actor) []string {
	t.Helper()
	ns, _, err := st.Notificaciones(context.Background(), a, store.FiltroNotificaciones{})
	if err != nil {
		t.Fatal(err)
	}
	return mapear(ns, func(n store.Notificacion) string { return n.Tipo })
}

// A sale, a register opened and closed with a difference, and boarding half
// and all of the day's tickets notify the company's admins and supervisors
// (not the seller who did it, not another company), each through a
// notificacion event to that user only.
func TestEventsBecomeNotificationsForSupervisorsAndAdmins(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		admin := e.usuario(t, domain.RolAdmin, "jefa")
		supervisor := e.usuario(t, domain.RolSupervisor, "encargado")
		otra := nuevaEmpresa(t, e.st, "Otra Lancha", "otro")
		ajeno := otra.usuario(t, domain.RolAdmin, "jefa2")
		e.rec = &events.Recorder{}
		e.st.Events.(*events.Local).Subscribe(e.rec.Record)
		e.abrir(t, 1000)
		ps := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
		for _, p := range ps {
			if _, err := e.st.ValidarPorID(ctx, e.vendedor, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{Efectivo: 0, Observaciones: ""}); err != nil {
			t.Fatal(err)
		}
		hechos := e.rec.Events()
		e.rec = &events.Recorder{}
		e.st.Events.(*events.Local).Subscribe(e.rec.Record)
		if err := e.st.NotificarEventos(ctx, hechos); err != nil {
			t.Fatal(err)
		}
		want := []string{domain.NotifAlerta, domain.NotifCajaCerrada, domain.NotifEmbarque, domain.NotifEmbarque,
			domain.NotifVenta, domain.NotifCajaAbierta}
		for _, a := range []store.Actor{admin, supervisor} {
			if got := tiposDe(t, e.st, a); !reflect.DeepEqual(got, want) {
				t.Fatalf("usuario %d: notificaciones %v, se esperaba %v", a.UsuarioID, got, want)
			}
		}
		if got := tiposDe(t, e.st, e.vendedor); len(got) != 0 {
			t.Fatalf("el vendedor recibió %v", got)
		}
		if got := tiposDe(t, e.st, ajeno); len(got) != 0 {
			t.Fatalf("otra empresa recibió %v", got)
		}
		avisos := e.rec.Events()
		if len(avisos) != 2*len(want) {
			t.Fatalf("eventos notificacion = %d, se esperaban %d", len(avisos), 2*len(want))
		}
		for _, ev := range avisos {
			if ev.Nombre != events.Notificacion || ev.EmpresaID != e.empresaID ||
				(ev.UsuarioID != admin.UsuarioID && ev.UsuarioID != supervisor.UsuarioID) {
				t.Fatalf("evento %+v", ev)
			}
		}
		ns, noLeidas, err := e.st.Notificaciones(ctx, admin, store.FiltroNotificaciones{})
		if err != nil || noLeidas != int64(len(want)) {
			t.Fatalf("no leídas = %d, %v", noLeidas, err)
		}
		if ns[4].Titulo != domain.TituloNuevaVenta || ns[4].Mensaje != "Ana Paz vendió 2 pasajes a Juan Pérez por $ 3.000,00" {
			t.Fatalf("venta: %q %q", ns[4].Titulo, ns[4].Mensaje)
		}
	})
}

// Every notification the store makes carries the payload its kind declares
// (events.ClasesNotificacion), stored as the JSON of that type: a sale, a
// register opened and closed with a difference and the boarding milestones
// carry their events' payloads unchanged (as stored notifications and the
// socket always had them), a certificate about to expire its boat.
func TestEveryNotificationEmittedCarriesItsKindsPayload(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		admin := e.usuario(t, domain.RolAdmin, "jefa")
		e.rec = &events.Recorder{}
		e.st.Events.(*events.Local).Subscribe(e.rec.Record)
		e.abrir(t, 1000)
		for _, p := range e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2)) {
			if _, err := e.st.ValidarPorID(ctx, e.vendedor, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.st.CerrarCaja(ctx, e.vendedor, store.Contado{}); err != nil {
			t.Fatal(err)
		}
		hechos := e.rec.Events()
		cargas := map[string]bool{}
		for _, ev := range hechos {
			b, _ := json.Marshal(ev.Datos)
			cargas[string(b)] = true
		}
		e.rec = &events.Recorder{}
		e.st.Events.(*events.Local).Subscribe(e.rec.Record)
		if err := e.st.NotificarEventos(ctx, hechos); err != nil {
			t.Fatal(err)
		}
		barco, err := e.st.CrearEmbarcacion(ctx, admin, domain.Embarcacion{Nombre: "Chica", Matricula: "CH-1", Capacidad: 10,
			VencimientoCertificado: "2026-12-01", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := e.st.AvisarCertificados(ctx); err != nil || n != 1 {
			t.Fatalf("avisados %d, %v", n, err)
		}
		ns, _, err := e.st.Notificaciones(ctx, admin, store.FiltroNotificaciones{})
		if err != nil {
			t.Fatal(err)
		}
		var formas []string
		for _, n := range ns {
			datos := datosGuardados(t, n)
			formas = append(formas, fmt.Sprintf("%s %T", n.Tipo, datos))
			if certificado, ok := datos.(events.AvisoCertificado); ok {
				if want := (events.AvisoCertificado{EmbarcacionID: barco.ID, VencimientoCertificado: "2026-12-01"}); certificado != want {
					t.Fatalf("certificado: %+v, want %+v", certificado, want)
				}
			} else if !cargas[string(n.Datos)] {
				t.Fatalf("%s lleva %s, que no es la carga de su evento", n.Tipo, n.Datos)
			}
		}
		want := []string{"alerta events.AvisoCertificado", "alerta events.EventoAlerta", "caja_cerrada events.EventoCaja",
			"embarque events.EventoPasaje", "embarque events.EventoPasaje", "venta events.EventoVenta", "caja_abierta events.EventoCaja"}
		if !reflect.DeepEqual(formas, want) {
			t.Fatalf("notificaciones %v, want %v", formas, want)
		}
		for _, ev := range e.rec.Events() {
			n, ok := ev.Datos.(store.EventoNotificacion)
			if !ok {
				continue // the boat's configActualizada
			}
			if guardada := ns[slices.IndexFunc(ns, func(g store.Notificacion) bool { return g.ID == n.ID })]; !bytes.Equal(n.Datos, guardada.Datos) {
				t.Fatalf("el evento lleva %s y la guardada %s", n.Datos, guardada.Datos)
			}
		}
	})
}

// Each kind of notification round-trips each of its payload types through the
// store; a payload its kind does not carry is refused and stores nothing.
func TestNotificationPayloadsRoundTripByKind(t *testing.T) {
	total := domain.Centavos(900000)
	diferencia := domain.Centavos(-5050)
	muestras := map[string]events.DatosNotificacion{
		"venta events.EventoVenta": store.EventoVenta{Codigo: "LD-20261120-000001", Precio: 300000, Cantidad: 2,
			PasajeIDs: []int64{7, 8}, UsuarioID: 3, Usuario: "Ana Paz"},
		"caja_abierta events.EventoCaja": store.EventoCaja{CajaID: 4, UsuarioID: 3, Usuario: "Ana Paz"},
		"caja_cerrada events.EventoCaja": store.EventoCaja{CajaID: 4, UsuarioID: 3, Usuario: "Ana Paz", MontoFinal: &total,
			TotalVentas: &total, Diferencia: &diferencia},
		"embarque events.EventoPasaje": store.EventoPasaje{PasajeID: 7, NumeroPasaje: "LD-20261120-000001", FechaViaje: hoy,
			UsuarioID: 5},
		"alerta events.EventoAlerta": store.EventoAlerta{Tipo: "diferencia_caja", Titulo: domain.TituloDiferenciaCaja,
			Mensaje: domain.MensajeDiferenciaCaja(4, "Ana Paz", diferencia)},
		"alerta events.AvisoProgramaPausado":   events.AvisoProgramaPausado{ProgramaID: 9},
		"alerta events.AvisoCertificado":       events.AvisoCertificado{EmbarcacionID: 2, VencimientoCertificado: "2026-12-01"},
		"alerta events.AvisoCertificadoFiscal": events.AvisoCertificadoFiscal{VencimientoCertificadoFiscal: "2026-12-31"},
		"whatsapp events.SinDatos":             events.SinDatos{},
		"info events.SinDatos":                 events.SinDatos{},
	}
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		for _, c := range events.ClasesNotificacion {
			for _, d := range c.Datos {
				forma := fmt.Sprintf("%s %T", c.Tipo, d)
				muestra, ok := muestras[forma]
				if !ok {
					t.Fatalf("%s no tiene muestra", forma)
				}
				if err := e.st.CrearNotificaciones(ctx, []store.NuevaNotificacion{{EmpresaID: e.empresaID,
					UsuarioID: e.vendedor.UsuarioID, Tipo: c.Tipo, Titulo: forma, Mensaje: "m", Datos: muestra}}); err != nil {
					t.Fatal(err)
				}
				ns, _, err := e.st.Notificaciones(ctx, e.vendedor, store.FiltroNotificaciones{})
				if err != nil {
					t.Fatal(err)
				}
				if datos := datosGuardados(t, ns[0]); ns[0].Titulo != forma || !reflect.DeepEqual(datos, muestra) {
					t.Fatalf("%s volvió como %s %+v", forma, ns[0].Titulo, datos)
				}
			}
		}
		antes := storetest.Int(t, e.st, `SELECT COUNT(*) FROM notificaciones`)
		err := e.st.CrearNotificaciones(ctx, []store.NuevaNotificacion{{EmpresaID: e.empresaID, UsuarioID: e.vendedor.UsuarioID,
			Tipo: domain.NotifVenta, Titulo: "t", Mensaje: "m", Datos: store.EventoCaja{CajaID: 4}}})
		if err == nil || storetest.Int(t, e.st, `SELECT COUNT(*) FROM notificaciones`) != antes {
			t.Fatalf("una venta con datos de caja: %v", err)
		}
	})
}

// datosGuardados reads a stored notification's payload as the one type of its
// kind that reads it whole: no field it does not know, and written back the
// same JSON.
func datosGuardados(t *testing.T, n store.Notificacion) events.DatosNotificacion {
	t.Helper()
	var leidos []events.DatosNotificacion
	for _, c := range events.ClasesNotificacion {
		for _, d := range c.Datos {
			v := reflect.New(reflect.TypeOf(d))
			dec := json.NewDecoder(bytes.NewReader(n.Datos))
			dec.DisallowUnknownFields()
			if c.Tipo != n.Tipo || dec.Decode(v.Interface()) != nil {
				continue
			}
			if escrito, err := json.Marshal(v.Elem().Interface()); err == nil && bytes.Equal(escrito, n.Datos) {
				leidos = append(leidos, v.Elem().Interface().(events.DatosNotificacion))
			}
		}
	}
	if len(leidos) != 1 {
		t.Fatalf("notificación %s con datos %s: la leen %d tipos", n.Tipo, n.Datos, len(leidos))
	}
	return leidos[0]
}

// A user keeps the newest 50 notifications.
func TestNotificationsAreCappedAtTheNewest50(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		var ns []store.NuevaNotificacion
		for i := range 60 {
			ns = append(ns, store.NuevaNotificacion{EmpresaID: e.empresaID, UsuarioID: e.vendedor.UsuarioID,
				Tipo: domain.NotifAlerta, Titulo: "Aviso", Mensaje: fmt.Sprint(i), Datos: events.AvisoProgramaPausado{ProgramaID: int64(i)}})
		}
		if err := e.st.CrearNotificaciones(ctx, ns[:30]); err != nil {
			t.Fatal(err)
		}
		if err := e.st.CrearNotificaciones(ctx, ns[30:]); err != nil {
			t.Fatal(err)
		}
		got, noLeidas, err := e.st.Notificaciones(ctx, e.vendedor, store.FiltroNotificaciones{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != domain.MaxNotificaciones || noLeidas != domain.MaxNotificaciones {
			t.Fatalf("quedan %d (%d no leídas)", len(got), noLeidas)
		}
		if got[0].Mensaje != "59" || got[49].Mensaje != "10" || string(got[0].Datos) != `{"programa_id":59}` {
			t.Fatalf("primera %q, última %q, datos %s", got[0].Mensaje, got[49].Mensaje, got[0].Datos)
		}
	})
}

// Marking read, deleting, and the filters act on the user's own
// notifications only; another user's id is 404.
func TestNotificationActionsTouchOnlyTheOwnNotifications(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otro := e.usuario(t, domain.RolSupervisor, "encargado")
		var ns []store.NuevaNotificacion
		for _, a := range []store.Actor{e.vendedor, e.vendedor, e.vendedor, otro} {
			ns = append(ns, store.NuevaNotificacion{EmpresaID: e.empresaID, UsuarioID: a.UsuarioID,
				Tipo: domain.NotifCajaAbierta, Titulo: "Caja", Mensaje: "m", Datos: store.EventoCaja{CajaID: 4}})
		}
		ns[0].Tipo, ns[0].Datos = domain.NotifVenta, store.EventoVenta{Codigo: "LD-1", Cantidad: 1}
		if err := e.st.CrearNotificaciones(ctx, ns); err != nil {
			t.Fatal(err)
		}
		mias, _, _ := e.st.Notificaciones(ctx, e.vendedor, store.FiltroNotificaciones{})
		suyas, _, _ := e.st.Notificaciones(ctx, otro, store.FiltroNotificaciones{})
		wantError(t, e.st.MarcarNotificacionLeida(ctx, e.vendedor, suyas[0].ID), domain.KindNotFound,
			domain.MsgNotificacionNoEncontrada)
		wantError(t, e.st.EliminarNotificacion(ctx, e.vendedor, suyas[0].ID), domain.KindNotFound,
			domain.MsgNotificacionNoEncontrada)
		if err := e.st.MarcarNotificacionLeida(ctx, e.vendedor, mias[0].ID); err != nil {
			t.Fatal(err)
		}
		leida, noLeida := true, false
		caja, _ := domain.TiposDeFiltro("caja")
		for _, c := range []struct {
			f    store.FiltroNotificaciones
			want int
		}{
			{store.FiltroNotificaciones{Leida: &leida}, 1},
			{store.FiltroNotificaciones{Leida: &noLeida}, 2},
			{store.FiltroNotificaciones{Tipos: caja}, 2},
			{store.FiltroNotificaciones{Tipos: []string{domain.NotifVenta}}, 1},
		} {
			got, noLeidas, err := e.st.Notificaciones(ctx, e.vendedor, c.f)
			if err != nil || len(got) != c.want || noLeidas != 2 {
				t.Fatalf("filtro %+v: %d, %d no leídas, %v", c.f, len(got), noLeidas, err)
			}
		}
		if err := e.st.EliminarNotificacion(ctx, e.vendedor, mias[1].ID); err != nil {
			t.Fatal(err)
		}
		if n, err := e.st.MarcarTodasLeidas(ctx, e.vendedor); err != nil || n != 1 {
			t.Fatalf("marcadas %d, %v", n, err)
		}
		if n, err := e.st.LimpiarNotificaciones(ctx, e.vendedor); err != nil || n != 2 {
			t.Fatalf("borradas %d, %v", n, err)
		}
		if got, noLeidas, _ := e.st.Notificaciones(ctx, otro, store.FiltroNotificaciones{}); len(got) != 1 || noLeidas != 1 {
			t.Fatalf("las del otro usuario cambiaron: %d, %d no leídas", len(got), noLeidas)
		}
	})
}

// A client that reconnects gets its company's events after the last it saw;
// a swept event, or too many, is a gap it must resync from.
func TestReanudarFillsTheGapOrSaysItCannot(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		otra := nuevaEmpresa(t, e.st, "Otra Lancha", "otro")
		desde, err := e.st.UltimoEvento(ctx)
		if err != nil || desde == 0 {
			t.Fatalf("último = %d, %v", desde, err)
		}
		e.abrir(t, 0)
		otra.abrir(t, 0)
		e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
		evs, completo, err := e.st.Reanudar(ctx, e.empresaID, desde, 10)
		if err != nil || !completo {
			t.Fatalf("completo = %v, %v", completo, err)
		}
		if got := nombres(evs); !reflect.DeepEqual(got, []string{events.CajaAbierta, events.PasajeCreado, events.NuevaVenta}) {
			t.Fatalf("eventos = %v", got)
		}
		if _, completo, _ := e.st.Reanudar(ctx, e.empresaID, desde, 2); completo {
			t.Fatal("más eventos que el límite debían pedir resync")
		}
		e.st.Now = func() time.Time { return ahora.Add(store.EventosVigencia + time.Hour) }
		if _, err := e.st.PurgarEventos(ctx, 1000); err != nil {
			t.Fatal(err)
		}
		if evs, completo, _ := e.st.Reanudar(ctx, e.empresaID, desde, 10); completo || len(evs) != 0 {
			t.Fatalf("tras la purga: completo = %v, %d eventos", completo, len(evs))
		}
	})
}
