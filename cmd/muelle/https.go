package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"

	"muelle/internal/api"
	"muelle/internal/certificados"
	"muelle/internal/store"
)

// opcionesHTTPS are how the server is reached: names for ACME certificates
// (--https, MUELLE_HTTPS_DOMINIO), or certificate files of its own
// (MUELLE_TLS_CERT and MUELLE_TLS_KEY), or neither (plain HTTP, perhaps
// behind a proxy); and where plain HTTP is redirected from (MUELLE_HTTP_ADDR;
// ":80" with ACME, which needs it for its challenge).
type opcionesHTTPS struct {
	dominios       []string
	directorio     string
	email          string
	cert, clave    string
	direccionPlana string
}

func (o opcionesHTTPS) activo() bool { return len(o.dominios) > 0 || o.cert != "" }

// leerOpcionesHTTPS reads the HTTPS settings; dominios is the --https flag's value.
func leerOpcionesHTTPS(dominios string) (opcionesHTTPS, error) {
	o := opcionesHTTPS{directorio: os.Getenv("MUELLE_ACME_DIRECTORIO"), email: os.Getenv("MUELLE_ACME_EMAIL"),
		cert: os.Getenv("MUELLE_TLS_CERT"), clave: os.Getenv("MUELLE_TLS_KEY"), direccionPlana: os.Getenv("MUELLE_HTTP_ADDR")}
	for _, d := range strings.Split(dominios, ",") {
		if d = strings.ToLower(strings.TrimSpace(d)); d != "" {
			o.dominios = append(o.dominios, d)
		}
	}
	switch {
	case len(o.dominios) > 0 && o.cert != "":
		return o, errors.New("use --https (certificados automáticos) o MUELLE_TLS_CERT y MUELLE_TLS_KEY (archivos propios), no los dos")
	case (o.cert == "") != (o.clave == ""):
		return o, errors.New("MUELLE_TLS_CERT y MUELLE_TLS_KEY van juntos: el certificado (cadena completa, PEM) y su clave")
	}
	for _, d := range o.dominios {
		if net.ParseIP(d) != nil || strings.ContainsAny(d, "/: ") {
			return o, fmt.Errorf("--https espera nombres de dominio públicos, no %q", d)
		}
	}
	if len(o.dominios) > 0 && o.direccionPlana == "" {
		o.direccionPlana = ":80"
	}
	return o, nil
}

// fuenteHTTPS starts the certificates' source (nil: plain HTTP).
func fuenteHTTPS(ctx context.Context, st *store.Store, o opcionesHTTPS, log *slog.Logger) (certificados.Fuente, error) {
	switch {
	case len(o.dominios) > 0:
		return certificados.IniciarACME(ctx, st, certificados.OpcionesACME{Dominios: o.dominios, Directorio: o.directorio,
			Email: o.email}, log)
	case o.cert != "":
		return certificados.AbrirArchivos(o.cert, o.clave, log)
	}
	return nil, nil
}

// estadoHTTPS is the service status' view of the source.
func estadoHTTPS(f certificados.Fuente) func() api.EstadoHTTPS {
	return func() api.EstadoHTTPS {
		e := f.Estado()
		return api.EstadoHTTPS{Modo: e.Modo, Dominios: e.Dominios, Vence: e.Vence, Error: e.Error}
	}
}

// servidorPlano redirects plain HTTP to HTTPS on the port of addrHTTPS and,
// with ACME, answers the CA's HTTP-01 challenges.
func servidorPlano(o opcionesHTTPS, addrHTTPS string, f certificados.Fuente) *http.Server {
	_, puerto, _ := net.SplitHostPort(addrHTTPS)
	var h http.Handler = certificados.Redirigir(puerto, o.dominios)
	if acme, ok := f.(*certificados.ACME); ok {
		h = acme.ManejadorHTTP(h)
	}
	return newHTTPServer(o.direccionPlana, h, defaultTimeouts)
}

// escuchar serves srv: over TLS with the source's configuration, else plain.
func escuchar(srv *http.Server, f certificados.Fuente) error {
	if f == nil {
		return srv.ListenAndServe()
	}
	srv.TLSConfig = f.TLSConfig()
	return srv.ListenAndServeTLS("", "")
}
