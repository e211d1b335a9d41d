package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// spa serves the embedded React app: existing files as they are, and index.html
// for every other path so the client router can answer it. The hashed files of
// assets/ are cached for a year, and one missing there is a 404 (a tab of a
// replaced release asking for its old chunk must fail and reload, not get
// index.html as a script); every other file keeps its name across releases
// (index.html, the service worker sw.js, the manifest, the icons) and is
// revalidated on each use (no-cache), so a new release is seen at once. The
// build leaves a brotli (.br) and a gzip (.gz) copy beside each text file
// (web/vite.config.ts): the one the request's Accept-Encoding takes is sent,
// with `Vary: Accept-Encoding` and an ETag of its own bytes. The pier screens open
// on their own copy of index.html (paginaQueAbre).
func (s *Server) spa() http.Handler {
	if s.App == nil {
		return http.HandlerFunc(noApp)
	}
	if _, err := fs.Stat(s.App, "index.html"); err != nil {
		return http.HandlerFunc(noApp)
	}
	app := &archivosApp{fs: s.App}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		enAssets := strings.HasPrefix(name, "assets/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(s.App, name); err == nil && !st.IsDir() {
				if enAssets {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				app.servir(w, r, name)
				return
			}
		}
		if enAssets {
			http.Error(w, http.StatusText(http.StatusNotFound), http.StatusNotFound)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		app.servir(w, r, paginaQueAbre(s.App, name))
	})
}

// paginaQueAbre is the page that opens the app at a path: the build's copy of index.html
// for a pier screen (precarga/<path>.html, which also asks for that screen's chunks,
// web/vite.config.ts), otherwise index.html.
func paginaQueAbre(app fs.FS, name string) string {
	if name == "" || strings.Contains(name, "..") {
		return "index.html"
	}
	copia := "precarga/" + name + ".html"
	if st, err := fs.Stat(app, copia); err == nil && !st.IsDir() {
		return copia
	}
	return "index.html"
}

// tiposPropios are the types of the app's files that Go's table may lack
// (the web app manifest's is registered for browsers, not for every system).
var tiposPropios = map[string]string{".webmanifest": "application/manifest+json"}

// tipoDeArchivo is the Content-Type of a file of the app by its extension ("": unknown).
func tipoDeArchivo(name string) string {
	ext := path.Ext(name)
	if tipo, ok := tiposPropios[ext]; ok {
		return tipo
	}
	return mime.TypeByExtension(ext)
}

func noApp(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write([]byte("La aplicación web no está compilada: ejecute `make build`.\n"))
}

// codificaciones are the precompressed copies the build makes, in the order
// they are preferred when a request accepts both as much: brotli is smaller.
var codificaciones = []struct{ nombre, sufijo string }{{"br", ".br"}, {"gzip", ".gz"}}

// archivosApp serves the files of the built app, each in the encoding the
// request accepts, and remembers each file's ETag (the files never change
// while the server runs).
type archivosApp struct {
	fs    fs.FS
	etags sync.Map // file name → ETag
}

// servir answers the file name (a file of a.fs) in the best encoding the
// request accepts of those the build left beside it. Content-Type is the
// original file's; http.ServeContent answers ranges, HEAD, If-None-Match (304)
// and Content-Length of the bytes sent.
func (a *archivosApp) servir(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	enviado := name
	if tipo := tipoDeArchivo(name); tipo != "" {
		h.Set("Content-Type", tipo)
		// Only a file of a known type has copies: a compressed one could not
		// have its type sniffed.
		mejor := 0.0
		for _, c := range codificaciones {
			if _, err := fs.Stat(a.fs, name+c.sufijo); err != nil {
				continue
			}
			if !varyAcceptEncoding(h) {
				h.Add("Vary", "Accept-Encoding")
			}
			if q := aceptaCodificacion(r.Header.Get("Accept-Encoding"), c.nombre); q > mejor {
				mejor, enviado = q, name+c.sufijo
				h.Set("Content-Encoding", c.nombre)
			}
		}
	}
	f, err := a.fs.Open(enviado)
	if err != nil {
		h.Del("Content-Encoding")
		http.Error(w, http.StatusText(http.StatusNotFound), http.StatusNotFound)
		return
	}
	defer f.Close()
	contenido, ok := f.(io.ReadSeeker)
	if !ok {
		b, err := io.ReadAll(f)
		if err != nil {
			h.Del("Content-Encoding")
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		contenido = bytes.NewReader(b)
	}
	if etag, err := a.etag(enviado); err == nil {
		h.Set("ETag", etag)
	}
	http.ServeContent(w, r, name, time.Time{}, contenido)
}

// etag is a strong validator of the file's bytes (each encoded copy has its own).
func (a *archivosApp) etag(name string) (string, error) {
	if v, ok := a.etags.Load(name); ok {
		return v.(string), nil
	}
	f, err := a.fs.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	etag := `"` + hex.EncodeToString(sum.Sum(nil)[:12]) + `"`
	a.etags.Store(name, etag)
	return etag, nil
}

func varyAcceptEncoding(h http.Header) bool {
	for _, v := range h.Values("Vary") {
		for _, campo := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(campo), "Accept-Encoding") {
				return true
			}
		}
	}
	return false
}

// aceptaCodificacion is the weight (0: refused) an Accept-Encoding header
// gives coding: its own entry, else `*`'s, else 0; "x-gzip" is gzip.
func aceptaCodificacion(accept, coding string) float64 {
	propio, comodin := -1.0, -1.0
	for _, parte := range strings.Split(accept, ",") {
		nombre, params, _ := strings.Cut(parte, ";")
		nombre = strings.ToLower(strings.TrimSpace(nombre))
		if nombre == "x-gzip" {
			nombre = "gzip"
		}
		if nombre != coding && nombre != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 && f <= 1 {
					q = f
				} else {
					q = 0
				}
			}
		}
		if nombre == coding {
			propio = max(propio, q)
		} else {
			comodin = max(comodin, q)
		}
	}
	switch {
	case propio >= 0:
		return propio
	case comodin >= 0:
		return comodin
	}
	return 0
}
