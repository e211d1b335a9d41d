package api

import (
	"net/http"
	"strconv"
	"time"
)

// contentSecurityPolicy lets the app load only its own scripts (no inline
// script anywhere), its own styles plus the style tags Mantine injects, images
// from itself, data: and blob: (QR codes, camera frames), and never be framed.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; " +
	"worker-src 'self' blob:; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
	"frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries, the app's and the API's.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()")
		next.ServeHTTP(w, r)
	})
}

// MsgServidorOcupado answers a request refused because the server is at its
// limit of concurrent requests.
const MsgServidorOcupado = "El servidor está ocupado. Intenta nuevamente en unos segundos."

// Limits bound the work the server accepts at once.
type Limits struct {
	// MaxConcurrent is how many requests run at once; 0 means no limit.
	MaxConcurrent int
	// MaxLecturasPesadas is how many heavy reads (route.lecturaPesada) run at
	// once, apart from MaxConcurrent; 0: they share MaxConcurrent's slots.
	MaxLecturasPesadas int
	// Wait is how long a request waits for a free slot before it is refused.
	Wait time.Duration
	// BodyTimeout is how long a request's body may take to arrive, read
	// before the request takes a slot (readBodies); 0: only the server's
	// read timeout.
	BodyTimeout time.Duration
	// BodiesPerAddress is how many bodies one client address may be sending
	// at once; 0 means no limit.
	BodiesPerAddress int
}

// retryAfterSeconds is what a refused client is told to wait.
const retryAfterSeconds = 2

// limitConcurrency runs at most l.MaxConcurrent requests at once. A request
// that finds no free slot within l.Wait is answered 503 with Retry-After and
// the JSON envelope, instead of queueing without end. A heavy read (one that
// pesadas routes: lists, dashboards, reports) takes its slot from a pool of
// its own, l.MaxLecturasPesadas, so a flood of them never leaves sales and
// boardings waiting for a slot or for the database.
func limitConcurrency(l Limits, pesadas *http.ServeMux, next http.Handler) http.Handler {
	if l.MaxConcurrent <= 0 {
		return next
	}
	slots := make(chan struct{}, l.MaxConcurrent)
	slotsDe := func(*http.Request) chan struct{} { return slots }
	if l.MaxLecturasPesadas > 0 && pesadas != nil {
		lecturas := make(chan struct{}, l.MaxLecturasPesadas)
		slotsDe = func(r *http.Request) chan struct{} {
			if _, patron := pesadas.Handler(r); patron != "" {
				return lecturas
			}
			return slots
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		slots := slotsDe(r)
		if !acquire(slots, l.Wait, r) {
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
			writeJSON(w, http.StatusServiceUnavailable, envelope{Message: MsgServidorOcupado})
			return
		}
		defer func() { <-slots }()
		next.ServeHTTP(w, r)
	})
}

// acquire takes a slot, waiting at most wait (or until the client goes away).
func acquire(slots chan struct{}, wait time.Duration, r *http.Request) bool {
	select {
	case slots <- struct{}{}:
		return true
	default:
	}
	if wait <= 0 {
		return false
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case slots <- struct{}{}:
		return true
	case <-timer.C:
		return false
	case <-r.Context().Done():
		return false
	}
}
