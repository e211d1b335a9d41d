package mensajeria

import (
	"context"
	"errors"
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
