package api

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"muelle/internal/domain"
)

// raw sends a body as given, with the Content-Type given ("" for none).
func (e *env) raw(method, path, token, body, contentType string) response {
	e.t.Helper()
	return e.request(method, path, token, nil, func(r *http.Request) {
		r.Body = io.NopCloser(strings.NewReader(body))
		r.ContentLength = int64(len(body))
		if contentType != "" {
			r.Header.Set("Content-Type", contentType)
		}
	})
}

// estado is everything a refused write could have touched.
func (e *env) estado() string {
	return fmt.Sprint(e.count(`SELECT COUNT(*) FROM pasajes`), e.count(`SELECT COUNT(*) FROM caja_movimientos`),
		e.count(`SELECT COUNT(*) FROM cajas`), e.count(`SELECT COUNT(*) FROM cajas WHERE estado = 'abierta'`),
		e.count(`SELECT COUNT(*) FROM secciones`), e.count(`SELECT COALESCE(SUM(precio), 0) FROM precios`),
		e.count(`SELECT COUNT(*) FROM auditoria`), e.count(`SELECT COUNT(*) FROM intentos_login`),
		e.count(`SELECT COUNT(*) FROM idempotencia`), e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`))
}

// strictCase is one endpoint of the strict-input table: a valid body, one
// of its text fields with its bound, and its money field if any.
type strictCase struct {
	method, path, user string
	body               map[string]any
	text               string
	max                int
	money              string
}

func strictEndpoints(e *env) []strictCase {
	venta := e.lote(map[string]int{"General": 1}, "Efectivo")
	uno := e.lote(map[string]int{"General": 1}, "Efectivo")
	delete(uno, "lineas")
	uno["tipo_viaje_id"], uno["precio"] = e.idOf(1, domain.CatTiposViaje, "General"), 4500
	return []strictCase{
		{"POST", "/api/pasajes/lote", "vendedor", venta, "cliente_nombre", 100, ""},
		{"POST", "/api/pasajes", "vendedor", uno, "observaciones", 500, "precio"},
		{"POST", "/api/caja/movimiento", "vendedor", map[string]any{"tipo": "ingreso_extra", "monto": 10, "descripcion": "x"},
			"descripcion", 255, "monto"},
		{"POST", "/api/caja/abrir", "supervisor", map[string]any{"monto_apertura": 10, "observaciones": "x"},
			"observaciones", 500, "monto_apertura"},
		{"POST", "/api/caja/cerrar", "vendedor", map[string]any{"monto_cierre": 10, "observaciones": "x"},
			"observaciones", 500, "monto_cierre"},
		{"POST", "/api/config/secciones", "admin", map[string]any{"nombre": "Nueva", "capacidad": 10}, "nombre", 100, ""},
		{"POST", "/api/pasajes/validar-qr", "lancha", map[string]any{"codigo_qr": "LD-20261120-000001"}, "codigo_qr", 1000, ""},
		{"POST", "/api/auth/login", "", map[string]any{"nombre_usuario": "admin", "password": "x"}, "nombre_usuario", 50, ""},
	}
}

// badInput is one class of bad input: how to spoil a valid body, and the answer.
type badInput struct {
	name        string
	contentType string
	body        func(c strictCase) string
	message     func(c strictCase) string
}

func marshal(m map[string]any) string {
	b, _ := json.Marshal(m)
	return string(b)
}

func with(m map[string]any, k string, v any) string {
	out := map[string]any{}
	for key, val := range m {
		out[key] = val
	}
	out[k] = v
	return marshal(out)
}

func fixed(msg string) func(strictCase) string { return func(strictCase) string { return msg } }

var badInputs = []badInput{
	{"content type", "text/plain", func(c strictCase) string { return marshal(c.body) }, fixed(msgContentType)},
	{"form", "application/x-www-form-urlencoded", func(strictCase) string { return "a=1" }, fixed(msgContentType)},
	{"trailing data", "", func(c strictCase) string { return marshal(c.body) + ` {}` }, fixed(msgTrailingData)},
	{"trailing garbage", "", func(c strictCase) string { return marshal(c.body) + `x` }, fixed(msgTrailingData)},
	{"not json", "", func(c strictCase) string { return `{"` + c.text + `":` }, fixed(domain.MsgJSONInvalido)},
	{"not an object", "", func(strictCase) string { return `[1]` }, fixed(domain.MsgJSONInvalido)},
	{"invalid utf-8", "", func(c strictCase) string { return with(c.body, c.text, "a") + "\xff" }, fixed(domain.MsgJSONInvalido)},
	{"unknown field", "", func(c strictCase) string { return with(c.body, "zzz", 1) },
		fixed("El campo zzz no está permitido")},
	{"field in another case", "", func(c strictCase) string { return with(c.body, strings.ToUpper(c.text), "a") },
		func(c strictCase) string { return "El campo " + strings.ToUpper(c.text) + " no está permitido" }},
	{"duplicate key", "", func(c strictCase) string {
		s := with(c.body, c.text, "a")
		return s[:len(s)-1] + `,"` + c.text + `":"a"}`
	}, func(c strictCase) string { return "El campo " + c.text + " está repetido" }},
	{"duplicate key in another case", "", func(c strictCase) string {
		s := with(c.body, c.text, "a")
		return s[:len(s)-1] + `,"` + strings.ToUpper(c.text[:1]) + c.text[1:] + `":"a"}`
	}, func(c strictCase) string {
		return "El campo " + strings.ToUpper(c.text[:1]) + c.text[1:] + " está repetido"
	}},
	{"body over the limit", "", func(c strictCase) string { return with(c.body, c.text, strings.Repeat("a", maxBody)) },
		fixed(msgBodyTooLarge)},
	{"text too long", "", func(c strictCase) string { return with(c.body, c.text, strings.Repeat("ñ", c.max+1)) },
		func(c strictCase) string {
			return fmt.Sprintf("El campo %s no debe exceder %d caracteres", c.text, c.max)
		}},
	{"NUL", "", func(c strictCase) string { return with(c.body, c.text, "a\x00b") },
		func(c strictCase) string { return "El campo " + c.text + " contiene caracteres no permitidos" }},
	{"escape character", "", func(c strictCase) string { return with(c.body, c.text, "a\x1b[2Jb") },
		func(c strictCase) string { return "El campo " + c.text + " contiene caracteres no permitidos" }},
	{"zero-width space", "", func(c strictCase) string { return with(c.body, c.text, "Tigre\u200b") },
		func(c strictCase) string { return "El campo " + c.text + " contiene caracteres no permitidos" }},
	{"right-to-left override", "", func(c strictCase) string { return with(c.body, c.text, "a\u202eb") },
		func(c strictCase) string { return "El campo " + c.text + " contiene caracteres no permitidos" }},
	{"wrong type", "", func(c strictCase) string { return with(c.body, c.text, 5) },
		func(c strictCase) string { return "El campo " + c.text + " tiene un valor inválido" }},
}

var badMoney = []struct{ value any }{{"1.234"}, {"diez"}, {true}, {"1e3"}, {1e15}}

func TestEveryBadInputClassIs400InSpanishAndWritesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		cases := strictEndpoints(e)
		for _, c := range cases {
			tok := ""
			if c.user != "" {
				tok = e.token(c.user)
			}
			before := e.estado()
			for _, bad := range badInputs {
				ct := bad.contentType
				if ct == "" {
					ct = "application/json; charset=utf-8"
				}
				r := e.raw(c.method, c.path, tok, bad.body(c), ct)
				if want := bad.message(c); r.Status != http.StatusBadRequest || r.Success || r.Message != want {
					t.Errorf("%s %s, %s: %d %q, esperaba 400 %q", c.method, c.path, bad.name, r.Status, r.Message, want)
				}
			}
			for _, m := range badMoney {
				if c.money == "" {
					break
				}
				r := e.raw(c.method, c.path, tok, with(c.body, c.money, m.value), "application/json")
				if r.Status != http.StatusBadRequest || !strings.HasPrefix(r.Message, "El campo "+c.money+" ") {
					t.Errorf("%s %s, monto %v: %d %q", c.method, c.path, m.value, r.Status, r.Message)
				}
			}
			if after := e.estado(); after != before {
				t.Errorf("%s %s: una entrada rechazada escribió (%s → %s)", c.method, c.path, before, after)
			}
		}
	})
}

func TestNoGoTypeNameReachesAMessage(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		for _, body := range []string{`{"fecha_viaje": 5}`, `{"lineas": {"a": 1}}`, `{"lineas": [{"cantidad": "x"}]}`,
			`{"seccion_id": 1.5}`, `{"seccion_id": 99999999999999999999}`, `{"lineas": [{"cantidad": 1e2}]}`} {
			r := e.raw("POST", "/api/pasajes/lote", tok, body, "application/json")
			if r.Status != http.StatusBadRequest || strings.ContainsAny(r.Message, "[]{}") ||
				strings.Contains(r.Message, "Venta") || strings.Contains(r.Message, "int64") || strings.Contains(r.Message, "Go ") {
				t.Errorf("%s: %d %q", body, r.Status, r.Message)
			}
		}
	})
}

func TestAnEmptyBodyIsAcceptedWithoutContentType(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		e.raw("POST", "/api/caja/cuadre", tok, "", "").expect(t, http.StatusOK, "")
	})
}

// requestTypes are the JSON body types of every route.
func requestTypes() []reflect.Type {
	var out []reflect.Type
	for _, rt := range (&Server{}).routes() {
		if rt.Handler.body != nil {
			out = append(out, rt.Handler.body)
		}
	}
	return out
}

func TestEveryTextFieldOfARequestTypeIsBounded(t *testing.T) {
	var walk func(t reflect.Type, path string)
	seen := map[reflect.Type]bool{}
	walk = func(typ reflect.Type, path string) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.String && ft != reflect.TypeFor[domain.Centavos]() {
				if n, err := strconv.Atoi(f.Tag.Get("maxLength")); err != nil || n <= 0 {
					t.Errorf("%s.%s: un campo de texto de una solicitud necesita maxLength", path, f.Name)
				}
			}
			walk(f.Type, path+"."+f.Name)
		}
	}
	for _, typ := range requestTypes() {
		walk(typ, typ.Name())
		schemaOf(typ) // compiles, or panics for a type the decoder cannot check
	}
	if len(seen) < 8 {
		t.Fatalf("solo %d tipos de solicitud", len(seen))
	}
}

// checkDecoded asserts what the strict decoder guarantees about an accepted value.
func checkDecoded(t *testing.T, v any) {
	t.Helper()
	var walk func(v reflect.Value, f reflect.StructField)
	walk = func(v reflect.Value, f reflect.StructField) {
		switch {
		case v.Type() == reflect.TypeFor[domain.Centavos]():
			if c := domain.Centavos(v.Int()); c > domain.MontoMaximo || c < -domain.MontoMaximo {
				t.Fatalf("%s = %d pasa el máximo", f.Name, c)
			}
		case v.Kind() == reflect.String:
			max, _ := strconv.Atoi(f.Tag.Get("maxLength"))
			if utf8.RuneCountInString(v.String()) > max {
				t.Fatalf("%s excede %d", f.Name, max)
			}
			for _, r := range v.String() {
				if unicode.IsControl(r) && (f.Tag.Get("multilinea") != "true" || !strings.ContainsRune("\n\r\t", r)) {
					t.Fatalf("%s contiene %U", f.Name, r)
				}
			}
		case v.Kind() == reflect.Pointer && !v.IsNil():
			walk(v.Elem(), f)
		case v.Kind() == reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), f)
			}
		case v.Kind() == reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), v.Type().Field(i))
			}
		}
	}
	walk(reflect.ValueOf(v).Elem(), reflect.StructField{})
}

// fuzzDecode checks the decoder on arbitrary bytes: it never panics, answers
// only Spanish 400s without Go type names (a field name the client sent may
// say anything: "0Go" is quoted back as it came), and what it accepts respects every
// bound and survives a round trip unchanged.
func fuzzDecode[T any](f *testing.F, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v T
		err := decodeBytes(body, &v)
		if err != nil {
			e, ok := domain.AsError(err)
			if !ok || e.Kind != domain.KindInvalid || strings.Contains(e.Message, "type api.") ||
				strings.Contains(e.Message, "Go value") || strings.Contains(e.Message, "Go struct") {
				t.Fatalf("%q: %v", body, err)
			}
			return
		}
		checkDecoded(t, &v)
		again, _ := json.Marshal(v)
		var w T
		if err := decodeBytes(again, &w); err != nil || !reflect.DeepEqual(v, w) {
			t.Fatalf("ida y vuelta de %q: %s %v", body, again, err)
		}
	})
}

func FuzzDecodeVenta(f *testing.F) {
	fuzzDecode[VenderPasajes](f,
		`{"seccion_id":1,"fecha_viaje":"2026-11-20","medio_pago_id":2,"lineas":[{"tipo_viaje_id":1,"cantidad":2}]}`,
		`{"seccion_id":1,"cliente_nombre":"Ana \u00f1","observaciones":"l\u00ednea\notra","lineas":[]}`,
		`{"seccion_id":1,"SECCION_ID":2}`, `{"lineas":[{"cantidad":1e2}]}`, `{"cliente_nombre":"a\u0000"}`,
		`{"seccion_id":1} {}`, `null`, `{"lineas":null,"cliente_email":null}`, `[]`, `"x"`)
}

func FuzzDecodeMovimiento(f *testing.F) {
	fuzzDecode[RegistrarMovimiento](f,
		`{"tipo":"ingreso_extra","monto":10.5,"descripcion":"x"}`, `{"tipo":"egreso_gasto","monto":"-50","descripcion":"a\tb"}`,
		`{"monto":100000000.01}`, `{"monto":99999999999999999999999}`, `{"monto":1.234}`, `{"monto":"1e3"}`,
		`{"descripcion":"\u001b[2J"}`, `{"medio_pago_id":-1,"tipo":""}`, `{"monto":0.1,"monto":0.2}`)
}

// TestARequiredFieldLeftOutIs400AndWritesNothing: a body without a field the
// contract calls required is refused by name, before anything is written; an
// empty body is an empty object, refused the same way.
func TestARequiredFieldLeftOutIs400AndWritesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		before := e.estado()
		e.do("POST", "/api/caja/movimiento", tok, map[string]any{"tipo": "egreso_gasto", "monto": 1500.5}).
			expect(t, http.StatusBadRequest, "El campo descripcion es obligatorio")
		e.raw("POST", "/api/caja/movimiento", tok, "", "").expect(t, http.StatusBadRequest, "El campo tipo es obligatorio")
		if after := e.estado(); after != before {
			t.Fatalf("un cuerpo incompleto escribió (%s → %s)", before, after)
		}
	})
}
