package api

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// pedidoReporte is the body of a report mail for October 2026 to destino.
func pedidoReporte(destino string, extra map[string]any) map[string]any {
	b := map[string]any{"email": destino, "asunto": "Ventas de octubre", "mensaje": "Hola <b>equipo</b>\nsaludos",
		"periodo": "mes", "mes": 10, "anio": 2026}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

func TestReportMailsCarryTheirFileThroughTheOutbox(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		admin := e.token("admin")
		casos := []struct{ ruta, destino, archivo string }{ // without tipoReporte: the route's report
			{"/api/reportes/enviar-email", "dueno@example.com", "reporte-ventas-2026-10-2026-10-15.pdf"},
			{"/api/reportes/enviar-excel", "contador@example.com", "reporte-ventas-2026-10-2026-10-15.xlsx"},
			{"/api/reportes/enviar-cajas", "tesoreria@example.com", "reporte-cajas-2026-10-2026-10-15.pdf"},
		}
		for _, caso := range casos {
			r := e.do("POST", caso.ruta, admin, pedidoReporte(caso.destino, nil))
			r.expect(t, http.StatusOK, "El reporte se enviará a "+caso.destino+" en unos instantes")
			var m store.Mensaje
			r.decode(t, &m)
			if m.Tipo != store.TipoReporte || m.Estado != store.MensajePendiente || m.Destino != caso.destino {
				t.Fatalf("%s: mensaje %+v", caso.ruta, m)
			}
		}
		if n := c.procesar(); n != len(casos) {
			t.Fatalf("procesados %d, want %d", n, len(casos))
		}
		recibidos := c.smtp.Recibidos()
		if len(recibidos) != len(casos) {
			t.Fatalf("recibidos %d, want %d", len(recibidos), len(casos))
		}
		for i, caso := range casos {
			html, archivos := partes(t, recibidos[i].Datos)
			if recibidos[i].Para[0] != caso.destino || len(archivos) != 1 || archivos[0] != caso.archivo {
				t.Fatalf("mail %d a %v con %v, want %s con %s", i, recibidos[i].Para, archivos, caso.destino, caso.archivo)
			}
			if !strings.Contains(html, "Hola &lt;b&gt;equipo&lt;/b&gt;<br>saludos") || !strings.Contains(html, caso.archivo) {
				t.Fatalf("cuerpo sin el mensaje escapado o el archivo: %s", html)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM mensajes WHERE tipo = ? AND estado = ?`, store.TipoReporte, store.MensajeEnviado); n != int64(len(casos)) {
			t.Fatalf("mensajes enviados %d", n)
		}
	})
}

func TestPassengerReportMails(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.pasajerosDelReporte()
		c := nuevoCorreo(t, e)
		c.configurar()
		admin := e.token("admin")
		noviembre := map[string]any{"mes": 11}
		e.do("POST", "/api/reportes/enviar-pasajeros", admin, pedidoReporte("marketing@example.com", noviembre)).
			expect(t, http.StatusOK, "El reporte se enviará a marketing@example.com en unos instantes")
		noviembre["tipoReporte"] = "pasajeros"
		e.do("POST", "/api/reportes/enviar-excel", admin, pedidoReporte("marketing@example.com", noviembre)).
			expect(t, http.StatusOK, "")
		if n := c.procesar(); n != 2 {
			t.Fatalf("procesados %d", n)
		}
		for i, ext := range []string{".pdf", ".xlsx"} {
			_, archivos := partes(t, c.smtp.Recibidos()[i].Datos)
			if len(archivos) != 1 || !strings.HasPrefix(archivos[0], "reporte-pasajeros-2026-11-") || !strings.HasSuffix(archivos[0], ext) {
				t.Fatalf("adjuntos %v, want el reporte de pasajeros %s", archivos, ext)
			}
		}
	})
}

func TestReportMailRefusalsQueueNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		admin := e.token("admin")
		ruta := "/api/reportes/enviar-email"
		e.do("POST", ruta, admin, pedidoReporte("dueno@example.com", nil)).
			expect(t, http.StatusBadRequest, "El envío de email no está configurado para la empresa")
		c := nuevoCorreo(t, e)
		c.configurar()
		casos := []struct {
			cuerpo  map[string]any
			status  int
			mensaje string
		}{
			{pedidoReporte("", nil), 400, domain.MsgEmailDestinoObligatorio},
			{pedidoReporte("no-es-un-mail", nil), 400, domain.MsgFormatoEmailInvalido},
			{pedidoReporte("a@example.com", map[string]any{"asunto": " "}), 400, domain.MsgAsuntoObligatorio},
			{pedidoReporte("a@example.com", map[string]any{"tipoReporte": "otro"}), 400, ""},
			{pedidoReporte("a@example.com", map[string]any{"periodo": "rango", "inicio": "2026-01-01", "fin": "2026-01-02"}),
				404, MsgSinDatosExportar},
			{pedidoReporte("a@example.com", map[string]any{"anio": 2019}), 400, ""},
			{pedidoReporte("a@example.com", map[string]any{"extra": 1}), 400, ""},
		}
		for _, caso := range casos {
			e.do("POST", ruta, admin, caso.cuerpo).expect(t, caso.status, caso.mensaje)
		}
		e.do("POST", ruta, e.token("vendedor"), pedidoReporte("a@example.com", nil)).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM mensajes`); n != 0 {
			t.Fatalf("%d mensajes encolados por pedidos rechazados", n)
		}
		// a retried request queues one mail; the same key for another request is refused
		clave := map[string]string{"Idempotency-Key": "reporte-1"}
		for range 2 {
			e.doWith("POST", ruta, admin, pedidoReporte("dueno@example.com", nil), clave).expect(t, http.StatusOK, "")
		}
		if r := e.doWith("POST", ruta, admin, pedidoReporte("otro@example.com", nil), clave); r.Status < 400 {
			t.Fatalf("la misma clave con otro pedido: %d", r.Status)
		}
		if n := e.count(`SELECT COUNT(*) FROM mensajes`); n != 1 {
			t.Fatalf("%d mensajes por un pedido reintentado", n)
		}
	})
}

func TestReportMailsAreRateLimitedPerCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		admin := e.token("admin")
		for range maxReportesEmail {
			e.do("POST", "/api/reportes/enviar-cajas", admin, pedidoReporte("dueno@example.com", nil)).expect(t, http.StatusOK, "")
		}
		r := e.do("POST", "/api/reportes/enviar-cajas", admin, pedidoReporte("dueno@example.com", nil))
		r.expect(t, http.StatusTooManyRequests, domain.MsgReportesEmailDemasiados)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("sin Retry-After")
		}
		if n := e.count(`SELECT COUNT(*) FROM mensajes`); n != maxReportesEmail {
			t.Fatalf("%d mensajes, want %d", n, maxReportesEmail)
		}
		// another company is counted apart
		otra := nuevoCorreo(t, e)
		otra.admin = e.token("admin2")
		otra.configurar()
		e.do("POST", "/api/reportes/enviar-email", otra.admin, pedidoReporte("otro@example.com", map[string]any{"mes": 10})).
			expect(t, http.StatusOK, "")
		// a minute later the company may send again
		e.now = e.now.Add(ventanaReportesEmail + time.Second)
		e.do("POST", "/api/reportes/enviar-cajas", e.token("admin"), pedidoReporte("dueno@example.com", nil)).expect(t, http.StatusOK, "")
	})
}

func TestReportRecipientsAreTheCompanysStaffWithAnEmail(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, err := e.st.EnsureUsuario(context.Background(), store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolPasajero,
			NombreUsuario: "pasajero-con-mail", Email: "pasajero@example.com", PasswordHash: "x", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		var ds []store.Destinatario
		e.get("admin", "/api/reportes/destinatarios", &ds)
		if len(ds) == 0 {
			t.Fatal("sin sugerencias")
		}
		admin := e.userID("admin")
		for _, d := range ds {
			if d.ID == admin && d.Nombre != "Martín Ferreyra" {
				t.Fatalf("el admin se sugiere como %q, no por su nombre", d.Nombre)
			}
			if d.Email == "" || d.Email == "pasajero@example.com" {
				t.Fatalf("sugerencia indebida: %+v", d)
			}
			if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE id = ? AND empresa_id = 1 AND activo = ?`, d.ID, true); n != 1 {
				t.Fatalf("%+v no es un usuario activo de la empresa", d)
			}
		}
		e.do("GET", "/api/reportes/destinatarios", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}

// programaCajas is the body of a daily register report at 7 to two addresses.
func programaCajas() map[string]any {
	return map[string]any{"tipo": "cajas_diario", "formato": "pdf", "hora": 7,
		"destinatarios": []string{"dueno@example.com", "socio@example.com"}, "asunto": "Cajas de ayer"}
}

func TestReportSchedulesAreValidatedAndScoped(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ba := domain.Location(domain.ZonaHorariaPorDefecto)
		e.now = time.Date(2026, 11, 25, 10, 30, 0, 0, ba)
		admin := e.token("admin")
		r := e.do("POST", "/api/reportes/programados", admin, programaCajas())
		r.expect(t, http.StatusOK, domain.MsgProgramaGuardado)
		var p store.ProgramaReporte
		r.decode(t, &p)
		if !p.Activo || p.Usuario != "admin" || !p.ProximoEnvio.Equal(time.Date(2026, 11, 26, 7, 0, 0, 0, ba)) {
			t.Fatalf("programa: %+v", p)
		}
		malos := map[string]func(b map[string]any){
			domain.MsgSinDestinatarios:                      func(b map[string]any) { b["destinatarios"] = []string{} },
			domain.MsgHoraInvalida:                          func(b map[string]any) { b["hora"] = 24 },
			domain.MsgAsuntoObligatorio:                     func(b map[string]any) { b["asunto"] = "" },
			domain.MsgFormatoEmailInvalido + ": sin-arroba": func(b map[string]any) { b["destinatarios"] = []string{"sin-arroba"} },
			"El formato debe ser pdf o xlsx":                func(b map[string]any) { b["formato"] = "csv" },
			"El reporte programado debe ser cajas_diario, ventas_semanal o ventas_mensual": func(b map[string]any) { b["tipo"] = "x" },
		}
		for mensaje, romper := range malos {
			b := programaCajas()
			romper(b)
			e.do("POST", "/api/reportes/programados", admin, b).expect(t, http.StatusBadRequest, mensaje)
		}
		ruta := fmt.Sprintf("/api/reportes/programados/%d", p.ID)
		otro := e.token("admin2")
		cambio := programaCajas()
		cambio["activo"] = false
		e.do("PUT", ruta, otro, cambio).expect(t, http.StatusNotFound, domain.MsgProgramaNoEncontrado)
		e.do("DELETE", ruta, otro, nil).expect(t, http.StatusNotFound, domain.MsgProgramaNoEncontrado)
		var ajenos []store.ProgramaReporte
		e.get("admin2", "/api/reportes/programados", &ajenos)
		if len(ajenos) != 0 {
			t.Fatalf("la otra empresa ve %+v", ajenos)
		}
		e.do("GET", "/api/reportes/programados", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", ruta, admin, cambio).expect(t, http.StatusOK, domain.MsgProgramaGuardado)
		if n := e.count(`SELECT COUNT(*) FROM reportes_programados WHERE activo = ?`, false); n != 1 {
			t.Fatal("el programa no quedó pausado")
		}
		e.do("DELETE", ruta, admin, nil).expect(t, http.StatusOK, domain.MsgProgramaEliminado)
		if n := e.count(`SELECT COUNT(*) FROM reportes_programados`); n != 0 {
			t.Fatal("el programa sigue")
		}
	})
}

// programarCajasDel13 saves, as admin, the daily register report due now
// for the business day of 14/10 (it reports the 13th, when the supervisor opened one).
func (e *env) programarCajasDel13(t *testing.T) store.ProgramaReporte {
	t.Helper()
	p, err := e.st.CrearPrograma(context.Background(), store.Actor{UsuarioID: e.userID("admin"), EmpresaID: 1},
		domain.ReporteProgramado{Tipo: domain.ProgramaCajasDiario, Formato: "pdf", Hora: 7,
			Destinatarios: []string{"dueno@example.com", "socio@example.com"}, Asunto: "Cajas de ayer"},
		store.Agenda{Proximo: e.now.Add(-time.Minute), Dia: "2026-10-14"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAScheduledSendRunsOnceWithTwoWorkers(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.programarCajasDel13(t)
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := e.srv.EnviarProgramados(context.Background()); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if n := e.count(`SELECT COUNT(*) FROM mensaje_reportes WHERE programa_id = ?`, p.ID); n != 2 {
			t.Fatalf("%d mails encolados, want uno por destinatario", n)
		}
		ba := domain.Location(domain.ZonaHorariaPorDefecto)
		var ps []store.ProgramaReporte
		e.get("admin", "/api/reportes/programados", &ps)
		if len(ps) != 1 || !ps[0].ProximoEnvio.Equal(time.Date(2026, 10, 16, 7, 0, 0, 0, ba)) || ps[0].UltimoEnvio == nil {
			t.Fatalf("el programa no avanzó: %+v", ps)
		}
		if n := c.procesar(); n != 2 {
			t.Fatalf("procesados %d", n)
		}
		for _, m := range c.smtp.Recibidos() {
			if _, archivos := partes(t, m.Datos); len(archivos) != 1 || archivos[0] != "reporte-cajas-2026-10-13-2026-10-15.pdf" {
				t.Fatalf("adjuntos %v", archivos)
			}
		}
		// nothing more is due until tomorrow at 7
		if n, err := e.srv.EnviarProgramados(context.Background()); err != nil || n != 0 {
			t.Fatalf("otra vuelta envió %d (%v)", n, err)
		}
	})
}

// pausas counts the notifications of paused schedules the admin got.
func (e *env) pausas() int64 {
	return e.count(`SELECT COUNT(*) FROM notificaciones WHERE usuario_id = ? AND titulo = ?`, e.userID("admin"),
		domain.MsgEnvioProgramadoPausado)
}

func TestAScheduleWhoseOwnerLostThePermissionPauses(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.programarCajasDel13(t)
		// the owner is now a seller
		if _, err := e.st.DB().Exec(c.rebind(`UPDATE usuarios SET rol_id = (SELECT id FROM roles WHERE nombre = 'vendedor') WHERE id = ?`),
			e.userID("admin")); err != nil {
			t.Fatal(err)
		}
		if _, err := e.srv.EnviarProgramados(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM mensajes`); n != 0 {
			t.Fatalf("%d mails sin permiso", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM reportes_programados WHERE id = ? AND activo = ? AND ultimo_error = ?`,
			p.ID, false, domain.MsgProgramaSinPermiso); n != 1 || e.pausas() != 1 {
			t.Fatalf("el programa no se pausó con aviso (%d, %d avisos)", n, e.pausas())
		}
	})
}

func TestAScheduleFailingFiveTimesInARowPauses(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.programarCajasDel13(t)
		// each mail the server refuses for good counts one failure
		c.smtp.Rechazar(550, "Casilla inexistente")
		c.smtp.Rechazar(550, "Casilla inexistente")
		if _, err := e.srv.EnviarProgramados(context.Background()); err != nil {
			t.Fatal(err)
		}
		c.procesar()
		if n := e.count(`SELECT fallos_seguidos FROM reportes_programados WHERE id = ?`, p.ID); n != 2 {
			t.Fatalf("fallos %d tras dos rechazos", n)
		}
		// the schedule shows the failure's category, never the server's words
		var ps []store.ProgramaReporte
		e.get("admin", "/api/reportes/programados", &ps)
		if len(ps) != 1 || ps[0].UltimoError != domain.MsgCorreoRechazado {
			t.Fatalf("último error %q, want %q", ps[0].UltimoError, domain.MsgCorreoRechazado)
		}
		// then the company's e-mail is switched off: each due send fails
		cfg := c.cuerpoConfig("")
		cfg["activo"] = false
		c.do("POST", "/api/configuracion-email", c.admin, cfg).expect(t, http.StatusOK, "")
		for i := range 3 {
			e.now = e.now.Add(24 * time.Hour)
			if _, err := e.srv.EnviarProgramados(context.Background()); err != nil {
				t.Fatal(err)
			}
			if paused := e.count(`SELECT COUNT(*) FROM reportes_programados WHERE activo = ?`, false); paused != int64(i/2) {
				t.Fatalf("tras %d fallos pausado=%d", i+3, paused)
			}
		}
		want := domain.MensajeProgramaPausado("Cajas de ayer")
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE usuario_id = ? AND mensaje = ?`, e.userID("admin"), want); n != 1 {
			t.Fatalf("avisos %d de %q", n, want)
		}
		// resuming clears the count
		body := programaCajas()
		body["activo"] = true
		e.do("PUT", fmt.Sprintf("/api/reportes/programados/%d", p.ID), e.token("admin"), body).expect(t, http.StatusOK, "")
		if n := e.count(`SELECT fallos_seguidos FROM reportes_programados WHERE id = ?`, p.ID); n != 0 {
			t.Fatalf("fallos %d tras reanudar", n)
		}
	})
}

// A company holds at most domain.MaxProgramasPorEmpresa schedules (issue 36
// item 12): past them a new one is a 409 that writes nothing; deleting one
// makes room; another company is not affected.
func TestReportSchedulesAreCappedPerCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		var ultimo store.ProgramaReporte
		for range domain.MaxProgramasPorEmpresa {
			r := e.do("POST", "/api/reportes/programados", admin, programaCajas())
			r.expect(t, http.StatusOK, domain.MsgProgramaGuardado)
			r.decode(t, &ultimo)
		}
		antes := e.estado()
		e.do("POST", "/api/reportes/programados", admin, programaCajas()).expect(t, http.StatusConflict, domain.MsgTopeProgramas)
		if e.estado() != antes {
			t.Fatal("un envío programado rechazado escribió")
		}
		e.do("POST", "/api/reportes/programados", e.token("admin2"), programaCajas()).expect(t, http.StatusOK, domain.MsgProgramaGuardado)
		e.do("DELETE", fmt.Sprintf("/api/reportes/programados/%d", ultimo.ID), admin, nil).expect(t, http.StatusOK, "")
		e.do("POST", "/api/reportes/programados", admin, programaCajas()).expect(t, http.StatusOK, domain.MsgProgramaGuardado)
		if n := e.count(`SELECT COUNT(*) FROM reportes_programados WHERE empresa_id = 1`); n != domain.MaxProgramasPorEmpresa {
			t.Fatalf("%d envíos programados, want %d", n, domain.MaxProgramasPorEmpresa)
		}
	})
}

// Report mail is no relay (issue 36 item 12): a supervisor writes only to the
// company's users and adds no message of its own, in a send or a schedule,
// and nothing is queued otherwise; an admin writes anywhere; every subject
// names the company.
func TestReportMailIsNoRelayForSupervisors(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		sup := e.token("supervisor")
		var ds []store.Destinatario
		e.get("admin", "/api/reportes/destinatarios", &ds)
		usuario := ds[0].Email
		sinMensaje := map[string]any{"mensaje": ""}
		e.do("POST", "/api/reportes/enviar-email", sup, pedidoReporte("extrano@example.com", sinMensaje)).
			expect(t, http.StatusForbidden, domain.MsgDestinoReporteSoloUsuarios)
		e.do("POST", "/api/reportes/enviar-excel", sup, pedidoReporte(usuario, nil)).
			expect(t, http.StatusForbidden, domain.MsgMensajeReporteSoloAdmin)
		e.do("POST", "/api/reportes/programados", sup, programaCajas()).
			expect(t, http.StatusForbidden, domain.MsgDestinoReporteSoloUsuarios)
		if n := e.count(`SELECT COUNT(*) FROM mensajes WHERE tipo = ?`, store.TipoReporte); n != 0 {
			t.Fatalf("%d mensajes encolados por envíos rechazados", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM reportes_programados`); n != 0 {
			t.Fatalf("%d envíos programados por pedidos rechazados", n)
		}

		destino := strings.ToUpper(usuario)
		e.do("POST", "/api/reportes/enviar-email", sup, pedidoReporte(destino, sinMensaje)).
			expect(t, http.StatusOK, domain.MsgReporteEnCamino(destino))
		e.do("POST", "/api/reportes/enviar-email", e.token("admin"), pedidoReporte("extrano@example.com", nil)).
			expect(t, http.StatusOK, domain.MsgReporteEnCamino("extrano@example.com"))
		if n := e.count(`SELECT COUNT(*) FROM mensaje_reportes WHERE asunto = ?`, "Lanchas del Delta · Ventas de octubre"); n != 2 {
			t.Fatalf("%d asuntos con el nombre de la empresa, esperaba 2", n)
		}
	})
}

// TestTheDailyRegisterMailCarriesTheTakings (issue 36 item 28): what an owner
// reads of the day's registers: the takings per payment method (sold,
// collected, counted, difference) with the totals, each register's Z line,
// and an XLSX whose dates are dates.
func TestTheDailyRegisterMailCarriesTheTakings(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		// The supervisor's register of the 13th: $ 4.500 by card (seeded), $ 9.000 in cash sold now,
		// counted $ 8.900 (short $ 100) and closed.
		ba := domain.Location(domain.ZonaHorariaPorDefecto)
		e.now = time.Date(2026, 10, 14, 1, 0, 0, 0, ba)
		sup := e.token("supervisor")
		e.sell(sup, e.lote(map[string]int{"General": 2}, "Efectivo"), "").expect(t, http.StatusCreated, "")
		e.do("POST", "/api/caja/cerrar", sup, map[string]any{"monto_cierre": 8900}).expect(t, http.StatusOK, "Caja cerrada exitosamente")
		e.now = time.Date(2026, 10, 15, 7, 1, 0, 0, ba)
		p, err := e.st.CrearPrograma(context.Background(), store.Actor{UsuarioID: e.userID("admin"), EmpresaID: 1},
			domain.ReporteProgramado{Tipo: domain.ProgramaCajasDiario, Formato: "xlsx", Hora: 7,
				Destinatarios: []string{"dueno@example.com"}, Asunto: "Cajas de ayer"},
			store.Agenda{Proximo: e.now.Add(-time.Minute), Dia: "2026-10-14"})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := e.srv.EnviarProgramados(context.Background()); err != nil || n != 1 {
			t.Fatalf("enviados %d (%v)", n, err)
		}
		if n := c.procesar(); n != 1 {
			t.Fatalf("procesados %d", n)
		}
		html, archivos := partes(t, c.smtp.Recibidos()[0].Datos)
		if len(archivos) != 1 || archivos[0] != "reporte-cajas-2026-10-13-2026-10-15.xlsx" {
			t.Fatalf("adjuntos %v", archivos)
		}
		celdas := regexp.MustCompile(`<td[^>]*>(?:<strong>)?([^<]*)`)
		var texto []string
		for _, m := range celdas.FindAllStringSubmatch(html, -1) {
			texto = append(texto, m[1])
		}
		fila := strings.Join(texto, "|")
		z := e.count(`SELECT numero FROM reportes_z WHERE caja_id = (SELECT MAX(id) FROM cajas WHERE usuario_id = ?)`, e.userID("supervisor"))
		for _, want := range []string{
			"Medio de pago|Vendido|Cobrado|Contado|Diferencia",
			"Efectivo|$ 9.000,00|$ 9.000,00|$ 8.900,00|-$ 100,00",
			"Débito|$ 4.500,00|$ 4.500,00|$ 4.500,00|$ 0,00",
			"Total|$ 13.500,00|$ 13.500,00|$ 13.400,00|-$ 100,00",
			fmt.Sprintf("%d|Lucía Benítez|13/10/2026 10:00|14/10/2026 01:00|$ 13.500,00|$ 8.900,00|-$ 100,00|", z),
		} {
			if !strings.Contains(fila, want) {
				t.Errorf("el mail no trae %q: %s", want, fila)
			}
		}
		if !strings.Contains(html, "Recaudación por medio de pago") || !strings.Contains(html, "Cajas del período (reporte Z)") {
			t.Fatalf("cuerpo: %s", html)
		}

		// The attachment's dates are dates: numbers with a dd/mm/yyyy hh:mm format.
		var archivo []byte
		if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT archivo FROM mensaje_reportes WHERE programa_id = ?`), p.ID).Scan(&archivo); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(bytes.NewReader(archivo))
		if err != nil {
			t.Fatal(err)
		}
		hoja := f.GetSheetList()[0]
		filas, err := f.GetRows(hoja, excelize.Options{RawCellValue: true})
		if err != nil || len(filas) != 2 || filas[0][1] != "Fecha Apertura" {
			t.Fatalf("filas %q (%v)", filas, err)
		}
		// 13/10/2026 10:00 and 14/10/2026 01:00 as serial days
		if !strings.HasPrefix(filas[1][1], "46308.41666") || !strings.HasPrefix(filas[1][2], "46309.04166") {
			t.Fatalf("fechas %q", filas[1])
		}
		leidas, _ := f.GetRows(hoja)
		if leidas[1][1] != "13/10/2026 10:00" || leidas[1][2] != "14/10/2026 01:00" {
			t.Fatalf("fechas leídas %q", leidas[1])
		}
	})
}

// encolarReportes queues n report mails of company empresaID as its admin,
// straight through the store (the per-minute limit is the API's).
func (e *env) encolarReportes(t *testing.T, empresaID int64, admin string, n int) {
	t.Helper()
	a := store.Actor{UsuarioID: e.userID(admin), EmpresaID: empresaID}
	for range n {
		if _, err := e.st.EncolarReporte(context.Background(), a, "dueno@example.com", store.ReporteEmail{Asunto: "x", Cuerpo: "x"}); err != nil {
			t.Fatal(err)
		}
	}
}

// topeLleno is the daily cap's refusal at e.now, and how long until the count starts again.
func (e *env) topeLleno() (string, time.Duration) {
	dia := domain.DiaDe(e.now, domain.Location(domain.ZonaHorariaPorDefecto))
	return fmt.Sprintf("La empresa llegó al máximo de 200 reportes por email del día: se podrán enviar más desde las 00:00 del %s",
		dia.Hasta.In(domain.Location(domain.ZonaHorariaPorDefecto)).Format("02/01/2006")), dia.Hasta.Sub(e.now)
}

// TestReportMailsAreCappedPerCompanyAndDay: past domain.MaxReportesEmailPorDia
// report mails of the company's business day (counted in the outbox: by hand
// and scheduled), a send is a 429 that says when the count starts again,
// with nothing queued; yesterday's mails and another company's do not count.
func TestReportMailsAreCappedPerCompanyAndDay(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		hoy := e.now
		e.now = hoy.Add(-24 * time.Hour)
		e.encolarReportes(t, 1, "admin", 3)
		e.now = hoy
		e.encolarReportes(t, 1, "admin", domain.MaxReportesEmailPorDia-1)
		admin := e.token("admin")
		e.do("POST", "/api/reportes/enviar-cajas", admin, pedidoReporte("dueno@example.com", nil)).expect(t, http.StatusOK, "")
		lleno, espera := e.topeLleno()
		if _, err := e.st.EncolarReporte(context.Background(), store.Actor{UsuarioID: e.userID("admin"), EmpresaID: 1}, "x@example.com",
			store.ReporteEmail{Asunto: "x", Cuerpo: "x"}); err == nil || err.Error() != lleno {
			t.Fatalf("la escritura pasó el tope: %v", err)
		}
		antes := e.count(`SELECT COUNT(*) FROM mensajes`)
		r := e.do("POST", "/api/reportes/enviar-email", admin, pedidoReporte("dueno@example.com", nil))
		r.expect(t, http.StatusTooManyRequests, lleno)
		if r.Header.Get("Retry-After") != strconv.Itoa(int(espera.Seconds())) {
			t.Fatalf("Retry-After %q, want %v", r.Header.Get("Retry-After"), espera)
		}
		if e.count(`SELECT COUNT(*) FROM mensajes`) != antes {
			t.Fatal("un envío pasado el tope encoló algo")
		}
		// another company is counted apart
		otra := nuevoCorreo(t, e)
		otra.admin = e.token("admin2")
		otra.configurar()
		e.do("POST", "/api/reportes/enviar-email", otra.admin, pedidoReporte("otro@example.com", nil)).expect(t, http.StatusOK, "")
		// at the company's midnight the count starts again
		e.now = hoy.Add(espera)
		e.do("POST", "/api/reportes/enviar-email", e.token("admin"), pedidoReporte("dueno@example.com", nil)).expect(t, http.StatusOK, "")
	})
}

// TestAScheduleSendsNothingPastTheDailyCap: a schedule whose recipients would
// pass the day's cap queues nothing; the failure is counted with the cap's
// message, and the same report goes when the count starts again.
func TestAScheduleSendsNothingPastTheDailyCap(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sembrarVentasOctubre()
		c := nuevoCorreo(t, e)
		c.configurar()
		p := e.programarCajasDel13(t) // two recipients
		e.encolarReportes(t, 1, "admin", domain.MaxReportesEmailPorDia-1)
		if _, err := e.srv.EnviarProgramados(context.Background()); err != nil {
			t.Fatal(err)
		}
		lleno, espera := e.topeLleno()
		if n := e.count(`SELECT COUNT(*) FROM mensaje_reportes WHERE programa_id = ?`, p.ID); n != 0 {
			t.Fatalf("%d mails del programa pasado el tope", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM reportes_programados WHERE id = ? AND activo = ? AND fallos_seguidos = 1
			AND ultimo_error = ? AND proximo_envio = ? AND dia_envio = '2026-10-14' AND reclamado_hasta IS NULL`, p.ID, true,
			lleno, e.now.Add(espera)); n != 1 {
			t.Fatal("el programa no registró el tope ni quedó para la medianoche")
		}
		e.now = e.now.Add(espera + time.Minute)
		if _, err := e.srv.EnviarProgramados(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM mensaje_reportes WHERE programa_id = ?`, p.ID); n != 2 {
			t.Fatalf("%d mails del programa al día siguiente, want 2", n)
		}
	})
}
