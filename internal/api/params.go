package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// pathID reads a numeric path parameter; anything else is a 404 like a missing record.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, domain.NotFound(domain.MsgRecursoNoEncontrado)
	}
	return id, nil
}

// maxIdempotencyKey bounds the Idempotency-Key header.
const maxIdempotencyKey = 200

// writeActor is the caller of a write as the store needs it: user, company,
// address and the client's Idempotency-Key, read once from the request.
func writeActor(r *http.Request) (store.Actor, error) {
	a := actorFrom(r)
	k := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(k) > maxIdempotencyKey {
		return store.Actor{}, domain.Invalid("La clave de idempotencia es demasiado larga")
	}
	return store.Actor{UsuarioID: a.Usuario.ID, EmpresaID: a.EmpresaID(), IP: clientIP(r), Clave: k,
		Huella: huellaDe(r)}, nil
}

type huellaKey struct{}

// withHuella stamps a request that carries an Idempotency-Key with its
// fingerprint: a SHA-256 of the method, the route pattern, the path (with its
// ids) and the canonical body (the decoded request marshalled again, so that
// spacing and key order do not matter). The store binds the key to it.
func withHuella(r *http.Request, body any) *http.Request {
	if r.Header.Get("Idempotency-Key") == "" {
		return r
	}
	canon, _ := json.Marshal(body)
	sum := sha256.Sum256([]byte(r.Method + "\n" + r.Pattern + "\n" + r.URL.Path + "\n" + string(canon)))
	return r.WithContext(context.WithValue(r.Context(), huellaKey{}, hex.EncodeToString(sum[:])))
}

// huellaDe is the request's fingerprint ("" without an Idempotency-Key).
func huellaDe(r *http.Request) string {
	h, _ := r.Context().Value(huellaKey{}).(string)
	return h
}

// The query-string readers below treat an empty parameter like a missing one
// and answer 400 with a Spanish message that names the parameter otherwise.

// queryInt64 reads an optional whole number greater than zero (0 when absent).
func queryInt64(q url.Values, name string) (int64, error) {
	v := q.Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, domain.Invalid(fmt.Sprintf("El parámetro %s debe ser un número entero mayor que cero", name))
	}
	return n, nil
}

// queryDate reads an optional date YYYY-MM-DD, def when absent.
func queryDate(q url.Values, name, def string) (string, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		return "", domain.Invalid(fmt.Sprintf("El parámetro %s debe ser una fecha con el formato AAAA-MM-DD", name))
	}
	return v, nil
}

// queryBool reads an optional true/false (nil when absent).
func queryBool(q url.Values, name string) (*bool, error) {
	v := q.Get(name)
	if v == "" {
		return nil, nil
	}
	if b, err := strconv.ParseBool(v); err == nil && (v == "true" || v == "false") {
		return &b, nil
	}
	return nil, domain.Invalid(fmt.Sprintf("El parámetro %s debe ser true o false", name))
}

// queryEnum reads an optional value out of allowed ("" when absent).
func queryEnum(q url.Values, name string, allowed ...string) (string, error) {
	v := q.Get(name)
	if v == "" || slices.Contains(allowed, v) {
		return v, nil
	}
	return "", domain.Invalid(fmt.Sprintf("El parámetro %s debe ser uno de: %s", name, strings.Join(allowed, ", ")))
}

// maxLimite is the largest page a list serves.
const maxLimite = 500

// queryPagina reads the page of a list: pagina (from 1) and limite (at most
// maxLimite). Without limite the page holds defLimite rows (0: all of them).
func queryPagina(q url.Values, defLimite int64) (store.Pagina, error) {
	limite, err := queryInt64(q, "limite")
	if err != nil {
		return store.Pagina{}, err
	}
	if limite > maxLimite {
		return store.Pagina{}, domain.Invalid(fmt.Sprintf("El parámetro limite no debe superar %d", maxLimite))
	}
	pagina, err := queryInt64(q, "pagina")
	if err != nil {
		return store.Pagina{}, err
	}
	if limite == 0 {
		limite = defLimite
	}
	if pagina > 1 && limite == 0 {
		return store.Pagina{}, domain.Invalid("El parámetro pagina requiere el parámetro limite")
	}
	return store.Pagina{Limite: limite, Desplazamiento: max(pagina-1, 0) * limite}, nil
}
