// Package api is the HTTP layer: the route table, the envelope, authentication
// and authorization middleware, one file per resource, and the SPA.
package api

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"muelle/internal/cobros"
	"muelle/internal/mercadopago"
	"net"
	"net/http"
	"strings"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/mensajeria"
	"muelle/internal/realtime"
	"muelle/internal/store"
	"muelle/internal/webhooks"
)

// Server holds what the handlers need.
type Server struct {
	Store *store.Store
	Auth  *auth.Service
	Log   *slog.Logger
	// App is the built web app (index.html at its root); nil serves a notice.
	App fs.FS
	// Limits bound the concurrent requests; the zero value has no limit.
	Limits Limits
	// Email sends the e-mail tests (the outbox worker is woken by the store,
	// once the transaction that queued a message has committed).
	Email mensajeria.Email
	// Push is how the browsers' push services are reached: the subscriptions'
	// endpoints are checked against it (the push worker is woken by the store).
	Push mensajeria.RedPush
	// WhatsApp links and drives the companies' WhatsApp devices (nil: this
	// server runs none and refuses the calls that need it).
	WhatsApp WhatsApp
	// MercadoPago is how the companies' Mercado Pago accounts are reached
	// (its API's URL and the outside network's rules).
	MercadoPago mercadopago.Red
	// Cobros runs the payments of the sales charged with Mercado Pago QR.
	Cobros *cobros.Cobros

	// metricas counts the API's answers since Handler was built.
	metricas metricas
	// pruebasEmail counts each company's recent test mails.
	pruebasEmail limitador
	// reportesEmail counts each company's recent report mails (each builds a file in memory).
	reportesEmail limitador
	// limiteWebhooks counts each address's webhook deliveries.
	limiteWebhooks limiteWebhooks

	// SocketsAbiertos reports how many event-stream sockets this instance holds
	// open, for the global dashboard (the hub's count). Nil (no event stream
	// wired) shows the real-time service as unavailable with 0 sockets.
	SocketsAbiertos func() int

	// Hub serves GET /api/ws (nil: no event stream).
	Hub *realtime.Hub

	// Proceso describes the running server (version, environment, address, start).
	Proceso Proceso
	// Proxies are the reverse proxies whose forwarding headers name the client
	// (the zero value trusts none).
	Proxies ProxiesConfiables
	// Servicios are the checks of the services the service monitor shows; the
	// component that runs a service registers its check here.
	Servicios Servicios
	// Webhooks is the inbox of the outside: the providers whose deliveries
	// POST /api/webhooks/{proveedor} takes (nil: none, every one a 404).
	Webhooks *webhooks.Buzon
	// Tareas are the counts of the work outside a request (jobs.Runner.Estados; nil: none).
	Tareas func() []jobs.Estado
}

// actor is the authenticated caller of a request.
type actor struct {
	Claims  auth.Claims
	Usuario store.UsuarioSesion
	// SoloVentaPropia: the route's permission is missing and the route
	// (domain.Acceso.VentaPropia) allows the caller's own recent sale only.
	SoloVentaPropia bool
}

// EmpresaID is the caller's company: every query is scoped by it.
func (a actor) EmpresaID() int64 { return a.Usuario.EmpresaID }

type actorKey struct{}

func actorFrom(r *http.Request) actor {
	a, _ := r.Context().Value(actorKey{}).(actor)
	return a
}

// handlerFunc decodes, calls one store method and returns the data to encode.
type handlerFunc func(r *http.Request) (any, error)

// Handler builds the router from the route table.
func (s *Server) Handler() http.Handler {
	mux, pesadas := http.NewServeMux(), http.NewServeMux()
	gzip := comprimir()
	for _, rt := range s.routes() {
		mux.Handle(rt.Method+" "+rt.Path, gzip(s.guard(rt)))
		if rt.lecturaPesada() {
			pesadas.Handle(rt.Method+" "+rt.Path, http.NotFoundHandler())
		}
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, envelope{Message: domain.MsgRecursoNoEncontrado})
	})
	mux.Handle("/", s.spa())
	s.metricas.inicio = time.Now()
	// the event stream is a long-lived connection: it does not hold one of
	// the concurrent-request slots; a request takes one once its body arrived
	top := http.NewServeMux()
	top.HandleFunc("GET /api/ws", s.socket)
	top.Handle("/", readBodies(s.Limits, limitConcurrency(s.Limits, pesadas, mux)))
	return s.Proxies.resolverCliente(s.logRequests(securityHeaders(top)))
}

// guard authenticates and authorizes a route, then runs its handler.
func (s *Server) guard(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := checkConsulta(r); err != nil {
			writeError(w, s.Log, err)
			return
		}
		if rt.Access.Cliente {
			var err error
			if r, err = s.autenticarCliente(r); err != nil {
				writeError(w, s.Log, err)
				return
			}
		} else if !rt.Access.Publico {
			a, err := s.authenticate(r)
			if err != nil {
				writeError(w, s.Log, err)
				return
			}
			if err := cambioDeClavePendiente(rt, a.Usuario); err != nil {
				writeError(w, s.Log, err)
				return
			}
			if !rt.Access.Permite(a.Usuario.Rol, a.Usuario.Permisos) {
				if !rt.Access.VentaPropia {
					writeError(w, s.Log, domain.Forbidden(domain.MsgSinPermisos))
					return
				}
				a.SoloVentaPropia = true
			}
			if err := s.checkModulo(r.Context(), a, rt.Modulo); err != nil {
				writeError(w, s.Log, err)
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), actorKey{}, a))
		}
		v, err := rt.Handler.run(r)
		if err != nil {
			writeError(w, s.Log, conDetalle(r, canceladaPorElCliente(r, err)))
			return
		}
		writeResult(w, v)
	})
}

// canceladaPorElCliente marks err as a cancelled request when the client went away
// while it ran: a driver may report the interrupted query with an error of its own
// (SQLite's "interrupted") that does not wrap context.Canceled.
func canceladaPorElCliente(r *http.Request, err error) error {
	if errors.Is(r.Context().Err(), context.Canceled) && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("%w: %w", context.Canceled, err)
	}
	return err
}

// authenticate checks the request's session and records its activity (a
// failure to record it is logged: it never fails the request).
func (s *Server) authenticate(r *http.Request) (actor, error) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || token == "" {
		return actor{}, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	claims, u, err := s.Auth.Authenticate(r.Context(), strings.TrimSpace(token))
	if err != nil {
		return actor{}, err
	}
	if err := s.Auth.RegistrarActividad(r.Context(), claims, u); err != nil {
		s.Log.Warn("no se pudo registrar la actividad de la sesión", "err", err)
	}
	return actor{Claims: claims, Usuario: u}, nil
}

// clientIP is the address the request came from: the client's, as a trusted
// proxy names it (resolverCliente), else the TCP peer's.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection (deadlines, hijacking).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		if strings.HasPrefix(r.URL.Path, "/api/") {
			s.metricas.contar(time.Now(), rec.status)
			s.Log.Info("petición", "método", r.Method, "ruta", r.URL.Path, "estado", rec.status,
				"duración", time.Since(start).Round(time.Microsecond).String())
		}
	})
}
