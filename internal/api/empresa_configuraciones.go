package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ConfiguracionEmpresa is one per-company setting.
type ConfiguracionEmpresa struct {
	ID          int64  `json:"id"`
	Clave       string `json:"clave"`
	Valor       string `json:"valor"`
	Descripcion string `json:"descripcion"`
}

// PresetConfiguracion is a setting the screen offers to fill in.
type PresetConfiguracion struct {
	Clave       string `json:"clave"`
	Valor       string `json:"valor"`
	Descripcion string `json:"descripcion"`
}

// ConfiguracionesEmpresa are a company's settings and the presets of backoffice §3.
type ConfiguracionesEmpresa struct {
	Configuraciones []ConfiguracionEmpresa `json:"configuraciones"`
	Presets         []PresetConfiguracion  `json:"presets"`
}

// GuardarConfiguracion is the body of PUT /admin/empresas/{id}/configuraciones/{clave}.
type GuardarConfiguracion struct {
	Valor       string `json:"valor" maxLength:"500"`
	Descripcion string `json:"descripcion,omitempty" maxLength:"200"`
}

func (s *Server) configuracionesEmpresa(r *http.Request) (ConfiguracionesEmpresa, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return ConfiguracionesEmpresa{}, err
	}
	rows, err := s.Store.ConfiguracionesDeEmpresa(r.Context(), id)
	return ConfiguracionesEmpresa{
		Configuraciones: mapRows(rows, func(c store.Configuracion) ConfiguracionEmpresa { return ConfiguracionEmpresa(c) }),
		Presets: mapRows(domain.ConfiguracionesPreset, func(p domain.ConfiguracionPreset) PresetConfiguracion {
			return PresetConfiguracion(p)
		}),
	}, err
}

func (s *Server) guardarConfiguracion(r *http.Request, b GuardarConfiguracion) (reply[ConfiguracionEmpresa], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[ConfiguracionEmpresa]{}, err
	}
	clave := r.PathValue("clave")
	if err := domain.ValidarConfiguracion(clave, b.Valor); err != nil {
		return reply[ConfiguracionEmpresa]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[ConfiguracionEmpresa]{}, err
	}
	out, err := s.Store.GuardarConfiguracion(r.Context(), a, id, store.Configuracion{Clave: clave, Valor: b.Valor,
		Descripcion: b.Descripcion})
	return withMessage(ConfiguracionEmpresa(out), "Configuración guardada exitosamente"), err
}
