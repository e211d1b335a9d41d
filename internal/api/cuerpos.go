package api

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Answers to a body that does not arrive as it should.
const (
	MsgCuerpoLento       = "La solicitud tardó demasiado en enviarse. Intenta nuevamente."
	MsgCuerposPorCliente = "Hay demasiadas solicitudes en curso desde su dirección. Intenta nuevamente en unos segundos."
	msgCuerpoIlegible    = "No se pudo leer el cuerpo de la solicitud"
)

// readBodies reads a request's whole body (up to maxBody, the largest that a
// JSON route accepts) before next runs, so a request takes one of the
// concurrent-request slots only once its body has arrived: a client that
// sends its body slowly holds a connection, never a slot. The body must
// arrive within l.BodyTimeout (else 408), and one address may be sending at
// most l.BodiesPerAddress bodies at once (else 429). A larger body (an
// upload) is read on by its handler under the same deadline.
func readBodies(l Limits, next http.Handler) http.Handler {
	enCurso := &lecturasPorDireccion{max: l.BodiesPerAddress, n: map[string]int{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		ip := clientIP(r)
		if !enCurso.tomar(ip) {
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
			cortar(w, http.StatusTooManyRequests, MsgCuerposPorCliente)
			return
		}
		body, err := readBody(w, r, l.BodyTimeout)
		enCurso.soltar(ip)
		var ne net.Error
		switch {
		case errors.As(err, &ne) && ne.Timeout():
			cortar(w, http.StatusRequestTimeout, MsgCuerpoLento)
		case err != nil:
			cortar(w, http.StatusBadRequest, msgCuerpoIlegible)
		default:
			r.Body = body
			next.ServeHTTP(w, r)
		}
	})
}

// cortar answers a request whose body was not read and closes the connection
// (the rest of the body is never waited for).
func cortar(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Connection", "close")
	writeJSON(w, status, envelope{Message: msg})
}

// readBody reads r's body under a read deadline of timeout (none when 0 or
// when the connection has no deadlines, as in tests). A body read whole
// leaves the connection without a read deadline while the handler runs (the
// server's background read must not end the request); a body larger than
// maxBody is answered as what was read followed by the rest.
func readBody(w http.ResponseWriter, r *http.Request, timeout time.Duration) (io.ReadCloser, error) {
	rc := http.NewResponseController(w)
	plazo := timeout > 0 && rc.SetReadDeadline(time.Now().Add(timeout)) == nil
	leido, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(leido) > maxBody {
		return struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(leido), r.Body), r.Body}, nil
	}
	if plazo {
		_ = rc.SetReadDeadline(time.Time{})
	}
	return io.NopCloser(bytes.NewReader(leido)), nil
}

// lecturasPorDireccion counts the bodies each client address is sending.
type lecturasPorDireccion struct {
	max int // 0: no limit
	mu  sync.Mutex
	n   map[string]int
}

func (l *lecturasPorDireccion) tomar(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.max > 0 && l.n[ip] >= l.max {
		return false
	}
	l.n[ip]++
	return true
}

func (l *lecturasPorDireccion) soltar(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n[ip]--; l.n[ip] <= 0 {
		delete(l.n, ip)
	}
}
