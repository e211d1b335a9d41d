package mensajeria

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// there is temporary.
func TestSMTPClassifiesTheServerAnswers(t *testing.T) {
	for _, implicito := range []bool{false, true} {
		srv, err := smtptest.Iniciar("u@muelle.test", "clave", implicito)
		if err != nil {
			t.Fatal(err)
		}
		canal := SMTP{TLS: srv.Cliente, Config: store.ConfigEmail{Host: srv.Host, Puerto: srv.Port, Seguro: implicito,
			Usuario: "u@muelle.test", Password: "clave", EmailRemitente: "u@muelle.test"}}
		m := Mensaje{Destino: "ana@example.com", Asunto: "Hola", HTML: "<p>Hola</p>"}
		ctx := context.Background()
		srv.Rechazar(421, "Ocupado")
		if err := canal.Enviar(ctx, m); !EsTemporal(err) {
			t.Fatalf("421 (implícito %v): %v", implicito, err)
		}
		srv.Rechazar(554, "Rechazado")
		if err := canal.Enviar(ctx, m); err == nil || EsTemporal(err) {
			t.Fatalf("554 (implícito %v): %v", implicito, err)
		}
		if err := canal.Enviar(ctx, m); err != nil || len(srv.Recibidos()) != 1 {
			t.Fatalf("envío (implícito %v): %v, recibidos %d", implicito, err, len(srv.Recibidos()))
		}
		_ = srv.Cerrar()
		if err := canal.Enviar(ctx, m); !EsTemporal(err) {
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
	if err := (SMTP{Config: cfg}).Enviar(context.Background(), m); err == nil {
		t.Fatal("un certificado desconocido fue aceptado sin MUELLE_SMTP_CA")
	}
	if err := (SMTP{Config: cfg, TLS: conf}).Enviar(context.Background(), m); err != nil || len(srv.Recibidos()) != 1 {
		t.Fatalf("con la CA: %v, recibidos %d", err, len(srv.Recibidos()))
	}
}
