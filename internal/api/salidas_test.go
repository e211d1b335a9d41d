package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// The clock of these tests: 2026-11-20 13:00 UTC, Friday 10:00 in Buenos Aires.

// salidasDe1 are a boat, a timetable row and a departure of company 1, made
// once per database (the route walk may run more than once).
func salidasDe1(t testing.TB, e *env) (embarcacion, horario, salida string) {
	t.Helper()
	ctx := context.Background()
	a := store.Actor{EmpresaID: 1, UsuarioID: e.userID("admin")}
	b := e.count(`SELECT COALESCE(MAX(id), 0) FROM embarcaciones WHERE empresa_id = 1 AND matricula = 'REC-001'`)
	if b == 0 {
		out, err := e.st.CrearEmbarcacion(ctx, a, domain.Embarcacion{Nombre: "Recorrido", Matricula: "REC-001",
			Capacidad: 40, VencimientoCertificado: "2030-01-01", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		b = out.ID
	}
	seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
	h := e.count(`SELECT COALESCE(MAX(id), 0) FROM horarios WHERE empresa_id = 1 AND hora = '23:45'`)
	if h == 0 {
		out, err := e.st.CrearHorario(ctx, a, domain.Horario{SeccionID: seccion, Hora: "23:45", Dias: []int{1, 2, 3, 4, 5, 6, 7},
			EmbarcacionID: &b, Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		h = out.ID
	}
	x := e.count(`SELECT COALESCE(MAX(id), 0) FROM salidas WHERE empresa_id = 1 AND hora = '23:50'`)
	if x == 0 {
		out, err := e.st.CrearSalidaExtra(ctx, a, store.NuevaSalida{SeccionID: seccion, EmbarcacionID: b,
			Fecha: "2026-11-20", Hora: "23:50"})
		if err != nil {
			t.Fatal(err)
		}
		x = out.ID
	}
	f := func(id int64) string { return strconv.FormatInt(id, 10) }
	return f(b), f(h), f(x)
}

func TestEmbarcacionesCRUD(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		auditadas := func() int64 {
			return e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionCreacionEmbarcacion)
		}
		demo := auditadas() // the demo's boats
		cuerpo := map[string]any{"nombre": "  Marina del Delta ", "matricula": " rec-1234 ", "capacidad": 60,
			"asientos": 50, "de_pie": 10, "vencimiento_certificado": "2027-03-31"}
		r := e.doWith("POST", "/api/config/embarcaciones", admin, cuerpo, map[string]string{"Idempotency-Key": "barco-1"})
		r.expect(t, http.StatusCreated, domain.MsgEmbarcacionCreada)
		var b domain.Embarcacion
		r.decode(t, &b)
		if b.Nombre != "Marina del Delta" || b.Matricula != "REC-1234" || b.Capacidad != 60 || *b.Asientos != 50 ||
			*b.DePie != 10 || b.VencimientoCertificado != "2027-03-31" || !b.Activo {
			t.Fatalf("creada: %+v", b)
		}
		// the retry with the same key answers the same boat and writes nothing
		var otra domain.Embarcacion
		r = e.doWith("POST", "/api/config/embarcaciones", admin, cuerpo, map[string]string{"Idempotency-Key": "barco-1"})
		r.expect(t, http.StatusCreated, domain.MsgEmbarcacionCreada)
		r.decode(t, &otra)
		if otra.ID != b.ID || e.count(`SELECT COUNT(*) FROM embarcaciones WHERE matricula = 'REC-1234'`) != 1 {
			t.Fatal("el reintento creó otra embarcación")
		}
		if auditadas() != demo+1 {
			t.Fatal("la creación no se auditó una vez")
		}
		e.do("POST", "/api/config/embarcaciones", admin, cuerpo).expect(t, http.StatusConflict, domain.MsgEmbarcacionDuplicada)
		// the same registration is free in another company
		e.do("POST", "/api/config/embarcaciones", e.token("admin2"), cuerpo).expect(t, http.StatusCreated, domain.MsgEmbarcacionCreada)

		malos := []struct {
			cambio map[string]any
			msg    string
		}{
			{map[string]any{"capacidad": 0}, domain.MsgEmbarcacionCapacidad},
			{map[string]any{"capacidad": 1001, "asientos": nil, "de_pie": nil}, domain.MsgEmbarcacionCapacidad},
			{map[string]any{"asientos": 40}, domain.MsgEmbarcacionDistribucion},
			{map[string]any{"de_pie": nil}, domain.MsgEmbarcacionDistribucion},
			{map[string]any{"nombre": "  "}, domain.MsgEmbarcacionNombre},
			{map[string]any{"matricula": ""}, domain.MsgEmbarcacionMatricula},
			{map[string]any{"vencimiento_certificado": "31/03/2027"}, domain.MsgEmbarcacionVencimiento},
		}
		antes := e.count(`SELECT COUNT(*) FROM embarcaciones`)
		for _, m := range malos {
			c := map[string]any{"nombre": "Otra", "matricula": "OTRA-1", "capacidad": 60, "asientos": 50, "de_pie": 10,
				"vencimiento_certificado": "2027-03-31"}
			for k, v := range m.cambio {
				if v == nil {
					delete(c, k)
				} else {
					c[k] = v
				}
			}
			e.do("POST", "/api/config/embarcaciones", admin, c).expect(t, http.StatusBadRequest, m.msg)
		}
		e.do("POST", "/api/config/embarcaciones", admin, map[string]any{"nombre": "X", "matricula": "X", "capacidad": 5,
			"vencimiento_certificado": "2027-01-01", "color": "rojo"}).expect(t, http.StatusBadRequest, "")
		if e.count(`SELECT COUNT(*) FROM embarcaciones`) != antes {
			t.Fatal("un cuerpo rechazado escribió")
		}

		path := fmt.Sprintf("/api/config/embarcaciones/%d", b.ID)
		e.do("PUT", path, admin, map[string]any{"nombre": "Marina II", "matricula": "REC-1234", "capacidad": 45,
			"vencimiento_certificado": "2027-04-30"}).expect(t, http.StatusOK, domain.MsgEmbarcacionActualizada)
		if e.count(`SELECT COUNT(*) FROM embarcaciones WHERE id = ? AND nombre = 'Marina II' AND capacidad = 45
			AND asientos IS NULL AND vencimiento_certificado = '2027-04-30'`, b.ID) != 1 {
			t.Fatal("la actualización no se guardó")
		}
		// company 2 never reaches company 1's boat, nor sees it
		e.do("PUT", path, e.token("admin2"), map[string]any{"nombre": "Robada", "matricula": "R", "capacidad": 5,
			"vencimiento_certificado": "2027-01-01"}).expect(t, http.StatusNotFound, domain.MsgEmbarcacionNoEncontrada)
		e.do("PUT", path+"/activo", e.token("admin2"), map[string]any{"activo": false}).
			expect(t, http.StatusNotFound, domain.MsgEmbarcacionNoEncontrada)
		var de2 []domain.Embarcacion
		e.do("GET", "/api/config/embarcaciones", e.token("admin2"), nil).decode(t, &de2)
		for _, x := range de2 {
			if x.ID == b.ID {
				t.Fatal("la empresa 2 ve una embarcación de la empresa 1")
			}
		}

		e.do("PUT", path+"/activo", admin, map[string]any{"activo": false}).expect(t, http.StatusOK, domain.MsgEmbarcacionDesactivada)
		if e.count(`SELECT COUNT(*) FROM embarcaciones WHERE id = ? AND activo = ?`, b.ID, false) != 1 {
			t.Fatal("no se desactivó")
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionActualizacionEmbarcacion) != 2 {
			t.Fatal("la actualización y la desactivación no se auditaron")
		}
		// the crew and supervisors read the boats; only configuracion.editar writes them; a seller neither
		e.do("GET", "/api/config/embarcaciones", e.token("lancha"), nil).expect(t, http.StatusOK, "")
		e.do("GET", "/api/config/embarcaciones", e.token("supervisor"), nil).expect(t, http.StatusOK, "")
		e.do("GET", "/api/config/embarcaciones", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", "/api/config/embarcaciones", e.token("supervisor"), cuerpo).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

// nuevaEmbarcacion creates a boat of the admin's company through the API.
func (e *env) nuevaEmbarcacion(t *testing.T, token, matricula, vence string) int64 {
	t.Helper()
	r := e.do("POST", "/api/config/embarcaciones", token, map[string]any{"nombre": "Lancha " + matricula,
		"matricula": matricula, "capacidad": 60, "vencimiento_certificado": vence})
	r.expect(t, http.StatusCreated, domain.MsgEmbarcacionCreada)
	var b domain.Embarcacion
	r.decode(t, &b)
	return b.ID
}

func TestHorariosGeneranSalidasUnaVez(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, supervisor := e.token("admin"), e.token("supervisor")
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		barco := e.nuevaEmbarcacion(t, admin, "GEN-1", "2027-01-01")
		r := e.do("POST", "/api/horarios", supervisor, map[string]any{"seccion_id": seccion, "hora": "10:30",
			"dias": []int{1, 2, 3, 4, 5, 6, 7}, "embarcacion_id": barco})
		r.expect(t, http.StatusCreated, domain.MsgHorarioCreado)
		var h domain.Horario
		r.decode(t, &h)
		if len(h.Dias) != 7 || h.Hora != "10:30" || *h.EmbarcacionID != barco {
			t.Fatalf("horario: %+v", h)
		}
		// 08:00 on weekdays only: today's (Friday) has passed and is not generated
		e.do("POST", "/api/horarios", supervisor, map[string]any{"seccion_id": seccion, "hora": "08:00",
			"dias": []int{1, 2, 3, 4, 5}}).expect(t, http.StatusCreated, domain.MsgHorarioCreado)
		e.do("POST", "/api/horarios", supervisor, map[string]any{"seccion_id": seccion, "hora": "10:30",
			"dias": []int{1}}).expect(t, http.StatusConflict, domain.MsgHorarioDuplicado)
		for _, m := range []struct {
			cuerpo map[string]any
			msg    string
		}{
			{map[string]any{"seccion_id": seccion, "hora": "25:00", "dias": []int{1}}, domain.MsgHorarioHora},
			{map[string]any{"seccion_id": seccion, "hora": "9:30", "dias": []int{1}}, domain.MsgHorarioHora},
			{map[string]any{"seccion_id": seccion, "hora": "09:30", "dias": []int{}}, domain.MsgHorarioDias},
			{map[string]any{"seccion_id": seccion, "hora": "09:30", "dias": []int{8}}, domain.MsgHorarioDias},
		} {
			e.do("POST", "/api/horarios", supervisor, m.cuerpo).expect(t, http.StatusBadRequest, m.msg)
		}
		// another company's section is a 404; a seller and the crew do not edit timetables
		e.do("POST", "/api/horarios", e.token("admin2"), map[string]any{"seccion_id": seccion, "hora": "09:30",
			"dias": []int{1}}).expect(t, http.StatusNotFound, domain.CatSecciones.Mensajes.NoEncontrado)
		e.do("POST", "/api/horarios", e.token("lancha"), map[string]any{"seccion_id": seccion, "hora": "09:30",
			"dias": []int{1}}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", "/api/salidas/generar", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)

		// 7 days of 10:30 (today's included) and the 4 coming weekdays of 08:00
		var g store.Generacion
		r = e.do("POST", "/api/salidas/generar", supervisor, nil)
		r.expect(t, http.StatusOK, "Se generaron 11 salidas")
		r.decode(t, &g)
		e.do("POST", "/api/salidas/generar", supervisor, nil).expect(t, http.StatusOK, "No había salidas nuevas que generar")
		if n, err := e.st.GenerarSalidas(context.Background(), 1); err != nil || n != 0 {
			t.Fatalf("el trabajo generó %d de nuevo (%v)", n, err)
		}
		if g.Creadas != 11 || e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1`) != 11 {
			t.Fatalf("generadas %d, en la base %d", g.Creadas, e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1`))
		}
		if e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1 AND fecha = '2026-11-20' AND hora = '08:00'`) != 0 ||
			e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1 AND fecha = '2026-11-21' AND hora = '08:00'`) != 0 {
			t.Fatal("generó una salida pasada o de un día que el horario no tiene")
		}

		var hoy []store.Salida
		e.do("GET", "/api/salidas?fecha=2026-11-20", e.token("lancha"), nil).decode(t, &hoy)
		if len(hoy) != 1 || hoy[0].Hora != "10:30" || hoy[0].Capacidad != 60 || hoy[0].Embarcados != 0 ||
			hoy[0].Estado != domain.SalidaProgramada || *hoy[0].Embarcacion != "Lancha GEN-1" {
			t.Fatalf("salidas de hoy: %+v", hoy)
		}
		var lunes []store.Salida
		e.do("GET", fmt.Sprintf("/api/salidas?fecha=2026-11-23&seccion_id=%d", seccion), supervisor, nil).decode(t, &lunes)
		if len(lunes) != 2 || lunes[0].Hora != "08:00" || lunes[0].EmbarcacionID != nil || lunes[0].Capacidad != 0 {
			t.Fatalf("salidas del lunes: %+v", lunes)
		}
		// company 2 sees none of them (only the demo's own), nor reaches one
		var de2 []store.Salida
		e.do("GET", "/api/salidas?fecha=2026-11-20", e.token("admin2"), nil).decode(t, &de2)
		for _, x := range de2 {
			if x.ID == hoy[0].ID || x.Embarcacion == nil || *x.Embarcacion == "Lancha GEN-1" {
				t.Fatalf("la empresa 2 ve una salida de la empresa 1: %+v", x)
			}
		}
		id := hoy[0].ID
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", id), e.token("lancha2"), map[string]any{"estado": "embarcando"}).
			expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.do("PUT", fmt.Sprintf("/api/horarios/%d", h.ID), e.token("admin2"), map[string]any{"seccion_id": seccion,
			"hora": "11:00", "dias": []int{1}}).expect(t, http.StatusNotFound, domain.MsgHorarioNoEncontrado)

		// the timetable's edit and deletion: its coming programada departures go with it
		e.do("PUT", fmt.Sprintf("/api/horarios/%d", h.ID), supervisor, map[string]any{"seccion_id": seccion,
			"hora": "10:45", "dias": []int{6, 7}, "embarcacion_id": barco}).expect(t, http.StatusOK, domain.MsgHorarioActualizado)
		var ochoID int64
		for _, x := range lunes {
			if x.Hora == "08:00" {
				ochoID = *x.HorarioID
			}
		}
		e.do("DELETE", fmt.Sprintf("/api/horarios/%d", ochoID), supervisor, nil).expect(t, http.StatusOK, domain.MsgHorarioEliminado)
		if e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1 AND hora = '08:00'`) != 0 ||
			e.count(`SELECT COUNT(*) FROM horarios WHERE id = ?`, ochoID) != 0 {
			t.Fatal("eliminar el horario dejó sus salidas programadas")
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE empresa_id = 1 AND accion IN (?, ?, ?, ?)`, store.AccionCreacionHorario,
			store.AccionActualizacionHorario, store.AccionEliminacionHorario, store.AccionGeneracionSalidas) != 6 {
			t.Fatal("los cambios de horarios y la generación no se auditaron")
		}
	})
}

func TestGeneracionConcurrenteCreaCadaSalidaUnaVez(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		barco := e.nuevaEmbarcacion(t, admin, "CON-1", "2027-01-01")
		for _, hora := range []string{"11:00", "14:00", "17:30"} {
			e.do("POST", "/api/horarios", admin, map[string]any{"seccion_id": seccion, "hora": hora,
				"dias": []int{1, 2, 3, 4, 5, 6, 7}, "embarcacion_id": barco}).expect(t, http.StatusCreated, "")
		}
		var (
			wg    sync.WaitGroup
			mu    sync.Mutex
			total int
			errs  []error
		)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := e.st.GenerarSalidas(context.Background(), 1)
				mu.Lock()
				defer mu.Unlock()
				total += n
				if err != nil {
					errs = append(errs, err)
				}
			}()
		}
		wg.Wait()
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if total != 21 || e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1`) != 21 {
			t.Fatalf("8 generaciones a la vez crearon %d (en la base %d); esperaba 21", total,
				e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1`))
		}
	})
}

func TestEstadosDeSalida(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, lancha := e.token("admin"), e.token("lancha")
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		barco := e.nuevaEmbarcacion(t, admin, "EST-1", "2027-01-01")
		r := e.doWith("POST", "/api/salidas", lancha, map[string]any{"seccion_id": seccion, "embarcacion_id": barco,
			"fecha": "2026-11-20", "hora": "12:15"}, map[string]string{"Idempotency-Key": "extra-1"})
		r.expect(t, http.StatusCreated, domain.MsgSalidaCreada)
		var x store.Salida
		r.decode(t, &x)
		if !x.Extra || x.Estado != domain.SalidaProgramada || x.Capacidad != 60 {
			t.Fatalf("salida extra: %+v", x)
		}
		e.doWith("POST", "/api/salidas", lancha, map[string]any{"seccion_id": seccion, "embarcacion_id": barco,
			"fecha": "2026-11-20", "hora": "12:15"}, map[string]string{"Idempotency-Key": "extra-1"}).
			expect(t, http.StatusCreated, domain.MsgSalidaCreada)
		e.do("POST", "/api/salidas", lancha, map[string]any{"seccion_id": seccion, "embarcacion_id": barco,
			"fecha": "2026-11-20", "hora": "12:15"}).expect(t, http.StatusConflict, domain.MsgSalidaDuplicada)
		e.do("POST", "/api/salidas", lancha, map[string]any{"seccion_id": seccion, "embarcacion_id": barco,
			"fecha": "2026-11-19", "hora": "12:15"}).expect(t, http.StatusBadRequest, domain.MsgSalidaPasada)
		e.do("POST", "/api/salidas", e.token("vendedor"), map[string]any{"seccion_id": seccion, "embarcacion_id": barco,
			"fecha": "2026-11-20", "hora": "12:30"}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1`) != 1 {
			t.Fatal("se crearon salidas de más")
		}

		path := fmt.Sprintf("/api/salidas/%d/estado", x.ID)
		e.do("PUT", path, e.token("vendedor"), map[string]any{"estado": "embarcando"}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", path, lancha, map[string]any{"estado": "zarpo"}).
			expect(t, http.StatusConflict, "Una salida programada no puede pasar a zarpó")
		e.do("PUT", path, lancha, map[string]any{"estado": "volando"}).expect(t, http.StatusBadRequest, domain.MsgSalidaEstadoInvalido)
		r = e.do("PUT", path, lancha, map[string]any{"estado": "embarcando"})
		r.expect(t, http.StatusOK, "Salida embarcando")
		r.decode(t, &x)
		if x.Estado != domain.SalidaEmbarcando || x.EstadoPor == nil || *x.EstadoPor != "Ramón Acosta" || x.EstadoEn == nil {
			t.Fatalf("embarcando: %+v", x)
		}
		// 10:00, the departure is at 12:15: sailing it asks first and changes nothing
		r = e.do("PUT", path, e.token("supervisor"), map[string]any{"estado": "zarpo"})
		r.expect(t, http.StatusConflict, "La salida de las 12:15 está programada para dentro de 2 h 15 min. ¿Zarpar igual?")
		var pregunta domain.ZarpeAnticipado
		r.decode(t, &pregunta)
		if pregunta.Hora != "12:15" || pregunta.Minutos != 135 {
			t.Fatalf("datos del zarpe anticipado: %+v", pregunta)
		}
		e.do("PUT", path, e.token("supervisor"), map[string]any{"estado": "zarpo", "confirmar_anticipado": false}).
			expect(t, http.StatusConflict, "La salida de las 12:15 está programada para dentro de 2 h 15 min. ¿Zarpar igual?")
		if e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND estado = 'embarcando'`, x.ID) != 1 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionEstadoSalida) != 1 ||
			e.count(`SELECT COUNT(*) FROM manifiestos WHERE salida_id = ?`, x.ID) != 0 {
			t.Fatal("un zarpe anticipado sin confirmar cambió la salida")
		}
		e.do("PUT", path, e.token("supervisor"), map[string]any{"estado": "zarpo", "confirmar_anticipado": true}).
			expect(t, http.StatusOK, "Salida zarpó")
		for _, a := range []string{"programada", "embarcando", "cancelada"} {
			e.do("PUT", path, lancha, map[string]any{"estado": a}).
				expect(t, http.StatusConflict, "Una salida zarpó no puede pasar a "+domain.NombreEstadoSalida[a])
		}
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/embarcacion", x.ID), admin, map[string]any{"embarcacion_id": barco}).
			expect(t, http.StatusConflict, domain.MsgSalidaCerrada)
		if e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND estado = 'zarpo' AND estado_por = ?`, x.ID, e.userID("supervisor")) != 1 {
			t.Fatal("el estado o quien lo cambió no se guardó")
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionEstadoSalida) != 2 {
			t.Fatal("los cambios de estado no se auditaron uno por uno")
		}
		// a cancelled departure stays cancelled
		r = e.do("POST", "/api/salidas", lancha, map[string]any{"seccion_id": seccion, "embarcacion_id": barco,
			"fecha": "2026-11-21", "hora": "09:00"})
		r.decode(t, &x)
		path = fmt.Sprintf("/api/salidas/%d/estado", x.ID)
		e.do("PUT", path, lancha, map[string]any{"estado": "cancelada"}).expect(t, http.StatusOK, "Salida cancelada")
		e.do("PUT", path, lancha, map[string]any{"estado": "programada"}).
			expect(t, http.StatusConflict, "Una salida cancelada no puede pasar a programada")
	})
}

func TestCertificadoVencidoNoSeAsigna(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, supervisor := e.token("admin"), e.token("supervisor")
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		vence := e.nuevaEmbarcacion(t, admin, "VEN-1", "2026-11-22") // valid through Sunday 22
		vigente := e.nuevaEmbarcacion(t, admin, "VIG-1", "2027-01-01")
		msg := domain.MsgCertificadoVencido("Lancha VEN-1", "2026-11-22", "2026-11-23")
		if msg != "La embarcación Lancha VEN-1 tiene el certificado de habilitación vencido desde el 22/11/2026: no puede asignarse a una salida del 23/11/2026" {
			t.Fatal(msg)
		}
		e.do("POST", "/api/salidas", supervisor, map[string]any{"seccion_id": seccion, "embarcacion_id": vence,
			"fecha": "2026-11-23", "hora": "09:00"}).expect(t, http.StatusBadRequest, msg)
		if e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1`) != 0 {
			t.Fatal("se creó la salida con el certificado vencido")
		}
		e.do("POST", "/api/salidas", supervisor, map[string]any{"seccion_id": seccion, "embarcacion_id": vence,
			"fecha": "2026-11-22", "hora": "09:00"}).expect(t, http.StatusCreated, domain.MsgSalidaCreada)
		var x store.Salida
		r := e.do("POST", "/api/salidas", supervisor, map[string]any{"seccion_id": seccion, "embarcacion_id": vigente,
			"fecha": "2026-11-23", "hora": "09:00"})
		r.decode(t, &x)
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/embarcacion", x.ID), supervisor, map[string]any{"embarcacion_id": vence}).
			expect(t, http.StatusBadRequest, msg)
		if e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND embarcacion_id = ?`, x.ID, vigente) != 1 {
			t.Fatal("la salida cambió a la embarcación vencida")
		}
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/embarcacion", x.ID), e.token("lancha"), map[string]any{"embarcacion_id": vigente}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		// the generation leaves the expired boat out of the departures after its expiry
		e.do("POST", "/api/horarios", supervisor, map[string]any{"seccion_id": seccion, "hora": "18:00",
			"dias": []int{1, 2, 3, 4, 5, 6, 7}, "embarcacion_id": vence}).expect(t, http.StatusCreated, "")
		e.do("POST", "/api/salidas/generar", supervisor, nil).expect(t, http.StatusOK, "Se generaron 7 salidas")
		if e.count(`SELECT COUNT(*) FROM salidas WHERE hora = '18:00' AND embarcacion_id = ?`, vence) != 3 ||
			e.count(`SELECT COUNT(*) FROM salidas WHERE empresa_id = 1 AND hora = '18:00' AND embarcacion_id IS NULL
				AND fecha > '2026-11-22'`) != 4 {
			t.Fatal("la generación asignó la embarcación vencida")
		}
		// without a boat a departure does not board
		var sin []store.Salida
		e.do("GET", "/api/salidas?fecha=2026-11-24", supervisor, nil).decode(t, &sin)
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", sin[0].ID), supervisor, map[string]any{"estado": "embarcando"}).
			expect(t, http.StatusConflict, domain.MsgSalidaSinEmbarcacion)
	})
}

func TestAvisoDeCertificadoPorVencerUnaVez(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		e.nuevaEmbarcacion(t, admin, "LEJ-1", "2027-06-01")             // far: no warning
		b := e.nuevaEmbarcacion(t, admin, "AVI-1", "2026-12-15")        // within 30 days
		e.nuevaEmbarcacion(t, e.token("admin2"), "OTR-1", "2026-12-01") // company 2's, its own admin
		avisos := func(u string) int64 {
			return e.count(`SELECT COUNT(*) FROM notificaciones WHERE usuario_id = ? AND titulo = ?`,
				e.userID(u), domain.TituloCertificadoPorVencer)
		}
		var (
			wg sync.WaitGroup
			mu sync.Mutex
			n  int
		)
		for range 4 { // several instances at once
			wg.Add(1)
			go func() {
				defer wg.Done()
				k, err := e.st.AvisarCertificados(context.Background())
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				n += k
				mu.Unlock()
			}()
		}
		wg.Wait()
		if n != 2 || avisos("admin") != 1 || avisos("admin2") != 1 || avisos("supervisor") != 0 {
			t.Fatalf("avisados %d; admin %d, admin2 %d, supervisor %d", n, avisos("admin"), avisos("admin2"), avisos("supervisor"))
		}
		if e.count(`SELECT COUNT(*) FROM notificaciones WHERE usuario_id = ? AND mensaje = ?`, e.userID("admin"),
			"El certificado de habilitación de la embarcación Lancha AVI-1 (AVI-1) vence el 15/12/2026. Renuévelo para seguir asignándola a salidas.") != 1 {
			t.Fatal("el aviso no dice la embarcación y su vencimiento")
		}
		if k, err := e.st.AvisarCertificados(context.Background()); err != nil || k != 0 {
			t.Fatalf("el segundo día avisó %d (%v)", k, err)
		}
		// a renewed certificate is warned about again when its time comes
		e.do("PUT", fmt.Sprintf("/api/config/embarcaciones/%d", b), admin, map[string]any{"nombre": "Lancha AVI-1",
			"matricula": "AVI-1", "capacidad": 60, "vencimiento_certificado": "2026-12-18"}).expect(t, http.StatusOK, "")
		if k, err := e.st.AvisarCertificados(context.Background()); err != nil || k != 1 || avisos("admin") != 2 {
			t.Fatalf("el nuevo vencimiento avisó %d (%v)", k, err)
		}
	})
}

func TestHorariosPublicos(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		barco := e.nuevaEmbarcacion(t, admin, "PUB-1", "2027-01-01")
		e.do("POST", "/api/horarios", admin, map[string]any{"seccion_id": seccion, "hora": "16:00",
			"dias": []int{5, 6}, "embarcacion_id": barco}).expect(t, http.StatusCreated, "")
		e.do("POST", "/api/horarios", admin, map[string]any{"seccion_id": seccion, "hora": "18:00", "sentido": "vuelta",
			"dias": []int{5, 6}, "embarcacion_id": barco}).expect(t, http.StatusCreated, "")
		e.do("POST", "/api/salidas/generar", admin, nil).expect(t, http.StatusOK, "")
		var hoy []store.Salida
		e.do("GET", "/api/salidas", admin, nil).decode(t, &hoy)
		e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", hoy[0].ID), e.token("lancha"), map[string]any{"estado": "embarcando"}).
			expect(t, http.StatusOK, "")
		r := e.do("GET", "/api/public/horarios", "", nil)
		r.expect(t, http.StatusOK, "")
		var p HorariosPublicos
		r.decode(t, &p)
		if p.Fecha != "2026-11-20" || len(p.Horarios) != 2 || p.Horarios[0].Seccion != seccionDemo ||
			len(p.Horarios[0].Dias) != 2 || len(p.Salidas) != 2 || p.Salidas[0].Estado != domain.SalidaEmbarcando {
			t.Fatalf("horarios públicos: %+v", p)
		}
		// each says its direction
		if p.Horarios[0].Sentido != domain.SentidoIda || p.Horarios[1].Sentido != domain.SentidoVuelta ||
			p.Salidas[0].Sentido != domain.SentidoIda || p.Salidas[1].Sentido != domain.SentidoVuelta || p.Salidas[1].Hora != "18:00" {
			t.Fatalf("horarios públicos: %+v", p)
		}
		// nothing of who changed the state, nor boats
		for _, palabra := range []string{"Ramón", "Acosta", "PUB-1", "estado_por", "embarcacion"} {
			if strings.Contains(string(r.Body), palabra) {
				t.Fatalf("la página pública dice %q: %s", palabra, r.Body)
			}
		}
	})
}

func TestCambiosDeEstadoConcurrentesUnoGana(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		seccion := e.idOf(1, domain.CatSecciones, seccionDemo)
		barco := e.nuevaEmbarcacion(t, e.token("admin"), "CUR-1", "2027-01-01")
		a := store.Actor{EmpresaID: 1, UsuarioID: e.userID("lancha")}
		x, err := e.st.CrearSalidaExtra(context.Background(), a, store.NuevaSalida{SeccionID: seccion, EmbarcacionID: barco,
			Fecha: "2026-11-20", Hora: "15:00"})
		if err != nil {
			t.Fatal(err)
		}
		// ten crew phones press 'Embarcar' at once: one change wins, the others are refused (a later
		// change that is allowed from the new state, like cancelling, would rightly pass after it)
		var (
			wg        sync.WaitGroup
			mu        sync.Mutex
			ganadores []string
		)
		for range 10 {
			estado := domain.SalidaEmbarcando
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.st.CambiarEstadoSalida(context.Background(), a, x.ID, estado, false)
				if err == nil {
					mu.Lock()
					ganadores = append(ganadores, estado)
					mu.Unlock()
					return
				}
				if de, ok := domain.AsError(err); !ok || de.Kind != domain.KindConflict {
					t.Errorf("esperaba un 409, obtuve %v", err)
				}
			}()
		}
		wg.Wait()
		if len(ganadores) != 1 {
			t.Fatalf("ganaron %v", ganadores)
		}
		if e.count(`SELECT COUNT(*) FROM salidas WHERE id = ? AND estado = ?`, x.ID, ganadores[0]) != 1 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionEstadoSalida) != 1 {
			t.Fatal("el estado guardado o su auditoría no son los del único cambio")
		}
	})
}
