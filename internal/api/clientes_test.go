package api

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"muelle/internal/domain"
)

type clienteJSON struct {
	ID        int64
	Nombre    string
	Apellido  string
	Documento string
	Telefono  string
	Email     string
	Activo    bool
}

// crearCliente posts a customer as usuario and returns the answer.
func (e *env) crearCliente(usuario string, body map[string]any) response {
	e.t.Helper()
	return e.do("POST", "/api/config/clientes", e.token(usuario), body)
}

// nuevoCliente creates a customer as admin of company 1 and returns its id.
func (e *env) nuevoCliente(nombre, apellido, documento, telefono, email string) int64 {
	e.t.Helper()
	r := e.crearCliente("admin", map[string]any{"nombre": nombre, "apellido": apellido, "documento": documento,
		"telefono": telefono, "email": email})
	r.expect(e.t, http.StatusCreated, domain.MsgClienteCreado)
	var c clienteJSON
	r.decode(e.t, &c)
	return c.ID
}

// buscarClientes answers the documents of the customers a query finds, in order.
func (e *env) buscarClientes(query string) []string {
	e.t.Helper()
	r := e.do("GET", "/api/config/clientes?"+query, e.token("vendedor"), nil)
	r.expect(e.t, http.StatusOK, "")
	var d struct {
		Clientes []clienteJSON
		Total    int64
	}
	r.decode(e.t, &d)
	docs := []string{}
	for _, c := range d.Clientes {
		docs = append(docs, c.Documento)
	}
	if d.Total != int64(len(docs)) && !strings.Contains(query, "pagina") {
		e.t.Fatalf("%s: total %d con %d clientes", query, d.Total, len(docs))
	}
	return docs
}

func TestClienteSearchIgnoresCaseAndAccents(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.nuevoCliente("Juan", "Gómez", "30111222", "11 5555-0101", "juan.gomez@correo.com")
		e.nuevoCliente("Ana", "Peña", "27999888", "11 4444-0202", "ana@correo.com")
		for query, want := range map[string]string{
			"search=gomez": "30111222", "search=G%C3%93MEZ": "30111222", "search=pena": "27999888",
			"search=27999": "27999888", "search=5555-01": "30111222", "search=ana%40correo": "27999888",
			"documento=30111222": "30111222",
		} {
			if got := e.buscarClientes(query); strings.Join(got, ",") != want {
				t.Errorf("%s: %v, quiero %s", query, got, want)
			}
		}
		if got := e.buscarClientes("search=nadie"); len(got) != 0 {
			t.Errorf("búsqueda sin resultados: %v", got)
		}
		if got := e.buscarClientes("limite=1&pagina=2"); len(got) != 1 || got[0] != "30111222" {
			t.Errorf("página 2: %v", got)
		}
		e.do("GET", "/api/config/clientes?pagina=abc", e.token("admin"), nil).
			expect(t, http.StatusBadRequest, "El parámetro pagina debe ser un número entero mayor que cero")
	})
}

func TestClienteDocumentoIsUniquePerCompany(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		body := map[string]any{"nombre": "Luis", "documento": "20333444"}
		e.crearCliente("admin", body).expect(t, http.StatusCreated, domain.MsgClienteCreado)
		e.crearCliente("supervisor", body).expect(t, http.StatusConflict, domain.MsgClienteDuplicado)
		e.crearCliente("admin2", body).expect(t, http.StatusCreated, domain.MsgClienteCreado)
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE documento = '20333444'`); n != 2 {
			t.Fatalf("%d clientes con el documento", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'CREACION_CLIENTE'`); n != 2 {
			t.Fatalf("auditoría CREACION_CLIENTE = %d", n)
		}
	})
}

func TestClienteInputIsStrictAndRolesAreEnforced(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.crearCliente("admin", map[string]any{"nombre": "Luis", "documento": strings.Repeat("1", 21)}).
			expect(t, http.StatusBadRequest, "El campo documento no debe exceder 20 caracteres")
		e.crearCliente("admin", map[string]any{"nombre": "Luis", "documento": "1", "puntos": 3}).
			expect(t, http.StatusBadRequest, "El campo puntos no está permitido")
		e.crearCliente("admin", map[string]any{"nombre": " ", "documento": "1"}).
			expect(t, http.StatusBadRequest, domain.MsgClienteNombre)
		e.crearCliente("vendedor", map[string]any{"nombre": "Luis", "documento": "1"}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM clientes`); n != 0 {
			t.Fatalf("%d clientes escritos", n)
		}
	})
}

func TestClienteOfAnotherCompanyIsNotFound(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.nuevoCliente("Juan", "Gómez", "30111222", "", "")
		path := fmt.Sprintf("/api/config/clientes/%d", id)
		tok := e.token("admin2")
		e.do("GET", path, tok, nil).expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		e.do("GET", path+"/pasajes", tok, nil).expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		e.do("PUT", path, tok, map[string]any{"nombre": "Otro", "documento": "1"}).
			expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		e.do("DELETE", path, tok, nil).expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE id = ? AND nombre = 'Juan' AND activo = TRUE`, id); n != 1 {
			t.Fatal("otra empresa cambió el cliente")
		}
	})
}

// venderConDocumento sells one General ticket as vendedor with a document.
func (e *env) venderConDocumento(nombre, documento, key string) []pasajeClienteJSON {
	e.t.Helper()
	b := e.lote(map[string]int{"General": 1}, "Efectivo")
	b["cliente_nombre"], b["cliente_documento"] = nombre, documento
	r := e.sell(e.token("vendedor"), b, key)
	r.expect(e.t, http.StatusCreated, "1 pasaje creado exitosamente")
	var d struct{ Pasajes []pasajeClienteJSON }
	r.decode(e.t, &d)
	return d.Pasajes
}

type pasajeClienteJSON struct {
	ID               int64
	ClienteNombre    string `json:"cliente_nombre"`
	ClienteTelefono  string `json:"cliente_telefono"`
	ClienteEmail     string `json:"cliente_email"`
	ClienteDocumento string `json:"cliente_documento"`
	ClienteID        *int64 `json:"cliente_id"`
}

func TestSaleWithANewDocumentCreatesOneCustomerEvenWhenRetried(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		first := e.venderConDocumento("Marta Gómez", "40111222", "venta-1")
		again := e.venderConDocumento("Marta Gómez", "40111222", "venta-1")
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE empresa_id = 1 AND documento = '40111222' AND nombre = 'Marta Gómez'`); n != 1 {
			t.Fatalf("%d clientes creados", n)
		}
		if first[0].ClienteID == nil || again[0].ID != first[0].ID || first[0].ClienteDocumento != "40111222" {
			t.Fatalf("venta %+v, reintento %+v", first[0], again[0])
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE cliente_id = ?`, *first[0].ClienteID); n != 1 {
			t.Fatalf("%d pasajes del cliente", n)
		}
		if got := e.buscarClientes("search=marta%20gomez"); len(got) != 1 {
			t.Fatalf("el cliente de la venta no se encuentra: %v", got)
		}
	})
}

func TestConcurrentSalesWithOneNewDocumentMakeOneCustomer(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		// three sellers, each with their own register: the sales really run side by side
		vendedores := []string{"vendedor", "supervisor", "admin"}
		for _, u := range vendedores {
			e.abrir(e.token(u), 0).expect(t, http.StatusCreated, "")
		}
		b := e.lote(map[string]int{"General": 1}, "Efectivo")
		b["cliente_nombre"], b["cliente_documento"] = "Pía", "50999000"
		var wg sync.WaitGroup
		status := make([]int, len(vendedores))
		for i, u := range vendedores {
			tok := e.token(u)
			wg.Go(func() { status[i] = e.sell(tok, b, "").Status })
		}
		wg.Wait()
		for i, s := range status {
			if s != http.StatusCreated {
				t.Errorf("venta de %s: %d", vendedores[i], s)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE documento = '50999000'`); n != 1 {
			t.Fatalf("%d clientes", n)
		}
		if n := e.count(`SELECT COUNT(DISTINCT cliente_id) FROM pasajes WHERE cliente_documento = '50999000'`); n != 1 {
			t.Fatalf("pasajes en %d clientes", n)
		}
	})
}

func TestSaleWithAKnownDocumentLinksTheTicketsAndTakesTheName(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.nuevoCliente("Juan", "Gómez", "30111222", "11 5555-0101", "juan@example.com")
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		p := e.venderConDocumento("", " 30111222 ", "")[0]
		if p.ClienteID == nil || *p.ClienteID != id || p.ClienteNombre != "Juan Gómez" || p.ClienteTelefono != "11 5555-0101" ||
			p.ClienteEmail != "juan@example.com" {
			t.Fatalf("pasaje: %+v", p)
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes`); n != 1 {
			t.Fatalf("%d clientes", n)
		}
		r := e.do("GET", fmt.Sprintf("/api/config/clientes/%d/pasajes", id), e.token("vendedor"), nil)
		r.expect(t, http.StatusOK, "")
		var d struct {
			Pasajes []pasajeClienteJSON
			Total   int64
		}
		r.decode(t, &d)
		if d.Total != 1 || d.Pasajes[0].ID != p.ID {
			t.Fatalf("pasajes del cliente: %+v", d)
		}
	})
}

func TestDeletingACustomerWithTicketsDeactivatesIt(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		conPasajes := e.nuevoCliente("Juan", "Gómez", "30111222", "", "")
		sinPasajes := e.nuevoCliente("Ana", "Peña", "27999888", "", "")
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		e.venderConDocumento("", "30111222", "")
		tok := e.token("supervisor")
		r := e.do("DELETE", fmt.Sprintf("/api/config/clientes/%d", conPasajes), tok, nil)
		r.expect(t, http.StatusOK, domain.MsgClienteDesactivado)
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE id = ? AND activo = FALSE`, conPasajes); n != 1 {
			t.Fatal("el cliente con pasajes no quedó desactivado")
		}
		e.do("DELETE", fmt.Sprintf("/api/config/clientes/%d", sinPasajes), tok, nil).
			expect(t, http.StatusOK, domain.MsgClienteEliminado)
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE id = ?`, sinPasajes); n != 0 {
			t.Fatal("el cliente sin pasajes no se eliminó")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'ELIMINACION_CLIENTE'`); n != 2 {
			t.Fatalf("auditoría ELIMINACION_CLIENTE = %d", n)
		}
	})
}

func TestUpdatingACustomerRefreshesTheSearch(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.nuevoCliente("Juan", "Gómez", "30111222", "", "")
		e.nuevoCliente("Ana", "Peña", "27999888", "", "")
		path := fmt.Sprintf("/api/config/clientes/%d", id)
		e.do("PUT", path, e.token("admin"), map[string]any{"nombre": "Juan", "apellido": "Núñez", "documento": "30111222"}).
			expect(t, http.StatusOK, domain.MsgClienteActualizado)
		if got := e.buscarClientes("search=nunez"); strings.Join(got, ",") != "30111222" {
			t.Fatalf("búsqueda tras editar: %v", got)
		}
		e.do("PUT", path, e.token("admin"), map[string]any{"nombre": "Juan", "documento": "27999888"}).
			expect(t, http.StatusConflict, domain.MsgClienteDuplicado)
	})
}

// Customer reads need clientes.ver: a role without it (lancha, which any
// session once was enough for) gets 403 and nothing; a seller reads the
// customers, and of a customer's tickets only the ones it sold, like every
// ticket read of a role that sees its own sales only.
func TestClienteReadsNeedThePermission(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		id := e.nuevoCliente("Juan", "Gómez", "30111222", "", "")
		path := fmt.Sprintf("/api/config/clientes/%d", id)
		for _, u := range []string{"vendedor", "supervisor"} {
			e.abrir(e.token(u), 0).expect(t, http.StatusCreated, "")
			b := e.lote(map[string]int{"General": 1}, "Efectivo")
			b["cliente_documento"] = "30111222"
			e.sell(e.token(u), b, "").expect(t, http.StatusCreated, "")
		}
		lancha := e.token("lancha")
		for _, p := range []string{"/api/config/clientes", "/api/config/clientes?documento=30111222", path, path + "/pasajes"} {
			r := e.do("GET", p, lancha, nil)
			r.expect(t, http.StatusForbidden, domain.MsgSinPermisos)
			if strings.Contains(string(r.Body), "Gómez") || strings.Contains(string(r.Body), "30111222") {
				t.Fatalf("%s: la respuesta prohibida muestra el cliente: %s", p, r.Body)
			}
		}
		e.do("GET", path, e.token("vendedor"), nil).expect(t, http.StatusOK, "")
		pasajes := func(usuario string) (total int64, vendedores []string) {
			t.Helper()
			r := e.do("GET", path+"/pasajes", e.token(usuario), nil)
			r.expect(t, http.StatusOK, "")
			var d struct {
				Pasajes []struct {
					UsuarioNombre string `json:"usuario_nombre"`
				}
				Total int64
			}
			r.decode(t, &d)
			for _, p := range d.Pasajes {
				vendedores = append(vendedores, p.UsuarioNombre)
			}
			return d.Total, vendedores
		}
		if total, vs := pasajes("vendedor"); total != 1 || len(vs) != 1 || vs[0] != "Diego Sosa" {
			t.Fatalf("pasajes del cliente para el vendedor: %d %v", total, vs)
		}
		if total, vs := pasajes("supervisor"); total != 2 || len(vs) != 2 {
			t.Fatalf("pasajes del cliente para el supervisor: %d %v", total, vs)
		}
	})
}

// TestLaCondicionFiscalDelCliente: a customer is a consumidor final unless
// staff say otherwise; any other condition needs a valid CUIT (refused with
// nothing written otherwise); an update that does not send the fiscal data
// keeps it; another company's customer stays unseen.
func TestLaCondicionFiscalDelCliente(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		type fiscal struct {
			ID           int64
			CondicionIVA string `json:"condicion_iva"`
			CUIT         string `json:"cuit"`
		}
		var cf fiscal
		e.crearCliente("admin", map[string]any{"nombre": "Ana", "documento": "30111222"}).decode(t, &cf)
		if cf.CondicionIVA != domain.CondicionConsumidorFinal || cf.CUIT != "" {
			t.Fatalf("por defecto: %+v", cf)
		}
		antes := e.count(`SELECT COUNT(*) FROM clientes`)
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"nombre": "Beto", "documento": "30222333", "condicion_iva": "monotributo"}, domain.MsgCUITRequerido},
			{map[string]any{"nombre": "Beto", "documento": "30222333", "condicion_iva": "exento", "cuit": "20-12345678-0"}, domain.MsgCUITCliente},
			{map[string]any{"nombre": "Beto", "documento": "30222333", "condicion_iva": "jubilado", "cuit": "20-12345678-6"}, ""},
		} {
			e.crearCliente("admin", c.body).expect(t, http.StatusBadRequest, c.msg)
		}
		if e.count(`SELECT COUNT(*) FROM clientes`) != antes {
			t.Fatal("un cliente rechazado se guardó")
		}
		var ri fiscal
		r := e.crearCliente("admin", map[string]any{"nombre": "Delta SRL", "documento": "30-71234567-1",
			"condicion_iva": "responsable_inscripto", "cuit": "20-12345678-6"})
		r.expect(t, http.StatusCreated, domain.MsgClienteCreado)
		r.decode(t, &ri)
		if ri.CondicionIVA != domain.CondicionResponsableInscripto || ri.CUIT != "20123456786" {
			t.Fatalf("inscripto: %+v", ri)
		}
		ruta := fmt.Sprintf("/api/config/clientes/%d", ri.ID)
		// a client written before the fiscal data keeps it
		e.do("PUT", ruta, e.token("admin"), map[string]any{"nombre": "Delta S.R.L.", "documento": "30-71234567-1"}).
			expect(t, http.StatusOK, domain.MsgClienteActualizado)
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE id = ? AND condicion_iva = 'responsable_inscripto' AND cuit = '20123456786'`, ri.ID); n != 1 {
			t.Fatal("una actualización sin datos fiscales los borró")
		}
		e.do("PUT", ruta, e.token("admin"), map[string]any{"nombre": "Delta S.R.L.", "documento": "30-71234567-1",
			"condicion_iva": "consumidor_final"}).expect(t, http.StatusOK, domain.MsgClienteActualizado)
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE id = ? AND condicion_iva = 'consumidor_final' AND cuit IS NULL`, ri.ID); n != 1 {
			t.Fatal("pasar a consumidor final sin CUIT no lo borró")
		}
		e.do("PUT", ruta, e.token("admin2"), map[string]any{"nombre": "X", "documento": "1", "condicion_iva": "exento",
			"cuit": "20-12345678-6"}).expect(t, http.StatusNotFound, domain.MsgClienteNoEncontrado)
	})
}
