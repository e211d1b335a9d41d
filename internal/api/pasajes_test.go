package api

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func (e *env) userID(usuario string) int64 {
	u, _, err := e.st.UsuarioPorNombre(context.Background(), usuario)
	if err != nil {
		e.t.Fatal(err)
	}
	return u.ID
}

// idOf finds a catalog entry of company empresaID by name.
func (e *env) idOf(empresaID int64, cat domain.Catalogo, nombre string) int64 {
	e.t.Helper()
	items, err := e.st.ListarCatalogo(context.Background(), empresaID, cat, false)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, it := range items {
		if it.Nombre == nombre {
			return it.ID
		}
	}
	e.t.Fatalf("%s %q no existe en la empresa %d", cat.Tabla, nombre, empresaID)
	return 0
}

const seccionDemo = "Tigre – Tres Bocas" // General $ 4.500, Jubilado $ 2.250

// lote is a company 1 sale body for today on the first demo section.
func (e *env) lote(lineas map[string]int, medio string) map[string]any {
	names := make([]string, 0, len(lineas))
	for n := range lineas {
		names = append(names, n)
	}
	sort.Strings(names)
	var ls []map[string]any
	for _, n := range names {
		ls = append(ls, map[string]any{"tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, n), "cantidad": lineas[n]})
	}
	return map[string]any{"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo), "fecha_viaje": "2026-11-20",
		"medio_pago_id": e.idOf(1, domain.CatMediosPago, medio), "cliente_nombre": "", "lineas": ls}
}

// sell posts a whole sale with an optional Idempotency-Key.
func (e *env) sell(token string, body map[string]any, key string) response {
	e.t.Helper()
	return e.doWith("POST", "/api/pasajes/lote", token, body, map[string]string{"Idempotency-Key": key})
}

type pasajeJSON struct {
	ID              int64
	NumeroPasaje    string  `json:"numero_pasaje"`
	CodigoQR        string  `json:"codigo_qr"`
	Precio          float64 `json:"precio"`
	Estado          string
	ClienteNombre   string `json:"cliente_nombre"`
	TipoViajeNombre string `json:"tipo_viaje_nombre"`
	SeccionNombre   string `json:"seccion_nombre"`
}

func TestSaleCreatesTicketsMovementAndAuditTogether(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 10000).expect(t, http.StatusCreated, "")
		before := e.count(`SELECT COUNT(*) FROM pasajes`)
		r := e.sell(tok, e.lote(map[string]int{"General": 2, "Jubilado": 1}, "Efectivo"), "")
		r.expect(t, http.StatusCreated, "3 pasajes creados exitosamente")
		var d struct {
			Pasajes []pasajeJSON
			Total   float64
		}
		r.decode(t, &d)
		if len(d.Pasajes) != 3 || d.Total != 11250 {
			t.Fatalf("venta: %+v", d)
		}
		seen := map[string]bool{}
		for _, p := range d.Pasajes {
			if p.Estado != "activo" || p.ClienteNombre != "Cliente Anónimo" || p.SeccionNombre != seccionDemo ||
				!strings.HasPrefix(p.NumeroPasaje, "LD-20261120-") || !strings.HasPrefix(p.CodigoQR, "MUELLE1.") || seen[p.NumeroPasaje] {
				t.Fatalf("pasaje: %+v", p)
			}
			seen[p.NumeroPasaje] = true
		}
		if got := e.count(`SELECT COUNT(*) FROM pasajes`) - before; got != 3 {
			t.Fatalf("%d pasajes nuevos", got)
		}
		if got := e.count(`SELECT SUM(m.monto) FROM caja_movimientos m JOIN cajas c ON c.id = m.caja_id
			WHERE c.usuario_id = ? AND c.estado = 'abierta' AND m.tipo = 'venta_pasaje' AND m.medio_pago_id = ?`,
			e.userID("vendedor"), e.idOf(1, domain.CatMediosPago, "Efectivo")); got != 1125000 {
			t.Fatalf("movimiento de venta = %d centavos", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'VENTA_PASAJE' AND usuario_id = ? AND detalles LIKE '3 pasajes por%' AND created_at >= ?`,
			e.userID("vendedor"), e.now); got != 1 {
			t.Fatalf("auditoría VENTA_PASAJE = %d", got)
		}
		// the code is signed with the company's key
		pub, err := e.st.ClavePublica(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if c, err := domain.VerificarCodigoQR(pub, d.Pasajes[0].CodigoQR); err != nil || c.NumeroPasaje != d.Pasajes[0].NumeroPasaje {
			t.Fatalf("código QR: %+v %v", c, err)
		}
	})
}

func TestSaleNeedsAnOpenRegister(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		before := e.count(`SELECT COUNT(*) FROM pasajes`)
		e.sell(e.token("vendedor"), e.lote(map[string]int{"General": 1}, "Efectivo"), "").
			expect(t, http.StatusBadRequest, "Debe abrir una caja antes de realizar ventas")
		if e.count(`SELECT COUNT(*) FROM pasajes`) != before {
			t.Fatal("se creó un pasaje sin caja")
		}
	})
}

func TestSaleRulesRefuseAndChangeNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		ctx := context.Background()
		inactiva := e.idOf(1, domain.CatSecciones, "Tigre – Río Capitán")
		if _, err := e.st.ActualizarItem(ctx, store.Actor{EmpresaID: 1}, domain.CatSecciones, inactiva, domain.ItemCatalogo{Nombre: "Tigre – Río Capitán", Activo: false, Capacidad: new(int64(50))}); err != nil {
			t.Fatal(err)
		}
		with := func(k string, v any) map[string]any {
			b := e.lote(map[string]int{"General": 1}, "Efectivo")
			b[k] = v
			return b
		}
		cases := []struct {
			body map[string]any
			msg  string
		}{
			{with("fecha_viaje", "2026-11-19"), "La fecha de viaje no puede ser anterior a hoy"},
			{with("fecha_viaje", ""), "Debe seleccionar una fecha de viaje"},
			{with("lineas", []any{}), "Debe agregar al menos un pasajero"},
			{with("lineas", []map[string]any{{"tipo_viaje_id": 1, "cantidad": 51}}), "La cantidad por tipo de pasajero debe estar entre 1 y 50"},
			{with("seccion_id", 0), "Debe seleccionar una sección"},
			{with("medio_pago_id", 0), "Debe seleccionar un medio de pago"},
			{with("seccion_id", inactiva), "Sección «Tigre – Río Capitán» está inactiva"},
			{with("seccion_id", e.idOf(2, domain.CatSecciones, seccionDemo)), "Sección no encontrada"},
			{with("medio_pago_id", e.idOf(2, domain.CatMediosPago, "Efectivo")), "Medio de pago no encontrado"},
		}
		before := e.count(`SELECT COUNT(*) FROM pasajes`)
		for _, c := range cases {
			r := e.sell(tok, c.body, "")
			if r.Status >= 200 && r.Status < 300 || r.Message != c.msg {
				t.Errorf("%v: %d %q, esperaba %q", c.body, r.Status, r.Message, c.msg)
			}
		}
		if e.count(`SELECT COUNT(*) FROM pasajes`) != before || e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN cajas c
			ON c.id = m.caja_id WHERE c.estado = 'abierta'`) != 0 {
			t.Fatal("una venta rechazada dejó pasajes o movimientos")
		}
	})
}

func TestSaleIsAllOrNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		// a trip type without a price for the section: the priced lines must not be sold either
		nuevo := e.do("POST", "/api/config/tipos-viaje", e.token("admin"), map[string]any{"nombre": "Contingente escolar"})
		nuevo.expect(t, http.StatusCreated, "Tipo de viaje creado exitosamente")
		body := e.lote(map[string]int{"General": 3}, "Efectivo")
		body["lineas"] = append(body["lineas"].([]map[string]any), map[string]any{"tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, "Contingente escolar"), "cantidad": 2})
		before := e.count(`SELECT COUNT(*) FROM pasajes`)
		e.sell(tok, body, "").expect(t, http.StatusBadRequest, "No hay un precio configurado para esa sección y tipo de viaje")
		if e.count(`SELECT COUNT(*) FROM pasajes`) != before || e.count(`SELECT COUNT(*) FROM secuencias WHERE empresa_id = 1 AND valor > ?`, before) != 0 {
			t.Fatal("la venta fallida dejó rastros")
		}
	})
}

func TestSingleTicketRefusesATamperedPrice(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		body := map[string]any{"seccion_id": e.idOf(1, domain.CatSecciones, seccionDemo), "fecha_viaje": "2026-11-21",
			"medio_pago_id": e.idOf(1, domain.CatMediosPago, "Débito"), "tipo_viaje_id": e.idOf(1, domain.CatTiposViaje, "General"),
			"precio": 100, "cliente_nombre": "Ana Rodríguez"}
		e.do("POST", "/api/pasajes", tok, body).
			expect(t, http.StatusBadRequest, "El precio enviado ($ 100,00) no coincide con el precio vigente ($ 4.500,00)")
		body["precio"] = 4500
		r := e.do("POST", "/api/pasajes", tok, body)
		r.expect(t, http.StatusCreated, "Pasaje creado exitosamente")
		var p pasajeJSON
		r.decode(t, &p)
		if p.Precio != 4500 || p.ClienteNombre != "Ana Rodríguez" || p.NumeroPasaje == "" {
			t.Fatalf("pasaje: %+v", p)
		}
		if e.count(`SELECT COUNT(*) FROM pasajes WHERE precio = 10000`) != 0 {
			t.Fatal("se guardó el precio alterado")
		}
	})
}

func TestParallelRetriesWithOneIdempotencyKeySellOnce(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		before := e.count(`SELECT COUNT(*) FROM pasajes`)
		body := e.lote(map[string]int{"General": 2}, "Efectivo")
		numeros := make([]string, 20)
		statuses := parallel(20, func(i int) int {
			r := e.sell(tok, body, "venta-abc-123")
			var d struct{ Pasajes []pasajeJSON }
			if r.Status == http.StatusCreated {
				r.decode(t, &d)
				numeros[i] = d.Pasajes[0].NumeroPasaje + "," + d.Pasajes[1].NumeroPasaje
			}
			return r.Status
		})
		if statuses[http.StatusCreated] != 20 {
			t.Fatalf("resultados: %v", statuses)
		}
		for _, n := range numeros[1:] {
			if n != numeros[0] {
				t.Fatalf("un reintento devolvió otros pasajes: %q vs %q", n, numeros[0])
			}
		}
		if got := e.count(`SELECT COUNT(*) FROM pasajes`) - before; got != 2 {
			t.Fatalf("se crearon %d pasajes", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM caja_movimientos m JOIN cajas c ON c.id = m.caja_id WHERE c.estado = 'abierta'`); got != 1 {
			t.Fatalf("%d movimientos", got)
		}
		// a new key is a new sale
		e.sell(tok, body, "venta-abc-124").expect(t, http.StatusCreated, "")
		if got := e.count(`SELECT COUNT(*) FROM pasajes`) - before; got != 4 {
			t.Fatalf("se crearon %d pasajes", got)
		}
	})
}

func TestSalePermissions(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.sell(e.token("lancha"), e.lote(map[string]int{"General": 1}, "Efectivo"), "").
			expect(t, http.StatusForbidden, "No tienes permisos para realizar esta acción")
	})
}

func TestSellerDashboardStats(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		var st struct {
			MiCajaAbierta    bool    `json:"miCajaAbierta"`
			MisVentasHoy     int     `json:"misVentasHoy"`
			MisIngresosHoy   float64 `json:"misIngresosHoy"`
			MisUltimasVentas []struct {
				Cliente string
				Monto   float64
			} `json:"misUltimasVentas"`
			MiCajaInfo *struct {
				MontoActual float64 `json:"monto_actual"`
			} `json:"miCajaInfo"`
		}
		e.do("GET", "/api/dashboard/stats", tok, nil).decode(t, &st)
		// the demo history holds past days only
		if st.MiCajaAbierta || st.MisVentasHoy != 0 || st.MisIngresosHoy != 0 || len(st.MisUltimasVentas) != 5 {
			t.Fatalf("antes de vender: %+v", st)
		}
		e.abrir(tok, 1000).expect(t, http.StatusCreated, "")
		body := e.lote(map[string]int{"General": 1, "Jubilado": 2}, "Efectivo")
		body["cliente_nombre"] = "Jorge Díaz"
		e.sell(tok, body, "").expect(t, http.StatusCreated, "")
		e.do("GET", "/api/dashboard/stats", tok, nil).decode(t, &st)
		if !st.MiCajaAbierta || st.MisVentasHoy != 3 || st.MisIngresosHoy != 9000 || st.MiCajaInfo == nil ||
			st.MiCajaInfo.MontoActual != 10000 || st.MisUltimasVentas[0].Cliente != "Jorge Díaz" {
			t.Fatalf("después de vender: %+v", st)
		}
	})
}

func (e *env) doWith(method, path, token string, body any, headers map[string]string) response {
	e.t.Helper()
	return e.request(method, path, token, body, func(r *http.Request) {
		for k, v := range headers {
			if v != "" {
				r.Header.Set(k, v)
			}
		}
	})
}

func TestIdempotencyKeysAreForgottenAfterADay(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		e.abrir(tok, 0).expect(t, http.StatusCreated, "")
		antes := e.count(`SELECT COUNT(*) FROM pasajes`)
		body := e.lote(map[string]int{"General": 1}, "Efectivo")
		e.sell(tok, body, "clave-vieja").expect(t, http.StatusCreated, "")
		e.sell(tok, body, "clave-otra").expect(t, http.StatusCreated, "")
		e.now = e.now.Add(25 * time.Hour)
		// an expired key that the sweeper has not reached yet answers a new request
		body["fecha_viaje"] = "2026-11-21"
		tok = e.token("vendedor")
		nueva := e.sell(tok, body, "clave-vieja")
		nueva.expect(t, http.StatusCreated, "")
		// the key now answers its new request, and refuses the old one
		if repetida := e.sell(tok, body, "clave-vieja"); repetida.Status != http.StatusCreated ||
			string(repetida.Data) != string(nueva.Data) {
			t.Fatalf("la repetición respondió %d %s, se esperaba %s", repetida.Status, repetida.Data, nueva.Data)
		}
		body["fecha_viaje"] = "2026-11-20"
		e.sell(tok, body, "clave-vieja").expect(t, http.StatusUnprocessableEntity, domain.MsgClaveReusada)
		if got := e.count(`SELECT COUNT(*) FROM pasajes`) - antes; got != 3 {
			t.Fatalf("%d pasajes nuevos, esperaba 3", got)
		}
		// the sweeper removes expired keys by date, a bounded batch at a time
		for _, want := range []int64{1, 0} {
			if n, err := e.st.PurgarIdempotencia(context.Background(), 1); n != want || err != nil {
				t.Fatalf("purgadas %d (%v), esperaba %d", n, err, want)
			}
		}
		if got := e.count(`SELECT COUNT(*) FROM idempotencia WHERE clave = 'clave-vieja'`); got != 1 {
			t.Fatalf("%d claves guardadas, esperaba solo la nueva", got)
		}
		if got := e.count(`SELECT COUNT(*) FROM idempotencia`); got != 1 {
			t.Fatalf("%d claves guardadas, esperaba 1", got)
		}
	})
}
