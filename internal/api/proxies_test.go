package api

import (
	"context"
	"crypto/tls"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"testing"

	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
)

func TestLeerProxiesConfiablesNormalizesTheEntries(t *testing.T) {
	p, err := LeerProxiesConfiables(" 127.0.0.1, ::1 ,10.1.2.3/8,,::ffff:192.168.0.1, 2001:db8::/32,::ffff:172.16.0.0/108,")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"127.0.0.1", "::1", "10.0.0.0/8", "192.168.0.1", "2001:db8::/32", "172.16.0.0/12"}
	if got := p.Entradas(); !slices.Equal(got, want) {
		t.Fatalf("entradas %q, esperaba %q", got, want)
	}
	vacia, err := LeerProxiesConfiables("  ")
	if err != nil || vacia.Entradas() == nil || len(vacia.Entradas()) != 0 {
		t.Fatalf("una lista vacía: %q %v", vacia.Entradas(), err)
	}
}

func TestLeerProxiesConfiablesRefusesAnEntryThatIsNoAddress(t *testing.T) {
	for _, entrada := range []string{"10.0.0.300", "10.0.0.0/33", "muelle.lan", "fe80::1%eth0", "*", "010.0.0.1", "10.0.0.1:80"} {
		_, err := LeerProxiesConfiables("127.0.0.1, " + entrada + ", ::1")
		want := `"` + entrada + `" no es una dirección IP ni una red CIDR (por ejemplo 10.0.0.2, 10.0.0.0/8 o fd00::/8)`
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, esperaba %q", entrada, err, want)
		}
	}
}

// resuelto is what the handlers see of a request after resolverCliente.
type resuelto struct {
	remoteAddr string
	https      bool
}

func resolver(t *testing.T, confiables, peer string, h http.Header) resuelto {
	t.Helper()
	p, err := LeerProxiesConfiables(confiables)
	if err != nil {
		t.Fatal(err)
	}
	var got resuelto
	r := httptest.NewRequest("GET", "/api/health", nil)
	r.RemoteAddr = peer
	r.Header = h
	p.resolverCliente(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = resuelto{remoteAddr: r.RemoteAddr, https: solicitudHTTPS(r)}
	})).ServeHTTP(httptest.NewRecorder(), r)
	if r.RemoteAddr != peer {
		t.Fatalf("la solicitud original cambió: %s", r.RemoteAddr)
	}
	return got
}

func TestTheClientAddressComesFromTrustedProxiesOnly(t *testing.T) {
	const local = "127.0.0.1, ::1, 10.0.0.0/8, fd00::/8"
	xff := func(v ...string) http.Header { return http.Header{"X-Forwarded-For": v} }
	fwd := func(v ...string) http.Header { return http.Header{"Forwarded": v} }
	for _, c := range []struct {
		nombre, confiables, peer string
		h                        http.Header
		want                     resuelto
	}{
		{"sin proxies configurados", "", "203.0.113.7:5000",
			http.Header{"X-Forwarded-For": {"198.51.100.1"}, "X-Forwarded-Proto": {"https"}}, resuelto{"203.0.113.7:5000", false}},
		{"un par no confiable falsifica", local, "192.0.2.10:5000",
			http.Header{"X-Forwarded-For": {"198.51.100.1"}, "Forwarded": {"for=198.51.100.2;proto=https"},
				"X-Forwarded-Proto": {"https"}}, resuelto{"192.0.2.10:5000", false}},
		{"un proxy confiable", local, "127.0.0.1:5000", xff("203.0.113.7"), resuelto{"203.0.113.7:0", false}},
		{"lo falsificado a la izquierda del cliente", local, "127.0.0.1:5000",
			xff("198.51.100.1, 203.0.113.7, 10.1.2.3"), resuelto{"203.0.113.7:0", false}},
		{"varias líneas de cabecera", local, "127.0.0.1:5000", xff("198.51.100.1", "203.0.113.7"),
			resuelto{"203.0.113.7:0", false}},
		{"todos confiables: el de más a la izquierda", local, "127.0.0.1:5000", xff("10.0.0.5, 10.0.0.6"),
			resuelto{"10.0.0.5:0", false}},
		{"IPv6 detrás de un proxy IPv6", local, "[::1]:5000", xff("2001:db8::7"), resuelto{"[2001:db8::7]:0", false}},
		{"IPv6 entre corchetes con puerto", local, "[::1]:5000", xff("[2001:db8::8]:4711"),
			resuelto{"[2001:db8::8]:4711", false}},
		{"salto confiable de una red IPv6", local, "[fd00::1]:5000", xff("2001:db8::9, fd00::2"),
			resuelto{"[2001:db8::9]:0", false}},
		{"par IPv4 mapeado en IPv6", local, "[::ffff:127.0.0.1]:5000", xff("::ffff:203.0.113.7"),
			resuelto{"203.0.113.7:0", false}},
		{"vacíos ignorados", local, "127.0.0.1:5000", xff("203.0.113.7, ,"), resuelto{"203.0.113.7:0", false}},
		{"mal formado a la derecha: el par", local, "127.0.0.1:5000", xff("203.0.113.7, no-es-ip"),
			resuelto{"127.0.0.1:5000", false}},
		{"mal formado tras un salto confiable: ese salto", local, "127.0.0.1:5000", xff("203.0.113.7, basura, 10.0.0.2"),
			resuelto{"10.0.0.2:0", false}},
		{"mal formado a la izquierda del cliente: no importa", local, "127.0.0.1:5000", xff("basura, 203.0.113.7"),
			resuelto{"203.0.113.7:0", false}},
		{"ceros a la izquierda: mal formado", local, "127.0.0.1:5000", xff("010.0.0.1"), resuelto{"127.0.0.1:5000", false}},
		{"X-Forwarded-Proto del proxy", local, "127.0.0.1:5000",
			http.Header{"X-Forwarded-For": {"203.0.113.7"}, "X-Forwarded-Proto": {"HTTPS"}}, resuelto{"203.0.113.7:0", true}},
		{"X-Forwarded-Proto: el de más a la derecha", local, "127.0.0.1:5000",
			http.Header{"X-Forwarded-Proto": {"https, http"}}, resuelto{"127.0.0.1:5000", false}},
		{"solo X-Forwarded-Proto", local, "127.0.0.1:5000", http.Header{"X-Forwarded-Proto": {"https"}},
			resuelto{"127.0.0.1:5000", true}},
		{"Forwarded", local, "127.0.0.1:5000", fwd("for=192.0.2.60;proto=https;by=203.0.113.43"),
			resuelto{"192.0.2.60:0", true}},
		{"Forwarded IPv6 entre comillas con puerto", local, "127.0.0.1:5000", fwd(`for="[2001:db8:cafe::17]:4711"`),
			resuelto{"[2001:db8:cafe::17]:4711", false}},
		{"Forwarded puerto ofuscado", local, "127.0.0.1:5000", fwd(`For="[2001:db8::1]:_p"`),
			resuelto{"[2001:db8::1]:0", false}},
		{"Forwarded cadena: proto del elemento del cliente", local, "127.0.0.1:5000",
			fwd("for=198.51.100.1;proto=http, for=192.0.2.43;proto=https", "for=10.0.0.3;proto=http"),
			resuelto{"192.0.2.43:0", true}},
		{"Forwarded unknown: el par, con su esquema", local, "127.0.0.1:5000", fwd("for=unknown;proto=https"),
			resuelto{"127.0.0.1:5000", true}},
		{"Forwarded ofuscado tras un salto confiable", local, "127.0.0.1:5000", fwd("for=_oculto, for=10.0.0.3"),
			resuelto{"10.0.0.3:0", false}},
		{"Forwarded comillas rotas del cliente", local, "127.0.0.1:5000", fwd(`for="198.51.100.1, for=192.0.2.43`),
			resuelto{"192.0.2.43:0", false}},
		{"Forwarded for repetido: mal formado", local, "127.0.0.1:5000", fwd("for=192.0.2.1;for=192.0.2.2"),
			resuelto{"127.0.0.1:5000", false}},
		{"Forwarded sin for: mal formado", local, "127.0.0.1:5000", fwd("proto=https;by=10.0.0.1"),
			resuelto{"127.0.0.1:5000", true}},
		{"X-Forwarded-For antes que Forwarded", local, "127.0.0.1:5000",
			http.Header{"X-Forwarded-For": {"203.0.113.7"}, "Forwarded": {"for=192.0.2.1"}}, resuelto{"203.0.113.7:0", false}},
	} {
		if got := resolver(t, c.confiables, c.peer, c.h); got != c.want {
			t.Errorf("%s: %+v, esperaba %+v", c.nombre, got, c.want)
		}
	}
}

func TestARequestOverTLSIsHTTPS(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("X-Forwarded-Proto", "http")
	if solicitudHTTPS(r) {
		t.Fatal("una solicitud sin TLS ni proxy es HTTPS")
	}
	r.TLS = &tls.ConnectionState{}
	if !solicitudHTTPS(r) {
		t.Fatal("una solicitud por TLS no es HTTPS")
	}
}

// tras makes a request reach the server from peer (host:port) saying, in
// X-Forwarded-For, that it comes from cliente.
func tras(peer, cliente string) func(*http.Request) {
	return func(r *http.Request) {
		r.RemoteAddr = peer
		r.Header.Set("X-Forwarded-For", cliente)
	}
}

// ipsAuditadas are the addresses of the audit rows of an action, oldest first.
func (e *env) ipsAuditadas(accion string) []string {
	e.t.Helper()
	filas, err := e.st.AuditoriaPorAccion(context.Background(), accion)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, f := range slices.Backward(filas) {
		out = append(out, f.IP)
	}
	return out
}

// A peer that is not a trusted proxy cannot choose its address with
// X-Forwarded-For: its logins count against it whatever it claims, and the
// audit names it.
func TestASpoofedForwardedForFromAnUntrustedPeerChangesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.Proxies, _ = LeerProxiesConfiables("127.0.0.1, 10.0.0.0/8")
		for i := range auth.LoginsPorMinutoDefault {
			e.request("POST", "/api/auth/login", "", loginBody(fmt.Sprintf("azar%02d", i), "x"),
				tras("192.0.2.10:40000", fmt.Sprintf("198.51.100.%d", i))).
				expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		}
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), tras("192.0.2.10:40000", "198.51.100.99")).
			expect(t, http.StatusTooManyRequests, auth.MsgLimiteDireccion)
		// one address's failures past the first 10 are audited as one row
		ips := e.ipsAuditadas(store.AccionLogin)
		if len(ips) != store.MaxAuditoriasLoginFallido+1 || slices.ContainsFunc(ips, func(ip string) bool { return ip != "192.0.2.10" }) {
			t.Fatalf("IP auditadas %q, esperaba solo 192.0.2.10", ips)
		}
		if n := e.count(`SELECT COUNT(*) FROM intentos_login WHERE ip_address <> '192.0.2.10'`); n != 0 {
			t.Fatalf("%d intentos contados a otra dirección que el par", n)
		}
	})
}

// Behind a trusted proxy each client has its own login limit and lockout, and
// the audit names the client, not the proxy.
func TestBehindATrustedProxyTheLimitsAndTheAuditFollowTheClient(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.Proxies, _ = LeerProxiesConfiables("127.0.0.1, ::1")
		const proxy = "127.0.0.1:40000"
		for range 5 {
			e.request("POST", "/api/auth/login", "", loginBody("admin", "adivinanza"), tras(proxy, "203.0.113.7")).
				expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		}
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), tras(proxy, "203.0.113.7")).
			expect(t, http.StatusTooManyRequests, "Demasiados intentos fallidos. Intenta nuevamente en 15 minutos.")
		e.request("POST", "/api/auth/login", "", loginBody("admin", demo.Password), tras(proxy, "203.0.113.8")).
			expect(t, http.StatusOK, "Inicio de sesión exitoso")
		want := []string{"203.0.113.7", "203.0.113.7", "203.0.113.7", "203.0.113.7", "203.0.113.7", "203.0.113.8"}
		if got := e.ipsAuditadas(store.AccionLogin); !slices.Equal(got, want) {
			t.Fatalf("IP auditadas %q, esperaba %q", got, want)
		}
		// the per-address limit: a third client spends its 20 logins, a fourth still has its own
		for i := range auth.LoginsPorMinutoDefault - 6 {
			e.request("POST", "/api/auth/login", "", loginBody(fmt.Sprintf("azar%02d", i), "x"), tras(proxy, "203.0.113.7")).
				expect(t, http.StatusUnauthorized, domain.MsgCredencialesInvalidas)
		}
		e.request("POST", "/api/auth/login", "", loginBody("nadie", "x"), tras(proxy, "203.0.113.7")).
			expect(t, http.StatusTooManyRequests, auth.MsgLimiteDireccion)
		e.request("POST", "/api/auth/login", "", loginBody("supervisor", demo.Password), tras("[::1]:40000", "2001:db8::5")).
			expect(t, http.StatusOK, "Inicio de sesión exitoso")
		body := map[string]string{"nombre": "Terminal Tigre", "timezone": "UTC", "idioma": "es"}
		e.request("PUT", "/api/config/sistema", e.token("superadmin"), body, tras(proxy, "198.51.100.4, 203.0.113.9")).
			expect(t, http.StatusOK, domain.MsgConfiguracionActualizada)
		if got := e.ipsAuditadas(store.AccionConfiguracionSistema); !slices.Equal(got, []string{"203.0.113.9"}) {
			t.Fatalf("IP auditada del cambio %q, esperaba 203.0.113.9", got)
		}
	})
}

// The system configuration lists the trusted proxies as they are read and
// tells whether the request came over HTTPS.
func TestLaConfiguracionDelSistemaMuestraLosProxiesConfiables(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		var c ConfiguracionSistema
		e.do("GET", "/api/config/sistema", e.token("superadmin"), nil).decode(t, &c)
		if got := c.Servicios.Servidor.ProxiesConfiables; got == nil || len(got) != 0 {
			t.Fatalf("sin proxies: %q", got)
		}
		e.srv.Proxies, _ = LeerProxiesConfiables("127.0.0.1, 10.9.8.7/16, fd00::/8")
		e.do("GET", "/api/config/sistema", e.token("superadmin"), nil).decode(t, &c)
		if got, want := c.Servicios.Servidor.ProxiesConfiables, []string{"127.0.0.1", "10.9.0.0/16", "fd00::/8"}; !slices.Equal(got, want) {
			t.Fatalf("proxies %q, esperaba %q", got, want)
		}
		if c.Servicios.Servidor.HTTPS {
			t.Fatal("una petición por HTTP figura como HTTPS")
		}
		// HTTPS at the trusted proxy is HTTPS; the same header from anyone else is not
		porHTTPS := func(peer string) bool {
			var c ConfiguracionSistema
			e.request("GET", "/api/config/sistema", e.token("superadmin"), nil, func(r *http.Request) {
				tras(peer, "203.0.113.7")(r)
				r.Header.Set("X-Forwarded-Proto", "https")
			}).decode(t, &c)
			return c.Servicios.Servidor.HTTPS
		}
		if !porHTTPS("127.0.0.1:40000") || porHTTPS("192.0.2.10:40000") {
			t.Fatal("https debe seguir a X-Forwarded-Proto solo desde un proxy de confianza")
		}
	})
}

// Whatever a client writes in X-Forwarded-For or Forwarded, the address the
// trusted proxy appended after it is the client's.
func FuzzForwardingHeaders(f *testing.F) {
	for _, s := range []string{"", "198.51.100.1", `for="[2001:db8::1`, "unknown, _x", "10.0.0.1;for=1.2.3.4", `"\`, ",,;"} {
		f.Add(s)
	}
	p, err := LeerProxiesConfiables("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, cliente string) {
		for _, h := range []http.Header{
			{"X-Forwarded-For": {cliente + ", 203.0.113.7"}},
			{"X-Forwarded-For": {cliente, "203.0.113.7, 10.0.0.1"}},
			{"Forwarded": {cliente + ", for=203.0.113.7"}},
			{"Forwarded": {cliente, `for="203.0.113.7";proto=http, for=10.0.0.1`}},
		} {
			got, _ := p.origen(netip.MustParseAddrPort("127.0.0.1:5000"), h)
			if got.Addr() != netip.MustParseAddr("203.0.113.7") {
				t.Fatalf("%q: el cliente es %s", h, got)
			}
		}
	})
}
