package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/coder/websocket"

	"muelle/internal/events"
	"muelle/internal/realtime"
)

// A user who opens more sockets than the per-user cap loses the oldest,
// closed with CodigoDemasiadasConexiones and its reason; the newer ones and
// the other users' stay live.
func TestSocketPerUserCapClosesTheOldest(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		e.srv.Hub.MaxPorUsuario = 2
		tok := e.token("admin")
		var suyos []*socket
		for range 3 {
			s := conectar(t, base, tok, 0)
			s.hasta("conectado")
			suyos = append(suyos, s)
		}
		otro := conectar(t, base, e.token("supervisor"), 0)
		otro.hasta("conectado")
		var err error
		for err == nil {
			_, err = suyos[0].leer()
		}
		var cierre websocket.CloseError
		if !errors.As(err, &cierre) || cierre.Code != realtime.CodigoDemasiadasConexiones ||
			cierre.Reason != realtime.RazonDemasiadasConexiones {
			t.Fatalf("el más antiguo terminó con %v", err)
		}
		e.marca()
		for _, s := range append(suyos[1:], otro) {
			s.hasta(events.ConfigActualizada)
		}
	})
}

// The company's and the instance's caps refuse a new socket with 503 and
// the Spanish envelope before the upgrade; another company is not held by
// the first one's cap.
func TestSocketCompanyAndInstanceCapsRefuseBeforeTheUpgrade(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		base := e.enVivo()
		e.srv.Hub.MaxPorEmpresa, e.srv.Hub.MaxTotal = 1, 2
		conectar(t, base, e.token("admin"), 0).hasta("conectado")
		rechazado(t, base, e.token("supervisor"), realtime.MsgEmpresaSinLugar)
		conectar(t, base, e.token("admin2"), 0).hasta("conectado")
		rechazado(t, base, e.token("superadmin"), realtime.MsgServidorSinLugar)
		if n := e.srv.Hub.Sockets(); n != 2 {
			t.Fatalf("sockets abiertos = %d", n)
		}
	})
}

// rechazado dials with token and expects the 503 refusal msg, before any upgrade.
func rechazado(t *testing.T, base, token, msg string) {
	t.Helper()
	c, resp, err := dial(base, token, 0)
	if err == nil {
		c.CloseNow()
		t.Fatal("el socket se abrió pasado el tope")
	}
	if resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("respuesta %v, se esperaba 503 con Retry-After", resp)
	}
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Success || env.Message != msg {
		t.Fatalf("sobre %+v (%v), se esperaba %q", env, err, msg)
	}
}
