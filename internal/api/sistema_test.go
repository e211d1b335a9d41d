package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// The system configuration, the service monitor and the audit reports are
// the super administrator's alone, on the server.
func TestSistemaSoloSuperAdmin(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		paths := []string{"/api/config/sistema", "/api/admin/servicios", "/api/config/auditoria/logs",
			"/api/config/auditoria/logs/export", "/api/config/auditoria/estadisticas", "/api/config/auditoria/usuarios"}
		for _, usuario := range []string{"admin", "supervisor", "vendedor", "lancha", "admin2"} {
			tok := e.token(usuario)
			for _, p := range paths {
				e.do("GET", p, tok, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
			}
			body := map[string]string{"nombre": "Tomado", "timezone": "UTC", "idioma": "es"}
			e.do("PUT", "/api/config/sistema", tok, body).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		if n := e.count(`SELECT COUNT(*) FROM configuracion_sistema WHERE clave = 'sistema_nombre'`); n != 0 {
			t.Fatalf("un rol sin permiso cambió la configuración")
		}
		e.do("GET", "/api/config/sistema", e.token("superadmin"), nil).expect(t, http.StatusOK, "")
	})
}

func TestConfiguracionSistema(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.Proceso = Proceso{Version: "v1.2.3", Ambiente: "produccion", Direccion: "0.0.0.0:8080",
			Inicio: time.Now().Add(-(26*time.Hour + 5*time.Minute))}
		e.srv.Limits = Limits{MaxConcurrent: 64}
		r := e.do("GET", "/api/config/sistema", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		var c ConfiguracionSistema
		r.decode(t, &c)
		s := c.Sistema
		if s.Nombre != "Muelle" || s.Timezone != domain.ZonaHorariaPorDefecto || s.Idioma != "es" ||
			s.Version != "v1.2.3" || s.Ambiente != "produccion" || s.FechaInstalacion.IsZero() {
			t.Errorf("sistema = %+v", s)
		}
		want := EstadisticasSistema{TotalEmpresas: e.count(`SELECT COUNT(*) FROM empresas`),
			EmpresasActivas: e.count(`SELECT COUNT(*) FROM empresas WHERE activa`),
			TotalUsuarios:   e.count(`SELECT COUNT(*) FROM usuarios`), UsuariosActivos: e.count(`SELECT COUNT(*) FROM usuarios WHERE activo`),
			TotalPasajes:  e.count(`SELECT COUNT(*) FROM pasajes`),
			CajasAbiertas: e.count(`SELECT COUNT(*) FROM cajas WHERE estado = 'abierta'`)}
		if c.Estadisticas != want || want.TotalEmpresas == 0 || want.TotalPasajes == 0 {
			t.Errorf("estadísticas = %+v, se esperaba %+v", c.Estadisticas, want)
		}
		bd, sv, seg := c.Servicios.BaseDatos, c.Servicios.Servidor, c.Seguridad
		if bd.Estado != "conectada" || bd.Nombre != e.st.Dialect() || bd.NombreBD == "" {
			t.Errorf("base de datos = %+v", bd)
		}
		if sv.Puerto != "8080" || sv.Modo != "produccion" || sv.Uptime < 26*3600 {
			t.Errorf("servidor = %+v", sv)
		}
		if seg.JWTExpiracion != 8*3600 || seg.IntentosLoginMax != 5 || seg.BloqueoLoginMinutos != 15 ||
			seg.BcryptRounds != e.svc.Hasher.Cost || !seg.RateLimitActivo || seg.MaxPeticionesSimultaneas != 64 {
			t.Errorf("seguridad = %+v", seg)
		}
	})
}

// The system configuration shows the last backup that worked, and the last
// attempt's failure as its Spanish category with the technical detail apart.
func TestConfiguracionSistemaMuestraLaUltimaCopia(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		var cuerpo string
		respaldo := func() RespaldoSistema {
			t.Helper()
			r := e.do("GET", "/api/config/sistema", e.token("superadmin"), nil)
			r.expect(t, http.StatusOK, "")
			var c ConfiguracionSistema
			r.decode(t, &c)
			cuerpo = string(r.Body)
			return c.Servicios.Respaldo
		}
		if got := respaldo(); got != (RespaldoSistema{}) || !strings.Contains(cuerpo, `"respaldo":{"ultimo":null,"archivo":"","error":""}`) {
			t.Fatalf("sin copias: %+v en %s", got, cuerpo)
		}
		hecha := e.now.Add(-time.Hour)
		e.st.Now = func() time.Time { return hecha }
		if err := e.st.AnotarRespaldo(ctx, store.Respaldo{Archivo: "/copias/muelle-2026-11-20T1100.db"}, nil); err != nil {
			t.Fatal(err)
		}
		if got := respaldo(); got.Ultimo == nil || !got.Ultimo.Equal(hecha) ||
			got.Archivo != "/copias/muelle-2026-11-20T1100.db" || got.Error != "" || got.Detalle != "" {
			t.Fatalf("después de una copia: %+v", got)
		}
		e.st.Now = func() time.Time { return e.now }
		if err := e.st.AnotarRespaldo(ctx, store.Respaldo{}, errors.New("carpeta de las copias: permission denied")); err != nil {
			t.Fatal(err)
		}
		if got := respaldo(); got.Ultimo == nil || !got.Ultimo.Equal(hecha) || got.Error != domain.MsgRespaldoFallido ||
			got.Detalle != "carpeta de las copias: permission denied" {
			t.Fatalf("después de un fallo: %+v", got)
		}
	})
}

// The answer names where the database is, never its password.
func TestConfiguracionSistemaSinClaveDeBaseDeDatos(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("GET", "/api/config/sistema", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		body := strings.ToLower(string(r.Body))
		for _, palabra := range []string{"password", "contraseña", "clave_bd", "secret"} {
			if strings.Contains(body, palabra) {
				t.Errorf("la respuesta menciona %q: %s", palabra, r.Body)
			}
		}
		if u, err := url.Parse(storetest.PostgresURL()); err == nil && u.User != nil {
			if pw, ok := u.User.Password(); ok && pw != "" && strings.Contains(string(r.Body), pw) {
				t.Errorf("la respuesta contiene la contraseña de la base de datos")
			}
		}
	})
}

func TestGuardarConfiguracionSistema(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("superadmin")
		body := map[string]string{"nombre": "  Terminal Fluvial Tigre ", "timezone": "America/Montevideo", "idioma": "pt"}
		put := func(body any, key string) response {
			return e.request("PUT", "/api/config/sistema", tok, body, func(r *http.Request) {
				r.Header.Set("Idempotency-Key", key)
			})
		}
		r := put(body, "sistema-1")
		r.expect(t, http.StatusOK, domain.MsgConfiguracionActualizada)
		var c ConfiguracionSistema
		r.decode(t, &c)
		if c.Sistema.Nombre != "Terminal Fluvial Tigre" || c.Sistema.Timezone != "America/Montevideo" || c.Sistema.Idioma != "pt" {
			t.Fatalf("sistema = %+v", c.Sistema)
		}
		put(body, "sistema-1").expect(t, http.StatusOK, domain.MsgConfiguracionActualizada)
		auditadas := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND exito`, store.AccionConfiguracionSistema)
		if auditadas != 1 {
			t.Fatalf("auditoría = %d entradas, se esperaba 1 (el reintento no escribe)", auditadas)
		}
		malos := []struct {
			body any
			msg  string
		}{
			{map[string]string{"nombre": "X", "timezone": "America/Ciudad_Inventada", "idioma": "es"}, domain.MsgZonaHorariaInvalida},
			{map[string]string{"nombre": "X", "timezone": "Local", "idioma": "es"}, domain.MsgZonaHorariaInvalida},
			{map[string]string{"nombre": "X", "timezone": "UTC", "idioma": "fr"}, domain.MsgIdiomaInvalido},
			{map[string]string{"nombre": "  ", "timezone": "UTC", "idioma": "es"}, domain.MsgNombreSistemaObligatorio},
			{map[string]string{"nombre": strings.Repeat("n", 101), "timezone": "UTC", "idioma": "es"}, ""},
			{map[string]any{"nombre": "X", "timezone": "UTC", "idioma": "es", "version": "9"}, ""},
		}
		for i, m := range malos {
			r := e.do("PUT", "/api/config/sistema", tok, m.body)
			r.expect(t, http.StatusBadRequest, m.msg)
			if i >= 4 && !strings.Contains(r.Message, map[int]string{4: "nombre", 5: "version"}[i]) {
				t.Errorf("el mensaje no nombra el campo: %q", r.Message)
			}
		}
		cfg, err := e.st.ConfiguracionSistema(context.Background())
		if err != nil || cfg.Timezone != "America/Montevideo" || cfg.Nombre != "Terminal Fluvial Tigre" {
			t.Fatalf("la entrada inválida cambió la configuración: %+v %v", cfg, err)
		}
	})
}

// servicios reads the service monitor as the super administrator, by key.
func (e *env) servicios() map[string]Servicio {
	e.t.Helper()
	r := e.do("GET", "/api/admin/servicios", e.token("superadmin"), nil)
	r.expect(e.t, http.StatusOK, "")
	var got []Servicio
	r.decode(e.t, &got)
	por := map[string]Servicio{}
	for _, s := range got {
		por[s.Clave] = s
		if !s.UltimaVerificacion.Equal(e.now) {
			e.t.Errorf("%s: última verificación %v", s.Clave, s.UltimaVerificacion)
		}
	}
	if len(got) != 6 || len(por) != 6 {
		e.t.Fatalf("servicios: %+v", got)
	}
	return por
}

func TestEstadoServicios(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		por := e.servicios()
		if bd := por["base_datos"]; !bd.Conectado || bd.Estado != "conectado" || bd.LatenciaMs == nil ||
			*bd.LatenciaMs <= 0 || !strings.Contains(bd.Detalles, e.st.Dialect()) {
			t.Errorf("base de datos = %+v", bd)
		}
		for _, clave := range []string{"email", "whatsapp", "websocket", "https", "tareas"} {
			if s := por[clave]; s.Conectado || s.Estado != "sin_configurar" || s.Detalles != MsgServicioSinConfigurar {
				t.Errorf("%s = %+v, se esperaba 'Sin configurar'", clave, s)
			}
		}
		e.srv.SocketsAbiertos = func() int { return 3 }
		if ws := e.servicios()["websocket"]; !ws.Conectado || ws.Estado != "conectado" ||
			ws.Detalles != "3 conexiones abiertas" || ws.ClientesActivos == nil || *ws.ClientesActivos != 3 {
			t.Errorf("websocket = %+v", ws)
		}
	})
}

// TestServicioHTTPS: the HTTPS card tells the certificate served, when it
// runs out, that a renewal failed (with the detail apart), that none came yet
// and that it ran out.
func TestServicioHTTPS(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		mediodia := time.Date(e.now.Year(), e.now.Month(), e.now.Day(), 15, 0, 0, 0, time.UTC)
		estado := EstadoHTTPS{Modo: "acme", Dominios: []string{"muelle.com.ar", "www.muelle.com.ar"}}
		e.srv.Servicios.HTTPS = func() EstadoHTTPS { return estado }
		for _, c := range []struct {
			vence            time.Time
			error            string
			estado, detalles string
		}{
			{mediodia.AddDate(0, 2, 0), "", "conectado", "Certificado de muelle.com.ar, www.muelle.com.ar válido hasta el " +
				mediodia.AddDate(0, 2, 0).Format("02/01/2006")},
			{mediodia.AddDate(0, 0, 20), "dial tcp: acme caído", "conectado", "Certificado de muelle.com.ar, www.muelle.com.ar válido hasta el " +
				mediodia.AddDate(0, 0, 20).Format("02/01/2006") + "; la última renovación falló y se reintentará"},
			{time.Time{}, "rate limited", "desconectado", "Sin certificado de muelle.com.ar, www.muelle.com.ar todavía: se está pidiendo"},
			{mediodia.AddDate(0, 0, -2), "", "desconectado", "El certificado de muelle.com.ar, www.muelle.com.ar venció el " +
				mediodia.AddDate(0, 0, -2).Format("02/01/2006") + ": renuévelo"},
		} {
			estado.Vence, estado.Error = c.vence, c.error
			if s := e.servicios()["https"]; s.Estado != c.estado || s.Detalles != c.detalles || s.Detalle != c.error {
				t.Errorf("https = %+v; quiero %s %q (detalle %q)", s, c.estado, c.detalles, c.error)
			}
		}
	})
}

// TestServicioTareas: the card of the work outside a request names the jobs
// whose last run failed (their errors apart), and the system configuration
// lists every job's counts.
func TestServicioTareas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		corrio := e.now.Add(-time.Minute)
		estados := []jobs.Estado{{Nombre: "generar_salidas", Corridas: 3, UltimaCorrida: corrio},
			{Nombre: "vencer_puntos", Corridas: 2, Fallas: 1, UltimoError: "sin conexión", UltimaCorrida: corrio}}
		e.srv.Tareas = func() []jobs.Estado { return estados }
		if s := e.servicios()["tareas"]; s.Estado != "conectado" || s.Detalles != "2 tareas sin errores" {
			t.Errorf("tareas = %+v", s)
		}
		estados[1].Fallando = true
		if s := e.servicios()["tareas"]; s.Estado != "desconectado" ||
			s.Detalles != "1 de 2 tareas con error en su última corrida: vencer_puntos" || s.Detalle != "vencer_puntos: sin conexión" {
			t.Errorf("tareas con una fallando = %+v", s)
		}
		var c ConfiguracionSistema
		e.do("GET", "/api/config/sistema", e.token("superadmin"), nil).decode(t, &c)
		if got := c.Servicios.Tareas; len(got) != 2 || got[1].Nombre != "vencer_puntos" || got[1].Fallas != 1 ||
			!got[1].Fallando || got[1].UltimaCorrida == nil || !got[1].UltimaCorrida.Equal(corrio) || got[1].Proxima != nil {
			t.Fatalf("tareas en la configuración: %+v", got)
		}
	})
}

// serviciosDelTablero reads the estado_servicios of token's dashboard.
func (e *env) serviciosDelTablero(token string) []Servicio {
	e.t.Helper()
	var d struct {
		EstadoServicios []Servicio `json:"estado_servicios"`
	}
	r := e.do("GET", "/api/dashboard/stats", token, nil)
	r.expect(e.t, http.StatusOK, "")
	r.decode(e.t, &d)
	return d.EstadoServicios
}

// TestServicioEmailSegunConfiguraciones: the e-mail card is computed from the
// companies' SMTP configurations at the time of the check, green only once
// every active one passed its last test.
func TestServicioEmailSegunConfiguraciones(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		c := nuevoCorreo(t, e)
		email := func(estado, detalles string) {
			t.Helper()
			if s := e.servicios()["email"]; s.Estado != estado || s.Conectado != (estado == "conectado") || s.Detalles != detalles {
				t.Fatalf("email = %+v, se esperaba %s %q", s, estado, detalles)
			}
		}
		probar := func(token string) int {
			return e.do("POST", "/api/configuracion-email/prueba", token, map[string]string{"email_destino": "admin@example.com"}).Status
		}
		c.configurar()
		email("sin_probar", "1 empresa con email activo; 1 sin probar. Ninguna prueba realizada")
		if st := probar(c.admin); st != http.StatusOK {
			t.Fatalf("prueba: %d", st)
		}
		email("conectado", "1 empresa con email activo. Última prueba (Lanchas del Delta): correcta")

		// the second company's server refuses its password
		admin2 := e.token("admin2")
		e.do("POST", "/api/configuracion-email", admin2, c.cuerpoConfig("otra-clave")).expect(t, http.StatusOK, "")
		e.now = e.now.Add(time.Minute)
		if st := probar(admin2); st != http.StatusUnprocessableEntity {
			t.Fatalf("prueba con clave errónea: %d", st)
		}
		s := e.servicios()["email"]
		if s.Estado != "desconectado" || !strings.HasPrefix(s.Detalles,
			"2 empresas con email activo; 1 con error. Última prueba (Interisleña Demo): ") ||
			!strings.Contains(s.Detalles, "Usuario o contraseña rechazados") || strings.Contains(s.Detalles, "535") {
			t.Fatalf("email con un error = %+v", s)
		}
		if !strings.Contains(s.Detalle, "535") {
			t.Fatalf("el detalle técnico no tiene la respuesta del servidor: %+v", s)
		}
		if strings.Contains(s.Detalles+s.Detalle, "otra-clave") || strings.Contains(s.Detalles+s.Detalle, passwordSMTP) {
			t.Fatalf("el detalle muestra una contraseña: %s", s.Detalles)
		}

		// each admin's dashboard shows its own company's e-mail and WhatsApp only: its own
		// test's error, never the other company's name, server or error, nor the installation's
		// database and sockets
		e.srv.SocketsAbiertos = func() int { return 7 }
		for _, caso := range []struct {
			token, detalles string
			conectado       bool
			ajenos          []string
		}{
			{c.admin, "Última prueba: correcta", true, []string{"Interisleña", "Usuario o contraseña rechazados"}},
			{admin2, "Última prueba: ", false, []string{"Lanchas del Delta"}},
		} {
			d := e.serviciosDelTablero(caso.token)
			if len(d) != 2 || d[0].Clave != "email" || d[1].Clave != "whatsapp" || !strings.HasPrefix(d[0].Detalles, caso.detalles) ||
				d[0].Conectado != caso.conectado || d[1].Estado != "sin_configurar" {
				t.Fatalf("estado_servicios del tablero: %+v", d)
			}
			for _, ajeno := range append(caso.ajenos, "conexiones", "empresas") {
				if strings.Contains(d[0].Detalles+d[1].Detalles, ajeno) {
					t.Errorf("el tablero muestra %q: %+v", ajeno, d)
				}
			}
			if !caso.conectado && !strings.Contains(d[0].Detalles, "Usuario o contraseña rechazados") {
				t.Errorf("la empresa no ve el error de su propia prueba: %+v", d[0])
			}
		}

		// a deactivated company's configuration no longer counts
		e.do("DELETE", "/api/config/empresas/2", e.token("superadmin"), nil).expect(t, http.StatusOK, "")
		email("conectado", "1 empresa con email activo. Última prueba (Lanchas del Delta): correcta")

		// super_admin's dashboard keeps the installation's cards, computed by the monitor's check
		d, monitor := e.serviciosDelTablero(e.token("superadmin")), e.servicios()
		if len(d) != 6 {
			t.Fatalf("estado_servicios del tablero global: %+v", d)
		}
		for _, sv := range d {
			m := monitor[sv.Clave]
			if sv.Nombre != m.Nombre || sv.Estado != m.Estado || (sv.Clave != "base_datos" && sv.Detalles != m.Detalles) {
				t.Errorf("tablero %+v, monitor %+v", sv, m)
			}
		}
	})
}

func TestLatenciaEnPalabras(t *testing.T) {
	for ms, want := range map[float64]string{0: "menos de 0,1 ms", 0.04: "menos de 0,1 ms", 0.1: "0,1 ms", 1.26: "1,3 ms", 12: "12,0 ms"} {
		if got := latenciaEnPalabras(ms); got != want {
			t.Errorf("latenciaEnPalabras(%v) = %q, quiero %q", ms, got, want)
		}
	}
	if got := servicioBaseDatos(BaseDatos{Estado: "conectada", Nombre: "sqlite", LatenciaMs: 0.01}, time.Now()).Detalles; got != "Consulta respondida en menos de 0,1 ms (sqlite)" {
		t.Errorf("detalles %q", got)
	}
}
