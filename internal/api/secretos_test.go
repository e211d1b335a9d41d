package api

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store/storetest"
)

// storedKey is the stored private key of a company, as a backup would show it.
func (e *env) storedKey(empresaID int64) string {
	e.t.Helper()
	var v string
	if err := e.st.DB().QueryRow(e.st.Rebind(`SELECT clave_privada FROM empresa_claves WHERE empresa_id = ?`),
		empresaID).Scan(&v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

// signedWith sells a ticket and reports whether its code verifies with pub.
func (e *env) signedWith(pub ed25519.PublicKey) bool {
	e.t.Helper()
	p := e.vendidos(1)[0]
	_, err := domain.VerificarCodigoQR(pub, p.CodigoQR)
	return err == nil
}

func TestSigningKeysAreSealedAtRest(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.vendidos(1)
		v := e.storedKey(1)
		if !secretbox.IsSealed(v) {
			t.Fatalf("la clave privada está en claro: %.12s…", v)
		}
		if raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(v, "v1:")); err == nil &&
			len(raw) == ed25519.PrivateKeySize {
			t.Fatal("la clave privada guardada es la clave misma")
		}
	})
}

func TestPlainKeysAreSealedOnStartAndRotationReSealsThem(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.vendidos(1)
		// an installation from before the encryption: the key in plain base64
		pub, priv, _ := ed25519.GenerateKey(rand.Reader)
		enc := base64.StdEncoding
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE empresa_claves SET clave_publica = ?, clave_privada = ?
			WHERE empresa_id = 1`), enc.EncodeToString(pub), enc.EncodeToString(priv)); err != nil {
			t.Fatal(err)
		}
		if n, err := e.st.CifrarSecretos(ctx); err != nil || n != 1 {
			t.Fatalf("cifrados %d: %v", n, err)
		}
		sealed := e.storedKey(1)
		if !secretbox.IsSealed(sealed) {
			t.Fatal("la clave en claro no se cifró")
		}
		if n, err := e.st.CifrarSecretos(ctx); err != nil || n != 0 {
			t.Fatalf("una segunda pasada cifró %d: %v", n, err)
		}
		if !e.signedWith(pub) {
			t.Fatal("después de cifrarla, la venta no firma con la misma clave")
		}

		nueva := storetest.Box(t)
		if n, err := e.st.RotarClaveSecreta(ctx, nueva); err != nil || int64(n) != e.count(`SELECT COUNT(*) FROM empresa_claves`)+1 {
			t.Fatalf("rotados %d: %v", n, err)
		}
		rotated := e.storedKey(1)
		if rotated == sealed {
			t.Fatal("la rotación no volvió a cifrar")
		}
		if _, err := nueva.Open(rotated, "empresa_claves.clave_privada/1"); err != nil {
			t.Fatalf("la clave nueva no abre el secreto rotado: %v", err)
		}
		if _, err := storetest.Box(t).Open(rotated, "empresa_claves.clave_privada/1"); err == nil {
			t.Fatal("otra clave abrió el secreto")
		}
		if !e.signedWith(pub) {
			t.Fatal("después de rotar, la venta no firma con la misma clave")
		}
	})
}

func TestTheTokenSecretIsSealedAndAPlainOneIsSealedKeepingItsValue(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		stored, _, _ := e.st.Setting(ctx, auth.SettingJWTSecret)
		if !secretbox.IsSealed(stored) {
			t.Fatalf("el secreto de los tokens está en claro: %.12s…", stored)
		}
		// an installation from before the encryption
		plain := auth.RandomHex(32)
		if err := e.st.SetSetting(ctx, auth.SettingJWTSecret, plain); err != nil {
			t.Fatal(err)
		}
		old, err := auth.NewTokens([]byte(plain), time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		u, _, _ := e.st.UsuarioPorNombre(ctx, "admin")
		tok, _, _ := old.Issue(auth.ClaimsFor(u), e.now)
		svc, err := auth.NewService(ctx, e.st, time.Hour, 4)
		if err != nil {
			t.Fatal(err)
		}
		if stored, _, _ := e.st.Setting(ctx, auth.SettingJWTSecret); !secretbox.IsSealed(stored) {
			t.Fatal("el secreto en claro no se cifró")
		}
		e.srv.Auth = svc
		e.do("GET", "/api/auth/me", tok, nil).expect(t, http.StatusOK, "")
	})
}
