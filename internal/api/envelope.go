package api

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"reflect"
	"strconv"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/store"
)

// envelope is the shape of every JSON answer.
type envelope struct {
	Success bool   `json:"success"`
	Data    any    `json:"data,omitempty"`
	Message string `json:"message,omitempty"`
}

// NoData is the data of an answer that carries only a message.
type NoData struct{}

// mapRows maps store rows to API items; the answer is never null, an empty list is [].
func mapRows[S, T any](rows []S, item func(S) T) []T {
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		out = append(out, item(r))
	}
	return out
}

// answer is a success that sets its own status and message; the route table
// reads its data type and status for the OpenAPI document.
type answer interface {
	parts() (status int, data any, msg string)
	contract() (status int, data reflect.Type)
}

// reply is a success answered with a Spanish message, 200 OK.
type reply[T any] struct {
	data T
	msg  string
}

// createdReply is a success answered 201 Created with a Spanish message.
type createdReply[T any] struct{ reply[T] }

// withMessage answers 200 with data and a message.
func withMessage[T any](data T, msg string) reply[T] { return reply[T]{data, msg} }

// onlyMessage answers 200 with a message and no data.
func onlyMessage(msg string) reply[NoData] { return reply[NoData]{msg: msg} }

// created answers 201 with the new record and a message.
func created[T any](data T, msg string) createdReply[T] { return createdReply[T]{reply[T]{data, msg}} }

func (r reply[T]) parts() (int, any, string) {
	if _, none := any(r.data).(NoData); none {
		return http.StatusOK, nil, r.msg
	}
	return http.StatusOK, r.data, r.msg
}

func (reply[T]) contract() (int, reflect.Type) { return http.StatusOK, reflect.TypeFor[T]() }

func (r createdReply[T]) parts() (int, any, string) {
	_, data, msg := r.reply.parts()
	return http.StatusCreated, data, msg
}

func (createdReply[T]) contract() (int, reflect.Type) {
	return http.StatusCreated, reflect.TypeFor[T]()
}

// writeJSON answers the envelope. No JSON answer is kept by a cache (a
// browser's or a proxy's): each one holds data of a session or of now.
func writeJSON(w http.ResponseWriter, status int, body envelope) {
	jsonHeaders(w)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// writeResult encodes a handler's result as a success envelope.
func writeResult(w http.ResponseWriter, v any) {
	if f, ok := v.(archivo); ok {
		f.serve(w)
		return
	}
	if doc, ok := v.(openAPIDocument); ok {
		jsonHeaders(w)
		_, _ = w.Write(doc)
		return
	}
	if a, ok := v.(answer); ok {
		status, data, msg := a.parts()
		writeJSON(w, status, envelope{Success: true, Data: data, Message: msg})
		return
	}
	writeJSON(w, http.StatusOK, envelope{Success: true, Data: v})
}

// jsonHeaders are the headers of every JSON answer.
func jsonHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
}

var statusOf = map[domain.Kind]int{
	domain.KindInvalid:       http.StatusBadRequest,
	domain.KindUnauthorized:  http.StatusUnauthorized,
	domain.KindForbidden:     http.StatusForbidden,
	domain.KindNotFound:      http.StatusNotFound,
	domain.KindConflict:      http.StatusConflict,
	domain.KindTooMany:       http.StatusTooManyRequests,
	domain.KindUnavailable:   http.StatusServiceUnavailable,
	domain.KindUnprocessable: http.StatusUnprocessableEntity,
	domain.KindTooLarge:      http.StatusRequestEntityTooLarge,
}

// writeError answers a business error with its status and Spanish message, a
// database that is unreachable, refuses connections or is read-only with 503
// and Retry-After (like an outage: the client tries again), and anything else
// with a logged 500 that leaks nothing; a request the client cancelled is not
// an error of ours (499, logged at debug level).
func writeError(w http.ResponseWriter, log *slog.Logger, err error) {
	if errors.Is(err, context.Canceled) {
		// The browser gave up on the request (a page left, a query cancelled): nobody
		// reads the answer and nothing went wrong here, so it is no internal error.
		log.Debug("petición cancelada por el cliente", "err", err)
		w.WriteHeader(statusClientClosed)
		return
	}
	if store.IsUnavailable(err) {
		log.Error("base de datos no disponible", "err", err)
		err = domain.Unavailable(domain.MsgBaseNoDisponible)
	}
	if e, ok := domain.AsError(err); ok {
		switch {
		case e.RetryAfter > 0:
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
		case e.Kind == domain.KindUnavailable:
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		}
		writeJSON(w, statusOf[e.Kind], envelope{Success: false, Message: e.Message, Data: e.Data})
		return
	}
	log.Error("error interno", "err", err)
	writeJSON(w, http.StatusInternalServerError, envelope{Success: false, Message: domain.MsgErrorInterno})
}

// statusClientClosed is written (for the access log only) when the client cancelled the request.
const statusClientClosed = 499

// Media types of the answers that are files.
const (
	mediaCSV  = "text/csv; charset=utf-8"
	mediaHTML = "text/html; charset=utf-8"
	mediaPDF  = "application/pdf"
	mediaPNG  = "image/png"
	mediaJPEG = "image/jpeg"
	mediaGIF  = "image/gif"
	mediaXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

// archivo is an answer that is not the JSON envelope: a file or a printable
// page. nombre set: the browser downloads it under that name.
type archivo struct {
	tipo   string
	nombre string
	write  func(io.Writer) error
	// cache and etag, when set, let the browser keep the file (a public
	// logo); noModificado answers 304 to a request that already holds it.
	cache, etag  string
	noModificado bool
}

// serve writes the file; nothing of it is cached (it carries customers' data)
// unless the file says how.
func (f archivo) serve(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", f.tipo)
	h.Set("Cache-Control", cmp.Or(f.cache, "no-store"))
	if f.etag != "" {
		h.Set("ETag", f.etag)
	}
	if f.noModificado {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if f.nombre != "" {
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, f.nombre))
	}
	w.WriteHeader(http.StatusOK)
	_ = f.write(w)
}

// bytesDe is a file whose body is already built.
func bytesDe(tipo, nombre string, b []byte) archivo {
	return archivo{tipo: tipo, nombre: nombre, write: func(w io.Writer) error {
		_, err := io.Copy(w, bytes.NewReader(b))
		return err
	}}
}

// exportar is a file written by an export encoder while it is sent: filas
// hands the encoder the rows one at a time, then the encoder is closed, so
// the answer never holds the whole file. An error once the answer has started
// cannot change its status: the download comes out cut short.
func exportar(tipo, nombre string, nuevo func(io.Writer) export.Encoder, filas func(export.Encoder) error) archivo {
	return archivo{tipo: tipo, nombre: nombre, write: func(w io.Writer) error {
		enc := nuevo(w)
		if err := filas(enc); err != nil {
			return err
		}
		return enc.Close()
	}}
}

// exportarCSV is the CSV of the table t (export.CSVEncoder).
func exportarCSV(nombre string, t export.Table, filas func(export.Encoder) error) archivo {
	return exportar(mediaCSV, nombre, func(w io.Writer) export.Encoder { return export.NewCSVEncoder(w, t) }, filas)
}
