package store

import (
	"cmp"
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// MaxSalidasListado bounds a day's departures in one list (and in the public page).
const MaxSalidasListado = 500

// MaxHorariosListado bounds a company's timetable in one list.
const MaxHorariosListado = 1000

const horarioColumnas = `SELECT id, seccion_id, hora, dias, embarcacion_id, activo, sentido FROM horarios `

func scanHorario(sc sqldb.Scanner) (domain.Horario, error) {
	var (
		h    domain.Horario
		dias int64
	)
	err := sc.Scan(&h.ID, &h.SeccionID, &h.Hora, &dias, &h.EmbarcacionID, &h.Activo, &h.Sentido)
	h.Dias = domain.DiasDeMascara(dias)
	return h, err
}

// ListarHorarios lists a company's timetable (one section's when seccionID is
// not 0; only the active rows when soloActivos), by section and time.
func (s *Store) ListarHorarios(ctx context.Context, empresaID, seccionID int64, soloActivos bool) ([]domain.Horario, error) {
	q, args := horarioColumnas+`WHERE empresa_id = ?`, []any{empresaID}
	if seccionID != 0 {
		q, args = q+` AND seccion_id = ?`, append(args, seccionID)
	}
	if soloActivos {
		q, args = q+` AND activo = ?`, append(args, true)
	}
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanHorario, q+` ORDER BY seccion_id, sentido, hora LIMIT ?`,
		append(args, MaxHorariosListado)...)
	if err != nil || len(out) == 0 {
		return out, wrap("listar horarios", err)
	}
	paradas, err := paradasPorSeccion(ctx, s.db.Conn(), empresaID)
	for i, h := range out {
		out[i].Paradas = domain.HorasDeParadas(h.Hora, h.Sentido, paradas[h.SeccionID])
	}
	return out, err
}

func horario(ctx context.Context, c sqldb.Conn, empresaID, id int64) (domain.Horario, error) {
	h, err := scanHorario(c.QueryRow(ctx, horarioColumnas+`WHERE empresa_id = ? AND id = ?`, empresaID, id))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return h, domain.NotFound(domain.MsgHorarioNoEncontrado)
		}
		return h, wrap("leer horario", err)
	}
	return h, nil
}

// seccionDe checks that the section is the company's: 404 otherwise.
func seccionDe(ctx context.Context, c sqldb.Conn, empresaID, id int64) (string, error) {
	var nombre string
	err := c.QueryRow(ctx, `SELECT nombre FROM secciones WHERE empresa_id = ? AND id = ?`, empresaID, id).Scan(&nombre)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return "", domain.NotFound(domain.CatSecciones.Mensajes.NoEncontrado)
		}
		return "", wrap("leer sección", err)
	}
	return nombre, nil
}

// zonaDe is the company's time zone.
func zonaDe(ctx context.Context, c sqldb.Conn, empresaID int64) (*time.Location, error) {
	var tz string
	if err := c.QueryRow(ctx, `SELECT timezone FROM empresas WHERE id = ?`, empresaID).Scan(&tz); err != nil {
		return nil, wrap("leer zona horaria", err)
	}
	return domain.Location(tz), nil
}

// normalizarHorario checks a timetable row against the company's section and
// boat (active, with its certificate valid today) and returns its day mask.
func normalizarHorario(ctx context.Context, c sqldb.Conn, empresaID int64, h domain.Horario) (int64, error) {
	if err := domain.ValidarHora(h.Hora); err != nil {
		return 0, err
	}
	if _, err := domain.NormalizarSentido(h.Sentido); err != nil {
		return 0, err
	}
	dias, err := domain.MascaraDias(h.Dias)
	if err != nil {
		return 0, err
	}
	if _, err := seccionDe(ctx, c, empresaID, h.SeccionID); err != nil {
		return 0, err
	}
	if h.EmbarcacionID != nil {
		loc, err := zonaDe(ctx, c, empresaID)
		if err != nil {
			return 0, err
		}
		if _, err := embarcacionAsignable(ctx, c, empresaID, *h.EmbarcacionID, domain.DiaDe(c.Now(), loc).Fecha); err != nil {
			return 0, err
		}
	}
	return dias, nil
}

// CrearHorario adds a time to a section's timetable, through idempotent, audited.
func (s *Store) CrearHorario(ctx context.Context, a Actor, h domain.Horario) (domain.Horario, error) {
	h.Sentido = cmp.Or(h.Sentido, domain.SentidoIda)
	return idempotent(ctx, s, a, "horarios.crear", func(c sqldb.Conn) (domain.Horario, error) {
		dias, err := normalizarHorario(ctx, c, a.EmpresaID, h)
		if err != nil {
			return h, err
		}
		id, err := c.InsertID(ctx, `INSERT INTO horarios (empresa_id, seccion_id, sentido, hora, dias, embarcacion_id, activo,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, h.SeccionID, h.Sentido, h.Hora, dias, h.EmbarcacionID, h.Activo, c.Now(), c.Now())
		if sqldb.IsUniqueViolation(err) {
			return h, domain.Conflict(domain.MsgHorarioDuplicado)
		}
		if err != nil {
			return h, wrap("crear horario", err)
		}
		out, err := horario(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaHorarios}})
		return out, s.auditarCambio(ctx, c, a, AccionCreacionHorario, nil, out)
	})
}

// ActualizarHorario changes a timetable row, through idempotent, audited.
// Departures already generated keep their time and boat.
func (s *Store) ActualizarHorario(ctx context.Context, a Actor, id int64, h domain.Horario) (domain.Horario, error) {
	h.Sentido = cmp.Or(h.Sentido, domain.SentidoIda)
	return idempotent(ctx, s, a, "horarios.actualizar", func(c sqldb.Conn) (domain.Horario, error) {
		antes, err := horario(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		dias, err := normalizarHorario(ctx, c, a.EmpresaID, h)
		if err != nil {
			return h, err
		}
		_, err = c.Exec(ctx, `UPDATE horarios SET seccion_id = ?, sentido = ?, hora = ?, dias = ?, embarcacion_id = ?,
			activo = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
			h.SeccionID, h.Sentido, h.Hora, dias, h.EmbarcacionID, h.Activo, c.Now(), a.EmpresaID, id)
		if sqldb.IsUniqueViolation(err) {
			return h, domain.Conflict(domain.MsgHorarioDuplicado)
		}
		if err != nil {
			return h, wrap("actualizar horario", err)
		}
		out, err := horario(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaHorarios}})
		return out, s.auditarCambio(ctx, c, a, AccionActualizacionHorario, antes, out)
	})
}

// EliminarHorario deletes a timetable row, through idempotent, audited, with
// its departures that are still programada, not yet due and with no ticket
// sold for them; the others (sold, boarded, sailed, cancelled, past) stay, no
// longer tied to it.
func (s *Store) EliminarHorario(ctx context.Context, a Actor, id int64) error {
	_, err := idempotent(ctx, s, a, "horarios.eliminar", func(c sqldb.Conn) (struct{}, error) {
		antes, err := horario(ctx, c, a.EmpresaID, id)
		if err != nil {
			return struct{}{}, err
		}
		if _, err := c.Exec(ctx, `DELETE FROM salidas WHERE empresa_id = ? AND horario_id = ? AND estado = ? AND programada_en > ?
			AND NOT EXISTS (SELECT 1 FROM pasajes p WHERE p.salida_venta_id = salidas.id)`,
			a.EmpresaID, id, domain.SalidaProgramada, c.Now()); err != nil {
			return struct{}{}, wrap("eliminar salidas del horario", err)
		}
		if _, err := c.Exec(ctx, `UPDATE salidas SET horario_id = NULL WHERE empresa_id = ? AND horario_id = ?`,
			a.EmpresaID, id); err != nil {
			return struct{}{}, wrap("desvincular salidas del horario", err)
		}
		if _, err := c.Exec(ctx, `DELETE FROM horarios WHERE empresa_id = ? AND id = ?`, a.EmpresaID, id); err != nil {
			return struct{}{}, wrap("eliminar horario", err)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaHorarios}})
		return struct{}{}, s.auditarCambio(ctx, c, a, AccionEliminacionHorario, antes, nil)
	})
	return err
}

// Salida is a departure as the lists show it: its section and direction,
// boat and capacity (the boat's certified capacity; 0 without a boat), its
// state with who set it and when, how many passengers boarded it (a_bordo)
// and how many of them exceed the capacity (after a change to a smaller boat).
type Salida struct {
	ID            int64   `json:"id"`
	SeccionID     int64   `json:"seccion_id"`
	Seccion       string  `json:"seccion"`
	Sentido       string  `json:"sentido" enum:"ida,vuelta"`
	EmbarcacionID *int64  `json:"embarcacion_id"`
	Embarcacion   *string `json:"embarcacion"`
	Capacidad     int64   `json:"capacidad"`
	Embarcados    int64   `json:"embarcados"`
	// Vendidos is the tickets sold for it (active or boarded; salida_venta.go).
	Vendidos     int64      `json:"vendidos"`
	Excedente    int64      `json:"excedente"`
	HorarioID    *int64     `json:"horario_id"`
	Fecha        string     `json:"fecha"`
	Hora         string     `json:"hora"`
	ProgramadaEn time.Time  `json:"programada_en"`
	Extra        bool       `json:"extra"`
	Estado       string     `json:"estado"`
	EstadoPor    *string    `json:"estado_por"`
	EstadoEn     *time.Time `json:"estado_en"`
	// Paradas are its route's stops with each one's time, in the order of its
	// direction (the day's list only; domain.HorasDeParadas).
	Paradas []domain.HoraParada `json:"paradas,omitempty" description:"Las paradas del recorrido con su hora, en el orden del sentido"`
}

const salidaColumnas = `SELECT s.id, s.seccion_id, sec.nombre, s.sentido, s.embarcacion_id, b.nombre,
	COALESCE(b.capacidad, 0), s.a_bordo, s.vendidos, s.horario_id, s.fecha, s.hora, s.programada_en, s.extra, s.estado,
	CASE WHEN u.id IS NULL THEN NULL ELSE u.nombre || ' ' || u.apellido END, s.estado_en
	FROM salidas s JOIN secciones sec ON sec.id = s.seccion_id
	LEFT JOIN embarcaciones b ON b.id = s.embarcacion_id
	LEFT JOIN usuarios u ON u.id = s.estado_por `

func scanSalida(sc sqldb.Scanner) (Salida, error) {
	var x Salida
	err := sc.Scan(&x.ID, &x.SeccionID, &x.Seccion, &x.Sentido, &x.EmbarcacionID, &x.Embarcacion, &x.Capacidad,
		&x.Embarcados, &x.Vendidos, &x.HorarioID, &x.Fecha, &x.Hora, &x.ProgramadaEn, &x.Extra, &x.Estado, &x.EstadoPor, &x.EstadoEn)
	x.Excedente = domain.Excedente(x.Embarcados, x.Capacidad)
	return x, err
}

// FiltroSalidas selects a company's departures of one date (YYYY-MM-DD),
// optionally of one section.
type FiltroSalidas struct {
	Fecha     string
	SeccionID int64
}

// ListarSalidas lists a date's departures by time, at most MaxSalidasListado.
func (s *Store) ListarSalidas(ctx context.Context, empresaID int64, f FiltroSalidas) ([]Salida, error) {
	q, args := salidaColumnas+`WHERE s.empresa_id = ? AND s.fecha = ?`, []any{empresaID, f.Fecha}
	if f.SeccionID != 0 {
		q, args = q+` AND s.seccion_id = ?`, append(args, f.SeccionID)
	}
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanSalida, q+` ORDER BY s.hora, sec.nombre, s.id LIMIT ?`,
		append(args, MaxSalidasListado)...)
	if err != nil || len(out) == 0 {
		return out, wrap("listar salidas", err)
	}
	paradas, err := paradasPorSeccion(ctx, s.db.Conn(), empresaID)
	for i, x := range out {
		out[i].Paradas = domain.HorasDeParadas(x.Hora, x.Sentido, paradas[x.SeccionID])
	}
	return out, err
}

func salida(ctx context.Context, c sqldb.Conn, empresaID, id int64) (Salida, error) {
	x, err := scanSalida(c.QueryRow(ctx, salidaColumnas+`WHERE s.empresa_id = ? AND s.id = ?`, empresaID, id))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return x, domain.NotFound(domain.MsgSalidaNoEncontrada)
		}
		return x, wrap("leer salida", err)
	}
	return x, nil
}

// HoyDe is the company's business day (YYYY-MM-DD) now.
func (s *Store) HoyDe(ctx context.Context, empresaID int64) (string, error) {
	loc, err := zonaDe(ctx, s.db.Conn(), empresaID)
	if err != nil {
		return "", err
	}
	return domain.DiaDe(s.Now(), loc).Fecha, nil
}

// horarioGenerable is an active timetable row with its default boat's state.
type horarioGenerable struct {
	id, seccionID     int64
	sentido, hora     string
	dias              int64
	embarcacionID     *int64
	embarcacionActiva *bool
	vencimiento       *string
}

// GenerarSalidas creates the company's departures of its active timetable for
// the coming domain.DiasGeneracionSalidas days, today included (not those
// whose time has passed), each with the timetable's boat when it is active and
// its certificate valid on that date (none otherwise). The unique index on
// (empresa_id, seccion_id, fecha, hora) makes it idempotent: run twice, or by
// several instances at once, each departure is created once, and one that was
// cancelled or changed is left as it is. It answers how many it created.
func (s *Store) GenerarSalidas(ctx context.Context, empresaID int64) (int, error) {
	creadas := 0
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		n, err := generarSalidas(ctx, c, empresaID)
		creadas = n
		return err
	})
	return creadas, err
}

func generarSalidas(ctx context.Context, c sqldb.Conn, empresaID int64) (int, error) {
	loc, err := zonaDe(ctx, c, empresaID)
	if err != nil {
		return 0, err
	}
	hs, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (horarioGenerable, error) {
		var h horarioGenerable
		err := sc.Scan(&h.id, &h.seccionID, &h.sentido, &h.hora, &h.dias, &h.embarcacionID, &h.embarcacionActiva, &h.vencimiento)
		return h, err
	}, `SELECT h.id, h.seccion_id, h.sentido, h.hora, h.dias, h.embarcacion_id, b.activo, b.vencimiento_certificado
		FROM horarios h JOIN secciones sec ON sec.id = h.seccion_id
		LEFT JOIN embarcaciones b ON b.id = h.embarcacion_id
		WHERE h.empresa_id = ? AND h.activo = ? AND sec.activo = ?
		ORDER BY h.seccion_id, h.hora`, empresaID, true, true)
	if err != nil || len(hs) == 0 {
		return 0, wrap("leer horarios a generar", err)
	}
	now := c.Now()
	creadas := 0
	for _, fecha := range domain.FechasDesde(domain.DiaDe(now, loc).Fecha, domain.DiasGeneracionSalidas) {
		dia := domain.DiaISO(fecha)
		for _, h := range hs {
			if h.dias&(1<<(dia-1)) == 0 {
				continue
			}
			en, err := domain.ProgramadaEn(fecha, h.hora, loc)
			if err != nil || !en.After(now) {
				continue
			}
			var barco *int64
			if h.embarcacionID != nil && *h.embarcacionActiva && domain.CertificadoVigente(*h.vencimiento, fecha) {
				barco = h.embarcacionID
			}
			res, err := c.Exec(ctx, `INSERT INTO salidas (empresa_id, seccion_id, sentido, embarcacion_id, horario_id, fecha, hora,
				programada_en, extra, estado, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (empresa_id, seccion_id, sentido, fecha, hora) DO NOTHING`,
				empresaID, h.seccionID, h.sentido, barco, h.id, fecha, h.hora, en, false, domain.SalidaProgramada, now)
			if err != nil {
				return creadas, wrap("generar salida", err)
			}
			if n, _ := res.RowsAffected(); n > 0 {
				creadas++
			}
		}
	}
	if creadas > 0 {
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
	}
	return creadas, nil
}

// Generacion is what an on-demand generation did.
type Generacion struct {
	Creadas int `json:"creadas"`
}

// GenerarSalidasAhora is GenerarSalidas asked by a user: through idempotent,
// audited with how many departures it created.
func (s *Store) GenerarSalidasAhora(ctx context.Context, a Actor) (Generacion, error) {
	return idempotent(ctx, s, a, "salidas.generar", func(c sqldb.Conn) (Generacion, error) {
		n, err := generarSalidas(ctx, c, a.EmpresaID)
		if err != nil {
			return Generacion{}, err
		}
		g := Generacion{Creadas: n}
		return g, s.auditarCambio(ctx, c, a, AccionGeneracionSalidas, nil, g)
	})
}

// NuevaSalida is an extra departure opened on the spot.
type NuevaSalida struct {
	SeccionID     int64
	EmbarcacionID int64
	Fecha, Hora   string
	Sentido       string // ida (default) or vuelta
}

// CrearSalidaExtra opens an extra departure (today or later, in the company's
// day) with a boat whose certificate is valid on its date, through
// idempotent, audited. A departure of the section at the same time is a 409.
func (s *Store) CrearSalidaExtra(ctx context.Context, a Actor, n NuevaSalida) (Salida, error) {
	if err := domain.ValidarHora(n.Hora); err != nil {
		return Salida{}, err
	}
	sentido, err := domain.NormalizarSentido(n.Sentido)
	if err != nil {
		return Salida{}, err
	}
	return idempotent(ctx, s, a, "salidas.crear", func(c sqldb.Conn) (Salida, error) {
		loc, err := zonaDe(ctx, c, a.EmpresaID)
		if err != nil {
			return Salida{}, err
		}
		if n.Fecha < domain.DiaDe(c.Now(), loc).Fecha {
			return Salida{}, domain.Invalid(domain.MsgSalidaPasada)
		}
		en, err := domain.ProgramadaEn(n.Fecha, n.Hora, loc)
		if err != nil {
			return Salida{}, err
		}
		if _, err := seccionDe(ctx, c, a.EmpresaID, n.SeccionID); err != nil {
			return Salida{}, err
		}
		if _, err := embarcacionAsignable(ctx, c, a.EmpresaID, n.EmbarcacionID, n.Fecha); err != nil {
			return Salida{}, err
		}
		id, err := c.InsertID(ctx, `INSERT INTO salidas (empresa_id, seccion_id, sentido, embarcacion_id, fecha, hora,
			programada_en, extra, estado, creada_por, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, n.SeccionID, sentido, n.EmbarcacionID, n.Fecha, n.Hora, en, true, domain.SalidaProgramada, a.UsuarioID, c.Now())
		if sqldb.IsUniqueViolation(err) {
			return Salida{}, domain.Conflict(domain.MsgSalidaDuplicada)
		}
		if err != nil {
			return Salida{}, wrap("crear salida", err)
		}
		out, err := salida(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		return out, s.auditarCambio(ctx, c, a, AccionCreacionSalida, nil, out)
	})
}

// CambiarEstadoSalida moves a departure to another state
// (domain.TransicionSalida), recording who and when, through idempotent,
// audited. The UPDATE is conditional on the state read: of two concurrent
// changes, the second finds the state moved and is refused (409). Sailing
// more than domain.MinutosZarpeAnticipado early needs anticipado (a 409 with
// the question otherwise, domain.ValidarZarpe).
func (s *Store) CambiarEstadoSalida(ctx context.Context, a Actor, id int64, estado string, anticipado bool) (Salida, error) {
	return idempotent(ctx, s, a, "salidas.estado", func(c sqldb.Conn) (Salida, error) {
		antes, err := salida(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		if err := domain.TransicionSalida(antes.Estado, estado); err != nil {
			return antes, err
		}
		if estado == domain.SalidaEmbarcando && antes.EmbarcacionID == nil {
			return antes, domain.Conflict(domain.MsgSalidaSinEmbarcacion)
		}
		if estado == domain.SalidaCancelada { // its passengers go with it (cancelacion_salida.go)
			if n, err := vendidosActivos(ctx, c, a.EmpresaID, id); err != nil || n > 0 {
				return antes, firstErr(err, domain.Conflict(domain.MsgSalidaConVendidos(n)))
			}
		}
		// A departure sails only within its boat's capacity (a smaller boat
		// leaves passengers over it until they are moved).
		dentro := ""
		if estado == domain.SalidaZarpo {
			if antes.Excedente > 0 {
				return antes, domain.Conflict(domain.MsgExcedente(antes.Excedente))
			}
			if err := domain.ValidarZarpe(antes.ProgramadaEn, c.Now(), antes.Hora, anticipado); err != nil {
				return antes, err
			}
			if n, err := sinNombrar(ctx, c, a.EmpresaID, id); err != nil || n > 0 {
				return antes, firstErr(err, domain.Conflict(domain.MsgZarpeSinNombres(n)))
			}
			dentro = ` AND a_bordo <= (SELECT b.capacidad FROM embarcaciones b WHERE b.id = salidas.embarcacion_id)`
		}
		res, err := c.Exec(ctx, `UPDATE salidas SET estado = ?, estado_por = ?, estado_en = ?
			WHERE empresa_id = ? AND id = ? AND estado = ?`+dentro, estado, a.UsuarioID, c.Now(), a.EmpresaID, id, antes.Estado)
		if err != nil {
			return antes, wrap("cambiar estado de salida", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return antes, domain.Conflict("La salida cambió de estado mientras tanto: actualice la lista")
		}
		if err := alZarpar(ctx, c, a.EmpresaID, id, estado); err != nil { // the manifest freezes (manifiesto.go)
			return antes, err
		}
		out, err := salida(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		return out, s.auditarCambio(ctx, c, a, AccionEstadoSalida, antes, out)
	})
}

// AsignarEmbarcacion gives a departure that has not sailed nor been cancelled
// another boat, active and with its certificate valid on the departure's
// date, through idempotent, audited.
func (s *Store) AsignarEmbarcacion(ctx context.Context, a Actor, id, embarcacionID int64) (Salida, error) {
	return idempotent(ctx, s, a, "salidas.embarcacion", func(c sqldb.Conn) (Salida, error) {
		antes, err := salida(ctx, c, a.EmpresaID, id)
		if err != nil {
			return antes, err
		}
		if antes.Estado == domain.SalidaZarpo || antes.Estado == domain.SalidaCancelada {
			return antes, domain.Conflict(domain.MsgSalidaCerrada)
		}
		if _, err := embarcacionAsignable(ctx, c, a.EmpresaID, embarcacionID, antes.Fecha); err != nil {
			return antes, err
		}
		res, err := c.Exec(ctx, `UPDATE salidas SET embarcacion_id = ? WHERE empresa_id = ? AND id = ? AND estado IN (?, ?)`,
			embarcacionID, a.EmpresaID, id, domain.SalidaProgramada, domain.SalidaEmbarcando)
		if err != nil {
			return antes, wrap("asignar embarcación", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return antes, domain.Conflict(domain.MsgSalidaCerrada)
		}
		out, err := salida(ctx, c, a.EmpresaID, id)
		if err != nil {
			return out, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		return out, s.auditarCambio(ctx, c, a, AccionEmbarcacionSalida, antes, out)
	})
}

// HorarioPublico is a time of the public timetable.
type HorarioPublico struct {
	Seccion string `json:"seccion"`
	Sentido string `json:"sentido" enum:"ida,vuelta"`
	Hora    string `json:"hora"`
	Dias    []int  `json:"dias"`
	// Paradas are the route's stops with each one's time, in the order of the direction.
	Paradas   []domain.HoraParada `json:"paradas,omitempty" description:"Las paradas del recorrido con su hora, en el orden del sentido"`
	seccionID int64
}

// SalidaPublica is a departure of today as the passenger's page shows it.
type SalidaPublica struct {
	Seccion string `json:"seccion"`
	Sentido string `json:"sentido" enum:"ida,vuelta"`
	Hora    string `json:"hora"`
	Estado  string `json:"estado"`
	// Paradas are the route's stops with each one's time, in the order of the direction.
	Paradas   []domain.HoraParada `json:"paradas,omitempty" description:"Las paradas del recorrido con su hora, en el orden del sentido"`
	seccionID int64
}

// HorariosPublicos is the passenger home's 'Horarios': the active timetable
// of the company's active sections and today's departures with their state,
// both bounded; no user, boat or count.
func (s *Store) HorariosPublicos(ctx context.Context, empresaID int64) (hoy string, hs []HorarioPublico, ss []SalidaPublica, err error) {
	if hoy, err = s.HoyDe(ctx, empresaID); err != nil {
		return
	}
	hs, err = sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (HorarioPublico, error) {
		var (
			h    HorarioPublico
			dias int64
		)
		err := sc.Scan(&h.seccionID, &h.Seccion, &h.Sentido, &h.Hora, &dias)
		h.Dias = domain.DiasDeMascara(dias)
		return h, err
	}, `SELECT h.seccion_id, sec.nombre, h.sentido, h.hora, h.dias FROM horarios h JOIN secciones sec ON sec.id = h.seccion_id
		WHERE h.empresa_id = ? AND h.activo = ? AND sec.activo = ? ORDER BY sec.nombre, h.sentido, h.hora LIMIT ?`,
		empresaID, true, true, MaxHorariosListado)
	if err != nil {
		return hoy, nil, nil, wrap("leer horarios públicos", err)
	}
	ss, err = sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (SalidaPublica, error) {
		var x SalidaPublica
		err := sc.Scan(&x.seccionID, &x.Seccion, &x.Sentido, &x.Hora, &x.Estado)
		return x, err
	}, `SELECT s.seccion_id, sec.nombre, s.sentido, s.hora, s.estado FROM salidas s JOIN secciones sec ON sec.id = s.seccion_id
		WHERE s.empresa_id = ? AND s.fecha = ? ORDER BY s.hora, sec.nombre LIMIT ?`, empresaID, hoy, MaxSalidasListado)
	if err != nil {
		return hoy, nil, nil, wrap("leer salidas públicas", err)
	}
	if len(hs) == 0 && len(ss) == 0 {
		return hoy, hs, ss, nil
	}
	paradas, err := paradasPorSeccion(ctx, s.db.Conn(), empresaID)
	for i, h := range hs {
		hs[i].Paradas = domain.HorasDeParadas(h.Hora, h.Sentido, paradas[h.seccionID])
	}
	for i, x := range ss {
		ss[i].Paradas = domain.HorasDeParadas(x.Hora, x.Sentido, paradas[x.seccionID])
	}
	return hoy, hs, ss, err
}
