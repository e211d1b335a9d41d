package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"muelle/internal/demo"
)

// respuestaGoteo is what the server answered a client that trickles its body.
type respuestaGoteo struct {
	status     int
	env        envelope
	retryAfter string
	err        error
}

// gotear sends a login's headers from the loopback address and then its body
// one byte a second, until the server answers (reported on fin).
func gotear(t *testing.T, addr string, fin chan<- respuestaGoteo) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() }) // before the server's Close, which waits for it
	fmt.Fprint(conn, "POST /api/auth/login HTTP/1.1\r\nHost: muelle\r\nContent-Type: application/json\r\n"+
		"Content-Length: 100\r\n\r\n{")
	respondio := make(chan struct{})
	go func() {
		tic := time.NewTicker(time.Second)
		defer tic.Stop()
		for {
			select {
			case <-respondio:
				return
			case <-tic.C:
				_, _ = conn.Write([]byte(" "))
			}
		}
	}()
	go func() {
		defer conn.Close()
		defer close(respondio)
		_ = conn.SetReadDeadline(time.Now().Add(time.Minute))
		var r respuestaGoteo
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if r.err = err; err == nil {
			r.status, r.retryAfter = resp.StatusCode, resp.Header.Get("Retry-After")
			r.err = json.NewDecoder(resp.Body).Decode(&r.env)
		}
		fin <- r
	}()
}

// desde is a client whose connections leave from the loopback address ip.
func desde(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// Three hundred connections trickling their bodies a byte a second hold no
// concurrent-request slot: a normal client is answered meanwhile, from
// another address (a login) and from theirs (a GET). Each trickler is cut:
// 429 beyond the bodies one address may send at once, 408 when its body's
// time is up.
func TestSlowBodiesLeaveNormalClientsAnswered(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.Limits = Limits{MaxConcurrent: 4, Wait: 50 * time.Millisecond, BodyTimeout: 2 * time.Second,
			BodiesPerAddress: 8}
		srv := httptest.NewServer(e.srv.Handler())
		t.Cleanup(srv.Close)
		const lentos = 300
		fin := make(chan respuestaGoteo, lentos)
		for range lentos {
			gotear(t, srv.Listener.Addr().String(), fin)
		}
		login := `{"nombre_usuario":"admin","password":"` + demo.Password + `"}`
		resp, err := desde("127.0.0.2").Post(srv.URL+"/api/auth/login", "application/json", strings.NewReader(login))
		var r response
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&r)
			r.Status = resp.StatusCode
		}
		if err != nil || r.Status != http.StatusOK || !r.Success || !strings.Contains(string(r.Data), `"token"`) {
			t.Fatalf("el login normal obtuvo %d %q %v", r.Status, r.Message, err)
		}
		if resp, err := desde("127.0.0.1").Get(srv.URL + "/api/health"); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /api/health: %v %v", resp, err)
		}
		porEstado := map[int]int{}
		for range lentos {
			g := <-fin
			porEstado[g.status]++
			esperarCorte(t, g)
		}
		t.Logf("respuestas a los clientes lentos: %v", porEstado)
		if porEstado[http.StatusRequestTimeout] == 0 || porEstado[http.StatusTooManyRequests] == 0 {
			t.Fatalf("respuestas a los clientes lentos: %v", porEstado)
		}
	})
}

// esperarCorte checks the answer to a trickling client: 408 or 429 (with
// Retry-After) and its Spanish message.
func esperarCorte(t *testing.T, g respuestaGoteo) {
	t.Helper()
	want := map[int]string{http.StatusRequestTimeout: MsgCuerpoLento, http.StatusTooManyRequests: MsgCuerposPorCliente}
	if g.err != nil || g.env.Success || g.env.Message != want[g.status] || want[g.status] == "" ||
		(g.status == http.StatusTooManyRequests && g.retryAfter == "") {
		t.Fatalf("cliente lento: %d %+v Retry-After=%q %v", g.status, g.env, g.retryAfter, g.err)
	}
}
