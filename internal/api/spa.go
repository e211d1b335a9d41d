package api

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// spa serves the embedded React app: existing files as they are (hashed assets
// cached for a year), and index.html for every other path so the client router
// can answer it.
func (s *Server) spa() http.Handler {
	if s.App == nil {
		return http.HandlerFunc(noApp)
	}
	if _, err := fs.Stat(s.App, "index.html"); err != nil {
		return http.HandlerFunc(noApp)
	}
	files := http.FileServerFS(s.App)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(s.App, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, s.App, "index.html")
	})
}

func noApp(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write([]byte("La aplicación web no está compilada: ejecute `make build`.\n"))
}
