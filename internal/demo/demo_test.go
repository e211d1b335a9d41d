package demo

import (
	"context"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"muelle/internal/auth"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func TestSeedIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		h := auth.Hasher{Cost: bcrypt.MinCost}
		counts := func() [3]int64 {
			return [3]int64{
				storetest.Int(t, st, `SELECT COUNT(*) FROM empresas`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM usuarios`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM roles`),
			}
		}
		if err := Seed(context.Background(), st, h); err != nil {
			t.Fatal(err)
		}
		first := counts()
		if first != [3]int64{2, int64(len(usuarios)), 6} {
			t.Fatalf("después de sembrar: %v", first)
		}
		if err := Seed(context.Background(), st, h); err != nil {
			t.Fatal(err)
		}
		if again := counts(); again != first {
			t.Fatalf("la segunda siembra cambió datos: %v → %v", first, again)
		}
		for _, l := range Logins() {
			u, ok, err := st.UsuarioPorNombre(context.Background(), l.Usuario)
			if err != nil || !ok || u.Rol != l.Rol || u.EmpresaNombre != l.Empresa || !h.Check(u.PasswordHash, Password) {
				t.Errorf("usuario demo %s: %+v %v", l.Usuario, u, err)
			}
		}
	})
}
