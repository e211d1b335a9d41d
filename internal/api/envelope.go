package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// envelope is the shape of every JSON answer.
type envelope struct {
	Success bool   `json:"success"`
	Data    any    `json:"data,omitempty"`
	Message string `json:"message,omitempty"`
}

// reply is a success with its own status and a Spanish message.
type reply struct {
	status int
	data   any
	msg    string
}

// withMessage answers 200 with data and a message.
func withMessage(data any, msg string) reply { return reply{http.StatusOK, data, msg} }

// created answers 201 with the new record and a message.
func created(data any, msg string) reply { return reply{http.StatusCreated, data, msg} }

func writeJSON(w http.ResponseWriter, status int, body envelope) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// writeResult encodes a handler's result as a success envelope.
func writeResult(w http.ResponseWriter, v any) {
	if r, ok := v.(reply); ok {
		writeJSON(w, r.status, envelope{Success: true, Data: r.data, Message: r.msg})
		return
	}
	writeJSON(w, http.StatusOK, envelope{Success: true, Data: v})
}

var statusOf = map[domain.Kind]int{
	domain.KindInvalid:      http.StatusBadRequest,
	domain.KindUnauthorized: http.StatusUnauthorized,
	domain.KindForbidden:    http.StatusForbidden,
	domain.KindNotFound:     http.StatusNotFound,
	domain.KindConflict:     http.StatusConflict,
	domain.KindTooMany:      http.StatusTooManyRequests,
	domain.KindUnavailable:  http.StatusServiceUnavailable,
}

// writeError answers a business error with its status and Spanish message, a
// database that is unreachable or read-only with 503, and anything else with
// a logged 500 that leaks nothing.
func writeError(w http.ResponseWriter, log *slog.Logger, err error) {
	if store.IsUnavailable(err) {
		log.Error("base de datos no disponible", "err", err)
		err = domain.Unavailable(domain.MsgBaseNoDisponible)
	}
	if e, ok := domain.AsError(err); ok {
		writeJSON(w, statusOf[e.Kind], envelope{Success: false, Message: e.Message, Data: e.Data})
		return
	}
	log.Error("error interno", "err", err)
	writeJSON(w, http.StatusInternalServerError, envelope{Success: false, Message: domain.MsgErrorInterno})
}

// maxBody bounds a request body.
const maxBody = 1 << 20

// decode reads a JSON body into dst; an empty body leaves dst untouched. A
// field of the wrong type names the field; a bad amount says so.
func decode(r *http.Request, dst any) error {
	err := json.NewDecoder(io.LimitReader(r.Body, maxBody)).Decode(dst)
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil || errors.Is(err, io.EOF):
		return nil
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return domain.Invalid(fmt.Sprintf("El campo %s tiene un valor inválido", typeErr.Field))
	}
	if e, ok := domain.AsError(err); ok {
		return e
	}
	return domain.Invalid(domain.MsgJSONInvalido)
}
