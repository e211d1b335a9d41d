package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"muelle/internal/domain"
	"muelle/internal/openapi"
)

// maxBody bounds a request body.
const maxBody = 1 << 20

// Messages of the strict decoder; the per-field ones name the field by its JSON name.
const (
	msgContentType      = "El tipo de contenido debe ser application/json"
	msgBodyTooLarge     = "El cuerpo de la solicitud supera el máximo de 1 MB"
	msgTrailingData     = "El cuerpo de la solicitud tiene datos después del JSON"
	msgCampoNoPermitido = "El campo %s no está permitido"
	msgCampoRepetido    = "El campo %s está repetido"
	msgCampoInvalido    = "El campo %s tiene un valor inválido"
	msgCampoLargo       = "El campo %s no debe exceder %d caracteres"
	msgCampoControl     = "El campo %s contiene caracteres no permitidos"
	msgCampoFaltante    = "El campo %s es obligatorio"
)

// decode reads a JSON request body into dst (a pointer to a request type) by
// ONE strict mechanism that every handleJSON route inherits: a non-empty body
// must be declared application/json, fit in maxBody, be valid UTF-8 and one
// JSON value with nothing after it; its keys must be fields of the request
// type, each once (keys that differ only in case count as the same); every
// value must have its field's type (a whole number within its Go type's
// range); text fields respect their maxLength tag and hold no control nor
// invisible format characters (multilinea:"true" allows tab and line
// breaks); amounts are valid and within domain.MontoMaximo; every field the
// contract calls required (its json tag without omitempty, in a struct that is
// not openapi.Parcial, as openapi.JSONFields reads it) is present, null allowed. Every error is a
// 400 in Spanish that names the field by its JSON name. An empty body is an
// empty object: it leaves dst untouched when the type has no required field.
func decode(r *http.Request, dst any) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return domain.Invalid(domain.MsgJSONInvalido)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return schemaOf(reflect.TypeOf(dst).Elem()).missing(map[string]bool{})
	}
	if len(body) > maxBody {
		return domain.Invalid(msgBodyTooLarge)
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return domain.Invalid(msgContentType)
	}
	return decodeBytes(body, dst)
}

// decodeBytes checks body against the schema of dst's type, then decodes it.
func decodeBytes(body []byte, dst any) error {
	if !utf8.Valid(body) {
		return domain.Invalid(domain.MsgJSONInvalido)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := schemaOf(reflect.TypeOf(dst).Elem()).check(dec, ""); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return domain.Invalid(msgTrailingData)
	}
	strict := json.NewDecoder(bytes.NewReader(body))
	strict.DisallowUnknownFields()
	if err := strict.Decode(dst); err != nil {
		return domain.Invalid(domain.MsgJSONInvalido) // unreachable after check; never a Go type name
	}
	return nil
}

// kind is what a schema node accepts.
type kind int

const (
	kindObject kind = iota
	kindArray
	kindString
	kindInt
	kindNumber
	kindBool
	kindMoney
	// kindFreeObject is a json.RawMessage field: any JSON object, its keys
	// once each and its texts bounded like the field's.
	kindFreeObject
)

// schema is the shape of a request type as the decoder checks it, compiled
// once per type from its fields and tags.
type schema struct {
	kind   kind
	fields map[string]*field // by JSON name, for kindObject
	// required are the fields of a kindObject that must be present, in declaration order.
	required []string
	elem     *schema // for kindArray
	// bits and unsigned are the range of a kindInt: its Go type's, so a field
	// stored in a 32-bit column is declared int32 and refuses what it cannot hold.
	bits     int
	unsigned bool
}

// field is one JSON field of an object with its bounds.
type field struct {
	name       string
	schema     *schema
	maxLength  int // for text; 0 only in types that are not requests (a test refuses it)
	multilinea bool
}

var (
	schemas     sync.Map // reflect.Type → *schema
	centavosTyp = reflect.TypeFor[domain.Centavos]()
	// centesimasTyp is read like money: a number with up to two decimals
	centesimasTyp = reflect.TypeFor[domain.Centesimas]()
	rawJSONTyp    = reflect.TypeFor[json.RawMessage]()
)

// schemaOf is the compiled schema of t, built on first use.
func schemaOf(t reflect.Type) *schema {
	if s, ok := schemas.Load(t); ok {
		return s.(*schema)
	}
	s, err := compile(t)
	if err != nil {
		panic(err) // a request type the decoder cannot check: a programming error, caught by the route tests
	}
	actual, _ := schemas.LoadOrStore(t, s)
	return actual.(*schema)
}

// compile builds the schema of a Go type.
func compile(t reflect.Type) (*schema, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == centavosTyp || t == centesimasTyp:
		return &schema{kind: kindMoney}, nil
	case t == rawJSONTyp:
		return &schema{kind: kindFreeObject}, nil
	case t.Kind() == reflect.String:
		return &schema{kind: kindString}, nil
	case t.Kind() == reflect.Bool:
		return &schema{kind: kindBool}, nil
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64:
		return &schema{kind: kindInt, bits: t.Bits()}, nil
	case t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64:
		return &schema{kind: kindInt, bits: t.Bits(), unsigned: true}, nil
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return &schema{kind: kindNumber}, nil
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		elem, err := compile(t.Elem())
		return &schema{kind: kindArray, elem: elem}, err
	case t.Kind() == reflect.Struct:
		s := &schema{kind: kindObject, fields: map[string]*field{}}
		err := s.addFields(t)
		if openapi.EsParcial(t) {
			s.required = nil
		}
		return s, err
	}
	return nil, fmt.Errorf("api: el decodificador no admite el tipo %s", t)
}

// addFields adds the JSON fields of struct t, flattening embedded structs like encoding/json.
func (s *schema) addFields(t reflect.Type) error {
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			if err := s.addFields(f.Type); err != nil {
				return err
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs, err := compile(f.Type)
		if err != nil {
			return err
		}
		maxLength, _ := strconv.Atoi(f.Tag.Get("maxLength"))
		s.fields[name] = &field{name: name, schema: fs, maxLength: maxLength, multilinea: f.Tag.Get("multilinea") == "true"}
		if !strings.Contains(opts, "omitempty") {
			s.required = append(s.required, name)
		}
	}
	return nil
}

// missing refuses an object of s whose members are present when a required
// field is not among them.
func (s *schema) missing(present map[string]bool) error {
	for _, name := range s.required {
		if !present[name] {
			return domain.Invalid(fmt.Sprintf(msgCampoFaltante, name))
		}
	}
	return nil
}

// check reads one JSON value from dec and checks it against s; name is the
// field it belongs to ("" at the root).
func (s *schema) check(dec *json.Decoder, name string) error {
	return (&field{name: name, schema: s}).checkValue(dec)
}

// checkValue reads the value of f. null is accepted everywhere (it leaves the
// zero value, which the rules then judge).
func (f *field) checkValue(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return domain.Invalid(domain.MsgJSONInvalido)
	}
	if tok == nil {
		return nil
	}
	return f.schema.checkToken(dec, f, tok)
}

// checkToken checks a value that begins with tok.
func (s *schema) checkToken(dec *json.Decoder, f *field, tok json.Token) error {
	switch s.kind {
	case kindObject:
		if tok != json.Delim('{') {
			return f.invalid()
		}
		return s.checkObject(dec)
	case kindArray:
		if tok != json.Delim('[') {
			return f.invalid()
		}
		item := &field{name: f.name, schema: s.elem, maxLength: f.maxLength, multilinea: f.multilinea}
		for dec.More() {
			if err := item.checkValue(dec); err != nil {
				return err
			}
		}
		return closing(dec)
	case kindString:
		str, ok := tok.(string)
		if !ok {
			return f.invalid()
		}
		return f.checkText(str)
	case kindMoney:
		return f.checkMoney(tok)
	case kindFreeObject:
		if tok != json.Delim('{') {
			return f.invalid()
		}
		return f.checkFree(dec, tok)
	case kindBool:
		if _, ok := tok.(bool); !ok {
			return f.invalid()
		}
		return nil
	}
	n, ok := tok.(json.Number)
	if !ok || (s.kind == kindInt && !s.holds(string(n))) {
		return f.invalid()
	}
	return nil
}

// holds reports whether the whole number n fits the range of an int schema.
func (s *schema) holds(n string) bool {
	var err error
	if s.unsigned {
		_, err = strconv.ParseUint(n, 10, s.bits)
	} else {
		_, err = strconv.ParseInt(n, 10, s.bits)
	}
	return err == nil
}

// checkObject checks the members of an object whose '{' was read.
func (s *schema) checkObject(dec *json.Decoder) error {
	seen, present := map[string]bool{}, map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return domain.Invalid(domain.MsgJSONInvalido)
		}
		key, _ := tok.(string)
		folded := strings.ToLower(key)
		if seen[folded] {
			return domain.Invalid(fmt.Sprintf(msgCampoRepetido, key))
		}
		seen[folded], present[key] = true, true
		f, ok := s.fields[key]
		if !ok {
			return domain.Invalid(fmt.Sprintf(msgCampoNoPermitido, key))
		}
		if err := f.checkValue(dec); err != nil {
			return err
		}
	}
	if err := closing(dec); err != nil {
		return err
	}
	return s.missing(present)
}

// checkFree checks a free JSON value that begins with tok: objects hold each
// key once, texts respect the field's bounds.
func (f *field) checkFree(dec *json.Decoder, tok json.Token) error {
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return domain.Invalid(domain.MsgJSONInvalido)
			}
			k, _ := key.(string)
			if seen[k] {
				return domain.Invalid(fmt.Sprintf(msgCampoRepetido, f.name+"."+k))
			}
			seen[k] = true
			if err := f.checkFreeValue(dec); err != nil {
				return err
			}
		}
		return closing(dec)
	case json.Delim('['):
		for dec.More() {
			if err := f.checkFreeValue(dec); err != nil {
				return err
			}
		}
		return closing(dec)
	}
	if str, ok := tok.(string); ok {
		return f.checkText(str)
	}
	return nil
}

func (f *field) checkFreeValue(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return domain.Invalid(domain.MsgJSONInvalido)
	}
	return f.checkFree(dec, tok)
}

// closing reads the '}' or ']' that ends an object or array.
func closing(dec *json.Decoder) error {
	if _, err := dec.Token(); err != nil {
		return domain.Invalid(domain.MsgJSONInvalido)
	}
	return nil
}

func (f *field) invalid() error {
	if f.name == "" {
		return domain.Invalid(domain.MsgJSONInvalido)
	}
	return domain.Invalid(fmt.Sprintf(msgCampoInvalido, f.name))
}

// checkText bounds a text field and refuses control characters (a multiline
// field may hold tabs and line breaks) and the invisible format characters
// (Unicode Cf: zero-width spaces and joiners, bidirectional overrides and
// isolates, the byte order mark …), which would let two names look alike or a
// text display other than it reads.
func (f *field) checkText(s string) error {
	if f.maxLength > 0 && utf8.RuneCountInString(s) > f.maxLength {
		return domain.Invalid(fmt.Sprintf(msgCampoLargo, f.name, f.maxLength))
	}
	for _, r := range s {
		if noPermitido(r) && !(f.multilinea && (r == '\n' || r == '\r' || r == '\t')) {
			return domain.Invalid(fmt.Sprintf(msgCampoControl, f.name))
		}
	}
	return nil
}

// noPermitido is a character no text of a request holds: a control or an
// invisible format character.
func noPermitido(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }

// checkMoney parses an amount (a number, or a numeric string) the way
// domain.Centavos does and names the field in its error.
func (f *field) checkMoney(tok json.Token) error {
	var s string
	switch v := tok.(type) {
	case json.Number:
		s = string(v)
	case string:
		s = v
	default:
		return f.invalid()
	}
	if _, err := domain.ParseMonto(s); err != nil {
		msg := err.Error()
		return domain.Invalid(fmt.Sprintf("El campo %s %s", f.name, strings.ToLower(msg[:1])+msg[1:]))
	}
	return nil
}
