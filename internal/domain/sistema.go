package domain

import (
	"slices"
	"strings"
	"time"
)

// The system configuration's defaults and choices (backoffice §9).
const (
	NombreSistemaPorDefecto = "Muelle"
	IdiomaPorDefecto        = "es"
)

// Idiomas are the languages the system configuration may store (the UI stays Spanish).
var Idiomas = []string{"es", "en", "pt"}

// Messages of the system configuration (backoffice §8).
const (
	MsgNombreSistemaObligatorio = "El nombre del sistema es obligatorio"
	MsgZonaHorariaInvalida      = "La zona horaria no es válida: use un nombre IANA, por ejemplo America/Argentina/Buenos_Aires"
	MsgIdiomaInvalido           = "El idioma debe ser es, en o pt"
	MsgConfiguracionActualizada = "Configuración actualizada correctamente"
	MsgRespaldoFallido          = "No se pudo hacer la última copia de seguridad"
)

// ConfiguracionSistema is the editable part of the system configuration.
type ConfiguracionSistema struct {
	Nombre   string
	Timezone string
	Idioma   string
}

// ValidarZonaHoraria accepts a real IANA time zone name ("UTC" included);
// "Local" (the server's own zone) and unknown names are refused.
func ValidarZonaHoraria(tz string) error {
	if tz == "" || tz == "Local" {
		return Invalid(MsgZonaHorariaInvalida)
	}
	if _, err := time.LoadLocation(tz); err != nil {
		return Invalid(MsgZonaHorariaInvalida)
	}
	return nil
}

// Normalizar trims the configuration and checks it: a name, a real time zone
// and one of the languages.
func (c ConfiguracionSistema) Normalizar() (ConfiguracionSistema, error) {
	c.Nombre, c.Timezone, c.Idioma = strings.TrimSpace(c.Nombre), strings.TrimSpace(c.Timezone), strings.TrimSpace(c.Idioma)
	if c.Nombre == "" {
		return c, Invalid(MsgNombreSistemaObligatorio)
	}
	if err := ValidarZonaHoraria(c.Timezone); err != nil {
		return c, err
	}
	if !slices.Contains(Idiomas, c.Idioma) {
		return c, Invalid(MsgIdiomaInvalido)
	}
	return c, nil
}
