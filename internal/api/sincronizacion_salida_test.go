package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Offline boardings into a departure (docs/features/offline.md; issue 26 item 8).

// embarqueOffline is the data of an offline boarding of codigo into departure
// salidaID (0: none) for the leg tramo ("": omitted, as older clients send it).
func embarqueOffline(codigo string, salidaID int64, tramo string) map[string]any {
	b := map[string]any{"codigo": codigo}
	if salidaID != 0 {
		b["salida_id"] = salidaID
	}
	if tramo != "" {
		b["tramo"] = tramo
	}
	return b
}

// vendidosAntes sells n tickets an hour before now: the offline boardings the
// tests sync were scanned after their sale (no boarding counts before it).
func (e *env) vendidosAntes(n int) []pasajeJSON {
	e.t.Helper()
	ahora := e.now
	e.now = ahora.Add(-time.Hour)
	defer func() { e.now = ahora }()
	return e.vendidos(n)
}

// embarcarOffline syncs one offline boarding of device d, scanned at momento, and answers its result.
func (e *env) embarcarOffline(d *dispositivoPrueba, momento time.Time, datos map[string]any) (string, resultadoSyncJSON) {
	e.t.Helper()
	id := nuevoID(e.t)
	return id, e.syncOK(d, e.now, accion(id, "embarque", momento, datos)).Resultados[0]
}

// salidaAjena opens an extra departure of company 2 today at 11:00, on a boat of 5 seats.
func (e *env) salidaAjena(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	a := store.Actor{EmpresaID: 2, UsuarioID: e.userID("admin2")}
	b, err := e.st.CrearEmbarcacion(ctx, a, domain.Embarcacion{Nombre: "Ajena", Matricula: "AJ-1", Capacidad: 5,
		VencimientoCertificado: "2030-01-01", Activo: true})
	if err != nil {
		t.Fatal(err)
	}
	secciones, err := e.st.ListarCatalogo(ctx, 2, domain.CatSecciones, false)
	if err != nil {
		t.Fatal(err)
	}
	x, err := e.st.CrearSalidaExtra(ctx, a, store.NuevaSalida{SeccionID: secciones[0].ID, EmbarcacionID: b.ID,
		Fecha: "2026-11-20", Hora: "11:00"})
	if err != nil {
		t.Fatal(err)
	}
	return x.ID
}

// sinLugar checks an offline boarding answered applied without a seat: the
// conflict embarque_sin_lugar with mensaje, the ticket boarded at momento by
// usuario with no departure.
func (e *env) sinLugar(t *testing.T, r resultadoSyncJSON, p pasajeJSON, momento time.Time, usuario, mensaje string) {
	t.Helper()
	if r.Estado != "aplicada" || r.ConflictoID == nil || r.Mensaje != mensaje {
		t.Fatalf("embarque sin lugar: %+v\nquería %q", r, mensaje)
	}
	if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND salida_id IS NULL AND fecha_embarque = ?
		AND usuario_embarque_id = ?`, p.ID, momento, e.userID(usuario)) != 1 {
		t.Fatal("el pasajero no quedó embarcado sin salida a la hora de su escaneo")
	}
	if e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND tipo = ? AND pasaje_id = ? AND detalle = ?
		AND resuelto_en IS NULL`, *r.ConflictoID, domain.ConflictoEmbarqueSinLugar, p.ID, mensaje) != 1 {
		t.Fatal("falta el conflicto embarque_sin_lugar")
	}
}

func TestUnEmbarqueOfflineEnUnaSalidaTomaSuAsientoUnaSolaVez(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		salida, _ := e.salidaDe(t, 3, "10:30", "")
		ps := e.vendidosAntes(1)
		lancha, super := e.nuevoDispositivo("lancha"), e.nuevoDispositivo("supervisor")
		momento := e.now.Add(-10 * time.Minute)
		datos := embarqueOffline(ps[0].CodigoQR, salida, "ida")
		id, r := e.embarcarOffline(lancha, momento, datos)
		if r.Estado != "aplicada" || r.ConflictoID != nil || r.Mensaje != domain.MsgSyncAplicada || len(r.Pasajes) != 1 {
			t.Fatalf("embarque en la salida: %+v", r)
		}
		if e.aBordo(salida) != 1 || e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND salida_id = ? AND estado = 'usado'
			AND fecha_embarque = ?`, ps[0].ID, salida, momento) != 1 {
			t.Fatal("el embarque offline no tomó su asiento en la salida")
		}
		if e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND estado = ? AND estado_por = ?`, salida, domain.SalidaEmbarcando,
			e.userID("lancha")) != 1 {
			t.Fatal("el primer embarque no pasó la salida a embarcando")
		}
		// the same act again (its answer was lost), then a second scan by the same phone: no second seat
		if again := e.syncOK(lancha, e.now, accion(id, "embarque", momento, datos)).Resultados[0]; again.Estado != "duplicada" {
			t.Fatalf("repetición: %+v", again)
		}
		if _, r := e.embarcarOffline(lancha, momento.Add(time.Minute), datos); r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("segundo escaneo del mismo teléfono: %+v", r)
		}
		// another phone boarded the same ticket later: a double boarding, no second seat
		_, r = e.embarcarOffline(super, momento.Add(2*time.Minute), datos)
		if r.Estado != "rechazada" || !strings.HasPrefix(r.Mensaje, "Ya embarcado por ") || r.ConflictoID == nil {
			t.Fatalf("segundo dispositivo: %+v", r)
		}
		if e.aBordo(salida) != 1 || e.count(`SELECT COUNT(*) FROM conflictos_offline`) != 1 {
			t.Fatalf("a bordo %d tras repetir el embarque", e.aBordo(salida))
		}
		// an act of an older client (no departure, no leg) boards as before
		p := e.vendidosAntes(1)[0]
		if _, r := e.embarcarOffline(lancha, momento, embarqueOffline(p.CodigoQR, 0, "")); r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("acción sin salida: %+v", r)
		}
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND salida_id IS NULL`, p.ID) != 1 || e.aBordo(salida) != 1 {
			t.Fatal("el embarque sin salida cambió")
		}
	})
}

func TestUnEmbarqueOfflineEnUnaSalidaLlenaQuedaSinSalidaYEsUnConflicto(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		salida, _ := e.salidaDe(t, 1, "10:30", "")
		otra, _ := e.salidaDe(t, 5, "11:30", "")
		ps := e.vendidosAntes(2)
		e.embarcarEn(e.token("lancha"), ps[0].CodigoQR, salida).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		lancha := e.nuevoDispositivo("lancha")
		momento := e.now.Add(-5 * time.Minute)
		_, r := e.embarcarOffline(lancha, momento, embarqueOffline(ps[1].CodigoQR, salida, "ida"))
		mensaje := "Embarcación completa: capacidad habilitada 1 pasajeros. El pasajero embarcó sin conexión y no figura en " +
			"la salida de las 10:30: muévalo a otra salida o corrija el manifiesto"
		if !strings.HasPrefix(mensaje, domain.MsgEmbarcacionCompleta(1)) {
			t.Fatal("el mensaje no empieza con el de la embarcación completa")
		}
		e.sinLugar(t, r, ps[1], momento, "lancha", mensaje)
		if e.aBordo(salida) != 1 {
			t.Fatalf("a bordo %d: la capacidad habilitada se superó", e.aBordo(salida))
		}
		// supervisors see it with its kind, and were told
		var lista struct{ Conflictos []store.ConflictoOffline }
		e.do("GET", "/api/sync/conflictos", e.token("supervisor"), nil).decode(t, &lista)
		if len(lista.Conflictos) != 1 || lista.Conflictos[0].Tipo != domain.ConflictoEmbarqueSinLugar ||
			lista.Conflictos[0].NumeroPasaje != ps[1].NumeroPasaje || lista.Conflictos[0].Detalle != mensaje || lista.Conflictos[0].Primero != nil ||
			lista.Conflictos[0].PasajeID == nil || *lista.Conflictos[0].PasajeID != ps[1].ID {
			t.Fatalf("conflictos: %+v", lista)
		}
		evs, err := e.st.EventosPosteriores(context.Background(), 0, 10000)
		if err == nil {
			err = e.st.NotificarEventos(context.Background(), evs)
		}
		if err != nil {
			t.Fatal(err)
		}
		if e.count(`SELECT COUNT(*) FROM notificaciones WHERE titulo = ? AND usuario_id = ? AND mensaje LIKE ?`,
			domain.TituloConflictoOffline, e.userID("supervisor"), "%"+ps[1].NumeroPasaje+"%Embarcación completa%") != 1 {
			t.Fatal("los supervisores no fueron avisados")
		}
		// the supervisor moves the passenger into another departure: it counts once, there
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/mover-salida", ps[1].ID), e.token("supervisor"), map[string]any{"salida_id": otra}).
			expect(t, http.StatusOK, "Pasajero movido a la salida de las 11:30")
		if e.aBordo(salida) != 1 || e.aBordo(otra) != 1 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_id = ?`, otra) != 1 {
			t.Fatal("el pasajero movido no cuenta una sola vez")
		}
		e.do("POST", fmt.Sprintf("/api/sync/conflictos/%d/resolver", *r.ConflictoID), e.token("supervisor"),
			map[string]string{"nota": "Movido a la salida de las 11:30"}).expect(t, http.StatusOK, domain.MsgConflictoResuelto)
	})
}

func TestUnEmbarqueOfflineEnUnaSalidaQueNoLoAdmiteQuedaSinSalida(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		lanchaTok := e.token("lancha")
		zarpada, _ := e.salidaDe(t, 10, "09:00", "")
		cancelada, _ := e.salidaDe(t, 10, "09:30", "")
		otraSeccion, _ := e.salidaDe(t, 10, "10:00", "Tigre – Río Capitán")
		ajena := e.salidaAjena(t)
		e.exec(t, `INSERT INTO salidas (empresa_id, seccion_id, fecha, hora, programada_en, extra, estado, created_at)
			VALUES (1, ?, '2026-11-20', '12:00', ?, ?, 'programada', ?)`, e.idOf(1, domain.CatSecciones, seccionDemo), e.now, false, e.now)
		sinBarco := e.count(`SELECT id FROM salidas WHERE empresa_id = 1 AND hora = '12:00'`)
		ps := e.vendidosAntes(7)
		e.embarcarEn(lanchaTok, ps[6].CodigoQR, zarpada).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", zarpada), lanchaTok, map[string]any{"estado": "zarpo"}).expect(t, http.StatusOK, "")
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", cancelada), lanchaTok, map[string]any{"estado": "cancelada"}).expect(t, http.StatusOK, "")
		lancha := e.nuevoDispositivo("lancha")
		tras := func(porque, hora string) string { return domain.MsgEmbarqueSinLugar(porque, hora) }
		for i, c := range []struct {
			salida  int64
			mensaje string
		}{
			{zarpada, tras(domain.MotivoSalidaZarpo, "09:00")},
			{cancelada, tras(domain.MotivoSalidaCancelada, "09:30")},
			{otraSeccion, tras(domain.MotivoSalidaOtraSeccion, "10:00")},
			{sinBarco, tras(domain.MotivoSalidaSinBarco, "12:00")},
			{ajena, "La salida del embarque no existe. El pasajero embarcó sin conexión y no figura en ninguna salida: " +
				"muévalo a la salida en que viajó"},
			{999999, tras(domain.MotivoSalidaInexistente, "")},
		} {
			momento := e.now.Add(time.Duration(-30+i) * time.Minute)
			_, r := e.embarcarOffline(lancha, momento, embarqueOffline(ps[i].CodigoQR, c.salida, "ida"))
			e.sinLugar(t, r, ps[i], momento, "lancha", c.mensaje)
		}
		if e.aBordo(zarpada) != 1 || e.aBordo(cancelada) != 0 || e.aBordo(otraSeccion) != 0 || e.aBordo(sinBarco) != 0 {
			t.Fatal("un embarque sin lugar tomó un asiento")
		}
		// nothing of the other company changed
		if e.aBordo(ajena) != 0 || e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND estado = 'programada' AND estado_por IS NULL`, ajena) != 1 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_id = ?`, ajena) != 0 {
			t.Fatal("el embarque cambió la salida de otra empresa")
		}
		// the sailed departure's manifest is frozen: the passenger is not in it
		var m store.Manifiesto
		e.do("GET", fmt.Sprintf("/api/salidas/%d/manifiesto", zarpada), lanchaTok, nil).decode(t, &m)
		if !m.Congelado || len(m.Filas) != 1 || m.Filas[0].NumeroPasaje != ps[6].NumeroPasaje {
			t.Fatalf("manifiesto: %+v", m)
		}
	})
}

func TestIdaYVueltaOfflineEmbarcaCadaTramoEnSuSalida(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		general := e.idOf(1, domain.CatTiposViaje, "General")
		e.do("PUT", fmt.Sprintf("/api/config/tipos-viaje/%d", general), e.token("admin"), map[string]any{"nombre": "General",
			"ida_y_vuelta": true}).expect(t, http.StatusOK, "")
		ps := e.vendidosAntes(4)
		ida, _ := e.salidaDe(t, 10, "09:00", "")
		vuelta, _ := e.salidaDe(t, 10, "18:00", "")
		e.exec(t, `UPDATE salidas SET sentido = 'vuelta' WHERE id = ?`, vuelta)
		lancha, super := e.nuevoDispositivo("lancha"), e.nuevoDispositivo("supervisor")
		t1, t2 := e.now.Add(-40*time.Minute), e.now.Add(-20*time.Minute)
		for _, a := range []struct {
			momento time.Time
			datos   map[string]any
		}{{t1, embarqueOffline(ps[0].CodigoQR, ida, "ida")}, {t2, embarqueOffline(ps[0].CodigoQR, vuelta, "vuelta")}} {
			if _, r := e.embarcarOffline(lancha, a.momento, a.datos); r.Estado != "aplicada" || r.ConflictoID != nil {
				t.Fatalf("tramo: %+v", r)
			}
		}
		if e.aBordo(ida) != 1 || e.aBordo(vuelta) != 1 || e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado'
			AND salida_id = ? AND fecha_embarque = ? AND salida_vuelta_id = ? AND fecha_embarque_vuelta = ? AND usuario_embarque_vuelta_id = ?`,
			ps[0].ID, ida, t1, vuelta, t2, e.userID("lancha")) != 1 {
			t.Fatal("los tramos no quedaron en sus salidas")
		}
		// the return again on another phone, later: a double boarding of the return, no second seat
		_, r := e.embarcarOffline(super, t2.Add(time.Minute), embarqueOffline(ps[0].CodigoQR, vuelta, "vuelta"))
		if r.Estado != "rechazada" || !strings.HasPrefix(r.Mensaje, "Ya embarcado por ") || r.ConflictoID == nil || e.aBordo(vuelta) != 1 {
			t.Fatalf("vuelta en otro teléfono: %+v", r)
		}
		// and a second outbound on another phone: a double boarding too
		if _, r := e.embarcarOffline(super, t1.Add(time.Minute), embarqueOffline(ps[0].CodigoQR, ida, "ida")); r.Estado != "rechazada" ||
			!strings.HasPrefix(r.Mensaje, "Ya embarcado por ") || e.aBordo(ida) != 1 {
			t.Fatalf("ida en otro teléfono: %+v", r)
		}
		// a return whose outbound never boarded, and one past its last day: refused, as conflicts
		_, r = e.embarcarOffline(lancha, t2, embarqueOffline(ps[1].CodigoQR, vuelta, "vuelta"))
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgFaltaIda || r.ConflictoID == nil {
			t.Fatalf("vuelta sin ida: %+v", r)
		}
		e.embarcarOffline(lancha, t1, embarqueOffline(ps[2].CodigoQR, 0, "ida"))
		e.exec(t, `UPDATE pasajes SET vuelta_hasta = '2026-11-19' WHERE id = ?`, ps[2].ID)
		_, r = e.embarcarOffline(lancha, t2, embarqueOffline(ps[2].CodigoQR, vuelta, "vuelta"))
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgVueltaVencida("2026-11-19") || r.ConflictoID == nil {
			t.Fatalf("vuelta vencida: %+v", r)
		}
		if e.aBordo(vuelta) != 1 || e.count(`SELECT COUNT(*) FROM pasajes WHERE fecha_embarque_vuelta IS NOT NULL`) != 1 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo'`, ps[1].ID) != 1 {
			t.Fatal("una vuelta rechazada quedó escrita")
		}
		// a round trip's outbound scanned into a 'vuelta' departure boards, without that departure
		_, r = e.embarcarOffline(lancha, t1, embarqueOffline(ps[3].CodigoQR, vuelta, "ida"))
		e.sinLugar(t, r, ps[3], t1, "lancha", domain.MsgEmbarqueSinLugar(domain.MotivoSalidaOtroSentido, "18:00"))
		// a one-way ticket boards its only leg into a 'vuelta' departure
		e.do("PUT", fmt.Sprintf("/api/config/tipos-viaje/%d", general), e.token("admin"), map[string]any{"nombre": "General"}).
			expect(t, http.StatusOK, "")
		p := e.vendidosAntes(1)[0]
		if _, r := e.embarcarOffline(lancha, t2, embarqueOffline(p.CodigoQR, vuelta, "vuelta")); r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("ida simple en una salida de vuelta: %+v", r)
		}
		if e.aBordo(vuelta) != 2 || e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND salida_id = ?
			AND fecha_embarque_vuelta IS NULL`, p.ID, vuelta) != 1 {
			t.Fatal("el pasaje de ida simple no embarcó en la salida de vuelta")
		}
	})
}

func TestCincuentaEmbarquesOfflineSimultaneosNoSuperanLaCapacidad(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		salida, _ := e.salidaDe(t, 3, "10:30", "")
		ps := append(e.sobrevendidos(25), e.sobrevendidos(25)...)
		dispositivos := []*dispositivoPrueba{e.nuevoDispositivo("lancha"), e.nuevoDispositivo("supervisor"), e.nuevoDispositivo("admin")}
		acciones := make([]map[string]any, len(ps))
		for i, p := range ps {
			acciones[i] = accion(nuevoID(t), "embarque", e.now.Add(-time.Duration(i+1)*time.Second), embarqueOffline(p.CodigoQR, salida, "ida"))
		}
		resultados := parallel(len(ps), func(i int) int {
			r := e.sync(dispositivos[i%3], e.now, acciones[i])
			var out resultadoJSON
			if r.Status != http.StatusOK {
				return r.Status
			}
			r.decode(t, &out)
			switch k := out.Resultados[0]; {
			case k.Estado == "aplicada" && k.ConflictoID == nil:
				return 1
			case k.Estado == "aplicada" && strings.HasPrefix(k.Mensaje, domain.MsgEmbarcacionCompleta(3)):
				return 2
			}
			return 0
		})
		if resultados[1] != 3 || resultados[2] != 47 {
			t.Fatalf("resultados: %v", resultados)
		}
		if e.aBordo(salida) != 3 || e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_id = ?`, salida) != 3 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`) != 50 ||
			e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE tipo = ?`, domain.ConflictoEmbarqueSinLugar) != 47 {
			t.Fatalf("a bordo %d", e.aBordo(salida))
		}
	})
}

func TestUnEmbarqueOfflineConSalidaOTramoInvalidosRechazaElLote(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		d := e.nuevoDispositivo("lancha")
		for _, c := range []struct {
			datos map[string]any
			msg   string
		}{
			{map[string]any{"codigo": "X", "salida_id": 0}, domain.MsgSyncSalidaEmbarque},
			{map[string]any{"codigo": "X", "salida_id": -4}, domain.MsgSyncSalidaEmbarque},
			{map[string]any{"codigo": "X", "tramo": "otro"}, domain.MsgSyncTramo},
			{map[string]any{"codigo": "X", "tramo": "IDA"}, domain.MsgSyncTramo},
			{map[string]any{"codigo": "X", "tramo": "ida y vuelta"}, "El campo tramo no debe exceder 6 caracteres"},
			{map[string]any{"codigo": "X", "salida_id": "3"}, "El campo salida_id tiene un valor inválido"},
		} {
			e.sync(d, e.now, accion(nuevoID(t), "embarque", e.now, c.datos)).expect(t, http.StatusBadRequest, c.msg)
		}
		if n := e.count(`SELECT COUNT(*) FROM acciones_offline`); n != 0 {
			t.Fatalf("%d acciones de lotes inválidos", n)
		}
	})
}
