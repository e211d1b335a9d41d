package domain

import "testing"

func TestNormalizarTelefono(t *testing.T) {
	for _, c := range []struct{ entrada, want string }{
		// Buenos Aires (11): international, national with trunk 0 and mobile 15, local spellings
		{"+54 9 11 5555 1234", "+5491155551234"},
		{"+5491155551234", "+5491155551234"},
		{"5491155551234", "+5491155551234"},
		{"0054 9 11 5555-1234", "+5491155551234"},
		{"+54 11 5555-1234", "+5491155551234"},
		{"+54 11 15 5555-1234", "+5491155551234"},
		{"11 5555-1234", "+5491155551234"},
		{"1155551234", "+5491155551234"},
		{"011 5555 1234", "+5491155551234"},
		{"(011) 15-5555-1234", "+5491155551234"},
		{"11 15 5555 1234", "+5491155551234"},
		{"  11.5555.1234 ", "+5491155551234"},
		// Córdoba (351), Rosario (341), Mar del Plata (223): three-digit areas
		{"0351 15 555 1234", "+5493515551234"},
		{"351 555-1234", "+5493515551234"},
		{"+54 9 351 555 1234", "+5493515551234"},
		{"(0341) 15 444-5566", "+5493414445566"},
		{"0223 15 499 1234", "+5492234991234"},
		// four-digit areas: Gualeguaychú (3446), San Pedro (3329); Bariloche (294) has three
		{"03446 15 12 3456", "+5493446123456"},
		{"3329 45-6789", "+5493329456789"},
		{"+54 9 3446 12-3456", "+5493446123456"},
		{"0294 15 442 1234", "+5492944421234"},
	} {
		got, err := NormalizarTelefono(c.entrada)
		if err != nil || got != c.want {
			t.Errorf("NormalizarTelefono(%q) = %q, %v; want %q", c.entrada, got, err, c.want)
		}
	}
}

func TestNormalizarTelefonoRefusesWhatCannotBeANumber(t *testing.T) {
	for _, c := range []struct{ entrada, want string }{
		{"", MsgWhatsAppTelefonoObligatorio},
		{"   ", MsgWhatsAppTelefonoObligatorio},
		{"5555-1234", MsgTelefonoSinArea},
		{"15 5555-1234", MsgTelefonoSinArea},
		{"15-5555-1234", MsgTelefonoSinArea},
		{"+1 415 555 1234", "El teléfono +1 415 555 1234 no es un número válido de Argentina"},
		{"+598 99 123 456", "El teléfono +598 99 123 456 no es un número válido de Argentina"},
		{"11 5555-123", "El teléfono 11 5555-123 no es un número válido de Argentina"},
		{"11 5555-12345", "El teléfono 11 5555-12345 no es un número válido de Argentina"},
		{"abc", "El teléfono abc no es un número válido de Argentina"},
		{"11 5555 1234 int 2", "El teléfono 11 5555 1234 int 2 no es un número válido de Argentina"},
		{"11+55551234", "El teléfono 11+55551234 no es un número válido de Argentina"},
		{"4555-123456", "El teléfono 4555-123456 no es un número válido de Argentina"},
		{"+54 8 11 5555 1234", "El teléfono +54 8 11 5555 1234 no es un número válido de Argentina"},
	} {
		got, err := NormalizarTelefono(c.entrada)
		de, ok := AsError(err)
		if !ok || de.Kind != KindInvalid || de.Message != c.want {
			t.Errorf("NormalizarTelefono(%q) = %q, %v; want 400 %q", c.entrada, got, err, c.want)
		}
	}
}

func TestValidarConfigWhatsApp(t *testing.T) {
	for _, c := range []struct{ clave, valor, want, err string }{
		{WhatsAppMensajeBienvenida, "  Hola, gracias por escribir  ", "Hola, gracias por escribir", ""},
		{WhatsAppMensajeBienvenida, "", "", ""},
		{WhatsAppHorarioAtencion, "08:00-18:00", "08:00-18:00", ""},
		{WhatsAppHorarioAtencion, " 8:30 - 17:45 ", "08:30-17:45", ""},
		{WhatsAppHorarioAtencion, "08:30 - 17:45", "08:30-17:45", ""},
		{WhatsAppHorarioAtencion, "", "", ""},
		{WhatsAppHorarioAtencion, "18:00-08:00", "", MsgWhatsAppHorarioInvalido},
		{WhatsAppHorarioAtencion, "08:00", "", MsgWhatsAppHorarioInvalido},
		{WhatsAppHorarioAtencion, "25:00-26:00", "", MsgWhatsAppHorarioInvalido},
		{WhatsAppAutoRespuesta, "true", "true", ""},
		{WhatsAppAutoRespuesta, "false", "false", ""},
		{WhatsAppAutoRespuesta, "si", "", MsgWhatsAppAutoRespuesta},
		{"otra", "x", "", MsgWhatsAppClaveInvalida},
	} {
		got, err := ValidarConfigWhatsApp(c.clave, c.valor)
		msg := ""
		if de, ok := AsError(err); ok {
			msg = de.Message
		} else if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("ValidarConfigWhatsApp(%q, %q) = %q, %q; want %q, %q", c.clave, c.valor, got, msg, c.want, c.err)
		}
	}
}

func TestMensajeWhatsAppBaja(t *testing.T) {
	if got := MensajeWhatsAppBaja(MsgWhatsAppBloqueado, 0); got != "WhatsApp bloqueó el número de la empresa. Vuelva a vincular el número desde Gestión WhatsApp." {
		t.Errorf("sin mensajes: %q", got)
	}
	if got := MensajeWhatsAppBaja(MsgWhatsAppBloqueado, 3); got != "WhatsApp bloqueó el número de la empresa. Vuelva a vincular el número desde Gestión WhatsApp. 3 mensajes pendientes quedaron fallidos." {
		t.Errorf("con mensajes: %q", got)
	}
}
