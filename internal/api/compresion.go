package api

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// minComprimir is the smallest answer worth compressing: below it the gzip
// header and the work cost more than they save.
const minComprimir = 1024

// comprimir gzips the API's text answers (JSON, CSV exports, printable pages)
// of at least minComprimir bytes when the client accepts gzip, with `Vary:
// Accept-Encoding` on every answer. An answer shorter than that goes out as it
// is. A file answered while it is written (an export) still streams: the gzip
// stream is written on as rows come, and flushed at the end. Content-Length is
// dropped from a compressed answer (none of ours sets it). Images and PDFs are
// left alone (already compressed); the event socket and the web app are not
// behind it (the app is compressed at build time: spa.go).
func comprimir() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(minComprimir),
		gzhttp.ContentTypes([]string{"application/json", "text/csv", "text/html"}),
		gzhttp.EnableZstd(false),
	)
	if err != nil {
		panic(err) // the options above are constant
	}
	return wrap
}
