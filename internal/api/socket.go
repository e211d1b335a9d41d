package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"

	"muelle/internal/auth"
	"muelle/internal/domain"
)

// SubprotocoloSocket is the WebSocket subprotocol of GET /api/ws. A browser
// cannot set headers on a WebSocket, so the client offers two subprotocols:
// this one and its session token; the server answers with this one only. The
// token never travels in the URL (which proxies and logs keep).
const SubprotocoloSocket = "muelle"

// ConsultaSocket is where a socket that reconnects resumes: after the event
// desde, the last it received.
type ConsultaSocket struct {
	Desde int64 `query:"desde" minimum:"1" description:"Id del último evento recibido: se reciben primero los posteriores"`
}

// socket: GET /api/ws?desde=ID, the event stream (docs/api.md). The session
// is checked before the upgrade (401 without one, 403 while its password must
// change), and so are the hub's caps of the company and the instance (503);
// the socket then lives outside the request timeouts and the
// concurrent-request limit.
func (s *Server) socket(w http.ResponseWriter, r *http.Request) {
	if s.Hub == nil {
		writeJSON(w, http.StatusNotFound, envelope{Message: domain.MsgRecursoNoEncontrado})
		return
	}
	token := tokenDeSubprotocolos(r)
	if token == "" {
		writeError(w, s.Log, domain.Unauthorized(domain.MsgNoAutenticado))
		return
	}
	claims, u, err := s.Auth.Authenticate(r.Context(), token)
	if err == nil && u.DebeCambiarClave {
		err = domain.Forbidden(domain.MsgDebeCambiarClave) // like every route but the password's
	}
	if err != nil {
		writeError(w, s.Log, err)
		return
	}
	c, err := leerConsulta[ConsultaSocket](r)
	desde := c.Desde
	if err != nil {
		writeError(w, s.Log, err)
		return
	}
	rc := http.NewResponseController(w)
	if err := firstError(rc.SetReadDeadline(time.Time{}), rc.SetWriteDeadline(time.Time{})); err != nil {
		writeError(w, s.Log, err)
		return
	}
	liberar, err := s.Hub.Reservar(u.EmpresaID)
	if err != nil {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		writeError(w, s.Log, err)
		return
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{SubprotocoloSocket}})
	if err != nil {
		liberar()
		return // Accept has answered the client
	}
	// the socket ends with its session (the token's expiry, a temporary
	// password's), counted by the store's clock
	fin := time.Now().Add(auth.FinDeSesion(claims, u).Sub(s.Store.Now()))
	s.Hub.Atender(r.Context(), conn, token, u, desde, fin)
}

// tokenDeSubprotocolos is the session token offered next to SubprotocoloSocket.
func tokenDeSubprotocolos(r *http.Request) string {
	var ofrecidos []string
	for _, h := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(h, ",") {
			ofrecidos = append(ofrecidos, strings.TrimSpace(p))
		}
	}
	if len(ofrecidos) != 2 || ofrecidos[0] != SubprotocoloSocket {
		return ""
	}
	return ofrecidos[1]
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
