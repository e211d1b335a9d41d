package api

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// brotliDePrueba stands for the brotli copy the build makes: the server never
// decodes it, it sends its bytes.
var brotliDePrueba = []byte("\x1b brotli de prueba")

// appComprimida is a built app as Vite leaves it: text files with their .br and
// .gz copies (web/vite.config.ts), and a small file without copies.
func appComprimida(t *testing.T) (fstest.MapFS, []byte) {
	t.Helper()
	js := []byte(strings.Repeat("console.log('muelle');\n", 200))
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(js)
	_ = zw.Close()
	index := []byte("<!doctype html><title>Muelle</title>" + strings.Repeat("<!-- -->", 200))
	var igz bytes.Buffer
	zw, _ = gzip.NewWriterLevel(&igz, gzip.BestCompression)
	_, _ = zw.Write(index)
	_ = zw.Close()
	return fstest.MapFS{
		"index.html":              {Data: index},
		"index.html.gz":           {Data: igz.Bytes()},
		"assets/app-1.js":         {Data: js},
		"assets/app-1.js.br":      {Data: brotliDePrueba},
		"assets/app-1.js.gz":      {Data: gz.Bytes()},
		"assets/logo-2.svg":       {Data: []byte("<svg/>")},
		"assets/datos-3.xyzzy":    {Data: []byte{0, 1, 2}},
		"assets/datos-3.xyzzy.gz": {Data: []byte("no se elige: tipo desconocido")},
	}, js
}

// decodificarCuerpo is the body b sent with Content-Encoding enc, decoded (the
// brotli copy of appComprimida, checked byte for byte, stands for its source).
func decodificarCuerpo(t *testing.T, enc string, b []byte, fuente []byte) []byte {
	t.Helper()
	switch enc {
	case "":
		return b
	case "br":
		if !bytes.Equal(b, brotliDePrueba) {
			t.Fatalf("no se envió la copia brotli: %q", b)
		}
		return fuente
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	t.Fatalf("codificación inesperada %q", enc)
	return nil
}

func TestTheAppIsServedPrecompressedAsTheBrowserAccepts(t *testing.T) {
	app, js := appComprimida(t)
	h := (&Server{App: app}).spa()
	get := func(path, accept string, extra ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		for i := 0; i+1 < len(extra); i += 2 {
			req.Header.Set(extra[i], extra[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	etags := map[string]string{}
	for _, c := range []struct{ accept, enc string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, deflate", "gzip"},
		{"br;q=0.5, gzip", "gzip"},
		{"br;q=0, gzip;q=0.8", "gzip"},
		{"*", "br"},
		{"gzip;q=0, *;q=0.3", "br"},
		{"identity", ""},
		{"", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		rec := get("/assets/app-1.js", c.accept)
		hd := rec.Header()
		if rec.Code != http.StatusOK || hd.Get("Content-Encoding") != c.enc {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q, esperaba %q", c.accept, rec.Code, hd.Get("Content-Encoding"), c.enc)
		}
		if hd.Get("Vary") != "Accept-Encoding" || hd.Get("Content-Type") != "text/javascript; charset=utf-8" ||
			hd.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("Accept-Encoding %q: cabeceras %v", c.accept, hd)
		}
		// ServeContent states the length of an encoded answer only by sending it whole
		if n, err := strconv.Atoi(hd.Get("Content-Length")); (err == nil || c.enc == "") && n != rec.Body.Len() {
			t.Fatalf("Accept-Encoding %q: Content-Length %d, cuerpo de %d bytes", c.accept, n, rec.Body.Len())
		}
		if got := decodificarCuerpo(t, c.enc, rec.Body.Bytes(), js); !bytes.Equal(got, js) {
			t.Fatalf("Accept-Encoding %q: el archivo no llegó entero (%d bytes)", c.accept, len(got))
		}
		if c.enc != "" && rec.Body.Len() >= len(js) {
			t.Fatalf("%s: %d bytes, sin comprimir %d", c.enc, rec.Body.Len(), len(js))
		}
		etag := hd.Get("ETag")
		if prev, ok := etags[c.enc]; (ok && prev != etag) || !strings.HasPrefix(etag, `"`) {
			t.Fatalf("ETag de %q: %q (antes %q)", c.enc, etag, prev)
		}
		etags[c.enc] = etag
	}
	if len(etags) != 3 || etags["br"] == etags["gzip"] || etags["gzip"] == etags[""] {
		t.Fatalf("cada codificación lleva su ETag: %v", etags)
	}

	// a browser that holds the brotli copy is answered 304 with no body
	rec := get("/assets/app-1.js", "br", "If-None-Match", etags["br"])
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("Content-Encoding") != "" {
		t.Fatalf("If-None-Match: %d %v", rec.Code, rec.Header())
	}
	// a range is of the bytes sent
	rec = get("/assets/app-1.js", "gzip", "Range", "bytes=0-9")
	if rec.Code != http.StatusPartialContent || rec.Body.Len() != 10 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("Range: %d %d %v", rec.Code, rec.Body.Len(), rec.Header())
	}

	// every path of the client router: index.html, compressed too, never kept without asking
	for _, path := range []string{"/", "/admin/login", "/index.html", "/admin/venta-pasajes"} {
		rec := get(path, "gzip, br")
		hd := rec.Header()
		if rec.Code != http.StatusOK || hd.Get("Content-Encoding") != "gzip" || hd.Get("Vary") != "Accept-Encoding" ||
			hd.Get("Cache-Control") != "no-cache" || hd.Get("Content-Type") != "text/html; charset=utf-8" || hd.Get("ETag") == "" ||
			!strings.HasPrefix(string(decodificarCuerpo(t, "gzip", rec.Body.Bytes(), nil)), "<!doctype html>") {
			t.Fatalf("%s: %d %v", path, rec.Code, hd)
		}
	}
	rec = get("/admin/login", "gzip", "If-None-Match", get("/", "gzip").Header().Get("ETag"))
	if rec.Code != http.StatusNotModified {
		t.Fatalf("index.html revalidado: %d", rec.Code)
	}

	// a file without copies, and one of a type the server does not know, go as they are
	for _, path := range []string{"/assets/logo-2.svg", "/assets/datos-3.xyzzy"} {
		rec := get(path, "gzip, br")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("Vary") != "" {
			t.Fatalf("%s: %d %v", path, rec.Code, rec.Header())
		}
	}
	if rec := get("/assets/logo-2.svg", ""); rec.Header().Get("Content-Type") != "image/svg+xml" || rec.Body.String() != "<svg/>" {
		t.Fatalf("svg: %v %q", rec.Header(), rec.Body.String())
	}
}

// clienteCrudo sends requests to a real server without Go's transparent gzip,
// so that the test sees the bytes and headers as they travel.
func clienteCrudo(t *testing.T, h http.Handler) (*httptest.Server, *http.Client) {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts, &http.Client{Transport: &http.Transport{DisableCompression: true}}
}

func pedir(t *testing.T, c *http.Client, url, token, accept string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body) // a Content-Length that lies fails here
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

func TestJSONAnswersAreGzippedAboveAKilobyte(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ts, c := clienteCrudo(t, e.srv.Handler())
		admin := e.token("admin")
		for _, path := range []string{"/api/openapi.json", "/api/pasajes?limit=50"} {
			plano, cuerpo := pedir(t, c, ts.URL+path, admin, "")
			res, comprimido := pedir(t, c, ts.URL+path, admin, "gzip, deflate, br, zstd")
			if len(cuerpo) < 2*minComprimir || plano.Header.Get("Content-Encoding") != "" {
				t.Fatalf("%s: %d bytes sin comprimir, %v", path, len(cuerpo), plano.Header)
			}
			if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "gzip" ||
				res.Header.Get("Vary") != "Accept-Encoding" || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") ||
				res.Header.Get("Cache-Control") != "no-store" || len(comprimido) >= len(cuerpo) {
				t.Fatalf("%s: %d, %d bytes comprimidos de %d, %v", path, res.StatusCode, len(comprimido), len(cuerpo), res.Header)
			}
			if got := decodificarCuerpo(t, "gzip", comprimido, nil); !bytes.Equal(got, cuerpo) {
				t.Fatalf("%s: el JSON comprimido no es el mismo", path)
			}
		}
		// a short answer goes as it is, still saying it varies
		res, cuerpo := pedir(t, c, ts.URL+"/api/health", "", "gzip")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "" || len(cuerpo) >= minComprimir ||
			res.Header.Get("Vary") != "Accept-Encoding" || !strings.Contains(string(cuerpo), `"success":true`) {
			t.Fatalf("health: %d %v %s", res.StatusCode, res.Header, cuerpo)
		}
		// an error is JSON like any other
		res, cuerpo = pedir(t, c, ts.URL+"/api/pasajes", "", "gzip")
		if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(cuerpo), `"success":false`) {
			t.Fatalf("401: %d %s", res.StatusCode, cuerpo)
		}
	})
}

func TestACompressedCSVExportArrivesWhole(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ts, c := clienteCrudo(t, e.srv.Handler())
		admin := e.token("admin")
		url := ts.URL + "/api/pasajes/export?fecha_inicio=2025-11-21&fecha_fin=2026-11-20" // a year, the longest list
		plano, cuerpo := pedir(t, c, url, admin, "")
		res, comprimido := pedir(t, c, url, admin, "gzip")
		filas := bytes.Count(cuerpo, []byte("\r\n"))
		if plano.StatusCode != http.StatusOK || filas != int(e.count(`SELECT COUNT(*) FROM pasajes WHERE empresa_id = 1`))+2 { // the header and the total
			t.Fatalf("export: %d, %d líneas", plano.StatusCode, filas)
		}
		if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != mediaCSV ||
			!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") ||
			(res.ContentLength >= 0 && res.ContentLength != int64(len(comprimido))) {
			t.Fatalf("export comprimido: %v", res.Header)
		}
		if got := decodificarCuerpo(t, "gzip", comprimido, nil); !bytes.Equal(got, cuerpo) {
			t.Fatalf("el CSV comprimido no llegó entero: %d bytes de %d", len(got), len(cuerpo))
		}
	})
}

// A compressed answer written little by little reaches the client as it is
// written: what the handler flushed is readable before the handler ends.
func TestCompressionKeepsAStreamStreaming(t *testing.T) {
	seguir := make(chan struct{})
	h := comprimir()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", mediaCSV)
		for i := range 200 {
			fmt.Fprintf(w, "fila;%d;%s\r\n", i, strings.Repeat("x", 20))
		}
		if err := http.NewResponseController(w).Flush(); err != nil {
			t.Error(err)
		}
		<-seguir
		fmt.Fprint(w, "fin\r\n")
	}))
	ts, c := clienteCrudo(t, h)
	req, _ := http.NewRequest("GET", ts.URL, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		close(seguir)
		t.Fatalf("sin comprimir: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		close(seguir)
		t.Fatal(err)
	}
	primeras := make([]byte, len("fila;0;"))
	leido := make(chan error, 1)
	go func() { _, err := io.ReadFull(zr, primeras); leido <- err }()
	select {
	case err := <-leido:
		if err != nil || string(primeras) != "fila;0;" {
			t.Fatalf("primeras filas: %v %q", err, primeras)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("las filas enviadas no llegaron antes del final de la respuesta")
	}
	close(seguir)
	resto, err := io.ReadAll(zr)
	if err != nil || !strings.HasSuffix(string(resto), "fin\r\n") || strings.Count(string(resto), "\r\n") != 201 {
		t.Fatalf("resto: %v, %d líneas", err, strings.Count(string(resto), "\r\n"))
	}
}

// A pier screen opens on the build's copy of index.html that also asks for its chunks;
// every other path, and a sub-path of a pier screen, on index.html itself.
func TestAPierScreenOpensOnItsOwnCopyOfThePage(t *testing.T) {
	app, _ := appComprimida(t)
	venta := []byte(`<!doctype html><link rel="modulepreload" href="/assets/VentaPasajesPage-1.js">`)
	app["precarga/admin/venta-pasajes.html"] = &fstest.MapFile{Data: venta}
	h := (&Server{App: app}).spa()
	for path, quiere := range map[string]string{
		"/admin/venta-pasajes":        string(venta),
		"/admin/venta-pasajes/":       string(venta),
		"/admin/venta-pasajes/otra":   string(app["index.html"].Data),
		"/admin/validador":            string(app["index.html"].Data),
		"/":                           string(app["index.html"].Data),
		"/precarga/../admin/clientes": string(app["index.html"].Data),
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK || rec.Body.String() != quiere || rec.Header().Get("Cache-Control") != "no-cache" ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %v %q", path, rec.Code, rec.Header(), rec.Body.String())
		}
	}
}
