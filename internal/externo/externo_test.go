package externo_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/externo/externotest"
)

// TestDireccionPublica: loopback, private, link-local (the metadata address),
// shared, reserved and unspecified addresses are refused, also when written
// as IPv4-mapped IPv6 or NAT64; public ones pass.
func TestDireccionPublica(t *testing.T) {
	for ip, want := range map[string]bool{
		"127.0.0.1": false, "127.8.8.8": false, "::1": false, "10.1.2.3": false, "172.16.5.4": false,
		"192.168.0.10": false, "169.254.169.254": false, "fe80::1": false, "fd00:ec2::254": false,
		"100.100.100.200": false, "0.0.0.0": false, "::": false, "224.0.0.251": false, "255.255.255.255": false,
		"::ffff:127.0.0.1": false, "::ffff:10.0.0.1": false, "64:ff9b::a9fe:a9fe": false, "fec0::1": false,
		"8.8.8.8": true, "142.250.0.109": true, "2a00:1450:400c:c0b::6c": true, "::ffff:8.8.8.8": true,
		"64:ff9b::808:808": true, "2001:4860:4860::8888": true,
		// IPv6 forms that embed an IPv4 address (issue 36 item 14): IPv4-compatible (::/96),
		// IPv4-translated (::ffff:0:0/96), local-use NAT64 (64:ff9b:1::/48), 6to4 (2002::/16), Teredo (2001::/32)
		"::7f00:1": false, "::a00:1": false, "::808:808": false, "::ffff:0:7f00:1": false, "::ffff:0:808:808": false,
		"64:ff9b:1::a00:1": false, "64:ff9b:1:ffff::808:808": false, "2002:7f00:1::1": false, "2002:808:808::1": false,
		"2001:0:4136:e378:8000:63bf:3fff:fdd2": false, "2001::1": false, "64:ff9b::7f00:1": false,
	} {
		if got := externo.DireccionPublica(netip.MustParseAddr(ip)); got != want {
			t.Errorf("DireccionPublica(%s) = %v, want %v", ip, got, want)
		}
	}
}

// errorDe is err as an *externo.Error, or the test fails.
func errorDe(t *testing.T, err error) *externo.Error {
	t.Helper()
	var e *externo.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), se esperaba un *externo.Error", err, err)
	}
	return e
}

// esperarFalla fails unless err is an *externo.Error of that category,
// temporary and sent as said, whose message is the category alone.
func esperarFalla(t *testing.T, err error, categoria string, temporal, enviado bool) *externo.Error {
	t.Helper()
	e := errorDe(t, err)
	if e.Categoria != categoria || e.Temporal != temporal || e.Enviado != enviado || err.Error() != categoria {
		t.Fatalf("%q (temporal %v, enviado %v; %v), se esperaba %q (temporal %v, enviado %v)", e.Categoria,
			e.Temporal, e.Enviado, e.Detalle, categoria, temporal, enviado)
	}
	if f := domain.ClasificarFalla(e.Falla().Texto()); f.Categoria != categoria || f.Detalle != e.Detalle.Error() {
		t.Fatalf("la falla guardada se lee como %+v", f)
	}
	return e
}

// cliente is a client of base over red with the given times.
func cliente(t *testing.T, base string, red externo.Red, tiempos externo.Tiempos) *externo.Cliente {
	t.Helper()
	c, err := externo.Nuevo(externo.Config{Servicio: "Prueba", URL: base, Red: red, Tiempos: tiempos, MaxRespuesta: 1024})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestNuevoRefusesABaseURLThatIsNotPlainHTTPS(t *testing.T) {
	for _, u := range []string{"http://api.example.com", "https://", "api.example.com/v1", "https://u:p@api.example.com",
		"https://api.example.com/v1?token=x", "https://api.example.com/#x", "://"} {
		if _, err := externo.Nuevo(externo.Config{Servicio: "Prueba", URL: u}); err == nil {
			t.Errorf("%q aceptada", u)
		}
	}
	if _, err := externo.Nuevo(externo.Config{Servicio: "Prueba", URL: "https://api.example.com/v1"}); err != nil {
		t.Fatal(err)
	}
}

// TestHacerSendsBelowTheBaseURL: the request goes to the base URL's path
// joined with the route, with its query, headers and body; the answer comes
// back whole.
func TestHacerSendsBelowTheBaseURL(t *testing.T) {
	srv := externotest.Iniciar(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("X-Eco", r.Header.Get("X-Idempotency-Key"))
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, "%s %s %s %s", r.Method, r.URL.Path, r.URL.RawQuery, body)
	}))
	c := cliente(t, srv.URL+"/api", srv.Red(t), externo.Tiempos{})
	r, err := c.Hacer(context.Background(), externo.Pedido{Metodo: http.MethodPost, Ruta: "/v1/orders",
		Consulta: url.Values{"a": {"1 2"}}, Encabezados: http.Header{"X-Idempotency-Key": {"intento-7"}},
		Cuerpo: []byte(`{"total":"1500.50"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != http.StatusCreated || r.Encabezados.Get("X-Eco") != "intento-7" ||
		string(r.Cuerpo) != `POST /api/v1/orders a=1+2 {"total":"1500.50"}` {
		t.Fatalf("respuesta %d %v %q", r.Status, r.Encabezados, r.Cuerpo)
	}
}

// colgado is a TCP server that takes connections and never says a word: a
// TLS handshake with it never ends.
func colgado(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu       sync.Mutex
		abiertas []net.Conn
	)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			abiertas = append(abiertas, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range abiertas {
			_ = c.Close()
		}
	})
	return "https://" + l.Addr().String()
}

// TestEveryPhaseIsBounded: a server that never finishes the TLS handshake
// (nothing was sent: no connection), one that takes the request and never
// answers, one that sends its headers late and one whose body trickles (the
// request was sent: the service's delay, temporary) each end at their own
// bound, well before the defaults.
func TestEveryPhaseIsBounded(t *testing.T) {
	t.Parallel()
	lento := externotest.Iniciar(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		espera, _ := time.ParseDuration(r.URL.Query().Get("espera"))
		select {
		case <-time.After(espera):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Length", "1000")
		w.WriteHeader(http.StatusOK)
		for i := range 10 {
			if r.URL.Query().Has("goteo") && i > 0 {
				time.Sleep(100 * time.Millisecond)
			}
			_, _ = w.Write([]byte(strings.Repeat("x", 100)))
			w.(http.Flusher).Flush()
		}
	}))
	corto := 300 * time.Millisecond
	cases := []struct {
		nombre    string
		base      string
		consulta  url.Values
		tiempos   externo.Tiempos
		categoria string
		enviado   bool
	}{
		{"sin handshake", colgado(t), nil, externo.Tiempos{TLS: corto}, domain.MsgServicioSinConexion, false},
		{"sin respuesta", lento.URL, url.Values{"espera": {"1h"}}, externo.Tiempos{Encabezados: corto},
			domain.MsgServicioDemora, true},
		{"encabezados lentos", lento.URL, url.Values{"espera": {"2s"}}, externo.Tiempos{Encabezados: corto},
			domain.MsgServicioDemora, true},
		{"cuerpo por goteo", lento.URL, url.Values{"goteo": {"1"}}, externo.Tiempos{Total: corto},
			domain.MsgServicioDemora, true},
	}
	for _, tc := range cases {
		c := cliente(t, tc.base, lento.Red(t), tc.tiempos)
		inicio := time.Now()
		_, err := c.Hacer(context.Background(), externo.Pedido{Consulta: tc.consulta})
		if d := time.Since(inicio); d > 5*time.Second {
			t.Errorf("%s: tardó %v", tc.nombre, d)
		}
		esperarFalla(t, err, tc.categoria, true, tc.enviado)
	}
	// the same slow server within the bounds answers
	c := cliente(t, lento.URL, lento.Red(t), externo.Tiempos{Encabezados: 5 * time.Second, Total: 10 * time.Second})
	r, err := c.Hacer(context.Background(), externo.Pedido{Consulta: url.Values{"espera": {"400ms"}, "goteo": {"1"}}})
	if err != nil || len(r.Cuerpo) != 1000 {
		t.Fatalf("dentro de los plazos: %v", err)
	}
}

// TestPrivateAddressesAreRefusedUnlessAllowed: without the installation's
// allowance a loopback server is refused when dialled, by address, by name
// and written as any IPv6 form that embeds its IPv4 address; the server
// hears nothing, and the refusal is permanent. With it, the same server
// answers.
func TestPrivateAddressesAreRefusedUnlessAllowed(t *testing.T) {
	var llamadas atomic.Int32
	srv := externotest.Iniciar(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { llamadas.Add(1) }))
	puerto := srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	publica := srv.Red(t)
	publica.PermitirPrivadas = false
	for _, host := range []string{"127.0.0.1", "localhost", "[::1]", "[::ffff:127.0.0.1]", "[::7f00:1]",
		"[::ffff:0:7f00:1]", "[64:ff9b::7f00:1]", "[64:ff9b:1::7f00:1]", "[2002:7f00:1::1]", "[2001::7f00:1]",
		"169.254.169.254", "10.0.0.1"} {
		_, err := cliente(t, "https://"+host+":"+puerto, publica, externo.Tiempos{}).Hacer(context.Background(),
			externo.Pedido{})
		e := esperarFalla(t, err, domain.MsgServicioDireccion, false, false)
		if !errors.Is(e, externo.ErrDireccionNoPermitida) {
			t.Errorf("%s: %v", host, e.Detalle)
		}
	}
	if n := llamadas.Load(); n != 0 {
		t.Fatalf("el servidor recibió %d pedidos sin permiso", n)
	}
	if _, err := cliente(t, srv.URL, srv.Red(t), externo.Tiempos{}).Hacer(context.Background(), externo.Pedido{}); err != nil ||
		llamadas.Load() != 1 {
		t.Fatalf("con el permiso de la instalación: %v", err)
	}
}

// TestTheAnswerIsBounded: an answer of the bound is read; one byte more (or
// megabytes more) is the service's error, permanent, with nothing returned.
func TestTheAnswerIsBounded(t *testing.T) {
	srv := externotest.Iniciar(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.URL.Query().Get("n"), &n)
		_, _ = w.Write([]byte(strings.Repeat("x", n)))
	}))
	c := cliente(t, srv.URL, srv.Red(t), externo.Tiempos{})
	pedir := func(n int) (*externo.Respuesta, error) {
		return c.Hacer(context.Background(), externo.Pedido{Consulta: url.Values{"n": {fmt.Sprint(n)}}})
	}
	if r, err := pedir(1024); err != nil || len(r.Cuerpo) != 1024 {
		t.Fatalf("en el límite: %v", err)
	}
	for _, n := range []int{1025, 8 << 20} {
		r, err := pedir(n)
		e := esperarFalla(t, err, domain.MsgServicioError, false, true)
		if r != nil || e.Status != http.StatusOK || !strings.Contains(e.Detalle.Error(), "supera 1024 bytes") {
			t.Fatalf("%d bytes: %v", n, e.Detalle)
		}
	}
}

// TestTheInstallationsCAIsTrusted: a server with a private certificate is
// refused on the system's roots (permanent: the certificate) and trusted once
// its CA is added; another server's CA does not make it trusted; a text
// without certificates is no CA.
func TestTheInstallationsCAIsTrusted(t *testing.T) {
	srv := externotest.Iniciar(t, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	otro := externotest.Iniciar(t, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	hacer := func(red externo.Red) error {
		_, err := cliente(t, srv.URL, red, externo.Tiempos{}).Hacer(context.Background(), externo.Pedido{})
		return err
	}
	esperarFalla(t, hacer(externo.Red{PermitirPrivadas: true}), domain.MsgServicioCertificado, false, false)
	ajena := otro.Red(t)
	esperarFalla(t, hacer(ajena), domain.MsgServicioCertificado, false, false)
	if err := hacer(srv.Red(t)); err != nil {
		t.Fatalf("con su CA: %v", err)
	}
	if _, err := externo.ConfigTLS([]byte("no es un certificado")); !errors.Is(err, externo.ErrSinCertificados) {
		t.Fatalf("un texto sin certificados: %v", err)
	}
}

// TestAnswersOutsideSuccessAreCategorized: 401 and 403 refuse the
// credentials, 429 and 5xx are temporary with the wait asked, other 4xx and
// a redirect (never followed) are the service's error; each comes with the
// answer, whose start the detail quotes and the message never does.
func TestAnswersOutsideSuccessAreCategorized(t *testing.T) {
	var seguidas atomic.Int32
	srv := externotest.Iniciar(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/destino" {
			seguidas.Add(1)
			return
		}
		var status int
		fmt.Sscan(r.URL.Query().Get("status"), &status)
		w.Header().Set("Retry-After", "7")
		w.Header().Set("Location", "/destino")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error":"respuesta %d"}`, status)
	}))
	c := cliente(t, srv.URL, srv.Red(t), externo.Tiempos{})
	cases := []struct {
		status    int
		categoria string
		temporal  bool
		espera    time.Duration
	}{
		{401, domain.MsgServicioCredenciales, false, 0},
		{403, domain.MsgServicioCredenciales, false, 0},
		{404, domain.MsgServicioError, false, 0},
		{409, domain.MsgServicioError, false, 0},
		{302, domain.MsgServicioError, false, 0},
		{429, domain.MsgServicioError, true, 7 * time.Second},
		{500, domain.MsgServicioError, true, 7 * time.Second},
		{503, domain.MsgServicioError, true, 7 * time.Second},
	}
	for _, tc := range cases {
		r, err := c.Hacer(context.Background(), externo.Pedido{Consulta: url.Values{"status": {fmt.Sprint(tc.status)}}})
		e := esperarFalla(t, err, tc.categoria, tc.temporal, true)
		cuerpo := fmt.Sprintf(`{"error":"respuesta %d"}`, tc.status)
		if r == nil || r.Status != tc.status || string(r.Cuerpo) != cuerpo || e.Status != tc.status ||
			e.Espera != tc.espera || !strings.Contains(e.Detalle.Error(), fmt.Sprintf("respondió %d: %s", tc.status, cuerpo)) ||
			!strings.HasPrefix(e.Detalle.Error(), "Prueba GET https://") {
			t.Errorf("%d: %+v, %v", tc.status, r, e.Detalle)
		}
	}
	if n := seguidas.Load(); n != 0 {
		t.Fatalf("se siguió una redirección %d veces", n)
	}
}

// TestAServerThatIsNotThereIsTemporaryAndUnsent: a refused connection and a
// caller that gave up are the connection's failure, temporary, nothing sent;
// the detail names the destination but not its query.
func TestAServerThatIsNotThereIsTemporaryAndUnsent(t *testing.T) {
	srv := externotest.Iniciar(t, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	red := srv.Red(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cerrado := "https://" + l.Addr().String()
	_ = l.Close()
	_, err = cliente(t, cerrado, red, externo.Tiempos{}).Hacer(context.Background(),
		externo.Pedido{Ruta: "/v1/orders", Consulta: url.Values{"access_token": {"APP_USR-secreto"}}})
	e := esperarFalla(t, err, domain.MsgServicioSinConexion, true, false)
	if d := e.Detalle.Error(); strings.Contains(d, "secreto") || !strings.HasPrefix(d, "Prueba GET "+cerrado+"/v1/orders: ") {
		t.Fatalf("el detalle: %s", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = cliente(t, srv.URL, red, externo.Tiempos{}).Hacer(ctx, externo.Pedido{})
	if e := esperarFalla(t, err, domain.MsgServicioSinConexion, true, false); !errors.Is(e, context.Canceled) {
		t.Fatalf("cancelado: %v", e.Detalle)
	}
}

func TestEsperaPedida(t *testing.T) {
	for h, want := range map[string]time.Duration{"": 0, "x": 0, "-1": 0, "0": 0, "30": 30 * time.Second,
		"7200": time.Hour, "Wed, 21 Oct 2015 07:28:00 GMT": 0} {
		if got := externo.EsperaPedida(h); got != want {
			t.Errorf("EsperaPedida(%q) = %v, want %v", h, got, want)
		}
	}
}
