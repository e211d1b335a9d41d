package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/webhooks"
	"muelle/internal/webhooks/webhookstest"
)

var secretoNuevo, secretoViejo = []byte("secreto-nuevo"), []byte("secreto-viejo")

// procesados counts the test provider's events processed, by id.
type procesados struct {
	mu sync.Mutex
	n  map[string]int
}

func (p *procesados) procesar(_ context.Context, ev webhooks.Entrante) (string, bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n[ev.Evento.IDExterno]++
	return "procesado " + ev.Evento.IDExterno, false, nil
}

func (p *procesados) de(id string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n[id]
}

// conBuzon gives e's server an inbox with the test provider, verified with
// secretos, its events processed by a real job runner started until the
// test ends.
func conBuzon(t *testing.T, e *env, secretos ...[]byte) *procesados {
	p := &procesados{n: map[string]int{}}
	r := jobs.Nuevo(e.st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	b := webhooks.NuevoBuzon(e.st, r)
	b.Registrar(webhooks.Proveedor{Nombre: webhookstest.Nombre, Verificador: webhookstest.Verificador{Secretos: secretos},
		Procesar: p.procesar})
	e.st.AlEncolarTrabajo(r.Despertar)
	e.srv.Webhooks = b
	ctx, cancel := context.WithCancel(context.Background())
	listo := make(chan struct{})
	go func() { r.Start(ctx); close(listo) }()
	t.Cleanup(func() { cancel(); <-listo })
	return p
}

// avisoDePrueba is the test provider's event id for company 2, signed at e's clock.
func (e *env) avisoDePrueba(id string) webhookstest.Aviso {
	return webhookstest.Aviso{DataID: "ORD-" + id, RequestID: "req-" + id, Hora: e.now,
		Cuerpo: []byte(`{"id":"` + id + `","type":"order","empresa_id":2}`)}
}

// avisar posts cuerpo to path through h from the address ip, signed by
// firmar (nil: unsigned), as a provider does: with its own headers too.
func avisar(t *testing.T, h http.Handler, path, ip string, cuerpo []byte, firmar func(*http.Request)) response {
	t.Helper()
	req := httptest.NewRequest("POST", path, bytes.NewReader(cuerpo))
	req.RemoteAddr = ip + ":443"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "MercadoPago WebHook v1.0")
	if firmar != nil {
		firmar(req)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	r := response{Status: rec.Code, Header: rec.Header()}
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatalf("respuesta no JSON (%d): %s", rec.Code, rec.Body.String())
	}
	return r
}

// firmado signs a with secreto.
func firmado(a webhookstest.Aviso, secreto []byte) func(*http.Request) {
	return func(r *http.Request) { a.Firmar(r, secreto) }
}

const rutaPrueba = "/api/webhooks/" + webhookstest.Nombre

// nadaEscrito fails when the inbox or the queue holds anything.
func (e *env) nadaEscrito(t *testing.T) {
	t.Helper()
	if n, m := e.count(`SELECT COUNT(*) FROM entrantes`), e.count(`SELECT COUNT(*) FROM trabajos`); n != 0 || m != 0 {
		t.Fatalf("%d avisos y %d trabajos guardados; quiero ninguno", n, m)
	}
}

// A delivery delivered twice, and delivered eight times at once, is stored
// once and processed once: every delivery is answered 200, the event keeps
// its raw body and only the headers the verifier used, and its job ran once.
func TestUnAvisoRepetidoSeGuardaYSeProcesaUnaVez(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := conBuzon(t, e, secretoNuevo)
		h := e.srv.Handler()
		uno := e.avisoDePrueba("evt-1")
		for range 2 {
			avisar(t, h, rutaPrueba, "198.51.100.7", uno.Cuerpo, firmado(uno, secretoNuevo)).expect(t, http.StatusOK, MsgAvisoRecibido)
		}
		dos := e.avisoDePrueba("evt-2")
		var wg sync.WaitGroup
		salida := make(chan struct{})
		for range 8 {
			wg.Go(func() {
				<-salida
				avisar(t, h, rutaPrueba, "198.51.100.7", dos.Cuerpo, firmado(dos, secretoNuevo)).expect(t, http.StatusOK, MsgAvisoRecibido)
			})
		}
		close(salida)
		wg.Wait()
		esperarHasta(t, "los dos trabajos hechos", func() bool {
			return e.count(`SELECT COUNT(*) FROM trabajos WHERE estado = 'hecho'`) == 2
		})
		if n := e.count(`SELECT COUNT(*) FROM entrantes`); n != 2 {
			t.Fatalf("%d avisos guardados; quiero 2", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM trabajos`); n != 2 || p.de("evt-1") != 1 || p.de("evt-2") != 1 {
			t.Fatalf("%d trabajos, procesados %d y %d veces; quiero 2, 1 y 1", n, p.de("evt-1"), p.de("evt-2"))
		}
		id := e.count(`SELECT id FROM entrantes WHERE proveedor = 'prueba' AND id_externo = 'evt-2' AND empresa_id = 2
			AND tipo = 'order' AND estado = 'procesado' AND procesado_en IS NOT NULL AND error IS NULL`)
		guardado, err := e.st.Entrante(context.Background(), id)
		if err != nil || !bytes.Equal(guardado.Cuerpo, dos.Cuerpo) || len(guardado.Encabezados) != 2 ||
			guardado.Encabezados["X-Request-Id"] != "req-evt-2" || !strings.HasPrefix(guardado.Encabezados["X-Signature"], "ts=") {
			t.Fatalf("aviso guardado: %+v, %v", guardado, err)
		}
		if n := e.count(`SELECT COUNT(*) FROM trabajos WHERE tipo = 'webhook_prueba' AND clave = ? AND empresa_id = 2
			AND intentos = 1 AND resultado = 'procesado evt-2'`, strconv.FormatInt(id, 10)); n != 1 {
			t.Fatal("el trabajo del aviso no corrió una vez con su clave")
		}
	})
}

// esperarHasta polls cond for up to 20 s.
func esperarHasta(t *testing.T, que string, cond func() bool) {
	t.Helper()
	for fin := time.Now().Add(20 * time.Second); time.Now().Before(fin); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("no llegó %s", que)
}

// A bad or stale signature is refused before the body is parsed: a body
// that is not JSON gets the signature's answer, and only a good signature
// over it gets the format's. Nothing is written.
func TestUnAvisoMalFirmadoSeRechazaAntesDeLeerlo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := conBuzon(t, e, secretoNuevo)
		h := e.srv.Handler()
		noJSON := []byte("esto no es JSON {")
		aviso := webhookstest.Aviso{DataID: "ORD-1", RequestID: "req-1", Hora: e.now}
		viejo, futuro := aviso, aviso
		viejo.Hora, futuro.Hora = e.now.Add(-6*time.Minute), e.now.Add(6*time.Minute)
		otraOrden := func(r *http.Request) {
			aviso.Firmar(r, secretoNuevo)
			r.URL.RawQuery = strings.Replace(r.URL.RawQuery, "ORD-1", "ORD-2", 1)
		}
		for nombre, c := range map[string]struct {
			firmar  func(*http.Request)
			status  int
			mensaje string
		}{
			"sin firma":              {nil, http.StatusUnauthorized, MsgAvisoFirmaInvalida},
			"firma mal formada":      {func(r *http.Request) { r.Header.Set("X-Signature", "v1,ts") }, http.StatusUnauthorized, MsgAvisoFirmaInvalida},
			"otro secreto":           {firmado(aviso, []byte("otro")), http.StatusUnauthorized, MsgAvisoFirmaInvalida},
			"orden cambiada":         {otraOrden, http.StatusUnauthorized, MsgAvisoFirmaInvalida},
			"hace 6 minutos":         {firmado(viejo, secretoNuevo), http.StatusUnauthorized, MsgAvisoFirmaVencida},
			"dentro de 6 minutos":    {firmado(futuro, secretoNuevo), http.StatusUnauthorized, MsgAvisoFirmaVencida},
			"bien firmado, ilegible": {firmado(aviso, secretoNuevo), http.StatusBadRequest, MsgAvisoIlegible},
		} {
			t.Run(nombre, func(t *testing.T) {
				avisar(t, h, rutaPrueba, "198.51.100.7", noJSON, c.firmar).expect(t, c.status, c.mensaje)
			})
		}
		viejoJSON := e.avisoDePrueba("evt-viejo")
		viejoJSON.Hora = e.now.Add(-6 * time.Minute)
		avisar(t, h, rutaPrueba, "198.51.100.7", viejoJSON.Cuerpo, firmado(viejoJSON, secretoNuevo)).
			expect(t, http.StatusUnauthorized, MsgAvisoFirmaVencida)
		e.nadaEscrito(t)
		if p.de("evt-viejo") != 0 {
			t.Fatal("un aviso rechazado se procesó")
		}
	})
}

// During a rotation both the new and the old secret sign; a third is refused.
func TestUnAvisoDuranteUnaRotacionDeSecretos(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		conBuzon(t, e, secretoNuevo, secretoViejo)
		h := e.srv.Handler()
		for id, secreto := range map[string][]byte{"evt-nuevo": secretoNuevo, "evt-viejo": secretoViejo} {
			a := e.avisoDePrueba(id)
			avisar(t, h, rutaPrueba, "198.51.100.7", a.Cuerpo, firmado(a, secreto)).expect(t, http.StatusOK, MsgAvisoRecibido)
		}
		otro := e.avisoDePrueba("evt-otro")
		avisar(t, h, rutaPrueba, "198.51.100.7", otro.Cuerpo, firmado(otro, []byte("secreto-ajeno"))).
			expect(t, http.StatusUnauthorized, MsgAvisoFirmaInvalida)
		if n := e.count(`SELECT COUNT(*) FROM entrantes WHERE id_externo IN ('evt-nuevo', 'evt-viejo')`); n != 2 ||
			e.count(`SELECT COUNT(*) FROM entrantes`) != 2 {
			t.Fatalf("%d avisos de los dos secretos guardados; quiero 2 y ningún otro", n)
		}
	})
}

// A body over 64 KB is refused with 413, signed or not, whatever its size
// past the limit; one of exactly 64 KB is read (and here refused as no event).
func TestUnAvisoDemasiadoGrandeSeRechaza(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		conBuzon(t, e, secretoNuevo)
		h := e.srv.Handler()
		firma := firmado(e.avisoDePrueba("evt-1"), secretoNuevo)
		for _, n := range []int{maxCuerpoWebhook + 1, 2 << 20} {
			avisar(t, h, rutaPrueba, "198.51.100.7", bytes.Repeat([]byte("x"), n), firma).
				expect(t, http.StatusRequestEntityTooLarge, MsgAvisoGrande)
		}
		avisar(t, h, rutaPrueba, "198.51.100.7", bytes.Repeat([]byte("x"), maxCuerpoWebhook), firma).
			expect(t, http.StatusBadRequest, MsgAvisoIlegible)
		e.nadaEscrito(t)
	})
}

// A provider nobody registered is 404, on a server with an inbox and on one without.
func TestUnProveedorDesconocidoEs404(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		a := e.avisoDePrueba("evt-1")
		avisar(t, e.srv.Handler(), rutaPrueba, "198.51.100.7", a.Cuerpo, firmado(a, secretoNuevo)).
			expect(t, http.StatusNotFound, domain.MsgRecursoNoEncontrado)
		conBuzon(t, e, secretoNuevo)
		for _, ruta := range []string{"/api/webhooks/mercadopago", "/api/webhooks/PRUEBA", "/api/webhooks/prueba/otra"} {
			avisar(t, e.srv.Handler(), ruta, "198.51.100.7", a.Cuerpo, firmado(a, secretoNuevo)).
				expect(t, http.StatusNotFound, domain.MsgRecursoNoEncontrado)
		}
		e.nadaEscrito(t)
	})
}

// One address may send webhooksPorMinuto deliveries a minute, signed or
// not; past them it gets 429 with Retry-After, and another address does not.
func TestLosAvisosTienenUnLimitePorDireccion(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		conBuzon(t, e, secretoNuevo)
		h := e.srv.Handler()
		for i := range webhooksPorMinuto {
			if r := avisar(t, h, rutaPrueba, "203.0.113.9", []byte("{}"), nil); r.Status != http.StatusUnauthorized {
				t.Fatalf("aviso %d: %d %q", i, r.Status, r.Message)
			}
		}
		r := avisar(t, h, rutaPrueba, "203.0.113.9", []byte("{}"), nil)
		r.expect(t, http.StatusTooManyRequests, MsgAvisosPorDireccion)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("el 429 no dice cuándo volver a intentar")
		}
		a := e.avisoDePrueba("evt-1")
		avisar(t, h, rutaPrueba, "198.51.100.7", a.Cuerpo, firmado(a, secretoNuevo)).expect(t, http.StatusOK, MsgAvisoRecibido)
	})
}
