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

func build(t *testing.T, ops ...Operation) map[string]any {
	t.Helper()
	b, err := Document(Info{Title: "T", Version: "1", BasePath: "/api", Numbers: []any{Monto(0)}}, ops)
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

func TestDocumentOperationsAndSchemas(t *testing.T) {
	doc := build(t,
		Operation{Method: "POST", Path: "/api/altas/{id}", Access: "permiso x.y", Body: reflect.TypeFor[Alta](),
			Data: reflect.TypeFor[Registro](), Status: http.StatusCreated},
		Operation{Method: "GET", Path: "/api/salud", Access: "público", Public: true, Status: http.StatusOK},
	)
	if at(doc, "servers") == nil || js(at(doc, "servers")) != `[{"url":"/api"}]` {
		t.Fatalf("servers = %s", js(at(doc, "servers")))
	}
	post := at(doc, "paths", "/altas/{id}", "post")
	if js(at(post, "security")) != `[{"bearerAuth":[]}]` || at(post, "description") != "Acceso: permiso x.y" {
		t.Fatalf("operación = %s", js(post))
	}
	if js(at(post, "parameters")) != `[{"in":"path","name":"id","required":true,"schema":{"format":"int64","minimum":1,"type":"integer"}}]` {
		t.Fatalf("parámetros = %s", js(at(post, "parameters")))
	}
	if at(post, "requestBody", "required") != true {
		t.Fatalf("cuerpo = %s", js(at(post, "requestBody")))
	}
	if js(at(post, "responses", "201", "content", "application/json", "schema")) != `{"$ref":"#/components/schemas/RespuestaRegistro"}` {
		t.Fatalf("respuesta = %s", js(at(post, "responses")))
	}
	if js(at(post, "responses", "default", "content", "application/json", "schema")) != `{"$ref":"#/components/schemas/Error"}` {
		t.Fatalf("respuesta de error = %s", js(at(post, "responses")))
	}
	if at(doc, "paths", "/salud", "get", "security") != nil {
		t.Fatal("una operación pública no pide token")
	}
	schemas := at(doc, "components", "schemas")
	checks := map[string]string{
		"RespuestaRegistro": `{"properties":{"data":{"$ref":"#/components/schemas/Registro"},"message":{"type":"string"},"success":{"const":true,"type":"boolean"}},"required":["success","data"],"type":"object"}`,
		"RespuestaSinDatos": `{"properties":{"message":{"type":"string"},"success":{"const":true,"type":"boolean"}},"required":["success"],"type":"object"}`,
		"Error":             `{"properties":{"data":{"additionalProperties":{},"type":"object"},"message":{"type":"string"},"success":{"const":false,"type":"boolean"}},"required":["success","message"],"type":"object"}`,
		"Alta":              `{"properties":{"nombre":{"type":"string"}},"required":["nombre"],"type":"object"}`,
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
	_, err := Document(Info{BasePath: "/api"}, []Operation{{Method: "GET", Path: "/api/x", Data: reflect.TypeFor[Sombra](), Status: 200}})
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("esperaba un error por el nombre repetido, obtuve %v", err)
	}
}
