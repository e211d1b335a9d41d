package demo

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// embarcacion is a demo boat: its certificate is valid for vigencia from the seeding.
type embarcacion struct {
	domain.Embarcacion
	vigencia time.Duration
}

// embarcaciones are each company's boats, their certificates valid past the
// 30-day warning (a notice would change what the end-to-end tests' bell shows).
var embarcaciones = []embarcacion{
	{domain.Embarcacion{Nombre: "Delta Sur", Matricula: "REY-0451", Capacidad: 60, Asientos: capacidad(48), DePie: capacidad(12)},
		2 * 365 * 24 * time.Hour},
	{domain.Embarcacion{Nombre: "Isleña II", Matricula: "REY-1187", Capacidad: 45}, 365 * 24 * time.Hour},
	{domain.Embarcacion{Nombre: "Río Luján", Matricula: "REY-2203", Capacidad: 30}, 180 * 24 * time.Hour},
}

// horario is a demo timetable line: a section, its direction and times, every
// day of the week, on one of the boats.
type horario struct {
	seccion, sentido, embarcacion string
	horas                         []string
}

var horarios = []horario{
	{"Tigre – Tres Bocas", domain.SentidoIda, "Delta Sur", []string{"08:30", "10:30", "13:00", "17:00"}},
	{"Tigre – Tres Bocas", domain.SentidoVuelta, "Delta Sur", []string{"09:30", "12:00", "15:30", "18:30"}},
	{"Tigre – Arroyo Abra Vieja", domain.SentidoIda, "Isleña II", []string{"09:00", "14:00"}},
	{"Tigre – Arroyo Abra Vieja", domain.SentidoVuelta, "Isleña II", []string{"11:00", "17:30"}},
}

var todosLosDias = []int{1, 2, 3, 4, 5, 6, 7}

// seedSalidas gives a company without boats the demo boats and, conHorarios,
// the timetables with their departures for the coming days (as `muelle serve`
// generates them).
func seedSalidas(ctx context.Context, st *store.Store, empresaID int64, c catalogo, conHorarios bool) error {
	existentes, err := st.ListarEmbarcaciones(ctx, empresaID)
	if err != nil || len(existentes) > 0 {
		return err
	}
	a := store.Actor{EmpresaID: empresaID}
	ids := map[string]int64{}
	for _, e := range embarcaciones {
		b := e.Embarcacion
		b.Activo, b.VencimientoCertificado = true, st.Now().Add(e.vigencia).Format(time.DateOnly)
		creada, err := st.CrearEmbarcacion(ctx, a, b)
		if err != nil {
			return err
		}
		ids[b.Nombre] = creada.ID
	}
	if !conHorarios {
		return nil
	}
	for _, h := range horarios {
		for _, hora := range h.horas {
			barco := ids[h.embarcacion]
			if _, err := st.CrearHorario(ctx, a, domain.Horario{SeccionID: c.secciones[h.seccion], Sentido: h.sentido,
				Hora: hora, Dias: todosLosDias, EmbarcacionID: &barco, Activo: true}); err != nil {
				return err
			}
		}
	}
	_, err = st.GenerarSalidas(ctx, empresaID)
	return err
}
