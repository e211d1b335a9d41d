package api

import (
	"context"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
)

// Tarea is a job of the work outside a request as this instance ran it: its
// runs and failures, the last error, whether the last run failed, when it
// last ran and when it looks again (periodic jobs).
type Tarea struct {
	Nombre        string     `json:"nombre"`
	Corridas      int64      `json:"corridas"`
	Fallas        int64      `json:"fallas"`
	UltimoError   string     `json:"ultimo_error"`
	Fallando      bool       `json:"fallando"`
	UltimaCorrida *time.Time `json:"ultima_corrida"`
	Proxima       *time.Time `json:"proxima"`
}

// tareas are this instance's jobs (none when it runs no runner).
func (s *Server) tareas() []Tarea {
	out := []Tarea{}
	if s.Tareas == nil {
		return out
	}
	for _, e := range s.Tareas() {
		out = append(out, Tarea{Nombre: e.Nombre, Corridas: e.Corridas, Fallas: e.Fallas, UltimoError: e.UltimoError,
			Fallando: e.Fallando, UltimaCorrida: instante(e.UltimaCorrida), Proxima: instante(e.Proxima)})
	}
	return out
}

// instante is t, or nil when it is zero.
func instante(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// comprobarTareas is the card of the work outside a request: up while no
// job's last run failed; the failing ones are named, their errors apart.
func (s *Server) comprobarTareas() ComprobarServicio {
	if s.Tareas == nil {
		return nil
	}
	return func(context.Context) Comprobacion {
		tareas := s.tareas()
		var fallando, errores []string
		for _, t := range tareas {
			if t.Fallando {
				fallando = append(fallando, t.Nombre)
				errores = append(errores, t.Nombre+": "+t.UltimoError)
			}
		}
		total := domain.Plural(int64(len(tareas)), "tarea", "tareas")
		if len(fallando) == 0 {
			return Comprobacion{Configurado: true, Conectado: true, Detalles: total + " sin errores"}
		}
		return Comprobacion{Configurado: true, Detalles: fmt.Sprintf("%d de %s con error en su última corrida: %s",
			len(fallando), total, strings.Join(fallando, ", ")), Detalle: strings.Join(errores, "; ")}
	}
}
