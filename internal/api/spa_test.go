package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// A built app with its service worker, manifest and icons (web/vite.config.ts,
// vite-plugin-pwa): what the browser needs to install it and open it offline.
func appConServiceWorker() fstest.MapFS {
	return fstest.MapFS{
		"index.html":               {Data: []byte("<!doctype html><title>Muelle</title>")},
		"sw.js":                    {Data: []byte("self.addEventListener('install', () => self.skipWaiting());")},
		"manifest.webmanifest":     {Data: []byte(`{"name":"Muelle"}`)},
		"manifest.webmanifest.br":  {Data: brotliDePrueba},
		"icono-192.png":            {Data: []byte("\x89PNG\r\n\x1a\n")},
		"assets/index-AbC123xy.js": {Data: []byte("console.log('muelle');")},
	}
}

func TestTheServiceWorkerAndTheManifestAreServedForOfflineUse(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.srv.App = appConServiceWorker()
		h := e.srv.Handler()
		get := func(path, accept string) *httptest.ResponseRecorder {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Accept-Encoding", accept)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec
		}

		// the worker and every file that keeps its name across releases are revalidated on each use:
		// a new release is seen at the next load
		for _, c := range []struct{ path, tipo, cuerpo string }{
			{"/sw.js", "text/javascript; charset=utf-8", "self.addEventListener"},
			{"/manifest.webmanifest", "application/manifest+json", `{"name":"Muelle"}`},
			{"/icono-192.png", "image/png", "\x89PNG"},
		} {
			rec := get(c.path, "")
			hd := rec.Header()
			if rec.Code != http.StatusOK || hd.Get("Content-Type") != c.tipo || hd.Get("Cache-Control") != "no-cache" ||
				hd.Get("ETag") == "" || !strings.HasPrefix(rec.Body.String(), c.cuerpo) {
				t.Fatalf("%s: %d %v %q", c.path, rec.Code, hd, rec.Body.String())
			}
			// the page's policy lets it register its own worker and read its own manifest, nothing more
			csp := hd.Get("Content-Security-Policy")
			for _, want := range []string{"worker-src 'self'", "manifest-src 'self'", "script-src 'self';", "default-src 'self'"} {
				if !strings.Contains(csp, want) {
					t.Fatalf("%s: la CSP %q no contiene %q", c.path, csp, want)
				}
			}
		}

		// the manifest's type is known, so its compressed copy is sent
		rec := get("/manifest.webmanifest", "br, gzip")
		if rec.Header().Get("Content-Encoding") != "br" || rec.Header().Get("Content-Type") != "application/manifest+json" ||
			rec.Body.String() != string(brotliDePrueba) {
			t.Fatalf("manifiesto comprimido: %v %q", rec.Header(), rec.Body.String())
		}

		// a chunk of the build is kept a year; one the build does not have (a replaced release's) is a
		// 404, never index.html, so that the tab asking for it reloads into the new release
		if rec := get("/assets/index-AbC123xy.js", ""); rec.Code != http.StatusOK ||
			rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("chunk: %d %v", rec.Code, rec.Header())
		}
		rec = get("/assets/VentaPasajesPage-viejo12.js", "")
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "<!doctype html>") ||
			strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("chunk de otra versión: %d %v %q", rec.Code, rec.Header(), rec.Body.String())
		}

		// every screen is still index.html
		for _, path := range []string{"/", "/admin/venta-pasajes", "/admin/validador", "/assets"} {
			rec := get(path, "")
			if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-cache" ||
				!strings.HasPrefix(rec.Body.String(), "<!doctype html>") {
				t.Fatalf("%s: %d %v", path, rec.Code, rec.Header())
			}
		}
	})
}
