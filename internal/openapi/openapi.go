// Package openapi builds the OpenAPI 3 document of a JSON API from its
// operations and the Go types of their query strings, request bodies and
// answers. Every answer is the envelope {success, data, message}; a struct
// field without omitempty is required, a pointer may be null, slices and maps
// never are. Every operation has an operationId, a summary, its security and
// its error answers, so that the document passes Redocly's recommended lint.
package openapi

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/swaggest/jsonschema-go"
	openapigo "github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"
)

// Info describes the API as a whole.
type Info struct {
	Title, Version, Description string
	// Numbers are types that JSON carries as numbers whatever their Go kind
	// (amounts of money with decimals).
	Numbers []any
	// Errors are the error answers operations refer to by status
	// (components.responses), each with the Go type of its data (nil: none).
	Errors map[int]ErrorAnswer
	// APIKeys are security schemes besides the bearer token, by name: a key
	// that travels in a header (Operation.Security names one).
	APIKeys map[string]APIKey
	// Schemas are further types declared in components.schemas with the types
	// they use (what a WebSocket carries, for instance); a jsonschema.Struct
	// needs a DefName.
	Schemas []any
}

// APIKey is a security scheme whose key travels in a header.
type APIKey struct {
	Header, Description string
}

// ErrorAnswer is an error answer shared by the operations: its name in
// components.responses, its description and the Go type of the envelope's
// data (nil: the plain Error).
type ErrorAnswer struct {
	Name, Description string
	Data              reflect.Type
	// SinCuerpo: the answer has no body (304 Not Modified).
	SinCuerpo bool
}

// Operation is one route of the API.
type Operation struct {
	Method, Path string
	// ID is the operationId (a client's method name), Summary its one line.
	ID, Summary string
	// Access says who may call it, for the description; Public operations need no token.
	Access string
	Public bool
	// Security names the scheme of Info.APIKeys a non-public operation needs
	// ("": the bearer token).
	Security string
	// Query is a struct whose fields tagged query:"name" are the query
	// parameters (with their jsonschema tags: enum, format, minimum …); nil: none.
	Query reflect.Type
	Body  reflect.Type // the JSON request body; nil: none
	// Consumes is the media type of a request body taken as bytes, whatever
	// its content (a webhook's, defined by its sender); "": none.
	Consumes string
	Data     reflect.Type // the envelope's data; nil: the answer carries only a message
	// Status is the success status; 101 is a WebSocket whose messages are Data.
	Status int
	// Produces are the media types of an answer that is not the JSON
	// envelope (a CSV file, a printable page, a PDF, an image), each one it
	// may be; none for the envelope.
	Produces []string
	// Errors are the statuses of its error answers, each one of Info.Errors.
	Errors []int
	// ErrorData overrides the data of some of them for this operation (the
	// details of a conflict, say).
	ErrorData map[int]reflect.Type
}

const bearer = "bearerAuth"

// Document builds the OpenAPI document as indented JSON.
func Document(info Info, ops []Operation) ([]byte, error) {
	r := openapi31.NewReflector()
	r.Spec = &openapi31.Spec{Openapi: "3.1.0"}
	r.Spec.Info.WithTitle(info.Title).WithVersion(info.Version).WithDescription(info.Description)
	// The root of the host: every path is whole (/api/...), as a request names it, so a
	// validator (Prism, kin-openapi) resolves a request without joining a base to it.
	r.Spec.Servers = []openapi31.Server{{URL: "/"}}
	r.Spec.SetHTTPBearerTokenSecurity(bearer, "", "Authorization: Bearer <token> de POST /auth/login")
	for _, name := range slices.Sorted(maps.Keys(info.APIKeys)) {
		k := info.APIKeys[name]
		r.Spec.SetAPIKeySecurity(name, k.Header, openapigo.InHeader, k.Description)
	}
	for _, n := range info.Numbers {
		r.AddTypeMapping(n, float64(0))
	}
	names := map[string]reflect.Type{}
	r.DefaultOptions = append(r.DefaultOptions,
		jsonschema.InterceptDefName(func(t reflect.Type, name string) string { return defName(names, t, name) }),
		jsonschema.InterceptSchema(requiredFields),
		jsonschema.InterceptNullability(nullability),
		jsonschema.InterceptProp(enumOfItems))
	if err := addErrorAnswers(r, info.Errors); err != nil {
		return nil, err
	}
	for _, v := range info.Schemas {
		if err := addSchema(r, v); err != nil {
			return nil, err
		}
	}
	ids := map[string]bool{}
	for _, op := range ops {
		if err := checkOperation(op, info, ids); err != nil {
			return nil, fmt.Errorf("openapi: %s %s: %w", op.Method, op.Path, err)
		}
		if err := addOperation(r, info, op); err != nil {
			return nil, fmt.Errorf("openapi: %s %s: %w", op.Method, op.Path, err)
		}
	}
	for name := range names {
		if strings.Contains(name, "Type2") {
			return nil, fmt.Errorf("openapi: two types are named %s", strings.Split(name, "Type2")[0])
		}
	}
	doc, err := json.MarshalIndent(r.Spec, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(doc, '\n'), nil
}

// operationID is what an operationId may be: a name a client can give a method.
var operationID = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

// checkOperation refuses an operation without a well-formed, unique
// operationId, without a summary or with an error answer the document does
// not declare.
func checkOperation(op Operation, info Info, ids map[string]bool) error {
	switch {
	case !operationID.MatchString(op.ID):
		return fmt.Errorf("operationId %q is not a lowerCamelCase name", op.ID)
	case ids[op.ID]:
		return fmt.Errorf("operationId %q is used twice", op.ID)
	case strings.TrimSpace(op.Summary) == "":
		return fmt.Errorf("%s has no summary", op.ID)
	case op.Security != "" && info.APIKeys[op.Security] == (APIKey{}):
		return fmt.Errorf("security scheme %q is not declared", op.Security)
	}
	ids[op.ID] = true
	for _, status := range op.Errors {
		if _, ok := info.Errors[status]; !ok {
			return fmt.Errorf("error answer %d is not declared", status)
		}
	}
	for status := range op.ErrorData {
		if !slices.Contains(op.Errors, status) {
			return fmt.Errorf("error data of %d, which the operation does not answer", status)
		}
	}
	return nil
}

// public is the security of an operation that needs no token: none, said
// explicitly (an absent security would mean "not thought about").
const public = "security"

func addOperation(r *openapi31.Reflector, info Info, op Operation) error {
	path := op.Path
	oc, err := r.NewOperationContext(op.Method, path)
	if err != nil {
		return err
	}
	oc.SetID(op.ID)
	oc.SetSummary(op.Summary)
	oc.SetDescription("Acceso: " + op.Access)
	if !op.Public {
		oc.AddSecurity(cmp.Or(op.Security, bearer))
	}
	if params := pathParams(path); params != nil {
		oc.AddReqStructure(*params)
	}
	if op.Query != nil {
		oc.AddReqStructure(reflect.New(op.Query).Interface())
	}
	if op.Body != nil {
		required, err := anyRequired(op.Body)
		if err != nil {
			return err
		}
		oc.AddReqStructure(reflect.New(op.Body).Interface(), func(cu *openapigo.ContentUnit) {
			if required { // else an empty body is an empty object, and the server takes it
				cu.Customize = requerido
			}
		})
	}
	if op.Consumes != "" {
		oc.AddReqStructure(nil, func(cu *openapigo.ContentUnit) {
			cu.ContentType, cu.Format, cu.Description = op.Consumes, "binary", "Los bytes tal como los envía quien llama"
			cu.Customize = requerido
		})
	}
	switch {
	case op.Status == http.StatusSwitchingProtocols: // a WebSocket: Data is each message, as JSON
		oc.AddRespStructure(reflect.New(op.Data).Interface(), func(cu *openapigo.ContentUnit) {
			cu.HTTPStatus = op.Status
			cu.Description = "Pasa a WebSocket; cada mensaje del servidor es luego un " + typeName(op.Data) + " en JSON"
		})
	case len(op.Produces) > 0:
		for _, tipo := range op.Produces {
			oc.AddRespStructure(nil, func(cu *openapigo.ContentUnit) {
				cu.HTTPStatus, cu.ContentType, cu.Format = op.Status, tipo, "binary"
			})
		}
	default:
		oc.AddRespStructure(envelope(op.Data), func(cu *openapigo.ContentUnit) { cu.HTTPStatus = op.Status })
	}
	for _, status := range op.Errors {
		answer := info.Errors[status]
		if data, ok := op.ErrorData[status]; ok {
			oc.AddRespStructure(failure(data), func(cu *openapigo.ContentUnit) {
				cu.HTTPStatus, cu.Description = status, answer.Description
			})
			continue
		}
		oc.AddRespStructure(nil, func(cu *openapigo.ContentUnit) {
			cu.HTTPStatus = status
			cu.Customize = func(cor openapigo.ContentOrReference) {
				if ror, ok := cor.(*openapi31.ResponseOrReference); ok {
					*ror = openapi31.ResponseOrReference{Reference: &openapi31.Reference{Ref: "#/components/responses/" + answer.Name}}
				}
			}
		})
	}
	oc.AddRespStructure(failure(nil), func(cu *openapigo.ContentUnit) {
		cu.HTTPStatus, cu.Description = http.StatusInternalServerError, "Error interno, con el mensaje en español"
	})
	if err := r.AddOperation(oc); err != nil {
		return err
	}
	if !op.Public {
		return nil
	}
	return r.Spec.SetupOperation(op.Method, path, func(o *openapi31.Operation) error {
		o.WithMapOfAnythingItem(public, []any{})
		return nil
	})
}

// requerido marks a request body required.
// anyRequired reports whether a request type has a field that must be present.
func anyRequired(t reflect.Type) (bool, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return true, nil
	}
	fields, err := JSONFields(t)
	return slices.ContainsFunc(fields, func(f Field) bool { return f.Required }), err
}

func requerido(cor openapigo.ContentOrReference) {
	if b, ok := cor.(*openapi31.RequestBodyOrReference); ok && b.RequestBody != nil {
		b.RequestBody.WithRequired(true)
	}
}

// addErrorAnswers declares the shared error answers in components.responses.
func addErrorAnswers(r *openapi31.Reflector, answers map[int]ErrorAnswer) error {
	for _, status := range slices.Sorted(maps.Keys(answers)) {
		a := answers[status]
		respuesta := &openapi31.Response{Description: a.Description}
		if !a.SinCuerpo {
			schema, err := reflectSchema(r, failure(a.Data))
			if err != nil {
				return fmt.Errorf("openapi: error answer %d: %w", status, err)
			}
			respuesta.Content = map[string]openapi31.MediaType{"application/json": {Schema: schema}}
		}
		r.SpecEns().ComponentsEns().WithResponsesItem(a.Name, openapi31.ResponseOrReference{Response: respuesta})
	}
	return nil
}

// addSchema declares v's type, and the types it uses, in components.schemas.
func addSchema(r *openapi31.Reflector, v any) error {
	if _, err := reflectSchema(r, v); err != nil {
		return fmt.Errorf("openapi: schema %T: %w", v, err)
	}
	return nil
}

// reflectSchema declares v's type in components.schemas and answers a
// reference to it.
func reflectSchema(r *openapi31.Reflector, v any) (map[string]any, error) {
	const prefix = "#/components/schemas/"
	s, err := r.Reflect(v, jsonschema.RootRef, jsonschema.DefinitionsPrefix(prefix),
		jsonschema.CollectDefinitions(func(name string, schema jsonschema.Schema) {
			if _, exists := r.SpecEns().ComponentsEns().Schemas[name]; exists {
				return
			}
			sm, err := schema.ToSchemaOrBool().ToSimpleMap()
			if err == nil {
				r.SpecEns().ComponentsEns().WithSchemasItem(name, sm)
			}
		}))
	if err != nil {
		return nil, err
	}
	if s.Ref == nil || !strings.HasPrefix(*s.Ref, prefix) {
		return nil, fmt.Errorf("%T is not a named type", v)
	}
	return s.ToSchemaOrBool().ToSimpleMap()
}

var pathParam = regexp.MustCompile(`\{(\w+)\}`)

// pathParams declares the path's {parameters}: an id ({id}, {…Id}) is a
// number from 1, any other a name ({clave}, {proveedor}).
func pathParams(path string) *jsonschema.Struct {
	matches := pathParam.FindAllStringSubmatch(path, -1)
	if matches == nil {
		return nil
	}
	s := &jsonschema.Struct{}
	for _, m := range matches {
		var valor any = ""
		tag := `path:"` + m[1] + `" minLength:"1"`
		if m[1] == "id" || strings.HasSuffix(m[1], "Id") {
			valor, tag = int64(0), `path:"`+m[1]+`" minimum:"1"`
		}
		s.Fields = append(s.Fields, jsonschema.Field{Name: strings.ToUpper(m[1][:1]) + m[1][1:], Value: valor,
			Tag: reflect.StructTag(tag)})
	}
	return s
}

// envelope is the answer {success, data, message} with data of type data.
func envelope(data reflect.Type) jsonschema.Struct {
	s := jsonschema.Struct{DefName: "Respuesta" + typeName(data)}
	s.Fields = append(s.Fields, jsonschema.Field{Name: "Success", Value: true, Tag: `json:"success" required:"true" const:"true"`})
	if data != nil {
		s.Fields = append(s.Fields, jsonschema.Field{Name: "Data", Value: reflect.Zero(data).Interface(),
			Tag: `json:"data" required:"true"`})
	}
	s.Fields = append(s.Fields, jsonschema.Field{Name: "Message", Value: "", Tag: `json:"message,omitempty"`})
	return s
}

// failure is the answer of an error: {success: false, message, data?}; data
// carries details of some refusals (e.g. who boarded a ticket already), of
// type data (nil: any object).
func failure(data reflect.Type) jsonschema.Struct {
	var value any = map[string]any{}
	name := "Error"
	if data != nil {
		value, name = reflect.Zero(data).Interface(), "Error"+typeName(data)
	}
	return jsonschema.Struct{DefName: name, Fields: []jsonschema.Field{
		{Name: "Success", Value: false, Tag: `json:"success" required:"true" const:"false"`},
		{Name: "Message", Value: "", Tag: `json:"message" required:"true"`},
		{Name: "Data", Value: value, Tag: `json:"data,omitempty"`},
	}}
}

// typeName names a data type for its envelope: Caja, ListaMovimiento, SinDatos.
func typeName(t reflect.Type) string {
	switch {
	case t == nil:
		return "SinDatos"
	case t.Kind() == reflect.Slice:
		return "Lista" + typeName(t.Elem())
	case t.Kind() == reflect.Pointer:
		return typeName(t.Elem())
	}
	return t.Name()
}

// defName names a schema after its Go type without the package, and records
// the names so that two types of one name are caught.
func defName(names map[string]reflect.Type, t reflect.Type, name string) string {
	if t.PkgPath() != "" {
		name = typeName(t)
	}
	names[name] = t
	return name
}

// requiredFields marks required every field of a struct that always appears
// in its JSON (no omitempty, not inside an embedded pointer), and refuses a
// struct that declares one JSON name twice. A struct with alternative shapes
// (oneOf) keeps only the alternatives.
func requiredFields(p jsonschema.InterceptSchemaParams) (bool, error) {
	if !p.Processed || !p.Value.IsValid() {
		return false, nil
	}
	t := p.Value.Type()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t == reflect.TypeFor[jsonschema.Struct]() {
		return false, nil
	}
	if len(p.Schema.OneOf) > 0 {
		p.Schema.Properties, p.Schema.Required, p.Schema.Type = nil, nil, nil
		return false, nil
	}
	fields, err := JSONFields(t)
	if err != nil {
		return false, err
	}
	// the server refuses a field it does not know (strict JSON), and answers only the ones it declares
	p.Schema.WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: new(bool)})
	p.Schema.Required = nil
	for _, f := range fields {
		if f.Required {
			p.Schema.Required = append(p.Schema.Required, f.Name)
		}
	}
	return false, nil
}

// nullability: a slice or a map is never null (the API answers [] and {}); a
// pointer to a named schema may be null.
func nullability(p jsonschema.InterceptNullabilityParams) {
	switch k := p.Type.Kind(); {
	case (k == reflect.Slice || k == reflect.Map) && p.Schema.Ref == nil:
		p.Schema.RemoveType(jsonschema.Null)
	case k == reflect.Pointer && p.Schema.Ref != nil:
		var null jsonschema.Schema
		null.AddType(jsonschema.Null)
		ref := jsonschema.Schema{Ref: p.Schema.Ref}
		*p.Schema = jsonschema.Schema{AnyOf: []jsonschema.SchemaOrBool{ref.ToSchemaOrBool(), null.ToSchemaOrBool()}}
	}
}

// enumOfItems moves the enum tag of a list to its items: the tag names the
// values each element may take.
func enumOfItems(p jsonschema.InterceptPropParams) error {
	if !p.Processed || p.PropertySchema == nil || len(p.PropertySchema.Enum) == 0 ||
		p.Field.Type.Kind() != reflect.Slice || p.PropertySchema.Items == nil || p.PropertySchema.Items.SchemaOrBool == nil {
		return nil
	}
	items := p.PropertySchema.Items.SchemaOrBool.TypeObject
	if items == nil {
		return nil
	}
	items.Enum, p.PropertySchema.Enum = p.PropertySchema.Enum, nil
	return nil
}

// Field is one JSON property of a struct.
type Field struct {
	Name     string
	Required bool
}

// Parcial, embedded in a struct, makes every field of it optional: absent in a
// request, it takes its zero value (a role's permission flags: a client names
// those it grants). An answer still carries them all.
type Parcial struct{}

// CamposOpcionales marks the struct that embeds Parcial.
func (Parcial) CamposOpcionales() {}

// EsParcial reports whether every field of struct t is optional (it embeds Parcial).
func EsParcial(t reflect.Type) bool {
	return t.Implements(reflect.TypeFor[interface{ CamposOpcionales() }]())
}

// JSONFields lists the JSON properties of a struct as encoding/json writes
// them, embedded structs included (every one optional in a Parcial struct); a name declared twice, at any depth, is an
// error (encoding/json would silently keep one of them, or none).
func JSONFields(t reflect.Type) ([]Field, error) {
	var out []Field
	seen := map[string]bool{}
	var walk func(st reflect.Type, optional bool) error
	walk = func(st reflect.Type, optional bool) error {
		for i := range st.NumField() {
			f := st.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch {
			case name == "-" || (!f.IsExported() && !f.Anonymous):
				continue
			case name == "" && f.Anonymous && ft.Kind() == reflect.Struct:
				if err := walk(ft, optional || f.Type.Kind() == reflect.Pointer); err != nil {
					return err
				}
				continue
			case name == "":
				name = f.Name
			}
			if seen[name] {
				return fmt.Errorf("%s declares the JSON name %q twice", t.Name(), name)
			}
			seen[name] = true
			out = append(out, Field{Name: name, Required: !optional && !strings.Contains(opts, "omitempty")})
		}
		return nil
	}
	if err := walk(t, EsParcial(t)); err != nil {
		return nil, err
	}
	return out, nil
}
