package api

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// Boarding into a departure (docs/features/salidas.md, "Embarque en una salida").

// salidaDe opens an extra departure today at hora, of the demo section (or
// seccion when given), on a new boat of that capacity; it answers the
// departure's and the boat's ids.
func (e *env) salidaDe(t *testing.T, capacidad int64, hora, seccion string) (salidaID, barcoID int64) {
	t.Helper()
	ctx := context.Background()
	a := store.Actor{EmpresaID: 1, UsuarioID: e.userID("admin")}
	b := e.barco(t, capacidad, "CAP-"+hora)
	if seccion == "" {
		seccion = seccionDemo
	}
	x, err := e.st.CrearSalidaExtra(ctx, a, store.NuevaSalida{SeccionID: e.idOf(1, domain.CatSecciones, seccion),
		EmbarcacionID: b, Fecha: "2026-11-20", Hora: hora})
	if err != nil {
		t.Fatal(err)
	}
	return x.ID, b
}

// barco creates a boat of company 1 with that capacity.
func (e *env) barco(t *testing.T, capacidad int64, matricula string) int64 {
	t.Helper()
	b, err := e.st.CrearEmbarcacion(context.Background(), store.Actor{EmpresaID: 1, UsuarioID: e.userID("admin")},
		domain.Embarcacion{Nombre: "Lancha " + matricula, Matricula: matricula, Capacidad: capacidad,
			VencimientoCertificado: "2030-01-01", Activo: true})
	if err != nil {
		t.Fatal(err)
	}
	return b.ID
}

// embarcarEn scans a code into a departure.
func (e *env) embarcarEn(token, codigo string, salidaID int64) response {
	e.t.Helper()
	return e.do("POST", "/api/pasajes/validar-qr", token, map[string]any{"codigo_qr": codigo, "salida_id": salidaID})
}

// sobrevendidos sells n tickets as vendidos does, past the day's seats with a
// supervisor's confirmation.
func (e *env) sobrevendidos(n int) []pasajeJSON {
	e.t.Helper()
	tok := e.token("vendedor")
	if r := e.abrir(tok, 0); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		e.t.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	supervisor := map[string]string{"nombre_usuario": "supervisor", "password": demo.Password}
	r := e.sell(tok, conSobreventa(e.lote(map[string]int{"General": n}, "Efectivo"), supervisor), "")
	r.expect(e.t, http.StatusCreated, "")
	var d struct{ Pasajes []pasajeJSON }
	r.decode(e.t, &d)
	return d.Pasajes
}

func (e *env) aBordo(salidaID int64) int64 {
	return e.count(`SELECT a_bordo FROM salidas WHERE id = ?`, salidaID)
}

func TestElUltimoAsientoEsDeUnSoloEscaneo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		salida, _ := e.salidaDe(t, 3, "10:30", "")
		// 52 tickets for a 3-seat day: an oversale a supervisor confirms
		ps := append(e.sobrevendidos(26), e.sobrevendidos(26)...)
		lancha := e.token("lancha")
		for _, p := range ps[:2] {
			e.embarcarEn(lancha, p.CodigoQR, salida).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		}
		if e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND estado = ? AND estado_por = ?`, salida,
			domain.SalidaEmbarcando, e.userID("lancha")) != 1 {
			t.Fatal("el primer embarque no pasó la salida a embarcando")
		}
		// 50 crew phones scan 50 different tickets at once for the last seat
		resto := ps[2:]
		tokens := []string{lancha, e.token("supervisor"), e.token("admin")}
		statuses := parallel(50, func(i int) int {
			r := e.embarcarEn(tokens[i%3], resto[i].CodigoQR, salida)
			if r.Status == http.StatusConflict && r.Message == "Embarcación completa: capacidad habilitada 3 pasajeros" {
				return 1 // the full boat's refusal, with its exact words
			}
			return r.Status
		})
		if statuses[http.StatusOK] != 1 || statuses[1] != 49 {
			t.Fatalf("resultados: %v", statuses)
		}
		if e.aBordo(salida) != 3 || e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_id = ? AND estado = 'usado'`, salida) != 3 {
			t.Fatalf("a bordo %d, pasajes en la salida %d", e.aBordo(salida),
				e.count(`SELECT COUNT(*) FROM pasajes WHERE salida_id = ?`, salida))
		}
		// a refused scan rolled the whole boarding back: the ticket is still pending, with no departure
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`) != 3 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionValidacionEmbarque) != 3 {
			t.Fatal("un embarque rechazado por la capacidad quedó escrito")
		}
		// without a departure the ticket boards as before
		e.validarQR(lancha, e.sobrevendidos(1)[0].CodigoQR).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
	})
}

func TestLaSalidaDelEmbarqueSeCompruebaEnElServidor(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		salida, _ := e.salidaDe(t, 10, "11:00", "")
		otraSeccion, _ := e.salidaDe(t, 10, "11:15", "Tigre – Río Capitán")
		ps := e.vendidos(4)
		lancha := e.token("lancha")
		// another company's departure is not found, and nothing boards
		e.embarcarEn(e.token("lancha2"), ps[0].CodigoQR, salida).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		otra := e.salidaAjena(t)
		e.embarcarEn(lancha, ps[0].CodigoQR, otra).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.embarcarEn(lancha, ps[0].CodigoQR, otraSeccion).expect(t, http.StatusConflict,
			"El pasaje es de la sección Tigre – Tres Bocas y la salida, de Tigre – Río Capitán: elija una salida de su sección")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`) != 0 || e.aBordo(otraSeccion) != 0 || e.aBordo(otra) != 0 {
			t.Fatal("un embarque rechazado quedó escrito")
		}
		// a departure that sailed, was cancelled or has no boat does not board
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", otraSeccion), lancha, map[string]any{"estado": "cancelada"}).
			expect(t, http.StatusOK, "")
		e.embarcarEn(lancha, ps[0].CodigoQR, otraSeccion).expect(t, http.StatusConflict,
			"La salida de las 11:15 fue cancelada: elija otra salida")
		e.embarcarEn(lancha, ps[0].CodigoQR, salida).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", salida), lancha, map[string]any{"estado": "zarpo", "confirmar_anticipado": true}).
			expect(t, http.StatusOK, "") // an hour early: confirmed
		e.embarcarEn(lancha, ps[1].CodigoQR, salida).expect(t, http.StatusConflict, "La salida de las 11:00 ya zarpó: elija otra salida")
		if _, err := e.st.DB().Exec(e.st.Rebind(`INSERT INTO salidas (empresa_id, seccion_id, fecha, hora,
			programada_en, extra, estado, created_at) VALUES (1, ?, '2026-11-20', '12:00', ?, ?, 'programada', ?)`),
			e.idOf(1, domain.CatSecciones, seccionDemo), e.now, false, e.now); err != nil {
			t.Fatal(err)
		}
		sinBarco := e.count(`SELECT id FROM salidas WHERE empresa_id = 1 AND hora = '12:00'`)
		e.embarcarEn(lancha, ps[1].CodigoQR, sinBarco).expect(t, http.StatusConflict, domain.MsgSalidaSinEmbarcacionAsignada)
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`) != 1 {
			t.Fatal("embarcó en una salida cerrada o sin embarcación")
		}
	})
}

func TestDeshacerYMoverLiberanElAsiento(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		diez, _ := e.salidaDe(t, 2, "10:00", "")
		once, _ := e.salidaDe(t, 1, "11:30", "")
		ps := e.vendidos(3)
		lancha := e.token("lancha")
		e.embarcarEn(lancha, ps[0].CodigoQR, diez).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		e.embarcarEn(lancha, ps[1].CodigoQR, diez).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		e.embarcarEn(lancha, ps[2].CodigoQR, diez).expect(t, http.StatusConflict, domain.MsgEmbarcacionCompleta(2))
		// the undo frees the seat, and the ticket leaves the departure
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/deshacer-embarque", ps[1].ID), lancha, nil).
			expect(t, http.StatusOK, domain.MsgEmbarqueDeshecho)
		if e.aBordo(diez) != 1 || e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND salida_id IS NULL AND estado = 'activo'`, ps[1].ID) != 1 {
			t.Fatal("deshacer no liberó el asiento")
		}
		e.embarcarEn(lancha, ps[2].CodigoQR, diez).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)

		// a moved ticket counts once: the old departure one less, the new one more
		mover := func(token string, p pasajeJSON, salida int64) response {
			return e.do("POST", fmt.Sprintf("/api/pasajes/%d/mover-salida", p.ID), token, map[string]any{"salida_id": salida})
		}
		r := mover(e.token("supervisor"), ps[0], once)
		r.expect(t, http.StatusOK, "Pasajero movido a la salida de las 11:30")
		var m MovimientoSalida
		r.decode(t, &m)
		if m.Desde == nil || m.Desde.Embarcados != 1 || m.Hasta.Embarcados != 1 || m.NumeroPasaje != ps[0].NumeroPasaje {
			t.Fatalf("movimiento: %+v", m)
		}
		if e.aBordo(diez) != 1 || e.aBordo(once) != 1 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND salida_id = ? AND estado = 'usado'`, ps[0].ID, once) != 1 {
			t.Fatal("el pasaje movido no cuenta una sola vez")
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionMoverSalida) != 1 {
			t.Fatal("el movimiento no se auditó")
		}
		// the new departure's capacity holds: the 11:30 is full
		mover(lancha, ps[2], once).expect(t, http.StatusConflict, domain.MsgEmbarcacionCompleta(1))
		mover(lancha, ps[0], once).expect(t, http.StatusConflict, domain.MsgMismaSalida)
		mover(e.token("vendedor"), ps[0], diez).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		mover(e.token("lancha2"), ps[0], diez).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		if e.aBordo(diez) != 1 || e.aBordo(once) != 1 {
			t.Fatal("un movimiento rechazado cambió los asientos")
		}
		// a sailed departure's list no longer changes
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", diez), lancha, map[string]any{"estado": "zarpo"}).expect(t, http.StatusOK, "")
		mover(lancha, ps[2], once).expect(t, http.StatusConflict, "La salida de las 10:00 ya zarpó: su lista de pasajeros no cambia")
	})
}

func TestUnPasajeEmbarcadoSinSalidaSeMueveAUna(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		diez, _ := e.salidaDe(t, 1, "10:00", "")
		ps := e.sobrevendidos(2)
		lancha := e.token("lancha")
		for _, p := range ps {
			e.do("POST", "/api/pasajes/validar-qr", lancha, map[string]any{"codigo_qr": p.CodigoQR}).
				expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		}
		mover := func(p pasajeJSON) response {
			return e.do("POST", fmt.Sprintf("/api/pasajes/%d/mover-salida", p.ID), e.token("supervisor"), map[string]any{"salida_id": diez})
		}
		r := mover(ps[0])
		r.expect(t, http.StatusOK, "Pasajero movido a la salida de las 10:00")
		var m MovimientoSalida
		r.decode(t, &m)
		if m.Desde != nil || m.Hasta.Embarcados != 1 || e.aBordo(diez) != 1 ||
			e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND salida_id = ? AND estado = 'usado'`, ps[0].ID, diez) != 1 {
			t.Fatalf("movimiento sin salida: %+v", m)
		}
		// the capacity rule holds for it too
		mover(ps[1]).expect(t, http.StatusConflict, domain.MsgEmbarcacionCompleta(1))
		if e.aBordo(diez) != 1 || e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND salida_id IS NULL`, ps[1].ID) != 1 {
			t.Fatal("un movimiento rechazado cambió la salida")
		}
	})
}

func TestUnaEmbarcacionMasChicaNoZarpaConExcedente(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		salida, _ := e.salidaDe(t, 4, "15:00", "")
		chica := e.barco(t, 2, "CHI-1")
		otra, _ := e.salidaDe(t, 10, "15:30", "")
		ps := e.vendidos(4)
		lancha, supervisor := e.token("lancha"), e.token("supervisor")
		for _, p := range ps {
			e.embarcarEn(lancha, p.CodigoQR, salida).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
			e.now = e.now.Add(60e9)
		}
		path := fmt.Sprintf("/api/salidas/%d", salida)
		e.do("PUT", path+"/embarcacion", supervisor, map[string]any{"embarcacion_id": chica}).
			expect(t, http.StatusOK, domain.MsgSalidaEmbarcacion)
		var d SalidaDetalle
		e.do("GET", path, lancha, nil).decode(t, &d)
		if d.Embarcados != 4 || d.Capacidad != 2 || d.Excedente != 2 || len(d.Excedentes) != 2 ||
			d.Excedentes[0].NumeroPasaje != ps[3].NumeroPasaje || d.Excedentes[1].NumeroPasaje != ps[2].NumeroPasaje {
			t.Fatalf("detalle: %+v", d)
		}
		e.do("PUT", path+"/estado", lancha, map[string]any{"estado": "zarpo"}).expect(t, http.StatusConflict,
			"Hay 2 pasajeros por encima de la capacidad habilitada: muévalos a otra salida antes de zarpar")
		// the list says it too, and another company never sees the departure
		var hoy []Salida
		e.do("GET", "/api/salidas", lancha, nil).decode(t, &hoy)
		if len(hoy) != 2 || hoy[0].Excedente != 2 || hoy[0].Embarcados != 4 {
			t.Fatalf("lista: %+v", hoy)
		}
		e.do("GET", path, e.token("lancha2"), nil).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		// once the last two are moved, it sails
		for _, p := range d.Excedentes {
			e.do("POST", fmt.Sprintf("/api/pasajes/%d/mover-salida", p.PasajeID), lancha, map[string]any{"salida_id": otra}).
				expect(t, http.StatusOK, "")
		}
		e.do("GET", path, lancha, nil).decode(t, &d)
		if d.Excedente != 0 || len(d.Excedentes) != 0 || e.aBordo(otra) != 2 {
			t.Fatalf("tras mover: %+v", d)
		}
		e.do("PUT", path+"/estado", lancha, map[string]any{"estado": "zarpo", "confirmar_anticipado": true}).
			expect(t, http.StatusOK, "Salida zarpó") // hours before its time: confirmed
	})
}

func TestIdaYVueltaEmbarcaUnaVezCadaSentido(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, lancha := e.token("admin"), e.token("lancha")
		general := e.idOf(1, domain.CatTiposViaje, "General")
		e.do("PUT", fmt.Sprintf("/api/config/tipos-viaje/%d", general), admin, map[string]any{"nombre": "General",
			"ida_y_vuelta": true}).expect(t, http.StatusOK, "")
		ps := e.vendidos(2)
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE ida_y_vuelta = ? AND vuelta_hasta IS NULL`, true) != 2 {
			t.Fatal("la venta no copió ida y vuelta al pasaje")
		}
		// without departures: the first scan is the outbound leg, the second the return, a third is refused
		r := e.validarQR(lancha, ps[0].CodigoQR)
		r.expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		var emb Embarque
		r.decode(t, &emb)
		if !emb.IdaYVuelta || emb.Tramo != "ida" {
			t.Fatalf("ida: %+v", emb)
		}
		r = e.validarQR(lancha, ps[0].CodigoQR)
		r.expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		r.decode(t, &emb)
		if emb.Tramo != "vuelta" {
			t.Fatalf("vuelta: %+v", emb)
		}
		e.validarQR(lancha, ps[0].CodigoQR).expect(t, http.StatusConflict, domain.MsgPasajeYaEmbarcado)
		// the crew's list (what the offline validator keeps) says which tickets are round trips and whose return boarded
		var lista ListaPasajeros
		e.do("GET", "/api/pasajes/por-fecha", lancha, nil).decode(t, &lista)
		vueltas := map[string]bool{}
		for _, p := range lista.Pasajes {
			if p.IdaYVuelta && p.VueltaHasta == nil {
				vueltas[p.NumeroPasaje] = p.FechaEmbarqueVuelta != nil
			}
		}
		if len(vueltas) != 2 || !vueltas[ps[0].NumeroPasaje] || vueltas[ps[1].NumeroPasaje] {
			t.Fatalf("ida y vuelta en la lista de pasajeros: %v", vueltas)
		}
		// into departures: the outbound into an ida one, a second outbound refused, the return into a vuelta one
		ida, _ := e.salidaDe(t, 10, "09:00", "")
		vuelta, _ := e.salidaDe(t, 10, "18:00", "")
		e.exec(t, `UPDATE salidas SET sentido = 'vuelta' WHERE id = ?`, vuelta)
		e.embarcarEn(lancha, ps[1].CodigoQR, vuelta).expect(t, http.StatusConflict, domain.MsgFaltaIda)
		e.embarcarEn(lancha, ps[1].CodigoQR, ida).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		e.embarcarEn(lancha, ps[1].CodigoQR, ida).expect(t, http.StatusConflict, domain.MsgPasajeYaEmbarcado)
		e.embarcarEn(lancha, ps[1].CodigoQR, vuelta).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		if e.aBordo(ida) != 1 || e.aBordo(vuelta) != 1 || e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND salida_id = ?
			AND salida_vuelta_id = ? AND fecha_embarque_vuelta IS NOT NULL`, ps[1].ID, ida, vuelta) != 1 {
			t.Fatal("los tramos no quedaron en sus salidas")
		}
		// a one-way ticket is refused a second time as before
		e.do("PUT", fmt.Sprintf("/api/config/tipos-viaje/%d", general), admin, map[string]any{"nombre": "General"}).
			expect(t, http.StatusOK, "")
		p := e.vendidos(1)[0]
		e.validarQR(lancha, p.CodigoQR).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
		e.validarQR(lancha, p.CodigoQR).expect(t, http.StatusConflict, domain.MsgPasajeYaEmbarcado)
	})
}

func (e *env) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	if _, err := e.st.DB().Exec(e.st.Rebind(q), args...); err != nil {
		t.Fatal(err)
	}
}
