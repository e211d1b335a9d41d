package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"muelle/internal/certificados"
)

// puertoLibre is a loopback address nobody listens on right now.
func puertoLibre(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// clienteHacia reaches addr for any name, trusting the CA file, without following redirects.
func clienteHacia(t *testing.T, ca, addr string) *http.Client {
	t.Helper()
	pem, err := os.ReadFile(ca)
	if err != nil {
		t.Fatal(err)
	}
	raices := x509.NewCertPool()
	raices.AppendCertsFromPEM(pem)
	dial := func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	return &http.Client{Timeout: 5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{DialContext: dial, ForceAttemptHTTP2: true,
			TLSClientConfig: &tls.Config{RootCAs: raices, MinVersion: tls.VersionTLS12}}}
}

// TestServirPorHTTPSConLaCALocal: `muelle tls local` writes a CA and a
// certificate and says how to install the CA; the server given them through
// MUELLE_TLS_CERT and MUELLE_TLS_KEY answers over HTTPS (HTTP/2, HSTS) at the
// name, redirects plain HTTP to it, and stops when asked.
func TestServirPorHTTPSConLaCALocal(t *testing.T) {
	dir := t.TempDir()
	var salida bytes.Buffer
	if err := tlsCmd([]string{"local", "--nombres", "muelle.lan, 192.168.0.10", "--destino", dir}, &salida); err != nil {
		t.Fatal(err)
	}
	for _, quiero := range []string{"MUELLE_TLS_CERT=" + filepath.Join(dir, certificados.ArchivoServidor),
		"Android", "Windows", "iOS", "Huella SHA-256"} {
		if !strings.Contains(salida.String(), quiero) {
			t.Fatalf("las instrucciones no dicen %q:\n%s", quiero, salida.String())
		}
	}
	plana := puertoLibre(t)
	t.Setenv("MUELLE_TLS_CERT", filepath.Join(dir, certificados.ArchivoServidor))
	t.Setenv("MUELLE_TLS_KEY", filepath.Join(dir, certificados.ArchivoClaveLocal))
	t.Setenv("MUELLE_HTTP_ADDR", plana)
	o, err := leerOpcionesHTTPS("")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	fuente, err := fuenteHTTPS(context.Background(), nil, o, log)
	if err != nil {
		t.Fatal(err)
	}
	segura := puertoLibre(t)
	ctx, cancel := context.WithCancel(context.Background())
	termino := make(chan error, 1)
	app := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "muelle") })
	go func() {
		termino <- servir(ctx, log, "sqlite", func() {}, newHTTPServer(segura, certificados.ConHSTS(app), defaultTimeouts), o, fuente)
	}()

	ca := filepath.Join(dir, certificados.ArchivoCA)
	res := reintentarGet(t, clienteHacia(t, ca, segura), "https://muelle.lan/venta")
	if res.StatusCode != http.StatusOK || res.ProtoMajor != 2 || res.Header.Get("Strict-Transport-Security") == "" {
		t.Fatalf("HTTPS: %d %s, HSTS %q", res.StatusCode, res.Proto, res.Header.Get("Strict-Transport-Security"))
	}
	_, puertoSeguro, _ := net.SplitHostPort(segura)
	_, puertoPlano, _ := net.SplitHostPort(plana)
	res = reintentarGet(t, clienteHacia(t, ca, plana), "http://muelle.lan:"+puertoPlano+"/venta?x=1")
	if quiero := "https://muelle.lan:" + puertoSeguro + "/venta?x=1"; res.StatusCode != http.StatusPermanentRedirect ||
		res.Header.Get("Location") != quiero {
		t.Fatalf("HTTP: %d %q; quiero 308 a %q", res.StatusCode, res.Header.Get("Location"), quiero)
	}

	cancel()
	select {
	case err := <-termino:
		if err != nil {
			t.Fatalf("al cerrar: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("el servidor no se cerró")
	}
}

// reintentarGet waits up to 5 s for the server to listen.
func reintentarGet(t *testing.T, c *http.Client, url string) *http.Response {
	t.Helper()
	var err error
	for fin := time.Now().Add(5 * time.Second); time.Now().Before(fin); time.Sleep(50 * time.Millisecond) {
		var res *http.Response
		if res, err = c.Get(url); err == nil {
			_ = res.Body.Close()
			return res
		}
	}
	t.Fatalf("GET %s: %v", url, err)
	return nil
}

func TestOpcionesHTTPSRechazanLoQueNoSirve(t *testing.T) {
	for _, c := range []struct {
		nombre, dominios, cert, clave, quiero string
	}{
		{"los dos modos", "muelle.com.ar", "a.crt", "a.key", "no los dos"},
		{"certificado sin clave", "", "a.crt", "", "van juntos"},
		{"una dirección IP", "192.168.0.10", "", "", "no \"192.168.0.10\""},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			t.Setenv("MUELLE_TLS_CERT", c.cert)
			t.Setenv("MUELLE_TLS_KEY", c.clave)
			if _, err := leerOpcionesHTTPS(c.dominios); err == nil || !strings.Contains(err.Error(), c.quiero) {
				t.Fatalf("error %v; quiero uno que diga %q", err, c.quiero)
			}
		})
	}
	t.Setenv("MUELLE_TLS_CERT", "")
	t.Setenv("MUELLE_TLS_KEY", "")
	t.Setenv("MUELLE_HTTP_ADDR", "")
	o, err := leerOpcionesHTTPS(" Muelle.com.ar , www.muelle.com.ar")
	if err != nil || strings.Join(o.dominios, ",") != "muelle.com.ar,www.muelle.com.ar" || o.direccionPlana != ":80" {
		t.Fatalf("opciones = %+v, %v", o, err)
	}
	if got := urlPublica(":443", o); got != "https://muelle.com.ar" {
		t.Fatalf("url pública %q", got)
	}
}
