package api

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"muelle/internal/domain"
)

// sinRespuesta is a server that dies as it is about to answer POST /api/sync:
// what the handler committed stays, the answer never leaves (the connection is
// cut, as a process killed between its commit and its write would cut it).
func sinRespuesta(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/sync" {
			w = muereAlResponder{w}
		}
		h.ServeHTTP(w, r)
	})
}

type muereAlResponder struct{ http.ResponseWriter }

func (muereAlResponder) WriteHeader(int)           { panic(http.ErrAbortHandler) }
func (muereAlResponder) Write([]byte) (int, error) { panic(http.ErrAbortHandler) }

// The server dies after committing a batch and before its answer; the device,
// which never heard back, sends the batch again to the restarted server: every
// sale exists once, and the repeat answers the tickets the first attempt made.
func TestASyncBatchWhoseAnswerDiedWithTheServerAppliesOnceWhenResent(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		d := e.nuevoDispositivo("vendedor")
		var ventas []map[string]any
		for i := range 3 {
			ventas = append(ventas, accion(nuevoID(t), "venta", e.now.Add(time.Duration(i-10)*time.Minute),
				e.ventaOffline(caja, d.pasajeOffline(e, "General", 450000))))
		}
		body, err := json.Marshal(d.lote(e.now, ventas...))
		if err != nil {
			t.Fatal(err)
		}
		muere := httptest.NewServer(sinRespuesta(e.srv.Handler()))
		req, err := http.NewRequest("POST", muere.URL+"/api/sync", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+e.token(d.usuario))
		if res, err := muere.Client().Do(req); err == nil {
			b, _ := io.ReadAll(res.Body)
			_ = res.Body.Close()
			t.Fatalf("el servidor caído respondió %d %s", res.StatusCode, b)
		}
		muere.Close()
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 3 {
			t.Fatalf("%d pasajes confirmados antes de la caída", n)
		}
		// the server starts again on the same database; the device resends the batch
		e.srv = &Server{Store: e.st, Auth: e.svc, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		for i, got := range e.syncOK(d, e.now, ventas...).Resultados {
			numero := ventas[i]["venta"].(map[string]any)["pasajes"].([]map[string]any)[0]["numero_pasaje"]
			if got.Estado != "duplicada" || len(got.Pasajes) != 1 || got.Pasajes[0].NumeroPasaje != numero ||
				e.count(`SELECT COUNT(*) FROM pasajes WHERE id = ? AND numero_pasaje = ?`, got.Pasajes[0].ID, numero) != 1 {
				t.Fatalf("reenvío %d: %+v", i, got)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE caja_id = ?`, caja); n != 3 {
			t.Fatalf("%d pasajes tras reenviar", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_id = ? AND tipo = ?`, caja, domain.MovVentaPasaje); n != 3 {
			t.Fatalf("%d movimientos tras reenviar", n)
		}
	})
}
