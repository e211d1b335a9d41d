package store_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// credencialesMP are a company's Mercado Pago credentials as its package
// would store them.
const credencialesMP = `{"access_token":"APP_USR-1234-secreto","webhook_secret":"whsec-secreto"}`

// selladas is the stored value of a company's credentials for a service.
func selladas(t *testing.T, st *store.Store, empresaID int64, servicio string) string {
	t.Helper()
	var v string
	if err := st.DB().QueryRow(st.Rebind(`SELECT datos FROM credenciales_servicios WHERE empresa_id = ? AND servicio = ?`),
		empresaID, servicio).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// esperarNoEncontradas fails unless err is the 404 of credentials never saved.
func esperarNoEncontradas(t *testing.T, datos []byte, err error) {
	t.Helper()
	if e, ok := domain.AsError(err); !ok || e.Kind != domain.KindNotFound || e.Message != domain.MsgCredencialesNoConfiguradas ||
		datos != nil {
		t.Fatalf("%q, %v: se esperaba 404 %q", datos, err, domain.MsgCredencialesNoConfiguradas)
	}
}

// dosEmpresas are two companies of st.
func dosEmpresas(t *testing.T, st *store.Store) (int64, int64) {
	t.Helper()
	ctx := context.Background()
	a, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Interisleña"})
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// TestCredentialsAreSealedAuditedAndTheirCompanysOnly: the stored value is
// sealed (neither the text nor any part of it), opens back for its company
// and service only, a second save replaces it, every save is audited without
// the secret, and another company (or another service) finds none; a company
// that does not exist is 404 and nothing is stored.
func TestCredentialsAreSealedAuditedAndTheirCompanysOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, b := dosEmpresas(t, st)
		actor := store.Actor{EmpresaID: a, IP: "10.0.0.7"}
		if err := st.GuardarCredenciales(ctx, actor, a, "mercadopago", []byte(credencialesMP)); err != nil {
			t.Fatal(err)
		}
		crudo := selladas(t, st, a, "mercadopago")
		if !secretbox.IsSealed(crudo) || strings.Contains(crudo, "secreto") || strings.Contains(crudo, "APP_USR") {
			t.Fatalf("las credenciales se guardaron en claro: %.40s…", crudo)
		}
		if datos, err := st.CredencialesDe(ctx, a, "mercadopago"); err != nil || string(datos) != credencialesMP {
			t.Fatalf("leídas: %q, %v", datos, err)
		}
		datos, err := st.CredencialesDe(ctx, b, "mercadopago")
		esperarNoEncontradas(t, datos, err)
		datos, err = st.CredencialesDe(ctx, a, "arca")
		esperarNoEncontradas(t, datos, err)

		otras := `{"access_token":"APP_USR-9999-nuevo"}`
		if err := st.GuardarCredenciales(ctx, actor, a, "mercadopago", []byte(otras)); err != nil {
			t.Fatal(err)
		}
		if datos, err := st.CredencialesDe(ctx, a, "mercadopago"); err != nil || string(datos) != otras {
			t.Fatalf("reemplazadas: %q, %v", datos, err)
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM credenciales_servicios`); n != 1 {
			t.Fatalf("%d filas, se esperaba 1", n)
		}
		auditadas, err := st.AuditoriaPorAccion(ctx, store.AccionCredencialesServicio)
		if err != nil || len(auditadas) != 2 {
			t.Fatalf("auditoría: %d, %v", len(auditadas), err)
		}
		for _, f := range auditadas {
			if f.EmpresaID == nil || *f.EmpresaID != a || f.IP != "10.0.0.7" || !f.Exito ||
				f.Detalles != "Credenciales de mercadopago guardadas" {
				t.Fatalf("auditoría: %+v", f)
			}
		}

		err = st.GuardarCredenciales(ctx, actor, a+b+100, "mercadopago", []byte(credencialesMP))
		if e, ok := domain.AsError(err); !ok || e.Kind != domain.KindNotFound || e.Message != domain.MsgEmpresaNoEncontrada {
			t.Fatalf("empresa inexistente: %v", err)
		}
		if n := storetest.Int(t, st, `SELECT COUNT(*) FROM credenciales_servicios`); n != 1 {
			t.Fatalf("%d filas después de la empresa inexistente", n)
		}
	})
}

// TestSealedCredentialsOpenOnlyInTheirOwnRow: another company's sealed value
// copied into a company's row does not open there (the seal names its
// company and service).
func TestSealedCredentialsOpenOnlyInTheirOwnRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, b := dosEmpresas(t, st)
		if err := st.GuardarCredenciales(ctx, store.Actor{EmpresaID: a}, a, "mercadopago", []byte(credencialesMP)); err != nil {
			t.Fatal(err)
		}
		if _, err := st.DB().Exec(st.Rebind(`INSERT INTO credenciales_servicios (empresa_id, servicio, datos, updated_at)
			SELECT ?, servicio, datos, updated_at FROM credenciales_servicios WHERE empresa_id = ?`), b, a); err != nil {
			t.Fatal(err)
		}
		if datos, err := st.CredencialesDe(ctx, b, "mercadopago"); !errors.Is(err, secretbox.ErrOpen) || datos != nil {
			t.Fatalf("el valor de otra empresa se abrió: %q, %v", datos, err)
		}
	})
}

// TestRotationReSealsTheCredentials: a rotation re-seals every company's
// credentials, which open with the new key only and read back the same.
func TestRotationReSealsTheCredentials(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, b := dosEmpresas(t, st)
		type credenciales struct {
			empresa  int64
			servicio string
		}
		guardadas := map[credenciales]string{{a, "mercadopago"}: credencialesMP, {a, "arca"}: "-----BEGIN CERTIFICATE-----",
			{b, "mercadopago"}: `{"access_token":"APP_USR-b"}`}
		antes := map[credenciales]string{}
		for k, v := range guardadas {
			if err := st.GuardarCredenciales(ctx, store.Actor{EmpresaID: k.empresa}, k.empresa, k.servicio, []byte(v)); err != nil {
				t.Fatal(err)
			}
			antes[k] = selladas(t, st, k.empresa, k.servicio)
		}
		vieja, nueva := st.SecretBox(), storetest.Box(t)
		if n, err := st.RotarClaveSecreta(ctx, nueva); err != nil || n < len(guardadas) {
			t.Fatalf("rotados %d: %v", n, err)
		}
		for k, v := range guardadas {
			despues := selladas(t, st, k.empresa, k.servicio)
			contexto := "credenciales_servicios.datos/" + strconv.FormatInt(k.empresa, 10) + "/" + k.servicio
			if despues == antes[k] {
				t.Fatalf("%v: la rotación no volvió a cifrar", k)
			}
			if _, err := vieja.Open(despues, contexto); err == nil {
				t.Fatalf("%v: la clave vieja abre las credenciales rotadas", k)
			}
			if plano, err := nueva.Open(despues, contexto); err != nil || string(plano) != v {
				t.Fatalf("%v: la clave nueva no las abre: %v", k, err)
			}
			if datos, err := st.CredencialesDe(ctx, k.empresa, k.servicio); err != nil || string(datos) != v {
				t.Fatalf("%v después de rotar: %q, %v", k, datos, err)
			}
		}
	})
}
