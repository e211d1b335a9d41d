package domain

import "testing"

func TestClasificarFalla(t *testing.T) {
	cases := []struct{ texto, categoria, detalle string }{
		{"", "", ""},
		{MsgCorreoSinSTARTTLS, MsgCorreoSinSTARTTLS, ""},
		{MsgCorreoSinConexion + ": dial tcp 10.1.2.3:587: connect: connection refused", MsgCorreoSinConexion,
			"dial tcp 10.1.2.3:587: connect: connection refused"},
		{"No se pudo conectar con WhatsApp: websocket: bad handshake", MsgWhatsAppSinConexion, "websocket: bad handshake"},
		{MsgWhatsAppSesionCerrada, MsgWhatsAppSesionCerrada, ""},
		{"El servicio tardó demasiado en responder: ARCA POST https://wsaa.afip.gov.ar/ws/services/LoginCms: timeout",
			MsgServicioDemora, "ARCA POST https://wsaa.afip.gov.ar/ws/services/LoginCms: timeout"},
		{MsgServicioCredenciales, MsgServicioCredenciales, ""},
		// a raw text, stored before the categories, never becomes the category
		{"smtp.example.com:587: i/o timeout", MsgFallaInesperada, "smtp.example.com:587: i/o timeout"},
		{MsgCorreoRechazado + "x", MsgFallaInesperada, MsgCorreoRechazado + "x"},
	}
	for _, tc := range cases {
		f := ClasificarFalla(tc.texto)
		if f.Categoria != tc.categoria || f.Detalle != tc.detalle {
			t.Errorf("%q: %+v, want %q / %q", tc.texto, f, tc.categoria, tc.detalle)
		}
		if tc.texto != "" && f.Texto() != tc.texto && f.Categoria != MsgFallaInesperada {
			t.Errorf("%q: Texto %q", tc.texto, f.Texto())
		}
	}
}

func TestVeDetallesTecnicos(t *testing.T) {
	for rol, ve := range map[string]bool{RolSuperAdmin: true, RolAdmin: true, RolSupervisor: false, RolVendedor: false,
		RolLancha: false, "personalizado": false} {
		if VeDetallesTecnicos(rol) != ve {
			t.Errorf("%s: %v", rol, !ve)
		}
	}
}
