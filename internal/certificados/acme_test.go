package certificados

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/letsencrypt/pebble/v2/ca"
	"github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"
	"github.com/miekg/dns"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// pebble is a real ACME server (Let's Encrypt's test server) in the test's
// process: it validates the challenges over the network, at the ports given,
// resolving every name to 127.0.0.1 through a DNS server of the test's own.
type pebble struct {
	srv     *httptest.Server
	ca      *ca.CAImpl
	ordenes atomic.Int64 // new orders: how many times a certificate was asked for
}

func iniciarPebble(t *testing.T, puertoHTTP, puertoTLS int, vigencia time.Duration) *pebble {
	t.Helper()
	registro := log.New(io.Discard, "", 0)
	memoria := db.NewMemoryStore()
	p := &pebble{ca: ca.New(registro, memoria, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {ValidityPeriod: uint64(vigencia / time.Second)}})}
	validador := va.New(registro, puertoHTTP, puertoTLS, false, dnsDePrueba(t), memoria)
	frente := wfe.New(registro, memoria, validador, p.ca, []string{"pebble.letsencrypt.org"}, false, false, 0, 0)
	manejador := frente.Handler()
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/order-plz" {
			p.ordenes.Add(1)
		}
		manejador.ServeHTTP(w, r)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// raiz is the pool that trusts the certificates Pebble issues.
func (p *pebble) raiz() *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AddCert(p.ca.GetRootCert(0).Cert)
	return pool
}

// raizDelServidor trusts Pebble's own HTTPS address (the ACME directory).
func (p *pebble) raizDelServidor() *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AddCert(p.srv.Certificate())
	return pool
}

// dnsDePrueba answers every A query with 127.0.0.1 (over TCP, as Pebble asks).
func dnsDePrueba(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: ln, Handler: dns.HandlerFunc(func(w dns.ResponseWriter, q *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(q)
		for _, p := range q.Question {
			if p.Qtype == dns.TypeA {
				m.Answer = append(m.Answer, &dns.A{A: net.IPv4(127, 0, 0, 1),
					Hdr: dns.RR_Header{Name: p.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60}})
			}
		}
		_ = w.WriteMsg(m)
	})}
	go func() { _ = srv.ActivateAndServe() }()
	t.Cleanup(func() { _ = srv.Shutdown() })
	return ln.Addr().String()
}

// escuchar opens a loopback listener and tells its port.
func escuchar(t *testing.T) (net.Listener, int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln, ln.Addr().(*net.TCPAddr).Port
}

// servirTLS serves a plain answer over HTTPS with cfg on ln until the test ends.
func servirTLS(t *testing.T, ln net.Listener, cfg *tls.Config) {
	srv := &http.Server{TLSConfig: cfg, ReadHeaderTimeout: 5 * time.Second, ErrorLog: log.New(io.Discard, "", 0),
		Handler: ConHSTS(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") }))}
	go func() { _ = srv.ServeTLS(ln, "", "") }()
	t.Cleanup(func() { _ = srv.Close() })
}

// servido is the certificate a TLS client gets at addr for nombre, checked
// against raices; it waits up to espera for one.
func servido(t *testing.T, addr, nombre string, raices *x509.CertPool, espera time.Duration) *x509.Certificate {
	t.Helper()
	var ultimo error
	for fin := time.Now().Add(espera); time.Now().Before(fin); time.Sleep(200 * time.Millisecond) {
		c, err := tls.DialWithDialer(&net.Dialer{Timeout: 2 * time.Second}, "tcp", addr,
			&tls.Config{ServerName: nombre, RootCAs: raices, MinVersion: tls.VersionTLS12})
		if err != nil {
			ultimo = err
			continue
		}
		cert := c.ConnectionState().PeerCertificates[0]
		_ = c.Close()
		return cert
	}
	t.Fatalf("%s no sirvió un certificado válido para %s: %v", addr, nombre, ultimo)
	return nil
}

func registroDePrueba(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

var corridas atomic.Int64

// TestACMEObtieneComparteYRenueva: two instances on one database started at
// once ask the CA once, serve the same certificate, answer the challenges
// and redirect plain HTTP; a renewal gets a new certificate, and a renewal
// that fails leaves the old one in service with the failure in the state.
func TestACMEObtieneComparteYRenueva(t *testing.T) {
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0")
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		// a name of its own: certmagic keeps its jobs and challenges per name, process-wide
		nombre := fmt.Sprintf("%s-%d.muelle.prueba", t.Name()[strings.LastIndex(t.Name(), "/")+1:], corridas.Add(1))
		lnHTTP, puertoHTTP := escuchar(t)
		lnA, puertoTLS := escuchar(t)
		lnB, _ := escuchar(t)
		const vigencia = 15 * time.Second
		p := iniciarPebble(t, puertoHTTP, puertoTLS, vigencia)
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		op := OpcionesACME{Dominios: []string{nombre}, Directorio: p.srv.URL + "/dir", Email: "admin@muelle.prueba",
			RaicesCA: p.raizDelServidor(), PuertoHTTP: puertoHTTP, PuertoTLS: puertoTLS, RevisarCada: time.Second}
		var a, b *ACME
		var wg sync.WaitGroup
		for _, m := range []**ACME{&a, &b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if *m, err = IniciarACME(ctx, st, op, registroDePrueba(t)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if t.Failed() {
			return
		}
		plano := &http.Server{Handler: a.ManejadorHTTP(Redirigir(strconv.Itoa(puertoTLS), op.Dominios)),
			ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = plano.Serve(lnHTTP) }()
		t.Cleanup(func() { _ = plano.Close() })
		servirTLS(t, lnA, a.TLSConfig())
		servirTLS(t, lnB, b.TLSConfig())

		certA := servido(t, lnA.Addr().String(), nombre, p.raiz(), time.Minute)
		certB := servido(t, lnB.Addr().String(), nombre, p.raiz(), time.Minute)
		if certA.SerialNumber.Cmp(certB.SerialNumber) != 0 {
			t.Fatalf("las instancias sirven certificados distintos: %v y %v", certA.SerialNumber, certB.SerialNumber)
		}
		if n := p.ordenes.Load(); n != 1 {
			t.Fatalf("la CA recibió %d pedidos de certificado; quiero 1 (una instancia pide, la otra lo lee de la base)", n)
		}
		if e := a.Estado(); !e.Vence.Equal(certA.NotAfter) || e.Error != "" || e.Modo != ModoACME {
			t.Fatalf("estado = %+v; quiero vence %v sin error", e, certA.NotAfter)
		}

		comprobarRedireccion(t, lnHTTP.Addr().String(), nombre, "https://"+nombre+":"+strconv.Itoa(puertoTLS)+"/venta?x=1")

		// renewed before it runs out, by both instances (each from the CA or from the database)
		renovado := otroServido(t, lnA.Addr().String(), nombre, p.raiz(), certA)
		otroServido(t, lnB.Addr().String(), nombre, p.raiz(), certA)
		if n := p.ordenes.Load(); n < 2 {
			t.Fatalf("la CA recibió %d pedidos tras la renovación; quiero 2 o más", n)
		}

		// the CA is gone: the renewal fails, is shown, and the certificate is served until it runs out, never after
		p.srv.Close()
		// (in one process, certmagic runs one renewal job per name: the failure may be either instance's)
		esperar(t, time.Until(renovado.NotAfter), "el error de renovación en el estado", func() bool {
			return a.Estado().Error != "" || b.Estado().Error != ""
		})
		if e := a.Estado(); !e.Vence.Equal(renovado.NotAfter) {
			t.Fatalf("tras una renovación fallida el estado es %+v; quiero el certificado vigente", e)
		}
		time.Sleep(time.Until(renovado.NotAfter.Add(1500 * time.Millisecond)))
		if _, err := tls.Dial("tcp", lnA.Addr().String(), &tls.Config{ServerName: nombre, RootCAs: p.raiz(),
			MinVersion: tls.VersionTLS12, InsecureSkipVerify: true}); err == nil {
			t.Fatal("se sirvió un certificado vencido")
		}
	})
}

// otroServido waits for addr to serve a certificate other than antes.
func otroServido(t *testing.T, addr, nombre string, raices *x509.CertPool, antes *x509.Certificate) *x509.Certificate {
	t.Helper()
	var c *x509.Certificate
	esperar(t, time.Until(antes.NotAfter), "un certificado renovado en "+addr, func() bool {
		c = servido(t, addr, nombre, raices, 5*time.Second)
		return c.SerialNumber.Cmp(antes.SerialNumber) != 0
	})
	return c
}

// esperar polls cond until it holds, up to plazo.
func esperar(t *testing.T, plazo time.Duration, que string, cond func() bool) {
	t.Helper()
	for fin := time.Now().Add(plazo); time.Now().Before(fin); time.Sleep(250 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("no llegó %s en %v", que, plazo)
}

// comprobarRedireccion: a plain-HTTP request is redirected to the same path over HTTPS.
func comprobarRedireccion(t *testing.T, addr, nombre, quiero string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/venta?x=1", nil)
	req.Host = nombre
	cliente := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := cliente.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusPermanentRedirect || res.Header.Get("Location") != quiero {
		t.Fatalf("HTTP respondió %d %q; quiero 308 a %q", res.StatusCode, res.Header.Get("Location"), quiero)
	}
}
