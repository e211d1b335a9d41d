package externo

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"sync/atomic"
	"time"

	"muelle/internal/domain"
)

// Tiempos bound an outbound call; a zero field takes its default.
type Tiempos struct {
	Conexion    time.Duration // the TCP connection (10 s)
	TLS         time.Duration // the TLS handshake (10 s)
	Encabezados time.Duration // from the request sent to the answer's headers (30 s)
	Total       time.Duration // the whole call, the answer's body read included (60 s)
}

func (t Tiempos) conDefectos() Tiempos {
	return Tiempos{Conexion: cmp.Or(t.Conexion, 10*time.Second), TLS: cmp.Or(t.TLS, 10*time.Second),
		Encabezados: cmp.Or(t.Encabezados, 30*time.Second), Total: cmp.Or(t.Total, time.Minute)}
}

// ClienteHTTP is the one constructor of outbound HTTP clients: every
// connection through the guarded dialer (Dialer, unless the installation
// allows private addresses), r's TLS roots, each phase bounded by t, no
// proxy (it would dial the proxy, not the server the check must see), and no
// redirect followed (a 3xx is the answer: credentials never go to another
// host).
func (r Red) ClienteHTTP(t Tiempos) *http.Client {
	t = t.conDefectos()
	d := Dialer(r.PermitirPrivadas)
	d.Timeout = t.Conexion
	return &http.Client{
		Timeout: t.Total,
		Transport: &http.Transport{DialContext: d.DialContext, TLSClientConfig: r.configTLS(), ForceAttemptHTTP2: true,
			TLSHandshakeTimeout: t.TLS, ResponseHeaderTimeout: t.Encabezados, MaxIdleConnsPerHost: 4,
			IdleConnTimeout: time.Minute},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// MaxRespuestaPorDefecto bounds an answer's body when the service sets no bound.
const MaxRespuestaPorDefecto = 1 << 20

// Config is an outside service's client.
type Config struct {
	// Servicio names the service in the technical detail of a failure ("ARCA", "Mercado Pago").
	Servicio string
	// URL is the service's base URL, https://; tests give their fake server's.
	URL     string
	Red     Red
	Tiempos Tiempos
	// MaxRespuesta bounds an answer's body in bytes (0: MaxRespuestaPorDefecto).
	MaxRespuesta int64
}

// Cliente calls one outside service.
type Cliente struct {
	servicio     string
	base         *url.URL
	http         *http.Client
	maxRespuesta int64
}

// Nuevo is the client of the service c describes; its URL must be an
// absolute https:// URL without user, query or fragment.
func Nuevo(c Config) (*Cliente, error) {
	base, err := url.Parse(c.URL)
	if err != nil || base.Scheme != "https" || base.Host == "" || base.User != nil || base.RawQuery != "" ||
		base.Fragment != "" {
		return nil, fmt.Errorf("externo: la URL de %s debe ser https:// sin usuario, consulta ni fragmento: %q",
			c.Servicio, c.URL)
	}
	base.Path = cmp.Or(base.Path, "/") // the routes join below a rooted path
	return &Cliente{servicio: c.Servicio, base: base, http: c.Red.ClienteHTTP(c.Tiempos),
		maxRespuesta: cmp.Or(c.MaxRespuesta, MaxRespuestaPorDefecto)}, nil
}

// Pedido is one request to the service.
type Pedido struct {
	Metodo      string // GET when empty
	Ruta        string // below the base URL: "/v1/orders" (its query goes in Consulta)
	Consulta    url.Values
	Encabezados http.Header
	Cuerpo      []byte
}

// Respuesta is the service's answer, its body read whole.
type Respuesta struct {
	Status      int
	Encabezados http.Header
	Cuerpo      []byte
}

// Hacer sends p and reads the answer (at most the client's MaxRespuesta
// bytes). Every error is an *Error; for an answer outside 2xx the Respuesta
// comes with it, for the service to read its own error out of it (a SOAP
// fault, a JSON error).
func (c *Cliente) Hacer(ctx context.Context, p Pedido) (*Respuesta, error) {
	u := c.base.JoinPath(p.Ruta)
	u.RawQuery = p.Consulta.Encode()
	metodo := cmp.Or(p.Metodo, http.MethodGet)
	destino := fmt.Sprintf("%s %s %s://%s%s", c.servicio, metodo, u.Scheme, u.Host, u.Path)
	var enviado atomic.Bool
	req, err := http.NewRequestWithContext(alEnviar(ctx, &enviado), metodo, u.String(), bytes.NewReader(p.Cuerpo))
	if err != nil {
		return nil, errorDeRed(destino, err, false)
	}
	maps.Copy(req.Header, p.Encabezados)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, errorDeRed(destino, err, enviado.Load())
	}
	defer resp.Body.Close()
	return c.leer(destino, resp)
}

// alEnviar is ctx marking enviado once the request was written whole.
func alEnviar(ctx context.Context, enviado *atomic.Bool) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{WroteRequest: func(w httptrace.WroteRequestInfo) {
		if w.Err == nil {
			enviado.Store(true)
		}
	}})
}

// leer reads the answer's body within the bound; an answer outside 2xx is
// also an error.
func (c *Cliente) leer(destino string, resp *http.Response) (*Respuesta, error) {
	cuerpo, err := io.ReadAll(io.LimitReader(resp.Body, c.maxRespuesta+1))
	if err != nil {
		return nil, errorDeRed(destino, err, true)
	}
	if int64(len(cuerpo)) > c.maxRespuesta {
		return nil, &Error{Categoria: domain.MsgServicioError, Status: resp.StatusCode, Enviado: true,
			Detalle: fmt.Errorf("%s: la respuesta supera %d bytes", destino, c.maxRespuesta)}
	}
	r := &Respuesta{Status: resp.StatusCode, Encabezados: resp.Header, Cuerpo: cuerpo}
	if r.Status < 200 || r.Status > 299 {
		return r, errorDeStatus(destino, r)
	}
	return r, nil
}
