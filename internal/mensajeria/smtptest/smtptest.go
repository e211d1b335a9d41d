// Package smtptest is a real SMTP server (emersion/go-smtp) on 127.0.0.1 for
// tests and the end-to-end helper: STARTTLS, implicit TLS or no TLS, with a
// certificate of its own, AUTH PLAIN, the mails it received, and answers to
// refuse the next mails with (4xx, 5xx).
package smtptest

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"muelle/internal/externo/externotest"
)

// Recibido is one mail the server accepted.
type Recibido struct {
	De    string
	Para  []string
	Datos []byte
}

// Servidor is a running SMTP server.
type Servidor struct {
	Host string
	Port int
	// Cliente is the TLS configuration that trusts the server's certificate;
	// CA is that certificate in PEM (what MUELLE_SMTP_CA would name).
	Cliente           *tls.Config
	CA                []byte
	Usuario, Password string

	srv       *smtp.Server
	mu        sync.Mutex
	recibidos []Recibido
	rechazos  []*smtp.SMTPError
}

// modo is how a server speaks TLS.
type modo int

const (
	conSTARTTLS modo = iota
	tlsImplicito
	sinTLS
)

// Iniciar starts a server on 127.0.0.1 (a free port) that wants usuario and
// password; implicitTLS: the connection is TLS from the start (port 465
// style), otherwise plain with STARTTLS (587 style).
func Iniciar(usuario, password string, implicitTLS bool) (*Servidor, error) {
	if implicitTLS {
		return iniciar(usuario, password, tlsImplicito)
	}
	return iniciar(usuario, password, conSTARTTLS)
}

// IniciarSinTLS starts a server like Iniciar that offers no TLS at all (no
// STARTTLS): a client that insists on TLS must give up.
func IniciarSinTLS(usuario, password string) (*Servidor, error) {
	return iniciar(usuario, password, sinTLS)
}

func iniciar(usuario, password string, m modo) (*Servidor, error) {
	cert, ca, err := externotest.Certificado()
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert.Leaf)
	s := &Servidor{Host: "127.0.0.1", Usuario: usuario, Password: password,
		Cliente: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}, CA: ca}
	serverTLS := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sesion{s: s}, nil }))
	s.srv.Domain = "localhost"
	if m != sinTLS {
		s.srv.TLSConfig = serverTLS
	}
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv.MaxMessageBytes = 30 << 20
	var l net.Listener
	if m == tlsImplicito {
		l, err = tls.Listen("tcp", "127.0.0.1:0", serverTLS)
	} else {
		l, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		return nil, err
	}
	s.Port = l.Addr().(*net.TCPAddr).Port
	go func() { _ = s.srv.Serve(l) }()
	return s, nil
}

// Cerrar stops the server.
func (s *Servidor) Cerrar() error { return s.srv.Close() }

// Rechazar makes the server refuse the next mails, one answer each (code 4xx
// or 5xx with message).
func (s *Servidor) Rechazar(code int, mensaje string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rechazos = append(s.rechazos, &smtp.SMTPError{Code: code, Message: mensaje})
}

// Recibidos are the mails accepted so far.
func (s *Servidor) Recibidos() []Recibido {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Recibido(nil), s.recibidos...)
}

type sesion struct {
	s      *Servidor
	auth   bool
	actual Recibido
}

func (se *sesion) AuthMechanisms() []string { return []string{sasl.Plain} }

func (se *sesion) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, usuario, password string) error {
		if usuario != se.s.Usuario || password != se.s.Password {
			return &smtp.SMTPError{Code: 535, Message: "Credenciales inválidas"}
		}
		se.auth = true
		return nil
	}), nil
}

func (se *sesion) Mail(from string, _ *smtp.MailOptions) error {
	if !se.auth && se.s.Usuario != "" {
		return smtp.ErrAuthRequired
	}
	se.s.mu.Lock()
	defer se.s.mu.Unlock()
	if len(se.s.rechazos) > 0 {
		err := se.s.rechazos[0]
		se.s.rechazos = se.s.rechazos[1:]
		return err
	}
	se.actual = Recibido{De: from}
	return nil
}

func (se *sesion) Rcpt(to string, _ *smtp.RcptOptions) error {
	se.actual.Para = append(se.actual.Para, to)
	return nil
}

func (se *sesion) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	se.actual.Datos = b
	se.s.mu.Lock()
	defer se.s.mu.Unlock()
	se.s.recibidos = append(se.s.recibidos, se.actual)
	return nil
}

func (se *sesion) Reset()        { se.actual = Recibido{} }
func (se *sesion) Logout() error { return nil }

// Contiene reports whether any received mail's raw data holds b.
func (s *Servidor) Contiene(b []byte) bool {
	for _, r := range s.Recibidos() {
		if bytes.Contains(r.Datos, b) {
			return true
		}
	}
	return false
}
