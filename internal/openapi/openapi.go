// Package openapi builds the OpenAPI 3 document of a JSON API from its
// operations and the Go types of their request bodies and answers. Every
// answer is the envelope {success, data, message}; a struct field without
// omitempty is required, a pointer may be null, slices and maps never are.
package openapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/swaggest/jsonschema-go"
	openapigo "github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"
)

// Info describes the API as a whole.
type Info struct {
	Title, Version, Description string
	// BasePath is the prefix every operation's path carries (e.g. "/api"): the
	// document's server, stripped from the paths.
	BasePath string
	// Numbers are types that JSON carries as numbers whatever their Go kind
	// (amounts of money with decimals).
	Numbers []any
}

// Operation is one route of the API.
type Operation struct {
	Method, Path string
	// Access says who may call it, for the description; Public operations need no token.
	Access string
	Public bool
	Body   reflect.Type // the JSON request body; nil: none
	Data   reflect.Type // the envelope's data; nil: the answer carries only a message
	Status int          // the success status
}

const bearer = "bearerAuth"

// Document builds the OpenAPI document as indented JSON.
func Document(info Info, ops []Operation) ([]byte, error) {
	r := openapi31.NewReflector()
	r.Spec = &openapi31.Spec{Openapi: "3.1.0"}
	r.Spec.Info.WithTitle(info.Title).WithVersion(info.Version).WithDescription(info.Description)
	r.Spec.Servers = []openapi31.Server{{URL: info.BasePath}}
	r.Spec.SetHTTPBearerTokenSecurity(bearer, "", "Authorization: Bearer <token> de POST /auth/login")
	for _, n := range info.Numbers {
		r.AddTypeMapping(n, float64(0))
	}
	names := map[string]reflect.Type{}
	r.DefaultOptions = append(r.DefaultOptions,
		jsonschema.InterceptDefName(func(t reflect.Type, name string) string { return defName(names, t, name) }),
		jsonschema.InterceptSchema(requiredFields),
		jsonschema.InterceptNullability(nullability))
	for _, op := range ops {
		if err := addOperation(r, info.BasePath, op); err != nil {
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

func addOperation(r *openapi31.Reflector, base string, op Operation) error {
	path := strings.TrimPrefix(op.Path, base)
	oc, err := r.NewOperationContext(op.Method, path)
	if err != nil {
		return err
	}
	oc.SetDescription("Acceso: " + op.Access)
	if !op.Public {
		oc.AddSecurity(bearer)
	}
	if params := pathParams(path); params != nil {
		oc.AddReqStructure(*params)
	}
	if op.Body != nil {
		oc.AddReqStructure(reflect.New(op.Body).Interface(), func(cu *openapigo.ContentUnit) {
			cu.Customize = func(cor openapigo.ContentOrReference) {
				if b, ok := cor.(*openapi31.RequestBodyOrReference); ok && b.RequestBody != nil {
					b.RequestBody.WithRequired(true)
				}
			}
		})
	}
	oc.AddRespStructure(envelope(op.Data), func(cu *openapigo.ContentUnit) { cu.HTTPStatus = op.Status })
	oc.AddRespStructure(failure(), func(cu *openapigo.ContentUnit) {
		cu.IsDefault, cu.Description = true, "Error: 400, 401, 403, 404, 409, 429, 503 o 500, con el mensaje en español"
	})
	return r.AddOperation(oc)
}

var pathParam = regexp.MustCompile(`\{(\w+)\}`)

// pathParams declares the path's {parameters}: numeric ids, all of them.
func pathParams(path string) *jsonschema.Struct {
	matches := pathParam.FindAllStringSubmatch(path, -1)
	if matches == nil {
		return nil
	}
	s := &jsonschema.Struct{}
	for _, m := range matches {
		s.Fields = append(s.Fields, jsonschema.Field{Name: strings.ToUpper(m[1][:1]) + m[1][1:], Value: int64(0),
			Tag: reflect.StructTag(`path:"` + m[1] + `" minimum:"1"`)})
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
// carries details of some refusals (e.g. who boarded a ticket already).
func failure() jsonschema.Struct {
	return jsonschema.Struct{DefName: "Error", Fields: []jsonschema.Field{
		{Name: "Success", Value: false, Tag: `json:"success" required:"true" const:"false"`},
		{Name: "Message", Value: "", Tag: `json:"message" required:"true"`},
		{Name: "Data", Value: map[string]any{}, Tag: `json:"data,omitempty"`},
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

// Field is one JSON property of a struct.
type Field struct {
	Name     string
	Required bool
}

// JSONFields lists the JSON properties of a struct as encoding/json writes
// them, embedded structs included; a name declared twice, at any depth, is an
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
	if err := walk(t, false); err != nil {
		return nil, err
	}
	return out, nil
}
