package api

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
	"muelle/internal/store"
)

// The boarding columns are written here with SQL, at chosen times and by
// chosen crew members: the manifest reads them, whatever writes them.

// embarqueRegistrado records a ticket's leg boarded into a departure by usuario at en.
func (e *env) embarqueRegistrado(t *testing.T, pasajeID, salidaID int64, tramo, usuario string, en time.Time) {
	t.Helper()
	q := `UPDATE pasajes SET estado = 'usado', salida_id = ?, fecha_embarque = ?, usuario_embarque_id = ? WHERE id = ?`
	if tramo == domain.TramoVuelta {
		q = `UPDATE pasajes SET ida_y_vuelta = TRUE, salida_vuelta_id = ?, fecha_embarque_vuelta = ?,
			usuario_embarque_vuelta_id = ? WHERE id = ?`
	}
	if _, err := e.st.DB().Exec(e.st.Rebind(q), salidaID, en, e.userID(usuario), pasajeID); err != nil {
		t.Fatal(err)
	}
}

// sqlExec runs a statement of the test's own.
func (e *env) sqlExec(t *testing.T, q string, args ...any) {
	t.Helper()
	if _, err := e.st.DB().Exec(e.st.Rebind(q), args...); err != nil {
		t.Fatal(err)
	}
}

// nombreCompleto is a demo user's name as the manifest shows it.
func (e *env) nombreCompleto(t *testing.T, usuario string) string {
	t.Helper()
	var n string
	if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT nombre || ' ' || apellido FROM usuarios WHERE nombre_usuario = ?`),
		usuario).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// salidaExtra opens an extra departure of company 1 today at hora.
func (e *env) salidaExtra(t *testing.T, barco int64, hora string) int64 {
	t.Helper()
	r := e.do("POST", "/api/salidas", e.token("admin"), map[string]any{"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo),
		"embarcacion_id": barco, "fecha": "2026-11-20", "hora": hora})
	r.expect(t, http.StatusCreated, domain.MsgSalidaCreada)
	var s store.Salida
	r.decode(t, &s)
	return s.ID
}

func (e *env) leerManifiesto(t *testing.T, token string, salidaID int64) store.Manifiesto {
	t.Helper()
	r := e.do("GET", fmt.Sprintf("/api/salidas/%d/manifiesto", salidaID), token, nil)
	r.expect(t, http.StatusOK, "")
	var m store.Manifiesto
	r.decode(t, &m)
	return m
}

// filasDe sums up a manifest's rows as "number/leg/passenger/document/type/crew[/C]".
func filasDe(m store.Manifiesto) []string {
	out := make([]string, len(m.Filas))
	for i, f := range m.Filas {
		doc, crew := "-", "-"
		if f.Documento != nil {
			doc = *f.Documento
		}
		if f.Tripulante != nil {
			crew = *f.Tripulante
		}
		out[i] = strings.Join([]string{f.NumeroPasaje, f.Tramo, f.Pasajero, doc, f.TipoViaje, crew}, "/")
		if f.Correccion != nil {
			out[i] += "/C"
		}
	}
	return out
}

func TestManifiestoDeUnaSalida(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vendedor := e.token("vendedor")
		e.abrir(vendedor, 0).expect(t, http.StatusCreated, "")
		venta := e.lote(map[string]int{"General": 3, "Jubilado": 1}, "Efectivo")
		venta["cliente_nombre"], venta["cliente_documento"] = "Marta Gómez", "40111222"
		r := e.sell(vendedor, venta, "")
		r.expect(t, http.StatusCreated, "")
		var d struct{ Pasajes []pasajeJSON }
		r.decode(t, &d)
		ps := d.Pasajes // General ×3, then Jubilado
		otros := e.vendidos(1)
		if len(ps) != 4 || ps[3].TipoViajeNombre != "Jubilado" {
			t.Fatalf("venta: %+v", ps)
		}
		barco := e.nuevaEmbarcacion(t, e.token("admin"), "MAN-1", "2030-01-01")
		a, b := e.salidaExtra(t, barco, "18:00"), e.salidaExtra(t, barco, "19:00")
		e.sqlExec(t, `UPDATE salidas SET sentido = 'vuelta' WHERE id = ?`, b)

		t0 := e.now
		// departure a: ps[0] and the Jubilado outbound, ps[1]'s return; departure b: ps[1]'s and ps[2]'s outbound
		e.embarqueRegistrado(t, ps[0].ID, a, domain.TramoIda, "lancha", t0.Add(2*time.Minute))
		e.embarqueRegistrado(t, ps[3].ID, a, domain.TramoIda, "supervisor", t0.Add(1*time.Minute))
		e.embarqueRegistrado(t, ps[1].ID, b, domain.TramoIda, "lancha", t0.Add(-time.Hour))
		e.embarqueRegistrado(t, ps[1].ID, a, domain.TramoVuelta, "lancha", t0.Add(3*time.Minute))
		e.embarqueRegistrado(t, ps[2].ID, b, domain.TramoIda, "lancha", t0)
		// a departure recorded without a boarding time (an undone boarding) is not on board
		e.sqlExec(t, `UPDATE pasajes SET salida_id = ? WHERE id = ?`, a, otros[0].ID)
		// another company's ticket pointing at it never shows; on PostgreSQL the keys refuse it outright
		// (a ticket's departure is of its company: migration 51)
		if p2 := e.count(`SELECT COALESCE(MIN(id), 0) FROM pasajes WHERE empresa_id = 2`); p2 != 0 {
			if e.st.Dialect() == "postgres" {
				if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE pasajes SET salida_id = ? WHERE id = ?`), a, p2); err == nil {
					t.Fatal("un pasaje de otra empresa quedó en la salida")
				}
			} else {
				e.embarqueRegistrado(t, p2, a, domain.TramoIda, "lancha", t0)
			}
		}

		lancha, supervisor := e.token("lancha"), e.token("supervisor")
		m := e.leerManifiesto(t, lancha, a)
		crew, sup := e.nombreCompleto(t, "lancha"), e.nombreCompleto(t, "supervisor")
		want := []string{
			ps[3].NumeroPasaje + "/ida/Marta Gómez/40111222/Jubilado/" + sup,
			ps[0].NumeroPasaje + "/ida/Marta Gómez/40111222/General/" + crew,
			ps[1].NumeroPasaje + "/vuelta/Marta Gómez/40111222/General/" + crew,
		}
		if got := filasDe(m); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("filas:\n%s\nesperaba:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if m.Total != 3 || len(m.Totales) != 2 || m.Totales[0] != (store.TotalTipoViaje{TipoViaje: "General", Pasajeros: 2}) ||
			m.Totales[1] != (store.TotalTipoViaje{TipoViaje: "Jubilado", Pasajeros: 1}) {
			t.Fatalf("totales: %d %+v", m.Total, m.Totales)
		}
		h := m.Encabezado
		if m.Congelado || h.SalidaID != a || h.Seccion != seccionDemo || h.Fecha != "2026-11-20" || h.Hora != "18:00" ||
			*h.Embarcacion != "Lancha MAN-1" || *h.Matricula != "MAN-1" || h.Capacidad != 60 || h.Estado != domain.SalidaProgramada {
			t.Fatalf("encabezado: %+v congelado=%v", h, m.Congelado)
		}
		if mb := e.leerManifiesto(t, supervisor, b); len(mb.Filas) != 2 || mb.Encabezado.Sentido != "vuelta" ||
			mb.Filas[0].NumeroPasaje != ps[1].NumeroPasaje || mb.Filas[1].NumeroPasaje != ps[2].NumeroPasaje {
			t.Fatalf("manifiesto de b: %v", filasDe(mb))
		}

		// who may read it: the crew, supervisors, admins; a seller no; another company 404
		path := fmt.Sprintf("/api/salidas/%d/manifiesto", a)
		e.do("GET", path, e.token("admin"), nil).expect(t, http.StatusOK, "")
		e.do("GET", path, vendedor, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("GET", path+"/exportar", vendedor, nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("GET", path, e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.do("GET", path+"/exportar?formato=pdf", e.token("admin2"), nil).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.do("GET", "/api/salidas/999999/manifiesto", lancha, nil).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.do("GET", path+"/exportar?formato=xml", lancha, nil).expect(t, http.StatusBadRequest, "")

		// CSV: the header and one line per row, with the leg and the boarding in the company's time
		r = e.do("GET", path+"/exportar?formato=csv", lancha, nil)
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(r.Header.Get("Content-Disposition"), fmt.Sprintf(`manifiesto-2026-11-20-1800-salida-%d.csv`, a)) {
			t.Fatalf("csv: %d %v", r.Status, r.Header)
		}
		lector := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\ufeff"))))
		lector.Comma = ';'
		lineas, err := lector.ReadAll()
		if err != nil {
			t.Fatalf("csv: %v\n%s", err, r.Body)
		}
		if len(lineas) != 4 || strings.Join(lineas[0], "|") != "N° Pasaje|Pasajero|Documento|Nacionalidad|Nacimiento / edad|Sexo|"+
			"Tipo de Viaje|Tramo|Embarque|Tripulante|Observación" ||
			strings.Join(lineas[1], "|") != ps[3].NumeroPasaje+"|Marta Gómez|40111222||||Jubilado|Ida|20/11/2026 10:01|"+sup+"|" ||
			lineas[3][7] != "Ida (tramo de vuelta del pasaje)" { // a round trip's return boarded into an outbound departure
			t.Fatalf("csv:\n%s", r.Body)
		}

		// PDF: the rol de pasajeros, an A4 page (landscape: eleven columns) with the departure and its passengers
		r = e.do("GET", path+"/exportar?formato=pdf", supervisor, nil)
		if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		if pdftest.Valid(t, r.Body) != 1 || !bytes.Contains(r.Body, []byte("/MediaBox [0 0 841.89 595.28]")) {
			t.Fatal("el manifiesto no es una página A4")
		}
		if txt := pdftest.Text(t, r.Body); !strings.Contains(txt, "(Rol de pasajeros)") ||
			!strings.Contains(txt, "(Lancha MAN-1 \\(matrícula MAN-1\\))") || !strings.Contains(txt, "(Marta Gómez)") {
			t.Fatalf("texto del PDF: %.2000s", txt)
		}

		// a correction before sailing is refused: the manifest is the boarding itself
		correccion := path + "/correcciones"
		e.do("POST", correccion, supervisor, map[string]any{"accion": "agregar", "numero_pasaje": otros[0].NumeroPasaje,
			"motivo": "Embarcó sin escanear"}).expect(t, http.StatusConflict, domain.MsgManifiestoNoCongelado)

		// sailing freezes it: a later change of the boarding columns does not change it
		for _, estado := range []string{domain.SalidaEmbarcando, domain.SalidaZarpo} {
			e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", a), lancha, map[string]any{"estado": estado, "confirmar_anticipado": true}).
				expect(t, http.StatusOK, domain.MsgEstadoSalida(estado)) // hours early: confirmed
		}
		if e.count(`SELECT COUNT(*) FROM manifiestos WHERE salida_id = ? AND empresa_id = 1`, a) != 1 {
			t.Fatal("el zarpe no guardó el manifiesto")
		}
		e.embarqueRegistrado(t, ps[2].ID, a, domain.TramoIda, "lancha", t0.Add(10*time.Minute))
		e.sqlExec(t, `UPDATE pasajes SET fecha_embarque = NULL, salida_id = NULL WHERE id = ?`, ps[0].ID)
		e.sqlExec(t, `UPDATE embarcaciones SET nombre = 'Renombrada' WHERE id = ?`, barco)
		congelado := e.leerManifiesto(t, lancha, a)
		if !congelado.Congelado || congelado.CongeladoEn == nil || strings.Join(filasDe(congelado), "\n") != strings.Join(want, "\n") ||
			congelado.Total != 3 || *congelado.Encabezado.Embarcacion != "Lancha MAN-1" ||
			congelado.Encabezado.Estado != domain.SalidaZarpo || congelado.Encabezado.EstadoPor == nil ||
			*congelado.Encabezado.EstadoPor != crew {
			t.Fatalf("el manifiesto congelado cambió: %v %+v", filasDe(congelado), congelado.Encabezado)
		}

		// a correction: supervisors and admins, with a reason, on the company's tickets; audited and shown
		e.do("POST", correccion, lancha, map[string]any{"accion": "agregar", "numero_pasaje": otros[0].NumeroPasaje,
			"motivo": "x"}).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("POST", correccion, e.token("admin2"), map[string]any{"accion": "agregar", "numero_pasaje": otros[0].NumeroPasaje,
			"motivo": "x"}).expect(t, http.StatusNotFound, domain.MsgSalidaNoEncontrada)
		e.do("POST", correccion, supervisor, map[string]any{"accion": "agregar", "numero_pasaje": otros[0].NumeroPasaje,
			"motivo": "  "}).expect(t, http.StatusBadRequest, domain.MsgCorreccionMotivo)
		e.do("POST", correccion, supervisor, map[string]any{"accion": "agregar", "numero_pasaje": "NO-EXISTE",
			"motivo": "x"}).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		e.do("POST", correccion, supervisor, map[string]any{"accion": "quitar", "numero_pasaje": otros[0].NumeroPasaje,
			"motivo": "x"}).expect(t, http.StatusConflict, domain.MsgCorreccionNoEsta)
		e.do("POST", correccion, supervisor, map[string]any{"accion": "agregar", "numero_pasaje": ps[0].NumeroPasaje,
			"motivo": "x"}).expect(t, http.StatusConflict, domain.MsgCorreccionYaEsta)
		if e.count(`SELECT COUNT(*) FROM manifiesto_correcciones`) != 0 {
			t.Fatal("una corrección rechazada se guardó")
		}
		r = e.do("POST", correccion, supervisor, map[string]any{"accion": "agregar", "numero_pasaje": otros[0].NumeroPasaje,
			"motivo": " Embarcó sin escanear "})
		r.expect(t, http.StatusCreated, domain.MsgCorreccionRegistrada)
		var corregido store.Manifiesto
		r.decode(t, &corregido)
		e.do("POST", correccion, e.token("admin"), map[string]any{"accion": "quitar", "numero_pasaje": ps[3].NumeroPasaje,
			"motivo": "Bajó antes del zarpe"}).expect(t, http.StatusCreated, domain.MsgCorreccionRegistrada)
		final := e.leerManifiesto(t, lancha, a)
		wantFinal := []string{want[1], want[2], otros[0].NumeroPasaje + "/ida/Cliente Anónimo/-/General/-/C"}
		if strings.Join(filasDe(final), "\n") != strings.Join(wantFinal, "\n") || final.Total != 3 ||
			len(final.Totales) != 1 || final.Totales[0].Pasajeros != 3 || len(corregido.Filas) != 4 {
			t.Fatalf("corregido: %v %+v", filasDe(final), final.Totales)
		}
		k := final.Filas[2].Correccion
		if k.Motivo != "Embarcó sin escanear" || k.Usuario != sup || k.Accion != "agregar" || len(final.Correcciones) != 2 ||
			final.Correcciones[1].Accion != "quitar" || final.Correcciones[1].NumeroPasaje != ps[3].NumeroPasaje {
			t.Fatalf("correcciones: %+v %+v", k, final.Correcciones)
		}
		if e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1`, store.AccionCorreccionManifiesto) != 2 ||
			e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND usuario_id = ? AND detalles LIKE ?`,
				store.AccionCorreccionManifiesto, e.userID("supervisor"), "%Embarcó sin escanear%") != 1 {
			t.Fatal("las correcciones no se auditaron")
		}
		r = e.do("GET", path+"/exportar", lancha, nil)
		if !strings.Contains(string(r.Body), "Corrección: Embarcó sin escanear ("+sup+", 20/11/2026 10:00)") {
			t.Fatalf("el CSV no marca la corrección:\n%s", r.Body)
		}
	})
}

// TestLaVueltaNombraElTramoDelPasaje: a one-way ticket boarded into a return
// departure reads 'Vuelta (tramo de ida del pasaje)' in the manifest and its
// files, a round trip's return 'Vuelta'; a correction still names the
// ticket's leg (tramo ida) and finds that row.
func TestLaVueltaNombraElTramoDelPasaje(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.vendidos(2)
		barco := e.nuevaEmbarcacion(t, e.token("admin"), "MAN-2", "2030-01-01")
		ida, vuelta := e.salidaExtra(t, barco, "18:00"), e.salidaExtra(t, barco, "19:00")
		e.sqlExec(t, `UPDATE salidas SET sentido = 'vuelta' WHERE id = ?`, vuelta)
		t0 := e.now
		e.embarqueRegistrado(t, ps[0].ID, vuelta, domain.TramoIda, "lancha", t0) // one-way, back from the islands
		e.embarqueRegistrado(t, ps[1].ID, ida, domain.TramoIda, "lancha", t0)
		e.embarqueRegistrado(t, ps[1].ID, vuelta, domain.TramoVuelta, "lancha", t0.Add(time.Minute))
		const deIda = "Vuelta (tramo de ida del pasaje)"
		etiquetas := func(m store.Manifiesto) string {
			var out []string
			for _, f := range m.Filas {
				out = append(out, f.NumeroPasaje+"/"+f.Tramo+"/"+f.TramoEtiqueta)
			}
			return strings.Join(out, "|")
		}
		lancha, supervisor := e.token("lancha"), e.token("supervisor")
		want := ps[0].NumeroPasaje + "/ida/" + deIda + "|" + ps[1].NumeroPasaje + "/vuelta/Vuelta"
		if got := etiquetas(e.leerManifiesto(t, lancha, vuelta)); got != want {
			t.Fatalf("tramos de la vuelta: %s, esperaba %s", got, want)
		}
		if got := etiquetas(e.leerManifiesto(t, lancha, ida)); got != ps[1].NumeroPasaje+"/ida/Ida" {
			t.Fatalf("tramos de la ida: %s", got)
		}
		path := fmt.Sprintf("/api/salidas/%d/manifiesto", vuelta)
		r := e.do("GET", path+"/exportar?formato=csv", lancha, nil)
		lector := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\ufeff"))))
		lector.Comma = ';'
		if lineas, err := lector.ReadAll(); err != nil || len(lineas) != 3 || lineas[1][7] != deIda || lineas[2][7] != "Vuelta" {
			t.Fatalf("csv (%v):\n%s", err, r.Body)
		}

		// frozen at sailing, then corrected by the ticket's leg
		for _, estado := range []string{domain.SalidaEmbarcando, domain.SalidaZarpo} {
			e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", vuelta), lancha, map[string]any{"estado": estado, "confirmar_anticipado": true}).
				expect(t, http.StatusOK, domain.MsgEstadoSalida(estado))
		}
		corregir := func(accion, tramo string) response {
			return e.do("POST", path+"/correcciones", supervisor, map[string]any{"accion": accion, "numero_pasaje": ps[0].NumeroPasaje,
				"tramo": tramo, "motivo": "Revisión del listado"})
		}
		corregir(domain.CorreccionQuitar, domain.TramoVuelta).expect(t, http.StatusConflict, domain.MsgCorreccionNoEsta)
		corregir(domain.CorreccionAgregar, domain.TramoIda).expect(t, http.StatusConflict, domain.MsgCorreccionYaEsta)
		corregir(domain.CorreccionQuitar, domain.TramoIda).expect(t, http.StatusCreated, domain.MsgCorreccionRegistrada)
		if got := etiquetas(e.leerManifiesto(t, lancha, vuelta)); got != ps[1].NumeroPasaje+"/vuelta/Vuelta" {
			t.Fatalf("tras quitar: %s", got)
		}
		corregir(domain.CorreccionAgregar, domain.TramoIda).expect(t, http.StatusCreated, domain.MsgCorreccionRegistrada)
		m := e.leerManifiesto(t, lancha, vuelta)
		if got := etiquetas(m); got != ps[1].NumeroPasaje+"/vuelta/Vuelta|"+ps[0].NumeroPasaje+"/ida/"+deIda || m.Filas[1].Correccion == nil {
			t.Fatalf("tras agregar: %s", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM manifiesto_correcciones WHERE salida_id = ? AND tramo = 'ida'`, vuelta); n != 2 {
			t.Fatalf("%d correcciones guardadas", n)
		}
	})
}
