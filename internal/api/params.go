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
	"unicode"
	"unicode/utf8"

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
// address and the client's Idempotency-Key, read once from the request. The
// key is printable UTF-8 text of at most maxIdempotencyKey bytes.
func writeActor(r *http.Request) (store.Actor, error) {
	a := actorFrom(r)
	k := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(k) > maxIdempotencyKey {
		return store.Actor{}, domain.Invalid("La clave de idempotencia es demasiado larga")
	}
	if !utf8.ValidString(k) || strings.ContainsFunc(k, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return store.Actor{}, domain.Invalid("La clave de idempotencia contiene caracteres no permitidos")
	}
	return store.Actor{UsuarioID: a.Usuario.ID, EmpresaID: a.EmpresaID(), IP: clientIP(r), Clave: k,
		Huella: huellaDe(r)}, nil
}

type huellaKey struct{}

// withHuella stamps a request that carries an Idempotency-Key with its
// fingerprint: a SHA-256 of the method, the route pattern, the path (with its
// ids), the query string (its parameters sorted by name) and the canonical
// body (the decoded request marshalled again, so that spacing and key order
// do not matter). The store binds the key to it.
func withHuella(r *http.Request, body any) *http.Request {
	if r.Header.Get("Idempotency-Key") == "" {
		return r
	}
	canon, _ := json.Marshal(body)
	sum := sha256.Sum256([]byte(r.Method + "\n" + r.Pattern + "\n" + r.URL.Path + "\n" + r.URL.Query().Encode() +
		"\n" + string(canon)))
	return r.WithContext(context.WithValue(r.Context(), huellaKey{}, hex.EncodeToString(sum[:])))
}

// huellaDe is the request's fingerprint ("" without an Idempotency-Key).
func huellaDe(r *http.Request) string {
	h, _ := r.Context().Value(huellaKey{}).(string)
	return h
}

// checkConsulta refuses a query string with a name or value that is not valid
// UTF-8 or holds a control character: no route reads such text, and
// PostgreSQL would refuse it as a parameter. The guard runs it on every route.
func checkConsulta(r *http.Request) error {
	limpio := func(s string) bool { return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl) }
	for name, values := range r.URL.Query() {
		if !limpio(name) {
			return domain.Invalid("Los parámetros de la consulta contienen caracteres no permitidos")
		}
		for _, v := range values {
			if !limpio(v) {
				return domain.Invalid(fmt.Sprintf("El parámetro %s contiene caracteres no permitidos", name))
			}
		}
	}
	return nil
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

// queryDate reads an optional date YYYY-MM-DD between the years
// domain.AnioMinimo and domain.AnioMaximo, def when absent.
func queryDate(q url.Values, name, def string) (string, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return "", domain.Invalid(fmt.Sprintf("El parámetro %s debe ser una fecha con el formato AAAA-MM-DD", name))
	}
	if t.Year() < domain.AnioMinimo || t.Year() > domain.AnioMaximo {
		return "", domain.Invalid(fmt.Sprintf("El parámetro %s debe ser una fecha entre los años %d y %d", name,
			domain.AnioMinimo, domain.AnioMaximo))
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
	return paginaDe(q, "pagina", "limite", defLimite, maxLimite)
}

// paginaDe reads a page whose parameters are named pagina and limite
// (limite at most maxLim; defLimite when absent, 0: all rows).
func paginaDe(q url.Values, pagina, limite string, defLimite, maxLim int64) (store.Pagina, error) {
	lim, err := queryInt64(q, limite)
	if err != nil {
		return store.Pagina{}, err
	}
	if lim > maxLim {
		return store.Pagina{}, domain.Invalid(fmt.Sprintf("El parámetro %s no debe superar %d", limite, maxLim))
	}
	pag, err := queryNumeroPagina(q, pagina)
	if err != nil {
		return store.Pagina{}, err
	}
	if lim == 0 {
		lim = defLimite
	}
	if pag > 1 && lim == 0 {
		return store.Pagina{}, domain.Invalid(fmt.Sprintf("El parámetro %s requiere el parámetro %s", pagina, limite))
	}
	return store.Pagina{Limite: lim, Desplazamiento: max(pag-1, 0) * lim}, nil
}

// maxPagina bounds a page number: the offset it makes (at most maxPagina ·
// maxLimite rows) never overflows, whatever the store adds to it.
const maxPagina = 1_000_000

// queryNumeroPagina reads an optional page number, from 1 to maxPagina (0 when absent).
func queryNumeroPagina(q url.Values, name string) (int64, error) {
	n, err := queryInt64(q, name)
	if err == nil && n > maxPagina {
		err = domain.Invalid(fmt.Sprintf("El parámetro %s no debe superar %d", name, maxPagina))
	}
	return n, err
}

// maxTexto bounds a free-text query parameter (a search).
const maxTexto = 100

// queryTexto reads an optional trimmed text of at most maxTexto characters.
func queryTexto(q url.Values, name string) (string, error) {
	v := strings.TrimSpace(q.Get(name))
	if utf8.RuneCountInString(v) > maxTexto || strings.ContainsFunc(v, unicode.IsControl) {
		return "", domain.Invalid(fmt.Sprintf("El parámetro %s no debe exceder %d caracteres ni contener caracteres de control",
			name, maxTexto))
	}
	return v, nil
}
