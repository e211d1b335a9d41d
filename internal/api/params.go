package api

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// pathID reads a numeric path parameter; anything else is a 404 like a missing record.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, domain.NotFound(domain.MsgRecursoNoEncontrado)
	}
	return id, nil
}

// maxIdempotencyKey bounds the Idempotency-Key header.
const maxIdempotencyKey = 200

// writeActor is the caller of a write as the store needs it: user, company,
// address and the client's Idempotency-Key, read once from the request. The
// key is printable UTF-8 text of at most maxIdempotencyKey bytes.
func writeActor(r *http.Request) (store.Actor, error) {
	a := actorFrom(r)
	k := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(k) > maxIdempotencyKey {
		return store.Actor{}, domain.Invalid("La clave de idempotencia es demasiado larga")
	}
	if !utf8.ValidString(k) || strings.ContainsFunc(k, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return store.Actor{}, domain.Invalid("La clave de idempotencia contiene caracteres no permitidos")
	}
	return store.Actor{UsuarioID: a.Usuario.ID, EmpresaID: a.EmpresaID(), IP: clientIP(r), Clave: k,
		Huella: huellaDe(r)}, nil
}

// idAndWriteActor reads the path's "id" and the caller of the write on that
// record.
func idAndWriteActor(r *http.Request) (int64, store.Actor, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return 0, store.Actor{}, err
	}
	a, err := writeActor(r)
	return id, a, err
}

type huellaKey struct{}

// withHuella stamps a request that carries an Idempotency-Key with its
// fingerprint: a SHA-256 of the method, the route pattern, the path (with its
// ids), the query string (its parameters sorted by name) and the canonical
// body (the decoded request marshalled again, so that spacing and key order
// do not matter). The store binds the key to it.
func withHuella(r *http.Request, body any) *http.Request {
	if r.Header.Get("Idempotency-Key") == "" {
		return r
	}
	canon, _ := json.Marshal(body)
	sum := sha256.Sum256([]byte(r.Method + "\n" + r.Pattern + "\n" + r.URL.Path + "\n" + r.URL.Query().Encode() +
		"\n" + string(canon)))
	return r.WithContext(context.WithValue(r.Context(), huellaKey{}, hex.EncodeToString(sum[:])))
}

// huellaDe is the request's fingerprint ("" without an Idempotency-Key).
func huellaDe(r *http.Request) string {
	h, _ := r.Context().Value(huellaKey{}).(string)
	return h
}

// checkConsulta refuses a query string with a name or value that is not valid
// UTF-8 or holds a control character: no route reads such text, and
// PostgreSQL would refuse it as a parameter. The guard runs it on every route.
func checkConsulta(r *http.Request) error {
	limpio := func(s string) bool { return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl) }
	for name, values := range r.URL.Query() {
		if !limpio(name) {
			return domain.Invalid("Los parámetros de la consulta contienen caracteres no permitidos")
		}
		for _, v := range values {
			if !limpio(v) {
				return domain.Invalid(fmt.Sprintf("El parámetro %s contiene caracteres no permitidos", name))
			}
		}
	}
	return nil
}

// A query type is a struct whose fields tagged query:"name" are the query
// parameters of a route (embedded structs included): the route table declares
// it through the handler's signature (handleQuery, handleJSONQuery,
// handleFileQuery), the OpenAPI document lists its parameters with their
// jsonschema tags, and leerConsulta parses it. The Go type and tags say how a
// parameter is read:
//
//   - int64: a whole number greater than zero; maximum:"N" bounds it, and
//     enum:"[25,50]" limits it to those values (compared as written).
//   - *bool: true or false.
//   - string with format:"date": a date YYYY-MM-DD between the years
//     domain.AnioMinimo and domain.AnioMaximo.
//   - string with enum:"a,b": one of those values.
//   - string with pattern:"re": text that matches re; mensaje:"…" says what it must be.
//   - string otherwise: trimmed text of at most maxLength:"N" characters
//     (maxTexto by default) and no control characters.
//   - []int64 with collectionFormat:"csv": ids separated by commas, at most
//     maxItems:"N" of them (unidad:"pasajes" names them in the message).
//
// An empty parameter is a missing one; default:"v" is the value of a missing
// parameter and required:"true" refuses its absence. alias:"name" makes a
// parameter another name of the parameter name (a field of the same type, a
// name the specification or an older client uses): read like any other, its
// value fills name's field when name is absent, and the two given with
// different values are a 400 that names both.

// ParametroInvalido is a query parameter a request got wrong, and why.
type ParametroInvalido struct {
	Nombre  string `json:"nombre"`
	Mensaje string `json:"mensaje"`
}

// ParametrosInvalidos is the data of the 400 of a query string: every
// parameter it got wrong (its message names them all too).
type ParametrosInvalidos struct {
	Parametros []ParametroInvalido `json:"parametros"`
}

// SinConsulta is the query type of a route that reads no parameter: any
// parameter is refused.
type SinConsulta struct{}

// comprobable is a query type with a rule over several parameters, checked
// once each of them parsed.
type comprobable interface {
	comprobar() error
}

// leerConsulta parses the request's query string into a Q in one sweep and
// answers a 400 that names every parameter that does not parse and every
// parameter Q does not declare.
func leerConsulta[Q any](r *http.Request) (Q, error) {
	var q Q
	campos, err := camposConsulta(reflect.TypeFor[Q]())
	if err != nil {
		panic(err) // a query type of the route table: TestQueryTypesParse reads each one
	}
	vals := r.URL.Query()
	v := reflect.ValueOf(&q).Elem()
	var malos []ParametroInvalido
	conocidos := map[string]bool{}
	for _, c := range campos {
		conocidos[c.nombre] = true
		if msg := c.leer(vals.Get(c.nombre), v.FieldByIndex(c.indice)); msg != "" {
			malos = append(malos, ParametroInvalido{c.nombre, fmt.Sprintf("El parámetro %s %s", c.nombre, msg)})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(vals)) {
		if !conocidos[name] {
			malos = append(malos, ParametroInvalido{name, fmt.Sprintf("El parámetro %s no está permitido", name)})
		}
	}
	if len(malos) == 0 {
		malos = resolverAlias(campos, vals, v)
	}
	if len(malos) > 0 {
		msgs := make([]string, len(malos))
		for i, m := range malos {
			msgs[i] = m.Mensaje
		}
		return q, &domain.Error{Kind: domain.KindInvalid, Message: strings.Join(msgs, ". "),
			Data: ParametrosInvalidos{Parametros: malos}}
	}
	if c, ok := any(q).(comprobable); ok {
		return q, c.comprobar()
	}
	return q, nil
}

// resolverAlias copies each alias given into the field of the parameter it
// names when that one is absent (its default, if any, gives way), and answers
// the aliases given beside their parameter with another value.
func resolverAlias(campos []campoConsulta, vals url.Values, v reflect.Value) []ParametroInvalido {
	var malos []ParametroInvalido
	for _, c := range campos {
		if c.de == nil || vals.Get(c.nombre) == "" {
			continue
		}
		alias, destino := v.FieldByIndex(c.indice), v.FieldByIndex(c.de.indice)
		switch {
		case vals.Get(c.de.nombre) == "":
			destino.Set(alias)
		case !alias.Equal(destino):
			malos = append(malos, ParametroInvalido{c.nombre, fmt.Sprintf(
				"Los parámetros %s y %s tienen valores distintos: indique uno solo", c.de.nombre, c.nombre)})
		}
	}
	return malos
}

// parametroInvalido is the 400 of a rule over several parameters, naming the one it refuses.
func parametroInvalido(nombre, msg string) error {
	return &domain.Error{Kind: domain.KindInvalid, Message: msg,
		Data: ParametrosInvalidos{Parametros: []ParametroInvalido{{nombre, msg}}}}
}

// campoConsulta is one parameter of a query type: its name, the field it
// fills and how it reads a value ("" when absent); leer answers what is wrong
// with the value ("" when nothing). de is the parameter an alias names.
type campoConsulta struct {
	nombre string
	indice []int
	leer   func(v string, f reflect.Value) string
	de     *campoConsulta
}

var camposPorTipo sync.Map // reflect.Type → []campoConsulta

// camposConsulta are the parameters of a query type, read once from its tags.
func camposConsulta(t reflect.Type) ([]campoConsulta, error) {
	if c, ok := camposPorTipo.Load(t); ok {
		return c.([]campoConsulta), nil
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("api: the query type %s is not a struct", t)
	}
	var campos []campoConsulta
	var walk func(st reflect.Type, indice []int) error
	walk = func(st reflect.Type, indice []int) error {
		for i := range st.NumField() {
			f := st.Field(i)
			idx := append(slices.Clone(indice), i)
			name := f.Tag.Get("query")
			switch {
			case name == "" && f.Anonymous && f.Type.Kind() == reflect.Struct:
				if err := walk(f.Type, idx); err != nil {
					return err
				}
				continue
			case name == "":
				continue
			}
			leer, err := lectorDe(name, f)
			if err != nil {
				return fmt.Errorf("api: %s.%s: %w", t.Name(), f.Name, err)
			}
			if slices.ContainsFunc(campos, func(c campoConsulta) bool { return c.nombre == name }) {
				return fmt.Errorf("api: %s declares the parameter %s twice", t.Name(), name)
			}
			campos = append(campos, campoConsulta{nombre: name, indice: idx, leer: leer})
		}
		return nil
	}
	if err := walk(t, nil); err != nil {
		return nil, err
	}
	if err := enlazarAlias(t, campos); err != nil {
		return nil, err
	}
	camposPorTipo.Store(t, campos)
	return campos, nil
}

// enlazarAlias points each alias of a query type at the parameter it names,
// a parameter of the same type (text or a number) that is no alias itself.
func enlazarAlias(t reflect.Type, campos []campoConsulta) error {
	for i := range campos {
		nombre, ok := t.FieldByIndex(campos[i].indice).Tag.Lookup("alias")
		if !ok {
			continue
		}
		j := slices.IndexFunc(campos, func(c campoConsulta) bool { return c.nombre == nombre })
		tipo := t.FieldByIndex(campos[i].indice).Type
		if j < 0 || t.FieldByIndex(campos[j].indice).Type != tipo || (tipo.Kind() != reflect.String && tipo.Kind() != reflect.Int64) ||
			t.FieldByIndex(campos[j].indice).Tag.Get("alias") != "" {
			return fmt.Errorf("api: %s: the alias %s names no parameter %s of its type", t.Name(), campos[i].nombre, nombre)
		}
		campos[i].de = &campos[j]
	}
	return nil
}

// lectorDe is how a parameter is read, from its field's type and tags.
func lectorDe(name string, f reflect.StructField) (func(string, reflect.Value) string, error) {
	tag := f.Tag
	requerido := tag.Get("required") == "true"
	enum := enumDe(tag.Get("enum"))
	defecto, conDefecto := tag.Lookup("default")
	var leer func(string, reflect.Value) string
	switch {
	case f.Type.Kind() == reflect.Int64:
		maximo, err := entero(tag, "maximum")
		if err != nil {
			return nil, err
		}
		leer = func(v string, out reflect.Value) string {
			if enum != nil && !slices.Contains(enum, v) {
				return "debe ser uno de: " + strings.Join(enum, ", ")
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return "debe ser un número entero mayor que cero"
			}
			if maximo > 0 && n > maximo {
				return fmt.Sprintf("no debe superar %d", maximo)
			}
			out.SetInt(n)
			return ""
		}
	case f.Type == reflect.TypeFor[*bool]():
		leer = func(v string, out reflect.Value) string {
			if v != "true" && v != "false" {
				return "debe ser true o false"
			}
			b := v == "true"
			out.Set(reflect.ValueOf(&b))
			return ""
		}
	case f.Type.Kind() == reflect.String && tag.Get("format") == "date":
		leer = func(v string, out reflect.Value) string {
			t, err := time.Parse(time.DateOnly, v)
			if err != nil {
				return "debe ser una fecha con el formato AAAA-MM-DD"
			}
			if t.Year() < domain.AnioMinimo || t.Year() > domain.AnioMaximo {
				return fmt.Sprintf("debe ser una fecha entre los años %d y %d", domain.AnioMinimo, domain.AnioMaximo)
			}
			out.SetString(v)
			return ""
		}
	case f.Type.Kind() == reflect.String && enum != nil:
		leer = func(v string, out reflect.Value) string {
			if !slices.Contains(enum, v) {
				return "debe ser uno de: " + strings.Join(enum, ", ")
			}
			out.SetString(v)
			return ""
		}
	case f.Type.Kind() == reflect.String && tag.Get("pattern") != "":
		re, err := regexp.Compile(tag.Get("pattern"))
		if err != nil || tag.Get("mensaje") == "" {
			return nil, fmt.Errorf("a pattern needs a valid expression and a mensaje: %v", err)
		}
		leer = func(v string, out reflect.Value) string {
			if !re.MatchString(v) {
				return tag.Get("mensaje")
			}
			out.SetString(v)
			return ""
		}
	case f.Type.Kind() == reflect.String:
		maximo, err := entero(tag, "maxLength")
		if err != nil || maximo == 0 {
			maximo = maxTexto
		}
		leer = func(v string, out reflect.Value) string {
			v = strings.TrimSpace(v)
			if utf8.RuneCountInString(v) > int(maximo) || strings.ContainsFunc(v, unicode.IsControl) {
				return fmt.Sprintf("no debe exceder %d caracteres ni contener caracteres de control", maximo)
			}
			out.SetString(v)
			return ""
		}
	case f.Type == reflect.TypeFor[[]int64]() && tag.Get("collectionFormat") == "csv":
		maximo, err := entero(tag, "maxItems")
		if err != nil || maximo == 0 {
			return nil, fmt.Errorf("a list needs maxItems: %v", err)
		}
		unidad := cmp.Or(tag.Get("unidad"), "valores")
		leer = func(v string, out reflect.Value) string {
			if strings.TrimSpace(v) == "" {
				return "es obligatorio"
			}
			parts := strings.Split(v, ",")
			if int64(len(parts)) > maximo {
				return fmt.Sprintf("admite hasta %d %s", maximo, unidad)
			}
			ids := make([]int64, 0, len(parts))
			for _, p := range parts {
				id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
				if err != nil || id <= 0 {
					return "debe ser una lista de números separados por comas"
				}
				ids = append(ids, id)
			}
			out.Set(reflect.ValueOf(ids))
			return ""
		}
	default:
		return nil, fmt.Errorf("no reader for the parameter %s of type %s", name, f.Type)
	}
	if conDefecto {
		probe := reflect.New(f.Type).Elem()
		if msg := leer(defecto, probe); msg != "" {
			return nil, fmt.Errorf("the default %q of %s %s", defecto, name, msg)
		}
	}
	return func(v string, out reflect.Value) string {
		switch {
		case v != "":
			return leer(v, out)
		case conDefecto:
			return leer(defecto, out)
		case requerido:
			return "es obligatorio"
		}
		return ""
	}, nil
}

// enumDe reads an enum tag: a JSON array or comma-separated values (nil: none).
func enumDe(tag string) []string {
	if tag == "" {
		return nil
	}
	var vals []any
	if json.Unmarshal([]byte(tag), &vals) != nil {
		return strings.Split(tag, ",")
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = fmt.Sprint(v)
	}
	return out
}

// entero reads a whole-number tag (0 when absent).
func entero(tag reflect.StructTag, name string) (int64, error) {
	v, ok := tag.Lookup(name)
	if !ok {
		return 0, nil
	}
	return strconv.ParseInt(v, 10, 64)
}

// maxLimite is the largest page a list serves.
const maxLimite = 500

// maxPagina bounds a page number: the offset it makes (at most maxPagina ·
// maxLimite rows) never overflows, whatever the store adds to it.
const maxPagina = 1_000_000

// maxTexto bounds a free-text query parameter (a search).
const maxTexto = 100

// paginaDe is the page of a list: number pagina (from 1; 0 is the first) of
// limite rows (0: all of them).
func paginaDe(pagina, limite int64) store.Pagina {
	return store.Pagina{Limite: limite, Desplazamiento: max(pagina-1, 0) * limite}
}
