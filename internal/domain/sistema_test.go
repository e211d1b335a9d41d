package domain

import "testing"

func TestConfiguracionSistemaNormalizar(t *testing.T) {
	cases := []struct {
		in   ConfiguracionSistema
		want ConfiguracionSistema
		msg  string
	}{
		{ConfiguracionSistema{" Muelle Sur ", " America/Montevideo ", "pt"}, ConfiguracionSistema{"Muelle Sur", "America/Montevideo", "pt"}, ""},
		{ConfiguracionSistema{"M", "UTC", "es"}, ConfiguracionSistema{"M", "UTC", "es"}, ""},
		{ConfiguracionSistema{"  ", "UTC", "es"}, ConfiguracionSistema{}, MsgNombreSistemaObligatorio},
		{ConfiguracionSistema{"M", "", "es"}, ConfiguracionSistema{}, MsgZonaHorariaInvalida},
		{ConfiguracionSistema{"M", "Local", "es"}, ConfiguracionSistema{}, MsgZonaHorariaInvalida},
		{ConfiguracionSistema{"M", "America/Atlantida", "es"}, ConfiguracionSistema{}, MsgZonaHorariaInvalida},
		{ConfiguracionSistema{"M", "../../etc/passwd", "es"}, ConfiguracionSistema{}, MsgZonaHorariaInvalida},
		{ConfiguracionSistema{"M", "UTC", "fr"}, ConfiguracionSistema{}, MsgIdiomaInvalido},
	}
	for _, tc := range cases {
		got, err := tc.in.Normalizar()
		if tc.msg == "" {
			if err != nil || got != tc.want {
				t.Errorf("%+v: %+v %v, se esperaba %+v", tc.in, got, err, tc.want)
			}
			continue
		}
		if e, ok := AsError(err); !ok || e.Kind != KindInvalid || e.Message != tc.msg {
			t.Errorf("%+v: error %v, se esperaba %q", tc.in, err, tc.msg)
		}
	}
}
