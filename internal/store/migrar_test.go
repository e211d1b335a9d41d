package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// The refusals of store.CopiarInstalacion (the whole copy is tested through
// the API: internal/api/migracion_test.go).

// instalacionConVentas is a SQLite installation sealed with clave that sold a
// ticket (so its company has a sealed signing key).
func instalacionConVentas(t *testing.T, clave store.Option) *store.Store {
	t.Helper()
	e := nuevaEmpresa(t, storetest.SQLite(t, clave), "Lanchas del Delta", "ana")
	e.abrir(t, 0)
	e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
	return e.st
}

// postgresMigrado is a migrated PostgreSQL schema sealed with clave.
func postgresMigrado(t *testing.T, clave store.Option) *store.Store {
	t.Helper()
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido: la migración necesita PostgreSQL")
	}
	return storetest.Postgres(t, clave)
}

// sinCambios fails unless st holds the rows it held before (antes): the ones
// its migration seeded, and no company.
func sinCambios(t *testing.T, st *store.Store, antes map[string]int64) {
	t.Helper()
	if despues := storetest.Filas(t, st); fmt.Sprint(despues) != fmt.Sprint(antes) || antes["empresas"] != 0 {
		t.Fatalf("el destino cambió:\nantes:   %v\ndespués: %v", antes, despues)
	}
}

func TestLaCopiaRechazaUnEsquemaDeOtraVersion(t *testing.T) {
	t.Parallel()
	clave := store.WithSecretBox(storetest.Box(t))
	destino := postgresMigrado(t, clave)
	origen := instalacionConVentas(t, clave)
	if _, err := destino.DB().Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, TRUE)`); err != nil {
		t.Fatal(err)
	}
	antes := storetest.Filas(t, destino)
	_, err := store.CopiarInstalacion(context.Background(), origen, destino)
	if !errors.Is(err, store.ErrVersionesDistintas) || !strings.Contains(err.Error(), "y PostgreSQL en la 99999") {
		t.Fatalf("error = %v", err)
	}
	sinCambios(t, destino, antes)
}

func TestLaCopiaRechazaOtraClaveDeInstalacion(t *testing.T) {
	t.Parallel()
	destino := postgresMigrado(t, store.WithSecretBox(storetest.Box(t)))
	origen := instalacionConVentas(t, store.WithSecretBox(storetest.Box(t)))
	antes := storetest.Filas(t, destino)
	_, err := store.CopiarInstalacion(context.Background(), origen, destino)
	if err == nil || !strings.HasPrefix(err.Error(), "los secretos copiados no se abren con la clave de instalación") {
		t.Fatalf("error = %v", err)
	}
	sinCambios(t, destino, antes)
}

func TestLaCopiaSoloVaDeSQLiteAPostgreSQL(t *testing.T) {
	t.Parallel()
	clave := store.WithSecretBox(storetest.Box(t))
	a, b := storetest.SQLite(t, clave), storetest.SQLite(t, clave)
	if _, err := store.CopiarInstalacion(context.Background(), a, b); err == nil ||
		err.Error() != "la migración copia una base SQLite en una base PostgreSQL" {
		t.Fatalf("error = %v", err)
	}
}

func TestUnaBaseConTablasAjenasNoSeMigra(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.PostgresSchema(t)
	st, err := store.Open(url, store.WithSecretBox(storetest.Box(t)))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.ComprobarBaseDeMuelle(ctx); err != nil {
		t.Fatalf("un esquema vacío: %v", err)
	}
	if _, err := st.DB().Exec(`CREATE TABLE facturas (id bigint PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	if err := st.ComprobarBaseDeMuelle(ctx); !errors.Is(err, store.ErrBaseAjena) {
		t.Fatalf("error = %v", err)
	}
	if _, err := st.DB().Exec(`DROP TABLE facturas`); err != nil {
		t.Fatal(err)
	}
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := st.ComprobarBaseDeMuelle(ctx); err != nil {
		t.Fatalf("una base de Muelle: %v", err)
	}
}

// TestLaCopiaAbreLasCredencialesDeLosServicios: the copy opens the outside
// services' credentials with the installation key (they read back the same
// on PostgreSQL), and refuses a copy whose credentials do not open.
func TestLaCopiaAbreLasCredencialesDeLosServicios(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clave := store.WithSecretBox(storetest.Box(t))
	for _, ajenas := range []bool{false, true} {
		destino := postgresMigrado(t, clave)
		origen := storetest.SQLite(t, clave)
		id, err := origen.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta"})
		if err != nil {
			t.Fatal(err)
		}
		if err := origen.GuardarCredenciales(ctx, store.Actor{EmpresaID: id}, id, "arca", []byte("certificado y clave")); err != nil {
			t.Fatal(err)
		}
		if ajenas { // sealed with another installation's key
			otra, err := storetest.Box(t).Seal([]byte("certificado y clave"), fmt.Sprintf("credenciales_servicios.datos/%d/arca", id))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := origen.DB().Exec(`UPDATE credenciales_servicios SET datos = ?`, otra); err != nil {
				t.Fatal(err)
			}
		}
		inf, err := store.CopiarInstalacion(ctx, origen, destino)
		if ajenas {
			if err == nil || !strings.HasPrefix(err.Error(), "los secretos copiados no se abren con la clave de instalación") ||
				!strings.Contains(err.Error(), "credenciales de servicios") {
				t.Fatalf("credenciales ajenas: %v", err)
			}
			continue
		}
		if err != nil || inf.Secretos < 1 {
			t.Fatalf("copia: %d secretos, %v", inf.Secretos, err)
		}
		if datos, err := destino.CredencialesDe(ctx, id, "arca"); err != nil || string(datos) != "certificado y clave" {
			t.Fatalf("en PostgreSQL: %q, %v", datos, err)
		}
	}
}
