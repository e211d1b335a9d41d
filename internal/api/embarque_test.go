package api

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
)

// vendidos opens vendedor's register and sells n General tickets for today.
func (e *env) vendidos(n int) []pasajeJSON {
	e.t.Helper()
	tok := e.token("vendedor")
	if r := e.abrir(tok, 0); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		e.t.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	r := e.sell(tok, e.lote(map[string]int{"General": n}, "Efectivo"), "")
	r.expect(e.t, http.StatusCreated, "")
	var d struct{ Pasajes []pasajeJSON }
	r.decode(e.t, &d)
	return d.Pasajes
}

func (e *env) validarQR(token, codigo string) response {
	e.t.Helper()
	return e.do("POST", "/api/pasajes/validar-qr", token, map[string]string{"codigo_qr": codigo})
}

type embarqueJSON struct {
	NumeroPasaje  string `json:"numero_pasaje"`
	FechaEmbarque string `json:"fecha_embarque"`
	Cliente       struct{ Nombre string }
	Seccion       struct{ Nombre string }
	TipoViaje     struct{ Nombre string } `json:"tipo_viaje"`
	ValidadoPor   string                  `json:"validado_por"`
}

func TestBoardingByQRThenRefusalWithTheFirstBoarding(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		tok := e.token("lancha")
		r := e.validarQR(tok, p.CodigoQR)
		r.expect(t, http.StatusOK, "Embarque validado exitosamente")
		var ok embarqueJSON
		r.decode(t, &ok)
		if ok.NumeroPasaje != p.NumeroPasaje || ok.Cliente.Nombre != "Cliente Anónimo" || ok.Seccion.Nombre != seccionDemo ||
			ok.TipoViaje.Nombre != "General" || !strings.HasPrefix(ok.FechaEmbarque, "2026-11-20T13:00:00") {
			t.Fatalf("embarque: %+v", ok)
		}
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND usuario_embarque_id = ?`, p.ID, e.userID("lancha")) != 1 {
			t.Fatal("el pasaje no quedó usado por lancha")
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'VALIDACION_EMBARQUE' AND usuario_id = ?`, e.userID("lancha")) != 1 {
			t.Fatal("falta la auditoría VALIDACION_EMBARQUE")
		}
		e.now = e.now.Add(5 * 60e9)
		again := e.validarQR(e.token("supervisor"), p.CodigoQR)
		again.expect(t, http.StatusConflict, "El pasaje ya fue utilizado para embarcar")
		var prev embarqueJSON
		again.decode(t, &prev)
		if !strings.HasPrefix(prev.FechaEmbarque, "2026-11-20T13:00:00") || prev.ValidadoPor != "Ramón Acosta" {
			t.Fatalf("rechazo sin el embarque anterior: %s", again.Data)
		}
	})
}

func TestFiftyParallelScansBoardOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		tokens := []string{e.token("lancha"), e.token("supervisor"), e.token("admin")}
		statuses := parallel(50, func(i int) int { return e.validarQR(tokens[i%3], p.CodigoQR).Status })
		if statuses[http.StatusOK] != 1 || statuses[http.StatusConflict] != 49 {
			t.Fatalf("resultados: %v", statuses)
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'VALIDACION_EMBARQUE'`) != 1 {
			t.Fatal("más de una validación auditada")
		}
	})
}

func TestARetryWithTheSameKeyReturnsTheFirstAnswer(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		tok := e.token("lancha")
		body := map[string]string{"codigo_qr": p.CodigoQR}
		h := map[string]string{"Idempotency-Key": "scan-1"}
		e.doWith("POST", "/api/pasajes/validar-qr", tok, body, h).expect(t, http.StatusOK, "Embarque validado exitosamente")
		e.doWith("POST", "/api/pasajes/validar-qr", tok, body, h).expect(t, http.StatusOK, "Embarque validado exitosamente")
		e.doWith("POST", "/api/pasajes/validar-qr", tok, body, map[string]string{"Idempotency-Key": "scan-2"}).
			expect(t, http.StatusConflict, "El pasaje ya fue utilizado para embarcar")
	})
}

func TestUnknownForgedAndForeignCodesAreNotFound(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
		wrongSig, err := domain.FirmarCodigoQR(otherKey, 1, p.NumeroPasaje, "2026-11-20")
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split(p.CodigoQR, ".")
		tampered := parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2]))
		for _, code := range map[string]string{
			"firma de otra clave": wrongSig,
			"firma alterada":      tampered,
			"basura con prefijo":  "MUELLE1.xxx.yyy",
			"número inexistente":  "LD-20261120-999999",
		} {
			e.validarQR(e.token("lancha"), code).expect(t, http.StatusNotFound, "Pasaje no encontrado")
		}
		e.validarQR(e.token("lancha"), "   ").expect(t, http.StatusBadRequest, "Ingresa el código del pasaje")
		// company 2's crew cannot board company 1's ticket, by code, by number or by id
		other := e.token("lancha2")
		e.validarQR(other, p.CodigoQR).expect(t, http.StatusNotFound, "Pasaje no encontrado")
		e.validarQR(other, p.NumeroPasaje).expect(t, http.StatusNotFound, "Pasaje no encontrado")
		e.do("POST", fmt.Sprintf("/api/pasajes/%d/validar-embarque", p.ID), other, nil).expect(t, http.StatusNotFound, "Pasaje no encontrado")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo'`, p.ID) != 1 {
			t.Fatal("un código rechazado cambió el pasaje")
		}
	})
}

func TestTypedNumberAndPassengerListButton(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(2)
		e.validarQR(e.token("lancha"), " "+strings.ToLower(ps[0].NumeroPasaje)+" ").expect(t, http.StatusOK, "Embarque validado exitosamente")
		path := fmt.Sprintf("/api/pasajes/%d/validar-embarque", ps[1].ID)
		e.do("POST", path, e.token("admin"), nil).expect(t, http.StatusOK, "Embarque validado exitosamente")
		e.do("POST", path, e.token("admin"), nil).expect(t, http.StatusConflict, "El pasaje ya fue utilizado para embarcar")
		e.do("POST", path, e.token("vendedor"), nil).expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
	})
}

// vendidoPara sells one General ticket travelling on fecha, with the customer's document.
func (e *env) vendidoPara(fecha, documento string) pasajeJSON {
	e.t.Helper()
	tok := e.token("vendedor")
	if r := e.abrir(tok, 0); r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		e.t.Fatalf("abrir caja: %d %s", r.Status, r.Message)
	}
	b := e.lote(map[string]int{"General": 1}, "Efectivo")
	b["fecha_viaje"], b["cliente_nombre"], b["cliente_documento"] = fecha, "Pía Ríos", documento
	r := e.sell(tok, b, "")
	r.expect(e.t, http.StatusCreated, "")
	var d struct{ Pasajes []pasajeJSON }
	r.decode(e.t, &d)
	return d.Pasajes[0]
}

func TestATicketOfAnotherDayBoardsOnlyConfirmedAndOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidoPara("2026-11-28", "")
		tok := e.token("lancha")
		escaneo := func(body map[string]any, clave string) response {
			return e.doWith("POST", "/api/pasajes/validar-qr", tok, body, map[string]string{"Idempotency-Key": clave})
		}
		for i, codigo := range []string{p.CodigoQR, p.NumeroPasaje} {
			r := escaneo(map[string]any{"codigo_qr": codigo}, fmt.Sprint("sin-confirmar-", i))
			r.expect(t, http.StatusConflict, "Pasaje para el 28/11/2026 — ¿embarcar igual?")
			var rechazo struct {
				Motivo       string `json:"motivo"`
				NumeroPasaje string `json:"numero_pasaje"`
				FechaViaje   string `json:"fecha_viaje"`
			}
			r.decode(t, &rechazo)
			if rechazo.Motivo != "otra_fecha" || rechazo.NumeroPasaje != p.NumeroPasaje || rechazo.FechaViaje != "2026-11-28" {
				t.Fatalf("rechazo sin la fecha del pasaje: %s", r.Data)
			}
		}
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo' AND fecha_embarque IS NULL`, p.ID) != 1 {
			t.Fatal("se embarcó un pasaje de otro día sin confirmación")
		}
		confirmado := map[string]any{"codigo_qr": p.CodigoQR, "confirmar_fecha": true}
		escaneo(confirmado, "confirmado").expect(t, http.StatusOK, "Embarque validado exitosamente")
		// a retry of the same confirmed scan gets the first answer; another scan is refused as boarded
		escaneo(confirmado, "confirmado").expect(t, http.StatusOK, "Embarque validado exitosamente")
		escaneo(confirmado, "otro").expect(t, http.StatusConflict, "El pasaje ya fue utilizado para embarcar")
		escaneo(map[string]any{"codigo_qr": p.CodigoQR}, "otro-sin").expect(t, http.StatusConflict, "El pasaje ya fue utilizado para embarcar")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado' AND usuario_embarque_id = ?`, p.ID, e.userID("lancha")) != 1 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'VALIDACION_EMBARQUE'`) != 1 {
			t.Fatal("el pasaje confirmado no quedó embarcado una sola vez")
		}
		// today's ticket needs no confirmation
		hoy := e.vendidos(1)[0]
		e.validarQR(tok, hoy.CodigoQR).expect(t, http.StatusOK, "Embarque validado exitosamente")
	})
}

func TestANumberTypedWithoutDashesIsFound(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(2)
		if !strings.HasPrefix(ps[0].NumeroPasaje, "LD-20261120-") {
			t.Fatalf("número inesperado %q", ps[0].NumeroPasaje)
		}
		junto := strings.ToLower(strings.ReplaceAll(ps[0].NumeroPasaje, "-", ""))
		r := e.validarQR(e.token("lancha"), junto)
		r.expect(t, http.StatusOK, "Embarque validado exitosamente")
		var ok embarqueJSON
		r.decode(t, &ok)
		if ok.NumeroPasaje != ps[0].NumeroPasaje {
			t.Fatalf("embarcó %q", ok.NumeroPasaje)
		}
		conEspacios := strings.ReplaceAll(ps[1].NumeroPasaje, "-", " ")
		e.validarQR(e.token("lancha"), conEspacios).expect(t, http.StatusOK, "Embarque validado exitosamente")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id IN (?, ?) AND estado = 'usado'`, ps[0].ID, ps[1].ID) != 2 {
			t.Fatal("los números sin guiones no embarcaron")
		}
		e.validarQR(e.token("lancha"), junto).expect(t, http.StatusConflict, "El pasaje ya fue utilizado para embarcar")
	})
}

func TestThePassengerListShowsTheDocument(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		con := e.vendidoPara("2026-11-20", "30111222")
		sin := e.vendidos(1)[0]
		var lista struct {
			Pasajes []struct {
				ID               int64
				ClienteDocumento string `json:"cliente_documento"`
			}
		}
		r := e.do("GET", "/api/pasajes/por-fecha", e.token("lancha"), nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &lista)
		documentos := map[int64]string{}
		for _, p := range lista.Pasajes {
			documentos[p.ID] = p.ClienteDocumento
		}
		if len(documentos) != 2 || documentos[con.ID] != "30111222" || documentos[sin.ID] != "" {
			t.Fatalf("documentos: %v", documentos)
		}
	})
}

func TestCancelledTicketIsRefused(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.vendidos(1)[0]
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE pasajes SET estado = 'cancelado' WHERE id = ?`), p.ID); err != nil {
			t.Fatal(err)
		}
		e.validarQR(e.token("lancha"), p.CodigoQR).expect(t, http.StatusConflict, "El pasaje está cancelado y no puede embarcar")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'cancelado' AND fecha_embarque IS NULL`, p.ID) != 1 {
			t.Fatal("el pasaje cancelado cambió")
		}
	})
}

func TestPassengerListListsTheCancelledOnlyWhenAsked(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(3)
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE pasajes SET estado = 'cancelado' WHERE id = ?`), ps[1].ID); err != nil {
			t.Fatal(err)
		}
		type lista struct {
			Pasajes []struct {
				ID       int64
				Estado   string
				CodigoQR string `json:"codigo_qr"`
			}
			Total int
			Stats struct{ Total, Embarcados, Pendientes int }
		}
		var sin, con lista
		e.do("GET", "/api/pasajes/por-fecha", e.token("lancha"), nil).decode(t, &sin)
		if sin.Total != 2 || len(sin.Pasajes) != 2 || sin.Stats.Total != 2 {
			t.Fatalf("sin cancelados: %+v", sin)
		}
		r := e.do("GET", "/api/pasajes/por-fecha?cancelados=true", e.token("lancha"), nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &con)
		estados := map[int64]string{}
		for _, p := range con.Pasajes {
			estados[p.ID] = p.Estado
			if p.CodigoQR == "" {
				t.Fatalf("pasaje %d sin código", p.ID)
			}
		}
		// the counts stay those of the tickets that travel
		if con.Total != 3 || estados[ps[1].ID] != "cancelado" || estados[ps[0].ID] != "activo" || con.Stats.Total != 2 {
			t.Fatalf("con cancelados: %+v", con)
		}
		e.do("GET", "/api/pasajes/por-fecha?cancelados=quizas", e.token("lancha"), nil).expect(t, http.StatusBadRequest, "")
	})
}

func TestBoardingStatsMatchTheData(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(4)
		// one for tomorrow, in another section
		body := e.lote(map[string]int{"Jubilado": 1}, "Débito")
		body["fecha_viaje"], body["seccion_id"] = "2026-11-21", e.idOf(1, domain.CatSecciones, "Tigre – Río Capitán")
		e.sell(e.token("vendedor"), body, "").expect(t, http.StatusCreated, "")
		e.validarQR(e.token("lancha"), ps[0].CodigoQR).expect(t, http.StatusOK, "")
		e.validarQR(e.token("supervisor"), ps[1].CodigoQR).expect(t, http.StatusOK, "")

		var est struct {
			Hoy     struct{ Total, Embarcados, Pendientes int }
			Usuario struct {
				ValidadosHoy int `json:"validados_hoy"`
			}
		}
		e.do("GET", "/api/pasajes/estadisticas-embarque", e.token("lancha"), nil).decode(t, &est)
		if est.Hoy.Total != 4 || est.Hoy.Embarcados != 2 || est.Hoy.Pendientes != 2 || est.Usuario.ValidadosHoy != 1 {
			t.Fatalf("estadísticas: %+v", est)
		}
		var dash struct {
			EmbarcadosHoy        int     `json:"embarcados_hoy"`
			MisEmbarcadosHoy     int     `json:"mis_embarcados_hoy"`
			PendientesHoy        int     `json:"pendientes_hoy"`
			TotalPasajesHoy      int     `json:"total_pasajes_hoy"`
			PorcentajeCompletado int     `json:"porcentaje_completado"`
			UltimaValidacion     *string `json:"ultima_validacion"`
		}
		e.do("GET", "/api/dashboard/lancha/stats", e.token("lancha"), nil).decode(t, &dash)
		if dash.EmbarcadosHoy != 2 || dash.MisEmbarcadosHoy != 1 || dash.PendientesHoy != 2 || dash.TotalPasajesHoy != 4 ||
			dash.PorcentajeCompletado != 50 || dash.UltimaValidacion == nil {
			t.Fatalf("dashboard lancha: %+v", dash)
		}
		var recientes []struct {
			NumeroPasaje  string `json:"numero_pasaje"`
			SeccionNombre string `json:"seccion_nombre"`
		}
		e.do("GET", "/api/dashboard/lancha/recientes", e.token("lancha"), nil).decode(t, &recientes)
		if len(recientes) != 2 || recientes[0].SeccionNombre != seccionDemo {
			t.Fatalf("recientes: %+v", recientes)
		}
		// company 2 sees nothing of it
		e.do("GET", "/api/pasajes/estadisticas-embarque", e.token("lancha2"), nil).decode(t, &est)
		if est.Hoy.Total != 0 {
			t.Fatalf("lancha2 ve %d pasajes", est.Hoy.Total)
		}

		var lista struct {
			Fecha   string
			Pasajes []pasajeJSON
			Stats   struct{ Total, Embarcados, Pendientes int }
		}
		e.do("GET", "/api/pasajes/por-fecha?embarcado=false", e.token("lancha"), nil).decode(t, &lista)
		if lista.Fecha != "2026-11-20" || len(lista.Pasajes) != 2 || lista.Stats.Total != 4 || lista.Pasajes[0].Estado != "activo" {
			t.Fatalf("lista: %+v", lista)
		}
		e.do("GET", "/api/pasajes/por-fecha?fecha=2026-11-21", e.token("admin"), nil).decode(t, &lista)
		if len(lista.Pasajes) != 1 || lista.Pasajes[0].TipoViajeNombre != "Jubilado" {
			t.Fatalf("mañana: %+v", lista)
		}
		var prog struct {
			Hoy, Manana struct {
				Fecha     string
				Secciones []struct {
					SeccionNombre string `json:"seccion_nombre"`
					Total         int
					Embarcados    int
					Porcentaje    int
					Completo      bool
				}
			}
		}
		e.do("GET", "/api/pasajes/por-fecha?tipo=programado", e.token("lancha"), nil).decode(t, &prog)
		if len(prog.Hoy.Secciones) != 1 || prog.Hoy.Secciones[0].Porcentaje != 50 || prog.Hoy.Secciones[0].Completo ||
			prog.Manana.Fecha != "2026-11-21" || len(prog.Manana.Secciones) != 1 || prog.Manana.Secciones[0].Total != 1 {
			t.Fatalf("programado: %+v", prog)
		}
		e.do("GET", "/api/pasajes/por-fecha", e.token("supervisor"), nil).expect(t, http.StatusForbidden, "")
	})
}

func TestUndoBoardingOnlyByTheSameUserWithinTheWindow(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(2)
		lancha := e.token("lancha")
		validar := func(id int64, tok string) {
			e.do("POST", fmt.Sprintf("/api/pasajes/%d/validar-embarque", id), tok, nil).expect(t, http.StatusOK, "")
		}
		deshacer := func(id int64, tok, clave string) response {
			return e.doWith("POST", fmt.Sprintf("/api/pasajes/%d/deshacer-embarque", id), tok, nil,
				map[string]string{"Idempotency-Key": clave})
		}
		validar(ps[0].ID, lancha)
		e.now = e.now.Add(90 * time.Second)

		// Another crew member, a seller and another company cannot undo it.
		deshacer(ps[0].ID, e.token("admin"), "").
			expect(t, http.StatusForbidden, "Este embarque lo validó Ramón Acosta: solo quien lo validó puede deshacerlo")
		deshacer(ps[0].ID, e.token("vendedor"), "").expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		deshacer(ps[0].ID, e.token("lancha2"), "").expect(t, http.StatusNotFound, "Pasaje no encontrado")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado'`, ps[0].ID) != 1 {
			t.Fatal("un deshacer rechazado cambió el pasaje")
		}

		r := deshacer(ps[0].ID, lancha, "deshacer-1")
		r.expect(t, http.StatusOK, "Embarque deshecho: el pasaje vuelve a estar pendiente")
		var p pasajeJSON
		r.decode(t, &p)
		if p.ID != ps[0].ID || p.Estado != "activo" {
			t.Fatalf("pasaje: %+v", p)
		}
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo' AND fecha_embarque IS NULL
			AND usuario_embarque_id IS NULL`, ps[0].ID) != 1 {
			t.Fatal("el pasaje no volvió a pendiente")
		}
		deshacer(ps[0].ID, lancha, "deshacer-1").expect(t, http.StatusOK, "Embarque deshecho: el pasaje vuelve a estar pendiente")
		deshacer(ps[0].ID, lancha, "deshacer-2").expect(t, http.StatusConflict, "El pasaje no está embarcado: no hay embarque que deshacer")
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'DESHACER_VALIDACION' AND usuario_id = ?
			AND detalles LIKE ?`, e.userID("lancha"), "%"+ps[0].NumeroPasaje+"%"); n != 1 {
			t.Fatalf("%d auditorías DESHACER_VALIDACION", n)
		}
		var est struct {
			Usuario struct {
				ValidadosHoy int `json:"validados_hoy"`
			}
		}
		e.do("GET", "/api/pasajes/estadisticas-embarque", lancha, nil).decode(t, &est)
		if est.Usuario.ValidadosHoy != 0 {
			t.Fatalf("validados hoy tras deshacer: %d", est.Usuario.ValidadosHoy)
		}

		// Two minutes after the boarding it is too late.
		validar(ps[1].ID, lancha)
		e.now = e.now.Add(2*time.Minute + time.Second)
		deshacer(ps[1].ID, lancha, "").expect(t, http.StatusConflict, "Pasaron más de 2 minutos desde el embarque: ya no se puede deshacer")
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado'`, ps[1].ID) != 1 {
			t.Fatal("un deshacer tardío cambió el pasaje")
		}
		deshacer(999999, lancha, "").expect(t, http.StatusNotFound, "Pasaje no encontrado")
	})
}
