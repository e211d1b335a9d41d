package store_test

import (
	"context"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// benchSeller seeds the demo data, opens vendedor's register and returns what a sale needs.
func benchSeller(b *testing.B) (*store.Store, store.Actor, store.Venta) {
	b.Helper()
	st := storetest.SQLite(b)
	ctx := context.Background()
	if err := demo.Seed(ctx, st, auth.Hasher{Cost: bcrypt.MinCost}); err != nil {
		b.Fatal(err)
	}
	u, _, err := st.UsuarioPorNombre(ctx, "vendedor")
	if err != nil {
		b.Fatal(err)
	}
	a := store.Actor{UsuarioID: u.ID, EmpresaID: u.EmpresaID}
	if _, err := st.AbrirCaja(ctx, a, 0, ""); err != nil {
		b.Fatal(err)
	}
	first := func(cat domain.Catalogo) int64 {
		items, err := st.ListarCatalogo(ctx, a.EmpresaID, cat, true)
		if err != nil {
			b.Fatal(err)
		}
		return items[0].ID
	}
	hoy, _ := st.Hoy(ctx, a.EmpresaID)
	v := store.Venta{SeccionID: first(domain.CatSecciones), MedioPagoID: first(domain.CatMediosPago), FechaViaje: hoy.Fecha,
		Lineas: []domain.LineaVenta{{TipoViajeID: first(domain.CatTiposViaje), Cantidad: 3}}}
	return st, a, v
}

// BenchmarkVender measures a three-ticket sale on SQLite: tickets, register
// movement, signed codes and audit in one transaction.
func BenchmarkVender(b *testing.B) {
	st, a, v := benchSeller(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := st.Vender(ctx, a, v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidar measures boarding one ticket by its QR code on SQLite.
func BenchmarkValidar(b *testing.B) {
	st, a, v := benchSeller(b)
	ctx := context.Background()
	v.Lineas[0].Cantidad = 50
	var codes []string
	for len(codes) < b.N {
		ps, err := st.Vender(ctx, a, v)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range ps {
			codes = append(codes, p.CodigoQR)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := st.ValidarPorCodigo(ctx, a, codes[i], "", 0); err != nil {
			b.Fatal(err)
		}
	}
}
