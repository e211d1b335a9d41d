package store_test

import (
	"context"
	"strconv"
	"testing"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// TestGuardarConfiguracionEmailForgetsThePasswordOfAnotherServer: an empty
// password keeps the stored one while host, port and user stay the same
// (whatever else changes), and is forgotten when any of the three changes.
func TestGuardarConfiguracionEmailForgetsThePasswordOfAnotherServer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		id, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta"})
		if err != nil {
			t.Fatal(err)
		}
		a := store.Actor{EmpresaID: id}
		base := store.ConfigEmail{Activo: true, Host: "smtp.example.com", Puerto: 587, Usuario: "ventas@example.com",
			EmailRemitente: "ventas@example.com"}
		guardar := func(cfg store.ConfigEmail, password string) string {
			t.Helper()
			cfg.Password = password
			if err := st.GuardarConfiguracionEmail(ctx, a, cfg); err != nil {
				t.Fatal(err)
			}
			got, _, err := st.ConfiguracionEmail(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return got.Password
		}
		otroNombre := base
		otroNombre.NombreRemitente, otroNombre.Seguro, otroNombre.Plantilla = "Ventas", true, "<p>{{codigo_pasaje}}</p>"
		cambios := map[string]func(*store.ConfigEmail){
			"host":    func(c *store.ConfigEmail) { c.Host = "smtp.otro.example.com" },
			"puerto":  func(c *store.ConfigEmail) { c.Puerto = 465 },
			"usuario": func(c *store.ConfigEmail) { c.Usuario = "otro@example.com" },
		}
		for nombre, cambiar := range cambios {
			if got := guardar(base, "clave-1"); got != "clave-1" {
				t.Fatalf("guardada: %q", got)
			}
			if got := guardar(otroNombre, ""); got != "clave-1" {
				t.Fatalf("otro nombre y TLS: %q", got)
			}
			cfg := otroNombre
			cambiar(&cfg)
			if got := guardar(cfg, ""); got != "" {
				t.Fatalf("otro %s sin contraseña la conservó: %q", nombre, got)
			}
			if got := guardar(cfg, "clave-2"); got != "clave-2" {
				t.Fatalf("otro %s con contraseña: %q", nombre, got)
			}
		}
	})
}

// TestRotationReSealsTheSMTPPasswords: after a rotation the SMTP password
// still opens (with the new key only) and reads back the same.
func TestRotationReSealsTheSMTPPasswords(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		id, err := st.EnsureEmpresa(ctx, store.Empresa{Nombre: "Lanchas del Delta"})
		if err != nil {
			t.Fatal(err)
		}
		cfg := store.ConfigEmail{Activo: true, Host: "smtp.example.com", Puerto: 587, Usuario: "ventas@example.com",
			Password: "clave-smtp", EmailRemitente: "ventas@example.com"}
		if err := st.GuardarConfiguracionEmail(ctx, store.Actor{EmpresaID: id}, cfg); err != nil {
			t.Fatal(err)
		}
		leerSellada := func() string {
			var v string
			if err := st.DB().QueryRow(st.Rebind(`SELECT smtp_password FROM configuracion_email WHERE empresa_id = ?`), id).
				Scan(&v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		antes := leerSellada()
		vieja := st.SecretBox()
		if _, err := st.RotarClaveSecreta(ctx, storetest.Box(t)); err != nil {
			t.Fatal(err)
		}
		despues := leerSellada()
		if despues == antes {
			t.Fatal("la rotación no volvió a cifrar la contraseña SMTP")
		}
		if _, err := vieja.Open(despues, "configuracion_email.smtp_password/"+strconv.FormatInt(id, 10)); err == nil {
			t.Fatal("la clave vieja abre la contraseña rotada")
		}
		got, _, err := st.ConfiguracionEmail(ctx, id)
		if err != nil || got.Password != "clave-smtp" {
			t.Fatalf("después de rotar: %q, %v", got.Password, err)
		}
	})
}
