package api

import (
	"context"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
)

// EstadoHTTPS is the certificate this instance serves HTTPS with: where it
// comes from ("acme" or "archivos"), its names, when it runs out (zero: none
// yet) and the technical detail of the last failure to obtain, renew or
// reload it.
type EstadoHTTPS struct {
	Modo     string
	Dominios []string
	Vence    time.Time
	Error    string
}

// Messages of the HTTPS card.
const (
	msgHTTPSValido     = "Certificado de %s válido hasta el %s"
	msgHTTPSSinCert    = "Sin certificado de %s todavía: se está pidiendo"
	msgHTTPSVencido    = "El certificado de %s venció el %s: renuévelo"
	msgHTTPSRenovFallo = "; la última renovación falló y se reintentará"
)

// comprobarHTTPS is the HTTPS card: up while a certificate in force is
// served; none registered (plain HTTP, perhaps behind a proxy) is not
// configured.
func (s *Server) comprobarHTTPS() ComprobarServicio {
	if s.Servicios.HTTPS == nil {
		return nil
	}
	return func(ctx context.Context) Comprobacion {
		e := s.Servicios.HTTPS()
		fechaDe := s.fechaDelSistema(ctx)
		nombres := strings.Join(e.Dominios, ", ")
		out := Comprobacion{Configurado: true, Detalle: e.Error}
		switch {
		case e.Vence.IsZero():
			out.Detalles = fmt.Sprintf(msgHTTPSSinCert, nombres)
		case s.Store.Now().After(e.Vence):
			out.Detalles = fmt.Sprintf(msgHTTPSVencido, nombres, fechaDe(e.Vence))
		default:
			out.Conectado = true
			out.Detalles = fmt.Sprintf(msgHTTPSValido, nombres, fechaDe(e.Vence))
			if e.Error != "" {
				out.Detalles += msgHTTPSRenovFallo
			}
		}
		return out
	}
}

// fechaDelSistema writes an instant's date as dd/mm/aaaa in the
// installation's time zone (UTC when it cannot be read).
func (s *Server) fechaDelSistema(ctx context.Context) func(time.Time) string {
	loc := time.UTC
	if cfg, err := s.Store.ConfiguracionSistema(ctx); err == nil {
		if l, err := time.LoadLocation(cfg.Timezone); err == nil {
			loc = l
		}
	}
	return func(t time.Time) string { return domain.FechaAR(t.In(loc).Format(time.DateOnly)) }
}
