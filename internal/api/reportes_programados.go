package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store"
)

// GuardarProgramaReporte is the body of POST /reportes/programados: which
// report goes out (yesterday's registers every day, last week's sales every
// Monday, last month's on the 1st), in which format, at which hour of the
// company's day, to whom and with which subject.
type GuardarProgramaReporte struct {
	Tipo          string   `json:"tipo" maxLength:"20" enum:"cajas_diario,ventas_semanal,ventas_mensual"`
	Formato       string   `json:"formato" maxLength:"10" enum:"pdf,xlsx"`
	Hora          int      `json:"hora" minimum:"0" maximum:"23"`
	Destinatarios []string `json:"destinatarios" maxItems:"10"`
	Asunto        string   `json:"asunto" maxLength:"200"`
}

// ActualizarProgramaReporte is the body of PUT /reportes/programados/{id}:
// the schedule, and whether it runs (resuming a paused one clears its failures).
type ActualizarProgramaReporte struct {
	GuardarProgramaReporte
	Activo bool `json:"activo"`
}

// pedido is the schedule the body asks for, its addresses trimmed.
func (b GuardarProgramaReporte) pedido() (domain.ReporteProgramado, error) {
	p := domain.ReporteProgramado{Tipo: b.Tipo, Formato: b.Formato, Hora: b.Hora, Asunto: strings.TrimSpace(b.Asunto)}
	for _, d := range b.Destinatarios {
		if len(d) > 255 {
			return p, domain.Invalid(domain.MsgFormatoEmailInvalido)
		}
		p.Destinatarios = append(p.Destinatarios, strings.TrimSpace(d))
	}
	return p, p.Validar()
}

func (s *Server) listarProgramas(r *http.Request) ([]store.ProgramaReporte, error) {
	return s.Store.ProgramasDeEmpresa(r.Context(), actorFrom(r).EmpresaID())
}

func (s *Server) crearPrograma(r *http.Request, b GuardarProgramaReporte) (reply[store.ProgramaReporte], error) {
	a, p, agenda, err := s.programaPedido(r, b)
	if err != nil {
		return reply[store.ProgramaReporte]{}, err
	}
	out, err := s.Store.CrearPrograma(r.Context(), a, p, agenda)
	return withMessage(out, domain.MsgProgramaGuardado), err
}

func (s *Server) actualizarPrograma(r *http.Request, b ActualizarProgramaReporte) (reply[store.ProgramaReporte], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[store.ProgramaReporte]{}, err
	}
	// another company's schedule is a 404 whatever the body says
	if _, err := s.Store.ProgramaDeEmpresa(r.Context(), actorFrom(r).EmpresaID(), id); err != nil {
		return reply[store.ProgramaReporte]{}, err
	}
	a, p, agenda, err := s.programaPedido(r, b.GuardarProgramaReporte)
	if err != nil {
		return reply[store.ProgramaReporte]{}, err
	}
	out, err := s.Store.ActualizarPrograma(r.Context(), a, id, p, b.Activo, agenda)
	return withMessage(out, domain.MsgProgramaGuardado), err
}

func (s *Server) eliminarPrograma(r *http.Request) (reply[NoData], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[NoData]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[NoData]{}, err
	}
	return onlyMessage(domain.MsgProgramaEliminado), s.Store.EliminarPrograma(r.Context(), a, id)
}

// programaPedido is the writing actor, the schedule the body asks for
// (validated) and when it is first due, from now, in the caller's company's zone.
func (s *Server) programaPedido(r *http.Request, b GuardarProgramaReporte) (store.Actor, domain.ReporteProgramado,
	store.Agenda, error) {
	p, err := b.pedido()
	if err != nil {
		return store.Actor{}, p, store.Agenda{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return a, p, store.Agenda{}, err
	}
	if err := s.escrituraDeReporte(r, "", p.Destinatarios...); err != nil {
		return a, p, store.Agenda{}, err
	}
	_, loc, err := s.zonaDe(r)
	return a, p, agendaDesde(p, s.Store.Now(), loc), err
}

// agendaDesde is when the schedule p is next due after desde, and the
// business day whose period it will then report.
func agendaDesde(p domain.ReporteProgramado, desde time.Time, loc *time.Location) store.Agenda {
	proximo := domain.ProximoEnvio(p.Tipo, p.Hora, desde, loc)
	return store.Agenda{Proximo: proximo, Dia: domain.DiaDe(proximo, loc).Fecha}
}

// Rhythm of the schedules' sender: a claim lasts reclamoProgramado; a send
// that failed tries again after reintentoProgramado.
const (
	reclamoProgramado   = 5 * time.Minute
	reintentoProgramado = 30 * time.Minute
)

// RegistrarTareas registers the API's work outside a request on r: the due
// report schedules are sent every minute (each send claimed by one instance).
// The reports' files are built here, where their downloads are.
func (s *Server) RegistrarTareas(r *jobs.Runner) {
	r.Every("enviar_reportes_programados", time.Minute, func(ctx context.Context) error {
		_, err := s.EnviarProgramados(ctx)
		return err
	})
}

// EnviarProgramados sends every schedule due now and returns how many it claimed.
func (s *Server) EnviarProgramados(ctx context.Context) (int, error) {
	n := 0
	for ctx.Err() == nil {
		p, ok, err := s.Store.ReclamarPrograma(ctx, reclamoProgramado)
		if err != nil || !ok {
			return n, err
		}
		n++
		if err := s.enviarProgramado(ctx, p); err != nil {
			return n, err
		}
	}
	return n, ctx.Err()
}

// enviarProgramado sends one claimed schedule: with its owner's permission,
// checked again now (store.ComprobarDueño; lost, the schedule pauses), its
// report of the period before its day goes to each recipient through the
// outbox. Past the company's daily cap of report mails it sends nothing: the
// failure is counted with the cap's message and the same report is due again
// when the count starts over (the next day's 00:00). Any other failure is
// counted and retried later.
func (s *Server) enviarProgramado(ctx context.Context, p store.ProgramaReporte) error {
	e, _, err := s.Store.Empresa(ctx, p.EmpresaID)
	if err != nil {
		return err
	}
	err = s.Store.ComprobarDueño(ctx, p)
	var sinPermiso *domain.Error
	if errors.As(err, &sinPermiso) && sinPermiso.Kind == domain.KindForbidden {
		return s.Store.FallarPrograma(ctx, p, domain.MsgProgramaSinPermiso, p.ProximoEnvio, true)
	}
	if err == nil {
		err = s.Store.ComprobarTopeReportes(ctx, p.EmpresaID, e.Timezone, len(p.Destinatarios))
	}
	var reporte store.ReporteEmail
	if err == nil {
		reporte, err = s.reporteProgramado(ctx, e, p)
	}
	if err == nil {
		_, err = s.Store.EnviarPrograma(ctx, p, reporte, agendaDesde(p.Pedido(), s.Store.Now(), domain.Location(e.Timezone)))
		if _, lleno := topeDeReportes(err); !lleno {
			return err
		}
	}
	if tope, lleno := topeDeReportes(err); lleno {
		return s.Store.FallarPrograma(ctx, p, tope.Message, s.Store.Now().Add(tope.RetryAfter), false)
	}
	s.Log.Warn("envío programado fallido", "programa", p.ID, "error", err)
	return s.Store.FallarPrograma(ctx, p, mensajeDeFalla(err), s.Store.Now().Add(reintentoProgramado), false)
}

// topeDeReportes is err when it is the company's daily cap of report mails
// (domain.TopeReportesDelDia, the only 429 of a schedule's send).
func topeDeReportes(err error) (*domain.Error, bool) {
	var e *domain.Error
	return e, errors.As(err, &e) && e.Kind == domain.KindTooMany
}

// reporteProgramado is the mail of the schedule's report (the company e's)
// for the period before its day; a period without rows sends the mail
// without a file. The daily register mail's body also carries the period's
// takings per payment method and each register's Z line (cuerpoResumenCajas).
func (s *Server) reporteProgramado(ctx context.Context, e store.Empresa, p store.ProgramaReporte) (store.ReporteEmail, error) {
	if err := s.emailListo(ctx, p.EmpresaID); err != nil {
		return store.ReporteEmail{}, err
	}
	periodo, err := domain.PeriodoProgramado(p.Tipo, p.DiaEnvio)
	if err != nil {
		return store.ReporteEmail{}, err
	}
	tipo := ReporteDeVentas
	if p.Tipo == domain.ProgramaCajasDiario {
		tipo = ReporteDeCajas
	}
	c := ConsultaExportarReporte{Formato: p.Formato, ConsultaPeriodo: ConsultaPeriodo{Periodo: domain.PeriodoRango,
		Inicio: periodo.Desde, Fin: periodo.Hasta}}
	f, err := s.reporteEnMemoria(ctx, e, tipo, c)
	var vacio *domain.Error
	if errors.As(err, &vacio) && vacio.Message == MsgSinDatosExportar {
		return store.ReporteEmail{Asunto: domain.AsuntoReporte(e.Nombre, p.Asunto), Cuerpo: cuerpoReporte(e.Nombre, "", ""), Zona: e.Timezone}, nil
	}
	if err != nil {
		return store.ReporteEmail{}, err
	}
	cuerpo := cuerpoReporte(e.Nombre, "", f.Nombre)
	if tipo == ReporteDeCajas {
		res, loc, err := s.resumenCajas(ctx, e, c.ConsultaPeriodo)
		if err != nil {
			return store.ReporteEmail{}, err
		}
		cuerpo = cuerpoResumenCajas(res, loc) + cuerpo
	}
	return store.ReporteEmail{Asunto: domain.AsuntoReporte(e.Nombre, p.Asunto), Cuerpo: cuerpo, Archivo: &f, Zona: e.Timezone}, nil
}

// mensajeDeFalla is the Spanish reason a schedule keeps for a failed send:
// a domain error's message, or a generic one (the detail goes to the log).
func mensajeDeFalla(err error) string {
	var e *domain.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "No se pudo generar el reporte"
}
