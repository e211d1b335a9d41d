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
		counts := func() [10]int64 {
			return [10]int64{
				storetest.Int(t, st, `SELECT COUNT(*) FROM empresas`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM usuarios`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM roles`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM precios`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM cajas WHERE estado = 'cerrada'`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM pasajes`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM cajas WHERE estado = 'abierta'`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM embarcaciones`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM horarios`),
				storetest.Int(t, st, `SELECT COUNT(*) FROM salidas`),
			}
		}
		if err := Seed(context.Background(), st, h); err != nil {
			t.Fatal(err)
		}
		first := counts()
		// 2 companies × 5 sections × 5 trip types priced; 3 closed days each; none left open;
		// 3 boats each; one company's 12 timetable lines, with their departures for the coming days
		if first[0] != 2 || first[1] != int64(len(usuarios)) || first[2] != 6 || first[3] != 50 ||
			first[4] != 2*diasHistorial || first[5] < 2*diasHistorial*8 || first[6] != 0 ||
			first[7] != 6 || first[8] != 12 || first[9] < 12 {
			t.Fatalf("después de sembrar: %v", first)
		}
		if d := storetest.Int(t, st, `SELECT COUNT(*) FROM cajas WHERE diferencia <> 0`); d != 0 {
			t.Fatalf("%d cajas del historial cierran con diferencia", d)
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
