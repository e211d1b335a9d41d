package store_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// An offline boarding into a departure with no seat left stays applied
// without a departure, as an embarque_sin_lugar conflict the company's list
// shows (migration 38 on both databases).
func TestUnEmbarqueOfflineSinAsientoQuedaEmbarcadoSinSalida(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		ps := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 2))
		barco, err := e.st.CrearEmbarcacion(ctx, e.vendedor, domain.Embarcacion{Nombre: "Chica", Matricula: "CH-1", Capacidad: 1,
			VencimientoCertificado: "2030-01-01", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		x, err := e.st.CrearSalidaExtra(ctx, e.vendedor, store.NuevaSalida{SeccionID: e.norte, EmbarcacionID: barco.ID,
			Fecha: hoy, Hora: "13:00"})
		if err != nil {
			t.Fatal(err)
		}
		pub, _, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.st.RegistrarDispositivo(ctx, e.vendedor, "Celular", pub)
		if err != nil {
			t.Fatal(err)
		}
		acto := func(id string, p store.Pasaje) store.AccionSync {
			return store.AccionSync{ClienteID: id, Tipo: domain.AccionEmbarque, OcurridoEn: ahora.Add(-time.Minute).UnixMilli(),
				Huella: id, Embarque: store.EmbarqueOffline{Codigo: p.NumeroPasaje, SalidaID: x.ID, Tramo: domain.SentidoIda}}
		}
		rs, err := e.st.Sincronizar(ctx, e.vendedor, store.DispositivoSync{ID: d.ID, Codigo: d.Codigo}, 0,
			[]store.AccionSync{acto("a", ps[0]), acto("b", ps[1])})
		if err != nil {
			t.Fatal(err)
		}
		completa := domain.MsgEmbarqueSinLugar(domain.MsgEmbarcacionCompleta(1), "13:00")
		if rs[0].Estado != domain.AccionAplicada || rs[0].ConflictoID != nil ||
			rs[1].Estado != domain.AccionAplicada || rs[1].ConflictoID == nil || rs[1].Mensaje != completa {
			t.Fatalf("resultados %+v", rs)
		}
		ahoraX, err := e.st.DetalleSalida(ctx, e.empresaID, x.ID)
		if err != nil || ahoraX.Embarcados != 1 || ahoraX.Estado != domain.SalidaEmbarcando {
			t.Fatalf("salida %+v %v", ahoraX, err)
		}
		ks, total, err := e.st.ListarConflictos(ctx, e.empresaID, false, 1, 10)
		if err != nil || total != 1 || ks[0].Tipo != domain.ConflictoEmbarqueSinLugar || ks[0].NumeroPasaje != ps[1].NumeroPasaje ||
			ks[0].Detalle != completa || ks[0].Primero != nil {
			t.Fatalf("conflictos %+v %d %v", ks, total, err)
		}
		// the boarded passenger without a departure moves into one with a seat
		otra, err := e.st.CrearSalidaExtra(ctx, e.vendedor, store.NuevaSalida{SeccionID: e.norte, EmbarcacionID: barco.ID,
			Fecha: hoy, Hora: "14:00"})
		if err != nil {
			t.Fatal(err)
		}
		m, err := e.st.MoverPasaje(ctx, e.vendedor, ps[1].ID, otra.ID)
		if err != nil || m.Desde != nil || m.Hasta.Embarcados != 1 {
			t.Fatalf("mover %+v %v", m, err)
		}
	})
}
