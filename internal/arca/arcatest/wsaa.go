// Package arcatest is a fake ARCA the tests start: a real SOAP server over
// HTTPS (externotest) that checks what ARCA checks and answers as ARCA does.
package arcatest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"math/big"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/smallstep/pkcs7"

	"muelle/internal/externo/externotest"
)

// WSAA is a fake WSAA: loginCms verifies the CMS signature against the
// trusted certificate, reads the TRA and gives a ticket of Duracion for its
// service, refusing with coe.alreadyAuthenticated while the last one it gave
// for that service is valid, as WSAA does.
type WSAA struct {
	*externotest.Servidor
	// Ahora is the server's clock (the test's, to move it).
	Ahora    func() time.Time
	Duracion time.Duration

	confiables *x509.CertPool
	mu         sync.Mutex
	logins     int
	vigentes   map[string]time.Time // by service, the expiry of the last ticket given
	falla      string               // a faultcode to answer instead, when set
	demora     time.Duration
}

// IniciarWSAA starts a fake WSAA trusting cert, closed when the test ends.
func IniciarWSAA(t testing.TB, cert *x509.Certificate, ahora func() time.Time) *WSAA {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	w := &WSAA{Ahora: ahora, Duracion: 12 * time.Hour, confiables: pool, vigentes: map[string]time.Time{}}
	w.Servidor = externotest.Iniciar(t, http.HandlerFunc(w.servir))
	return w
}

// Logins is how many tickets the server gave.
func (w *WSAA) Logins() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.logins
}

// Fallar makes every login answer the SOAP fault codigo ("": none).
func (w *WSAA) Fallar(codigo string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.falla = codigo
}

// Demorar makes every login take d before answering.
func (w *WSAA) Demorar(d time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.demora = d
}

// Olvidar forgets the tickets given, as if they had expired.
func (w *WSAA) Olvidar() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.vigentes = map[string]time.Time{}
}

type pedido struct {
	In0 string `xml:"Body>loginCms>in0"`
}

type traRecibido struct {
	Expira  string `xml:"header>expirationTime"`
	Genera  string `xml:"header>generationTime"`
	Service string `xml:"service"`
}

func (w *WSAA) servir(rw http.ResponseWriter, r *http.Request) {
	cuerpo, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var p pedido
	if err != nil || r.Method != http.MethodPost || xml.Unmarshal(cuerpo, &p) != nil {
		fallar(rw, "xml.bad", "No se ha podido interpretar el XML")
		return
	}
	tra, codigo, texto := w.verificar(p.In0)
	if codigo != "" {
		fallar(rw, codigo, texto)
		return
	}
	w.mu.Lock()
	demora, falla := w.demora, w.falla
	w.mu.Unlock()
	select {
	case <-r.Context().Done():
		return
	case <-time.After(demora):
	}
	if falla != "" {
		fallar(rw, falla, "Falla pedida por la prueba")
		return
	}
	ahora := w.Ahora()
	w.mu.Lock()
	defer w.mu.Unlock()
	if ahora.Before(w.vigentes[tra.Service]) {
		fallar(rw, "coe.alreadyAuthenticated", "El CEE ya posee un TA valido para el acceso al WSN solicitado")
		return
	}
	w.logins++
	expira := ahora.Add(w.Duracion)
	w.vigentes[tra.Service] = expira
	ticket := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0">`+
		`<header><source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source><destination>muelle</destination>`+
		`<uniqueId>%d</uniqueId><generationTime>%s</generationTime><expirationTime>%s</expirationTime></header>`+
		`<credentials><token>token-%d</token><sign>sign-%d</sign></credentials></loginTicketResponse>`,
		w.logins, ahora.Format("2006-01-02T15:04:05.000-07:00"), expira.Format("2006-01-02T15:04:05.000-07:00"),
		w.logins, w.logins)
	rw.Header().Set("Content-Type", "text/xml; charset=utf-8")
	fmt.Fprintf(rw, `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">`+
		`<soapenv:Body><loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>%s</loginCmsReturn>`+
		`</loginCmsResponse></soapenv:Body></soapenv:Envelope>`, html.EscapeString(ticket))
}

// verificar checks the CMS (base64, its signature by a trusted certificate)
// and its TRA's times; a refusal is WSAA's faultcode and text.
func (w *WSAA) verificar(in0 string) (traRecibido, string, string) {
	var tra traRecibido
	der, err := base64.StdEncoding.DecodeString(in0)
	if err != nil {
		return tra, "cms.bad.base64", "Error al decodificar base64"
	}
	p7, err := pkcs7.Parse(der)
	if err != nil {
		return tra, "cms.bad", "CMS invalido"
	}
	if err := p7.VerifyWithChainAtTime(w.confiables, w.Ahora()); err != nil {
		return tra, "cms.cert.untrusted", "Certificado no emitido por AC de confianza: " + err.Error()
	}
	if xml.Unmarshal(p7.Content, &tra) != nil || tra.Service == "" {
		return tra, "xml.bad", "TRA invalido"
	}
	genera, err1 := time.Parse(time.RFC3339, tra.Genera)
	expira, err2 := time.Parse(time.RFC3339, tra.Expira)
	if err1 != nil || err2 != nil || w.Ahora().Before(genera) || w.Ahora().After(expira) {
		return tra, "xml.generationTime.invalid", "generationTime o expirationTime invalidos"
	}
	return tra, "", ""
}

func fallar(rw http.ResponseWriter, codigo, texto string) {
	rw.Header().Set("Content-Type", "text/xml; charset=utf-8")
	rw.WriteHeader(http.StatusInternalServerError)
	fmt.Fprintf(rw, `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">`+
		`<soapenv:Body><soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:%s</faultcode>`+
		`<faultstring>%s</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`, codigo, html.EscapeString(texto))
}

// Certificado is a new self-signed RSA certificate and key in PEM, as ARCA
// gives a company (subject CN and serialNumber "CUIT <cuit>"), valid from an
// hour ago until vence.
func Certificado(cn, cuit string, vence time.Time) (certPEM, clavePEM []byte, err error) {
	clave, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, nil, err
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:   pkix.Name{CommonName: cn, SerialNumber: "CUIT " + cuit, Organization: []string{"Muelle prueba"}},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: vence, BasicConstraintsValid: true, IsCA: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &clave.PublicKey, clave)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(clave)}), nil
}
