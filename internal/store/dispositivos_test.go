package store_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

func claveDeDispositivo(t *testing.T) ed25519.PublicKey {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub
}

func TestDeviceCodesDrawAgainOnACollisionAndAreUniquePerCompany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		norte := empresaConVendedor(t, st, "Lanchas Norte", "vendedor_norte")
		sur := empresaConVendedor(t, st, "Lanchas Sur", "vendedor_sur")
		primero, err := st.RegistrarDispositivoConCodigos(ctx, norte.vendedor, "Mostrador", claveDeDispositivo(t), "AAAA")
		if err != nil || primero.Codigo != "AAAA" {
			t.Fatalf("primer dispositivo %+v, %v", primero, err)
		}
		// AAAA is taken in the company: drawn again, the device gets the next code
		segundo, err := st.RegistrarDispositivoConCodigos(ctx, norte.vendedor, "Proa", claveDeDispositivo(t), "AAAA", "AAAA", "BBBB")
		if err != nil || segundo.Codigo != "BBBB" {
			t.Fatalf("segundo dispositivo %+v, %v", segundo, err)
		}
		// another company may hold the same code, and the same key
		clave := claveDeDispositivo(t)
		if d, err := st.RegistrarDispositivoConCodigos(ctx, sur.vendedor, "Mostrador", clave, "AAAA"); err != nil || d.Codigo != "AAAA" {
			t.Fatalf("otra empresa: %+v, %v", d, err)
		}
		if _, err := st.RegistrarDispositivoConCodigos(ctx, norte.vendedor, "Mostrador", clave, "CCCC"); err != nil {
			t.Fatalf("la misma clave en otra empresa: %v", err)
		}
		// every code taken, every draw: refused, nothing inserted
		tomados := make([]string, 10)
		for i := range tomados {
			tomados[i] = "AAAA"
		}
		_, err = st.RegistrarDispositivoConCodigos(ctx, norte.vendedor, "Popa", claveDeDispositivo(t), tomados...)
		var e *domain.Error
		if !errors.As(err, &e) || e.Kind != domain.KindUnavailable || e.Message != domain.MsgSinCodigoDispositivo {
			t.Fatalf("sin código libre: %v", err)
		}
		lista, total, err := st.ListarDispositivos(ctx, norte.empresaID, store.Pagina{})
		if err != nil || len(lista) != 3 || total != 3 || lista[0].Codigo != "CCCC" || lista[2].Codigo != "AAAA" ||
			lista[0].Usuario != "vendedor_norte" {
			t.Fatalf("dispositivos de la empresa %+v, %v", lista, err)
		}
		pagina, total, err := st.ListarDispositivos(ctx, norte.empresaID, store.Pagina{Limite: 1, Desplazamiento: 1})
		if err != nil || len(pagina) != 1 || total != 3 || pagina[0].ID != lista[1].ID {
			t.Fatalf("segunda página %+v de %d, %v", pagina, total, err)
		}
		if n, err := st.DispositivosActivos(ctx, norte.empresaID); err != nil || n != 3 {
			t.Fatalf("%d activos, %v", n, err)
		}
	})
}

func TestRevokingIsAuditedOnceAndKeepsTheFirstRevocation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := empresaConVendedor(t, st, "Lanchas Norte", "vendedor_norte")
		d, err := st.RegistrarDispositivo(ctx, e.vendedor, "Mostrador", claveDeDispositivo(t))
		if err != nil {
			t.Fatal(err)
		}
		revocado, err := st.RevocarDispositivo(ctx, e.vendedor, d.ID)
		if err != nil || revocado.RevocadoEn == nil || !revocado.RevocadoEn.Equal(ahora) || *revocado.RevocadoPor != "vendedor_norte" {
			t.Fatalf("revocado %+v, %v", revocado, err)
		}
		st.Now = func() time.Time { return ahora.Add(time.Hour) }
		otra, err := st.RevocarDispositivo(ctx, e.vendedor, d.ID)
		if err != nil || !otra.RevocadoEn.Equal(ahora) {
			t.Fatalf("segunda revocación %+v, %v", otra, err)
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRevocacionDispositivo); n != 1 {
			t.Fatalf("%d revocaciones auditadas", n)
		}
		renombrado, err := st.RenombrarDispositivo(ctx, e.vendedor, d.ID, "Perdido")
		if err != nil || renombrado.Nombre != "Perdido" || renombrado.RevocadoEn == nil {
			t.Fatalf("renombrar un revocado: %+v, %v", renombrado, err)
		}
		ajena := empresaConVendedor(t, st, "Lanchas Sur", "vendedor_sur")
		if _, err := st.RevocarDispositivo(ctx, ajena.vendedor, d.ID); !errors.As(err, new(*domain.Error)) || err.Error() != domain.MsgDispositivoNoEncontrado {
			t.Fatalf("revocar el de otra empresa: %v", err)
		}
	})
}
