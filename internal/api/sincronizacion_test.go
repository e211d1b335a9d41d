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

// sync sends acts of device d with the device's clock at reloj.
func (e *env) sync(d *dispositivoPrueba, reloj time.Time, acciones ...map[string]any) response {
	e.t.Helper()
	return e.do("POST", "/api/sync", e.token(d.usuario), map[string]any{"certificado": d.reg.Certificado,
		"reloj": reloj.UnixMilli(), "acciones": acciones})
}

func (e *env) syncOK(d *dispositivoPrueba, reloj time.Time, acciones ...map[string]any) resultadoJSON {
	e.t.Helper()
	r := e.sync(d, reloj, acciones...)
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
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); marcas != domain.MarcaRelojDesfasado {
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
				"acciones": []any{venta}})
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
			{map[string]any{"certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{}}, domain.MsgSyncAccionesLote},
			{map[string]any{"certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": muchas}, domain.MsgSyncAccionesLote},
			{map[string]any{"certificado": d.reg.Certificado, "reloj": 5, "acciones": []any{ok}}, domain.MsgSyncReloj},
			{map[string]any{"certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{ok, ok}}, domain.MsgSyncIDAccion},
			{map[string]any{"certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{sinDatos}}, domain.MsgSyncAccionSinDatos},
			{map[string]any{"certificado": d.reg.Certificado, "reloj": e.now.UnixMilli(), "acciones": []any{
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

func TestOfflineSalesOfARevokedDeviceAreAcceptedOnlyBeforeTheRevocation(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		revocado := e.now
		e.do("DELETE", "/api/dispositivos/"+strconv.FormatInt(d.reg.ID, 10), e.token("admin"), nil).expect(t, http.StatusOK, domain.MsgDispositivoRevocado)
		e.now = e.now.Add(30 * time.Minute)
		antes := accion(nuevoID(t), "venta", revocado.Add(-10*time.Minute), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000)))
		despues := accion(nuevoID(t), "venta", revocado.Add(10*time.Minute), e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000),
			d.pasajeOffline(e, "General", 450000)))
		out := e.syncOK(d, e.now, antes, despues)
		if out.Resultados[0].Estado != "aplicada" || out.Resultados[1].Estado != "rechazada" || out.Resultados[1].Mensaje != domain.MsgSyncRevocado ||
			out.Resultados[1].ConflictoID == nil {
			t.Fatalf("resultados %+v", out.Resultados)
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE estado = 'aplicada'`); marcas != domain.MarcaDispositivoRevocado {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = 'venta_rechazada' AND monto = 900000 AND caja_id = ?`, caja); n != 1 {
			t.Fatal("la venta rechazada no quedó en los conflictos con su dinero")
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 1 {
			t.Fatalf("%d pasajes", n)
		}
	})
}

func TestAnOfflineSaleAtAnOldPriceIsAcceptedAndMarked(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		// the cached table said $ 4.000; the server's says $ 4.500 now
		id := nuevoID(t)
		e.syncOK(d, e.now, accion(id, "venta", e.now, e.ventaOffline(caja, d.pasajeOffline(e, "General", 400000))))
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); marcas != domain.MarcaPrecioDesactualizado {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT precio FROM pasajes WHERE caja_id = ?`, caja); n != 400000 {
			t.Fatalf("precio del pasaje %d: el dinero se cobró al precio de la tabla guardada", n)
		}
		// a ticket whose code does not carry its price is refused
		p := d.pasajeOffline(e, "General", 450000)
		p["precio"] = domain.Centavos(100)
		r := e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, p))).Resultados[0]
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
		// another seller's register is never used
		otra := e.cajaAbierta("supervisor")
		r = e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(otra, d.pasajeOffline(e, "General", 450000)))).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncCajaAjena {
			t.Fatalf("caja ajena: %+v", r)
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

func TestABoardingOnTwoOfflineDevicesIsAConflictTheFirstScanWins(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(2)
		p2 := e.vendidos(1)
		lancha, super := e.nuevoDispositivo("lancha"), e.nuevoDispositivo("supervisor")
		primero, segundo := e.now.Add(-15*time.Minute), e.now.Add(-10*time.Minute)
		// the later scan syncs first, then the earlier one: the earlier keeps the boarding
		r1 := e.syncOK(super, e.now, accion(nuevoID(t), "embarque", segundo, map[string]string{"codigo": p[0].CodigoQR})).Resultados[0]
		r2 := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", primero, map[string]string{"codigo": p[0].CodigoQR})).Resultados[0]
		if r1.Estado != "aplicada" || r2.Estado != "aplicada" || r2.ConflictoID == nil {
			t.Fatalf("embarques %+v %+v", r1, r2)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND fecha_embarque = ? AND usuario_embarque_id = ?`,
			p[0].ID, primero, e.userID("lancha")); n != 1 {
			t.Fatal("el primer escaneo no quedó como el embarque")
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = 'embarque_duplicado' AND pasaje_id = ?
			AND primero_usuario_id = ? AND primero_momento = ? AND primero_dispositivo_id = ? AND segundo_usuario_id = ?
			AND segundo_dispositivo_id = ? AND segundo_momento = ?`, p[0].ID, e.userID("supervisor"), segundo, super.reg.ID,
			e.userID("lancha"), lancha.reg.ID, primero); n != 1 {
			t.Fatal("el conflicto no guarda los dos escaneos")
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
		// the seller cannot board, the crew cannot sell: refused per act
		if r := e.syncOK(vendedor, e.now, accion(nuevoID(t), "embarque", e.now, map[string]any{"codigo": "X"})).Resultados[0]; r.Mensaje != domain.MsgSyncSinPermisoEmbarque {
			t.Fatalf("vendedor embarcando: %+v", r)
		}
		if r := e.syncOK(lancha, e.now, accion(nuevoID(t), "venta", e.now, e.ventaOffline(caja, lancha.pasajeOffline(e, "General", 450000)))).Resultados[0]; r.Mensaje != domain.MsgSyncSinPermisoVenta {
			t.Fatalf("lancha vendiendo: %+v", r)
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
