package certificados

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// raicesDe trusts the local CA in dir.
func raicesDe(t *testing.T, l Local) *x509.CertPool {
	t.Helper()
	pem, err := os.ReadFile(l.CA)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatal("la CA local no es PEM")
	}
	return pool
}

// TestCALocalFirmaNombresYDirecciones: the server certificate is valid, under
// the local CA, for every name and address given; a second run keeps the CA
// (devices that trust it go on trusting it) and the keys are private.
func TestCALocalFirmaNombresYDirecciones(t *testing.T) {
	dir := t.TempDir()
	ahora := time.Now()
	l, err := CrearLocal(dir, []string{"muelle.lan", "192.168.0.10"}, ahora)
	if err != nil {
		t.Fatal(err)
	}
	if !l.CANueva || len(l.Huella) != 64 {
		t.Fatalf("primera vez: CA nueva %v, huella %q", l.CANueva, l.Huella)
	}
	par, err := tls.LoadX509KeyPair(l.Cert, l.Clave)
	if err != nil {
		t.Fatal(err)
	}
	if len(par.Certificate) != 2 {
		t.Fatalf("la cadena tiene %d certificados; quiero el del servidor y la CA", len(par.Certificate))
	}
	hoja, _ := x509.ParseCertificate(par.Certificate[0])
	for _, nombre := range []string{"muelle.lan", "192.168.0.10"} {
		if _, err := hoja.Verify(x509.VerifyOptions{DNSName: nombre, Roots: raicesDe(t, l)}); err != nil {
			t.Errorf("%s: %v", nombre, err)
		}
	}
	if hoja.NotAfter.Sub(ahora) > vigenciaServidor {
		t.Errorf("el certificado dura más de 825 días: vence %v", hoja.NotAfter)
	}
	for _, clave := range []string{l.Clave, filepath.Join(dir, archivoClaveCA)} {
		if info, err := os.Stat(clave); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: permisos %v (%v); quiero 0600", clave, info.Mode().Perm(), err)
		}
	}
	otra, err := CrearLocal(dir, []string{"muelle.lan"}, ahora)
	if err != nil || otra.CANueva || otra.Huella != l.Huella {
		t.Fatalf("segunda vez: CA nueva %v, huella %q (antes %q), %v; quiero la misma CA", otra.CANueva, otra.Huella, l.Huella, err)
	}
}

// TestArchivosSeRecarganAlCambiar: replaced on disk, the next handshake gets
// the new certificate without a restart; a broken pair keeps the previous one
// in service, with the failure in the state; HTTP/2 is offered and TLS 1.1 refused.
func TestArchivosSeRecarganAlCambiar(t *testing.T) {
	dir := t.TempDir()
	l, a, addr := servirLocal(t, dir, time.Now())
	primero := servido(t, addr, "muelle.lan", raicesDe(t, l), 5*time.Second)
	if e := a.Estado(); e.Modo != ModoArchivos || !e.Vence.Equal(primero.NotAfter) || e.Dominios[0] != "muelle.lan" {
		t.Fatalf("estado = %+v", e)
	}

	if _, err := CrearLocal(dir, []string{"muelle.lan"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	segundo := servido(t, addr, "muelle.lan", raicesDe(t, l), 5*time.Second)
	if segundo.SerialNumber.Cmp(primero.SerialNumber) == 0 {
		t.Fatal("tras reemplazar los archivos se sigue sirviendo el certificado anterior")
	}

	if err := os.WriteFile(l.Cert, []byte("-----BEGIN CERTIFICATE-----\nroto"), 0o644); err != nil {
		t.Fatal(err)
	}
	if sigue := servido(t, addr, "muelle.lan", raicesDe(t, l), 5*time.Second); sigue.SerialNumber.Cmp(segundo.SerialNumber) != 0 {
		t.Fatal("un archivo roto reemplazó al certificado en servicio")
	}
	if a.Estado().Error == "" {
		t.Fatal("el estado no muestra que el archivo no se pudo cargar")
	}

	res, err := clienteHTTP2(raicesDe(t, l), addr).Get("https://muelle.lan/")
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.ProtoMajor != 2 || res.Header.Get("Strict-Transport-Security") == "" {
		t.Fatalf("protocolo %s, HSTS %q; quiero HTTP/2 con HSTS", res.Proto, res.Header.Get("Strict-Transport-Security"))
	}
	if c, err := tls.Dial("tcp", addr, &tls.Config{ServerName: "muelle.lan", RootCAs: raicesDe(t, l),
		MaxVersion: tls.VersionTLS11}); err == nil {
		_ = c.Close()
		t.Fatal("se aceptó TLS 1.1")
	}
}

// servirLocal makes a local CA and a certificate for muelle.lan in dir as of
// ahora and serves it from its files; it answers the files, the source and the address.
func servirLocal(t *testing.T, dir string, ahora time.Time) (Local, *Archivos, string) {
	t.Helper()
	l, err := CrearLocal(dir, []string{"muelle.lan"}, ahora)
	if err != nil {
		t.Fatal(err)
	}
	a, err := AbrirArchivos(l.Cert, l.Clave, registroDePrueba(t))
	if err != nil {
		t.Fatal(err)
	}
	ln, _ := escuchar(t)
	servirTLS(t, ln, a.TLSConfig())
	return l, a, ln.Addr().String()
}

// clienteHTTP2 reaches addr for any name, trusting raices, over HTTP/2 when offered.
func clienteHTTP2(raices *x509.CertPool, addr string) *http.Client {
	dial := func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: raices, MinVersion: tls.VersionTLS12},
		ForceAttemptHTTP2: true, DialContext: dial}
	return &http.Client{Transport: tr, Timeout: 5 * time.Second}
}

// TestNoSeSirveUnCertificadoVencido: the handshake fails rather than serve it.
func TestNoSeSirveUnCertificadoVencido(t *testing.T) {
	_, _, addr := servirLocal(t, t.TempDir(), time.Now().Add(-900*24*time.Hour))
	if c, err := tls.Dial("tcp", addr, &tls.Config{ServerName: "muelle.lan", InsecureSkipVerify: true}); err == nil {
		_ = c.Close()
		t.Fatal("se sirvió un certificado vencido")
	}
}
