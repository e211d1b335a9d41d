package api

import (
	"context"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// Issue 20: no input answers 5xx, on either database.

func TestQueryDatesOutsideTheYearsBothEnginesHoldAre400(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, sa := e.token("admin"), e.token("superadmin")
		cases := []struct{ token, path, param string }{
			{admin, "/api/pasajes", "fecha_inicio"}, {admin, "/api/pasajes", "fecha_fin"},
			{admin, "/api/pasajes/export", "fecha_inicio"}, {admin, "/api/pasajes/por-fecha", "fecha"},
			{sa, "/api/config/auditoria/logs", "fecha_desde"}, {sa, "/api/config/auditoria/logs/export", "fecha_hasta"},
		}
		for _, c := range cases {
			e.do("GET", c.path+"?"+c.param+"=0000-01-01", c.token, nil).
				expect(t, http.StatusBadRequest, "El parámetro "+c.param+" debe ser una fecha entre los años 1 y 9999")
			for _, fecha := range []string{"10000-01-01", "-0001-01-01", "2026-02-30"} {
				e.do("GET", c.path+"?"+c.param+"="+fecha, c.token, nil).
					expect(t, http.StatusBadRequest, "El parámetro "+c.param+" debe ser una fecha con el formato AAAA-MM-DD")
			}
			// an export with nothing in it is 404; the ticket list from the year 1 to today is too long
			for _, fecha := range []string{"0001-01-01", "9999-12-31"} {
				if r := e.do("GET", c.path+"?"+c.param+"="+fecha, c.token, nil); r.Status != http.StatusOK &&
					r.Status != http.StatusNotFound && r.Message != domain.MsgPeriodoListadoLargo {
					t.Errorf("%s?%s=%s: %d %q", c.path, c.param, fecha, r.Status, r.Message)
				}
			}
		}
	})
}

func TestInvalidUTF8OrControlCharactersInTheQueryAre400(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for _, q := range []string{"busqueda=%FF", "busqueda=a%C3", "estado=%00", "busqueda=%1B%5B2J"} {
			name, _, _ := strings.Cut(q, "=")
			e.do("GET", "/api/pasajes?"+q, admin, nil).
				expect(t, http.StatusBadRequest, "El parámetro "+name+" contiene caracteres no permitidos")
		}
		e.do("GET", "/api/config/clientes?%FF=1", admin, nil).
			expect(t, http.StatusBadRequest, "Los parámetros de la consulta contienen caracteres no permitidos")
		// public routes too, before anything else runs
		e.do("GET", "/api/public/empresa?x=%FE", "", nil).
			expect(t, http.StatusBadRequest, "El parámetro x contiene caracteres no permitidos")
		e.do("GET", "/api/pasajes?busqueda="+url.QueryEscape("Gómez 🚤"), admin, nil).expect(t, http.StatusOK, "")
	})
}

func TestAnIdempotencyKeyIsPrintableUTF8(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		body := map[string]any{"monto_apertura": 1000}
		antes := e.estado()
		for _, key := range []string{"\xff\xfe", "clave\x00nula", "a\u202eb", strings.Repeat("k", maxIdempotencyKey+1)} {
			msg := "La clave de idempotencia contiene caracteres no permitidos"
			if len(key) > maxIdempotencyKey {
				msg = "La clave de idempotencia es demasiado larga"
			}
			e.doWith("POST", "/api/caja/abrir", tok, body, map[string]string{"Idempotency-Key": key}).
				expect(t, http.StatusBadRequest, msg)
		}
		if e.estado() != antes {
			t.Fatalf("una clave rechazada escribió: %s → %s", antes, e.estado())
		}
		e.doWith("POST", "/api/caja/abrir", tok, body, map[string]string{"Idempotency-Key": "apertura ñ/1"}).
			expect(t, http.StatusCreated, "")
	})
}

func TestAPageThatWouldOverflowTheOffsetIs400(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin, sa := e.token("admin"), e.token("superadmin")
		huge := []string{strconv.Itoa(maxPagina + 1), strconv.FormatInt(1<<62, 10), "9223372036854775807"}
		for _, n := range huge {
			e.do("GET", "/api/config/clientes?limite=500&pagina="+n, admin, nil).
				expect(t, http.StatusBadRequest, "El parámetro pagina no debe superar 1000000")
			e.do("GET", "/api/pasajes?limit=100&page="+n, admin, nil).
				expect(t, http.StatusBadRequest, "El parámetro page no debe superar 1000000")
			e.do("GET", "/api/config/auditoria/logs?limite=200&pagina="+n, sa, nil).
				expect(t, http.StatusBadRequest, "El parámetro pagina no debe superar 1000000")
			e.do("GET", "/api/caja/historial?limite=500&pagina="+n, admin, nil).
				expect(t, http.StatusBadRequest, "El parámetro pagina no debe superar 1000000")
		}
		e.do("GET", "/api/config/clientes?pagina=9223372036854775808", admin, nil).
			expect(t, http.StatusBadRequest, "El parámetro pagina debe ser un número entero mayor que cero")
		r := e.do("GET", "/api/pasajes?limit=100&page="+strconv.Itoa(maxPagina), admin, nil)
		r.expect(t, http.StatusOK, "")
		var l ListadoPasajes
		r.decode(t, &l)
		if len(l.Pasajes) != 0 || l.TotalItems == 0 {
			t.Fatalf("la última página posible: %d pasajes de %d", len(l.Pasajes), l.TotalItems)
		}
	})
}

// A path id that no record can have (not a positive 64-bit number) is absent:
// 404 like any missing record. A query id is a filter the client typed: 400
// when it is not a positive 64-bit number. Ids are BIGINT on both engines, so
// one past the 32-bit range is simply not found.
func TestIdsBeyondTheirTypeAre404InThePathAnd400InTheQuery(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for _, id := range []string{"2147483648", "9223372036854775807", "9223372036854775808", "99999999999999999999999"} {
			e.do("GET", "/api/pasajes/"+id, admin, nil).expect(t, http.StatusNotFound, "")
			e.do("PUT", "/api/config/secciones/"+id, admin, map[string]any{"nombre": "X", "capacidad": 1}).
				expect(t, http.StatusNotFound, "")
		}
		for _, id := range []string{"9223372036854775808", "-1", "1e3"} {
			e.do("GET", "/api/pasajes?seccion_id="+id, admin, nil).
				expect(t, http.StatusBadRequest, "El parámetro seccion_id debe ser un número entero mayor que cero")
		}
		r := e.do("GET", "/api/pasajes?seccion_id=2147483648", admin, nil)
		r.expect(t, http.StatusOK, "")
		var l ListadoPasajes
		r.decode(t, &l)
		if l.TotalItems != 0 {
			t.Fatalf("una sección inexistente lista %d pasajes", l.TotalItems)
		}
	})
}

// A body integer stored in a 32-bit column is declared int32: the decoder
// refuses what the column cannot hold, naming the field.
func TestABodyIntegerBeyondItsColumnIs400(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		r := e.do("GET", "/api/config/empresa", admin, nil)
		r.expect(t, http.StatusOK, "")
		var emp Empresa
		r.decode(t, &emp)
		body := map[string]any{"nombre": emp.Nombre, "timezone": emp.Timezone, "dias_venta_anticipada": 365,
			"venta_confirmar_monto_mayor_a": 1000, "datos_contacto": sinDatosDeContacto()}
		for _, n := range []int64{1 << 31, 1 << 40, -(1 << 31) - 1} {
			body["venta_confirmar_mas_de_pasajes"] = n
			e.do("PUT", "/api/config/empresa", admin, body).
				expect(t, http.StatusBadRequest, "El campo venta_confirmar_mas_de_pasajes tiene un valor inválido")
		}
		body["venta_confirmar_mas_de_pasajes"] = 1<<31 - 1
		e.do("PUT", "/api/config/empresa", admin, body).expect(t, http.StatusOK, "")
		if n := e.count(`SELECT venta_grande_pasajes FROM empresas WHERE id = 1`); n != 1<<31-1 {
			t.Fatalf("venta_grande_pasajes = %d", n)
		}
	})
}

// A super_admin names the company whose user it creates in the query string:
// the same key for another company must not replay the first company's user.
func TestTheSameIdempotencyKeyWithAnotherQueryStringIs422(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sa := e.token("superadmin")
		body := map[string]any{"nombre_usuario": "boletero", "email": "boletero@example.com",
			"rol": domain.RolVendedor, "password": "Rq7#mvLp2xW!"}
		key := map[string]string{"Idempotency-Key": "alta-boletero"}
		e.doWith("POST", "/api/config/usuarios?empresa_id=1", sa, body, key).
			expect(t, http.StatusCreated, "Usuario creado exitosamente")
		e.doWith("POST", "/api/config/usuarios?empresa_id=2", sa, body, key).
			expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		// the same request again is the stored answer
		e.doWith("POST", "/api/config/usuarios?empresa_id=1", sa, body, key).
			expect(t, http.StatusCreated, "Usuario creado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM usuarios WHERE nombre_usuario = 'boletero' AND empresa_id = 1`); n != 1 {
			t.Fatalf("%d usuarios boletero en la empresa 1", n)
		}
	})
}

func TestJSONAnswersAreNotCached(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		for _, r := range []response{
			e.do("GET", "/api/config/secciones", admin, nil),
			e.do("GET", "/api/auth/me", "", nil),
			e.do("GET", "/api/pasajes?page=x", admin, nil),
			e.do("GET", "/api/no-existe", admin, nil),
			e.do("POST", "/api/auth/login", "", map[string]string{"nombre_usuario": "nadie", "password": "x"}),
			e.do("GET", "/api/openapi.json", "", nil),
		} {
			if got := r.Header.Get("Cache-Control"); got != "no-store" ||
				!strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%d: Cache-Control %q, Content-Type %q", r.Status, got, r.Header.Get("Content-Type"))
			}
		}
	})
}

// A database that is closed answers 503 with Retry-After, like an outage.
func TestAClosedDatabaseIs503WithRetryAfter(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		if err := e.st.Close(); err != nil {
			t.Fatal(err)
		}
		expectOutage(t, e, admin)
	})
}

// expectOutage checks a read, a write, a login and the health check against
// a database that cannot be reached.
func expectOutage(t *testing.T, e *env, token string) {
	t.Helper()
	for _, r := range []response{
		e.do("GET", "/api/health", "", nil),
		e.do("GET", "/api/config/secciones", token, nil),
		e.do("POST", "/api/config/secciones", token, map[string]any{"nombre": "Caída", "capacidad": 1}),
		e.do("POST", "/api/auth/login", "", map[string]string{"nombre_usuario": "admin", "password": "x"}),
	} {
		r.expect(t, http.StatusServiceUnavailable, domain.MsgBaseNoDisponible)
		if r.Header.Get("Retry-After") == "" {
			t.Errorf("503 sin Retry-After: %v", r.Header)
		}
	}
}

// A PostgreSQL server that refuses connections (its port closed, every open
// connection cut) answers 503 with Retry-After too.
func TestAPostgreSQLServerThatRefusesConnectionsIs503(t *testing.T) {
	e, p, admin := envTrasProxy(t)
	p.cortar()
	expectOutage(t, e, admin)
}

// envTrasProxy is an env on a PostgreSQL schema reached through a proxy the
// test can cut (cortable), with an admin's token that has already read once.
func envTrasProxy(t *testing.T) (*env, *cortable, string) {
	t.Helper()
	u, err := url.Parse(storetest.PostgresSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	p := newCortable(t, u.Host)
	u.Host = p.ln.Addr().String()
	st, err := store.Open(u.String(), store.WithSecretBox(storetest.Box(t)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := st.EnsureRolesIntegrados(context.Background()); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, st)
	admin := e.token("admin")
	e.do("GET", "/api/config/secciones", admin, nil).expect(t, http.StatusOK, "")
	return e, p, admin
}

// A PostgreSQL server that is up but refuses new connections with a SQLSTATE
// (55000: the database does not accept connections; 57P03: starting or
// shutting down; 53300: too many connections) answers 503 too, not 500
// (issue 36 item 17).
func TestAPostgreSQLServerThatRefusesConnectionsWithASQLSTATEIs503(t *testing.T) {
	for _, codigo := range []string{"55000", "57P03", "53300"} {
		t.Run(codigo, func(t *testing.T) {
			e, p, admin := envTrasProxy(t)
			p.rehusar(codigo)
			expectOutage(t, e, admin)
		})
	}
}

// cortable forwards a local port to a server until cut; then the port
// refuses connections and the forwarded ones are closed.
type cortable struct {
	ln     net.Listener
	mu     sync.Mutex
	conns  []net.Conn
	codigo string // once set (rehusar), new connections are refused with this SQLSTATE
}

func newCortable(t *testing.T, destino string) *cortable {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cortable{ln: ln}
	t.Cleanup(p.cortar)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			codigo := p.codigo
			p.mu.Unlock()
			if codigo != "" {
				go rechazarConexion(c, codigo)
				continue
			}
			s, err := net.Dial("tcp", destino)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(s, c); s.Close() }()
			go func() { _, _ = io.Copy(c, s); c.Close() }()
		}
	}()
	return p
}

// rehusar cuts every forwarded connection and answers each new one's
// startup with a FATAL error of SQLSTATE codigo, as a PostgreSQL that is up
// but does not take connections does.
func (p *cortable) rehusar(codigo string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.codigo = codigo
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// rechazarConexion answers a client's startup (after refusing TLS) with a
// FATAL error of SQLSTATE codigo and closes the connection.
func rechazarConexion(c net.Conn, codigo string) {
	defer c.Close()
	b := pgproto3.NewBackend(c, c)
	m, err := b.ReceiveStartupMessage()
	if _, tls := m.(*pgproto3.SSLRequest); err == nil && tls {
		_, _ = c.Write([]byte("N"))
		_, err = b.ReceiveStartupMessage()
	}
	if err == nil {
		b.Send(&pgproto3.ErrorResponse{Severity: "FATAL", Code: codigo, Message: "la base no acepta conexiones"})
		_ = b.Flush()
	}
}

func (p *cortable) cortar() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

// A name made of invisible characters alone is empty: required, like "".
func TestANameOfInvisibleSpacesIsEmpty(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		antes := e.estado()
		for _, nombre := range []string{"\u00a0\u3000", "\u2003 \u205f"} {
			e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": nombre, "capacidad": 1}).
				expect(t, http.StatusBadRequest, "El nombre es obligatorio")
		}
		for _, nombre := range []string{"Tigre\u200b", "\u202eerbiL", "\ufeffDelta", "a\u2066b\u2069"} {
			e.do("POST", "/api/config/secciones", admin, map[string]any{"nombre": nombre, "capacidad": 1}).
				expect(t, http.StatusBadRequest, "El campo nombre contiene caracteres no permitidos")
		}
		if e.estado() != antes {
			t.Fatalf("un nombre rechazado escribió: %s → %s", antes, e.estado())
		}
	})
}

func TestCommonArgentinePasswordsAndTheCompanysNameAreRefused(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		// the demo company is "Lanchas del Delta"
		for _, p := range []string{"Muelle.2026", "Tigre2026!", "Argentina1!", "Buenos.Aires.2026", "Paraná-2026",
			"Delta#2026", "LanchasDelDelta.7"} {
			e.do("PUT", "/api/usuarios/cambiar-contrasena", tok, map[string]string{"clave_actual": demo.Password,
				"clave_nueva": p}).
				expect(t, http.StatusBadRequest, domain.MsgPasswordNoCumple+": La contraseña es demasiado común")
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CAMBIO_CLAVE'`) != 0 {
			t.Fatal("una contraseña rechazada se guardó")
		}
		admin := e.token("admin")
		r := e.do("POST", "/api/config/validar-password", admin, map[string]string{"password": "Lanchas.2026"})
		r.expect(t, http.StatusOK, "")
		var v ValidacionPassword
		r.decode(t, &v)
		if v.Valid || v.Checks.NoCommon {
			t.Fatalf("'Lanchas.2026' pasó: %+v", v)
		}
		e.do("POST", "/api/config/usuarios", admin, map[string]any{"nombre_usuario": "nueva", "email": "nueva@example.com",
			"rol": domain.RolVendedor, "password": "Delta.2026"}).
			expect(t, http.StatusBadRequest, domain.MsgPasswordNoCumple+": La contraseña es demasiado común")
	})
}

// Usernames are global (a login names the user alone); a name taken in
// another company answers exactly like one taken in the caller's.
func TestATakenUsernameTellsNothingOfOtherCompanies(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		nuevo := func(nombre string) response {
			return e.do("POST", "/api/config/usuarios", admin, map[string]any{"nombre_usuario": nombre,
				"email": nombre + "@example.com", "rol": domain.RolVendedor, "password": "Rq7#mvLp2xW!"})
		}
		antes := e.count(`SELECT COUNT(*) FROM usuarios`)
		propio, ajeno := nuevo("vendedor"), nuevo("admin2") // admin2 is the other demo company's
		propio.expect(t, http.StatusConflict, domain.MsgUsuarioDuplicado)
		ajeno.expect(t, http.StatusConflict, domain.MsgUsuarioDuplicado)
		if string(propio.Body) != string(ajeno.Body) {
			t.Fatalf("las respuestas difieren: %s / %s", propio.Body, ajeno.Body)
		}
		if e.count(`SELECT COUNT(*) FROM usuarios`) != antes {
			t.Fatal("un nombre repetido creó un usuario")
		}
	})
}

// queryParams are every query parameter a route declares, and some no route declares.
var queryParams = []string{"accion", "activos", "agrupar", "anio", "año", "base", "busqueda", "cancelados", "codigo", "count", "desde",
	"documento", "embarcado", "empresa_id", "estado", "fecha", "fecha_desde", "fecha_fin", "fecha_hasta",
	"fecha_inicio", "fin", "formato", "ids", "impresion", "impresiones", "inicio", "limit", "limite", "mes", "meses", "numero", "page", "pagina",
	"papel", "periodo", "por_pagina", "readable", "reasignar_a", "referencia", "search", "seccion_id", "tipo", "tipo_viaje_id", "usuario_id", "v",
	"zzz"}

// garbage are values that have broken parsers and databases: bounds of every
// integer type, dates out of range, invalid UTF-8, controls, invisible and
// bidirectional characters, SQL and LIKE metacharacters, long texts.
var garbage = []string{"", " ", "0", "-1", "1", "2147483647", "2147483648", "-2147483649", "4294967296",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808", "99999999999999999999999", "1e9", "0x10",
	"1.5", "NaN", "Infinity", "true", "FALSE", "0000-01-01", "0001-01-01", "9999-12-31", "10000-01-01",
	"2026-02-29", "2026-13-01", "2026-11-20", "20261120", "\xff", "\xc3", "\xed\xa0\x80", "\x00", "a\x00b", "\x1b[2J",
	"\u200b", "\u202e", "\ufeff", "🚤", "Gómez", "' OR 1=1 --", "%", "_", "\\", "%%", "a%b_c\\", ",", ",,1,",
	"1,2,3", "1,-1", strings.Repeat("9", 400), strings.Repeat("ñ", 101), strings.Repeat("a", 5000),
	"todas", "leidas", "no_leidas", "activo", "usado", "cancelado", "programado", "80mm", "A4", "LOGIN",
	"hoy", "rango", "mes", "año", "venta", "viaje", "2020", "2030", "12", "13", "csv", "xlsx", "pdf", "80mm", "a4"}

// getRoute is a GET route of the table with its path (fixtures in place) and
// the token of a caller who may call it.
type getRoute struct {
	rt          route
	path, token string
}

// getRoutes are the GET routes of the table, each with the first built-in
// caller (admin before super_admin: most routes are a company's) it lets in.
func getRoutes(t testing.TB, e *env) []getRoute {
	tokens := map[string]string{}
	var out []getRoute
	walkRoutes(t, e, func(rt route, path string) {
		if rt.Method != "GET" {
			return
		}
		if rt.Access.Cliente {
			out = append(out, getRoute{rt, path, e.tokenCliente()})
			return
		}
		for _, w := range []walker{walkers[2], walkers[1], walkers[3], walkers[4], walkers[5]} {
			role, _ := domain.RolIntegrado(w.rol)
			if rt.Access.Publico || rt.Access.Permite(w.rol, role.Permisos) {
				if tokens[w.usuario] == "" {
					tokens[w.usuario] = e.token(w.usuario)
				}
				out = append(out, getRoute{rt, path, tokens[w.usuario]})
				return
			}
		}
		t.Fatalf("ningún usuario de la demo llega a GET %s", rt.Path)
	})
	return out
}

// serve sends a GET to h with a route's token and returns the answer. The
// query is set raw, so any bytes a fuzzer finds reach the handler (a request
// line would refuse spaces and control bytes before that).
func serve(h http.Handler, g getRoute, query string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", g.path, nil)
	req.URL.RawQuery = query
	req.Header.Set("Authorization", "Bearer "+g.token)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// checkNo5xx sends a query to a route and fails on a 5xx.
func checkNo5xx(t testing.TB, h http.Handler, g getRoute, query string) {
	t.Helper()
	if rec := serve(h, g, query); rec.Code >= 500 {
		t.Errorf("GET %s?%s: %d", g.path, query, rec.Code)
	}
}

// leidos are the query parameters a route reads: those it refuses by name
// when given a value no parameter takes (not a number, a date nor a choice,
// and longer than any text parameter, a signed QR code's 500 included), other
// than as a parameter it does not declare.
func leidos(h http.Handler, g getRoute) []string {
	var out []string
	for _, p := range queryParams {
		rec := serve(h, g, url.Values{p: {"zz" + strings.Repeat("z", 5000)}}.Encode())
		body := rec.Body.String()
		if rec.Code == http.StatusBadRequest && !strings.Contains(body, "parámetro "+p+" no está permitido") &&
			(strings.Contains(body, "parámetro "+p+" ") || strings.Contains(body, "parámetro "+p+`"`)) {
			out = append(out, p)
		}
	}
	return out
}

// declarados are the query parameters of a route's query type.
func declarados(t testing.TB, rt route) []string {
	if rt.Handler.query == nil {
		return nil
	}
	campos, err := camposConsulta(rt.Handler.query)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(campos))
	for i, c := range campos {
		out[i] = c.nombre
	}
	return out
}

// TestNoQueryParameterAnswers5xx finds the parameters each GET route of the
// table reads, sends each of them every garbage value, then random
// combinations of them (a fixed seed: the same requests each run), as a
// caller the route lets in, and fails on any 5xx.
func TestNoQueryParameterAnswers5xx(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		rng := rand.New(rand.NewPCG(20, 9))
		h := e.srv.Handler()
		lee := map[string][]string{}
		for _, g := range getRoutes(t, e) {
			params := leidos(h, g)
			lee[g.rt.Path] = params
			// what a route reads is what its query type declares, no more, no less
			decl := declarados(t, g.rt)
			for _, p := range decl {
				if !slices.Contains(queryParams, p) {
					t.Errorf("%s declara %s: agréguelo a queryParams", g.rt.Path, p)
				}
			}
			if slices.Sort(decl); !slices.Equal(decl, params) {
				t.Errorf("%s lee %v y declara %v", g.rt.Path, params, decl)
			}
			for _, p := range params {
				for _, v := range garbage {
					checkNo5xx(t, h, g, url.Values{p: {v}}.Encode())
				}
			}
			for range 10 * len(params) {
				q := url.Values{}
				for _, p := range params {
					q.Set(p, garbage[rng.IntN(len(garbage))])
				}
				checkNo5xx(t, h, g, q.Encode())
			}
		}
		// the discovery finds what the routes are known to read
		for path, want := range map[string][]string{"/api/pasajes": {"busqueda", "fecha_inicio", "page", "seccion_id"},
			"/api/config/auditoria/logs": {"fecha_desde", "pagina", "empresa_id"}, "/api/config/clientes": {"search", "pagina"}} {
			for _, p := range want {
				if !slices.Contains(lee[path], p) {
					t.Errorf("%s: no se encontró que lee %s (%v)", path, p, lee[path])
				}
			}
		}
	})
}

// FuzzQueryParameters sends any query string to every GET route (SQLite):
// nothing answers 5xx.
func FuzzQueryParameters(f *testing.F) {
	for _, q := range []string{"pagina=1000000&limite=500", "fecha_inicio=9999-12-31&fecha_fin=9999-12-31",
		"fecha=0001-01-01", "busqueda=%FF", "ids=1,,2", "desde=9223372036854775807", "empresa_id=2147483648"} {
		f.Add(q)
	}
	e := newEnv(f, storetest.SQLite(f))
	routes, h := getRoutes(f, e), e.srv.Handler()
	f.Fuzz(func(t *testing.T, query string) {
		for _, g := range routes {
			checkNo5xx(t, h, g, query)
		}
	})
}
