package api

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/store"
)

// auditar writes an entry as if at t.
func (e *env) auditar(at time.Time, a store.Auditoria) {
	e.t.Helper()
	prev := e.now
	e.now = at
	defer func() { e.now = prev }()
	if err := e.st.Audit(context.Background(), a); err != nil {
		e.t.Fatal(err)
	}
}

func TestListarAuditoriaAPI(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("superadmin")
		base := e.count(`SELECT COUNT(*) FROM auditoria`)
		vendedor := e.count(`SELECT id FROM usuarios WHERE nombre_usuario = 'vendedor'`)
		for i := range 60 {
			e.auditar(e.now.Add(-time.Duration(i)*time.Hour), store.Auditoria{EmpresaID: 2, UsuarioID: vendedor,
				Accion: "PRUEBA_LISTADO", IP: "10.1.1.1", Exito: i%2 == 0, Detalles: "=HYPERLINK(\"x\")"})
		}
		var l ListadoAuditoria
		r := e.do("GET", "/api/config/auditoria/logs", tok, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &l)
		if len(l.Logs) != 50 || l.Paginacion.TotalRegistros != base+60 || l.Paginacion.Limite != 50 || l.Paginacion.PaginaActual != 1 {
			t.Fatalf("por defecto: %d registros, paginación %+v", len(l.Logs), l.Paginacion)
		}
		r = e.do("GET", "/api/config/auditoria/logs?accion=PRUEBA_LISTADO&limite=25&pagina=3", tok, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &l)
		if len(l.Logs) != 10 || l.Paginacion != (PaginacionAuditoria{PaginaActual: 3, TotalPaginas: 3, TotalRegistros: 60, TotalExacto: true, Limite: 25}) {
			t.Fatalf("página 3: %d registros, %+v", len(l.Logs), l.Paginacion)
		}
		if g := l.Logs[0]; g.Usuario == nil || g.Usuario.NombreUsuario != "vendedor" || g.EmpresaNombre == "" || g.IPAddress != "10.1.1.1" {
			t.Fatalf("registro = %+v", g)
		}
		// 2026-11-20 13:00 UTC is 10:00 in Buenos Aires: the day holds the entries of the last 10 hours.
		r = e.do("GET", "/api/config/auditoria/logs?accion=PRUEBA_LISTADO&fecha_desde=2026-11-20&fecha_hasta=2026-11-20&empresa_id=2&usuario_id="+
			strconv.FormatInt(vendedor, 10), tok, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &l)
		if l.Paginacion.TotalRegistros != 11 {
			t.Fatalf("un día en la zona del sistema: %d registros", l.Paginacion.TotalRegistros)
		}
		for _, q := range []string{"limite=30", "limite=abc", "pagina=0", "empresa_id=abc", "usuario_id=-1", "accion=login",
			"fecha_desde=20-11-2026", "fecha_desde=2026-11-21&fecha_hasta=2026-11-20"} {
			name, _, _ := strings.Cut(q, "=")
			if q == "fecha_desde=2026-11-21&fecha_hasta=2026-11-20" {
				name = "fecha_hasta"
			}
			r := e.do("GET", "/api/config/auditoria/logs?"+q, tok, nil)
			r.expect(t, http.StatusBadRequest, "")
			if !strings.Contains(r.Message, name) {
				t.Errorf("%s: el mensaje no nombra el parámetro: %q", q, r.Message)
			}
		}
	})
}

func TestExportarAuditoria(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("superadmin")
		e.auditar(e.now, store.Auditoria{EmpresaID: 1, Accion: "PRUEBA_EXPORTACION", IP: "", Detalles: "=1+1"})
		e.auditar(e.now, store.Auditoria{Accion: "PRUEBA_EXPORTACION", Exito: true})
		r := e.do("GET", "/api/config/auditoria/logs/export?accion=PRUEBA_EXPORTACION", tok, nil)
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export: %d %s", r.Status, r.Header.Get("Content-Type"))
		}
		lines := strings.Split(strings.TrimPrefix(string(r.Body), "\uFEFF"), "\r\n")
		if len(lines) != 4 || lines[0] != "Fecha/Hora;Usuario;Empresa;Acción;Detalles;IP;Estado" ||
			lines[1] != `"20/11/2026 10:00:00";"Sistema";"N/A";"PRUEBA_EXPORTACION";"Sin detalles";"N/A";"Exitoso"` ||
			!strings.Contains(lines[2], `;"'=1+1";"N/A";"Fallido"`) {
			t.Fatalf("CSV:\n%s", r.Body)
		}
		e.do("GET", "/api/config/auditoria/logs/export?accion=NINGUNA", tok, nil).expect(t, http.StatusNotFound, MsgSinDatosExportar)
	})
}

func TestEstadisticasAuditoriaAPI(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("superadmin")
		e.login("vendedor")
		e.auditar(e.now.AddDate(0, 0, -8), store.Auditoria{Accion: "PRUEBA_ANTIGUA"})
		r := e.do("GET", "/api/config/auditoria/estadisticas", tok, nil)
		r.expect(t, http.StatusOK, "")
		var s EstadisticasAuditoria
		r.decode(t, &s)
		desde := e.now.AddDate(0, 0, -7)
		if s.Dias != 7 || !s.Desde.Equal(desde) || s.Logins != e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'LOGIN' AND created_at >= ?`, desde) ||
			s.Logins == 0 || s.TotalEventos != e.count(`SELECT COUNT(*) FROM auditoria WHERE created_at >= ?`, desde) {
			t.Fatalf("estadísticas = %+v", s)
		}
		if !slices.Contains(s.Acciones, "PRUEBA_ANTIGUA") || !slices.Contains(s.Acciones, "LOGIN") || len(s.Empresas) < 2 {
			t.Fatalf("opciones: acciones %v, empresas %v", s.Acciones, s.Empresas)
		}
		for _, tipo := range s.TiposEventos {
			if tipo.Accion == "PRUEBA_ANTIGUA" {
				t.Fatalf("el resumen cuenta una entrada de hace 8 días")
			}
		}
		var us []UsuarioDeFiltro
		r = e.do("GET", "/api/config/auditoria/usuarios?busqueda=VENDE", tok, nil)
		r.expect(t, http.StatusOK, "")
		r.decode(t, &us)
		if len(us) == 0 || us[0].NombreUsuario != "vendedor" || us[0].Rol != "vendedor" || us[0].EmpresaNombre == "" {
			t.Fatalf("usuarios = %+v", us)
		}
	})
}
