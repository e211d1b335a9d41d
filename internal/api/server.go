// Package api is the HTTP layer: the route table, the envelope, authentication
// and authorization middleware, one file per resource, and the SPA.
package api

import (
	"context"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/store"
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
}

// actor is the authenticated caller of a request.
type actor struct {
	Claims  auth.Claims
	Usuario store.UsuarioSesion
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
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.Handle(rt.Method+" "+rt.Path, s.guard(rt))
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, envelope{Message: domain.MsgRecursoNoEncontrado})
	})
	mux.Handle("/", s.spa())
	return s.logRequests(securityHeaders(limitConcurrency(s.Limits, mux)))
}

// guard authenticates and authorizes a route, then runs its handler.
func (s *Server) guard(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !rt.Access.Publico {
			a, err := s.authenticate(r)
			if err != nil {
				writeError(w, s.Log, err)
				return
			}
			if !rt.Access.Permite(a.Usuario.Rol, a.Usuario.Permisos) {
				writeError(w, s.Log, domain.Forbidden(domain.MsgSinPermisos))
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), actorKey{}, a))
		}
		v, err := rt.Handler.run(r)
		if err != nil {
			writeError(w, s.Log, err)
			return
		}
		writeResult(w, v)
	})
}

func (s *Server) authenticate(r *http.Request) (actor, error) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || token == "" {
		return actor{}, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	claims, u, err := s.Auth.Authenticate(r.Context(), strings.TrimSpace(token))
	return actor{Claims: claims, Usuario: u}, err
}

// clientIP is the address the request came from.
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
			s.Log.Info("petición", "método", r.Method, "ruta", r.URL.Path, "estado", rec.status,
				"duración", time.Since(start).Round(time.Microsecond).String())
		}
	})
}
