package domain

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

func TestCUITValido(t *testing.T) {
	casos := []struct {
		ruc           string
		forma, valido bool
	}{
		{"33-69345023-9", true, true}, // AFIP
		{"30-50001091-2", true, true}, // Banco de la Nación Argentina
		{"30500010912", true, true},
		{"20-17254359-7", true, true},
		{"33-69345023-8", true, false},
		{"30-50001091-3", true, false},
		{"20172543590", true, false},
		{"30-5000109-12", false, false},
		{"1234567890", false, false},
		{"RUC-PY-800123", false, false},
	}
	for _, c := range casos {
		if got := EsFormaCUIT(c.ruc); got != c.forma {
			t.Errorf("EsFormaCUIT(%q) = %v, esperaba %v", c.ruc, got, c.forma)
		}
		if got := CUITValido(c.ruc); got != c.valido {
			t.Errorf("CUITValido(%q) = %v, esperaba %v", c.ruc, got, c.valido)
		}
	}
}

func TestValidarEmpresa(t *testing.T) {
	base := DatosEmpresa{Nombre: "Lanchas", RUC: "33-69345023-9", Tipo: EmpresaOperativa,
		Timezone: "America/Argentina/Buenos_Aires"}
	casos := []struct {
		cambiar func(*DatosEmpresa)
		ruc     bool
		msg     string
	}{
		{func(*DatosEmpresa) {}, true, ""},
		{func(d *DatosEmpresa) { d.RUC = "" }, true, MsgEmpresaObligatorios},
		{func(d *DatosEmpresa) { d.RUC = "" }, false, ""},
		{func(d *DatosEmpresa) { d.Nombre = " " }, false, MsgEmpresaNombre},
		{func(d *DatosEmpresa) { d.RUC = "33-69345023-8" }, true, MsgCUITInvalido},
		{func(d *DatosEmpresa) { d.RUC = "80012345-6" }, true, ""}, // not CUIT-shaped: any tax id
		{func(d *DatosEmpresa) { d.Tipo = "mixta" }, true, MsgTipoEmpresa},
		{func(d *DatosEmpresa) { d.Timezone = "America/Tigre" }, true, MsgZonaHorariaInvalida},
		{func(d *DatosEmpresa) { d.Timezone = "Local" }, true, MsgZonaHorariaInvalida},
		{func(d *DatosEmpresa) { d.Timezone = "Europe/Madrid" }, true, ""},
	}
	for i, c := range casos {
		d := base
		c.cambiar(&d)
		err := ValidarEmpresa(d, c.ruc)
		if (c.msg == "" && err != nil) || (c.msg != "" && (err == nil || err.Error() != c.msg)) {
			t.Errorf("caso %d: error %v, esperaba %q", i, err, c.msg)
		}
	}
}

func TestTipoLogo(t *testing.T) {
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	grande := append(bytes.Clone(img.Bytes()), make([]byte, 6<<20)...)
	casos := []struct {
		nombre string
		datos  []byte
		tipo   string
		msg    string
	}{
		{"png", img.Bytes(), "image/png", ""},
		{"vacío", nil, "", MsgLogoSinArchivo},
		{"texto", []byte("esto no es una imagen, aunque se llame logo.png"), "", MsgLogoNoImagen},
		{"cabecera png sin imagen", append([]byte("\x89PNG\r\n\x1a\n"), "basura"...), "", MsgLogoNoImagen},
		{"6 MB", grande, "", MsgLogoGrande},
	}
	for _, c := range casos {
		tipo, err := TipoLogo(c.datos)
		if tipo != c.tipo || (c.msg == "" && err != nil) || (c.msg != "" && (err == nil || err.Error() != c.msg)) {
			t.Errorf("%s: %q %v, esperaba %q %q", c.nombre, tipo, err, c.tipo, c.msg)
		}
	}
}

func TestValidarConfiguracion(t *testing.T) {
	casos := []struct{ clave, valor, msg string }{
		{"color_primario", "#0E7490", ""},
		{"color_primario", "azul", "El valor de color_primario debe ser un color #RRGGBB"},
		{"horario_apertura", "08:00", ""},
		{"horario_cierre", "25:00", "El valor de horario_cierre debe ser una hora HH:MM"},
		{"whatsapp_activo", "si", "El valor de whatsapp_activo debe ser true o false"},
		{"Clave Mala", "x", "La clave debe tener letras minúsculas, números o guiones bajos"},
		{"email_soporte", " ", "El valor es obligatorio"},
		{"email_soporte", "soporte@muelle.ar", ""},
	}
	for _, c := range casos {
		err := ValidarConfiguracion(c.clave, c.valor)
		if (c.msg == "" && err != nil) || (c.msg != "" && (err == nil || err.Error() != c.msg)) {
			t.Errorf("%s=%q: %v, esperaba %q", c.clave, c.valor, err, c.msg)
		}
	}
}
