package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// familia are four passengers of one sale, with their documents.
var familia = []map[string]any{
	{"nombre": "Marta Gómez", "documento_numero": "30.111.222", "nacionalidad": "Argentina", "sexo": "F",
		"fecha_nacimiento": "1985-03-02"},
	{"nombre": "Raúl Gómez", "documento_tipo": "DNI", "documento_numero": "29111333", "sexo": "M"},
	{"nombre": "Sofía Gómez", "documento_numero": "50111444", "franja_edad": "menor"},
	{"nombre": "Leo Gómez", "documento_tipo": "PASAPORTE", "documento_numero": "AAB123456", "fecha_nacimiento": "2024-01-10"},
}

type pasajeroJSON struct {
	Nombre          string `json:"nombre"`
	DocumentoTipo   string `json:"documento_tipo"`
	DocumentoNumero string `json:"documento_numero"`
	FranjaEdad      string `json:"franja_edad"`
}

type pasajeConPasajero struct {
	ID           int64
	NumeroPasaje string        `json:"numero_pasaje"`
	Pasajero     *pasajeroJSON `json:"pasajero"`
}

// ventaFamiliar sells four General tickets naming familia, bought by Marta.
func (e *env) ventaFamiliar(t *testing.T) []pasajeConPasajero {
	t.Helper()
	venta := e.lote(map[string]int{"General": 4}, "Efectivo")
	venta["cliente_nombre"], venta["cliente_documento"], venta["pasajeros"] = "Marta Gómez", "30111222", familia
	r := e.sell(e.token("vendedor"), venta, "")
	r.expect(t, http.StatusCreated, "4 pasajes creados exitosamente")
	var d struct{ Pasajes []pasajeConPasajero }
	r.decode(t, &d)
	return d.Pasajes
}

func TestUnaFamiliaDeCuatroConNombresYDocumentosEnElManifiesto(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.abrir(e.token("vendedor"), 0).expect(t, http.StatusCreated, "")
		ps := e.ventaFamiliar(t)
		if len(ps) != 4 || ps[0].Pasajero == nil || *ps[0].Pasajero != (pasajeroJSON{"Marta Gómez", "DNI", "30111222", "adulto"}) ||
			*ps[3].Pasajero != (pasajeroJSON{"Leo Gómez", "PASAPORTE", "AAB123456", "bebe"}) {
			t.Fatalf("venta: %+v", ps)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajeros WHERE empresa_id = 1 AND pasaje_id >= ?`, ps[0].ID); n != 4 {
			t.Fatalf("%d pasajeros guardados", n)
		}
		barco := e.nuevaEmbarcacion(t, e.token("admin"), "FAM-1", "2030-01-01")
		salida := e.salidaExtra(t, barco, "10:30")
		for i, p := range ps {
			e.embarqueRegistrado(t, p.ID, salida, domain.TramoIda, "lancha", e.now.Add(time.Duration(i)*time.Minute))
		}
		m := e.leerManifiesto(t, e.token("lancha"), salida)
		crew := e.nombreCompleto(t, "lancha")
		var want []string
		for i, doc := range []string{"DNI 30111222", "DNI 29111333", "DNI 50111444", "PASAPORTE AAB123456"} {
			want = append(want, fmt.Sprintf("%s/ida/%s/%s/General/%s", ps[i].NumeroPasaje, familia[i]["nombre"], doc, crew))
		}
		if got := filasDe(m); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("filas:\n%s\nesperaba:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		// the ticket's detail names its passenger beside its buyer
		r := e.do("GET", fmt.Sprintf("/api/pasajes/%d", ps[2].ID), e.token("admin"), nil)
		r.expect(t, http.StatusOK, "")
		var d struct {
			ClienteNombre string        `json:"cliente_nombre"`
			Pasajero      *pasajeroJSON `json:"pasajero"`
		}
		r.decode(t, &d)
		if d.ClienteNombre != "Marta Gómez" || d.Pasajero == nil || *d.Pasajero != (pasajeroJSON{"Sofía Gómez", "DNI", "50111444", "menor"}) {
			t.Fatalf("detalle: %+v", d)
		}
	})
}

// exigirNombres makes the demo section require a named passenger per ticket.
func (e *env) exigirNombres(t *testing.T) {
	t.Helper()
	id := e.idOf(1, domain.CatSecciones, seccionDemo)
	r := e.do("PUT", fmt.Sprintf("/api/config/secciones/%d", id), e.token("admin"), map[string]any{"nombre": seccionDemo,
		"capacidad": 60, "requiere_pasajeros": true})
	r.expect(t, http.StatusOK, domain.CatSecciones.Mensajes.Actualizado)
	var it struct {
		RequierePasajeros *bool `json:"requiere_pasajeros"`
	}
	r.decode(t, &it)
	if it.RequierePasajeros == nil || !*it.RequierePasajeros {
		t.Fatalf("sección: %+v", it)
	}
}

func TestUnaSeccionQueExigeNombresRechazaLaVentaSinEllos(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		e.exigirNombres(t)
		escrito := func() string {
			return fmt.Sprint(e.count(`SELECT COUNT(*) FROM pasajes`), e.count(`SELECT COUNT(*) FROM caja_movimientos`),
				e.count(`SELECT COUNT(*) FROM pasajeros`))
		}
		antes := escrito()
		sinNombres := e.lote(map[string]int{"General": 3}, "Efectivo")
		sinNombres["pasajeros"] = []map[string]any{{"nombre": "Ana Ruiz"}, {}}
		e.sell(tok, sinNombres, "").expect(t, http.StatusBadRequest,
			"La sección «Tigre – Tres Bocas» exige el nombre de cada pasajero: faltan 2 nombres de 3 pasajes")
		sinNombres["pasajeros"] = []map[string]any{{"documento_numero": "30111222"}}
		e.sell(tok, sinNombres, "").expect(t, http.StatusBadRequest, "Pasajero 1: falta el nombre y apellido")
		sinNombres["pasajeros"] = []map[string]any{{"nombre": "Ana"}, {"nombre": "Eva"}, {"nombre": "Luz"}, {"nombre": "Sol"}}
		e.sell(tok, sinNombres, "").expect(t, http.StatusBadRequest, domain.MsgMasPasajerosQuePasajes)
		sinNombres["pasajeros"] = []map[string]any{{"nombre": "Ana", "documento_numero": "123"}}
		e.sell(tok, sinNombres, "").expect(t, http.StatusBadRequest, "Pasajero 1: el DNI debe tener 7 u 8 dígitos")
		if despues := escrito(); despues != antes {
			t.Fatalf("una venta rechazada escribió: %s → %s", antes, despues)
		}
		// one ticket bought by a named customer names them; every ticket named sells
		uno := e.lote(map[string]int{"General": 1}, "Efectivo")
		uno["cliente_nombre"], uno["cliente_documento"] = "Juan Paz", "28999111"
		r := e.sell(tok, uno, "")
		r.expect(t, http.StatusCreated, "1 pasaje creado exitosamente")
		var d struct{ Pasajes []pasajeConPasajero }
		r.decode(t, &d)
		if p := d.Pasajes[0].Pasajero; p == nil || *p != (pasajeroJSON{Nombre: "Juan Paz", DocumentoTipo: "DNI", DocumentoNumero: "28999111"}) {
			t.Fatalf("pasajero del cliente: %+v", p)
		}
		familiares := e.ventaFamiliar(t)
		if n := e.count(`SELECT COUNT(*) FROM pasajeros WHERE pasaje_id >= ?`, d.Pasajes[0].ID); n != 5 || len(familiares) != 4 {
			t.Fatalf("%d pasajeros", n)
		}
	})
}

func TestUnaVentaSinPasajerosSigueIgual(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		r := e.sell(tok, e.lote(map[string]int{"General": 2}, "Efectivo"), "")
		r.expect(t, http.StatusCreated, "2 pasajes creados exitosamente")
		var d struct{ Pasajes []pasajeConPasajero }
		r.decode(t, &d)
		if d.Pasajes[0].Pasajero != nil || e.count(`SELECT COUNT(*) FROM pasajeros WHERE pasaje_id >= ?`, d.Pasajes[0].ID) != 0 {
			t.Fatalf("venta sin pasajeros: %+v", d.Pasajes)
		}
	})
}

func TestLaEmpresaFijaCuantoConservaLosPasajeros(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		r := e.do("GET", "/api/config/empresa", admin, nil)
		r.expect(t, http.StatusOK, "")
		var emp map[string]any
		r.decode(t, &emp)
		if emp["dias_retencion_pasajeros"] != float64(domain.DiasRetencionPasajerosDefault) {
			t.Fatalf("empresa: %v", emp["dias_retencion_pasajeros"])
		}
		body := map[string]any{"nombre": emp["nombre"], "timezone": emp["timezone"], "datos_contacto": emp["datos_contacto"],
			"dias_venta_anticipada": emp["dias_venta_anticipada"], "venta_confirmar_mas_de_pasajes": emp["venta_confirmar_mas_de_pasajes"],
			"venta_confirmar_monto_mayor_a": emp["venta_confirmar_monto_mayor_a"], "dias_retencion_pasajeros": 29}
		e.do("PUT", "/api/config/empresa", admin, body).expect(t, http.StatusBadRequest, domain.MsgDiasRetencionPasajeros)
		body["dias_retencion_pasajeros"] = 90
		e.do("PUT", "/api/config/empresa", admin, body).expect(t, http.StatusOK, "Configuración actualizada exitosamente")
		delete(body, "dias_retencion_pasajeros") // absent keeps it
		e.do("PUT", "/api/config/empresa", admin, body).expect(t, http.StatusOK, "Configuración actualizada exitosamente")
		if n := e.count(`SELECT dias_retencion_pasajeros FROM empresas WHERE id = 1`); n != 90 {
			t.Fatalf("retención %d", n)
		}
	})
}

func TestUnaVentaOfflineSinNombresEnUnaSeccionQueLosExigeEntraYQuedaObservada(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		otroConflicto := e.conflictoDe1(t) // a boarding refused offline: no passengers to name
		caja := e.cajaAbierta("vendedor")
		e.exigirNombres(t)
		d := e.nuevoDispositivo("vendedor")
		// two tickets, one named: it was sold and printed already, so it goes in, on the conflicts list
		sinNombre := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000), d.pasajeOffline(e, "General", 450000))
		sinNombre["pasajeros"] = []map[string]any{{"nombre": "Ana Offline", "documento_numero": "30111222"}}
		id := nuevoID(t)
		r := e.syncOK(d, e.now, accion(id, "venta", e.now.Add(-time.Minute), sinNombre)).Resultados[0]
		if r.Estado != "aplicada" || r.ConflictoID == nil || len(r.Pasajes) != 2 {
			t.Fatalf("venta offline sin nombres: %+v", r)
		}
		if marcas := e.texto(`SELECT marcas FROM acciones_offline WHERE cliente_id = ?`, id); marcas != domain.MarcaSinNombres {
			t.Fatalf("marcas %q", marcas)
		}
		if n := e.count(`SELECT COUNT(*) FROM conflictos_offline WHERE id = ? AND tipo = 'accion_observada'`, *r.ConflictoID); n != 1 {
			t.Fatal("la venta sin nombres no está en los conflictos")
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajeros WHERE pasaje_id = ? AND nombre = 'Ana Offline' AND documento_numero = '30111222'`,
			r.Pasajes[0].ID); n != 1 {
			t.Fatal("el pasajero de la venta offline no quedó guardado")
		}
		// the supervisor names the missing passenger from the conflict; nobody else, nothing outside it
		ruta := fmt.Sprintf("/api/sync/conflictos/%d/pasajeros", *r.ConflictoID)
		var pasajes []PasajeDelConflicto
		lectura := e.do("GET", fmt.Sprintf("/api/sync/conflictos/%d/pasajes", *r.ConflictoID), e.token("supervisor"), nil)
		lectura.expect(t, http.StatusOK, "")
		lectura.decode(t, &pasajes)
		if len(pasajes) != 2 || pasajes[0].Pasajero == nil || pasajes[0].Pasajero.Nombre != "Ana Offline" || pasajes[1].Pasajero != nil {
			t.Fatalf("pasajes del conflicto: %+v", pasajes)
		}
		nombrar := func(tok string, pasajeros ...map[string]any) response {
			return e.do("PUT", ruta, tok, map[string]any{"pasajeros": pasajeros})
		}
		segundo := map[string]any{"pasaje_id": pasajes[1].ID, "nombre": "  Beto   Offline ", "documento_numero": "30.222.333"}
		nombrar(e.token("vendedor"), segundo).expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
		nombrar(e.token("admin2"), segundo).expect(t, http.StatusNotFound, domain.MsgConflictoNoEncontrado)
		var online struct{ Pasajes []pasajeJSON }
		venta := e.lote(map[string]int{"General": 1}, "Efectivo")
		venta["pasajeros"] = []map[string]any{{"nombre": "Otro Pasajero"}}
		e.sell(e.token("vendedor"), venta, "").decode(t, &online)
		ajeno := online.Pasajes[0].ID
		nombrar(e.token("supervisor"), segundo, map[string]any{"pasaje_id": ajeno, "nombre": "Intruso"}).
			expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		nombrar(e.token("supervisor"), map[string]any{"pasaje_id": pasajes[1].ID, "nombre": "Beto", "documento_numero": "12"}).
			expect(t, http.StatusBadRequest, "")
		nombrar(e.token("supervisor"), map[string]any{"pasaje_id": pasajes[1].ID}).expect(t, http.StatusBadRequest, "Pasajero 1: falta el nombre y apellido")
		nombrar(e.token("supervisor")).expect(t, http.StatusBadRequest, "Nombre entre 1 y 200 pasajeros")
		// a conflict that is not a sale short of names names nobody
		e.do("PUT", "/api/sync/conflictos/"+otroConflicto+"/pasajeros", e.token("supervisor"),
			map[string]any{"pasajeros": []map[string]any{segundo}}).expect(t, http.StatusConflict, domain.MsgConflictoSinNombresFaltantes)
		if n := e.count(`SELECT COUNT(*) FROM pasajeros WHERE pasaje_id = ? OR (pasaje_id = ? AND nombre <> 'Otro Pasajero')`,
			pasajes[1].ID, ajeno); n != 0 {
			t.Fatal("un pedido rechazado nombró pasajeros")
		}
		ok := nombrar(e.token("supervisor"), segundo)
		ok.expect(t, http.StatusOK, domain.MsgPasajerosNombrados)
		ok.decode(t, &pasajes)
		if pasajes[1].Pasajero == nil || pasajes[1].Pasajero.Nombre != "Beto Offline" || pasajes[1].Pasajero.DocumentoNumero != "30222333" {
			t.Fatalf("nombrado: %+v", pasajes[1].Pasajero)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionNombrarPasajeros); n != 1 {
			t.Fatalf("%d entradas de auditoría", n)
		}
		// named in full, it goes in unobserved
		nombrada := e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))
		nombrada["pasajeros"] = []map[string]any{{"nombre": "Eva Offline"}}
		if r := e.syncOK(d, e.now, accion(nuevoID(t), "venta", e.now.Add(-time.Minute), nombrada)).Resultados[0]; r.Estado != "aplicada" ||
			r.ConflictoID != nil {
			t.Fatalf("venta offline nombrada: %+v", r)
		}
	})
}
