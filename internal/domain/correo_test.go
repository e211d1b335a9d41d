package domain

import "testing"

func TestEmailValido(t *testing.T) {
	for s, want := range map[string]bool{
		"ana@example.com": true, "a.b+c@sub.example.com.ar": true,
		"": false, "ana": false, "ana@": false, "ana@localhost": false, "Ana <ana@example.com>": false,
		"ana@example.com\nBcc: x@y.com": false,
	} {
		if got := EmailValido(s); got != want {
			t.Errorf("EmailValido(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestConfigEmailValidar(t *testing.T) {
	ok := ConfigEmail{Host: "smtp.gmail.com", Usuario: "u", Remitente: "u@example.com", Puerto: 587}
	cases := []struct {
		name string
		edit func(*ConfigEmail)
		want string
	}{
		{"completa", func(*ConfigEmail) {}, ""},
		{"sin host", func(c *ConfigEmail) { c.Host = " " }, MsgEmailHostObligatorio},
		{"puerto 0", func(c *ConfigEmail) { c.Puerto = 0 }, MsgEmailPuertoInvalido},
		{"puerto alto", func(c *ConfigEmail) { c.Puerto = 70000 }, MsgEmailPuertoInvalido},
		{"puerto 465", func(c *ConfigEmail) { c.Puerto = 465 }, ""},
		{"puerto no SMTP", func(c *ConfigEmail) { c.Puerto = 6379 }, MsgEmailPuertoNoPermitido},
		{"cualquier puerto permitido", func(c *ConfigEmail) { c.Puerto, c.CualquierPuerto = 6379, true }, ""},
		{"sin usuario", func(c *ConfigEmail) { c.Usuario = "" }, MsgEmailUsuarioObligatorio},
		{"sin contraseña", func(c *ConfigEmail) { c.FaltaPassword = true }, MsgEmailPasswordObligatoria},
		{"otro servidor sin contraseña", func(c *ConfigEmail) { c.FaltaPassword, c.ServidorCambiado = true, true },
			MsgEmailPasswordDeNuevo},
		{"otro servidor con contraseña", func(c *ConfigEmail) { c.ServidorCambiado = true }, ""},
		{"remitente", func(c *ConfigEmail) { c.Remitente = "nada" }, MsgEmailRemitenteInvalido},
		// a host name, an IPv4 address or a bracketed IPv6 literal (issue 36 item 14)
		{"nombre de un solo rótulo", func(c *ConfigEmail) { c.Host = "correo" }, ""},
		{"nombre con punto final", func(c *ConfigEmail) { c.Host = " mail.example.com. " }, ""},
		{"IPv4", func(c *ConfigEmail) { c.Host = "203.0.113.5" }, ""},
		{"IPv6 entre corchetes", func(c *ConfigEmail) { c.Host = "[2001:db8::25]" }, ""},
		{"IPv6 sin corchetes", func(c *ConfigEmail) { c.Host = "::ffff:0:7f00:1" }, MsgEmailHostInvalido},
		{"IPv6 compatible sin corchetes", func(c *ConfigEmail) { c.Host = "::7f00:1" }, MsgEmailHostInvalido},
		{"IPv4 entre corchetes", func(c *ConfigEmail) { c.Host = "[127.0.0.1]" }, MsgEmailHostInvalido},
		{"IPv4 mapeada entre corchetes", func(c *ConfigEmail) { c.Host = "[::ffff:127.0.0.1]" }, MsgEmailHostInvalido},
		{"IPv6 con zona", func(c *ConfigEmail) { c.Host = "[fe80::1%eth0]" }, MsgEmailHostInvalido},
		{"IPv4 decimal", func(c *ConfigEmail) { c.Host = "2130706433" }, MsgEmailHostInvalido},
		{"IPv4 hexadecimal", func(c *ConfigEmail) { c.Host = "0x7f.0x1" }, MsgEmailHostInvalido},
		{"IPv4 abreviada", func(c *ConfigEmail) { c.Host = "127.1" }, MsgEmailHostInvalido},
		{"IPv4 octal", func(c *ConfigEmail) { c.Host = "0177.0.0.01" }, MsgEmailHostInvalido},
		{"con puerto", func(c *ConfigEmail) { c.Host = "smtp.example.com:25" }, MsgEmailHostInvalido},
		{"con esquema", func(c *ConfigEmail) { c.Host = "smtp://smtp.example.com" }, MsgEmailHostInvalido},
		{"rótulo vacío", func(c *ConfigEmail) { c.Host = "smtp..example.com" }, MsgEmailHostInvalido},
		{"guion al borde", func(c *ConfigEmail) { c.Host = "-smtp.example.com" }, MsgEmailHostInvalido},
		{"con espacio", func(c *ConfigEmail) { c.Host = "smtp example.com" }, MsgEmailHostInvalido},
	}
	for _, tc := range cases {
		c := ok
		tc.edit(&c)
		err := c.Validar()
		if (tc.want == "" && err != nil) || (tc.want != "" && (err == nil || err.Error() != tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestEstadoEmail(t *testing.T) {
	ok := ConfigEmail{Host: "smtp.gmail.com", Usuario: "u", Remitente: "u@example.com", Puerto: 587}
	cases := []struct {
		name           string
		existe, activo bool
		c              ConfigEmail
		probada        bool
		fallo, want    string
		mensaje        string
	}{
		{"sin fila", false, false, ConfigEmail{}, false, "", EmailSinConfigurar, "El envío de email no está configurado"},
		{"incompleta", true, true, ConfigEmail{Puerto: 587}, false, "", EmailIncompleto, "La configuración de email está incompleta"},
		{"apagada", true, false, ok, true, "", EmailInactivo, "El envío de email está desactivado"},
		{"prueba fallida", true, true, ok, true, MsgCorreoCredenciales + ": 535 5.7.8 auth failed on smtp.example.com",
			EmailError, "La última prueba falló: Usuario o contraseña rechazados"},
		{"fallo sin categoría", true, true, ok, true, "dial tcp 10.0.0.1:587: refused", EmailError,
			"La última prueba falló: " + MsgFallaInesperada},
		{"recién guardada", true, true, ok, false, "", EmailSinProbar, "Configurado, sin probar"},
		{"funciona", true, true, ok, true, "", EmailFuncionando, "El envío de email está configurado y activo"},
	}
	for _, tc := range cases {
		if got, mensaje := EstadoEmail(tc.existe, tc.activo, tc.c, tc.probada, tc.fallo); got != tc.want || mensaje != tc.mensaje {
			t.Errorf("%s: %s %q, want %s %q", tc.name, got, mensaje, tc.want, tc.mensaje)
		}
	}
}
