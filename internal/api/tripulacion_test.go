package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
	"muelle/internal/store"
)

// TestLaTripulacionYElRolDePasajeros: a supervisor names a departure's crew
// (a user of the company and a name typed, one patrón); the manifest lists
// it with every passenger's nationality, birth date or age band and sex; the
// rol de pasajeros prints the boat's certificate, the crew and the place for
// the patrón's signature, and downloads as XLSX too; once sailed the crew is
// frozen with the manifest and no longer changes.
func TestLaTripulacionYElRolDePasajeros(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vendedor := e.token("vendedor")
		e.abrir(vendedor, 0).expect(t, http.StatusCreated, "")
		venta := e.lote(map[string]int{"General": 2}, "Efectivo")
		venta["pasajeros"] = []map[string]any{
			{"nombre": "Ana Ruiz", "documento_tipo": "DNI", "documento_numero": "30111222", "nacionalidad": "Argentina",
				"fecha_nacimiento": "1990-05-17", "sexo": "F"},
			{"nombre": "Tomás Ruiz", "franja_edad": "menor"}}
		r := e.sell(vendedor, venta, "")
		r.expect(t, http.StatusCreated, "")
		var d struct{ Pasajes []pasajeJSON }
		r.decode(t, &d)
		barco := e.nuevaEmbarcacion(t, e.token("admin"), "ROL-1", "2030-01-01")
		salida := e.salidaExtra(t, barco, "18:00")
		for i, p := range d.Pasajes {
			e.embarqueRegistrado(t, p.ID, salida, domain.TramoIda, "lancha", e.now.Add(time.Duration(i)*time.Minute))
		}

		path := fmt.Sprintf("/api/salidas/%d/tripulacion", salida)
		supervisor, lancha := e.token("supervisor"), e.token("lancha")
		patron := e.userID("lancha")
		tripulacion := map[string]any{"tripulantes": []map[string]any{
			{"usuario_id": patron, "funcion": "patron"}, {"nombre": " Juan Ribera ", "funcion": "marinero"}}}
		e.do("PUT", path, lancha, tripulacion).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", path, e.token("admin2"), tripulacion).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		for _, c := range []struct {
			tripulantes []map[string]any
			status      int
			msg         string
		}{
			{[]map[string]any{}, http.StatusBadRequest, domain.MsgTripulacionVacia},
			{[]map[string]any{{"nombre": "Ana", "funcion": "patron"}, {"nombre": "Eva", "funcion": "patron"}},
				http.StatusBadRequest, domain.MsgUnSoloPatron},
			{[]map[string]any{{"nombre": "  ", "funcion": "marinero"}}, http.StatusBadRequest, domain.MsgTripulanteNombre},
			{[]map[string]any{{"nombre": "Ana\u200bRuiz", "funcion": "marinero"}}, http.StatusBadRequest,
				fmt.Sprintf(msgCampoControl, "nombre")},
			{[]map[string]any{{"nombre": "Ana", "funcion": "capitan"}}, http.StatusBadRequest, ""},
			{[]map[string]any{{"usuario_id": patron, "funcion": "patron"}, {"usuario_id": patron, "funcion": "marinero"}},
				http.StatusBadRequest, domain.MsgTripulanteRepetido},
			{[]map[string]any{{"usuario_id": e.userID("lancha2"), "funcion": "patron"}}, http.StatusNotFound,
				domain.MsgUsuarioNoEncontrado},
		} {
			e.do("PUT", path, supervisor, map[string]any{"tripulantes": c.tripulantes}).expect(t, c.status, c.msg)
		}
		if n := e.count(`SELECT COUNT(*) FROM salida_tripulantes`); n != 0 {
			t.Fatalf("una tripulación rechazada guardó %d tripulantes", n)
		}
		r = e.do("PUT", path, supervisor, tripulacion)
		r.expect(t, http.StatusOK, domain.MsgTripulacionGuardada)
		nombrePatron := e.nombreCompleto(t, "lancha")
		var guardada []store.TripulanteSalida
		r.decode(t, &guardada)
		if len(guardada) != 2 || guardada[0].Nombre != nombrePatron || *guardada[0].UsuarioID != patron ||
			guardada[0].FuncionEtiqueta != "Patrón" || guardada[1].Nombre != "Juan Ribera" || guardada[1].UsuarioID != nil {
			t.Fatalf("tripulación: %+v", guardada)
		}
		e.do("GET", path, lancha, nil).expect(t, http.StatusOK, "")
		e.do("GET", path, vendedor, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1`, store.AccionTripulacionSalida); n != 1 {
			t.Fatalf("%d auditorías de la tripulación", n)
		}

		m := e.leerManifiesto(t, lancha, salida)
		ana, tomas := m.Filas[0], m.Filas[1]
		if len(m.Tripulacion) != 2 || m.Tripulacion[1].Nombre != "Juan Ribera" || *m.Encabezado.VencimientoCertificado != "2030-01-01" ||
			ana.Pasajero != "Ana Ruiz" || *ana.Nacionalidad != "Argentina" || *ana.FechaNacimiento != "1990-05-17" || *ana.Sexo != "F" ||
			tomas.Pasajero != "Tomás Ruiz" || *tomas.FranjaEdad != "menor" || tomas.Nacionalidad != nil {
			t.Fatalf("manifiesto: %+v %+v %+v", m.Tripulacion, ana, tomas)
		}

		exportar := fmt.Sprintf("/api/salidas/%d/manifiesto/exportar", salida)
		r = e.do("GET", exportar+"?formato=pdf", lancha, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaPDF {
			t.Fatalf("pdf: %d", r.Status)
		}
		txt := pdftest.Text(t, r.Body)
		for _, want := range []string{"(Rol de pasajeros)", "(Vigente hasta 01/01/2030)", "(Patrón)", "(" + nombrePatron + ")",
			"(Marinero)", "(Juan Ribera)", "(Argentina)", "(17/05/1990)", "(menor)", "(Firma del patrón)", "(Aclaración)"} {
			if !strings.Contains(txt, want) {
				t.Errorf("el rol no dice %s", want)
			}
		}
		r = e.do("GET", exportar+"?formato=xlsx", lancha, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != mediaXLSX || !strings.HasPrefix(string(r.Body), "PK") ||
			!strings.Contains(r.Header.Get("Content-Disposition"), fmt.Sprintf("manifiesto-2026-11-20-1800-salida-%d.xlsx", salida)) {
			t.Fatalf("xlsx: %d %v", r.Status, r.Header)
		}

		// sailed: the crew is frozen with the manifest
		for _, estado := range []string{domain.SalidaEmbarcando, domain.SalidaZarpo} {
			e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", salida), lancha, map[string]any{"estado": estado, "confirmar_anticipado": true}).
				expect(t, http.StatusOK, domain.MsgEstadoSalida(estado))
		}
		e.do("PUT", path, supervisor, tripulacion).expect(t, http.StatusConflict, domain.MsgTripulacionZarpada)
		e.sqlExec(t, `DELETE FROM salida_tripulantes WHERE salida_id = ?`, salida)
		if m := e.leerManifiesto(t, lancha, salida); !m.Congelado || len(m.Tripulacion) != 2 || m.Tripulacion[0].Nombre != nombrePatron ||
			*m.Encabezado.VencimientoCertificado != "2030-01-01" {
			t.Fatalf("el rol congelado perdió la tripulación: %+v", m.Tripulacion)
		}
	})
}

// TestUnaSalidaQueExigeNombresZarpaConElRolCompleto: a departure whose section
// requires named passengers does not sail while a boarded ticket names none
// (one sold before the section required them); a supervisor names it from
// the manifest (PUT /pasajes/{id}/pasajero, audited) and then it sails, the
// passenger on its frozen rol.
func TestUnaSalidaQueExigeNombresZarpaConElRolCompleto(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(3)
		e.exigirNombres(t)
		barco := e.nuevaEmbarcacion(t, e.token("admin"), "ROL-2", "2030-01-01")
		salida := e.salidaExtra(t, barco, "18:00")
		for _, p := range ps[:2] {
			e.embarqueRegistrado(t, p.ID, salida, domain.TramoIda, "lancha", e.now)
		}
		lancha, supervisor := e.token("lancha"), e.token("supervisor")
		estado := fmt.Sprintf("/api/salidas/%d/estado", salida)
		e.do("PUT", estado, lancha, map[string]any{"estado": domain.SalidaEmbarcando}).expect(t, http.StatusOK, "")
		zarpar := func() response {
			return e.do("PUT", estado, lancha, map[string]any{"estado": domain.SalidaZarpo, "confirmar_anticipado": true})
		}
		zarpar().expect(t, http.StatusConflict, domain.MsgZarpeSinNombres(2))

		nombrar := func(token string, id int64, body map[string]any) response {
			return e.do("PUT", fmt.Sprintf("/api/pasajes/%d/pasajero", id), token, body)
		}
		ana := map[string]any{"nombre": " Ana  Ruiz ", "documento_tipo": "DNI", "documento_numero": "30111222", "nacionalidad": "Argentina"}
		nombrar(lancha, ps[0].ID, ana).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		nombrar(e.token("admin2"), ps[0].ID, ana).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		nombrar(supervisor, ps[0].ID, map[string]any{"documento_numero": "30111222"}).
			expect(t, http.StatusBadRequest, "Pasajero 1: falta el nombre y apellido")
		r := nombrar(supervisor, ps[0].ID, ana)
		r.expect(t, http.StatusOK, domain.MsgPasajeroGuardado)
		var guardado domain.Pasajero
		r.decode(t, &guardado)
		if guardado.Nombre != "Ana Ruiz" || guardado.DocumentoNumero != "30111222" {
			t.Fatalf("pasajero: %+v", guardado)
		}
		zarpar().expect(t, http.StatusConflict, domain.MsgZarpeSinNombres(1))
		nombrar(supervisor, ps[1].ID, map[string]any{"nombre": "Tomás Ruiz", "franja_edad": "menor"}).
			expect(t, http.StatusOK, domain.MsgPasajeroGuardado)
		zarpar().expect(t, http.StatusOK, domain.MsgEstadoSalida(domain.SalidaZarpo))
		m := e.leerManifiesto(t, lancha, salida)
		if !m.Congelado || len(m.Filas) != 2 || !m.Filas[0].Nombrado || m.Filas[0].Pasajero != "Ana Ruiz" ||
			*m.Filas[0].Documento != "DNI 30111222" || *m.Filas[1].FranjaEdad != "menor" {
			t.Fatalf("rol: %+v", m.Filas)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND detalles LIKE ?`, store.AccionNombrarPasajeros,
			"%"+ps[0].NumeroPasaje+"%"); n != 1 {
			t.Fatalf("%d auditorías del pasajero nombrado", n)
		}
		// a cancelled ticket's passenger is not named
		e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", ps[2].ID), e.token("vendedor"), map[string]any{"motivo": "Error"}).
			expect(t, http.StatusOK, "")
		nombrar(supervisor, ps[2].ID, ana).expect(t, http.StatusConflict, domain.MsgPasajeroDeAnulado)
	})
}
