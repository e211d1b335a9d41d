package api

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// dispositivoPrueba is a staff device made by a test: its key pair, its
// registration and its offline ticket counter.
type dispositivoPrueba struct {
	usuario string
	priv    ed25519.PrivateKey
	reg     store.DispositivoRegistrado
	n       int
}

// nuevoDispositivo registers a fresh device as usuario.
func (e *env) nuevoDispositivo(usuario string) *dispositivoPrueba {
	e.t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		e.t.Fatal(err)
	}
	// registered an hour before: the acts the tests sync come after it
	ahora := e.now
	e.now = ahora.Add(-time.Hour)
	reg := e.registrar(usuario, "Celular de "+usuario, base64.RawURLEncoding.EncodeToString(pub))
	e.now = ahora
	return &dispositivoPrueba{usuario: usuario, priv: priv, reg: reg}
}

// texto runs a query that answers one text.
func (e *env) texto(q string, args ...any) string {
	e.t.Helper()
	var s string
	if err := e.st.DB().QueryRow(e.st.Rebind(q), args...).Scan(&s); err != nil {
		e.t.Fatalf("%s: %v", q, err)
	}
	return s
}

// pasajeOffline is the device's next offline ticket of company 1's demo
// section and trip type tipo, for today, at precio (centavos).
func (d *dispositivoPrueba) pasajeOffline(e *env, tipo string, precio int64) map[string]any {
	e.t.Helper()
	d.n++
	prefijo := domain.PrefijoEmpresa(e.texto(`SELECT nombre FROM empresas WHERE id = 1`))
	numero := fmt.Sprintf("%s-%s-20261120-%06d", prefijo, d.reg.Codigo, d.n)
	seccion, tipoID := e.idOf(1, domain.CatSecciones, seccionDemo), e.idOf(1, domain.CatTiposViaje, tipo)
	codigo, err := domain.FirmarCodigoOffline(d.priv, d.reg.Certificado, domain.CodigoOffline{EmpresaID: 1,
		NumeroPasaje: numero, FechaViaje: "2026-11-20", Dispositivo: d.reg.Codigo, SeccionID: seccion, TipoViajeID: tipoID, Precio: precio})
	if err != nil {
		e.t.Fatal(err)
	}
	return map[string]any{"tipo_viaje_id": tipoID, "precio": domain.Centavos(precio), "numero_pasaje": numero, "codigo_qr": codigo}
}

// ventaOffline is the body of an offline sale into register cajaID.
func (e *env) ventaOffline(cajaID int64, pasajes ...map[string]any) map[string]any {
	return map[string]any{"caja_id": cajaID, "seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo), "fecha_viaje": "2026-11-20",
		"medio_pago_id": e.idOf(1, domain.CatMediosPago, "Efectivo"), "cliente_nombre": "Ana Offline", "pasajes": pasajes}
}

// nuevoID is a fresh client id, as crypto.randomUUID() makes them.
func nuevoID(t testing.TB) string {
	t.Helper()
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// accion is an act of kind tipo done at ocurrido (the device's clock).
func accion(id, tipo string, ocurrido time.Time, datos any) map[string]any {
	return map[string]any{"id": id, "tipo": tipo, "ocurrido_en": ocurrido.UnixMilli(), tipo: datos}
}

type resultadoJSON struct {
	DesfaseMs  int64 `json:"desfase_ms"`
	Resultados []resultadoSyncJSON
}

// resultadoSyncJSON is one act's result in the answer of POST /sync.
type resultadoSyncJSON struct {
	ID          string
	Estado      string
	Mensaje     string
	ConflictoID *int64 `json:"conflicto_id"`
	Reintentar  bool   `json:"reintentar"`
	Pasajes     []struct {
		ID           int64
		NumeroPasaje string `json:"numero_pasaje"`
	}
}

// sync sends acts of device d with the device's clock at reloj, in the session of its user.
func (e *env) sync(d *dispositivoPrueba, reloj time.Time, acciones ...map[string]any) response {
	e.t.Helper()
	return e.syncComo(d.usuario, d, reloj, acciones...)
}

// syncComo sends acts of device d in the session of usuario (a device shared by several users).
func (e *env) syncComo(usuario string, d *dispositivoPrueba, reloj time.Time, acciones ...map[string]any) response {
	e.t.Helper()
	return e.do("POST", "/api/sync", e.token(usuario), d.lote(reloj, acciones...))
}

// lote is the body of POST /sync of d's acts at reloj, signed by d's key as the browser signs it.
func (d *dispositivoPrueba) lote(reloj time.Time, acciones ...map[string]any) map[string]any {
	actos := make([]domain.ActoLote, len(acciones))
	for i, a := range acciones {
		actos[i] = domain.ActoLote{ID: a["id"].(string), Tipo: a["tipo"].(string), OcurridoEn: a["ocurrido_en"].(int64)}
	}
	firma := base64.RawURLEncoding.EncodeToString(ed25519.Sign(d.priv, domain.MensajeLote(reloj.UnixMilli(), actos)))
	return map[string]any{"certificado": d.reg.Certificado, "reloj": reloj.UnixMilli(), "acciones": acciones, "firma": firma}
}

func (e *env) syncOK(d *dispositivoPrueba, reloj time.Time, acciones ...map[string]any) resultadoJSON {
	e.t.Helper()
	return e.syncComoOK(d.usuario, d, reloj, acciones...)
}

func (e *env) syncComoOK(usuario string, d *dispositivoPrueba, reloj time.Time, acciones ...map[string]any) resultadoJSON {
	e.t.Helper()
	r := e.syncComo(usuario, d, reloj, acciones...)
	r.expect(e.t, http.StatusOK, "")
	var out resultadoJSON
	r.decode(e.t, &out)
	if len(out.Resultados) != len(acciones) {
		e.t.Fatalf("%d resultados para %d acciones", len(out.Resultados), len(acciones))
	}
	return out
}

// cajaAbierta opens usuario's register (if needed) and answers its id.
func (e *env) cajaAbierta(usuario string) int64 {
	e.t.Helper()
	if r := e.abrir(e.token(usuario), 0); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		e.t.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	return e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, e.userID(usuario))
}

func TestAnOfflineSaleSyncsOnceAtItsRealTimeIntoTheRegister(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		// the device's clock runs 3 hours ahead; the sale happened 20 minutes before the sync
		desfase, vendida := 3*time.Hour, e.now.Add(-20*time.Minute)
		id := nuevoID(t)
		venta := accion(id, "venta", vendida.Add(desfase), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000),
			d.pasajeOffline(e, "Jubilado", 225000)))
		out := e.syncOK(d, e.now.Add(desfase), venta)
		r := out.Resultados[0]
		if out.DesfaseMs != desfase.Milliseconds() || r.ID != id || r.Estado != "aplicada" || r.Mensaje != domain.MsgSyncAplicada || len(r.Pasajes) != 2 {
			t.Fatalf("respuesta %+v", out)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ? AND created_at = ? AND dia_venta = '2026-11-20'
			AND cliente_nombre = 'Ana Offline' AND numero_pasaje LIKE ?`, caja, vendida, "%-"+d.reg.Codigo+"-%"); n != 2 {
			t.Fatalf("%d pasajes offline a su hora real", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_id = ? AND monto = 675000 AND created_at = ?
			AND descripcion = 'Venta sin conexión de 2 pasajes'`, caja, vendida); n != 1 {
			t.Fatalf("%d movimientos de la venta offline", n)
		}
		// a clock offset the sync measured is corrected, not a fault: no mark, no conflict
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); marcas != "" || r.ConflictoID != nil {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT desfase_ms FROM acciones_offline WHERE cliente_id = ?`, id); n != desfase.Milliseconds() {
			t.Fatalf("desfase guardado %d", n)
		}
		// the answer was lost: the device sends the batch again, and again
		for range 3 {
			again := e.syncOK(d, e.now.Add(desfase), venta).Resultados[0]
			if again.Estado != "duplicada" || len(again.Pasajes) != 2 || again.Pasajes[0] != r.Pasajes[0] {
				t.Fatalf("repetición %+v", again)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 2 {
			t.Fatalf("%d pasajes tras repetir", n)
		}
		// the ticket sold offline boards online by its device-signed code
		codigo := e.texto(`SELECT codigo_qr FROM pasajes WHERE id = ?`, r.Pasajes[0].ID)
		e.validarQR(e.token("lancha"), codigo).expect(t, http.StatusOK, "Embarque validado exitosamente")
		// the same id with another act is refused, and applies nothing
		otra := accion(id, "venta", vendida.Add(desfase), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))
		if got := e.syncOK(d, e.now.Add(desfase), otra).Resultados[0]; got.Estado != "rechazada" || got.Mensaje != domain.MsgSyncOtroContenido {
			t.Fatalf("mismo id con otra venta: %+v", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 2 {
			t.Fatalf("%d pasajes tras otra venta con el mismo id", n)
		}
	})
}

func TestABatchReplayedConcurrentlyAndShuffledMakesEachSaleOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		var ventas []map[string]any
		for i := range 6 {
			ventas = append(ventas, accion(nuevoID(t), "venta", e.now.Add(time.Duration(i-30)*time.Minute),
				e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))))
		}
		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() {
				lote := append([]map[string]any(nil), ventas...)
				for i := len(lote) - 1; i > 0; i-- {
					j, _ := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
					lote[i], lote[j.Int64()] = lote[j.Int64()], lote[i]
				}
				r := e.sync(d, e.now, lote...)
				if r.Status != http.StatusOK {
					t.Errorf("lote repetido: %d %s", r.Status, r.Message)
				}
			})
		}
		wg.Wait()
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 6 {
			t.Fatalf("%d pasajes de 6 ventas repetidas 5 veces", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_id = ? AND tipo = ?`, caja, domain.MovVentaPasaje); n != 6 {
			t.Fatalf("%d movimientos de 6 ventas", n)
		}
		if n := e.count(`SELECT volumen FROM cajas WHERE id = ?`, caja); n != 6*450000 {
			t.Fatalf("volumen de la caja %d", n)
		}
		for _, got := range e.syncOK(d, e.now, ventas...).Resultados {
			if got.Estado != "duplicada" {
				t.Fatalf("tras el lote: %+v", got)
			}
		}
	})
}

func TestABatchWithAForgedOrForeignCertificateIsRefusedWhole(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		venta := accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))
		// a certificate of the same device signed by a key that is not the company's
		_, otra, _ := ed25519.GenerateKey(rand.Reader)
		pub := d.priv.Public().(ed25519.PublicKey)
		falso, _, err := domain.FirmarCertificado(otra, 1, d.reg.Codigo, pub, e.now)
		if err != nil {
			t.Fatal(err)
		}
		// a real certificate of company 2
		d2 := e.nuevoDispositivo("vendedor2")
		for _, c := range []struct{ cert, msg string }{
			{falso, domain.MsgCertificadoInvalido},
			{d2.reg.Certificado, domain.MsgCertificadoInvalido}, // not signed by company 1's key
			{"MUELLEDISP1.x.y", domain.MsgCertificadoInvalido},
		} {
			r := e.do("POST", "/api/sync", e.token("vendedor"), map[string]any{"certificado": c.cert, "reloj": e.now.UnixMilli(),
				"acciones": []any{venta}, "firma": "x"})
			r.expect(t, http.StatusBadRequest, c.msg)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`); n != 0 {
			t.Fatalf("%d acciones guardadas de lotes rechazados", n)
		}
	})
}

func TestASyncBatchOfTheWrongShapeIsRefusedAndAppliesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		ok := accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))
		muchas := make([]map[string]any, 101)
		for i := range muchas {
			muchas[i] = accion(nuevoID(t), "embarque", e.now, map[string]string{"codigo": "X"})
		}
		sinDatos := map[string]any{"id": nuevoID(t), "tipo": "venta", "ocurrido_en": e.now.UnixMilli()}
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"firma": "x", "certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{}}, domain.MsgSyncAccionesLote},
			{map[string]any{"firma": "x", "certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": muchas}, domain.MsgSyncAccionesLote},
			{map[string]any{"firma": "x", "certificado": d.reg.Certificado, "reloj": 5, "acciones": []any{ok}}, domain.MsgSyncReloj},
			{map[string]any{"firma": "x", "certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{ok, ok}}, domain.MsgSyncIDAccion},
			{map[string]any{"firma": "x", "certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{sinDatos}}, domain.MsgSyncAccionSinDatos},
			{map[string]any{"firma": "x", "certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{
				map[string]any{"id": "no-es-un-uuid", "tipo": "embarque", "ocurrido_en": e.now.UnixMilli(), "embarque": map[string]string{"codigo": "X"}},
			}}, domain.MsgSyncIDAccion},
		} {
			e.do("POST", "/api/sync", e.token("vendedor"), c.body).expect(t, http.StatusBadRequest, c.msg)
		}
		r := e.do("POST", "/api/sync", e.token("vendedor"), map[string]any{"certificado": d.reg.Certificado,
			"reloj": e.now.UnixMilli(), "acciones": []any{ok}, "extra": 1})
		if r.Status != http.StatusBadRequest {
			t.Fatalf("campo desconocido: %d", r.Status)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`); n != 0 {
			t.Fatalf("%d acciones de lotes mal formados", n)
		}
	})
}

// A revoked device's acts, dated before its revocation or not, all go to the conflicts for a
// supervisor: its clock cannot be trusted, so no act of it is applied silently.
func TestEveryActOfARevokedDeviceGoesToTheConflicts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		p := e.vendidos(1)
		d, lancha := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("lancha")
		revocado := e.now
		for _, x := range []*dispositivoPrueba{d, lancha} {
			e.do("DELETE", "/api/dispositivos/"+strconv.FormatInt(x.reg.ID, 10), e.token("admin"), nil).expect(t, http.StatusOK, domain.MsgDispositivoRevocado)
		}
		e.now = e.now.Add(30 * time.Minute)
		pasaje := d.pasajeOffline(e, "General", 450000)
		antes := accion(nuevoID(t), "venta", revocado.Add(-time.Second), e.ventaOffline(caja, pasaje))
		despues := accion(nuevoID(t), "venta", revocado.Add(10*time.Minute), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000),
			d.pasajeOffline(e, "General", 450000)))
		out := e.syncOK(d, e.now, antes, despues)
		for _, r := range out.Resultados {
			if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncRevocado || r.ConflictoID == nil || r.Reintentar {
				t.Fatalf("resultados %+v", out.Resultados)
			}
		}
		embarque := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", revocado.Add(-time.Second), map[string]any{"codigo": p[0].CodigoQR})).Resultados[0]
		if embarque.Estado != "rechazada" || embarque.ConflictoID == nil {
			t.Fatalf("embarque de un dispositivo revocado: %+v", embarque)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline WHERE marcas = ?`, domain.MarcaDispositivoRevocado); n != 3 {
			t.Fatalf("%d acciones marcadas", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = 'venta_rechazada' AND monto = 450000 AND caja_id = ?
			AND numero_pasaje = ?`, caja, pasaje["numero_pasaje"]); n != 1 {
			t.Fatal("la venta anterior a la revocación no quedó en los conflictos con su número y su dinero")
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = 'embarque_rechazado' AND detalle = ?`, domain.MsgSyncRevocado); n != 1 {
			t.Fatal("el embarque no quedó en los conflictos")
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ? AND numero_pasaje LIKE ?`, caja, "%-"+d.reg.Codigo+"-%"); n != 0 {
			t.Fatalf("%d pasajes de un dispositivo revocado", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado'`, p[0].ID); n != 0 {
			t.Fatal("el embarque de un dispositivo revocado se aplicó")
		}
		// the supervisors see the mark on the conflicts screen
		var lista struct{ Conflictos []store.ConflictoOffline }
		e.do("GET", "/api/sync/conflictos", e.token("supervisor"), nil).decode(t, &lista)
		if len(lista.Conflictos) != 3 || len(lista.Conflictos[0].Marcas) != 1 || lista.Conflictos[0].Marcas[0] != domain.MarcaDispositivoRevocado {
			t.Fatalf("conflictos %+v", lista.Conflictos)
		}
	})
}

// A boarding synced from a device never rewrites the boarding a ticket holds (its time and crew
// member), and never counts before its ticket was sold: a phone dated 2020 is recorded beside it.
func TestAnOfflineBoardingNeverReplacesAnEarlierOneNorCountsBeforeItsTicket(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)
		vendido := e.now
		e.now = e.now.Add(10 * time.Minute)
		e.validarQR(e.token("supervisor"), p[0].CodigoQR).expect(t, http.StatusOK, "Embarque validado exitosamente")
		enLinea := e.now
		lancha := e.nuevoDispositivo("lancha")
		e.now = e.now.Add(5 * time.Minute)
		r := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", time.Date(2020, 1, 2, 0, 0, 0, 0, time.UTC),
			map[string]any{"codigo": p[0].CodigoQR})).Resultados[0]
		if r.Estado != "aplicada" || r.Mensaje != domain.MsgSyncEmbarqueAnterior || r.ConflictoID == nil {
			t.Fatalf("embarque de 2020: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND fecha_embarque = ? AND usuario_embarque_id = ?`,
			p[0].ID, enLinea, e.userID("supervisor")); n != 1 {
			t.Fatal("el embarque sincronizado reemplazó al que ya tenía el pasaje")
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = 'embarque_duplicado' AND pasaje_id = ?
			AND primero_momento = ? AND primero_usuario_id = ? AND segundo_momento = ? AND segundo_usuario_id = ?`,
			p[0].ID, enLinea, e.userID("supervisor"), vendido, e.userID("lancha")); n != 1 {
			t.Fatal("el escaneo no quedó registrado junto al embarque, a la hora de la venta del pasaje")
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE pasaje_id = ?`, p[0].ID); marcas != domain.MarcaRelojDesfasado {
			t.Fatalf("marcas %q", marcas)
		}
	})
}

// Whatever the device's clock says, an act counts no earlier than the device's registration or its
// last sync, and the device's codes are checked at that moment: a clock set forward between a cash
// sale and its sync (issue 36 item 25) does not refuse the sale.
func TestAnOfflineSaleAfterAClockChangeCountsAtTheLastSyncAndIsObserved(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now.Add(-time.Minute), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))))
		ultima := e.now
		// an hour later the seller sells with the clock right, then sets it 3 hours forward and syncs
		e.now = e.now.Add(time.Hour)
		pasaje := d.pasajeOffline(e, "General", 450000)
		id := nuevoID(t)
		r := e.syncOK(d, e.now.Add(3*time.Hour), accion(id, "venta", e.now.Add(-10*time.Minute), e.ventaOffline(caja, pasaje))).Resultados[0]
		if r.Estado != "aplicada" || r.ConflictoID == nil || len(r.Pasajes) != 1 {
			t.Fatalf("venta tras el cambio de hora: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND created_at = ?`, r.Pasajes[0].ID, ultima); n != 1 {
			t.Fatal("la venta no cuenta desde la última sincronización")
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); marcas != domain.MarcaRelojDesfasado {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND tipo = 'accion_observada' AND numero_pasaje = ?
			AND monto = 450000 AND caja_id = ?`, *r.ConflictoID, pasaje["numero_pasaje"], caja); n != 1 {
			t.Fatal("la venta observada no está en los conflictos con su número, su dinero y su caja")
		}
		// an act dated before the device was registered counts at its registration
		id = nuevoID(t)
		r = e.syncOK(d, e.now, accion(id, "venta", time.Date(2020, 1, 2, 0, 0, 0, 0, time.UTC),
			e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline WHERE cliente_id = ? AND momento = ? AND marcas = ?`, id,
			ultima.Add(-time.Hour), domain.MarcaRelojDesfasado); n != 1 || r.Estado != "aplicada" {
			t.Fatalf("venta de 2020: %+v", r)
		}
	})
}

// fijarPrecioGeneral sets company 1's price of the demo section's 'General' tickets (centavos).
func (e *env) fijarPrecioGeneral(precio int64) {
	e.t.Helper()
	e.do("PUT", "/api/config/precios", e.token("admin"), map[string]any{"precios": []map[string]any{{
		"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo), "tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, "General"),
		"precio": domain.Centavos(precio)}}}).expect(e.t, http.StatusOK, "")
}

// An offline sale's price is accepted only if the fare table held it since the device's last
// sync (the device could have cached it); any other goes to the conflicts with its money flagged
// for the close, marked precio_desactualizado, and the supervisors are told.
func TestAnOfflineSalePriceIsAcceptedOnlyIfTheTableHeldItSinceTheLastSync(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now.Add(-time.Minute), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))))
		// the table moves to $ 5.000 after that sync; the device sold offline at its cached $ 4.500
		e.now = e.now.Add(10 * time.Minute)
		e.fijarPrecioGeneral(500000)
		e.now = e.now.Add(10 * time.Minute)
		id := nuevoID(t)
		r := e.syncOK(d, e.now, accion(id, "venta", e.now.Add(-5*time.Minute), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if r.Estado != "aplicada" || r.ConflictoID != nil || e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id) != "" {
			t.Fatalf("precio vigente desde la última sincronización: %+v", r)
		}
		// synced since the change, the device can no longer hold $ 4.500; nor a price the table never had
		for _, precio := range []int64{450000, 100} {
			e.now = e.now.Add(10 * time.Minute)
			pasaje := d.pasajeOffline(e, "General", precio)
			id = nuevoID(t)
			r = e.syncOK(d, e.now, accion(id, "venta", e.now.Add(-time.Minute), e.ventaOffline(caja, pasaje))).Resultados[0]
			if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncPrecioDesactualizado || r.ConflictoID == nil || r.Reintentar {
				t.Fatalf("precio %d desactualizado: %+v", precio, r)
			}
			if e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id) != domain.MarcaPrecioDesactualizado {
				t.Fatal("la venta no quedó marcada")
			}
			if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND tipo = 'venta_rechazada' AND monto = ?
				AND caja_id = ? AND numero_pasaje = ?`, *r.ConflictoID, precio, caja, pasaje["numero_pasaje"]); n != 1 {
				t.Fatal("la venta no quedó en los conflictos con su número, su dinero y su caja")
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 2 {
			t.Fatalf("%d pasajes", n)
		}
		// flagged for the close, and the supervisors are told with the mark
		var estado struct {
			Caja struct {
				Rechazadas struct{ Cantidad int64 } `json:"ventas_offline_rechazadas"`
			}
		}
		e.do("GET", "/api/caja/estado", e.token("vendedor"), nil).decode(t, &estado)
		if estado.Caja.Rechazadas.Cantidad != 2 {
			t.Fatalf("estado de la caja: %+v", estado)
		}
		evs, err := e.st.EventosPosteriores(context.Background(), 0, 10000)
		if err == nil {
			err = e.st.NotificarEventos(context.Background(), evs)
		}
		if err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE titulo = ? AND usuario_id = ? AND mensaje LIKE ?`,
			domain.TituloConflictoOffline, e.userID("supervisor"), "%Observaciones: Precio desactualizado%"); n != 2 {
			t.Fatalf("%d avisos a los supervisores", n)
		}
		// a ticket whose code does not carry its price is refused
		p := d.pasajeOffline(e, "General", 500000)
		p["precio"] = domain.Centavos(100)
		r = e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, p))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncCodigoOffline {
			t.Fatalf("precio adulterado: %+v", r)
		}
	})
}

func TestAnOfflineSaleWhoseRegisterClosedGoesToTheOpenOneOrToTheConflicts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		vieja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 0}).expect(t, http.StatusOK, "Caja cerrada exitosamente")
		// closed on the server and none open: the sale lands in the conflicts
		r := e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(vieja, d.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncSinCaja || r.ConflictoID == nil {
			t.Fatalf("sin caja abierta: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE caja_id = ? AND monto = 450000`, vieja); n != 1 {
			t.Fatal("falta el conflicto con el dinero de la venta")
		}
		// with a new register open, it goes there, noting the closed one; its state flags the refused money
		nueva := e.cajaAbierta("vendedor")
		var estado struct {
			Caja struct {
				Rechazadas struct {
					Cantidad int64
					Monto    float64
				} `json:"ventas_offline_rechazadas"`
			}
		}
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &estado)
		if estado.Caja.Rechazadas.Cantidad != 1 || estado.Caja.Rechazadas.Monto != 4500 {
			t.Fatalf("estado de la caja: %+v", estado)
		}
		id := nuevoID(t)
		e.syncOK(d, e.now, accion(id, "venta", e.now, e.ventaOffline(vieja, d.pasajeOffline(e, "General", 450000))))
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_id = ? AND descripcion = ?`, nueva,
			fmt.Sprintf("Venta sin conexión de 1 pasaje (caja #%d cerrada)", vieja)); n != 1 {
			t.Fatal("la venta no entró en la caja abierta con la nota de la cerrada")
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); marcas != domain.MarcaCajaCerrada {
			t.Fatalf("marcas %q", marcas)
		}
		// a register the company does not have is never used
		r = e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(vieja+1000, d.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncCajaAjena || r.ConflictoID == nil {
			t.Fatalf("caja ajena: %+v", r)
		}
	})
}

// A register whose count waits for a supervisor's approval (blind close) is closed for an offline
// sale: the sale goes to the conflicts with its money flagged for the close, and the approved close
// and its Z report keep the figures that were counted.
func TestAnOfflineSaleIntoARegisterPendingApprovalIsAConflictForTheClose(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tolerancia("0")
		tok := e.cajeroCiego()
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		caja := e.count(`SELECT id FROM cajas WHERE usuario_id = ? AND estado = 'abierta'`, e.userID("vendedor"))
		d := e.nuevoDispositivo("vendedor")
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 100}).expect(t, http.StatusOK,
			"La diferencia supera la tolerancia de la empresa: el cierre queda pendiente de la aprobación de un supervisor")
		volumen := e.count(`SELECT volumen FROM cajas WHERE id = ?`, caja)
		pasaje := d.pasajeOffline(e, "General", 450000)
		id := nuevoID(t)
		r := e.syncOK(d, e.now, accion(id, "venta", e.now.Add(-time.Minute), e.ventaOffline(caja, pasaje))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncCajaPendiente || r.ConflictoID == nil || r.Reintentar {
			t.Fatalf("venta en una caja pendiente de aprobación: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND tipo = 'venta_rechazada' AND monto = 450000
			AND caja_id = ? AND numero_pasaje = ?`, *r.ConflictoID, caja, pasaje["numero_pasaje"]); n != 1 {
			t.Fatal("la venta no quedó en los conflictos con su dinero y su caja")
		}
		if e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id) != domain.MarcaCajaCerrada {
			t.Fatal("la venta no quedó marcada caja_cerrada")
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 0 || e.count(`SELECT volumen FROM cajas WHERE id = ?`, caja) != volumen {
			t.Fatal("la venta entró en la caja contada")
		}
	})
}

// Every sale conflict names its tickets and the money taken, whatever refused it (issue 36 item 25).
func TestEverySaleConflictListsItsTicketsAndAmount(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		a, b := d.pasajeOffline(e, "General", 450000), d.pasajeOffline(e, "Jubilado", 225000)
		b["codigo_qr"] = a["codigo_qr"] // a code that does not carry its ticket
		vendida := e.now.Add(-20 * time.Minute)
		r := e.syncOK(d, e.now, accion(nuevoID(t), "venta", vendida, e.ventaOffline(caja, a, b))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncCodigoOffline || r.ConflictoID == nil {
			t.Fatalf("venta con un código ajeno: %+v", r)
		}
		var lista struct{ Conflictos []store.ConflictoOffline }
		e.do("GET", "/api/sync/conflictos", e.token("supervisor"), nil).decode(t, &lista)
		if len(lista.Conflictos) != 1 {
			t.Fatalf("conflictos %+v", lista.Conflictos)
		}
		k := lista.Conflictos[0]
		if k.Tipo != domain.ConflictoVentaRechazada || k.NumeroPasaje != a["numero_pasaje"].(string)+", "+b["numero_pasaje"].(string) ||
			k.Monto != 675000 || k.CajaID == nil || *k.CajaID != caja || !k.Segundo.Momento.Equal(vendida) {
			t.Fatalf("conflicto de la venta: %+v", k)
		}
	})
}

func TestTwoDevicesOfflineTicketsNeverShareANumberOrACode(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		a, b := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("vendedor")
		pa, pb := a.pasajeOffline(e, "General", 450000), b.pasajeOffline(e, "General", 450000)
		if pa["numero_pasaje"] == pb["numero_pasaje"] || pa["codigo_qr"] == pb["codigo_qr"] {
			t.Fatal("dos dispositivos dieron el mismo número o código")
		}
		e.syncOK(a, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, pa)))
		e.syncOK(b, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, pb)))
		// b cannot sync a ticket of a's series, nor a number a already used
		r := e.syncOK(b, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, a.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncNumeroOffline {
			t.Fatalf("serie ajena: %+v", r)
		}
		a.n -= 2
		r = e.syncOK(a, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, a.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncNumeroRepetido {
			t.Fatalf("número repetido: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 2 {
			t.Fatalf("%d pasajes", n)
		}
	})
}

func TestABoardingOnTwoOfflineDevicesIsAConflictTheFirstSyncedStays(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidosAntes(2)
		p2 := e.vendidosAntes(1)
		lancha, super := e.nuevoDispositivo("lancha"), e.nuevoDispositivo("supervisor")
		primero, segundo := e.now.Add(-15*time.Minute), e.now.Add(-10*time.Minute)
		// the later scan syncs first, then the earlier one: the boarding stays the first synced, the
		// earlier scan is recorded beside it
		r1 := e.syncOK(super, e.now, accion(nuevoID(t), "embarque", segundo, map[string]string{"codigo": p[0].CodigoQR})).Resultados[0]
		r2 := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", primero, map[string]string{"codigo": p[0].CodigoQR})).Resultados[0]
		if r1.Estado != "aplicada" || r2.Estado != "aplicada" || r2.ConflictoID == nil {
			t.Fatalf("embarques %+v %+v", r1, r2)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND fecha_embarque = ? AND usuario_embarque_id = ?`,
			p[0].ID, segundo, e.userID("supervisor")); n != 1 {
			t.Fatal("el embarque sincronizado primero fue reemplazado")
		}
		// the other ticket: boarded first by lancha, then by the supervisor later: refused as a conflict
		e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", primero, map[string]string{"codigo": p[1].NumeroPasaje}))
		r3 := e.syncOK(super, e.now, accion(nuevoID(t), "embarque", segundo, map[string]string{"codigo": p[1].CodigoQR})).Resultados[0]
		// the second phone is told who boarded it (issue 36 item 27), the supervisors keep the conflict's detail
		quien := "Ya embarcado por " + e.nombreCompleto(t, "lancha") + " (otro teléfono) — aviso enviado al supervisor"
		if r3.Estado != "rechazada" || r3.Mensaje != quien || r3.ConflictoID == nil {
			t.Fatalf("segundo embarque: %+v", r3)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND detalle = ?`, *r3.ConflictoID,
			domain.MsgSyncEmbarqueDuplicado); n != 1 {
			t.Fatal("el conflicto no guarda su detalle")
		}
		// the same device scanning again is the same boarding, not a conflict
		if r := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", segundo, map[string]string{"codigo": p[1].CodigoQR})).Resultados[0]; r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("mismo dispositivo: %+v", r)
		}
		// boarded online by the crew member whose answer was lost, then scanned again on their phone
		// offline: the same boarding, not a conflict
		e.validarQR(e.token("lancha"), p2[0].CodigoQR).expect(t, http.StatusOK, "Embarque validado exitosamente")
		if r := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", e.now.Add(-time.Minute), map[string]string{"codigo": p2[0].CodigoQR})).Resultados[0]; r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("mismo tripulante, en línea y sin conexión: %+v", r)
		}
		// supervisors see both conflicts and are told; the crew may not list them
		var lista struct {
			Conflictos []store.ConflictoOffline
			Total      int64
		}
		r := e.do("GET", "/api/sync/conflictos", e.token("supervisor"), nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &lista)
		if lista.Total != 2 || lista.Conflictos[0].Primero == nil || lista.Conflictos[0].Segundo.Dispositivo == "" {
			t.Fatalf("conflictos %+v", lista)
		}
		e.do("GET", "/api/sync/conflictos", e.token("lancha"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		evs, err := e.st.EventosPosteriores(context.Background(), 0, 10000)
		if err == nil {
			err = e.st.NotificarEventos(context.Background(), evs)
		}
		if err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE titulo = ? AND usuario_id = ?`, domain.TituloConflictoOffline,
			e.userID("supervisor")); n != 2 {
			t.Fatal("los supervisores no fueron notificados")
		}
		// resolved by a supervisor; another company's admin gets 404
		path := "/api/sync/conflictos/" + strconv.FormatInt(lista.Conflictos[0].ID, 10) + "/resolver"
		e.do("POST", path, e.token("admin2"), map[string]string{"nota": "x"}).expect(t, http.StatusNotFound, domain.MsgConflictoNoEncontrado)
		e.do("POST", path, e.token("supervisor"), map[string]string{"nota": "Se habló con la tripulación"}).expect(t, http.StatusOK, domain.MsgConflictoResuelto)
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE resuelto_en IS NOT NULL AND resuelto_por = ?`, e.userID("supervisor")); n != 1 {
			t.Fatal("el conflicto no quedó resuelto")
		}
	})
}

func TestAnOfflineBoardingOfATicketNotSyncedYetWaitsAndOfACancelledOneIsAConflict(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		vendedor, lancha := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("lancha")
		pasaje := vendedor.pasajeOffline(e, "General", 450000)
		embarque := accion(nuevoID(t), "embarque", e.now, map[string]any{"codigo": pasaje["codigo_qr"]})
		r := e.syncOK(lancha, e.now, embarque).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncPasajeAunNo || !r.Reintentar {
			t.Fatalf("pasaje aún no sincronizado: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`); n != 0 {
			t.Fatal("la acción a reintentar quedó guardada")
		}
		e.syncOK(vendedor, e.now, accion(nuevoID(t), "venta", e.now.Add(-time.Minute), e.ventaOffline(caja, pasaje)))
		if r := e.syncOK(lancha, e.now, embarque).Resultados[0]; r.Estado != "aplicada" {
			t.Fatalf("reintento: %+v", r)
		}
		// a forged code is a conflict for the supervisor, not a boarding
		forjado := accion(nuevoID(t), "embarque", e.now, map[string]any{"codigo": pasaje["codigo_qr"].(string) + "x"})
		if r := e.syncOK(lancha, e.now, forjado).Resultados[0]; r.Estado != "rechazada" || r.ConflictoID == nil || r.Reintentar {
			t.Fatalf("código adulterado: %+v", r)
		}
	})
}

// A device shared by a seller and a crew member (a tablet at the pier): whoever logs in next syncs
// the whole queue. An act the session may not do is left for a session that may, never stored as
// its final answer: the money of a sale is never lost.
func TestASaleSyncedByASessionWithoutTheSalePermissionWaitsForItsSeller(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		tablet := e.nuevoDispositivo("vendedor")
		venta := accion(nuevoID(t), "venta", e.now.Add(-5*time.Minute), e.ventaOffline(caja, tablet.pasajeOffline(e, "General", 450000)))
		r := e.syncComoOK("lancha", tablet, e.now, venta).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncSinPermisoVenta || !r.Reintentar || r.ConflictoID != nil {
			t.Fatalf("venta sincronizada por la tripulación: %+v", r)
		}
		// the seller's boarding synced by the seller's session waits the same way
		embarque := accion(nuevoID(t), "embarque", e.now, map[string]any{"codigo": "X"})
		if r := e.syncOK(tablet, e.now, embarque).Resultados[0]; r.Mensaje != domain.MsgSyncSinPermisoEmbarque || !r.Reintentar {
			t.Fatalf("vendedor embarcando: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`) + e.count(`SELECT COUNT(*) FROM conflictos_offline`); n != 0 {
			t.Fatal("la acción que otro usuario debe sincronizar quedó guardada como rechazada")
		}
		// the seller's session, later, applies it into the register
		if r := e.syncOK(tablet, e.now, venta).Resultados[0]; r.Estado != "aplicada" || len(r.Pasajes) != 1 {
			t.Fatalf("venta sincronizada por su vendedor: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ? AND precio = 450000`, caja); n != 1 {
			t.Fatal("la venta no entró en la caja del vendedor")
		}
		// its answer lost, the tablet sends it again in the crew's session: the stored answer
		if r := e.syncComoOK("lancha", tablet, e.now, venta).Resultados[0]; r.Estado != "duplicada" || len(r.Pasajes) != 1 || r.Reintentar {
			t.Fatalf("venta ya sincronizada, enviada otra vez por la tripulación: %+v", r)
		}
	})
}

// A sale names the register open when it was made: another seller's session of the same device
// leaves it for that register's seller.
func TestASaleOfAnotherSellersRegisterWaitsForThatSeller(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("supervisor")
		e.cajaAbierta("vendedor")
		tablet := e.nuevoDispositivo("supervisor")
		venta := accion(nuevoID(t), "venta", e.now.Add(-5*time.Minute), e.ventaOffline(caja, tablet.pasajeOffline(e, "General", 450000)))
		r := e.syncComoOK("vendedor", tablet, e.now, venta).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncVentaDeOtro || !r.Reintentar {
			t.Fatalf("venta de la caja de otro vendedor: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`) + e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 0 {
			t.Fatal("la venta de otro vendedor quedó guardada")
		}
		if r := e.syncOK(tablet, e.now, venta).Resultados[0]; r.Estado != "aplicada" {
			t.Fatalf("venta sincronizada por su vendedor: %+v", r)
		}
	})
}

// conflictoDe1 is a conflict of company 1 for the route walk, made once per database.
func (e *env) conflictoDe1(t testing.TB) string {
	if id := e.count(`SELECT COALESCE(MIN(id), 0) FROM conflictos_offline WHERE empresa_id = 1`); id != 0 {
		return strconv.FormatInt(id, 10)
	}
	dispositivo, usuario := e.dispositivoDe1(t), e.userID("lancha")
	db := e.st.DB()
	if _, err := db.Exec(e.st.Rebind(`INSERT INTO acciones_offline (empresa_id, cliente_id, dispositivo_id, usuario_id, tipo, huella,
		ocurrido_en, recibido_en, momento, desfase_ms, estado, mensaje) VALUES (1, 'recorrido', ?, ?, 'embarque', '', ?, ?, ?, 0, 'rechazada', '')`),
		dispositivo, usuario, e.now, e.now, e.now); err != nil {
		t.Fatal(err)
	}
	accionID := e.count(`SELECT id FROM acciones_offline WHERE cliente_id = 'recorrido'`)
	if _, err := db.Exec(e.st.Rebind(`INSERT INTO conflictos_offline (empresa_id, tipo, accion_id, detalle, segundo_usuario_id,
		segundo_dispositivo_id, segundo_momento, created_at) VALUES (1, 'embarque_rechazado', ?, 'Pasaje no encontrado', ?, ?, ?, ?)`),
		accionID, usuario, dispositivo, e.now, e.now); err != nil {
		t.Fatal(err)
	}
	return e.conflictoDe1(t)
}

// A session that began before its device was revoked ends at its next sync (it may have gone on
// offline, unlocked on the device alone): its acts go to the conflicts first, then the answer is 401,
// the token is revoked and the end audited. A login after the revocation syncs the same acts again:
// their stored answers, and its session goes on.
func TestASyncFromADeviceRevokedSinceTheSessionBeganEndsTheSession(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		antigua := e.token("vendedor")
		e.now = e.now.Add(time.Minute)
		e.do("DELETE", "/api/dispositivos/"+strconv.FormatInt(d.reg.ID, 10), e.token("admin"), nil).expect(t, http.StatusOK, domain.MsgDispositivoRevocado)
		e.now = e.now.Add(time.Minute)
		venta := accion(nuevoID(t), "venta", e.now.Add(-30*time.Second), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))

		e.do("POST", "/api/sync", antigua, d.lote(e.now, venta)).expect(t, http.StatusUnauthorized, domain.MsgSyncSesionRevocada)
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = 'venta_rechazada' AND monto = 450000 AND caja_id = ?`, caja); n != 1 {
			t.Fatalf("%d conflictos: la venta del dispositivo revocado debía quedar para el supervisor", n)
		}
		e.do("GET", "/api/auth/me", antigua, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND detalles = ?`, store.AccionSesionTerminada,
			e.userID("vendedor"), "Sesión terminada al sincronizar: el dispositivo "+d.reg.Codigo+" fue revocado"); n != 1 {
			t.Fatalf("%d auditorías del fin de la sesión", n)
		}

		// the seller logs in again: the device sends the same act, answered as stored, and the session goes on
		out := e.syncOK(d, e.now, venta).Resultados[0]
		if out.Estado != "rechazada" || out.Mensaje != domain.MsgSyncRevocado || out.ConflictoID == nil {
			t.Fatalf("reenvío tras el nuevo inicio de sesión: %+v", out)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline`); n != 1 {
			t.Fatalf("%d conflictos tras el reenvío", n)
		}
	})
}

// A session that began before its user's password changed (on another device) is refused at its
// sync with nothing applied: its acts stay on the device for the next login.
func TestASyncOfASessionOlderThanAPasswordChangeAppliesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		antigua := e.token("vendedor")
		e.do("PUT", "/api/usuarios/cambiar-contrasena", e.login("vendedor"),
			map[string]string{"clave_actual": demo.Password, "clave_nueva": "Tabifu-Dalafe-Makupu-95#"}).expect(t, http.StatusOK, "")
		venta := accion(nuevoID(t), "venta", e.now.Add(-30*time.Second), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))
		e.do("POST", "/api/sync", antigua, d.lote(e.now, venta)).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		for _, q := range []string{`SELECT COUNT(*) FROM acciones_offline`, `SELECT COUNT(*) FROM conflictos_offline`,
			`SELECT COUNT(*) FROM pasajes WHERE numero_pasaje LIKE '%-` + d.reg.Codigo + `-%'`} {
			if n := e.count(q); n != 0 {
				t.Fatalf("%s: %d", q, n)
			}
		}
	})
}

// A copy of a device's certificate syncs nothing: a batch must be signed by the
// device's own key, over the acts it carries; a refused batch writes nothing,
// not even the device's last use.
func TestASyncBatchNotSignedByTheDeviceIsRefused(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d, otro := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("vendedor")
		venta := accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))
		usado := e.texto(`SELECT COALESCE(CAST(ultimo_uso AS TEXT), '') FROM dispositivos WHERE id = ?`, d.reg.ID)

		sinFirma := d.lote(e.now, venta)
		delete(sinFirma, "firma")
		ajena := otro.lote(e.now, venta)
		ajena["certificado"] = d.reg.Certificado // another device's key signed it
		otraAccion := d.lote(e.now, accion(nuevoID(t), "embarque", e.now, map[string]string{"codigo": "X"}))
		otraAccion["acciones"] = []map[string]any{venta} // signed over other acts
		for nombre, body := range map[string]map[string]any{"sin firma": sinFirma, "firma de otro dispositivo": ajena,
			"firma de otras acciones": otraAccion} {
			want := domain.MsgFirmaLoteInvalida
			if nombre == "sin firma" {
				want = "El campo firma es obligatorio"
			}
			if r := e.do("POST", "/api/sync", e.token("vendedor"), body); r.Status != http.StatusBadRequest || r.Message != want {
				t.Fatalf("%s: %d %q", nombre, r.Status, r.Message)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`); n != 0 {
			t.Fatalf("%d acciones guardadas de lotes sin la firma del dispositivo", n)
		}
		if ahora := e.texto(`SELECT COALESCE(CAST(ultimo_uso AS TEXT), '') FROM dispositivos WHERE id = ?`, d.reg.ID); ahora != usado {
			t.Fatalf("el último uso cambió con un lote rechazado: %q → %q", usado, ahora)
		}
		if r := e.syncOK(d, e.now, venta); r.Resultados[0].Estado != "aplicada" {
			t.Fatalf("el lote firmado: %+v", r.Resultados[0])
		}
	})
}
