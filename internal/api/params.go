package api

import (
	"net/http"
	"strconv"
	"strings"

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

// idempotencyKey is the client's Idempotency-Key header ("" when absent).
func idempotencyKey(r *http.Request) (string, error) {
	k := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(k) > 200 {
		return "", domain.Invalid("La clave de idempotencia es demasiado larga")
	}
	return k, nil
}

// storeActor is the caller as the store's writes need it.
func storeActor(r *http.Request) store.Actor {
	a := actorFrom(r)
	return store.Actor{UsuarioID: a.Usuario.ID, EmpresaID: a.EmpresaID(), IP: clientIP(r)}
}
