package mensajeria

import (
	"context"
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/mensajeria/smtptest"
	"muelle/internal/store"
)

func TestEsperaDoublesUpToAnHour(t *testing.T) {
	for n, want := range map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 8: time.Hour, 20: time.Hour} {
		if got := Espera(n); got != want {
			t.Errorf("Espera(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestPlantillaEscapesEveryValueAndRefusesUnknownVariables(t *testing.T) {
	tpl, err := CompilarPlantilla(`<p title="{{nombre_pasajero}}">{{ nombre_pasajero }}</p><img src="{{codigo_qr}}">`)
	if err != nil {
		t.Fatal(err)
	}
	html, err := RenderPasajes(tpl, []DatosPasaje{{NombrePasajero: `<script>"x"</script>`, CID: "qr-1@muelle"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;") || !strings.Contains(html, `src="cid:qr-1@muelle"`) {
		t.Fatalf("render: %s", html)
	}
	if _, err := CompilarPlantilla("{{empresa}}"); err == nil || err.Error() != "la variable {{empresa}} no existe" {
		t.Fatalf("variable desconocida: %v", err)
	}
	if _, err := CompilarPlantilla(PlantillaPorDefecto); err != nil {
		t.Fatalf("plantilla por defecto: %v", err)
	}
}

// TestSMTPClassifiesTheServerAnswers sends through a real server over STARTTLS
// and implicit TLS: 4xx is temporary, 5xx permanent, and a server that is not
// there is temporary; each error reads as its category.
func TestSMTPClassifiesTheServerAnswers(t *testing.T) {
	for _, implicito := range []bool{false, true} {
		srv, err := smtptest.Iniciar("u@muelle.test", "clave", implicito)
		if err != nil {
			t.Fatal(err)
		}
		canal := SMTP{TLS: srv.Cliente, PermitirPrivadas: true, Config: store.ConfigEmail{Host: srv.Host,
			Puerto: srv.Port, Seguro: implicito, Usuario: "u@muelle.test", Password: "clave", EmailRemitente: "u@muelle.test"}}
		m := Mensaje{Destino: "ana@example.com", Asunto: "Hola", HTML: "<p>Hola</p>"}
		ctx := context.Background()
		srv.Rechazar(421, "Ocupado")
		if err := canal.Enviar(ctx, m); !EsTemporal(err) || err.Error() != domain.MsgCorreoRechazado {
			t.Fatalf("421 (implícito %v): %v", implicito, err)
		}
		srv.Rechazar(554, "Rechazado")
		err = canal.Enviar(ctx, m)
		if err == nil || EsTemporal(err) || err.Error() != domain.MsgCorreoRechazado ||
			!strings.Contains(Detalle(err).Error(), "554") {
			t.Fatalf("554 (implícito %v): %v (%v)", implicito, err, Detalle(err))
		}
		if err := canal.Enviar(ctx, m); err != nil || len(srv.Recibidos()) != 1 {
			t.Fatalf("envío (implícito %v): %v, recibidos %d", implicito, err, len(srv.Recibidos()))
		}
		malaClave := canal
		malaClave.Config.Password = "otra"
		if err := malaClave.Enviar(ctx, m); err == nil || EsTemporal(err) || err.Error() != domain.MsgCorreoCredenciales {
			t.Fatalf("clave errónea (implícito %v): %v", implicito, err)
		}
		_ = srv.Cerrar()
		if err := canal.Enviar(ctx, m); !EsTemporal(err) || err.Error() != domain.MsgCorreoSinConexion {
			t.Fatalf("servidor caído (implícito %v): %v", implicito, err)
		}
	}
	if EsTemporal(errors.New("x")) || !EsTemporal(Temporal(errors.New("x"))) || Temporal(nil) != nil {
		t.Fatal("Temporal")
	}
}

// TestTLSConCATrustsTheNamedCertificates: MUELLE_SMTP_CA's file makes a server
// with a private certificate trusted (the host name checked as usual); without
// it the same server is refused; a file without certificates is an error.
func TestTLSConCATrustsTheNamedCertificates(t *testing.T) {
	srv, err := smtptest.Iniciar("u@muelle.test", "clave", false)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Cerrar()
	dir := t.TempDir()
	ca, basura := filepath.Join(dir, "ca.pem"), filepath.Join(dir, "basura.pem")
	if os.WriteFile(ca, srv.CA, 0o600) != nil || os.WriteFile(basura, []byte("no es un certificado"), 0o600) != nil {
		t.Fatal("escribir archivos")
	}
	if _, err := TLSConCA(basura); err == nil {
		t.Fatal("un archivo sin certificados fue aceptado")
	}
	conf, err := TLSConCA(ca)
	if err != nil {
		t.Fatal(err)
	}
	cfg := store.ConfigEmail{Host: srv.Host, Puerto: srv.Port, Usuario: "u@muelle.test", Password: "clave",
		EmailRemitente: "u@muelle.test"}
	m := Mensaje{Destino: "ana@example.com", Asunto: "Hola", HTML: "<p>Hola</p>"}
	err = (SMTP{Config: cfg, PermitirPrivadas: true}).Enviar(context.Background(), m)
	if err == nil || EsTemporal(err) || err.Error() != domain.MsgCorreoCertificado {
		t.Fatalf("un certificado desconocido sin MUELLE_SMTP_CA: %v", err)
	}
	if err := (SMTP{Config: cfg, TLS: conf, PermitirPrivadas: true}).Enviar(context.Background(), m); err != nil ||
		len(srv.Recibidos()) != 1 {
		t.Fatalf("con la CA: %v, recibidos %d", err, len(srv.Recibidos()))
	}
}

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
		if got := DireccionPublica(netip.MustParseAddr(ip)); got != want {
			t.Errorf("DireccionPublica(%s) = %v, want %v", ip, got, want)
		}
	}
}

// TestSMTPRefusesPrivateAddressesAndOtherPorts: without the installation's
// allowance the channel refuses a port outside domain.PuertosSMTP before
// connecting, and refuses a loopback address when it dials it, also behind a
// name (localhost) resolved at that moment; a refusal is permanent and its
// message names no address. A server without STARTTLS is refused too.
func TestSMTPRefusesPrivateAddressesAndOtherPorts(t *testing.T) {
	srv, err := smtptest.Iniciar("u@muelle.test", "clave", false)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Cerrar()
	m := Mensaje{Destino: "ana@example.com", Asunto: "Hola", HTML: "<p>Hola</p>"}
	cfg := store.ConfigEmail{Host: srv.Host, Puerto: srv.Port, Usuario: "u@muelle.test", Password: "clave",
		EmailRemitente: "u@muelle.test"}
	enviar := func(host string, puerto int, seguro, privadas bool) error {
		c := cfg
		c.Host, c.Puerto, c.Seguro = host, puerto, seguro
		return SMTP{Config: c, TLS: srv.Cliente, PermitirPrivadas: privadas}.Enviar(context.Background(), m)
	}
	cases := []struct {
		host   string
		puerto int
		seguro bool
		want   string
	}{
		{srv.Host, srv.Port, false, domain.MsgEmailPuertoNoPermitido},
		{"127.0.0.1", 587, false, domain.MsgCorreoDireccion},
		{"localhost", 25, false, domain.MsgCorreoDireccion},
		{"[::1]", 465, true, domain.MsgCorreoDireccion},
		{"169.254.169.254", 2525, false, domain.MsgCorreoDireccion},
	}
	for _, tc := range cases {
		err := enviar(tc.host, tc.puerto, tc.seguro, false)
		if err == nil || EsTemporal(err) || err.Error() != tc.want {
			t.Errorf("%s:%d: %v, want %q", tc.host, tc.puerto, err, tc.want)
		}
	}
	if n := len(srv.Recibidos()); n != 0 {
		t.Fatalf("llegaron %d mails sin permiso", n)
	}
	if err := enviar(srv.Host, srv.Port, false, true); err != nil || len(srv.Recibidos()) != 1 {
		t.Fatalf("con el permiso de la instalación: %v", err)
	}
	plano, err := smtptest.IniciarSinTLS("u@muelle.test", "clave")
	if err != nil {
		t.Fatal(err)
	}
	defer plano.Cerrar()
	err = enviar(plano.Host, plano.Port, false, true)
	if err == nil || EsTemporal(err) || err.Error() != domain.MsgCorreoSinSTARTTLS || len(plano.Recibidos()) != 0 {
		t.Fatalf("servidor sin STARTTLS: %v", err)
	}
}
