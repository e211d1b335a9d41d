package store_test

import (
	"context"
	"sync/atomic"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// TestQueuingAMessageWakesItsWorkerOnlyOnceCommitted: the outbox worker of a
// message's channel is woken by the commit that queued it (a message queued
// or sent again); a refused write, which rolled back, and an idempotent
// replay wake none.
func TestQueuingAMessageWakesItsWorkerOnlyOnceCommitted(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		var email, whatsapp atomic.Int32
		e.st.AlEncolarMensaje(store.CanalEmail, func() { email.Add(1) })
		e.st.AlEncolarMensaje(store.CanalWhatsApp, func() { whatsapp.Add(1) })
		want := func(wantEmail, wantWhatsApp int32, despues string) {
			t.Helper()
			if email.Load() != wantEmail || whatsapp.Load() != wantWhatsApp {
				t.Fatalf("%s: despertados email %d y WhatsApp %d, se esperaban %d y %d", despues, email.Load(),
					whatsapp.Load(), wantEmail, wantWhatsApp)
			}
		}
		e.abrir(t, 0)
		p := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0]
		a := e.vendedor
		a.Clave, a.Huella = "correo", "huella-correo"
		correo := store.NuevoMensaje{Canal: store.CanalEmail, Tipo: store.TipoPasajes, Destino: "juan@example.com",
			PasajeIDs: []int64{p.ID}}
		m, err := e.st.EncolarMensaje(ctx, a, correo)
		if err != nil {
			t.Fatal(err)
		}
		want(1, 0, "encolar un email")
		otra, err := e.st.EncolarMensaje(ctx, a, correo)
		if err != nil || otra.ID != m.ID {
			t.Fatalf("la repetición respondió %v, %v; se esperaba el mensaje %d", otra, err, m.ID)
		}
		want(1, 0, "repetir el pedido con la misma clave")
		a.Clave = "correo-ajeno"
		_, err = e.st.EncolarMensaje(ctx, a, store.NuevoMensaje{Canal: store.CanalEmail, Tipo: store.TipoPasajes,
			Destino: "juan@example.com", PasajeIDs: []int64{p.ID + 1000}})
		wantError(t, err, domain.KindNotFound, domain.MsgPasajeNoEncontrado)
		want(1, 0, "un pedido rechazado")

		a.Clave = "reenvio"
		if _, err := e.st.ReenviarMensaje(ctx, a, m.ID, 0, false); err != nil {
			t.Fatal(err)
		}
		want(2, 0, "reenviar")
		if _, err := e.st.ReenviarMensaje(ctx, a, m.ID, 0, false); err != nil {
			t.Fatal(err)
		}
		want(2, 0, "repetir el reenvío con la misma clave")

		a.Clave = "whatsapp-sin-vincular"
		whats := store.NuevoMensaje{Canal: store.CanalWhatsApp, Tipo: store.TipoPasajes, Destino: "+5491144440000",
			PasajeIDs: []int64{p.ID}}
		_, err = e.st.EncolarMensaje(ctx, a, whats)
		wantError(t, err, domain.KindConflict, domain.MsgWhatsAppNoConectado)
		want(2, 0, "un WhatsApp sin dispositivo vinculado")
		if err := e.st.CambiarSesionWhatsApp(ctx, e.empresaID, store.CambioWhatsApp{Estado: domain.WhatsAppConectado,
			JID: "5491100000000@s.whatsapp.net", Numero: "+5491100000000", Conectado: true}); err != nil {
			t.Fatal(err)
		}
		a.Clave = "whatsapp"
		if _, err := e.st.EncolarMensaje(ctx, a, whats); err != nil {
			t.Fatal(err)
		}
		want(2, 1, "encolar un WhatsApp")
	})
}
