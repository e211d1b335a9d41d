package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
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

func TestEstadoServicios(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.Servicios.WebSocket = func(context.Context) Comprobacion {
			return Comprobacion{Configurado: true, Conectado: true, Detalles: "3 conexiones"}
		}
		r := e.do("GET", "/api/admin/servicios", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		var got []Servicio
		r.decode(t, &got)
		por := map[string]Servicio{}
		for _, s := range got {
			por[s.Clave] = s
			if !s.UltimaVerificacion.Equal(e.now) {
				t.Errorf("%s: última verificación %v", s.Clave, s.UltimaVerificacion)
			}
		}
		if bd := por["base_datos"]; len(got) != 4 || !bd.Conectado || bd.Estado != "conectado" || bd.LatenciaMs == nil ||
			*bd.LatenciaMs <= 0 || !strings.Contains(bd.Detalles, e.st.Dialect()) {
			t.Errorf("base de datos = %+v", bd)
		}
		for _, clave := range []string{"email", "whatsapp"} {
			if s := por[clave]; s.Conectado || s.Estado != "sin_configurar" || s.Detalles != MsgServicioSinConfigurar {
				t.Errorf("%s = %+v, se esperaba 'Sin configurar'", clave, s)
			}
		}
		if ws := por["websocket"]; !ws.Conectado || ws.Estado != "conectado" || ws.Detalles != "3 conexiones" {
			t.Errorf("websocket = %+v", ws)
		}
	})
}
