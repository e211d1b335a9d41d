package api

import "muelle/internal/domain"

// route is one entry of the route table: method, path, what it requires, handler.
type route struct {
	Method  string
	Path    string
	Access  domain.Acceso
	Handler handlerFunc
}

// routes is THE route table. Every API route is here with the access it needs;
// the guard enforces it and a test walks it for every role.
func (s *Server) routes() []route {
	public, session := domain.Publico(), domain.ConSesion()
	return []route{
		{"GET", "/api/health", public, s.health},
		{"GET", "/api/public/stats", public, s.publicStats},
		{"GET", "/api/public/empresa", public, s.publicEmpresa},

		{"POST", "/api/auth/login", public, s.login},
		{"POST", "/api/auth/logout", session, s.logout},
		{"GET", "/api/auth/me", session, s.me},

		{"GET", "/api/config/empresa", session, s.empresaActual},
	}
}
