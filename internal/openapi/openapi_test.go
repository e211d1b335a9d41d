package openapi

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

type Monto int64

type Ref struct {
	Nombre string `json:"nombre"`
}

type totales struct {
	Total Monto `json:"total"`
}

type alternativa struct {
	Hoy string `json:"hoy"`
}

type Registro struct {
	ID      int64      `json:"id"`
	Nota    string     `json:"nota,omitempty"`
	Fecha   *time.Time `json:"fecha"`
	Monto   Monto      `json:"monto"`
	Dueno   *Ref       `json:"dueno"`
	Items   []Ref      `json:"items"`
	Oculto  string     `json:"-"`
	privado string
	totales
	*alternativa
}

type Sombra struct {
	totales
	Total Monto `json:"total"`
}

type Alta struct {
	Nombre string `json:"nombre"`
}

type Consulta struct {
	Estado string  `query:"estado" enum:"a,b"`
	IDs    []int64 `query:"ids" required:"true" collectionFormat:"csv"`
}

type Lista struct {
	Codigos []string `json:"codigos" enum:"x,y"`
}

// errores are the error answers of the documents of these tests.
var errores = map[int]ErrorAnswer{
	http.StatusBadRequest: {Name: "Invalida", Description: "Datos inválidos", Data: reflect.TypeFor[Ref]()},
	http.StatusNotFound:   {Name: "NoEncontrado", Description: "No existe"},
	http.StatusConflict:   {Name: "Conflicto", Description: "Choca"},
}

func build(t *testing.T, ops ...Operation) map[string]any {
	t.Helper()
	b, err := Document(Info{Title: "T", Version: "1", Numbers: []any{Monto(0)}, Errors: errores}, ops)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func at(v any, path ...string) any {
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	return v
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestJSONFieldsRequiredAndShadowing(t *testing.T) {
	fields, err := JSONFields(reflect.TypeFor[Registro]())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fields {
		got = append(got, f.Name+map[bool]string{true: "!", false: "?"}[f.Required])
	}
	want := "id! nota? fecha! monto! dueno! items! total! hoy?"
	if strings.Join(got, " ") != want {
		t.Fatalf("campos = %s, esperaba %s", strings.Join(got, " "), want)
	}
	if _, err := JSONFields(reflect.TypeFor[Sombra]()); err == nil || !strings.Contains(err.Error(), `"total" twice`) {
		t.Fatalf("un nombre repetido en dos niveles debía fallar: %v", err)
	}
}

// A body taken as bytes is documented as such and required; a path
// parameter that is not an id is a name.
func TestDocumentRawBodyAndNamedPathParameter(t *testing.T) {
	doc := build(t, Operation{Method: "POST", Path: "/api/avisos/{proveedor}", ID: "recibirAviso", Summary: "Un aviso",
		Access: "público", Public: true, Consumes: "*/*", Status: http.StatusOK, Errors: []int{400}})
	post := at(doc, "paths", "/api/avisos/{proveedor}", "post")
	if js(at(post, "requestBody")) != `{"content":{"*/*":{"schema":{"format":"binary","type":"string"}}},`+
		`"description":"Los bytes tal como los envía quien llama","required":true}` {
		t.Fatalf("cuerpo = %s", js(at(post, "requestBody")))
	}
	if js(at(post, "parameters")) != `[{"in":"path","name":"proveedor","required":true,"schema":{"minLength":1,"type":"string"}}]` {
		t.Fatalf("parámetros = %s", js(at(post, "parameters")))
	}
}

func TestDocumentOperationsAndSchemas(t *testing.T) {
	doc := build(t,
		Operation{Method: "POST", Path: "/api/altas/{id}", ID: "crearAlta", Summary: "Da un alta", Access: "permiso x.y",
			Query: reflect.TypeFor[Consulta](), Body: reflect.TypeFor[Alta](), Data: reflect.TypeFor[Registro](),
			Status: http.StatusCreated, Errors: []int{400, 404, 409}, ErrorData: map[int]reflect.Type{409: reflect.TypeFor[Alta]()}},
		Operation{Method: "GET", Path: "/api/salud", ID: "salud", Summary: "La salud", Access: "público", Public: true,
			Status: http.StatusOK, Errors: []int{400}},
	)
	post := at(doc, "paths", "/api/altas/{id}", "post")
	if at(post, "operationId") != "crearAlta" || at(post, "summary") != "Da un alta" {
		t.Fatalf("operación = %s", js(post))
	}
	if js(at(post, "responses", "400")) != `{"$ref":"#/components/responses/Invalida"}` ||
		js(at(post, "responses", "404")) != `{"$ref":"#/components/responses/NoEncontrado"}` ||
		js(at(post, "responses", "409")) != `{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/ErrorAlta"}}},"description":"Choca"}` {
		t.Fatalf("respuestas = %s", js(at(post, "responses")))
	}
	if js(at(doc, "components", "responses", "Invalida")) != `{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/ErrorRef"}}},"description":"Datos inválidos"}` {
		t.Fatalf("components.responses = %s", js(at(doc, "components", "responses")))
	}
	if js(at(doc, "paths", "/api/salud", "get", "security")) != `[]` {
		t.Fatal("una operación pública dice que no pide token: security []")
	}
	if js(at(doc, "servers")) != `[{"url":"/"}]` { // the paths are whole: a validator resolves them as requests name them
		t.Fatalf("servers = %s", js(at(doc, "servers")))
	}
	if js(at(post, "security")) != `[{"bearerAuth":[]}]` || at(post, "description") != "Acceso: permiso x.y" {
		t.Fatalf("operación = %s", js(post))
	}
	if js(at(post, "parameters")) != `[{"in":"path","name":"id","required":true,"schema":{"format":"int64","minimum":1,"type":"integer"}},`+
		`{"in":"query","name":"estado","schema":{"enum":["a","b"],"type":"string"}},`+
		`{"explode":false,"in":"query","name":"ids","required":true,"schema":{"items":{"format":"int64","type":"integer"},"type":"array"},"style":"form"}]` {
		t.Fatalf("parámetros = %s", js(at(post, "parameters")))
	}
	if at(post, "requestBody", "required") != true {
		t.Fatalf("cuerpo = %s", js(at(post, "requestBody")))
	}
	if js(at(post, "responses", "201", "content", "application/json", "schema")) != `{"$ref":"#/components/schemas/RespuestaRegistro"}` {
		t.Fatalf("respuesta = %s", js(at(post, "responses")))
	}
	if js(at(post, "responses", "500", "content", "application/json", "schema")) != `{"$ref":"#/components/schemas/Error"}` ||
		at(post, "responses", "default") != nil { // no catch-all hides an undeclared answer

		t.Fatalf("respuesta de error = %s", js(at(post, "responses")))
	}
	schemas := at(doc, "components", "schemas")
	checks := map[string]string{
		"RespuestaRegistro": `{"properties":{"data":{"$ref":"#/components/schemas/Registro"},"message":{"type":"string"},"success":{"const":true,"type":"boolean"}},"required":["success","data"],"type":"object"}`,
		"RespuestaSinDatos": `{"properties":{"message":{"type":"string"},"success":{"const":true,"type":"boolean"}},"required":["success"],"type":"object"}`,
		"Error":             `{"properties":{"data":{"additionalProperties":{},"type":"object"},"message":{"type":"string"},"success":{"const":false,"type":"boolean"}},"required":["success","message"],"type":"object"}`,
		"ErrorAlta":         `{"properties":{"data":{"$ref":"#/components/schemas/Alta"},"message":{"type":"string"},"success":{"const":false,"type":"boolean"}},"required":["success","message"],"type":"object"}`,
		// a struct's schema refuses other fields, as the server's strict decoding does
		"Alta": `{"additionalProperties":false,"properties":{"nombre":{"type":"string"}},"required":["nombre"],"type":"object"}`,
	}
	for name, want := range checks {
		if got := js(at(schemas, name)); got != want {
			t.Errorf("%s = %s\nesperaba %s", name, got, want)
		}
	}
	props := at(schemas, "Registro", "properties")
	for prop, want := range map[string]string{
		"monto": `{"format":"double","type":"number"}`,
		"total": `{"format":"double","type":"number"}`,
		"fecha": `{"format":"date-time","type":["null","string"]}`,
		"dueno": `{"anyOf":[{"$ref":"#/components/schemas/Ref"},{"type":"null"}]}`,
		"items": `{"items":{"$ref":"#/components/schemas/Ref"},"type":"array"}`,
	} {
		if got := js(at(props, prop)); got != want {
			t.Errorf("Registro.%s = %s, esperaba %s", prop, got, want)
		}
	}
	if got := js(at(schemas, "Registro", "required")); got != `["id","fecha","monto","dueno","items","total"]` {
		t.Errorf("Registro.required = %s", got)
	}
}

func TestDocumentRefusesAShadowedName(t *testing.T) {
	_, err := Document(Info{}, []Operation{{Method: "GET", Path: "/api/x", ID: "x", Summary: "X",
		Data: reflect.TypeFor[Sombra](), Status: 200}})
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("esperaba un error por el nombre repetido, obtuve %v", err)
	}
}

// An operation without an operationId, with one already used, without a
// summary, or with an error answer the document does not declare is refused.
func TestDocumentRefusesAnOperationWithoutItsContract(t *testing.T) {
	ok := Operation{Method: "GET", Path: "/api/x", ID: "verX", Summary: "X", Status: 200, Errors: []int{404}}
	casos := []struct {
		want string
		ops  []Operation
	}{
		{"lowerCamelCase", []Operation{{Method: "GET", Path: "/api/x", Summary: "X", Status: 200}}},
		{"used twice", []Operation{ok, {Method: "GET", Path: "/api/y", ID: "verX", Summary: "Y", Status: 200}}},
		{"no summary", []Operation{{Method: "GET", Path: "/api/x", ID: "verX", Status: 200}}},
		{"418 is not declared", []Operation{{Method: "GET", Path: "/api/x", ID: "verX", Summary: "X", Status: 200, Errors: []int{418}}}},
		{"does not answer", []Operation{{Method: "GET", Path: "/api/x", ID: "verX", Summary: "X", Status: 200,
			ErrorData: map[int]reflect.Type{409: nil}}}},
		{`"otra" is not declared`, []Operation{{Method: "GET", Path: "/api/x", ID: "verX", Summary: "X", Status: 200, Security: "otra"}}},
	}
	for _, c := range casos {
		if _, err := Document(Info{Errors: errores}, c.ops); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.want, err)
		}
	}
}

// The enum of a list is the enum of its items.
func TestTheEnumOfAListIsItsItems(t *testing.T) {
	doc := build(t, Operation{Method: "GET", Path: "/api/l", ID: "l", Summary: "L", Data: reflect.TypeFor[Lista](), Status: 200})
	if got := js(at(doc, "components", "schemas", "Lista", "properties", "codigos")); got != `{"items":{"enum":["x","y"],"type":"string"},"type":"array"}` {
		t.Fatalf("codigos = %s", got)
	}
}

// A further schema is declared with the types it uses; a WebSocket operation
// answers 101 with its messages' schema, under its own security scheme.
func TestDocumentDeclaresSchemasAndAWebSocket(t *testing.T) {
	b, err := Document(Info{Schemas: []any{Lista{}}, APIKeys: map[string]APIKey{"socket": {Header: "X-Token", Description: "K"}}},
		[]Operation{{Method: "GET", Path: "/api/ws", ID: "ws", Summary: "WS", Security: "socket", Data: reflect.TypeFor[Ref](),
			Status: http.StatusSwitchingProtocols}})
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	_ = json.Unmarshal(b, &doc)
	if at(doc, "components", "schemas", "Lista") == nil ||
		js(at(doc, "paths", "/api/ws", "get", "responses", "101", "content", "application/json", "schema")) != `{"$ref":"#/components/schemas/Ref"}` ||
		js(at(doc, "paths", "/api/ws", "get", "security")) != `[{"socket":[]}]` ||
		js(at(doc, "components", "securitySchemes", "socket")) != `{"description":"K","in":"header","name":"X-Token","type":"apiKey"}` {
		t.Fatalf("documento = %s", b)
	}
}
