package domain

import (
	"reflect"
	"testing"
	"time"
)

func TestAlertas(t *testing.T) {
	tests := []struct {
		name   string
		estado EstadoSistema
		want   []Alerta
	}{
		{"todo en orden", EstadoSistema{LatenciaBase: 3 * time.Millisecond}, []Alerta{}},
		{"base lenta", EstadoSistema{LatenciaBase: 750 * time.Millisecond},
			[]Alerta{{AlertaAdvertencia, "La base de datos responde lento (750 ms)", 1}}},
		{"justo en el límite no avisa", EstadoSistema{LatenciaBase: LatenciaBaseLenta}, []Alerta{}},
		{"cajas largas por empresa e inactivas", EstadoSistema{
			CajasLargas:       []EmpresaConCajasLargas{{"Río Sur", 1}, {"Delta", 3}},
			EmpresasInactivas: 2,
		}, []Alerta{
			{AlertaAdvertencia, "Río Sur: 1 caja abierta hace más de 12 horas", 1},
			{AlertaAdvertencia, "Delta: 3 cajas abiertas hace más de 12 horas", 3},
			{AlertaInfo, "2 empresas inactivas", 2},
		}},
		{"una inactiva", EstadoSistema{EmpresasInactivas: 1}, []Alerta{{AlertaInfo, "1 empresa inactiva", 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Alertas(tt.estado); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Alertas() = %#v, want %#v", got, tt.want)
			}
		})
	}
}
