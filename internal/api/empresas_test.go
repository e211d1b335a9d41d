package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

var nuevaEmpresa = map[string]any{"nombre": "Río Luján Lanchas", "ruc": "33-69345023-9", "tipo": "operativa",
	"timezone": "America/Argentina/Buenos_Aires", "admin_usuario": "admin_lujan"}

func TestEmpresasSoloSuperAdmin(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for _, u := range []string{"admin", "supervisor", "vendedor", "admin2"} {
			e.do("GET", "/api/config/empresas", e.token(u), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
			e.do("POST", "/api/config/empresas", e.token(u), nuevaEmpresa).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
			e.do("DELETE", "/api/config/empresas/2", e.token(u), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
			e.do("GET", "/api/admin/empresas/1/estadisticas", e.token(u), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		if n := e.count(`SELECT COUNT(*) FROM empresas`); n != 2 {
			t.Fatalf("empresas: %d", n)
		}
		r := e.do("GET", "/api/config/empresas", e.token("superadmin"), nil)
		r.expect(t, http.StatusOK, "")
		var list []EmpresaListada
		r.decode(t, &list)
		if len(list) != 2 || list[1].Nombre != "Lanchas del Delta" || list[1].UsuariosCount != 5 {
			t.Fatalf("lista: %+v", list)
		}
	})
}

func TestCrearEmpresaConCatalogosYAdmin(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("POST", "/api/config/empresas", e.token("superadmin"), nuevaEmpresa)
		r.expect(t, http.StatusCreated, "Empresa creada exitosamente")
		var c EmpresaCreada
		r.decode(t, &c)
		cred := c.CredencialesTemporales
		if cred == nil || cred.Usuario != "admin_lujan" || !domain.ValidarPassword(cred.PasswordTemporal, domain.DatosPersonales{}).Valid ||
			!cred.ValidaHasta.Equal(e.now.Add(domain.VigenciaClaveTemporal)) || c.Empresa.Tipo != "operativa" {
			t.Fatalf("creada: %+v %+v", c, cred)
		}
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE nombre_usuario = 'admin_lujan' AND debe_cambiar_clave = ?
			AND clave_temporal_hasta IS NOT NULL`, true); n != 1 {
			t.Fatal("el administrador nuevo no tiene una contraseña temporal")
		}
		for tabla, n := range map[string]int64{"secciones": 1, "tipos_viaje": 5, "medios_pago": 5, "usuarios": 1} {
			if got := e.count(`SELECT COUNT(*) FROM `+tabla+` WHERE empresa_id = ?`, c.Empresa.ID); got != n {
				t.Errorf("%s: %d, esperaba %d", tabla, got, n)
			}
		}
		tok := e.tokenDe(e.loginCon("admin_lujan", cred.PasswordTemporal))
		e.do("GET", "/api/config/empresa", tok, nil).expect(t, http.StatusForbidden, domain.MsgDebeCambiarClave)

		// the same admin login again: nothing of the second company is written (one transaction)
		otra := map[string]any{"nombre": "Otra Empresa", "ruc": "30-50001091-2", "admin_usuario": "admin_lujan"}
		e.do("POST", "/api/config/empresas", e.token("superadmin"), otra).expect(t, http.StatusConflict, domain.MsgUsuarioDuplicado)
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE nombre = 'Otra Empresa'`); n != 0 {
			t.Fatalf("la empresa quedó escrita sin su administrador")
		}
		if n := e.count(`SELECT COUNT(*) FROM secciones`); n != 11 { // 5 + 5 of the demo, 1 of the first new company
			t.Fatalf("secciones: %d", n)
		}
		e.do("POST", "/api/config/empresas", e.token("superadmin"), nuevaEmpresa).expect(t, http.StatusConflict, store.MsgEmpresaDuplicada)
	})
}

func TestEmpresaEntradaInvalida(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		casos := []struct {
			cambio map[string]any
			msg    string
		}{
			{map[string]any{"ruc": ""}, domain.MsgEmpresaObligatorios},
			{map[string]any{"ruc": "33-69345023-8"}, domain.MsgCUITInvalido},
			{map[string]any{"timezone": "America/Tigre"}, domain.MsgZonaHorariaInvalida},
			{map[string]any{"tipo": "mixta"}, domain.MsgTipoEmpresa},
		}
		for _, c := range casos {
			body := map[string]any{}
			for k, v := range nuevaEmpresa {
				body[k] = v
			}
			for k, v := range c.cambio {
				body[k] = v
			}
			e.do("POST", "/api/config/empresas", e.token("superadmin"), body).expect(t, http.StatusBadRequest, c.msg)
			e.do("PUT", "/api/config/empresas/2", e.token("superadmin"), body).expect(t, http.StatusBadRequest, c.msg)
		}
		if n := e.count(`SELECT COUNT(*) FROM empresas`); n != 2 {
			t.Fatalf("empresas: %d", n)
		}
		actual := map[string]any{"nombre": "Lanchas del Delta", "timezone": "Marte/Olympus",
			"datos_contacto": sinDatosDeContacto(), "dias_venta_anticipada": 365,
			"venta_confirmar_mas_de_pasajes": 10, "venta_confirmar_monto_mayor_a": 100000}
		e.do("PUT", "/api/config/empresa", e.token("admin"), actual).expect(t, http.StatusBadRequest, domain.MsgZonaHorariaInvalida)
	})
}

func TestEmpresaDesactivadaQuedaAfuera(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		token := e.login("admin2")
		e.do("DELETE", "/api/config/empresas/2", e.token("superadmin"), nil).expect(t, http.StatusOK, "Empresa desactivada exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE id = 2 AND activa = ?`, false); n != 1 {
			t.Fatal("la empresa sigue activa")
		}
		e.do("GET", "/api/auth/me", token, nil).expect(t, http.StatusUnauthorized, "")
		r := e.do("POST", "/api/auth/login", "", map[string]string{"nombre_usuario": "admin2", "password": "demo123"})
		if r.Status != http.StatusUnauthorized {
			t.Fatalf("login de empresa desactivada: %d %q", r.Status, r.Message)
		}
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE empresa_id = 2`); n != 3 {
			t.Fatalf("los usuarios de la empresa se borraron: %d", n)
		}
		e.do("DELETE", "/api/config/empresas/1", e.token("superadmin"), nil).expect(t, http.StatusBadRequest, store.MsgEmpresaPropia)
		e.do("DELETE", "/api/config/empresas/999", e.token("superadmin"), nil).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
	})
}

func pngDe(t *testing.T, lado int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, lado, lado))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// subirLogo posts a multipart form whose field logo carries datos under the name nombre.
func (e *env) subirLogo(token, nombre string, datos []byte) response {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	f, err := w.CreateFormFile("logo", nombre)
	if err != nil {
		e.t.Fatal(err)
	}
	_, _ = f.Write(datos)
	_ = w.Close()
	return e.requestRaw("POST", "/api/config/empresa/logo", token, w.FormDataContentType(), body.Bytes())
}

func (e *env) requestRaw(method, path, token, contentType string, body []byte) response {
	e.t.Helper()
	return e.request(method, path, token, nil, func(r *http.Request) {
		r.Header.Set("Content-Type", contentType)
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
	})
}

func TestLogoEmpresa(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		ticketPDF := fmt.Sprintf("/api/tickets/ticket/%d/pdf", e.count(`SELECT MIN(id) FROM pasajes WHERE empresa_id = 1`))
		imagenesSinLogo := bytes.Count(e.do("GET", ticketPDF, admin, nil).Body, []byte("/Subtype /Image"))
		e.subirLogo(admin, "logo.png", []byte("texto renombrado como imagen")).expect(t, http.StatusBadRequest, domain.MsgLogoNoImagen)
		grande := append(pngDe(t, 8), make([]byte, 6<<20)...)
		e.subirLogo(admin, "grande.png", grande).expect(t, http.StatusBadRequest, domain.MsgLogoGrande)
		e.subirLogo(e.token("vendedor"), "logo.png", pngDe(t, 8)).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM empresa_logos`); n != 0 {
			t.Fatalf("logos guardados: %d", n)
		}

		r := e.subirLogo(admin, "logo.png", pngDe(t, 8))
		r.expect(t, http.StatusOK, "Logo subido exitosamente")
		var l LogoSubido
		r.decode(t, &l)
		if !strings.HasPrefix(l.URL, "/api/public/empresas/1/logo?v=") {
			t.Fatalf("url: %s", l.URL)
		}
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE id = 1 AND logo_url = ?`, l.URL); n != 1 {
			t.Fatal("logo_url no apunta al logo guardado")
		}
		img := e.do("GET", l.URL, "", nil)
		if img.Status != http.StatusOK || img.Header.Get("Content-Type") != "image/png" ||
			!strings.Contains(img.Header.Get("Cache-Control"), "max-age") || !bytes.Equal(img.Body, pngDe(t, 8)) {
			t.Fatalf("logo servido: %d %v", img.Status, img.Header)
		}
		req := httptest.NewRequest("GET", l.URL, nil)
		req.Header.Set("If-None-Match", img.Header.Get("ETag"))
		again := httptest.NewRecorder()
		e.srv.Handler().ServeHTTP(again, req)
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Fatalf("If-None-Match: %d", again.Code)
		}
		// the contract declares that answer
		var doc struct {
			Paths map[string]map[string]struct {
				Responses map[string]json.RawMessage `json:"responses"`
			} `json:"paths"`
		}
		if err := json.Unmarshal(e.do("GET", "/api/openapi.json", "", nil).Body, &doc); err != nil {
			t.Fatal(err)
		}
		if _, ok := doc.Paths["/api/public/empresas/{id}/logo"]["get"].Responses["304"]; !ok {
			t.Fatal("el documento no declara el 304 del logo")
		}
		e.do("GET", "/api/public/empresas/2/logo", "", nil).expect(t, http.StatusNotFound, "La empresa no tiene logo")

		pdf := e.do("GET", ticketPDF, admin, nil)
		if n := bytes.Count(pdf.Body, []byte("/Subtype /Image")); pdf.Status != http.StatusOK || n != imagenesSinLogo+1 {
			t.Fatalf("el PDF no lleva el logo guardado: %d, %d imágenes (%d sin logo)", pdf.Status, n, imagenesSinLogo)
		}
	})
}

func TestConfiguracionGeneral(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		body := map[string]any{"nombre": "Lanchas del Delta", "ruc": "30-50001091-2", "timezone": "America/Montevideo",
			"datos_contacto": map[string]string{"gerente": "Ana Paz", "whatsapp": "+54 9 11 5555-0000",
				"horario_atencion": "8 a 18", "sitio_web": "https://lanchas.ar"},
			"dias_venta_anticipada": 30, "venta_confirmar_mas_de_pasajes": 4, "venta_confirmar_monto_mayor_a": 50000}
		r := e.do("PUT", "/api/config/empresa", e.token("admin"), body)
		r.expect(t, http.StatusOK, "Configuración actualizada exitosamente")
		var got Empresa
		r.decode(t, &got)
		if got.Timezone != "America/Montevideo" || got.DatosContacto.Gerente != "Ana Paz" || got.DiasVentaAnticipada != 30 ||
			got.VentaConfirmarMasDePasajes != 4 || got.VentaConfirmarMontoMayorA != 5000000 {
			t.Fatalf("guardada: %+v", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE id = 2 AND timezone = 'America/Montevideo'`); n != 0 {
			t.Fatal("se cambió otra empresa")
		}
		e.do("PUT", "/api/config/empresa", e.token("vendedor"), body).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		body["datos_contacto"] = map[string]string{"gerente": strings.Repeat("a", 201)}
		if r := e.do("PUT", "/api/config/empresa", e.token("admin"), body); r.Status != http.StatusBadRequest ||
			!strings.Contains(r.Message, "gerente") {
			t.Fatalf("gerente demasiado largo: %d %q", r.Status, r.Message)
		}
	})
}

func TestConfiguracionesPorEmpresa(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		path := "/api/admin/empresas/2/configuraciones/color_primario"
		e.do("PUT", path, sa, map[string]string{"valor": "rojo"}).expect(t, http.StatusBadRequest,
			"El valor de color_primario debe ser un color #RRGGBB")
		e.do("PUT", path, sa, map[string]string{"valor": "#B91C1C", "descripcion": "Rojo"}).
			expect(t, http.StatusOK, "Configuración guardada exitosamente")
		e.do("PUT", "/api/admin/empresas/999/configuraciones/color_primario", sa, map[string]string{"valor": "#B91C1C"}).
			expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		e.do("PUT", path, e.token("admin2"), map[string]string{"valor": "#000000"}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)

		r := e.do("GET", "/api/config/empresa", e.token("admin2"), nil)
		var emp Empresa
		r.decode(t, &emp)
		if emp.ColorPrimario != "#B91C1C" || emp.ColorSecundario != "#10B981" {
			t.Fatalf("tema de la empresa 2: %s %s", emp.ColorPrimario, emp.ColorSecundario)
		}
		r = e.do("GET", "/api/admin/empresas/2/configuraciones", sa, nil)
		var cf ConfiguracionesEmpresa
		r.decode(t, &cf)
		propias := map[string]string{}
		for _, c := range cf.Configuraciones {
			propias[c.Clave] = c.Descripcion
		}
		// besides the colour, the register tolerance every test environment sets (newEnv)
		if len(propias) != 2 || propias["color_primario"] != "Rojo" || propias[domain.ClaveToleranciaCierre] == "" || len(cf.Presets) != 10 {
			t.Fatalf("configuraciones: %+v", cf)
		}
	})
}

func TestUsuariosYEstadisticasDeEmpresa(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		e.login("admin2")
		r := e.do("GET", "/api/config/empresas/2/usuarios", sa, nil)
		r.expect(t, http.StatusOK, "")
		var u UsuariosEmpresa
		r.decode(t, &u)
		if len(u.Usuarios) != 3 || u.Usuarios[0].NombreUsuario != "admin2" || u.Usuarios[0].UltimoLogin == nil ||
			u.Usuarios[0].Rol != "admin" || u.Usuarios[1].UltimoLogin != nil {
			t.Fatalf("usuarios: %+v", u.Usuarios)
		}
		r = e.do("GET", "/api/admin/empresas/1/estadisticas", sa, nil)
		var st EstadisticasEmpresa
		r.decode(t, &st)
		if st.TotalUsuarios != 5 || st.TotalPasajes != e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1`) {
			t.Fatalf("estadísticas: %+v", st)
		}
		e.do("GET", "/api/admin/empresas/999/estadisticas", sa, nil).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
	})
}

// auditadas counts the audit rows of accion by the super administrator, from
// the test client's address, on company empresaID, whose details contain each of detalles.
func (e *env) auditadas(accion string, empresaID int64, detalles ...string) int64 {
	e.t.Helper()
	q := `SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = ? AND usuario_id = ?
		AND ip_address = '192.0.2.1' AND exito = ?`
	args := []any{accion, empresaID, e.userID("superadmin"), true}
	for _, d := range detalles {
		q += ` AND detalles LIKE ?`
		args = append(args, "%"+d+"%")
	}
	return e.count(q, args...)
}

func TestEscriturasDeEmpresaIdempotentesYAuditadas(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		clave := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }

		// create: a retry answers the company again, without the password, and creates nothing more
		primera := e.doWith("POST", "/api/config/empresas", sa, nuevaEmpresa, clave("emp-crear"))
		primera.expect(t, http.StatusCreated, "Empresa creada exitosamente")
		var c EmpresaCreada
		primera.decode(t, &c)
		reintento := e.doWith("POST", "/api/config/empresas", sa, nuevaEmpresa, clave("emp-crear"))
		reintento.expect(t, http.StatusCreated, "Empresa creada exitosamente")
		var c2 EmpresaCreada
		reintento.decode(t, &c2)
		if c.CredencialesTemporales == nil || c2.CredencialesTemporales != nil || c2.Empresa.ID != c.Empresa.ID {
			t.Fatalf("reintento: %+v / %+v", c, c2)
		}
		otra := map[string]any{"nombre": "Otra Empresa", "ruc": "30-50001091-2", "admin_usuario": "admin_otra"}
		e.doWith("POST", "/api/config/empresas", sa, otra, clave("emp-crear")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if n := e.count(`SELECT COUNT(*) FROM empresas`); n != 3 {
			t.Fatalf("empresas: %d", n)
		}
		if n := e.auditadas(store.AccionCreacionEmpresa, c.Empresa.ID, `"antes":null`,
			`"despues":{"id":`+strconv.FormatInt(c.Empresa.ID, 10)+`,"nombre":"Río Luján Lanchas"`); n != 1 {
			t.Fatalf("CREACION_EMPRESA auditadas: %d", n)
		}
		if n := e.auditadas(store.AccionCreacionUsuario, c.Empresa.ID, `"nombre_usuario":"admin_lujan"`); n != 1 {
			t.Fatalf("CREACION_USUARIO del administrador: %d", n)
		}

		// edit
		edicion := map[string]any{"nombre": "Lanchas del Delta Norte", "ruc": "30-50001091-2", "tipo": "operativa"}
		for range 2 {
			e.doWith("PUT", "/api/config/empresas/2", sa, edicion, clave("emp-editar")).
				expect(t, http.StatusOK, "Empresa actualizada exitosamente")
		}
		edicion["nombre"] = "Lanchas del Delta Sur"
		e.doWith("PUT", "/api/config/empresas/2", sa, edicion, clave("emp-editar")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE id = 2 AND nombre = 'Lanchas del Delta Norte'`); n != 1 {
			t.Fatal("la edición no quedó o la rechazada se escribió")
		}
		if n := e.auditadas(store.AccionActualizacionEmpresa, 2, `"antes":{"id":2,"nombre":"Interisleña Demo"`,
			`"despues":{"id":2,"nombre":"Lanchas del Delta Norte"`); n != 1 {
			t.Fatalf("ACTUALIZACION_EMPRESA auditadas: %d", n)
		}

		// per-company setting
		ajuste := "/api/admin/empresas/2/configuraciones/color_primario"
		for range 2 {
			e.doWith("PUT", ajuste, sa, map[string]string{"valor": "#B91C1C"}, clave("emp-ajuste")).
				expect(t, http.StatusOK, "Configuración guardada exitosamente")
		}
		e.doWith("PUT", ajuste, sa, map[string]string{"valor": "#000000"}, clave("emp-ajuste")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if n := e.auditadas(store.AccionConfiguracionEmpresa, 2, `"antes":null`,
			`"despues":{"id":`, `"clave":"color_primario","valor":"#B91C1C"`); n != 1 {
			t.Fatalf("CONFIGURACION_EMPRESA auditadas: %d", n)
		}

		// deactivate
		for range 2 {
			e.doWith("DELETE", "/api/config/empresas/2", sa, nil, clave("emp-baja")).
				expect(t, http.StatusOK, "Empresa desactivada exitosamente")
		}
		e.doWith("DELETE", "/api/config/empresas/"+strconv.FormatInt(c.Empresa.ID, 10), sa, nil, clave("emp-baja")).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE activa = ?`, true); n != 2 {
			t.Fatalf("empresas activas: %d", n)
		}
		if n := e.auditadas(store.AccionDesactivacionEmpresa, 2, `"antes":{`, `"activa":true`, `"despues":{`,
			`"activa":false`); n != 1 {
			t.Fatalf("DESACTIVACION_EMPRESA auditadas: %d", n)
		}

		// a refused write is not audited
		e.do("DELETE", "/api/config/empresas/999", sa, nil).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionDesactivacionEmpresa); n != 1 {
			t.Fatalf("DESACTIVACION_EMPRESA: %d", n)
		}
	})
}

// backoffice §7: PUT /config/empresas/{id} with {activo: false} alone
// deactivates the company as DELETE does; {activo: true} alone activates it.
func TestPUTActivoFalseDesactivaLaEmpresa(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		token := e.login("admin2")
		baja := map[string]any{"activo": false}

		// only the super administrator, whatever the company
		for _, u := range []string{"admin", "admin2", "supervisor", "vendedor"} {
			e.do("PUT", "/api/config/empresas/2", e.token(u), baja).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		}
		e.do("PUT", "/api/config/empresas/999", sa, baja).expect(t, http.StatusNotFound, store.MsgEmpresaNoEncontrada)
		e.do("PUT", "/api/config/empresas/1", sa, baja).expect(t, http.StatusBadRequest, store.MsgEmpresaPropia)
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE activa = ?`, true); n != 2 {
			t.Fatalf("empresas activas tras los rechazos: %d", n)
		}

		clave := map[string]string{"Idempotency-Key": "emp-put-baja"}
		for range 2 { // a retry answers the same and audits nothing more
			r := e.doWith("PUT", "/api/config/empresas/2", sa, baja, clave)
			r.expect(t, http.StatusOK, "Empresa desactivada exitosamente")
			var emp Empresa
			r.decode(t, &emp)
			if emp.ID != 2 || emp.Activa || emp.Nombre != "Interisleña Demo" {
				t.Fatalf("empresa: %+v", emp)
			}
		}
		// the company's data is untouched; its users are out, as with DELETE
		if n := e.count(`SELECT COUNT(*) FROM empresas WHERE id = 2 AND activa = ? AND nombre = 'Interisleña Demo'
			AND ruc = '30-70987654-3'`, false); n != 1 {
			t.Fatal("la empresa no quedó desactivada con sus datos")
		}
		e.do("GET", "/api/auth/me", token, nil).expect(t, http.StatusUnauthorized, "")
		if r := e.do("POST", "/api/auth/login", "", map[string]string{"nombre_usuario": "admin2", "password": demo.Password}); r.Status != http.StatusUnauthorized {
			t.Fatalf("login de empresa desactivada: %d %q", r.Status, r.Message)
		}
		if n := e.auditadas(store.AccionDesactivacionEmpresa, 2, `"antes":{`, `"activa":true`, `"despues":{`,
			`"activa":false`); n != 1 {
			t.Fatalf("DESACTIVACION_EMPRESA auditadas: %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM eventos WHERE empresa_id = 2 AND nombre = ?`, events.SesionRevocada); n != 1 {
			t.Fatalf("sesiones revocadas: %d", n)
		}

		// {activo: true} alone activates it again
		r := e.do("PUT", "/api/config/empresas/2", sa, map[string]any{"activo": true})
		r.expect(t, http.StatusOK, "Empresa activada exitosamente")
		e.login("admin2")
		if n := e.auditadas(store.AccionActualizacionEmpresa, 2, `"activa":false`, `"despues":{`, `"activa":true`); n != 1 {
			t.Fatalf("ACTUALIZACION_EMPRESA de la reactivación: %d", n)
		}

		// anything besides activo is the whole company again, checked as ever
		e.do("PUT", "/api/config/empresas/2", sa, map[string]any{"activo": false, "telefono": "123"}).
			expect(t, http.StatusBadRequest, domain.MsgEmpresaObligatorios)
		e.do("PUT", "/api/config/empresas/2", sa, map[string]any{}).expect(t, http.StatusBadRequest, domain.MsgEmpresaObligatorios)
	})
}

// TestCompanyStatisticsLeaveACancelledTicketOutOfTheMonthsIncome sells and
// cancels a ticket: the super administrator's monthly income of the company
// is what it was before (issue 36 item 7: it counted cancelled tickets).
func TestCompanyStatisticsLeaveACancelledTicketOutOfTheMonthsIncome(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa, vend, sup := e.token("superadmin"), e.token("vendedor"), e.token("supervisor")
		ingresos := func() domain.Centavos {
			t.Helper()
			r := e.do("GET", "/api/admin/empresas/1/estadisticas", sa, nil)
			r.expect(t, http.StatusOK, "")
			var st EstadisticasEmpresa
			r.decode(t, &st)
			return st.IngresosMes
		}
		antes := ingresos()
		e.abrir(vend, 0).expect(t, http.StatusCreated, "")
		e.abrir(sup, 0).expect(t, http.StatusCreated, "")
		r := e.sell(vend, e.lote(map[string]int{"General": 1}, "Efectivo"), "")
		r.expect(t, http.StatusCreated, "")
		var v struct {
			Pasajes []struct {
				ID     int64
				Precio domain.Centavos
			}
		}
		r.decode(t, &v)
		if got := ingresos(); got != antes+v.Pasajes[0].Precio {
			t.Fatalf("ingresos tras la venta %s, quería %s", got, antes+v.Pasajes[0].Precio)
		}
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", v.Pasajes[0].ID), sup, map[string]any{"motivo": "Error"}).
			expect(t, http.StatusOK, "")
		if got := ingresos(); got != antes {
			t.Fatalf("ingresos tras cancelar %s, quería %s", got, antes)
		}
	})
}

// sinDatosDeContacto is a company's contact data with every field empty.
func sinDatosDeContacto() map[string]string {
	return map[string]string{"gerente": "", "whatsapp": "", "horario_atencion": "", "sitio_web": ""}
}
