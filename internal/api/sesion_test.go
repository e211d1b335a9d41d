package api

import (
	"context"
	"net/http"
	"testing"

	"muelle/internal/domain"
)

// TestRevocationAndDeactivationApplyOnTheVeryNextRequest warms a session up
// with requests, then revokes one token and deactivates the user: the very
// next request is refused each time, whatever the server keeps in memory.
func TestRevocationAndDeactivationApplyOnTheVeryNextRequest(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		tok, otro := e.login("lancha"), e.login("lancha")
		for range 5 {
			e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusOK, "")
			e.do("GET", "/api/auth/me", otro, nil).expect(t, http.StatusOK, "")
		}
		e.do("POST", "/api/auth/logout", tok, nil).expect(t, http.StatusOK, "")
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		e.do("GET", "/api/auth/me", otro, nil).expect(t, http.StatusOK, "")

		u, _, _ := e.st.UsuarioPorNombre(ctx, "lancha")
		if err := e.st.SetUsuarioActivo(ctx, u.EmpresaID, u.ID, false); err != nil {
			t.Fatal(err)
		}
		e.do("GET", "/api/auth/me", otro, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
		if err := e.st.SetUsuarioActivo(ctx, u.EmpresaID, u.ID, true); err != nil {
			t.Fatal(err)
		}
		e.do("GET", "/api/auth/me", otro, nil).expect(t, http.StatusOK, "")
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusUnauthorized, domain.MsgNoAutenticado)
	})
}
