package api

import (
	"cmp"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/impresion"
)

// Every route refuses a query parameter it does not declare, naming it, before
// it reads a body or writes anything; but a route whose body and query string
// are its caller's (handleCrudo: a webhook, whose signature covers them).
func TestEveryRouteRefusesAnUnknownQueryParameter(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.tokenCliente() // the portal's caller, made before the state is taken
		antes := ""
		walkRoutes(t, e, func(rt route, path string) {
			if antes == "" { // once the walk's fixtures are in place
				antes = e.estado()
			}
			if rt.Handler.consumes != "" {
				return
			}
			if rt.Access.Cliente {
				r := e.do(rt.Method, path+"?no_existe=1", e.tokenCliente(), walkBody(rt))
				if r.Status != http.StatusBadRequest || !strings.HasSuffix(r.Message, "El parámetro no_existe no está permitido") {
					t.Errorf("%s %s: %d %q", rt.Method, rt.Path, r.Status, r.Message)
				}
				return
			}
			for _, w := range []walker{walkers[2], walkers[1], walkers[3], walkers[4], walkers[5], walkers[6]} {
				role, _ := domain.RolIntegrado(w.rol)
				if !rt.Access.Publico && !rt.Access.Permite(w.rol, role.Permisos) {
					continue
				}
				r := e.do(rt.Method, path+"?no_existe=1", e.token(w.usuario), walkBody(rt))
				if r.Status != http.StatusBadRequest || !strings.HasSuffix(r.Message, "El parámetro no_existe no está permitido") {
					t.Errorf("%s %s: %d %q", rt.Method, rt.Path, r.Status, r.Message)
				}
				return
			}
			t.Fatalf("ningún usuario de la demo llega a %s %s", rt.Method, rt.Path)
		})
		if e.estado() != antes {
			t.Fatalf("una consulta rechazada escribió: %s → %s", antes, e.estado())
		}
	})
}

// One 400 names every parameter a query got wrong, in the order the route
// declares them and then the unknown ones, also in its data.
func TestAQueryNamesEveryBadParameter(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		r := e.do("GET", "/api/pasajes?zz=1&page=0&seccion_id=x&estado=borrado&busqueda=ok&a=", e.token("admin"), nil)
		r.expect(t, http.StatusBadRequest, "El parámetro estado debe ser uno de: activo, cancelado, usado. "+
			"El parámetro seccion_id debe ser un número entero mayor que cero. "+
			"El parámetro page debe ser un número entero mayor que cero. "+
			"El parámetro a no está permitido. El parámetro zz no está permitido")
		var d ParametrosInvalidos
		r.decode(t, &d)
		var nombres []string
		for _, p := range d.Parametros {
			nombres = append(nombres, p.Nombre)
			if !strings.HasPrefix(p.Mensaje, "El parámetro "+p.Nombre+" ") {
				t.Errorf("%s: %q", p.Nombre, p.Mensaje)
			}
		}
		if strings.Join(nombres, " ") != "estado seccion_id page a zz" {
			t.Fatalf("parámetros = %v", nombres)
		}
		// a rule over two parameters is checked once each parses, and named too
		r = e.do("GET", "/api/pasajes?fecha_inicio=2026-11-20&fecha_fin=2026-11-19", e.token("admin"), nil)
		r.expect(t, http.StatusBadRequest, "El parámetro fecha_fin no puede ser anterior a fecha_inicio")
		r.decode(t, &d)
		if len(d.Parametros) != 1 || d.Parametros[0].Nombre != "fecha_fin" {
			t.Fatalf("parámetros = %+v", d.Parametros)
		}
	})
}

// Every query type of the table parses, each parameter says what it is, and
// the bounds its tags give are the ones the code keeps.
func TestQueryTypesParse(t *testing.T) {
	tipos := map[reflect.Type]bool{reflect.TypeFor[ConsultaSocket](): true}
	for _, rt := range (&Server{}).routes() {
		if rt.Handler.query != nil {
			tipos[rt.Handler.query] = true
		}
	}
	for tipo := range tipos {
		if _, err := camposConsulta(tipo); err != nil {
			t.Error(err)
		}
		for f := range campos(tipo) {
			if f.Tag.Get("description") == "" {
				t.Errorf("%s.%s: sin description", tipo.Name(), f.Name)
			}
			switch f.Tag.Get("query") {
			case "pagina", "page":
				if f.Tag.Get("maximum") != "1000000" || maxPagina != 1_000_000 {
					t.Errorf("%s.%s: el máximo de una página es maxPagina", tipo.Name(), f.Name)
				}
			case "limite":
				// a report may serve smaller pages (REPORTES: 1–100), never larger ones
				if m, err := strconv.Atoi(cmp.Or(f.Tag.Get("maximum"), "500")); err != nil || m > maxLimite || maxLimite != 500 {
					t.Errorf("%s.%s: el máximo de limite es a lo sumo maxLimite", tipo.Name(), f.Name)
				}
			case "busqueda", "search", "documento":
				if f.Tag.Get("maxLength") != "100" || maxTexto != 100 {
					t.Errorf("%s.%s: el máximo de un texto es maxTexto", tipo.Name(), f.Name)
				}
			}
		}
	}
	tag := func(t reflect.Type, nombre, clave string) string {
		for f := range campos(t) {
			if f.Tag.Get("query") == nombre {
				return f.Tag.Get(clave)
			}
		}
		return ""
	}
	if tag(reflect.TypeFor[ConsultaPasswords](), "count", "maximum") != "10" || auth.MaxPasswordsGeneradas != 10 {
		t.Error("count llega hasta auth.MaxPasswordsGeneradas")
	}
	if tag(reflect.TypeFor[ConsultaTicket](), "papel", "enum") != strings.Join(impresion.Papeles, ",") {
		t.Error("papel es uno de impresion.Papeles")
	}
	if _, err := camposConsulta(reflect.TypeFor[struct {
		N int `query:"n"`
	}]()); err == nil {
		t.Error("un parámetro sin lector debía fallar")
	}
}

// campos are a struct's fields, embedded structs' included.
func campos(t reflect.Type) func(func(reflect.StructField) bool) {
	return func(yield func(reflect.StructField) bool) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Tag.Get("query") == "" {
				for g := range campos(f.Type) {
					if !yield(g) {
						return
					}
				}
				continue
			}
			if !yield(f) {
				return
			}
		}
	}
}

// The enumerations of the contract are the domain's values.
func TestEnumsAreTheDomainsValues(t *testing.T) {
	modulos := domain.CodigosModulo
	casos := []struct {
		tipo  reflect.Type
		campo string
		want  []string
	}{
		{reflect.TypeFor[Pasaje](), "Estado", []string{domain.PasajeActivo, domain.PasajeCancelado, domain.PasajeUsado}},
		{reflect.TypeFor[FiltroPasajes](), "Estado", []string{domain.PasajeActivo, domain.PasajeCancelado, domain.PasajeUsado}},
		{reflect.TypeFor[Caja](), "Estado", []string{domain.CajaAbierta, domain.CajaCerrada}},
		{reflect.TypeFor[Movimiento](), "Tipo", []string{domain.MovVentaPasaje, domain.MovIngresoExtra, domain.MovEgresoGasto,
			domain.MovDevolucionPasaje, domain.MovReactivacionPasaje, domain.MovRetiroCaja}},
		{reflect.TypeFor[RegistrarMovimiento](), "Tipo", []string{domain.MovIngresoExtra, domain.MovEgresoGasto}},
		{reflect.TypeFor[Modulo](), "Codigo", modulos},
		{reflect.TypeFor[Modulo](), "Categoria", domain.CategoriasModulo},
		{reflect.TypeFor[Usuario](), "Modulos", modulos},
		{reflect.TypeFor[events.EventoNotificacion](), "Tipo", []string{domain.NotifVenta, domain.NotifCajaAbierta,
			domain.NotifCajaCerrada, domain.NotifEmbarque, domain.NotifWhatsapp, domain.NotifAlerta, domain.NotifInfo}},
		{reflect.TypeFor[PermisosDashboard](), "Tipo", domain.RolesIntegrados},
		{reflect.TypeFor[EmpresaAdmin](), "Tipo", []string{domain.EmpresaOperativa, domain.EmpresaAdministrativa}},
		{reflect.TypeFor[Empresa](), "Tipo", []string{domain.EmpresaOperativa, domain.EmpresaAdministrativa}},
	}
	for _, c := range casos {
		f, ok := c.tipo.FieldByName(c.campo)
		if !ok {
			t.Errorf("%s no tiene %s", c.tipo.Name(), c.campo)
			continue
		}
		if got := strings.Split(f.Tag.Get("enum"), ","); !slices.Equal(got, c.want) {
			t.Errorf("%s.%s: enum %v, esperaba %v", c.tipo.Name(), c.campo, got, c.want)
		}
	}
	// a notification is one shape per kind (Notificacion+Nombre): one for each of the domain's kinds
	var clases []string
	for _, c := range events.ClasesNotificacion {
		clases = append(clases, c.Tipo)
	}
	if want := []string{domain.NotifVenta, domain.NotifCajaAbierta, domain.NotifCajaCerrada, domain.NotifEmbarque,
		domain.NotifAlerta, domain.NotifWhatsapp, domain.NotifInfo}; !slices.Equal(clases, want) {
		t.Errorf("clases de notificación %v, esperaba %v", clases, want)
	}
	estados := []string{domain.WhatsAppConectado, domain.WhatsAppConectando, domain.WhatsAppDesconectado}
	f, _ := reflect.TypeFor[events.EventoWhatsApp]().FieldByName("Status")
	for _, e := range estados {
		if !slices.Contains(strings.Split(f.Tag.Get("enum"), ","), e) {
			t.Errorf("EventoWhatsApp.status no admite %s", e)
		}
	}
}

// The rules of Redocly's recommended lint that the document once broke, checked
// without Node: every operation has an operationId (unique), a summary, a 4xx
// answer and its security (an empty list when public).
func TestEveryOperationHasItsIDSummaryErrorsAndSecurity(t *testing.T) {
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Paths map[string]map[string]struct {
			OperationID string                     `json:"operationId"`
			Summary     string                     `json:"summary"`
			Responses   map[string]json.RawMessage `json:"responses"`
			Security    *[]map[string][]string     `json:"security"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	n := 0
	for path, ops := range d.Paths {
		for method, op := range ops {
			n++
			name := method + " " + path
			if op.OperationID == "" || op.Summary == "" || op.Security == nil {
				t.Errorf("%s: operationId %q, summary %q, security %v", name, op.OperationID, op.Summary, op.Security)
			}
			if otro, ok := ids[op.OperationID]; ok {
				t.Errorf("%s y %s comparten el operationId %s", name, otro, op.OperationID)
			}
			ids[op.OperationID] = name
			if !slices.ContainsFunc(slices.Collect(maps.Keys(op.Responses)), func(s string) bool { return s[0] == '4' }) {
				t.Errorf("%s: sin respuesta 4xx", name)
			}
		}
	}
	if n < 100 {
		t.Fatalf("solo %d operaciones", n)
	}
}

// An alias fills its parameter's field, agrees with it when both are given,
// and must name a parameter of its type.
func TestAnAliasFillsItsParameter(t *testing.T) {
	type consulta struct {
		Inicio      string `query:"inicio" format:"date"`
		FechaInicio string `query:"fecha_inicio" format:"date" alias:"inicio"`
		N           int64  `query:"n" default:"7"`
		Numero      int64  `query:"numero" alias:"n"`
	}
	leer := func(query string) (consulta, error) {
		return leerConsulta[consulta](httptest.NewRequest("GET", "/x?"+query, nil))
	}
	for query, want := range map[string]consulta{
		"fecha_inicio=2026-11-01&numero=3": {"2026-11-01", "2026-11-01", 3, 3},
		"inicio=2026-11-01&n=3":            {"2026-11-01", "", 3, 0},
		"inicio=2026-11-01":                {"2026-11-01", "", 7, 0}, // the default
		"numero=2":                         {"", "", 2, 2},           // the alias over the default
		"inicio=2026-11-01&fecha_inicio=2026-11-01&n=3&numero=3": {"2026-11-01", "2026-11-01", 3, 3},
	} {
		if got, err := leer(query); err != nil || got != want {
			t.Errorf("%s: %+v, %v; esperaba %+v", query, got, err, want)
		}
	}
	_, err := leer("inicio=2026-11-01&fecha_inicio=2026-11-02&n=3&numero=4")
	var de *domain.Error
	if !errors.As(err, &de) || de.Message != "Los parámetros inicio y fecha_inicio tienen valores distintos: indique uno solo. "+
		"Los parámetros n y numero tienen valores distintos: indique uno solo" {
		t.Fatalf("valores distintos: %v", err)
	}
	// a bad value of an alias is named like any parameter's, before any alias is resolved
	if _, err = leer("fecha_inicio=ayer&inicio=2026-11-01"); !errors.As(err, &de) ||
		de.Message != "El parámetro fecha_inicio debe ser una fecha con el formato AAAA-MM-DD" {
		t.Fatalf("alias inválido: %v", err)
	}
	for _, tipo := range []reflect.Type{
		reflect.TypeFor[struct {
			A string `query:"a" alias:"b"`
		}](),
		reflect.TypeFor[struct {
			A string `query:"a"`
			B int64  `query:"b" alias:"a"`
		}](),
		reflect.TypeFor[struct {
			A string `query:"a" alias:"b"`
			B string `query:"b" alias:"a"`
		}](),
	} {
		if _, err := camposConsulta(tipo); err == nil {
			t.Errorf("%v: un alias sin parámetro de su tipo debía fallar", tipo)
		}
	}
}
