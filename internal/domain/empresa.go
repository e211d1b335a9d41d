package domain

import (
	"bytes"
	"fmt"
	"image"
	_ "image/gif"  // decodes the size of a GIF logo
	_ "image/jpeg" // decodes the size of a JPEG logo
	_ "image/png"  // decodes the size of a PNG logo
	"net/http"
	"regexp"
	"strings"
)

// Tipos de empresa.
const (
	EmpresaOperativa      = "operativa"
	EmpresaAdministrativa = "administrativa"
)

// Spanish messages of the company rules.
const (
	MsgEmpresaObligatorios = "Nombre y RUC son obligatorios"
	MsgEmpresaNombre       = "El nombre de la empresa es obligatorio"
	MsgCUITInvalido        = "El RUC tiene forma de CUIT (11 dígitos) pero su dígito verificador no es válido"
	MsgTipoEmpresa         = "El tipo de empresa debe ser operativa o administrativa"
	MsgLogoSinArchivo      = "Por favor selecciona un archivo primero"
	MsgLogoNoImagen        = "Por favor selecciona un archivo de imagen válido"
	MsgLogoGrande          = "El archivo es demasiado grande. Máximo 5MB"
)

// MaxLogoBytes is the largest company logo accepted (5 MB).
const MaxLogoBytes = 5 << 20

var cuitForma = regexp.MustCompile(`^(\d{2})-?(\d{8})-?(\d)$`)

// EsFormaCUIT reports whether a tax id looks like an Argentine CUIT: 11 digits,
// with or without the dashes of 20-12345678-9.
func EsFormaCUIT(ruc string) bool { return cuitForma.MatchString(strings.TrimSpace(ruc)) }

// CUITValido checks the check digit of a CUIT-shaped tax id (weights
// 5,4,3,2,7,6,5,4,3,2 modulo 11; a remainder that gives 10 is never valid).
func CUITValido(ruc string) bool {
	m := cuitForma.FindStringSubmatch(strings.TrimSpace(ruc))
	if m == nil {
		return false
	}
	digitos := m[1] + m[2] + m[3]
	pesos := []int{5, 4, 3, 2, 7, 6, 5, 4, 3, 2}
	suma := 0
	for i, p := range pesos {
		suma += int(digitos[i]-'0') * p
	}
	dv := (11 - suma%11) % 11
	return dv != 10 && dv == int(digitos[10]-'0')
}

// DatosEmpresa are the editable fields of a company.
type DatosEmpresa struct {
	Nombre, RUC, Direccion, Telefono, Email, Tipo, Timezone string
}

// ValidarEmpresa checks a company of the companies screen: nombre and RUC
// required, a CUIT-shaped RUC with a valid check digit, a known tipo and a
// real IANA time zone. rucObligatorio is false in the general configuration
// (there only the name is required).
func ValidarEmpresa(d DatosEmpresa, rucObligatorio bool) error {
	switch {
	case rucObligatorio && (strings.TrimSpace(d.Nombre) == "" || strings.TrimSpace(d.RUC) == ""):
		return Invalid(MsgEmpresaObligatorios)
	case strings.TrimSpace(d.Nombre) == "":
		return Invalid(MsgEmpresaNombre)
	case EsFormaCUIT(d.RUC) && !CUITValido(d.RUC):
		return Invalid(MsgCUITInvalido)
	case d.Tipo != EmpresaOperativa && d.Tipo != EmpresaAdministrativa:
		return Invalid(MsgTipoEmpresa)
	}
	return ValidarZonaHoraria(d.Timezone)
}

// TipoLogo checks a logo by its content, never its name: a PNG, JPEG or GIF
// that really decodes as such, and returns its media type.
func TipoLogo(datos []byte) (string, error) {
	if len(datos) == 0 {
		return "", Invalid(MsgLogoSinArchivo)
	}
	if len(datos) > MaxLogoBytes {
		return "", Invalid(MsgLogoGrande)
	}
	formatos := map[string]string{"image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif"}
	tipo := http.DetectContentType(datos)
	formato, ok := formatos[tipo]
	if !ok {
		return "", Invalid(MsgLogoNoImagen)
	}
	if _, f, err := image.DecodeConfig(bytes.NewReader(datos)); err != nil || f != formato {
		return "", Invalid(MsgLogoNoImagen)
	}
	return tipo, nil
}

// ConfiguracionPreset is a per-company setting the screen offers to fill in.
type ConfiguracionPreset struct {
	Clave, Valor, Descripcion string
}

// ConfiguracionesPreset are the presets of the per-company settings (backoffice §3).
var ConfiguracionesPreset = []ConfiguracionPreset{
	{"horario_apertura", "08:00", "Hora de apertura de la boletería"},
	{"horario_cierre", "18:00", "Hora de cierre de la boletería"},
	{"whatsapp_numero", "", "Número de WhatsApp de la empresa"},
	{"whatsapp_activo", "false", "Envío de mensajes por WhatsApp"},
	{"email_soporte", "", "E-mail de soporte"},
	{"puntos_por_compra", "10", "Puntos que suma cada compra"},
	{"sistema_puntos_activo", "false", "Sistema de puntos activo"},
	{"logo_url", "", "Dirección del logo"},
	{"color_primario", "#3B82F6", "Color primario de la aplicación"},
	{"color_secundario", "#10B981", "Color secundario de la aplicación"},
}

var (
	claveConfiguracion = regexp.MustCompile(`^[a-z][a-z0-9_]{0,59}$`)
	colorHex           = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)
	horaMinuto         = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)
)

// ValidarConfiguracion checks a per-company setting: a key of lowercase
// letters, digits and underscores, a value, and for the known keys the shape
// of their value (colours #RRGGBB, hours HH:MM, flags true/false).
func ValidarConfiguracion(clave, valor string) error {
	if !claveConfiguracion.MatchString(clave) {
		return Invalid("La clave debe tener letras minúsculas, números o guiones bajos")
	}
	if strings.TrimSpace(valor) == "" {
		return Invalid("El valor es obligatorio")
	}
	if clave == ClaveToleranciaCierre {
		tol, err := ToleranciaCierre(valor)
		if err != nil {
			return err
		}
		return ConfigCaja{Tolerancia: tol}.Validar()
	}
	switch {
	case strings.HasPrefix(clave, "color_") && !colorHex.MatchString(valor):
		return Invalid(fmt.Sprintf("El valor de %s debe ser un color #RRGGBB", clave))
	case strings.HasPrefix(clave, "horario_") && !horaMinuto.MatchString(valor):
		return Invalid(fmt.Sprintf("El valor de %s debe ser una hora HH:MM", clave))
	case strings.HasSuffix(clave, "_activo") && valor != "true" && valor != "false":
		return Invalid(fmt.Sprintf("El valor de %s debe ser true o false", clave))
	}
	return nil
}

// CatalogoInicial is what a new company starts with: one section, the usual
// trip types and the payment methods (the same names the demo seed uses).
type CatalogoInicial struct {
	Secciones, TiposViaje, MediosPago []ItemCatalogo
}

func capacidadInicial(n int64) *int64 { return &n }

// CatalogoDeEmpresaNueva is the default catalog of a company created from the
// companies screen.
func CatalogoDeEmpresaNueva() CatalogoInicial {
	return CatalogoInicial{
		Secciones: []ItemCatalogo{{Nombre: "Sección principal", Descripcion: "Recorrido principal de la empresa",
			Capacidad: capacidadInicial(50), Activo: true}},
		TiposViaje: TiposViajeIniciales(),
		MediosPago: MediosPagoIniciales(),
	}
}

// TiposViajeIniciales are the usual passenger categories.
func TiposViajeIniciales() []ItemCatalogo {
	return activos([]ItemCatalogo{
		{Nombre: "General", Descripcion: "Tarifa general"},
		{Nombre: "Jubilado", Descripcion: "Jubilados y pensionados con credencial"},
		{Nombre: "Estudiante", Descripcion: "Estudiantes con boleto estudiantil"},
		{Nombre: "Menor", Descripcion: "Menores de 3 a 11 años"},
		{Nombre: "Residente isleño", Descripcion: "Residentes del Delta con credencial municipal"},
	})
}

// MediosPagoIniciales are the usual payment methods.
func MediosPagoIniciales() []ItemCatalogo {
	return activos([]ItemCatalogo{
		{Nombre: "Efectivo", Descripcion: "Pago en efectivo en boletería", Tipo: texto(TipoEfectivo)},
		{Nombre: "Débito", Descripcion: "Tarjeta de débito", Referencia: texto(ReferenciaTarjeta), Tipo: texto(TipoTarjeta)},
		{Nombre: "Crédito", Descripcion: "Tarjeta de crédito en un pago", Referencia: texto(ReferenciaTarjeta),
			Tipo: texto(TipoTarjeta)},
		{Nombre: "Transferencia", Descripcion: "Transferencia bancaria o CVU", Referencia: texto(ReferenciaTransferencia),
			Tipo: texto(TipoTransferencia)},
		// a QR the seller checks on the phone: a manual method, not issue 43's integrated QR
		{Nombre: "Mercado Pago", Descripcion: "QR de Mercado Pago", Referencia: texto(ReferenciaTransferencia),
			Tipo: texto(TipoOtro)},
	})
}

// texto is a preset's kind: of method, or of reference (never required: the
// company decides whether its counter must type it).
func texto(tipo string) *string { return &tipo }

func activos(items []ItemCatalogo) []ItemCatalogo {
	for i := range items {
		items[i].Activo = true
	}
	return items
}
